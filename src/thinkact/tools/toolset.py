"""Toolsets: tools known only once asked for, such as an MCP server's.

An Agent given a toolset lists its tools when a run starts and holds it (a context manager)
until the run ends, however it ends: a server the run started stops with the run, while a
server the caller holds open (`with server:`) stays up for the next run.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from contextlib import ExitStack
from typing import Any, Protocol, runtime_checkable

from thinkact.errors import UserError
from thinkact.tools.base import Tool


@runtime_checkable
class Toolset(Protocol):
    def list_tools(self) -> Sequence[Tool]:
        """The tools (starting whatever serves them if it is not running)."""
        ...

    def __enter__(self) -> Any: ...

    def __exit__(self, *exc: object) -> Any: ...


def list_toolsets(toolsets: Sequence[Toolset]) -> list[Tool]:
    return [t for toolset in toolsets for t in toolset.list_tools()]


def open_toolsets(
    toolsets: Sequence[Toolset], taken: Collection[str] = ()
) -> tuple[list[Tool], ExitStack]:
    """Hold each toolset open and list its tools: (the tools, the stack that releases them).
    On any failure what was held is released. `taken`: names already in use; a toolset's
    tool with one of them is a UserError (give the server a prefix)."""
    with ExitStack() as stack:
        tools: list[Tool] = []
        names = set(taken)
        for toolset in toolsets:
            stack.enter_context(toolset)
            for t in toolset.list_tools():
                if t.name in names:
                    raise UserError(
                        f"two tools are named {t.name!r}: give one of the MCP servers a prefix "
                        "(mcp_stdio(..., prefix='name_'))"
                    )
                names.add(t.name)
                tools.append(t)
        return tools, stack.pop_all()


__all__ = ["Toolset", "list_toolsets", "open_toolsets"]
