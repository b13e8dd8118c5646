"""The documented token estimate, for providers with no tokenizer at hand."""

from __future__ import annotations

import json

from thinkact.types import (
    AssistantMessage,
    ModelRequest,
    SystemMessage,
    ToolMessage,
    UserMessage,
)


def estimate_tokens(request: ModelRequest) -> int:
    """About four characters a token: the documented estimate where no tokenizer is known."""
    chars = 0
    for m in request.messages:
        if isinstance(m, SystemMessage | UserMessage):
            chars += len(m.content)
        elif isinstance(m, AssistantMessage):
            chars += len(m.content) + sum(len(json.dumps(dict(c.arguments))) for c in m.tool_calls)
        elif isinstance(m, ToolMessage):
            chars += sum(len(r.content) for r in m.results)
    for t in request.tools:
        chars += len(t.description) + len(json.dumps(dict(t.parameters)))
    return chars // 4 + 4 * len(request.messages)
