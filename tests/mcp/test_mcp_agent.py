"""MCP tools in Agent runs (a ScriptedModel making native tool calls, a real server
subprocess): observations for results, tool errors, bad arguments and a crash; approval,
timeouts and quotas from the runtime; the server started by the run and gone after it,
however the run ends."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from mcp_helpers import alive, call, demo_command, final, pids, wait_until

from thinkact import Agent, ToolCall
from thinkact.events import Event, RunStarted, ToolDenied, ToolFinished
from thinkact.mcp import McpServer, mcp_stdio
from thinkact.testing import ScriptedModel
from thinkact.tools.base import Tool


def observations(events: list[Event]) -> dict[str, str]:
    return {e.call.id: e.result.content for e in events if isinstance(e, ToolFinished)}


def run(agent: Agent, task: str = "go") -> tuple[Any, list[Event]]:
    events: list[Event] = []
    agent.reporters.append(events.append)
    return agent.run(task), events


def test_a_run_uses_the_servers_tools_and_stops_the_server(pidfile: Path) -> None:
    server = mcp_stdio(demo_command(pidfile))
    model = ScriptedModel(
        [
            call("echo", text="hi", times=2),
            call("fail", reason="no disk"),
            call("math_add", a=2, b="3"),
            call("echo", text=5),
            call("nosuch"),
            final("done"),
        ]
    )
    agent = Agent(model, [server])
    assert pids(pidfile) == []  # building the agent starts nothing
    result, events = run(agent)
    assert result.final_answer == "done" and result.ok
    started = next(e for e in events if isinstance(e, RunStarted))
    assert set(started.tools) == {"echo", "fail", "crash", "slow", "math_add", "note", "pid"}
    assert list(observations(events).values()) == [
        "hi hi",
        "TOOL ERROR: McpToolError: Error executing tool fail: cannot do that: no disk",
        "5",
        "TOOL ERROR: ValidationError: argument 'text': 5 is not of type 'string'",
        observations(events)["call_4_0"],
    ]
    assert observations(events)["call_4_0"].startswith("TOOL ERROR: UnknownTool")
    # The model was offered the server's schemas.
    (spec,) = [t for t in model.requests[0].tools if t.name == "echo"]
    assert spec.parameters["required"] == ["text"] and spec.description == "Repeat the text."
    (pid,) = pids(pidfile)
    assert not alive(pid) and not server.running


def test_a_crash_mid_run_is_an_observation_and_the_server_comes_back(pidfile: Path) -> None:
    model = ScriptedModel([call("crash"), call("echo", text="back"), final("ok")])
    result, events = run(Agent(model, [mcp_stdio(demo_command(pidfile), timeout=20)]))
    crashed, back = observations(events).values()
    assert crashed.startswith("TOOL ERROR: McpConnectionError: the MCP server `")
    assert "closed the connection; it may have crashed" in crashed
    assert back == "back" and result.ok
    assert len(pids(pidfile)) == 2 and not any(alive(p) for p in pids(pidfile))


def test_approval_applies_to_mcp_tools(pidfile: Path) -> None:
    asked: list[str] = []

    def approve(c: ToolCall, t: Tool) -> bool:
        asked.append(c.name)
        return c.arguments.get("text") == "yes"

    server = mcp_stdio(demo_command(pidfile), needs_approval=["echo"])
    model = ScriptedModel(
        [call("echo", text="no"), call("echo", text="yes"), call("pid"), final("ok")]
    )
    _, events = run(Agent(model, [server], approve=approve))
    denied, allowed, _pid = observations(events).values()
    assert denied.startswith("DENIED: the user did not approve this call.")
    assert allowed == "yes" and asked == ["echo", "echo"]  # pid needs no approval
    assert [e.call.arguments for e in events if isinstance(e, ToolDenied)] == [{"text": "no"}]


def test_a_tool_wrapped_with_needs_approval_is_refused_without_an_approver(
    shared: McpServer,
) -> None:
    echo = {t.name: t for t in shared.list_tools()}["echo"]
    guarded = replace(echo, needs_approval=True)
    _, events = run(Agent(ScriptedModel([call("echo", text="x"), final("ok")]), [guarded]))
    (text,) = observations(events).values()
    assert text.startswith("DENIED: echo needs approval and none was given.")


def test_the_runtime_timeout_stops_the_call_and_the_server_goes_on(pidfile: Path) -> None:
    marker = pidfile.parent / "started"
    server = mcp_stdio(demo_command(pidfile), timeout=1.0)
    model = ScriptedModel(
        [call("slow", seconds=30, marker=str(marker)), call("echo", text="next"), final("ok")]
    )
    _, events = run(Agent(model, [server]))
    timed_out, after = observations(events).values()
    assert timed_out == (
        "TOOL ERROR: Timeout: slow did not finish within 1 s and was stopped. "
        "Try simpler arguments or another approach."
    )
    assert marker.exists() and after == "next"
    assert not any(alive(p) for p in pids(pidfile))


def test_max_calls_is_a_quota_per_run(shared: McpServer) -> None:
    limited = [replace(t, max_calls=1) for t in shared.list_tools() if t.name == "echo"]
    model = ScriptedModel([call("echo", text="1"), call("echo", text="2"), final("ok")])
    _, events = run(Agent(model, limited))
    first, second = observations(events).values()
    assert first == "1" and second.startswith("TOOL ERROR: QuotaExceeded")


def test_an_exception_in_the_run_still_stops_the_server(pidfile: Path) -> None:
    def broken(event: Event) -> None:
        if isinstance(event, ToolFinished):
            raise RuntimeError("reporter failed")

    model = ScriptedModel([call("echo", text="x"), final("ok")])
    agent = Agent(model, [mcp_stdio(demo_command(pidfile))], reporters=[broken])
    with pytest.raises(RuntimeError, match="reporter failed"):
        agent.run("go")
    (pid,) = pids(pidfile)
    assert not alive(pid)


def test_a_run_dropped_midway_stops_the_server(pidfile: Path) -> None:
    model = ScriptedModel([call("echo", text="x"), final("ok")])
    events = Agent(model, [mcp_stdio(demo_command(pidfile))]).iter("go")
    next(e for e in events if isinstance(e, ToolFinished))
    (pid,) = pids(pidfile)
    assert alive(pid)
    events.close()  # the caller stops iterating (as on Ctrl-C in a consumer loop)
    assert not alive(pid)


def test_a_server_held_open_serves_several_runs(pidfile: Path) -> None:
    model = ScriptedModel([call("pid"), final("a"), call("pid"), final("b")])
    with mcp_stdio(demo_command(pidfile)) as server:
        agent = Agent(model, [server])
        first = observations(run(agent)[1])
        second = observations(run(agent)[1])
        assert list(first.values()) == list(second.values())  # the same process
        assert server.running
    assert len(pids(pidfile)) == 1 and not alive(pids(pidfile)[0])


def test_the_async_driver(pidfile: Path) -> None:
    model = ScriptedModel([call("echo", text="a"), call("slow", seconds=0.1), final("ok")])
    agent = Agent(model, [mcp_stdio(demo_command(pidfile))])
    result = asyncio.run(agent.arun("go"))
    assert result.final_answer == "ok"
    outputs = [m.results[0].content for m in model.requests[-1].messages if hasattr(m, "results")]
    assert outputs == ["a", "slept 0.1"]
    assert wait_until(lambda: not any(alive(p) for p in pids(pidfile)))


def test_two_servers_with_the_same_tools_need_a_prefix(tmp_path: Path) -> None:
    one = mcp_stdio(demo_command(tmp_path / "one"))
    two = mcp_stdio(demo_command(tmp_path / "two"))
    with pytest.raises(Exception, match="two tools are named 'echo'"):
        Agent(ScriptedModel([final("x")]), [one, two]).run("go")
    assert not any(alive(p) for p in pids(tmp_path / "one") + pids(tmp_path / "two"))
    two = mcp_stdio(demo_command(tmp_path / "two"), prefix="second_", include=["echo"])
    model = ScriptedModel([call("second_echo", text="2"), final("x")])
    _, events = run(Agent(model, [one, two]))
    assert list(observations(events).values()) == ["2"]
