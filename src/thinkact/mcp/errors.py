"""What can go wrong with an MCP server. A tool call that fails either way becomes an
observation (`TOOL ERROR: McpToolError: ...`); outside a run they are raised.

ThinkactError
└── McpError
    ├── McpToolError         the server answered the call with an error (`isError`, or a
    │                        JSON-RPC error such as an unknown tool)
    └── McpConnectionError   the server could not be started or reached, crashed, closed the
                             connection, or was closed during the call
"""

from __future__ import annotations

from thinkact.errors import ThinkactError


class McpError(ThinkactError):
    """An MCP server failed. The message names the server and is written for the model too."""


class McpToolError(McpError):
    pass


class McpConnectionError(McpError):
    pass


__all__ = ["McpConnectionError", "McpError", "McpToolError"]
