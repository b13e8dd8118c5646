"""The observation hint: a sentence said after each observation but the last step's (where
the step note already says to answer). On short tasks (one question, one answer) small
models otherwise echo their last call after its result arrives, or stop a step short; in
a multi-step workflow it can talk a small model into answering after its first call, so it
is off unless asked for (`AgentConfig.observation_hint`, e.g. `OBSERVATION_HINT`)."""

from __future__ import annotations

from collections.abc import Sequence

from thinkact.policies.base import BasePolicy, Hook, Turn, Verdict
from thinkact.types import ToolCall, ToolResult


class ObservationHint(BasePolicy):
    name = "observation_hint"

    def __init__(self, hint: str) -> None:
        self.verdict = Verdict(note=hint)

    def observation(
        self, turn: Turn, calls: Sequence[ToolCall], results: Sequence[ToolResult]
    ) -> Hook:
        return self.verdict if turn.step + 1 < turn.config.max_steps else None


__all__ = ["ObservationHint"]
