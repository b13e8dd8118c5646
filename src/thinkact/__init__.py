"""thinkact: fast, reliable ReAct agents.

from thinkact import Agent, tool

@tool
def add(a: int, b: int) -> int:
    "Add two integers."
    return a + b

Agent("anthropic:claude-sonnet-4-5", tools=[add]).run("What is 2 + 3?")
"""

# Public names are imported on first use (PEP 562): `import thinkact` stays cheap (the
# CLI's `--help`, a script that only needs `thinkact.errors`), and the loop, asyncio and
# pydantic load when `Agent` or `tool` is first named. Type checkers see the imports below.
from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not typing's: importing typing (and re) is most of what is left
if TYPE_CHECKING:
    from typing import Any

    from thinkact.agent import Agent, Reporter
    from thinkact.config import AgentConfig
    from thinkact.demos import Example, ExampleCall, ExampleStep
    from thinkact.errors import (
        FormatError,
        ModelError,
        ThinkactError,
        ToolRetry,
        UserError,
    )
    from thinkact.events import Event
    from thinkact.loop import RunResult, Validator
    from thinkact.mcp import mcp_http, mcp_stdio
    from thinkact.retry import RetryPolicy
    from thinkact.tools.base import Tool, ToolContext, tool
    from thinkact.types import (
        AssistantMessage,
        Message,
        ModelRequest,
        Reply,
        SystemMessage,
        ToolCall,
        ToolMessage,
        ToolResult,
        ToolSpec,
        Usage,
        UserMessage,
    )

__version__ = "0.1.0"

_LAZY = {
    "Agent": "thinkact.agent",
    "AgentConfig": "thinkact.config",
    "AssistantMessage": "thinkact.types",
    "Event": "thinkact.events",
    "Example": "thinkact.demos",
    "ExampleCall": "thinkact.demos",
    "ExampleStep": "thinkact.demos",
    "FormatError": "thinkact.errors",
    "Message": "thinkact.types",
    "ModelError": "thinkact.errors",
    "ModelRequest": "thinkact.types",
    "Reply": "thinkact.types",
    "Reporter": "thinkact.agent",
    "RetryPolicy": "thinkact.retry",
    "RunResult": "thinkact.loop",
    "SystemMessage": "thinkact.types",
    "ThinkactError": "thinkact.errors",
    "Tool": "thinkact.tools.base",
    "ToolCall": "thinkact.types",
    "ToolContext": "thinkact.tools.base",
    "ToolMessage": "thinkact.types",
    "ToolResult": "thinkact.types",
    "ToolRetry": "thinkact.errors",
    "ToolSpec": "thinkact.types",
    "Usage": "thinkact.types",
    "UserError": "thinkact.errors",
    "UserMessage": "thinkact.types",
    "Validator": "thinkact.loop",
    "mcp_http": "thinkact.mcp",
    "mcp_stdio": "thinkact.mcp",
    "tool": "thinkact.tools.base",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'thinkact' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # once: later lookups do not come back here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "Agent",
    "AgentConfig",
    "AssistantMessage",
    "Event",
    "Example",
    "ExampleCall",
    "ExampleStep",
    "FormatError",
    "Message",
    "ModelError",
    "ModelRequest",
    "Reply",
    "Reporter",
    "RetryPolicy",
    "RunResult",
    "SystemMessage",
    "ThinkactError",
    "Tool",
    "ToolCall",
    "ToolContext",
    "ToolMessage",
    "ToolResult",
    "ToolRetry",
    "ToolSpec",
    "Usage",
    "UserError",
    "UserMessage",
    "Validator",
    "__version__",
    "mcp_http",
    "mcp_stdio",
    "tool",
]
