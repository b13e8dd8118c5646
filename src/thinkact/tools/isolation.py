"""Run a sync tool in a worker process that is killed when its timeout passes.

Threads cannot be stopped; processes can. Used for tools marked `isolate=True`.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from thinkact.tools.base import Tool


class IsolatedToolError(Exception):
    """An exception raised inside the worker, carried back by type name and message."""

    def __init__(self, type_name: str, message: str) -> None:
        super().__init__(message)
        self.type_name = type_name


def _worker(conn: multiprocessing.connection.Connection, tool: Tool, args: dict[str, Any]) -> None:
    try:
        conn.send(("ok", tool.call(args)))
    except BaseException as e:  # everything goes back to the parent as an observation
        conn.send(("error", (type(e).__name__, str(e))))
    finally:
        conn.close()


def run_isolated(tool: Tool, arguments: Mapping[str, Any], timeout: float) -> str:
    """Call `tool` in a forked process; kill it and raise TimeoutError after `timeout` s."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_worker, args=(child, tool, dict(arguments)), daemon=True)
    proc.start()
    child.close()
    try:
        if not parent.poll(timeout):
            raise TimeoutError(f"{tool.name} did not finish within {timeout:g} s")
        status, payload = parent.recv()
    except EOFError:
        raise RuntimeError(f"{tool.name}'s worker process died (exit code {proc.exitcode})") from None
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        parent.close()
    if status == "error":
        type_name, message = payload
        raise IsolatedToolError(type_name, message)
    return str(payload)
