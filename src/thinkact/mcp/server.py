"""MCP servers as toolsets: `mcp_stdio("python server.py")`, `mcp_http(url)`.

    agent = Agent(model, tools=[calculator, mcp_stdio("uvx mcp-server-time")])
    agent.run("What time is it in Tokyo?")      # the server starts, and stops with the run

    with mcp_stdio("python server.py") as server:  # held open: several runs, one server
        print([t.name for t in server.list_tools()])
        print(server.call("echo", {"text": "hi"}))

Nothing starts until the tools are first listed or called. A server an Agent's run started
stops when the run ends, however it ends; one held by a `with` block stops at its end; any
left stop when the process exits. After a crash the server is started again on the next
call (at most `max_restarts` times); the failed call becomes an observation.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import shlex
import tempfile
import threading
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from thinkact.errors import UserError
from thinkact.mcp.errors import McpConnectionError

if TYPE_CHECKING:
    from mcp import Client

    from thinkact.mcp.connection import Connection
    from thinkact.mcp.tools import McpTool
    from thinkact.tools.base import Tool

T = TypeVar("T")


@dataclass(frozen=True)
class Stdio:
    """A server started as a subprocess, spoken to over its stdin and stdout."""

    command: tuple[str, ...]
    env: Mapping[str, str] | None = None  # added to the SDK's safe default environment
    cwd: str | None = None
    stderr: TextIO | None = None  # None: kept, and quoted when the server fails

    @property
    def label(self) -> str:
        return f"`{shlex.join(self.command)}`"


@dataclass(frozen=True)
class Http:
    """A running server reached over streamable HTTP."""

    url: str
    headers: Mapping[str, str] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return self.url


class McpServer:
    """An MCP server whose tools an Agent can use (a thinkact Toolset; iterating it gives
    its tools). Build one with `mcp_stdio` or `mcp_http`.

    `prefix` goes before each tool's name (two servers with a `search` tool); `include`
    keeps only the tools named; `needs_approval` applies to every tool (True) or to the
    tools named; `timeout` (seconds, per call) and `max_calls` (per run) to every tool.
    """

    def __init__(
        self,
        transport: Stdio | Http,
        *,
        prefix: str = "",
        include: Collection[str] | None = None,
        needs_approval: bool | Collection[str] = False,
        timeout: float | None = None,
        max_calls: int | None = None,
        startup_timeout: float = 30.0,
        max_restarts: int = 2,
    ) -> None:
        self.transport = transport
        self.prefix = prefix
        self.include = None if include is None else frozenset(include)
        self.needs_approval = (
            needs_approval if isinstance(needs_approval, bool) else frozenset(needs_approval)
        )
        self.timeout = timeout
        self.max_calls = max_calls
        self.startup_timeout = startup_timeout
        self.max_restarts = max_restarts
        self.crashes = 0  # connections that ended without close(), failed starts included
        self._given_up = False
        self._tools: list[McpTool] | None = None
        self._connection: Connection | None = None
        self._holders = 0
        self._lock = threading.Lock()

    @property
    def label(self) -> str:
        return self.transport.label

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"<McpServer {self.label} {state}>"

    @property
    def running(self) -> bool:
        c = self._connection
        return c is not None and c.ready.done() and not c.finished.is_set()

    # --- lifecycle ---------------------------------------------------------------------------

    def start(self) -> McpServer:
        """Connect now (otherwise the first listing or call does). Raises McpConnectionError."""
        self._connect().wait_ready()
        return self

    def close(self) -> None:
        """Stop the server (a stdio server's process is gone when this returns). It starts
        again if used again, with `max_restarts` restarts allowed again."""
        with self._lock:
            connection, self._connection = self._connection, None
            self.crashes, self._given_up = 0, False  # used again: restarts allowed again
        if connection is not None:
            connection.close()

    def __enter__(self) -> McpServer:
        """Hold the server open until the block ends (it still starts on first use)."""
        with self._lock:
            self._holders += 1
        return self

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self._holders -= 1
            last = self._holders == 0
        if last:
            self.close()

    async def __aenter__(self) -> McpServer:
        return self.__enter__()

    async def __aexit__(self, *exc: object) -> None:
        await asyncio.to_thread(self.__exit__)

    # --- tools -------------------------------------------------------------------------------

    def list_tools(self, *, refresh: bool = False) -> list[Tool]:
        """The server's tools as thinkact Tools (listed once, then kept)."""
        if self._tools is None or refresh:
            connection = self._connect()
            connection.wait_ready()
            self._tools = self._convert(_result(connection.submit(connection.list_tools())))
        return list(self._tools)

    async def alist_tools(self, *, refresh: bool = False) -> list[Tool]:
        if self._tools is None or refresh:
            connection = self._connect()
            await connection.await_ready()
            listed = await _aresult(connection.submit(connection.list_tools()))
            self._tools = self._convert(listed)
        return list(self._tools)

    def __iter__(self) -> Iterator[Tool]:
        return iter(self.list_tools())

    def _convert(self, listed: Sequence[Any]) -> list[McpTool]:
        from thinkact.mcp.tools import to_tool

        return [
            to_tool(
                t,
                self,
                prefix=self.prefix,
                needs_approval=self.needs_approval,
                timeout=self.timeout,
                max_calls=self.max_calls,
            )
            for t in listed
            if self.include is None or t.name in self.include
        ]

    # --- calls -------------------------------------------------------------------------------

    def call(
        self, name: str, arguments: Mapping[str, Any] | None = None, *, timeout: float | None = None
    ) -> str:
        """Call the tool `name` (its name on the server) and return its text. Raises
        McpToolError (the tool failed) or McpConnectionError (the server did)."""
        connection = self._connect()
        connection.wait_ready()
        future = connection.submit(connection.call_tool(name, dict(arguments or {})))
        try:
            return _result(future, timeout, connection)
        except TimeoutError:
            future.cancel()  # the request is cancelled on the server too
            raise
        except McpConnectionError:
            self._restart_soon(connection)
            raise

    async def acall(self, name: str, arguments: Mapping[str, Any] | None = None) -> str:
        """Async twin of `call`; cancelling it (a tool timeout) cancels the request."""
        connection = self._connect()
        await connection.await_ready()
        future = connection.submit(connection.call_tool(name, dict(arguments or {})))
        try:
            return await _aresult(future, connection)
        except McpConnectionError:
            self._restart_soon(connection)
            raise

    def _restart_soon(self, crashed: Connection) -> None:
        """After a crash, start the server again now, in the background: the next call
        should not spend its timeout waiting for the server to start."""

        def restart() -> None:
            if self._connection is crashed and crashed.dead:  # not closed on purpose
                with contextlib.suppress(McpConnectionError):
                    self._connect()

        threading.Thread(target=restart, name=f"mcp restart {self.label}", daemon=True).start()

    def _connect(self) -> Connection:
        """The live connection, or a new one (which starts the server)."""
        with self._lock:
            connection = self._connection
            if connection is not None:
                if not (connection.dead or connection.finished.is_set()):
                    return connection
                if not self._given_up:  # close() forgets its connection: this one ended itself
                    self.crashes += 1
                    self._given_up = self.crashes > self.max_restarts
                if self._given_up:
                    raise McpConnectionError(
                        f"the MCP server {self.label} stopped {self.crashes} times and is not "
                        "started again; continue without its tools"
                    )
                connection.close()  # already stopping: this waits for the process to go
            self._connection = self._start_connection()
            return self._connection

    def _start_connection(self) -> Connection:
        from thinkact.mcp.connection import Connection

        transport = self.transport
        if isinstance(transport, Http):
            return Connection(
                lambda stack: _open_http(transport, stack),
                self.label,
                startup_timeout=self.startup_timeout,
                remote=True,
            )
        kept = None
        if transport.stderr is None:  # kept, and quoted when the server fails
            # closed by the connection once the server has stopped
            kept = tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace")  # noqa: SIM115
        log = transport.stderr or kept
        assert log is not None
        return Connection(
            lambda stack: _open_stdio(transport, log, stack),
            self.label,
            startup_timeout=self.startup_timeout,
            log=kept,
        )


def _result(
    future: concurrent.futures.Future[T],
    timeout: float | None = None,
    connection: Connection | None = None,
) -> T:
    try:
        return future.result(timeout)
    except concurrent.futures.CancelledError:  # the connection ended with the call in flight
        if connection is None:
            raise McpConnectionError("the MCP server stopped during the call") from None
        raise connection.gone() from None


async def _aresult(future: concurrent.futures.Future[T], connection: Connection | None = None) -> T:
    try:
        return await asyncio.wrap_future(future)
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if task is not None and task.cancelling():
            raise  # our caller is cancelling us (a timeout, Ctrl-C): not the server's doing
        if connection is None:
            raise McpConnectionError("the MCP server stopped during the call") from None
        raise connection.gone() from None


# --- transports ------------------------------------------------------------------------------


async def _open_stdio(transport: Stdio, log: TextIO, stack: AsyncExitStack) -> Client:
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    command, *args = transport.command
    params = StdioServerParameters(
        command=command,
        args=args,
        env=dict(transport.env) if transport.env is not None else None,
        cwd=transport.cwd,
    )
    client = Client(stdio_client(params, errlog=log), cache=None)
    return await stack.enter_async_context(client)


async def _open_http(transport: Http, stack: AsyncExitStack) -> Client:
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    http = httpx2.AsyncClient(
        headers=dict(transport.headers), timeout=httpx2.Timeout(30.0, read=300.0)
    )
    await stack.enter_async_context(http)
    client = Client(streamable_http_client(transport.url, http_client=http), cache=None)
    return await stack.enter_async_context(client)


# --- constructors ----------------------------------------------------------------------------


def mcp_stdio(
    command: str | Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    cwd: str | os.PathLike[str] | None = None,
    stderr: TextIO | None = None,
    prefix: str = "",
    include: Collection[str] | None = None,
    needs_approval: bool | Collection[str] = False,
    timeout: float | None = None,
    max_calls: int | None = None,
    startup_timeout: float = 30.0,
) -> McpServer:
    """An MCP server run as a subprocess: `command` is a command line ("uvx mcp-server-time",
    split as a shell would, without running one) or a list of arguments. The server gets the
    SDK's safe default environment (PATH, HOME, ...) plus `env`. Its stderr is kept and
    quoted when it fails, unless `stderr` (e.g. sys.stderr) is given. Nothing starts yet."""
    if isinstance(command, str):
        try:
            parts = tuple(shlex.split(command))
        except ValueError as e:
            raise UserError(f"cannot read the MCP server command {command!r}: {e}") from None
    else:
        parts = tuple(str(p) for p in command)
    if not parts:
        raise UserError("the MCP server command is empty")
    place = str(Path(cwd)) if cwd is not None else None
    return McpServer(
        Stdio(parts, env, place, stderr),
        prefix=prefix,
        include=include,
        needs_approval=needs_approval,
        timeout=timeout,
        max_calls=max_calls,
        startup_timeout=startup_timeout,
    )


def mcp_http(
    url: str,
    *,
    headers: Mapping[str, str] | None = None,
    prefix: str = "",
    include: Collection[str] | None = None,
    needs_approval: bool | Collection[str] = False,
    timeout: float | None = None,
    max_calls: int | None = None,
    startup_timeout: float = 30.0,
) -> McpServer:
    """An MCP server reached over streamable HTTP at `url` (e.g. http://127.0.0.1:8000/mcp);
    `headers` go with every request (e.g. Authorization). Nothing connects yet."""
    if not url.startswith(("http://", "https://")):
        raise UserError(f"an MCP server URL starts with http:// or https://, not {url!r}")
    return McpServer(
        Http(url, dict(headers or {})),
        prefix=prefix,
        include=include,
        needs_approval=needs_approval,
        timeout=timeout,
        max_calls=max_calls,
        startup_timeout=startup_timeout,
    )


__all__ = ["Http", "McpServer", "Stdio", "mcp_http", "mcp_stdio"]
