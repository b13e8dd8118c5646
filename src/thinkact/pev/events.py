"""Events of a plan-execute-verify run. Sub-runs' own events arrive wrapped in `SubRunEvent`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from thinkact.events import Event, RunFinished, RunStarted, Screen
from thinkact.types import JSON


def _one_line(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class PlanProposed(Event):
    kind: ClassVar[str] = "plan_proposed"
    attempt: int
    plan: str  # JSON of the plan
    revision: int  # 0 for the first plan, then one per re-plan

    def show(self, screen: Screen) -> None:
        from thinkact.pev.plan import Plan

        title = "📋 PLAN" if self.revision == 0 else f"📋 REVISED PLAN ({self.revision})"
        screen.say(title, "bold magenta")
        screen.say(Plan.model_validate_json(self.plan).render())


@dataclass(frozen=True, slots=True)
class PlanRejected(Event):
    """The planner's reply failed schema or consistency checks; the reason goes back to it."""

    kind: ClassVar[str] = "plan_rejected"
    attempt: int
    reason: str
    text: str = ""  # the rejected reply, for the trace

    def show(self, screen: Screen) -> None:
        screen.say(f"❌ PLAN REJECTED (attempt {self.attempt})", "bold red")
        screen.body(self.reason, "red")


@dataclass(frozen=True, slots=True)
class PlanStepStarted(Event):
    kind: ClassVar[str] = "plan_step_started"
    step_id: str
    goal: str

    def show(self, screen: Screen) -> None:
        screen.rule(f"Step {self.step_id}: {_one_line(self.goal, 60)}", "magenta")


@dataclass(frozen=True, slots=True)
class PlanStepFinished(Event):
    kind: ClassVar[str] = "plan_step_finished"
    step_id: str
    ok: bool
    result: str | None
    check: str  # what verified it: "validator:NAME", "judge" or "none"
    reason: str  # why it failed, or the judge's reason

    def show(self, screen: Screen) -> None:
        mark, style = ("✅", "green") if self.ok else ("❌", "red")
        how = "" if self.check == "none" else f" ({self.check})"
        screen.say(f"{mark} Step {self.step_id} {'passed' if self.ok else 'failed'}{how}", style)
        if self.result and screen.verbose:
            screen.body(self.result)
        if self.reason and not self.ok:
            screen.body(self.reason, "red")


@dataclass(frozen=True, slots=True)
class Replanned(Event):
    kind: ClassVar[str] = "replanned"
    revision: int
    reason: str

    def show(self, screen: Screen) -> None:
        screen.say(f"🔁 RE-PLANNING ({self.revision}): {self.reason}", "yellow")


@dataclass(frozen=True, slots=True)
class SubRunEvent(Event):
    """An event of the ReAct sub-run that executes plan step `step_id`."""

    kind: ClassVar[str] = "sub_run"
    step_id: str
    event: Event

    def to_dict(self) -> JSON:
        return {"kind": self.kind, "step_id": self.step_id, "event": self.event.to_dict()}

    def show(self, screen: Screen) -> None:
        if not isinstance(self.event, RunStarted | RunFinished):  # the step's start and
            screen.nested(self.step_id, self.event)  # check say those
