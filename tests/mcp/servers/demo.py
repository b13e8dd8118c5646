"""A small MCP server for the tests, built with the official SDK's MCPServer (FastMCP before
mcp 2). Over stdio by default; `--http PORT` serves streamable HTTP on 127.0.0.1.
`--pidfile FILE` appends the process id at each start.

Tools: echo (text), fail (the tool reports an error), crash (the process exits at once),
slow (sleeps; can mark that it started), math.add (a name tool APIs refuse: it travels as
math_add), note (a parameter named `title`), pid.
"""

from __future__ import annotations

import argparse
import os
import time

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

server = MCPServer("demo", log_level="WARNING")


@server.tool()
def echo(text: str, times: int = 1) -> str:
    """Repeat the text."""
    return " ".join([text] * times)


@server.tool()
def fail(reason: str) -> str:
    """Always fails, saying why."""
    raise ToolError(f"cannot do that: {reason}")


@server.tool()
def crash() -> str:
    """The server process exits mid-call."""
    os._exit(3)


@server.tool()
def slow(seconds: float, marker: str = "") -> str:
    """Sleep, then say so. `marker`: a file written when the call starts."""
    if marker:
        with open(marker, "w", encoding="utf-8") as f:
            f.write("started")
    time.sleep(seconds)
    return f"slept {seconds:g}"


@server.tool(name="math.add")
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@server.tool()
def note(title: str, body: str = "") -> str:
    """Write a note."""
    return f"noted {title}: {body}"


@server.tool()
def pid() -> int:
    """The server's process id."""
    return os.getpid()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pidfile")
    parser.add_argument("--http", type=int, metavar="PORT")
    args = parser.parse_args()
    if args.pidfile:
        with open(args.pidfile, "a", encoding="utf-8") as f:
            f.write(f"{os.getpid()}\n")
    if args.http:
        server.run("streamable-http", host="127.0.0.1", port=args.http)
    else:
        server.run()


if __name__ == "__main__":
    main()
