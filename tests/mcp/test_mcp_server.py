"""McpServer over stdio against a real server subprocess (tests/mcp/servers/demo.py): tools
and their schemas, sync and async calls, errors, a crash and the restart after it, start-up
failures, and the process gone once the server is closed."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from mcp_helpers import alive, demo_command, pids, wait_until

from thinkact.mcp import McpConnectionError, McpServer, McpToolError, mcp_stdio
from thinkact.mcp.tools import McpTool
from thinkact.tools.base import ToolArgumentError


def test_the_tools_keep_the_servers_names_descriptions_and_schemas(shared: McpServer) -> None:
    tools = {t.name: t for t in shared.list_tools()}
    assert list(tools) == ["echo", "fail", "crash", "slow", "math_add", "note", "pid"]
    echo = tools["echo"]
    assert echo.description == "Repeat the text."
    assert echo.parameters == {
        "type": "object",
        "properties": {"text": {"type": "string"}, "times": {"type": "integer", "default": 1}},
        "required": ["text"],
    }
    # A parameter named `title` is a parameter, not a schema title to drop.
    assert set(tools["note"].parameters["properties"]) == {"title", "body"}
    # `math.add` travels as math_add (tool APIs refuse dots) and is called by its own name.
    add = tools["math_add"]
    assert isinstance(add, McpTool) and add.remote_name == "math.add"
    assert asyncio.run(add.acall({"a": 2, "b": 3})) == "5"
    assert all(t.is_async and not t.needs_approval and t.timeout is None for t in tools.values())


def test_calls_sync_and_async(shared: McpServer) -> None:
    assert shared.call("echo", {"text": "hi", "times": 2}) == "hi hi"
    assert asyncio.run(shared.acall("echo", {"text": "async"})) == "async"

    async def three_at_once() -> list[str]:
        calls = [shared.acall("echo", {"text": str(i)}) for i in range(3)]
        return list(await asyncio.gather(*calls))

    assert asyncio.run(three_at_once()) == ["0", "1", "2"]


def test_a_failing_tool_and_an_unknown_one_raise_mcp_tool_error(shared: McpServer) -> None:
    with pytest.raises(McpToolError, match="cannot do that: no reason"):
        shared.call("fail", {"reason": "no reason"})
    with pytest.raises(McpToolError, match="nosuchtool"):
        shared.call("nosuchtool", {})
    assert shared.call("echo", {"text": "still fine"}) == "still fine"


def test_arguments_are_checked_against_the_schema_before_the_call(shared: McpServer) -> None:
    echo = {t.name: t for t in shared.list_tools()}["echo"]
    with pytest.raises(ToolArgumentError) as e:
        echo.validate({"text": 5, "extra": 1})
    assert str(e.value) == "argument 'text': 5 is not of type 'string'"
    with pytest.raises(ToolArgumentError, match="'text' is a required property"):
        echo.validate({})
    # Numbers sent as text become numbers where the schema wants them (as pydantic's lax mode).
    assert echo.validate({"text": "a", "times": "3"}) == {"text": "a", "times": 3}


def test_a_timeout_cancels_the_request_and_the_server_goes_on(shared: McpServer) -> None:
    with pytest.raises(TimeoutError):
        shared.call("slow", {"seconds": 30}, timeout=0.3)

    async def cancelled() -> None:
        await asyncio.wait_for(shared.acall("slow", {"seconds": 30}), 0.3)

    with pytest.raises(TimeoutError):
        asyncio.run(cancelled())
    assert shared.call("echo", {"text": "after"}) == "after"


def test_nothing_starts_before_first_use_and_close_ends_the_process(pidfile: Path) -> None:
    server = mcp_stdio(demo_command(pidfile))
    assert pids(pidfile) == [] and not server.running
    assert server.call("echo", {"text": "x"}) == "x"  # a call starts it too
    (pid,) = pids(pidfile)
    assert alive(pid) and server.running
    server.close()
    assert not alive(pid) and not server.running
    assert server.call("pid") != str(pid)  # used again: started again
    server.close()
    assert not any(alive(p) for p in pids(pidfile))


def test_a_with_block_holds_the_server_and_closes_it_at_the_end(pidfile: Path) -> None:
    server = mcp_stdio(demo_command(pidfile))
    with server:
        with server:
            first = server.call("pid")
        assert server.running  # the outer block still holds it
        assert server.call("pid") == first
    assert not server.running and not alive(int(first))


def test_a_crash_mid_call_is_an_error_and_the_next_call_restarts_the_server(
    pidfile: Path,
) -> None:
    with mcp_stdio(demo_command(pidfile)) as server:
        first = server.call("pid")
        with pytest.raises(McpConnectionError) as e:
            server.call("crash")
        assert "closed the connection" in str(e.value)
        assert "started again for the next call" in str(e.value)
        assert wait_until(lambda: not alive(int(first)))
        assert server.call("echo", {"text": "back"}) == "back"
        assert server.call("pid") != first and server.crashes == 1
    assert not any(alive(p) for p in pids(pidfile))


def test_after_max_restarts_the_server_is_left_stopped(pidfile: Path) -> None:
    server = McpServer(mcp_stdio(demo_command(pidfile)).transport, max_restarts=1)
    with server:
        for _ in range(2):
            with pytest.raises(McpConnectionError, match="crashed"):
                server.call("crash")
        with pytest.raises(McpConnectionError, match="stopped 2 times and is not started again"):
            server.call("echo", {"text": "x"})
    assert len(pids(pidfile)) == 2 and not any(alive(p) for p in pids(pidfile))


def test_a_command_that_does_not_exist() -> None:
    server = mcp_stdio("no-such-mcp-server --flag")
    with pytest.raises(McpConnectionError) as e:
        server.list_tools()
    assert str(e.value) == (
        "cannot start the MCP server `no-such-mcp-server --flag`: "
        "[Errno 2] No such file or directory: 'no-such-mcp-server'"
    )


def test_a_server_that_exits_at_once_is_quoted(tmp_path: Path) -> None:
    code = "import sys; print('missing config file', file=sys.stderr); sys.exit(3)"
    with pytest.raises(McpConnectionError) as e:
        mcp_stdio([sys.executable, "-c", code]).list_tools()
    message = str(e.value)
    assert "closed the connection during the MCP handshake" in message
    assert message.endswith("It wrote: missing config file")


def test_a_server_that_never_answers_times_out_and_is_stopped(tmp_path: Path) -> None:
    pidfile = tmp_path / "pid"
    code = f"import os, time; open({str(pidfile)!r}, 'w').write(str(os.getpid())); time.sleep(60)"
    server = mcp_stdio([sys.executable, "-c", code], startup_timeout=1.0)
    with pytest.raises(McpConnectionError, match="did not finish the MCP handshake within 1 s"):
        server.list_tools()
    assert not alive(int(pidfile.read_text()))


def test_the_server_is_an_iterable_of_tools(shared: McpServer) -> None:
    assert [t.name for t in shared][:2] == ["echo", "fail"]


def test_options_prefix_include_approval_timeout_quota(pidfile: Path) -> None:
    server = mcp_stdio(
        demo_command(pidfile),
        prefix="demo.",
        include=["echo", "math.add"],
        needs_approval=["math.add"],
        timeout=5,
        max_calls=2,
    )
    with server:
        tools = {t.name: t for t in server.list_tools()}
    assert list(tools) == ["demo_echo", "demo_math_add"]
    assert [t.needs_approval for t in tools.values()] == [False, True]
    assert {(t.timeout, t.max_calls) for t in tools.values()} == {(5, 2)}
