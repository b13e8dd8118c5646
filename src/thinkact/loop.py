"""The loop core: a sans-IO generator that is the whole ReAct loop.

request -> parse -> act -> observe -> finish, with the step limit, budgets, the forced final
answer and checkpoints. It never calls a model, runs a tool or sleeps: it yields effects
(`CallModel`, `RunTools`, `Sleep`) and events, and a driver (agent.py) performs each effect
and sends the outcome back (a model error is thrown in). Everything optional (loop
detection, validation, resampling, screening, ...) is a policy the loop asks at a few hooks
and obeys (thinkact.policies).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Generator, Mapping, Sequence
from types import GeneratorType
from typing import Any

from thinkact.budget import forced_final_message
from thinkact.config import AgentConfig
from thinkact.context import ContextWindow, Trim, cap_result, is_pageable
from thinkact.demos import Example
from thinkact.effects import CallModel, Effect, Resume, RunResult, RunTools, Sleep, Validator
from thinkact.errors import FormatError, ModelError
from thinkact.events import (
    Checkpoint,
    ContextTrimmed,
    FormatFailed,
    ModelReplied,
    Notice,
    RunFinished,
    RunResumed,
    RunStarted,
    StepFinished,
    StepStarted,
    ToolFinished,
    ToolStarted,
)
from thinkact.formats.base import Format, Parsed, repeat_result, repeated_calls
from thinkact.policies.base import Policy, Turn, hooks
from thinkact.prompts import Requests
from thinkact.retry import retrying
from thinkact.tools.runtime import ToolOutcome
from thinkact.types import (
    Message,
    ModelRequest,
    Reply,
    SystemMessage,
    ToolCall,
    ToolResult,
    ToolSpec,
    Usage,
    UserMessage,
)

FORCE_FINAL = forced_final_message("max_steps")
COST_UNKNOWN = (
    "max_cost is set but the price of {model} is unknown, so the cost budget cannot be "
    "enforced; set max_tokens instead."
)
Step = Generator[Effect, Any, RunResult | None]  # a part of the run; a result ends it


class Loop:
    """State of one run. `run()` is the generator the drivers step through. `resume`
    continues a stored run (thinkact.store); `checkpoints` emits what a resume is built from."""

    def __init__(
        self,
        *,
        task: str,
        model_name: str,
        format: Format,
        tools: Sequence[ToolSpec],
        instructions: str = "",
        examples: Sequence[Example] = (),
        config: AgentConfig | None = None,
        policies: Sequence[Policy] = (),
        run_id: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        context_window: int | None = None,
        resume: Resume | None = None,
        checkpoints: bool = True,
    ) -> None:
        self.task, self.model_name, self.format = task, model_name, format
        self.instructions = instructions
        self.config = cfg = config or AgentConfig()
        self.run_id = run_id or uuid.uuid4().hex[:12]
        self.clock = clock
        self.tools = tuple(tools)
        self.pageable = frozenset(t.name for t in tools if is_pageable(t))
        self.resume, self.checkpoints = resume, checkpoints
        self.fresh = resume is None or not resume.messages  # no checkpoint to go on from
        self.messages: list[Message] = (
            [SystemMessage(format.system_prompt(self.tools, instructions, examples))]
            if resume is None or self.fresh
            else list(resume.messages)
        )
        self.policies = tuple(policies)
        self.turn = Turn(task, instructions, self.tools, format, cfg, clock, self.messages)
        self._on = {name: hooks(self.policies, name) for name in ("reply", "answer", "calls")}
        self._on_observation = hooks(self.policies, "observation")
        self.ask = Requests(format, cfg, self.tools, hooks(self.policies, "request"), self.turn)
        self.budget = self.ask.budget
        sent = self.ask.specs if format.native else ()  # native tools travel in each request
        self.context = ContextWindow.for_run(cfg, context_window, sent)
        self.usage = Usage() if resume is None else resume.usage
        self.model_calls = 0 if resume is None else resume.model_calls
        self.start = clock() - (0.0 if resume is None else resume.elapsed)
        self.cost_noted = False
        if resume is not None:
            self.turn.step = resume.step
            self._restore(resume.counters)
        self._committed = 0 if self.fresh else len(self.messages)  # messages checkpointed

    def elapsed(self) -> float:
        return self.clock() - self.start

    # --- state a resume needs ----------------------------------------------------------

    def _state(self) -> dict[str, Any]:
        turn = self.turn
        policies = {p.name: p.state() for p in self.policies}
        return {"errors": turn.errors, "turned_down": turn.turned_down,
                "model_calls": self.model_calls, "policies": policies}  # fmt: skip

    def _restore(self, saved: Mapping[str, Any]) -> None:
        self.turn.errors = int(saved.get("errors", 0))
        self.turn.turned_down = bool(saved.get("turned_down", False))
        states = saved.get("policies")  # runs stored before policies had one flat dict
        for p in self.policies:
            p.restore(states.get(p.name, {}) if isinstance(states, Mapping) else saved)

    def _checkpoint(self, pending: tuple[ToolCall, ...] = ()) -> Checkpoint:
        new = tuple(self.messages[self._committed :])
        self._committed = len(self.messages)
        step, usage = self.turn.step, self.usage
        return Checkpoint(step, new, usage, self.elapsed(), self._state(), pending)

    def _note(self, step: int) -> str:
        return self.ask.note(step, self.usage, self.elapsed())

    def _parse(self, reply: Reply) -> Parsed | FormatError:
        try:
            return self.format.parse(reply, self.tools)
        except FormatError as e:
            return e

    # --- the loop ----------------------------------------------------------------------

    def run(self) -> Generator[Effect, Any, RunResult]:
        """The run: effects out, outcomes (or a model error) in. `yield from` that counts
        each model call on its way out and adds up the usage of each reply."""
        inner = self._run()
        sent: Any = None
        thrown: BaseException | None = None
        while True:
            try:
                effect = inner.throw(thrown) if thrown is not None else inner.send(sent)
            except StopIteration as stop:
                result: RunResult = stop.value
                return result
            asks = type(effect) is CallModel
            self.model_calls += asks
            try:
                sent, thrown = (yield effect), None
            except GeneratorExit:
                inner.close()
                raise
            except BaseException as e:  # thrown in by the driver
                sent, thrown = None, e
            if asks and thrown is None:
                self.usage += sent.usage

    def _run(self) -> Generator[Effect, Any, RunResult]:
        try:
            if self.resume is None:
                cfg = self.config
                yield RunStarted(self.run_id, self.task, self.model_name, self.format.name,
                                 cfg.max_steps, tuple(sorted(t.name for t in self.tools)),
                                 self.instructions, cfg.to_dict())  # fmt: skip
            elif (result := (yield from self._continue(self.resume))) is not None:
                return result
            if self.fresh:
                note = self._note(1)
                self.messages.append(UserMessage(f"{self.task}\n\n{note}" if note else self.task))
                if self.checkpoints:
                    yield self._checkpoint()
            while (result := (yield from self._step())) is None:
                pass
            return result
        except ModelError:
            yield from self._finish("model_error", None)
            raise

    def _continue(self, r: Resume) -> Step:
        """Finish the step a stored run stopped in, reusing the tool results it stored."""
        yield RunResumed(self.run_id, r.step, r.rerun, r.interrupted)
        if not r.pending:
            return None
        repeats = repeated_calls(r.pending)
        to_run = tuple(c for c in r.pending if c.id not in r.results and c.id not in repeats)
        for call in to_run:
            yield ToolStarted(r.step, call)
        ran: dict[str, ToolResult] = {}
        if to_run:
            outcomes: list[ToolOutcome] = yield RunTools(r.step, to_run)
            for call, outcome in zip(to_run, outcomes, strict=True):
                yield ToolFinished(r.step, call, outcome.result, outcome.duration)
                yield from outcome.events
                ran[call.id] = outcome.result
        for call in r.pending:
            if call.id in r.interrupted and call.id not in repeats:  # the model hears about
                yield ToolFinished(r.step, call, r.results[call.id], 0.0)  # it; the store, too
        results = {**r.results, **ran}
        unstored = {k: v for k, v in repeats.items() if k not in r.results or k in r.interrupted}
        yield from self._repeats(r.step, r.pending, unstored, results)
        return (yield from self._observe(r.step, r.pending, [results[c.id] for c in r.pending]))

    def _step(self) -> Step:
        """One step: ask the model, then answer or act on its reply."""
        cfg, turn = self.config, self.turn
        if turn.step >= cfg.max_steps:
            return (yield from self._forced_final("max_steps"))
        if self.budget.active and (spent := self.budget.spent(self.usage, self.elapsed())):
            return (yield from self._forced_final(spent))
        turn.step = step = turn.step + 1
        yield StepStarted(step, cfg.max_steps)
        view = self.context.fit(self.messages)
        if self.context.trim is not None:
            view = yield from self._trimmed(self.context.trim)
        t0 = self.clock()
        request, turn.turned_down = self.ask(view), False
        reply = yield from retrying(request, cfg.retry)
        parsed = self._parse(reply)
        for hook in self._on["reply"]:
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
        if cfg.max_cost is not None and self.usage.cost is None and not self.cost_noted:
            self.cost_noted = True
            yield Notice(step, "cost_unknown", COST_UNKNOWN.format(model=self.model_name))
        self.messages.append(self.format.assistant_message(reply))
        if isinstance(parsed, FormatError):
            turn.errors += 1
            yield ModelReplied(step, reply.text, "", (), None, reply.usage, self.clock() - t0)
            yield FormatFailed(step, str(parsed), turn.errors)
            if turn.errors >= cfg.max_consecutive_errors:
                return (yield from self._forced_final("error_cap"))
            return (yield from self._told(step, f"FORMAT ERROR: {parsed}"))
        yield ModelReplied(step, reply.text, parsed.thought, parsed.calls, parsed.final_answer,
                           reply.usage, self.clock() - t0)  # fmt: skip
        if parsed.final_answer is not None:
            return (yield from self._answered(step, request, reply, parsed.final_answer))
        return (yield from self._act(step, parsed))

    def _answered(
        self, step: int, request: ModelRequest, reply: Reply, answer: str, forced: str = ""
    ) -> Step:
        """An answer the policies let stand ends the run; one they send back goes on."""
        for hook in self._on["answer"]:
            v = hook(self.turn, request, reply, answer, forced)
            if isinstance(v, GeneratorType):
                v = yield from v
            if v is None:
                continue
            if v.replaced is not None:  # the reply that counts instead
                new = v.replaced
                self.messages.extend(new.messages)
                p = new.parsed
                yield ModelReplied(step, new.reply.text, p.thought, p.calls, p.final_answer,
                                   new.reply.usage, new.duration)  # fmt: skip
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
        yield StepFinished(step, self.usage)
        return (yield from self._finish("final_answer", answer))

    def _act(self, step: int, parsed: Parsed) -> Step:
        """Run the step's calls (those the policies let through) and observe the results."""
        calls, refused = parsed.calls, dict[str, str]()
        for hook in self._on["calls"]:
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
        repeats = repeated_calls(calls) if len(calls) > 1 else {}  # a call written twice
        once = tuple(c for c in calls if c.id not in repeats) if repeats else calls  # runs once
        if self.checkpoints:
            yield self._checkpoint(pending=calls)
        results: dict[str, ToolResult] = {}
        for call in once:
            yield ToolStarted(step, call)
        for call in once:  # before any tool runs: a resume must not run them
            if call.id in refused:
                results[call.id] = ToolResult(call.id, call.name, refused[call.id], True)
                yield ToolFinished(step, call, results[call.id], 0.0)
        to_run = tuple(c for c in once if c.id not in results) if refused else once
        outcomes: list[ToolOutcome] = (yield RunTools(step, to_run)) if to_run else []
        for call, outcome in zip(to_run, outcomes, strict=True):
            results[call.id] = outcome.result
            yield ToolFinished(step, call, outcome.result, outcome.duration)
            if outcome.events:
                yield from outcome.events
        if repeats:
            yield from self._repeats(step, calls, repeats, results)
        return (yield from self._observe(step, calls, [results[c.id] for c in calls]))

    @staticmethod
    def _repeats(
        step: int,
        calls: Sequence[ToolCall],
        repeats: Mapping[str, ToolCall],
        results: dict[str, ToolResult],
    ) -> Generator[Effect, Any, None]:
        """Each repeated call gets a result pointing at its first's (native calls keep
        their ids, and every id needs a result)."""
        for call in calls:
            first = repeats.get(call.id)
            if first is not None:
                results[call.id] = repeat_result(call, first, results[first.id])
                yield ToolStarted(step, call)
                yield ToolFinished(step, call, results[call.id], 0.0)

    def _observe(self, step: int, calls: Sequence[ToolCall], results: list[ToolResult]) -> Step:
        """Tool results back to the model (long ones capped), then the step is committed."""
        cfg, turn = self.config, self.turn
        turn.errors = turn.errors + 1 if all(r.is_error for r in results) else 0
        if turn.errors >= cfg.max_consecutive_errors:
            return (yield from self._forced_final("error_cap"))
        cap = self.context.observation_cap(cfg.max_observation_chars)
        for i, r in enumerate(results):
            if len(r.content) > cap:
                results[i] = cap_result(r, calls[i], cap, calls[i].name in self.pageable)
        notes: list[str] = []
        for hook in self._on_observation:
            v = hook(turn, calls, results)
            if isinstance(v, GeneratorType):
                v = yield from v
            if v is None:
                continue
            turn.turned_down |= v.turned_down
            if v.finish:  # the results, then the end (a step that ends in an answer is done)
                self.messages.extend(self.format.observation(results, ""))
                if v.finish == "final_answer":
                    yield StepFinished(step, self.usage)
                return (yield from self._finish(v.finish, v.answer))
            if v.note:
                notes.append(v.note)
        step_note = self._note(step + 1)
        note = "\n".join([*notes, step_note] if step_note else notes)
        self.messages.extend(self.format.observation(results, note))
        yield StepFinished(step, self.usage)
        if self.checkpoints:
            yield self._checkpoint()
        return None

    def _told(self, step: int, message: str) -> Step:
        """A reply turned down: `message` goes back to the model, and the run goes on."""
        self.messages.extend(self.format.feedback(message, self._note(step + 1)))
        yield StepFinished(step, self.usage)
        if self.checkpoints:
            yield self._checkpoint()
        return None

    def _trimmed(self, trim: Trim) -> Generator[Effect, Any, tuple[Message, ...]]:
        """Report a trimming; a `trimmed` policy may first fold the dropped turns into a
        summary."""
        summarized, kept = False, trim.kept_tokens
        for hook in hooks(self.policies, "trimmed"):
            summary = yield from hook(self.turn, self.context.summary_request(trim.dropped))
            if summary is not None:
                self.context.set_summary(summary)
                summarized, kept = self.context.summary is not None, self.context.kept_tokens()
                break
        step, dropped = self.turn.step, len(trim.dropped)
        yield ContextTrimmed(step, dropped, trim.dropped_tokens, kept, summarized)
        return self.context.view(self.messages)

    def _forced_final(self, reason: str) -> Step:
        """One last turn with tools disabled, so a run that hits a limit still answers.
        After a loop or an error streak with steps left, the policies may send the answer
        back and the run goes on."""
        if not self.config.force_final_answer:
            return (yield from self._finish(reason, None))
        message, step = forced_final_message(reason), self.turn.step
        yield Notice(step, reason, message)
        self.messages.extend(self.format.feedback(message, ""))
        view = self.context.fit(self.messages)
        if self.context.trim is not None:
            view = yield from self._trimmed(self.context.trim)
        t0 = self.clock()
        request = self.ask(view, final_only=True)
        reply = yield from retrying(request, self.config.retry)
        self.messages.append(self.format.assistant_message(reply))
        parsed = self._parse(reply)
        if isinstance(parsed, FormatError):
            parsed, answer = Parsed(), reply.text.strip()
        else:
            answer = parsed.final_answer or parsed.thought or reply.text.strip()
        yield ModelReplied(step, reply.text, parsed.thought, (), answer, reply.usage,
                           self.clock() - t0)  # fmt: skip
        if answer and reason in ("loop", "error_cap") and step < self.config.max_steps:
            return (yield from self._answered(step, request, reply, answer, reason))
        return (yield from self._finish(reason, answer or None))

    def _finish(self, reason: str, answer: str | None) -> Generator[Effect, Any, RunResult]:
        duration, step = self.elapsed(), self.turn.step
        yield RunFinished(self.run_id, reason, answer, step, self.usage, duration)
        messages = tuple(self.messages)
        return RunResult(self.run_id, answer, reason, step, self.usage, duration, messages)


__all__ = ["FORCE_FINAL", "CallModel", "Effect", "Loop", "Resume", "RunResult", "RunTools",
           "Sleep", "Validator"]  # fmt: skip
