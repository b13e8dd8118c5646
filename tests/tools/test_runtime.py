"""The tool runtime: timeouts that stop work, quotas, approval, parallelism, events."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from thinkact.agent import Agent
from thinkact.errors import ToolRetry
from thinkact.events import ToolDenied, ToolFinished
from thinkact.testing import ScriptedModel
from thinkact.tools.base import Tool, ToolContext, tool
from thinkact.tools.files import file_tools
from thinkact.tools.runtime import (
    NO_APPROVER,
    QuotaSpent,
    ToolApproved,
    ToolOutcome,
    ToolRuntime,
    ToolTimedOut,
    approve_all,
)
from thinkact.tools.sandbox import Workspace
from thinkact.types import ToolCall
from thinkact.workflow import ProgressMarked


def calls(*specs: tuple[str, dict[str, Any]]) -> list[ToolCall]:
    return [ToolCall(f"c{i}", name, args) for i, (name, args) in enumerate(specs)]


def gone(pid: int) -> bool:
    """The process no longer runs (reaped, or a zombie waiting for a reaper)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


# --- timeouts -----------------------------------------------------------------------------------


def test_a_timed_out_isolated_tool_and_what_it_started_are_killed(tmp_path: Path) -> None:
    pids = tmp_path / "pids"

    @tool(timeout=0.5, isolate=True)
    def crunch(n: int) -> str:
        """Busy work that never ends, with a helper process of its own."""
        helper = subprocess.Popen(["sleep", "60"])
        pids.write_text(f"{os.getpid()} {helper.pid}")
        while True:
            n += 1

    start = time.perf_counter()
    [outcome] = ToolRuntime([crunch]).run(1, calls(("crunch", {"n": 1})))
    elapsed = time.perf_counter() - start
    worker, helper = (int(p) for p in pids.read_text().split())
    assert worker != os.getpid()
    assert gone(worker) and gone(helper)
    assert elapsed < 3
    assert outcome.result.is_error
    assert outcome.result.content.startswith(
        "TOOL ERROR: Timeout: crunch did not finish within 0.5 s and was stopped."
    )
    assert outcome.events == (ToolTimedOut(1, calls(("crunch", {"n": 1}))[0], 0.5, True),)


def test_isolated_tools_return_results_errors_and_events() -> None:
    @tool(isolate=True, timeout=10)
    def work(kind: str, ctx: ToolContext) -> str:
        ctx.emit(ProgressMarked(f"worked in {os.getpid()}"))
        if kind == "fail":
            raise ValueError("bad input")
        if kind == "retry":
            raise ToolRetry("try a smaller number")
        if kind == "die":
            os._exit(3)
        return f"pid {os.getpid()}"

    runtime = ToolRuntime([work])
    ok, fail, retry, die, bad = runtime.run(
        1,
        calls(
            ("work", {"kind": "ok"}),
            ("work", {"kind": "fail"}),
            ("work", {"kind": "retry"}),
            ("work", {"kind": "die"}),
            ("work", {"wrong": 1}),
        ),
    )
    worker_pid = ok.result.content.removeprefix("pid ")
    assert worker_pid != str(os.getpid()) and not ok.result.is_error
    assert ok.events == (ProgressMarked(f"worked in {worker_pid}"),)
    assert fail.result.content == "TOOL ERROR: ValueError: bad input"
    assert retry.result.content == "TOOL ERROR: try a smaller number"
    assert (
        die.result.content == "TOOL ERROR: RuntimeError: work's worker process died (exit code 3)"
    )
    assert bad.result.content.startswith("TOOL ERROR: ValidationError: argument 'kind'")


def test_a_timed_out_async_tool_is_cancelled() -> None:
    cancelled = threading.Event()

    @tool(timeout=0.2)
    async def slow() -> str:
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return "done"

    start = time.perf_counter()
    [outcome] = ToolRuntime([slow]).run(2, calls(("slow", {})))
    assert time.perf_counter() - start < 2
    assert cancelled.is_set()
    assert "was stopped" in outcome.result.content
    assert isinstance(outcome.events[-1], ToolTimedOut) and outcome.events[-1].stopped


def test_a_timed_out_thread_tool_is_abandoned_and_says_so() -> None:
    release = threading.Event()

    @tool(timeout=0.2)
    def stuck() -> str:
        release.wait(10)
        return "late"

    try:
        [outcome] = ToolRuntime([stuck]).run(1, calls(("stuck", {})))
    finally:
        release.set()
    assert "its result is discarded" in outcome.result.content
    assert outcome.events[-1] == ToolTimedOut(1, calls(("stuck", {}))[0], 0.2, False)


# --- quotas ---------------------------------------------------------------------------------------


