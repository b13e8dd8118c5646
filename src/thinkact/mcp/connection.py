"""One connection to an MCP server: an event loop in a thread of its own holds the SDK's
client open from the handshake until `close()`, and runs the calls sent to it from any
thread or event loop.

The SDK is async and its transports live in anyio task groups, which must be entered and
left by one task: that task is `_hold`, so the transport (and the server process it owns)
is always shut down by the SDK's own code, whoever asked for the close and whenever.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import math
import os
import threading
from collections.abc import Awaitable, Callable, Coroutine
from contextlib import AsyncExitStack
from typing import Any, TextIO, TypeVar

import anyio
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp.types import CONNECTION_CLOSED, CallToolResult, ListToolsResult

from thinkact.mcp.errors import McpConnectionError, McpToolError
from thinkact.mcp.tools import result_text

T = TypeVar("T")
Opener = Callable[[AsyncExitStack], Awaitable[Client]]

_OPEN: set[Connection] = set()  # closed at exit if nobody closed them: no server outlives us
_OPEN_LOCK = threading.Lock()


class Connection:
    """Started at construction; `ready` resolves once the handshake is done (or failed)."""

    def __init__(
        self,
        open_client: Opener,
        label: str,
        *,
        startup_timeout: float = 30.0,
        log: TextIO | None = None,
        remote: bool = False,
    ) -> None:
        self.label = label
        self.remote = remote  # reached over the network, not started by us
        self._open_client = open_client
        self._startup_timeout = startup_timeout
        self._log = log  # the server's stderr, quoted in error messages; closed at the end
        self._last_words = ""
        self._client: Client | None = None
        self.dead = False  # the server closed the connection: do not send it more calls
        self._scope: anyio.CancelScope | None = None
        self._closing = False
        self._stop = asyncio.Event()  # bound to the loop on first use, in the thread
        self.ready: concurrent.futures.Future[None] = concurrent.futures.Future()
        self.finished = threading.Event()  # _hold has ended: the server is stopped
        self.failure: BaseException | None = None  # why it ended, when nobody closed it
        self._loop = asyncio.new_event_loop()
        with _OPEN_LOCK:
            _OPEN.add(self)
        self._thread = threading.Thread(target=self._main, name=f"mcp {label}", daemon=True)
        self._thread.start()

    # --- the thread --------------------------------------------------------------------------

    def _main(self) -> None:
        with asyncio.Runner(loop_factory=lambda: self._loop) as runner:
            runner.run(self._hold())
        # Runner.close() cancelled what was left (calls in flight) and closed the loop.

    async def _hold(self) -> None:
        try:
            if self._closing:
                return
            # One scope around the whole connection (anyio's scopes must nest with the task
            # groups the transport opens): its deadline is the handshake's, lifted once done;
            # close() during the handshake cancels it.
            deadline = anyio.current_time() + self._startup_timeout
            with anyio.CancelScope(deadline=deadline) as self._scope:
                async with AsyncExitStack() as stack:
                    self._client = await self._open_client(stack)
                    self._scope.deadline = math.inf
                    self._settle(None)
                    await self._stop.wait()
            if self._scope.cancelled_caught and not self._closing:
                self.failure = TimeoutError()
        except BaseException as e:  # ends the thread, never the process
            self.failure = e
            if not isinstance(e, Exception):  # cancelled: only close() cancels us
                self.failure = None
        finally:
            self._client = None
            if self._log is not None:
                self._last_words = _tail(self._log)
            if not self.ready.done():
                self._settle(self._startup_error())
            if self._log is not None:
                self._log.close()
            self.finished.set()
            with _OPEN_LOCK:
                _OPEN.discard(self)

    def _settle(self, error: BaseException | None) -> None:
        try:
            if error is None:
                self.ready.set_result(None)
            else:
                self.ready.set_exception(error)
        except concurrent.futures.InvalidStateError:
            pass

    def _startup_error(self) -> McpConnectionError:
        e = _leaf(self.failure) if self.failure is not None else None
        if self._closing and e is None:
            return McpConnectionError(f"the MCP server {self.label} was closed while starting")
        if isinstance(e, TimeoutError):
            why = f"it did not finish the MCP handshake within {self._startup_timeout:g} s"
        elif isinstance(e, OSError) and not isinstance(e, ConnectionError):
            why = str(e)  # e.g. [Errno 2] No such file or directory: 'nosuchserver'
        elif isinstance(e, MCPError) and e.code == CONNECTION_CLOSED:
            why = "it closed the connection during the MCP handshake (did it exit?)"
        elif e is not None:
            why = _describe(e)
        else:
            why = "the connection ended"
        verb = "reach" if self.remote else "start"
        return McpConnectionError(f"cannot {verb} the MCP server {self.label}: {why}{self._tail()}")

    def _tail(self, since: int = 0) -> str:
        words = self._last_words
        if self._log is not None and not self._log.closed:
            words = _tail(self._log, since)
        return f". It wrote: {words}" if words else ""

    # --- from other threads ------------------------------------------------------------------

    def wait_ready(self) -> None:
        self.ready.result()

    async def await_ready(self) -> None:
        # shield: a caller's timeout must not cancel `ready` for everyone else waiting
        await asyncio.shield(asyncio.wrap_future(self.ready))

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run `coro` on this connection's loop."""
        if self.finished.is_set():
            coro.close()
            raise self.gone()
        try:
            return asyncio.run_coroutine_threadsafe(coro, self._loop)
        except RuntimeError:  # the loop closed in between
            coro.close()
            raise self.gone() from None

    def gone(self, since: int = 0) -> McpConnectionError:
        """The error for a call this connection can no longer serve (quoting what the server
        wrote to stderr after offset `since`)."""
        if self._closing:
            return McpConnectionError(f"the MCP server {self.label} was closed during the call")
        why = f" ({_describe(self.failure)})" if self.failure is not None else ""
        return McpConnectionError(
            f"the MCP server {self.label} closed the connection{why}; it may have crashed"
            f"{self._tail(since)}. It is {'reconnected' if self.remote else 'started again'} "
            "for the next call."
        )

    def close(self, timeout: float = 15.0) -> None:
        """Stop the server and the thread (the SDK gives a stdio server 2 s to exit on its
        own before it is terminated, then killed)."""
        self._closing = True
        if not self.finished.is_set():
            with contextlib.suppress(RuntimeError):  # the loop is already closed
                self._loop.call_soon_threadsafe(self._cancel)
            self.finished.wait(timeout)
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    def _cancel(self) -> None:
        self._stop.set()
        if not self.ready.done() and self._scope is not None:
            self._scope.cancel()

    # --- the calls (run on this connection's loop) -------------------------------------------

    async def list_tools(self) -> list[Any]:
        client = self._connected()
        tools: list[Any] = []
        cursor: str | None = None
        for _ in range(100):  # pages
            page: ListToolsResult = await self._request(client.list_tools(cursor=cursor))
            tools += page.tools
            cursor = page.next_cursor
            if not cursor:
                break
        return tools

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> str:
        client = self._connected()
        result: CallToolResult = await self._request(client.call_tool(name, arguments))
        text = result_text(result)
        if result.is_error:
            raise McpToolError(text if text != "(no output)" else f"{name} failed (no message)")
        return text

    def _connected(self) -> Client:
        if self._client is None:
            raise self.gone()
        return self._client

    async def _request(self, request: Awaitable[T]) -> T:
        since = _log_size(self._log)
        try:
            return await request
        except MCPError as e:
            if e.code == CONNECTION_CLOSED:
                self.dead = True  # the next call starts the server again
                self._stop.set()
                raise self.gone(since) from None
            raise McpToolError(e.message) from None


