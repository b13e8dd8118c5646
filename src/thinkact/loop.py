"""The loop core: a sans-IO generator that is the whole ReAct loop.

It never calls a model, runs a tool or sleeps. It yields effects (`CallModel`, `RunTools`,
`Sleep`) and events; a driver (sync or async, see agent.py) performs each effect and sends
the outcome back (a model error is thrown in). So there is one loop for every driver.
"""

from __future__ import annotations

import time
import uuid
from collections import deque
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any

from thinkact.config import AgentConfig
from thinkact.errors import FormatError, ModelError, TransientError
from thinkact.events import (
    Event,
    FormatFailed,
    ModelReplied,
    Notice,
    RetryScheduled,
    RunFinished,
    RunStarted,
    StepFinished,
    StepStarted,
    ToolFinished,
    ToolStarted,
    ValidationFailed,
)
from thinkact.formats.base import Format, Parsed, final_answer_spec
from thinkact.tools.runtime import ToolOutcome
from thinkact.types import (
    Message,
    ModelRequest,
    Reply,
    SystemMessage,
    ToolCall,
    ToolSpec,
    Usage,
    UserMessage,
)

Validator = Callable[[str], str | None]
"""Checks a final answer (or what the run produced): None if fine, else the reason."""


@dataclass(frozen=True, slots=True)
class CallModel:
    request: ModelRequest


@dataclass(frozen=True, slots=True)
class RunTools:
    step: int
    calls: tuple[ToolCall, ...]


@dataclass(frozen=True, slots=True)
class Sleep:
    seconds: float


Effect = CallModel | RunTools | Sleep | Event


@dataclass(frozen=True, slots=True)
class RunResult:
    run_id: str
    final_answer: str | None
    reason: str  # final_answer, max_steps, error_cap, loop, validation_failed, budget_*
    steps: int
    usage: Usage
    duration: float
    messages: tuple[Message, ...]

    @property
    def ok(self) -> bool:
        return self.reason == "final_answer"


LOOP_NUDGE = (
    "You are repeating the same action and it is not getting you closer to the answer. "
    "Try a different tool or different arguments, or give your final answer."
)
FORCE_FINAL = (
    "You have no steps left. Do not call any tool. Give your final answer now, "
    "based on what you have found so far."
)


def _signature(calls: Sequence[ToolCall]) -> str:
    """A cheap, order-insensitive (for arguments) fingerprint of one reply's calls."""
    return repr([(c.name, sorted((k, repr(v)) for k, v in c.arguments.items())) for c in calls])


