"""Loop detection, the LoopGuard policy. A reply is looping when it repeats the previous
step's calls exactly (small models often echo their last reply after its result arrives),
in an A/B/A/B oscillation, or three times within the last six steps (A/x/A/y/A: small
models redo a finished step between new ones); or when the same long thought, with the same
tools, comes back a third time within six steps (the same reasoning with only a number
changed).
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from thinkact.events import Notice
from thinkact.formats.base import Parsed
from thinkact.policies.base import BasePolicy, Hook, Turn, Verdict
from thinkact.types import ToolCall, ToolResult

LOOP_NUDGE = (
    "You are repeating the same action and it is not getting you closer to the answer. "
    "Try a different tool or different arguments, or give your final answer."
)
REPEAT_NUDGE = (
    "You made exactly this call in your previous step and its result is above; running it "
    "again gives the same. Use that result: give your final answer if it answers the task, "
    "otherwise take a different next step."
)


Key = tuple[tuple[str, Mapping[str, Any]], ...]


def _key(calls: Sequence[ToolCall]) -> Key:
    """One reply's calls as a value to compare: names with their arguments, which compare
    as dicts do (equal arguments are equal whatever order the model wrote them in)."""
    if len(calls) == 1:  # the common case, without a comprehension
        c = calls[0]
        return ((c.name, c.arguments),)
    return tuple([(c.name, c.arguments) for c in calls])


def _signature(key: Key | str) -> str:
    """The text checkpoints keep for a key: the repr of [(name, sorted(arguments.items())),
    ...]. Made only when a checkpoint asks for it."""
    if isinstance(key, str):
        return key
    return repr([(name, sorted(arguments.items())) for name, arguments in key])


def _from_signature(text: str) -> Key | str:
    """A stored signature as a key again (one whose arguments are not plain literals stays
    text: it matches no new call, as a resumed run cannot rebuild those arguments)."""
    try:
        value = ast.literal_eval(text)
        return tuple((str(name), {str(k): v for k, v in items}) for name, items in value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return text


WINDOW = 6
_MIN_THOUGHT = 40  # shorter thoughts ("Next.", "Read the file.") repeat innocently


def _thought_key(thought: str, calls: Sequence[ToolCall]) -> str:
    if not thought:
        return ""
    text = " ".join(thought.split()).lower()
    return "" if len(text) < _MIN_THOUGHT else repr((text, [c.name for c in calls]))


class Detector:
    """Sees each step's calls: the first `nudges` loops earn a nudge, the next one stops
    the run."""

    def __init__(self, nudges: int = 1) -> None:
        self.recent: deque[Key | str] = deque(maxlen=WINDOW)
        self.thoughts: deque[str] = deque(maxlen=WINDOW)
        self.nudges = nudges
        self.nudged = 0
        self.nudge = LOOP_NUDGE  # what to tell the model about the loop just seen

    def see(self, calls: Sequence[ToolCall], thought: str = "") -> Literal["ok", "nudge", "stop"]:
        r, sig = self.recent, _key(calls)
        r.append(sig)
        t = _thought_key(thought, calls) if thought else ""
        self.thoughts.append(t)
        seen = r.count(sig)  # this step's own among them: each rule needs an earlier one
        if seen == 1 and not t:  # most steps (comparing arguments is the costly part)
            self.nudge = LOOP_NUDGE
            return "ok"
        n = len(r)
        repeat = n >= 2 and sig == r[-2]
        self.nudge = REPEAT_NUDGE if repeat else LOOP_NUDGE
        looping = (
            repeat
            or (n >= 4 and sig == r[-3] and r[-2] == r[-4] != sig)
            or seen >= 3
            or (bool(t) and self.thoughts.count(t) >= 3)
        )
        if not looping:
            return "ok"
        if self.nudged >= self.nudges:
            return "stop"
        self.nudged += 1
        return "nudge"

    def state(self) -> dict[str, Any]:
        return {
            "nudged": self.nudged,
            "recent": [_signature(k) for k in self.recent],
            "recent_thoughts": list(self.thoughts),
        }

    def restore(self, c: Mapping[str, Any]) -> None:
        self.nudged = int(c.get("nudged", 0))  # a bool in runs stored before the count
        self.recent.extend(_from_signature(str(x)) for x in c.get("recent", ()))
        self.thoughts.extend(str(x) for x in c.get("recent_thoughts", ()))


class LoopGuard(BasePolicy):
    """A loop earns a nudge (`nudges` times; the reply is turned down, so the next one is
    resampled, and the nudge goes out with the step's results), then stops the run with a
    forced final answer (reason "loop")."""

    name = "loop_guard"

    def __init__(self, nudges: int = 1) -> None:
        self.detector = Detector(nudges)
        self.pending = ""  # a nudge waiting to go out with the step's results

    def calls(self, turn: Turn, parsed: Parsed, refused: Mapping[str, str]) -> Hook:
        verdict = self.detector.see(parsed.calls, parsed.thought)
        if verdict == "ok":
            return None
        if verdict == "stop":  # stop, but still answer from what the run found
            return Verdict(stop="loop")
        return self._nudged(turn.step)

    def _nudged(self, step: int) -> Hook:
        self.pending = self.detector.nudge
        yield Notice(step, "loop_nudge", self.pending)
        return Verdict(turned_down=True)

    def observation(
        self, turn: Turn, calls: Sequence[ToolCall], results: Sequence[ToolResult]
    ) -> Hook:
        if not self.pending:
            return None
        note, self.pending = self.pending, ""
        return Verdict(note=note)

    def state(self) -> dict[str, Any]:
        return {**self.detector.state(), "extra": self.pending}

    def restore(self, state: Mapping[str, Any]) -> None:
        self.detector.restore(state)
        self.pending = str(state.get("extra", ""))
