"""The loop core: a sans-IO generator that is the whole ReAct loop.

It never calls a model, runs a tool or sleeps. It yields effects (`CallModel`, `RunTools`,
`Sleep`) and events; a driver (sync or async, see agent.py) performs each effect and sends
the outcome back (a model error is thrown in). So there is one loop for every driver.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import replace
from typing import Any, Literal

from thinkact.budget import Budget, forced_final_message
from thinkact.config import AgentConfig
from thinkact.context import ContextWindow, Trim, cap_result, is_pageable
from thinkact.demos import Example
from thinkact.effects import (
    CallModel,
    Effect,
    Resume,
    RunResult,
    RunTools,
    Sleep,
    Validator,
    first_failure,
)
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
    ValidationFailed,
)
from thinkact.formats.base import (
    Format,
    Parsed,
    final_answer_spec,
    repeat_result,
    repeated_calls,
)
from thinkact.grounding import Given, not_given, seen_text
from thinkact.loop_guard import LoopGuard
from thinkact.retry import retrying
from thinkact.screen import DECLINE_KEPT, fitting, reconsider, screened, turned_away
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
REPLY_CUT = "reply_cut"  # a Notice's reason: a cut, unparseable reply was asked for again
COST_UNKNOWN = (
    "max_cost is set but the price of {model} is unknown, so the cost budget cannot be "
    "enforced; set max_tokens instead."
)


class Loop:
    """State of one run. `run()` is the generator the drivers step through.

    `resume` continues a stored run (see `thinkact.store`) instead of starting one;
    `checkpoints` emits the Checkpoint events a resume is built from.
    """

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
        validators: Sequence[Validator] = (),
        run_id: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        context_window: int | None = None,
        resume: Resume | None = None,
        checkpoints: bool = True,
        direct: Mapping[str, Callable[[str], str]] | None = None,
    ) -> None:
        self.task = task
        self.model_name = model_name
        self.format = format
        self.instructions = instructions
        self.config = config or AgentConfig()
        self.validators = tuple(validators)
        self.run_id = run_id or uuid.uuid4().hex[:12]
        self.clock = clock
        self.tools = tuple(tools)
        self.tool_names = frozenset(t.name for t in tools)
        self.pageable = frozenset(t.name for t in tools if is_pageable(t))
        # Tools whose successful result is the run's answer (Tool.return_direct): name -> the
        # answer its output gives.
        self.direct = dict(direct or {})
        # Native tools travel in the request; text formats describe them in the prompt.
        self.specs = (*tools, final_answer_spec()) if format.native else tuple(tools)
        self.budget = Budget.from_config(self.config)
        self.resume = resume
        self.checkpoints = checkpoints  # Checkpoint events: only a store needs them
        self.context = ContextWindow.for_run(
            self.config, context_window, self.specs if format.native else ()
        )
        # Counters that survive a resume (see `_counters`).
        self.errors = 0
        self.validation_attempts = 0
        self.guard = LoopGuard(self.config.loop_nudges)
        self.extra = ""  # a loop nudge waiting to go out with the step's observation
        # The last reply was turned down (a failed validation, a loop nudge): at temperature
        # 0 the model wrote the same reply again, word for word, three times in a row.
        self.turned_down = False
        self.cost_noted = False
        # The decline check runs at most once, and only before the model has called a tool;
        # the tools it found fitting are not asked about again when called.
        self.decline_spent = False
        self.trusted: frozenset[str] = frozenset()
        # A resume without messages: the run stopped before its first checkpoint.
        self.fresh = resume is None or not resume.messages
        self.messages: list[Message] = (
            [SystemMessage(format.system_prompt(tuple(tools), instructions, examples))]
            if self.fresh or resume is None
            else list(resume.messages)
        )
        self.usage = Usage() if resume is None else resume.usage
        self.step = 0 if resume is None else resume.step
        # Model calls so far, kept in each checkpoint: a resumed run tells a model that
        # answers in order (scripted, replayed) where to go on from.
        self.model_calls = 0 if resume is None else resume.model_calls
        self.start = clock() - (0.0 if resume is None else resume.elapsed)
        if resume is not None:
            self._restore(resume.counters)
        # Messages already in a Checkpoint; a new run's first one carries the system prompt.
        self._committed = 0 if self.fresh else len(self.messages)

    # --- state a resume needs ----------------------------------------------------------

    def elapsed(self) -> float:
        return self.clock() - self.start

    def _counters(self) -> dict[str, Any]:
        return {
            "errors": self.errors,
            "validation_attempts": self.validation_attempts,
            **self.guard.state(),
            "extra": self.extra,
            "turned_down": self.turned_down,
            "decline_spent": self.decline_spent,
            "model_calls": self.model_calls,
        }

    def _restore(self, c: Mapping[str, Any]) -> None:
        self.errors = int(c.get("errors", 0))
        self.validation_attempts = int(c.get("validation_attempts", 0))
        self.guard.restore(c)
        self.extra = str(c.get("extra", ""))
        self.turned_down = bool(c.get("turned_down", False))
        self.decline_spent = bool(c.get("decline_spent", False))

    def _checkpoint(self, pending: tuple[ToolCall, ...] = ()) -> Checkpoint:
        new = tuple(self.messages[self._committed :])
        self._committed = len(self.messages)
        return Checkpoint(self.step, new, self.usage, self.elapsed(), self._counters(), pending)

    # --- what the model is told besides observations -----------------------------------

    def _note(self, step: int) -> str:
        """The step count and budget warnings shown with the next turn."""
        cfg = self.config
        parts: list[str] = []
        if cfg.show_step_count and step <= cfg.max_steps:
            count = f"Step {step} of {cfg.max_steps}" if self.format.counts_steps else ""
            if step == cfg.max_steps:
                last = "This is your last step: give your final answer now if you can."
                parts.append(f"[{count}. {last}]" if count else f"[{last}]")
            elif count:
                parts.append(f"[{count}]")
        if self.budget.active:
            low = self.budget.warning(self.usage, self.elapsed())
            if low:
                parts.append(low)
        return "\n".join(parts)

    def _request(
        self,
        messages: tuple[Message, ...],
        *,
        final_only: bool = False,
        calls_to: Sequence[ToolSpec] = (),
    ) -> ModelRequest:
        """The model request for `messages`; `final_only`: an answer and no call,
        `calls_to`: calls of these tools and no answer."""
        fmt, cfg = self.format, self.config
        specs, calls_only = (tuple(calls_to), True) if calls_to else (self.specs, False)
        choice: Literal["auto", "required", "none"] = (
            "none" if final_only else "required" if calls_only else "auto"
        )
        return ModelRequest(
            messages=messages,
            tools=specs if fmt.native else (),
            max_tokens=cfg.max_reply_tokens,
            stop=fmt.stop,
            # After an error or a turned-down reply, resample: at temperature 0 the same
            # reply (a degenerate repetition, a rejected answer) comes back word for word.
            temperature=max(cfg.temperature, cfg.retry_temperature)
            if self.errors or self.turned_down
            else cfg.temperature,
            grammar=fmt.grammar(specs, final_only=final_only, calls_only=calls_only),
            json_schema=fmt.json_schema(specs, final_only=final_only, calls_only=calls_only),
            tool_choice=choice if fmt.native else "auto",
        )

    # --- the loop ----------------------------------------------------------------------

    def run(self) -> Generator[Effect, Any, RunResult]:
        """The run: effects out, their outcomes (or a model error) in. `yield from` with
        one addition: each model call is counted on its way out."""
        inner = self._run()
        sent: Any = None
        thrown: BaseException | None = None
        while True:
            try:
                effect = inner.throw(thrown) if thrown is not None else inner.send(sent)
            except StopIteration as stop:
                result: RunResult = stop.value
                return result
            if isinstance(effect, CallModel):
                self.model_calls += 1
            try:
                sent, thrown = (yield effect), None
            except GeneratorExit:
                inner.close()
                raise
            except BaseException as e:  # thrown in by the driver
                sent, thrown = None, e

    def _run(self) -> Generator[Effect, Any, RunResult]:
        try:
            if self.resume is not None:
                result = yield from self._continue(self.resume)
                if result is not None:
                    return result
            else:
                yield self._started()
            if self.fresh:
                note = self._note(1)
                self.messages.append(UserMessage(f"{self.task}\n\n{note}" if note else self.task))
                if self.checkpoints:
                    yield self._checkpoint()
            while True:
                result = yield from self._step()
                if result is not None:
                    return result
        except ModelError:
            yield from self._finish("model_error", None)
            raise

    def _started(self) -> RunStarted:
        cfg = self.config
        return RunStarted(
            self.run_id,
            self.task,
            self.model_name,
            self.format.name,
            cfg.max_steps,
            tuple(sorted(self.tool_names)),
            self.instructions,
            cfg.to_dict(),
        )

    def _continue(self, r: Resume) -> Generator[Effect, Any, RunResult | None]:
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

    def _step(self) -> Generator[Effect, Any, RunResult | None]:
        """One step: ask the model, run its tools. Returns the RunResult when the run ends."""
        cfg = self.config
        if self.step >= cfg.max_steps:
            return (yield from self._forced_final("max_steps"))
        if self.budget.active:
            spent = self.budget.spent(self.usage, self.elapsed())
            if spent:
                return (yield from self._forced_final(spent))
        self.step += 1
        step = self.step
        yield StepStarted(step, cfg.max_steps)
        view = self.context.fit(self.messages)
        if self.context.trim is not None:
            view = yield from self._trimmed(self.context.trim)
        t0 = self.clock()
        request, self.turned_down = self._request(view), False
        reply = yield from retrying(request, self.config.retry)
        reply = yield from self._uncut(step, request, reply)
        self.usage += reply.usage
        if reply.usage.input_tokens:
            self.context.calibrate(self.context.kept_tokens(), reply.usage.input_tokens)
        if cfg.max_cost is not None and self.usage.cost is None and not self.cost_noted:
            self.cost_noted = True
            yield Notice(step, "cost_unknown", COST_UNKNOWN.format(model=self.model_name))
        try:
            parsed = self.format.parse(reply, self.tools)
        except FormatError as e:
            self.errors += 1
            self.messages.append(self.format.assistant_message(reply))
            yield ModelReplied(step, reply.text, "", (), None, reply.usage, self.clock() - t0)
            yield FormatFailed(step, str(e), self.errors)
            if self.errors >= cfg.max_consecutive_errors:
                return (yield from self._forced_final("error_cap"))
            self.messages.extend(self.format.feedback(f"FORMAT ERROR: {e}", self._note(step + 1)))
            yield StepFinished(step, self.usage)
            if self.checkpoints:
                yield self._checkpoint()
            return None
        self.messages.append(self.format.assistant_message(reply))
        yield self._replied(step, reply, parsed, t0)
        if parsed.final_answer is not None and cfg.decline_check and not self.decline_spent:
            parsed = yield from self._reconsidered(step, view, parsed)
        if parsed.final_answer is not None:
            return (yield from self._answered(step, parsed.final_answer))

        if cfg.loop_detection:
            verdict = self.guard.see(parsed.calls, parsed.thought)
            if verdict == "stop":  # stop, but still answer from what the run found
                return (yield from self._forced_final("loop"))
            if verdict == "nudge":
                self.extra = self.guard.nudge
                self.turned_down = True
                yield Notice(step, "loop_nudge", self.guard.nudge)

        return (yield from self._act(step, parsed.calls))

    def _uncut(
        self, step: int, request: ModelRequest, reply: Reply
    ) -> Generator[Effect, Any, Reply]:
        """A reply cut short (the token limit, or the local model's repetition stop) that
        does not parse is asked for once more, resampled and with a penalty on repeated
        tokens, within the step: at temperature 0 the model falls into the same loop again,
        and a one-turn task has no next step."""
        if reply.stop_reason != "max_tokens":
            return reply
        try:
            self.format.parse(reply, self.tools)
            return reply
        except FormatError as e:
            yield Notice(step, REPLY_CUT, f"The reply was cut short and did not parse: {e}")
        cfg = self.config
        hotter = replace(
            request,
            temperature=max(request.temperature, cfg.retry_temperature),
            frequency_penalty=max(request.frequency_penalty, cfg.cut_frequency_penalty),
        )
        again = yield from retrying(hotter, cfg.retry)
        return replace(again, usage=reply.usage + again.usage)

    def _act(
        self, step: int, calls: tuple[ToolCall, ...]
    ) -> Generator[Effect, Any, RunResult | None]:
        """Run the step's calls (those screening lets through) and observe the results."""
        self.decline_spent = True  # the model uses its tools: no decline to check
        repeats = repeated_calls(calls)  # a call written twice in one reply runs once
        once = tuple(c for c in calls if c.id not in repeats)
        refused = (yield from self._screened(step, once)) if self.config.screen_calls else {}
        if self.checkpoints:
            yield self._checkpoint(pending=calls)
        results: dict[str, ToolResult] = {}
        for call in once:
            yield ToolStarted(step, call)
        for call in once:  # before any tool runs: a resume must not run them
            if call.id in refused:
                results[call.id] = ToolResult(call.id, call.name, refused[call.id], True)
                yield ToolFinished(step, call, results[call.id], 0.0)
        to_run = tuple(c for c in once if c.id not in results)
        outcomes: list[ToolOutcome] = (yield RunTools(step, to_run)) if to_run else []
        for call, outcome in zip(to_run, outcomes, strict=True):
            results[call.id] = outcome.result
            yield ToolFinished(step, call, outcome.result, outcome.duration)
            if outcome.events:
                yield from outcome.events
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

    def _screened(
        self, step: int, calls: Sequence[ToolCall]
    ) -> Generator[Effect, Any, dict[str, str]]:
        """The calls not to run, each with what the model is told: numbers or web addresses
        the run was never given, or a tool the model, asked, says does not do what the task asks."""
        seen = Given.of(seen_text(self.messages, self.specs, self.instructions))
        verdict = yield from screened(
            self.task, step, calls, self.specs, self.config.retry, seen, self.trusted
        )
        self.usage += verdict.usage
        yield verdict
        return turned_away(calls, verdict)

    def _reconsidered(
        self, step: int, view: tuple[Message, ...], parsed: Parsed
    ) -> Generator[Effect, Any, Parsed]:
        """An answer with no tool yet (`decline_check`): ask about each tool; told which fit,
        the model replies again with calls only. A reply that does not parse, or whose calls
        use values the request does not give, changes nothing (the decline stands)."""
        self.decline_spent = True
        if not self.tools:
            return parsed
        verdict = yield from fitting(self.task, step, self.tools, self.config.retry)
        self.usage += verdict.usage
        yield verdict
        if not verdict.fitting:
            return parsed
        names = (verdict.chosen,) if verdict.chosen else verdict.fitting
        told = self.format.feedback(reconsider(names), "")
        fit = [t for t in self.tools if t.name in names]
        t0 = self.clock()
        request = self._request((*view, self.messages[-1], *told), calls_to=fit)
        reply = yield from retrying(request, self.config.retry)
        reply = yield from self._uncut(step, request, reply)
        self.usage += reply.usage
        try:
            again = self.format.parse(reply, self.tools)
        except FormatError as e:
            yield Notice(step, DECLINE_KEPT, f"The reply after the check did not parse: {e}")
            return parsed
        said = f"{self.instructions}\n{self.task}"
        schemas = {t.name: t.parameters for t in self.tools}
        invented = {
            k: v
            for c in again.calls
            for k, v in not_given(c.arguments, said, schemas.get(c.name)).items()
        }
        if invented:  # pressed into a near-miss tool, the model makes its values up
            shown = json.dumps(invented, default=str)[:300]
            yield Notice(step, DECLINE_KEPT, f"The calls after the check made up {shown}")
            return parsed
        self.messages.extend(told)
        self.messages.append(self.format.assistant_message(reply))
        self.trusted = frozenset(names)
        yield self._replied(step, reply, again, t0)
        return again

    def _replied(self, step: int, reply: Reply, parsed: Parsed, t0: float) -> ModelReplied:
        return ModelReplied(
            step,
            reply.text,
            parsed.thought,
            parsed.calls,
            parsed.final_answer,
            reply.usage,
            self.clock() - t0,
        )

    def _observe(
        self, step: int, calls: Sequence[ToolCall], results: list[ToolResult]
    ) -> Generator[Effect, Any, RunResult | None]:
        """Tool results back to the model (long ones capped), then the step is committed."""
        cfg = self.config
        self.errors = self.errors + 1 if all(r.is_error for r in results) else 0
        if self.errors >= cfg.max_consecutive_errors:
            return (yield from self._forced_final("error_cap"))
        cap = self.context.observation_cap(cfg.max_observation_chars)
        for i, r in enumerate(results):
            if len(r.content) > cap:
                results[i] = cap_result(r, calls[i], cap, calls[i].name in self.pageable)
        note = self._note(step + 1)
        if cfg.observation_hint and step + 1 < cfg.max_steps:
            note = f"{cfg.observation_hint}\n{note}" if note else cfg.observation_hint
        if self.extra:
            note = f"{self.extra}\n{note}" if note else self.extra
            self.extra = ""
        answer = self._direct_answer(results)
        failure = None if answer is None else first_failure(answer, self.validators)
        if answer is not None and failure is None:
            self.messages.extend(self.format.observation(results, ""))
            yield StepFinished(step, self.usage)
            return (yield from self._finish("final_answer", answer))
        if failure is not None:  # the reason goes back with the output it is about
            if not (yield from self._turned_down(step, failure)):
                self.messages.extend(self.format.observation(results, ""))
                return (yield from self._finish("validation_failed", answer))
            note = f"{self._failed(failure)}\n{note}" if note else self._failed(failure)
        self.messages.extend(self.format.observation(results, note))
        yield StepFinished(step, self.usage)
        if self.checkpoints:
            yield self._checkpoint()
        return None

    def _direct_answer(self, results: Sequence[ToolResult]) -> str | None:
        """The answer a return_direct tool's successful result gives (the last such)."""
        for r in reversed(results):
            if r.name in self.direct and not r.is_error:
                return self.direct[r.name](r.content)
        return None

    def _answered(self, step: int, answer: str) -> Generator[Effect, Any, RunResult | None]:
        failure = first_failure(answer, self.validators)
        if failure is None:
            yield StepFinished(step, self.usage)
            return (yield from self._finish("final_answer", answer))
        if (yield from self._send_back(step, failure)):
            return None
        return (yield from self._finish("validation_failed", answer))

    def _turned_down(self, step: int, failure: tuple[str, str]) -> Generator[Effect, Any, bool]:
        """A failed validation is counted and reported; True while retries are left."""
        self.validation_attempts += 1
        self.turned_down = True
        name, reason = failure
        yield ValidationFailed(step, name, reason, self.validation_attempts)
        return self.validation_attempts <= self.config.max_validation_retries

    @staticmethod
    def _failed(failure: tuple[str, str]) -> str:
        return (
            f"<validation_failed>{failure[1]}</validation_failed>\n"
            "Fix this, then give your final answer again."
        )

    def _send_back(self, step: int, failure: tuple[str, str]) -> Generator[Effect, Any, bool]:
        """A failed validation: its reason goes back to the model while retries are left
        (True), else the run should end (False)."""
        if not (yield from self._turned_down(step, failure)):
            return False
        self.messages.extend(self.format.feedback(self._failed(failure), self._note(step + 1)))
        yield StepFinished(step, self.usage)
        if self.checkpoints:
            yield self._checkpoint()
        return True

    def _trimmed(self, trim: Trim) -> Generator[Effect, Any, tuple[Message, ...]]:
        """Report a trimming; with `summarize`, first fold the dropped turns into a summary."""
        summarized = False
        kept = trim.kept_tokens
        if self.config.summarize:
            try:
                summary = self.context.summary_request(trim.dropped)
                reply = yield from retrying(summary, self.config.retry)
                self.usage += reply.usage
                self.context.set_summary(reply.text)
                summarized = self.context.summary is not None
                kept = self.context.kept_tokens()
            except ModelError:  # no summary: the dropped turns are simply left out
                pass
        yield ContextTrimmed(self.step, len(trim.dropped), trim.dropped_tokens, kept, summarized)
        return self.context.view(self.messages)

    def _forced_final(self, reason: str) -> Generator[Effect, Any, RunResult | None]:
        """One last turn with tools disabled, so a run that hits a limit still answers.

        After a loop or an error streak (steps still left), an answer that fails validation
        goes back like any other, and the run goes on (None): GSM8K's "23.3 flowers" was
        forced by the loop guard and never checked."""
        if not self.config.force_final_answer:
            return (yield from self._finish(reason, None))
        message = forced_final_message(reason)
        yield Notice(self.step, reason, message)
        self.messages.extend(self.format.feedback(message, ""))
        view = self.context.fit(self.messages)
        if self.context.trim is not None:
            view = yield from self._trimmed(self.context.trim)
        t0 = self.clock()
        reply = yield from retrying(self._request(view, final_only=True), self.config.retry)
        self.usage += reply.usage
        self.messages.append(self.format.assistant_message(reply))
        try:
            parsed = self.format.parse(reply, self.tools)
            answer = parsed.final_answer or parsed.thought or reply.text.strip()
        except FormatError:
            parsed, answer = Parsed(), reply.text.strip()
        yield ModelReplied(
            self.step, reply.text, parsed.thought, (), answer, reply.usage, self.clock() - t0
        )
        early = reason in ("loop", "error_cap") and self.step < self.config.max_steps
        failure = first_failure(answer, self.validators) if early and answer else None
        if failure is not None and (yield from self._send_back(self.step, failure)):
            return None
        return (yield from self._finish(reason, answer or None))

    def _finish(self, reason: str, answer: str | None) -> Generator[Effect, Any, RunResult]:
        duration = self.elapsed()
        yield RunFinished(self.run_id, reason, answer, self.step, self.usage, duration)
        return RunResult(
            self.run_id, answer, reason, self.step, self.usage, duration, tuple(self.messages)
        )


__all__ = [
    "FORCE_FINAL",
    "CallModel",
    "Effect",
    "Loop",
    "Resume",
    "RunResult",
    "RunTools",
    "Sleep",
    "Validator",
]