class Loop:
    """State of one run. `run()` is the generator the drivers step through."""

    def __init__(
        self,
        *,
        task: str,
        model_name: str,
        format: Format,
        tools: Sequence[ToolSpec],
        instructions: str = "",
        config: AgentConfig | None = None,
        validators: Sequence[Validator] = (),
        run_id: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.task = task
        self.model_name = model_name
        self.format = format
        self.config = config or AgentConfig()
        self.validators = tuple(validators)
        self.run_id = run_id or uuid.uuid4().hex[:12]
        self.clock = clock
        self.tool_names = frozenset(t.name for t in tools)
        # Native tools travel in the request; text formats describe them in the prompt.
        self.specs = (*tools, final_answer_spec()) if format.native else tuple(tools)
        self.messages: list[Message] = [
            SystemMessage(format.system_prompt(tuple(tools), instructions))
        ]
        self.usage = Usage()
        self.step = 0
        self.start = clock()

    # --- what the model is told besides observations -----------------------------------

    def _note(self, step: int) -> str:
        """The step count and budget warnings shown with the next turn."""
        cfg = self.config
        parts: list[str] = []
        if cfg.show_step_count and step <= cfg.max_steps:
            if step == cfg.max_steps:
                parts.append(
                    f"[Step {step} of {cfg.max_steps}. This is your last step: "
                    "give your final answer now if you can.]"
                )
            else:
                parts.append(f"[Step {step} of {cfg.max_steps}]")
        low = self._budget_warning()
        if low:
            parts.append(low)
        return "\n".join(parts)

    def _budget_warning(self) -> str:
        cfg = self.config
        left: list[str] = []
        if cfg.max_tokens is not None:
            remaining = cfg.max_tokens - self.usage.total_tokens
            if remaining < cfg.max_tokens * 0.25:
                left.append(f"{max(remaining, 0)} tokens")
        if cfg.max_cost is not None and self.usage.cost is not None:
            remaining_cost = cfg.max_cost - self.usage.cost
            if remaining_cost < cfg.max_cost * 0.25:
                left.append(f"${max(remaining_cost, 0):.4f}")
        if cfg.max_seconds is not None:
            remaining_s = cfg.max_seconds - (self.clock() - self.start)
            if remaining_s < cfg.max_seconds * 0.25:
                left.append(f"{max(remaining_s, 0):.0f} seconds")
        if not left:
            return ""
        return f"[Budget running low: {', '.join(left)} left. Finish soon.]"

    def _over_budget(self) -> str | None:
        cfg = self.config
        if cfg.max_tokens is not None and self.usage.total_tokens >= cfg.max_tokens:
            return "budget_tokens"
        if cfg.max_cost is not None and (self.usage.cost or 0.0) >= cfg.max_cost:
            return "budget_cost"
        if cfg.max_seconds is not None and self.clock() - self.start >= cfg.max_seconds:
            return "budget_time"
        return None

    def _request(self, *, final_only: bool = False) -> ModelRequest:
        fmt, cfg = self.format, self.config
        return ModelRequest(
            messages=tuple(self.messages),
            tools=self.specs,
            max_tokens=cfg.max_reply_tokens,
            stop=fmt.stop,
            temperature=cfg.temperature,
            grammar=fmt.grammar(self.specs, final_only=final_only),
            json_schema=fmt.json_schema(self.specs, final_only=final_only),
            tool_choice="none" if final_only and fmt.native else "auto",
        )

    # --- the loop ----------------------------------------------------------------------

    def run(self) -> Generator[Effect, Any, RunResult]:
        cfg = self.config
        yield RunStarted(
            self.run_id,
            self.task,
            self.model_name,
            self.format.name,
            cfg.max_steps,
            tuple(sorted(self.tool_names)),
        )
        note = self._note(1)
        self.messages.append(UserMessage(f"{self.task}\n\n{note}" if note else self.task))
        errors = 0
        validation_attempts = 0
        nudged = False
        recent: deque[str] = deque(maxlen=4)
        try:
            while True:
                if self.step >= cfg.max_steps:
                    return (yield from self._forced_final("max_steps"))
                over = self._over_budget()
                if over:
                    return (yield from self._forced_final(over))
                self.step += 1
                step = self.step
                yield StepStarted(step, cfg.max_steps)
                t0 = self.clock()
                reply = yield from self._call_model(self._request())
                self.usage += reply.usage
                try:
                    parsed = self.format.parse(reply, self.tool_names)
                except FormatError as e:
                    errors += 1
                    self.messages.append(self.format.assistant_message(reply))
                    yield ModelReplied(
                        step, reply.text, "", (), None, reply.usage, self.clock() - t0
                    )
                    yield FormatFailed(step, str(e), errors)
                    if errors >= cfg.max_consecutive_errors:
                        return (yield from self._finish("error_cap", None))
                    self.messages.extend(
                        self.format.feedback(f"FORMAT ERROR: {e}", self._note(step + 1))
                    )
                    yield StepFinished(step, self.usage)
                    continue
                self.messages.append(self.format.assistant_message(reply))
                yield ModelReplied(
                    step,
                    reply.text,
                    parsed.thought,
                    parsed.calls,
                    parsed.final_answer,
                    reply.usage,
                    self.clock() - t0,
                )

                if parsed.final_answer is not None:
                    failure = self._validate(parsed.final_answer)
                    if failure is None:
                        yield StepFinished(step, self.usage)
                        return (yield from self._finish("final_answer", parsed.final_answer))
                    validation_attempts += 1
                    name, reason = failure
                    yield ValidationFailed(step, name, reason, validation_attempts)
                    if validation_attempts > cfg.max_validation_retries:
                        return (yield from self._finish("validation_failed", parsed.final_answer))
                    self.messages.extend(
                        self.format.feedback(
                            f"<validation_failed>{reason}</validation_failed>\n"
                            "Fix this, then give your final answer again.",
                            self._note(step + 1),
                        )
                    )
                    yield StepFinished(step, self.usage)
                    continue

                extra = ""
                if cfg.loop_detection:
                    recent.append(_signature(parsed.calls))
                    if _is_loop(recent):
                        if nudged:
                            yield Notice(step, "loop", "stopped: the model kept repeating itself")
                            return (yield from self._finish("loop", None))
                        nudged = True
                        extra = LOOP_NUDGE
                        yield Notice(step, "loop_nudge", LOOP_NUDGE)

                results = yield from self._run_tools(step, parsed)
                errors = errors + 1 if all(r.is_error for r in results) else 0
                if errors >= cfg.max_consecutive_errors:
                    return (yield from self._finish("error_cap", None))
                note = "\n".join(x for x in (extra, self._note(step + 1)) if x)
                self.messages.extend(self.format.observation(results, note))
                yield StepFinished(step, self.usage)
        except ModelError:
            yield from self._finish("model_error", None)
            raise

    def _call_model(self, request: ModelRequest) -> Generator[Effect, Any, Reply]:
        """One model call with the retry policy; a transient error is thrown in by the driver."""
        attempt, waited = 0, 0.0
        while True:
            attempt += 1
            try:
                reply: Reply = yield CallModel(request)
                return reply
            except TransientError as e:
                delay = self.config.retry.delay(attempt, e, waited)
                if delay is None:
                    raise
                yield RetryScheduled(attempt, delay, f"{type(e).__name__}: {e}")
                yield Sleep(delay)
                waited += delay

    def _run_tools(self, step: int, parsed: Parsed) -> Generator[Effect, Any, list[Any]]:
        for call in parsed.calls:
            yield ToolStarted(step, call)
        outcomes: list[ToolOutcome] = yield RunTools(step, parsed.calls)
        for call, outcome in zip(parsed.calls, outcomes, strict=True):
            yield ToolFinished(step, call, outcome.result, outcome.duration)
            for event in outcome.events:
                yield event
        return [o.result for o in outcomes]

    def _validate(self, answer: str) -> tuple[str, str] | None:
        for v in self.validators:
            reason = v(answer)
            if reason:
                return getattr(v, "__name__", type(v).__name__), reason
        return None

    def _forced_final(self, reason: str) -> Generator[Effect, Any, RunResult]:
        """One last turn with tools disabled, so a run that hits a limit still answers."""
        if not self.config.force_final_answer:
            return (yield from self._finish(reason, None))
        yield Notice(self.step, reason, FORCE_FINAL)
        self.messages.extend(self.format.feedback(FORCE_FINAL, ""))
        t0 = self.clock()
        reply = yield from self._call_model(self._request(final_only=True))
        self.usage += reply.usage
        self.messages.append(self.format.assistant_message(reply))
        try:
            parsed = self.format.parse(reply, self.tool_names)
            answer = parsed.final_answer or parsed.thought or reply.text.strip()
        except FormatError:
            parsed, answer = Parsed(), reply.text.strip()
        yield ModelReplied(
            self.step, reply.text, parsed.thought, (), answer, reply.usage, self.clock() - t0
        )
        return (yield from self._finish(reason, answer or None))

    def _finish(self, reason: str, answer: str | None) -> Generator[Effect, Any, RunResult]:
        duration = self.clock() - self.start
        yield RunFinished(self.run_id, reason, answer, self.step, self.usage, duration)
        return RunResult(
            self.run_id, answer, reason, self.step, self.usage, duration, tuple(self.messages)
        )


def _is_loop(recent: deque[str]) -> bool:
    n = len(recent)
    if n >= 3 and recent[-1] == recent[-2] == recent[-3]:
        return True
    return n >= 4 and recent[-1] == recent[-3] and recent[-2] == recent[-4] != recent[-1]
