"""Multi-turn sessions (a Task with `turns`): the tools each user turn offers, and a log of
the calls that ran in each turn, which is what a multi-turn suite scores.

The log is kept by wrapping each tool's function, so it holds exactly the calls that
executed: a call the agent refused (a loop guard, a bad argument) never reaches it.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from thinkact.apps.eval.base import Task
from thinkact.tools.base import Tool
from thinkact.types import JSON


def session_turns(task: Task) -> Iterator[tuple[str, tuple[Tool, ...]]]:
    """(prompt, tools) for each user turn; a follow-up's tools join those before it."""
    tools = task.tools
    yield task.prompt, tools
    for follow in task.turns:
        tools = (*tools, *follow.tools)
        yield follow.prompt, tools


class CallLog:
    """The calls that ran, per turn, as `{name: arguments}` (BFCL's shape)."""

    def __init__(self) -> None:
        self.turns: list[list[JSON]] = []
        self._lock = threading.Lock()

    def next_turn(self) -> None:
        with self._lock:
            self.turns.append([])

    def wrap(self, tool: Tool) -> Tool:
        """`tool`, its calls noted in the current turn as they start (a call that raises
        ran all the same)."""
        fn, name, hidden = tool.fn, tool.name, tool.context_param

        def noted(**kwargs: Any) -> Any:
            shown = {k: copy.deepcopy(v) for k, v in kwargs.items() if k != hidden}
            with self._lock:
                if not self.turns:
                    self.turns.append([])
                self.turns[-1].append({name: shown})
            return fn(**kwargs)

        return replace(tool, fn=noted)