def _tail(log: TextIO, since: int = 0, limit: int = 600) -> str:
    """The end of what the server wrote to stderr after offset `since`, read without moving
    the file offset (which the server process shares)."""
    try:
        fd = log.fileno()
        size = os.fstat(fd).st_size
        start = max(since, size - limit)
        data = os.pread(fd, size - start, start) if size > start else b""
    except (OSError, ValueError):
        return ""
    lines = [line.strip() for line in data.decode("utf-8", "replace").splitlines()]
    return " | ".join(line for line in lines if line)[-limit:]


def _log_size(log: TextIO | None) -> int:
    try:
        return os.fstat(log.fileno()).st_size if log is not None else 0
    except (OSError, ValueError):
        return 0


def _leaf(e: BaseException) -> BaseException:
    """The first exception inside the exception groups anyio raises."""
    while isinstance(e, BaseExceptionGroup) and e.exceptions:
        e = e.exceptions[0]
    return e


def _describe(e: BaseException) -> str:
    e = _leaf(e)
    text = str(e) or "(no message)"
    return f"{type(e).__name__}: {text}"


@atexit.register
def _close_all() -> None:
    with _OPEN_LOCK:
        left = list(_OPEN)
    for connection in left:
        connection.close(timeout=5.0)


__all__ = ["Connection", "Opener"]
