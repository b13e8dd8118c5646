"""Run a sync tool in a worker process that is killed when its timeout passes.

Threads cannot be stopped; processes can. Used for tools marked `isolate=True`. The worker
is forked (so closures and their workspaces need no pickling) and leads its own process
group, so a timeout also kills whatever the tool started (a shell, a converter...).
The tool sees a copy of the run's `ToolContext.state`; events it emits are carried back,
changes it makes to the state are not.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import signal
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from thinkact.tools.base import Tool, ToolContext


class IsolatedToolError(Exception):
    """An exception raised inside the worker, carried back by type name and message."""

    def __init__(self, type_name: str, message: str) -> None:
        super().__init__(message)
        self.type_name = type_name


def _worker(
    conn: multiprocessing.connection.Connection,
    tool: Tool,
    args: dict[str, Any],
    ctx: ToolContext | None,
) -> None:
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    events: list[Any] = []
    try:
        text = tool.call(args, ctx)
        events = list(ctx.events) if ctx is not None else []
        conn.send(("ok", text, events))
    except BaseException as e:  # everything goes back to the parent as an observation
        from thinkact.errors import ToolRetry

        kind = "ToolRetry" if isinstance(e, ToolRetry) else type(e).__name__
        conn.send(("error", (kind, str(e)), events))
    finally:
        conn.close()


def run_isolated(
    tool: Tool,
    arguments: Mapping[str, Any],
    timeout: float | None,
    ctx: ToolContext | None = None,
) -> str:
    """Call `tool` in a forked process; kill it and raise TimeoutError after `timeout` s."""
    tool.validate(arguments)  # bad arguments are reported like any tool's, without a fork
    mp = multiprocessing.get_context("fork")
    parent, child = mp.Pipe(duplex=False)
    proc = mp.Process(target=_worker, args=(child, tool, dict(arguments), ctx), daemon=True)
    proc.start()
    child.close()
    status: str | None = None
    try:
        if not parent.poll(timeout):
            raise TimeoutError(f"{tool.name} did not finish within {timeout:g} s")
        with contextlib.suppress(EOFError):  # the worker died before it could answer
            status, payload, events = parent.recv()
    finally:
        _kill(proc)
        parent.close()
    if status is None:
        raise RuntimeError(f"{tool.name}'s worker process died (exit code {proc.exitcode})")
    if ctx is not None:
        ctx.events.extend(events)
    if status == "error":
        type_name, message = payload
        if type_name == "ToolRetry":
            from thinkact.errors import ToolRetry

            raise ToolRetry(message)
        raise IsolatedToolError(type_name, message)
    return str(payload)


def _kill(proc: multiprocessing.process.BaseProcess) -> None:
    """Kill the worker's process group (the worker and what it started), then reap it."""
    pid = proc.pid
    if pid is not None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)
    if proc.is_alive():
        proc.kill()
    proc.join()