def test_quota_is_per_run_and_the_observation_says_it_is_spent() -> None:
    ran: list[int] = []

    @tool(max_calls=2)
    def fetch(n: int) -> int:
        ran.append(n)
        return n

    runtime = ToolRuntime([fetch])
    results = [runtime.run(s, calls(("fetch", {"n": s})))[0] for s in (1, 2, 3)]
    assert [r.result.is_error for r in results] == [False, False, True]
    assert "QuotaExceeded: fetch may be called at most 2 times" in results[2].result.content
    assert results[2].events == (QuotaSpent(3, calls(("fetch", {"n": 3}))[0], 2),)
    # in one reply of three parallel calls, exactly two run
    fresh = ToolRuntime([fetch])
    ran.clear()
    outcomes = fresh.run(1, calls(*[("fetch", {"n": i}) for i in range(3)]))
    assert sorted(ran) == [0, 1] and [o.result.is_error for o in outcomes] == [False, False, True]


# --- approval -----------------------------------------------------------------------------------


def test_denied_calls_do_not_run_and_do_not_spend_the_quota(tmp_path: Path) -> None:
    ran: list[str] = []

    @tool(needs_approval=True, max_calls=1)
    def launch(target: str) -> str:
        ran.append(target)
        return "launched"

    answers = iter([False, True])
    asked: list[str] = []

    def approve(call: ToolCall, t: Tool) -> bool:
        asked.append(call.arguments["target"])
        return next(answers)

    runtime = ToolRuntime([launch], approve=approve)
    [denied] = runtime.run(1, calls(("launch", {"target": "moon"})))
    assert denied.result.content.startswith("DENIED: the user did not approve this call.")
    assert denied.events == (
        ToolDenied(
            1, calls(("launch", {"target": "moon"}))[0], "the user did not approve this call"
        ),
    )
    [approved] = runtime.run(2, calls(("launch", {"target": "mars"})))
    assert approved.result.content == "launched" and ran == ["mars"]
    assert isinstance(approved.events[0], ToolApproved) and not approved.events[0].always
    assert asked == ["moon", "mars"]


def test_always_is_remembered_for_the_run_and_a_broken_prompt_denies() -> None:
    @tool(needs_approval=True)
    def touch(n: int) -> int:
        return n

    asked: list[int] = []

    def always(call: ToolCall, t: Tool) -> Any:
        asked.append(call.arguments["n"])
        return "always"

    runtime = ToolRuntime([touch], approve=always)
    outcomes = runtime.run(1, calls(*[("touch", {"n": i}) for i in range(3)]))
    assert [o.result.content for o in outcomes] == ["0", "1", "2"]
    assert asked == [0]
    assert outcomes[0].events == (ToolApproved(1, calls(("touch", {"n": 0}))[0], True),)

    def broken(call: ToolCall, t: Tool) -> bool:
        raise EOFError("no terminal")

    [out] = ToolRuntime([touch], approve=broken).run(1, calls(("touch", {"n": 1})))
    assert "DENIED: the approval prompt failed (EOFError: no terminal)" in out.result.content


def test_without_an_approver_a_call_needing_approval_is_refused() -> None:
    # Approval fails closed: no approver means no approval, not "run it unasked".
    ran: list[int] = []

    @tool(needs_approval=True)
    def launch(n: int) -> str:
        ran.append(n)
        return "launched"

    [one] = ToolRuntime([launch]).run(1, calls(("launch", {"n": 1})))
    two = ToolRuntime([launch]).run(2, calls(("launch", {"n": 2}), ("launch", {"n": 3})))
    assert ran == []
    assert one.result.is_error
    assert one.result.content.startswith("DENIED: launch needs approval and none was given.")
    assert one.events == (ToolDenied(1, calls(("launch", {"n": 1}))[0], NO_APPROVER),)
    assert "approve_all" in NO_APPROVER
    assert all(o.result.content.startswith("DENIED") for o in two)
    [allowed] = ToolRuntime([launch], approve=approve_all).run(3, calls(("launch", {"n": 4})))
    assert allowed.result.content == "launched" and ran == [4]


def test_an_agent_without_an_approver_does_not_write(tmp_path: Path) -> None:
    model = ScriptedModel(
        [
            {
                "tool_calls": [
                    {"name": "write_file", "arguments": {"path": "x.md", "content": "hi"}}
                ]
            },
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "not written"}}]},
        ]
    )
    events = list(Agent(model, tools=file_tools(Workspace(tmp_path))).iter("write x.md"))
    assert not (tmp_path / "x.md").exists()
    [finished] = [e for e in events if isinstance(e, ToolFinished)]
    assert "needs approval and none was given" in finished.result.content
    assert [e.reason for e in events if isinstance(e, ToolDenied)] == [NO_APPROVER]
    # the model saw the refusal as an observation
    assert "needs approval and none was given" in str(model.requests[-1].messages)


def test_a_denied_write_is_an_observation_in_an_agent_run(tmp_path: Path) -> None:
    model = ScriptedModel(
        [
            {
                "tool_calls": [
                    {"name": "write_file", "arguments": {"path": "x.md", "content": "hi"}}
                ]
            },
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "not written"}}]},
        ]
    )
    agent = Agent(model, tools=file_tools(Workspace(tmp_path)), approve=lambda c, t: False)
    events = list(agent.iter("write x.md"))
    assert not (tmp_path / "x.md").exists()
    finished = [e for e in events if isinstance(e, ToolFinished)]
    assert finished[0].result.content.startswith("DENIED")
    assert any(isinstance(e, ToolDenied) for e in events)
    assert events[-1].to_dict()["final_answer"] == "not written"


