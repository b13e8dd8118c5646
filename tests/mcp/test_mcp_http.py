"""The streamable HTTP transport, against the demo server run with `--http PORT` in a
subprocess on 127.0.0.1."""

from __future__ import annotations

import pytest
from mcp_helpers import call, final, free_port, start_http_server

from thinkact import Agent
from thinkact.events import Event, ToolFinished
from thinkact.mcp import McpConnectionError, McpToolError, mcp_http
from thinkact.testing import ScriptedModel


def test_list_and_call_over_http(http_url: str) -> None:
    with mcp_http(http_url) as server:
        tools = {t.name: t for t in server.list_tools()}
        assert {"echo", "fail", "math_add"} <= set(tools)
        assert tools["echo"].parameters["properties"]["text"] == {"type": "string"}
        assert server.call("echo", {"text": "over http"}) == "over http"
        with pytest.raises(McpToolError, match="cannot do that: r"):
            server.call("fail", {"reason": "r"})


def test_an_agent_run_over_http(http_url: str) -> None:
    model = ScriptedModel([call("math_add", a=20, b=22), call("fail", reason="x"), final("42")])
    seen: list[str] = []

    def keep(event: Event) -> None:
        if isinstance(event, ToolFinished):
            seen.append(event.result.content)

    server = mcp_http(http_url)
    result = Agent(model, [server], reporters=[keep]).run("add")
    assert result.final_answer == "42"
    assert seen == ["42", "TOOL ERROR: McpToolError: Error executing tool fail: cannot do that: x"]
    assert not server.running  # the run's connection is closed with it


def test_a_server_that_goes_away_is_an_observation() -> None:
    port = free_port()
    proc = start_http_server(port)
    try:
        seen: list[str] = []

        def keep(event: Event) -> None:
            if isinstance(event, ToolFinished):
                seen.append(event.result.content)
                proc.kill()  # after the first call: the server is gone
                proc.wait()

        model = ScriptedModel([call("echo", text="a"), call("echo", text="b"), final("ok")])
        Agent(model, [mcp_http(f"http://127.0.0.1:{port}/mcp")], reporters=[keep]).run("go")
        first, second = seen
        assert first == "a"
        assert second.startswith("TOOL ERROR: McpConnectionError: the MCP server http://127.0.0.1:")
        assert "reconnected for the next call" in second
    finally:
        proc.kill()
        proc.wait()


def test_nothing_listening() -> None:
    url = f"http://127.0.0.1:{free_port()}/mcp"
    with pytest.raises(McpConnectionError) as e:
        mcp_http(url).list_tools()
    assert str(e.value).startswith(f"cannot reach the MCP server {url}: ConnectError")
