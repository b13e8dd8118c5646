"""What a run emits. The core never prints: reporters, traces and stores consume these."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Protocol

from thinkact.types import (
    JSON,
    Message,
    ToolCall,
    ToolResult,
    Usage,
    message_to_dict,
    quick_init,
)


def _plain(value: Any) -> Any:
    to_dict = getattr(value, "to_dict", None)
    if to_dict is not None:
        return to_dict()
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


class Screen(Protocol):
    """Where an event shows itself for people (the console reporter is one): events of
    other layers (a plan, its steps) define `show(screen)`, so the console need not know
    them. Text passed here is run text: the screen makes it printable."""

    verbose: bool

    def say(self, text: str, style: str = "") -> None:
        """One line."""

    def body(self, text: str, style: str = "") -> None:
        """A block of run text, shortened for the screen."""

    def rule(self, title: str, style: str = "") -> None:
        """A rule across the screen with a title."""

    def nested(self, key: str, event: Event) -> None:
        """An event of a run inside this one (a plan step's), shown compactly under `key`."""


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event. `kind` names it in traces (`{"kind": "tool_finished", ...}`).
    An event may define `show(self, screen: Screen)` to render itself (see Screen)."""

    kind: ClassVar[str] = "event"
    # A piece of something a later event holds whole (a streamed reply): shown as it comes,
    # never stored or traced, so run stores and traces stay small.
    ephemeral: ClassVar[bool] = False

    def to_dict(self) -> JSON:
        d: JSON = {"kind": self.kind}
        for f in fields(self):
            d[f.name] = _plain(getattr(self, f.name))
        return d


@dataclass(frozen=True, slots=True)
class RunStarted(Event):
    kind: ClassVar[str] = "run_started"
    run_id: str
    task: str
    model: str
    format: str
    max_steps: int
    tools: tuple[str, ...] = ()
    # What a resume needs to rebuild the agent (see thinkact.store).
    instructions: str = ""
    config: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StepStarted(Event):
    kind: ClassVar[str] = "step_started"
    step: int
    max_steps: int


@dataclass(frozen=True, slots=True)
class ModelReplied(Event):
    """The model answered and the format parsed it (or failed to: see FormatFailed)."""

    kind: ClassVar[str] = "model_replied"
    step: int
    text: str
    thought: str
    actions: tuple[ToolCall, ...]
    final_answer: str | None
    usage: Usage
    duration: float


@dataclass(frozen=True, slots=True)
class TextDelta(Event):
    """A piece of the reply the model is writing (`Agent(streaming=True)` and a model that
    streams): the pieces of a step's call add up to its text as far as it is shown (up to
    a stop sequence), and the ModelReplied that follows holds the whole reply. A
    RetryScheduled voids the pieces of the call that failed."""

    kind: ClassVar[str] = "text_delta"
    ephemeral: ClassVar[bool] = True
    step: int
    text: str


@dataclass(frozen=True, slots=True)
class FormatFailed(Event):
    """The reply could not be parsed; `message` goes back to the model."""

    kind: ClassVar[str] = "format_failed"
    step: int
    message: str
    consecutive_errors: int


@dataclass(frozen=True, slots=True)
class ToolStarted(Event):
    kind: ClassVar[str] = "tool_started"
    step: int
    call: ToolCall


@dataclass(frozen=True, slots=True)
class ToolFinished(Event):
    kind: ClassVar[str] = "tool_finished"
    step: int
    call: ToolCall
    result: ToolResult
    duration: float


@dataclass(frozen=True, slots=True)
class CallsScreened(Event):
    """The model was asked whether each tool it chose does what the task asks
    (`AgentConfig.screen_calls`); calls of the `refused` tools are not run, nor the calls
    in `ungrounded` (call id, the arguments with numbers or web addresses the run was never
    given)."""

    kind: ClassVar[str] = "calls_screened"
    step: int
    asked: tuple[str, ...]
    refused: tuple[str, ...]
    usage: Usage
    ungrounded: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class DeclineChecked(Event):
    """The model answered with no tool though tools exist (`AgentConfig.decline_check`):
    it was asked about each tool in `asked`; the `fitting` ones passed every question, and
    if there are any it replies again, with calls only, of the `chosen` one when several
    fitted and it named one of them."""

    kind: ClassVar[str] = "decline_checked"
    step: int
    asked: tuple[str, ...]
    fitting: tuple[str, ...]
    usage: Usage
    chosen: str = ""


@dataclass(frozen=True, slots=True)
class ToolDenied(Event):
    """A tool needing approval was refused by the user's policy."""

    kind: ClassVar[str] = "tool_denied"
    step: int
    call: ToolCall
    reason: str


@dataclass(frozen=True, slots=True)
class Notice(Event):
    """Something the loop told the model on its own: a nudge, a warning, a forced turn."""

    kind: ClassVar[str] = "notice"
    step: int
    reason: str
    message: str


@dataclass(frozen=True, slots=True)
class RetryScheduled(Event):
    """A model call failed transiently and will be tried again after `delay` seconds."""

    kind: ClassVar[str] = "retry_scheduled"
    attempt: int
    delay: float
    error: str


@dataclass(frozen=True, slots=True)
class ValidationFailed(Event):
    """A validator rejected the run's output; `message` goes back to the model."""

    kind: ClassVar[str] = "validation_failed"
    step: int
    validator: str
    message: str
    attempt: int


@dataclass(frozen=True, slots=True)
class StepFinished(Event):
    kind: ClassVar[str] = "step_finished"
    step: int
    usage: Usage


@dataclass(frozen=True, slots=True)
class ContextTrimmed(Event):
    """Older turns were dropped (or summarized) so the next request fits the context window."""

    kind: ClassVar[str] = "context_trimmed"
    step: int
    dropped_messages: int
    dropped_tokens: int
    kept_tokens: int
    summarized: bool = False


@dataclass(frozen=True, slots=True)
class Checkpoint(Event):
    """The loop's state after a step (or after a reply whose tool calls are about to run).

    `messages` are those appended since the previous checkpoint, so a store rebuilds the
    history append-only; `pending` are the calls about to run. Enough to resume a run.
    """

    kind: ClassVar[str] = "checkpoint"
    step: int
    messages: tuple[Message, ...]
    usage: Usage
    elapsed: float
    counters: Mapping[str, Any] = field(default_factory=dict)
    pending: tuple[ToolCall, ...] = ()

    def to_dict(self) -> JSON:
        d = Event.to_dict(self)
        d["messages"] = [message_to_dict(m) for m in self.messages]
        return d


@dataclass(frozen=True, slots=True)
class RunResumed(Event):
    """A stored run continues after `step`. `rerun`: in-flight idempotent calls run again;
    `interrupted`: in-flight calls the model is told about instead."""

    kind: ClassVar[str] = "run_resumed"
    run_id: str
    step: int
    rerun: tuple[str, ...] = ()
    interrupted: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RunFinished(Event):
    kind: ClassVar[str] = "run_finished"
    run_id: str
    reason: str
    final_answer: str | None
    steps: int
    usage: Usage
    duration: float


def __getattr__(name: str) -> Any:
    # ProgressMarked lived here; it is the workflow layer's now (thinkact.workflow).
    if name == "ProgressMarked":
        from thinkact.workflow import ProgressMarked

        return ProgressMarked
    raise AttributeError(f"module 'thinkact.events' has no attribute {name!r}")


quick_init(StepStarted, ModelReplied, TextDelta, ToolStarted, ToolFinished, StepFinished)