# --- parallelism ------------------------------------------------------------------------------


def test_two_sync_tools_that_wait_for_each_other_overlap() -> None:
    barrier = threading.Barrier(2, timeout=5)

    @tool
    def meet(who: str) -> str:
        barrier.wait()  # returns only when both calls are running at once
        return f"{who} met"

    model = ScriptedModel(
        [
            {
                "tool_calls": [
                    {"name": "meet", "arguments": {"who": "a"}},
                    {"name": "meet", "arguments": {"who": "b"}},
                ]
            },
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "ok"}}]},
        ]
    )
    start = time.perf_counter()
    result = Agent(model, tools=[meet]).run("meet")
    assert result.final_answer == "ok" and time.perf_counter() - start < 4
    results = [r.content for m in result.messages for r in getattr(m, "results", ())]
    assert results == ["a met", "b met"]  # in call order


def test_two_async_tools_that_wait_for_each_other_overlap() -> None:
    async def scenario() -> list[ToolOutcome]:
        arrived: dict[str, asyncio.Event] = {"a": asyncio.Event(), "b": asyncio.Event()}

        @tool(timeout=5)
        async def meet(who: str) -> str:
            arrived[who].set()
            await arrived["b" if who == "a" else "a"].wait()
            return f"{who} met"

        return await ToolRuntime([meet]).arun(
            1, calls(("meet", {"who": "a"}), ("meet", {"who": "b"}))
        )

    outcomes = asyncio.run(scenario())
    assert [o.result.content for o in outcomes] == ["a met", "b met"]


@pytest.mark.parametrize("driver", ["sync", "async"])
def test_the_concurrency_limit_holds(driver: str) -> None:
    lock = threading.Lock()
    running = {"now": 0, "most": 0}

    @tool
    def busy(n: int) -> int:
        with lock:
            running["now"] += 1
            running["most"] = max(running["most"], running["now"])
        time.sleep(0.05)
        with lock:
            running["now"] -= 1
        return n

    runtime = ToolRuntime([busy], concurrency=3)
    batch = calls(*[("busy", {"n": i}) for i in range(9)])
    run = runtime.run if driver == "sync" else lambda s, c: asyncio.run(runtime.arun(s, c))
    outcomes = run(1, batch)
    assert [o.result.content for o in outcomes] == [str(i) for i in range(9)]
    assert running["most"] == 3


def test_many_sync_calls_in_arun_are_not_capped_by_asyncio_s_default_pool() -> None:
    @tool
    def nap() -> str:
        time.sleep(0.3)
        return "ok"

    start = time.perf_counter()
    asyncio.run(ToolRuntime([nap], concurrency=12).arun(1, calls(*[("nap", {})] * 12)))
    assert time.perf_counter() - start < 0.3 * 1.9  # one wave, not two or three


def test_unknown_tools_and_errors_are_observations() -> None:
    @tool
    def boom() -> str:
        raise KeyError("missing key")

    runtime = ToolRuntime([boom])
    unknown, failed = runtime.run(1, calls(("nope", {}), ("boom", {})))
    assert unknown.result.content == (
        "TOOL ERROR: UnknownTool: Unknown tool 'nope'. Available tools: boom."
    )
    assert failed.result.content == "TOOL ERROR: KeyError: 'missing key'"
    assert runtime.calls_made == {"boom": 1}


def test_runtime_events_round_trip_through_the_store_codec() -> None:
    from thinkact.store.codec import event_from_dict

    call = ToolCall("c1", "t", {"x": 1})
    for event in (
        ToolApproved(1, call, True),
        QuotaSpent(2, call, 3),
        ToolTimedOut(3, call, 1.5, False),
    ):
        assert event_from_dict(event.to_dict()) == event


def test_a_hung_thread_tool_does_not_keep_the_process_alive() -> None:
    """Regression: the abandoned thread lived in a pool whose threads Python joins at exit,
    so one hung tool with a timeout kept the CLI from ever exiting."""
    script = (
        "import asyncio, threading\n"
        "from thinkact.tools.base import tool\n"
        "from thinkact.tools.runtime import ToolRuntime\n"
        "from thinkact.types import ToolCall\n"
        "@tool(timeout=0.2)\n"
        "def hang() -> str:\n"
        "    threading.Event().wait()\n"
        "    return 'never'\n"
        "rt = ToolRuntime([hang])\n"
        "print(rt.run(1, [ToolCall('a', 'hang', {})])[0].result.content[:19])\n"
        "print(asyncio.run(rt.arun(1, [ToolCall('b', 'hang', {})]))[0].result.content[:19])\n"
    )
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=20)
    assert out.stdout.split("\n")[:2] == ["TOOL ERROR: Timeout", "TOOL ERROR: Timeout"]
    assert out.returncode == 0 and time.perf_counter() - start < 10
