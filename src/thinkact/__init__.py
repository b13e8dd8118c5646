"""thinkact: fast, reliable ReAct agents.

from thinkact import Agent, tool

@tool
def add(a: int, b: int) -> int:
    "Add two integers."
    return a + b

Agent("anthropic:claude-sonnet-4-5", tools=[add]).run("What is 2 + 3?")
"""

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
    "tool",
]
