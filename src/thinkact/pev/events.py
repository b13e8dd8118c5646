"""Events of a plan-execute-verify run. Sub-runs' own events arrive wrapped in `SubRunEvent`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from thinkact.events import Event
from thinkact.types import JSON


@dataclass(frozen=True, slots=True)
class PlanProposed(Event):
    kind: ClassVar[str] = "plan_proposed"
    attempt: int
    plan: str  # JSON of the plan
    revision: int  # 0 for the first plan, then one per re-plan


@dataclass(frozen=True, slots=True)
class PlanRejected(Event):
    """The planner's reply failed schema or consistency checks; the reason goes back to it."""

    kind: ClassVar[str] = "plan_rejected"
    attempt: int
    reason: str
    text: str = ""  # the rejected reply, for the trace


@dataclass(frozen=True, slots=True)
class PlanStepStarted(Event):
    kind: ClassVar[str] = "plan_step_started"
    step_id: str
    goal: str


@dataclass(frozen=True, slots=True)
class PlanStepFinished(Event):
    kind: ClassVar[str] = "plan_step_finished"
    step_id: str
    ok: bool
    result: str | None
    check: str  # what verified it: "validator:NAME", "judge" or "none"
    reason: str  # why it failed, or the judge's reason


@dataclass(frozen=True, slots=True)
class Replanned(Event):
    kind: ClassVar[str] = "replanned"
    revision: int
    reason: str


@dataclass(frozen=True, slots=True)
class SubRunEvent(Event):
    """An event of the ReAct sub-run that executes plan step `step_id`."""

    kind: ClassVar[str] = "sub_run"
    step_id: str
    event: Event

    def to_dict(self) -> JSON:
        return {"kind": self.kind, "step_id": self.step_id, "event": self.event.to_dict()}
