"""The loop core, driven by scripted models through the real drivers."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

from thinkact import Agent, AgentConfig, RetryPolicy, ToolCall, tool
from thinkact.errors import AuthenticationError, RateLimitError, ServerError
from thinkact.events import FormatFailed, ModelReplied, RetryScheduled, RunFinished, ToolFinished
from thinkact.loop import RunResult
from thinkact.testing import FunctionModel, ScriptedModel
from thinkact.types import ModelRequest, Reply, ToolMessage


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@tool
def fail(x: int) -> int:
    """Always fails."""
    raise ValueError(f"cannot handle {x}")


def call(name: str, **args: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "arguments": args}]}


def final(answer: str) -> dict[str, Any]:
    return call("final_answer", answer=answer)


def test_tool_call_then_final_answer() -> None:
    model = ScriptedModel([call("add", a=2, b=3), final("5")])
    result = Agent(model, [add]).run("2+3?")
    assert (result.final_answer, result.reason, result.steps, result.ok) == (
        "5",
        "final_answer",
        2,
        True,
    )
    tool_msg = next(m for m in model.requests[1].messages if isinstance(m, ToolMessage))
    assert tool_msg.results[0].content == "5"


def test_error_cap_stops_after_consecutive_failures_and_still_answers() -> None:
    model = ScriptedModel([call("fail", x=1), call("fail", x=2), call("fail", x=3), final("x")])
    events = list(Agent(model, [fail]).iter("go"))
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.reason == "error_cap"
    errors = [e.result.content for e in events if isinstance(e, ToolFinished)]
    assert errors == [f"TOOL ERROR: ValueError: cannot handle {i}" for i in (1, 2, 3)]
    # One last turn with tools disabled, as at any limit: what the run found is not lost.
    assert finished.final_answer == "x" and model.remaining == 0
    assert model.requests[-1].tool_choice == "none"


def test_a_success_resets_the_error_count() -> None:
    script = [
        call("fail", x=1),
        call("fail", x=2),
        call("add", a=1, b=1),
        call("fail", x=3),
        call("fail", x=4),
        final("done"),
    ]
    result = Agent(ScriptedModel(script), [fail, add]).run("go")
    assert result.reason == "final_answer"


def test_format_errors_count_and_go_back_to_the_model() -> None:
    model = ScriptedModel(["", "", "", "no idea"], native_tools=True)
    events = list(Agent(model, [add], format="native").iter("go"))
    failed = [e for e in events if isinstance(e, FormatFailed)]
    assert [e.consecutive_errors for e in failed] == [1, 2, 3]
    assert isinstance(events[-1], RunFinished) and events[-1].reason == "error_cap"
    assert events[-1].final_answer == "no idea"  # the last, tool-less turn
    assert "FORMAT ERROR" in model.requests[1].messages[-1].content  # type: ignore[union-attr]


def test_step_limit_forces_one_final_turn_without_tools() -> None:
    model = ScriptedModel([call("add", a=i, b=1) for i in range(3)] + [{"text": "best guess: 3"}])
    result = Agent(model, [add], config=AgentConfig(max_steps=3)).run("go")
    assert (result.reason, result.final_answer, result.steps) == ("max_steps", "best guess: 3", 3)
    forced = model.requests[-1]
    assert forced.tool_choice == "none"
    assert "no steps left" in forced.messages[-1].content  # type: ignore[union-attr]


def test_parallel_calls_really_overlap_and_keep_call_order() -> None:
    barrier = threading.Barrier(2, timeout=5)

    @tool
    def wait_a(x: int) -> str:
        """Waits for wait_b."""
        barrier.wait()
        time.sleep(0.05)
        return f"a{x}"

    @tool
    def wait_b(x: int) -> str:
        """Waits for wait_a."""
        barrier.wait()
        return f"b{x}"

    model = ScriptedModel(
        [
            {
                "tool_calls": [
                    {"name": "wait_a", "arguments": {"x": 1}},
                    {"name": "wait_b", "arguments": {"x": 2}},
                ]
            },
            final("done"),
        ]
    )
    events = list(Agent(model, [wait_a, wait_b]).iter("go"))
    results = [e.result.content for e in events if isinstance(e, ToolFinished)]
    assert results == ["a1", "b2"]  # call order, although b finished first


def test_async_driver_overlaps_async_tools() -> None:
    both = asyncio.Event()
    arrived: list[str] = []

    def make(name: str) -> Any:
        async def waiter() -> str:
            arrived.append(name)
            if len(arrived) == 2:
                both.set()
            await asyncio.wait_for(both.wait(), 5)
            return name

        waiter.__name__ = name
        waiter.__doc__ = "Wait for the other."
        return tool(waiter)

    model = ScriptedModel(
        [
            {"tool_calls": [{"name": "x", "arguments": {}}, {"name": "y", "arguments": {}}]},
            final("both"),
        ]
    )
    result = asyncio.run(Agent(model, [make("x"), make("y")]).arun("go"))
    assert result.final_answer == "both" and sorted(arrived) == ["x", "y"]


def test_aiter_yields_the_same_events_as_iter() -> None:
    script = [call("add", a=1, b=2), final("3")]
    sync_kinds = [e.kind for e in Agent(ScriptedModel(script), [add]).iter("go")]

    async def collect() -> list[str]:
        return [e.kind async for e in Agent(ScriptedModel(script), [add]).aiter("go")]

    assert asyncio.run(collect()) == sync_kinds


def _flaky(errors: list[Exception]) -> FunctionModel:
    def answer(request: ModelRequest) -> Reply:
        if errors:
            raise errors.pop(0)
        return Reply("", (ToolCall("1", "final_answer", {"answer": "ok"}),))

    return FunctionModel(answer)


def test_transient_errors_are_retried_with_events() -> None:
    model = _flaky(
        [RateLimitError("slow down", retry_after=0.01), ServerError("500"), ServerError("500")]
    )
    cfg = AgentConfig(retry=RetryPolicy(base_delay=0.001, max_delay=0.01))
    events = list(Agent(model, [add], config=cfg).iter("go"))
    retries = [e for e in events if isinstance(e, RetryScheduled)]
    assert [r.attempt for r in retries] == [1, 2, 3]
    assert retries[0].delay == pytest.approx(0.01)  # retry-after honoured
    assert isinstance(events[-1], RunFinished) and events[-1].final_answer == "ok"


def test_fatal_model_errors_end_the_run_and_propagate() -> None:
    model = _flaky([AuthenticationError("bad key")])
    seen: list[str] = []
    with pytest.raises(AuthenticationError):
        for e in Agent(model, [add]).iter("go"):
            seen.append(e.kind)
    assert seen[-1] == "run_finished" and len(model.requests) == 1


def test_retries_are_bounded() -> None:
    model = _flaky([ServerError("500")] * 10)
    cfg = AgentConfig(retry=RetryPolicy(max_attempts=3, base_delay=0.001))
    with pytest.raises(ServerError):
        Agent(model, [add], config=cfg).run("go")
    assert len(model.requests) == 3


def test_unknown_tools_and_bad_arguments_become_observations() -> None:
    model = ScriptedModel([call("nope"), call("add", a="x", b=1), final("gave up")])
    events = list(Agent(model, [add]).iter("go"))
    outs = [e.result.content for e in events if isinstance(e, ToolFinished)]
    assert outs[0] == "TOOL ERROR: UnknownTool: Unknown tool 'nope'. Available tools: add."
    assert outs[1].startswith("TOOL ERROR: ValidationError: argument 'a'")


def test_a_native_call_written_twice_in_one_reply_runs_once() -> None:
    ran: list[tuple[int, int]] = []

    @tool
    def record(a: int, b: int) -> str:
        """Records its arguments."""
        ran.append((a, b))
        return f"recorded {a},{b}"

    twice = {
        "tool_calls": [
            {"id": "c1", "name": "record", "arguments": {"a": 1, "b": 2}},
            {"id": "c2", "name": "record", "arguments": {"b": 2, "a": 1}},  # same, reordered
            {"id": "c3", "name": "record", "arguments": {"a": 3, "b": 4}},
        ]
    }
    model = ScriptedModel([twice, final("done")])
    events = list(Agent(model, [record]).iter("record"))
    assert sorted(ran) == [(1, 2), (3, 4)]
    finished = {e.call.id: e.result for e in events if isinstance(e, ToolFinished)}
    assert finished["c1"].content == "recorded 1,2"
    assert finished["c2"].content.startswith("Same call as c1 earlier in this reply")
    assert not finished["c2"].is_error
    # every native call id gets its result, in the reply's order
    tool_msg = next(m for m in model.requests[-1].messages if isinstance(m, ToolMessage))
    assert [r.call_id for r in tool_msg.results] == ["c1", "c2", "c3"]


def test_stream_yields_every_event_then_the_result() -> None:
    script = [call("add", a=1, b=2), final("3")]
    items = list(Agent(ScriptedModel(script), [add]).stream("go"))
    *events, result = items
    assert isinstance(result, RunResult) and result.final_answer == "3"
    assert [e.kind for e in events] == [
        e.kind for e in Agent(ScriptedModel(script), [add]).iter("go")
    ]

    async def collect() -> list[Any]:
        return [i async for i in Agent(ScriptedModel(script), [add]).astream("go")]

    *aevents, aresult = asyncio.run(collect())
    assert isinstance(aresult, RunResult) and aresult.final_answer == "3"
    assert [e.kind for e in aevents] == [e.kind for e in events]


def test_the_agent_times_runs_with_the_clock_it_is_given() -> None:
    ticks = iter(float(n) for n in range(100))
    model = ScriptedModel([call("add", a=1, b=2), final("3")])
    events = list(Agent(model, [add], clock=lambda: next(ticks)).iter("go"))
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.duration == float(int(finished.duration))
    assert finished.duration > 0 and all(
        e.duration == 1.0 for e in events if isinstance(e, ModelReplied)
    )


def test_a_stop_iteration_from_a_reporter_is_an_error_not_the_end_of_the_run() -> None:
    def broken(event: Any) -> None:
        if isinstance(event, ToolFinished):
            raise StopIteration

    agent = Agent(ScriptedModel([call("add", a=1, b=2), final("3")]), [add], reporters=[broken])
    with pytest.raises(RuntimeError):
        agent.run("go")
