"""Summarising trim: when turns are dropped to fit the context window, one more model call
folds them (and the summary so far) into a summary that stands in their place. A failed
call leaves the dropped turns simply left out."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from thinkact.effects import Effect
from thinkact.errors import ModelError
from thinkact.policies.base import BasePolicy, Turn
from thinkact.retry import retrying
from thinkact.types import ModelRequest


class Summarize(BasePolicy):
    """Turned on by `AgentConfig.summarize`, which also keeps room for the summary."""

    name = "summarize"

    def trimmed(self, turn: Turn, ask: ModelRequest) -> Generator[Effect, Any, str | None]:
        try:
            reply = yield from retrying(ask, turn.config.retry)
        except ModelError:
            return None
        return reply.text


__all__ = ["Summarize"]
