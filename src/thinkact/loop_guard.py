"""Loop detection: the same calls three times in a row, or an A/B/A/B oscillation."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from thinkact.types import ToolCall

LOOP_NUDGE = (
    "You are repeating the same action and it is not getting you closer to the answer. "
    "Try a different tool or different arguments, or give your final answer."
)


def _signature(calls: Sequence[ToolCall]) -> str:
    """A cheap, order-insensitive (for arguments) fingerprint of one reply's calls."""
    return repr([(c.name, sorted((k, repr(v)) for k, v in c.arguments.items())) for c in calls])


class LoopGuard:
    """Sees each step's calls: the first loop earns a nudge, the next one stops the run."""

    def __init__(self) -> None:
        self.recent: deque[str] = deque(maxlen=4)
        self.nudged = False

    def see(self, calls: Sequence[ToolCall]) -> Literal["ok", "nudge", "stop"]:
        self.recent.append(_signature(calls))
        r, n = self.recent, len(self.recent)
        looping = (n >= 3 and r[-1] == r[-2] == r[-3]) or (
            n >= 4 and r[-1] == r[-3] and r[-2] == r[-4] != r[-1]
        )
        if not looping:
            return "ok"
        if self.nudged:
            return "stop"
        self.nudged = True
        return "nudge"

    def state(self) -> dict[str, Any]:
        """What a resumed run needs (the keys are stored in Checkpoint counters)."""
        return {"nudged": self.nudged, "recent": list(self.recent)}

    def restore(self, c: Mapping[str, Any]) -> None:
        self.nudged = bool(c.get("nudged", False))
        self.recent.extend(str(x) for x in c.get("recent", ()))
