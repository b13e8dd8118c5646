"""Test doubles that ship with thinkact: models that answer without any network.

ScriptedModel(["<reasoning>..</reasoning><action>calculator</action>...", ...])
ScriptedModel([{"tool_calls": [{"name": "add", "arguments": {"a": 1, "b": 2}}]},
               {"text": "3"}])
FunctionModel(lambda request: "Final Answer: 42")
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from thinkact.errors import UserError
from thinkact.tokens import estimate_tokens
from thinkact.types import (
    ModelRequest,
    Reply,
    ToolCall,
    Usage,
)

ReplyLike = str | Reply | Mapping[str, Any]


def to_reply(item: ReplyLike, index: int = 0) -> Reply:
    """Accepts plain text, a Reply, or {"text", "tool_calls": [{"name", "arguments"}], "usage"}."""
    if isinstance(item, Reply):
        return item
    if isinstance(item, str):
        return Reply(text=item)
    calls = tuple(
        ToolCall(
            id=str(c.get("id") or f"call_{index}_{i}"),
            name=str(c["name"]),
            arguments=dict(c.get("arguments") or {}),
        )
        for i, c in enumerate(item.get("tool_calls") or ())
    )
    return Reply(
        text=str(item.get("text") or ""),
        tool_calls=calls,
        usage=Usage.from_dict(item.get("usage") or {}),
        stop_reason="tool_calls" if calls else item.get("stop_reason", "end"),
    )


class ScriptedModel:
    """Answers each request with the next scripted reply.

    `requests` holds the last `keep_requests` requests (each holds the whole history, so
    keeping all of them would grow with the square of a long run); `calls` counts them all.
    A resumed run goes on from the reply after the last one its stored run used
    (`resume_at`), so a tool's side effects are not repeated.
    """

    def __init__(
        self,
        replies: Sequence[ReplyLike],
        *,
        name: str = "scripted",
        native_tools: bool | None = None,
        context_window: int = 128_000,
        preferred_format: str | None = None,
        keep_requests: int = 32,
    ) -> None:
        self.replies = [to_reply(r, i) for i, r in enumerate(replies)]
        self.name = name
        self.native_tools = (
            any(r.tool_calls for r in self.replies) if native_tools is None else native_tools
        )
        self.context_window = context_window
        self.preferred_format = preferred_format
        self.requests: deque[ModelRequest] = deque(maxlen=max(1, keep_requests))
        self.calls = 0  # requests answered: the next one gets reply number `calls`
        self._lock = threading.Lock()

    @classmethod
    def from_file(cls, path: str | Path) -> ScriptedModel:
        p = Path(path)
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise UserError(f"scripted model file not found: {p}") from None
        except json.JSONDecodeError as e:
            raise UserError(f"scripted model file {p} is not valid JSON: {e}") from None
        if isinstance(data, Mapping):
            replies = data.get("replies", [])
            fmt = data.get("format")
        else:
            replies, fmt = data, None
        if not isinstance(replies, list) or not replies:
            raise UserError(f"{p}: expected a non-empty list of replies (or {{'replies': [...]}})")
        return cls(replies, name=f"scripted:{p}", preferred_format=fmt)

    @property
    def remaining(self) -> int:
        return max(0, len(self.replies) - self.calls)

    def resume_at(self, calls: int) -> None:
        """Answer the next request with reply number `calls` (0-based)."""
        with self._lock:
            self.calls = max(0, calls)

    def complete(self, request: ModelRequest) -> Reply:
        with self._lock:
            n = self.calls
            if n >= len(self.replies):
                raise UserError(
                    f"ScriptedModel has no reply left: all {len(self.replies)} were used"
                )
            self.calls = n + 1
            self.requests.append(request)
            return self.replies[n]

    async def acomplete(self, request: ModelRequest) -> Reply:
        return self.complete(request)

    def count_tokens(self, request: ModelRequest) -> int:
        return estimate_tokens(request)


class FunctionModel:
    """Answers with `fn(request)`, which returns text, a Reply or a reply dict."""

    def __init__(
        self,
        fn: Callable[[ModelRequest], ReplyLike],
        *,
        name: str = "function",
        native_tools: bool = True,
        context_window: int = 128_000,
        preferred_format: str | None = None,
    ) -> None:
        self.fn = fn
        self.name = name
        self.native_tools = native_tools
        self.context_window = context_window
        self.preferred_format = preferred_format
        self.requests: list[ModelRequest] = []

    def complete(self, request: ModelRequest) -> Reply:
        self.requests.append(request)
        return to_reply(self.fn(request), len(self.requests))

    async def acomplete(self, request: ModelRequest) -> Reply:
        return self.complete(request)

    def count_tokens(self, request: ModelRequest) -> int:
        return estimate_tokens(request)


__all__ = ["FunctionModel", "ScriptedModel", "estimate_tokens", "to_reply"]
