"""What the loop core yields and returns: effects a driver performs, the run's result,
and the state a resumed run starts from. Plain values, so drivers and stores need not
import the loop itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from thinkact.events import Event
from thinkact.types import Message, ModelRequest, ToolCall, ToolResult, Usage, quick_init

Validator = Callable[[str], str | None]
"""Checks a final answer (or what the run produced): None if fine, else the reason."""


@dataclass(frozen=True, slots=True)
class CallModel:
    request: ModelRequest
    step: int = 0  # the step whose reply this is, streamed as it is written; 0: a side question


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
    # The answer as a value of the agent's output_type (None if it is not a valid one);
    # without an output_type, the answer itself.
    output: Any = None

    @property
    def ok(self) -> bool:
        return self.reason == "final_answer"


@dataclass(frozen=True, slots=True)
class Resume:
    """Where a stored run stopped (built by `thinkact.store`); the loop continues from it.

    `pending` are the calls of the step it stopped in; `results` holds those not to run
    again: stored results, and for `interrupted` calls an observation that says so.
    """

    messages: tuple[Message, ...]
    step: int
    usage: Usage
    elapsed: float
    counters: Mapping[str, Any] = field(default_factory=dict)
    pending: tuple[ToolCall, ...] = ()
    results: Mapping[str, ToolResult] = field(default_factory=dict)
    rerun: tuple[str, ...] = ()
    interrupted: tuple[str, ...] = ()
    model_calls: int = 0  # made before the point it resumes from (see models.base.Positioned)


quick_init(CallModel, RunTools)
