"""Workflows of named steps that the model marks as it completes them: the `ProgressMarked`
event and the `mark_step_complete` tool that emits it. The legal review's workflow uses
them (its tools mark their own steps), and so can any app with a list of steps; the
progress tracker (ui/workflow.py) follows the marks. Not part of the generic events or
file tools: a run without a workflow never sees them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from thinkact.errors import ToolRetry
from thinkact.events import Event, Screen
from thinkact.tools.base import Tool, ToolContext


@dataclass(frozen=True, slots=True)
class ProgressMarked(Event):
    """A workflow step was declared complete (e.g. by the `mark_step_complete` tool)."""

    kind: ClassVar[str] = "progress_marked"
    step_name: str

    def show(self, screen: Screen) -> None:
        screen.say(f"✅ STEP COMPLETE: {self.step_name}", "green")


def _mark_step_complete(step_name: str, ctx: ToolContext) -> str:
    """Declare a step of the workflow complete, so progress is shown to the user.

    Args:
        step_name: the step's name, e.g. "scan documents".
    """
    name = " ".join(step_name.split())
    if not name:
        raise ToolRetry("step_name is empty; give the name of the step you completed")
    ctx.emit(ProgressMarked(name))
    return f"Step '{name}' marked complete."


_mark_step_complete.__name__ = "mark_step_complete"
mark_step_complete = Tool.from_function(_mark_step_complete)

__all__ = ["ProgressMarked", "mark_step_complete"]
