"""The loop core: a sans-IO generator that is the whole ReAct loop.

request -> parse -> act -> observe -> finish, with the step limit, budgets, the forced final
answer and checkpoints. It never calls a model, runs a tool or sleeps: it yields effects
(`CallModel`, `RunTools`, `Sleep`) and events, and a driver (agent.py) performs each effect
and sends the outcome back (a model error is thrown in). Everything optional (loop
detection, validation, resampling, screening, ...) is a policy the loop asks at a few hooks
and obeys (thinkact.policies).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from operator import attrgetter
from types import GeneratorType
from typing import Any

from thinkact import events as ev
from thinkact.budget import forced_final_message
from thinkact.calls import finish_stored, run_calls
from thinkact.context import Trim, cap_result
from thinkact.effects import CallModel, Effect, Resume, RunResult, RunTools, Sleep, Validator
from thinkact.errors import FormatError, ModelError, ToolsUnsupportedError
from thinkact.formats.base import Parsed
from thinkact.formats.markup import not_an_answer
from thinkact.policies.base import hooks
from thinkact.retry import retrying
from thinkact.runstate import FELL_BACK, RunState
from thinkact.types import Message, ModelRequest, Reply, ToolCall, ToolResult, UserMessage

FORCE_FINAL = forced_final_message("max_steps")
Step = Generator[Effect, Any, RunResult | None]  # a part of the run; a result ends it
_IS_ERROR = attrgetter("is_error")


class Loop(RunState):
    """One run's control flow: `run()` is the generator the drivers step through."""

    def run(self) -> Generator[Effect, Any, RunResult]:
        """The run: effects out, their outcomes (or a model error) in. The driver counts
        each model call into `model_calls` and the usage of its reply into `usage`."""
        r = self.resume
        try:
            if r is None:
                yield self._started()
            else:
                yield ev.RunResumed(self.run_id, r.step, r.rerun, r.interrupted)
                if r.pending:  # the step it stopped in: the stored results are reused
                    results = yield from finish_stored(r)
                    if (end := (yield from self._observe(r.step, r.pending, results))) is not None:
                        return end
            if self.fresh:
                note = self._note(1)
                self.messages.append(UserMessage(f"{self.task}\n\n{note}" if note else self.task))
                if self.checkpoints:
                    yield self._checkpoint()
            while (end := (yield from self._step())) is None:
                pass
            return end
        except ModelError:
            yield from self._finish("model_error", None)
            raise

    def _step(self) -> Step:
        """One step: ask the model, then answer or act on its reply."""
        cfg, turn = self.config, self.turn
        if turn.step >= cfg.max_steps:
            return (yield from self._forced_final("max_steps"))
        if self.ask.budgeted and (spent := self.ask.budget.spent(self.usage, self.elapsed())):
            return (yield from self._forced_final(spent))
        turn.step = step = turn.step + 1
        yield ev.StepStarted(step, cfg.max_steps)
        view = self.context.fit(self.messages)
        if self.context.trim is not None:
            view = yield from self._trimmed(self.context.trim)
        t0 = self.clock()
        request, turn.turned_down = self.ask(view), False
        try:
            reply = yield from retrying(request, cfg.retry, step)
        except ToolsUnsupportedError as e:  # a server that claims tools but refuses them
            yield self._fall_back(step, e)  # to a text format, and the step asks again
            request = self.ask(self.context.fit(self.messages))
            reply = yield from retrying(request, cfg.retry, step)
        parsed = self._parse(reply)
        for hook in self._on["reply"]:  # e.g. a cut reply asked for again
            v = hook(turn, request, reply, parsed)
            if isinstance(v, GeneratorType):
                v = yield from v
            if v is not None and v.reply is not None:
                reply, parsed = v.reply, self._parse(v.reply)
            if v is not None and v.finish:
                self.messages.append(self.format.assistant_message(reply))
                return (yield from self._finish(v.finish, v.answer))
        if reply.usage.input_tokens:
            self.context.calibrate(self.context.kept_tokens(), reply.usage.input_tokens)
        if not self.cost_noted and (notice := self._cost_unknown(step)) is not None:
            yield notice
        self.messages.append(self.format.assistant_message(reply))
        if isinstance(parsed, FormatError):
            turn.errors += 1
            yield self._replied(step, reply, Parsed(), self.clock() - t0)
            yield ev.FormatFailed(step, str(parsed), turn.errors)
            if turn.errors >= cfg.max_consecutive_errors:
                return (yield from self._forced_final("error_cap"))
            return (yield from self._told(step, f"FORMAT ERROR: {parsed}"))
        yield self._replied(step, reply, parsed, self.clock() - t0)
        if parsed.final_answer is not None:
            return (yield from self._answered(step, request, reply, parsed.final_answer))
        return (yield from self._act(step, parsed))

    def _answered(
        self, step: int, request: ModelRequest, reply: Reply, answer: str, forced: str = ""
    ) -> Step:
        """An answer the policies let stand ends the run; one they send back goes on."""
        for hook in self._on["answer"]:  # e.g. validation, the decline check
            v = hook(self.turn, request, reply, answer, forced)
            if isinstance(v, GeneratorType):
                v = yield from v
            if v is None:
                continue
            if v.replaced is not None:  # the reply that counts instead
                new, p = v.replaced, v.replaced.parsed
                self.messages.extend(new.messages)
                yield self._replied(step, new.reply, p, new.duration)
                if p.final_answer is None:
                    return (yield from self._act(step, p))
                reply, answer = new.reply, p.final_answer
            self.turn.turned_down |= v.turned_down
            if v.note:
                return (yield from self._told(step, v.note))
            if v.finish:
                return (yield from self._finish(forced or v.finish, answer))
        if forced:
            return (yield from self._finish(forced, answer or None))
        yield ev.StepFinished(step, self.usage)
        return (yield from self._finish("final_answer", answer))

    def _act(self, step: int, parsed: Parsed) -> Step:
        """Run the step's calls (those the policies let through) and observe the results."""
        refused: dict[str, str] = {}
        for hook in self._on["calls"]:  # e.g. the loop guard, screening
            v = hook(self.turn, parsed, refused)
            if isinstance(v, GeneratorType):
                v = yield from v
            if v is None:
                continue
            self.turn.turned_down |= v.turned_down
            if v.stop:
                return (yield from self._forced_final(v.stop))
            if v.finish:
                return (yield from self._finish(v.finish, v.answer))
            refused.update(v.refused)
        if self.checkpoints:
            yield self._checkpoint(pending=parsed.calls)
        results = yield from run_calls(step, parsed.calls, refused)
        return (yield from self._observe(step, parsed.calls, results))

    def _observe(self, step: int, calls: Sequence[ToolCall], results: list[ToolResult]) -> Step:
        """Tool results back to the model (long ones capped), then the step is committed."""
        cfg, turn = self.config, self.turn
        turn.errors = turn.errors + 1 if all(map(_IS_ERROR, results)) else 0
        if turn.errors >= cfg.max_consecutive_errors:
            return (yield from self._forced_final("error_cap"))
        cap = self.context.observation_cap(cfg.max_observation_chars)
        for i, r in enumerate(results):
            if len(r.content) > cap:
                results[i] = cap_result(r, calls[i], cap, calls[i].name in self.pageable)
        notes: list[str] = []
        for hook in self._on["observation"]:  # e.g. a return_direct answer, a nudge, a hint
            v = hook(turn, calls, results)
            if isinstance(v, GeneratorType):
                v = yield from v
            if v is None:
                continue
            turn.turned_down |= v.turned_down
            if v.finish:  # the results, then the end (a step that ends in an answer is done)
                self.messages.extend(self.format.observation(results, ""))
                if v.finish == "final_answer":
                    yield ev.StepFinished(step, self.usage)
                return (yield from self._finish(v.finish, v.answer))
            if v.note:
                notes.append(v.note)
        if step_note := self._note(step + 1):
            notes.append(step_note)
        self.messages.extend(self.format.observation(results, "\n".join(notes)))
        yield ev.StepFinished(step, self.usage)
        if self.checkpoints:
            yield self._checkpoint()
        return None

    def _told(self, step: int, message: str) -> Step:
        """A reply turned down: `message` goes back to the model, and the run goes on."""
        self.messages.extend(self.format.feedback(message, self._note(step + 1)))
        yield ev.StepFinished(step, self.usage)
        if self.checkpoints:
            yield self._checkpoint()
        return None

    def _trimmed(self, trim: Trim) -> Generator[Effect, Any, tuple[Message, ...]]:
        """Report a trimming; a `trimmed` policy may fold the dropped turns into a summary."""
        summarized, kept = False, trim.kept_tokens
        for hook in hooks(self.policies, "trimmed"):
            summary = yield from hook(self.turn, self.context.summary_request(trim.dropped))
            if summary is not None:
                self.context.set_summary(summary)
                summarized, kept = self.context.summary is not None, self.context.kept_tokens()
                break
        dropped = len(trim.dropped)
        yield ev.ContextTrimmed(self.turn.step, dropped, trim.dropped_tokens, kept, summarized)
        return self.context.view(self.messages)

    def _forced_final(self, reason: str) -> Step:
        """One last turn with tools disabled, so a run that hits a limit still answers.
        After a loop or an error streak with steps left, the policies may send the answer
        back and the run goes on."""
        if not self.config.force_final_answer:
            return (yield from self._finish(reason, None))
        message, step = forced_final_message(reason), self.turn.step
        yield ev.Notice(step, reason, message)
        self.messages.extend(self.format.feedback(message, ""))
        view = self.context.fit(self.messages)
        if self.context.trim is not None:
            view = yield from self._trimmed(self.context.trim)
        t0 = self.clock()
        request = self.ask(view, final_only=True)
        reply = yield from retrying(request, self.config.retry, step)
        self.messages.append(self.format.assistant_message(reply))
        parsed = self._parse(reply)
        if isinstance(parsed, FormatError):
            parsed, answer = Parsed(), reply.text.strip()
        else:
            answer = parsed.final_answer or parsed.thought or reply.text.strip()
        if not_an_answer(answer, [t.name for t in self.tools]):  # <tools></tools>, say
            answer = ""
        yield self._replied(step, reply, Parsed(parsed.thought, (), answer), self.clock() - t0)
        if answer and reason in ("loop", "error_cap") and step < self.config.max_steps:
            return (yield from self._answered(step, request, reply, answer, reason))
        return (yield from self._finish(reason, answer or None))

    def _finish(self, reason: str, answer: str | None) -> Generator[Effect, Any, RunResult]:
        duration, step, usage = self.elapsed(), self.turn.step, self.usage
        output: Any = answer
        if self.output is not None and answer is not None:  # a typed answer: its JSON, read
            answer, output = self.output.read(answer)
        yield ev.RunFinished(self.run_id, reason, answer, step, usage, duration)
        messages = tuple(self.messages)
        return RunResult(self.run_id, answer, reason, step, usage, duration, messages, output)


__all__ = ["FELL_BACK", "FORCE_FINAL", "CallModel", "Effect", "Loop", "Resume", "RunResult"]
__all__ += ["RunTools", "Sleep", "Validator"]
