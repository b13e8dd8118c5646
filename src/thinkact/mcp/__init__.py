"""MCP (Model Context Protocol) servers' tools for thinkact agents, through the official `mcp`
SDK.

    from thinkact import Agent, mcp_http, mcp_stdio

    agent = Agent(model, tools=[mcp_stdio("python server.py"), mcp_http("http://127.0.0.1:8000/mcp")])

Each server's tools become thinkact Tools with the server's JSON schemas, so validation,
timeouts, quotas, approval and traces apply as to any tool. See `server` for the lifecycle.
"""

from __future__ import annotations

from thinkact.mcp.errors import McpConnectionError, McpError, McpToolError
from thinkact.mcp.server import McpServer, mcp_http, mcp_stdio

__all__ = [
    "McpConnectionError",
    "McpError",
    "McpServer",
    "McpToolError",
    "mcp_http",
    "mcp_stdio",
]
