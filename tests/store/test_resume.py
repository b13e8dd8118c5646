"""Agent.resume: a run stopped at any point continues from its last completed step."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from thinkact import Agent, AgentConfig, Tool, tool
from thinkact.errors import UserError
from thinkact.events import (
    Checkpoint,
    Event,
    ModelReplied,
    RunResumed,
    StepFinished,
    ToolFinished,
    ToolStarted,
)
from thinkact.store import INTERRUPTED, RunStore
from thinkact.testing import FunctionModel, ScriptedModel
from thinkact.types import ModelRequest, ToolMessage

STEPS = 4


def make_tools(counter: list[str], *, idempotent: bool, stop_at: int | None = None) -> Tool:
    def bump(n: int) -> str:
        """Record that step n ran."""
        counter.append(f"bump {n}")
        if stop_at == n and counter.count(f"bump {n}") == 1:
            raise KeyboardInterrupt  # Ctrl-C while the tool runs, after its effect
        return f"bumped {n}"

    return Tool.from_function(bump, idempotent=idempotent)


def stepping_model(steps: int = STEPS) -> FunctionModel:
    """Bumps 0..steps-1, one call a step, then answers with every result it saw."""

    def reply(request: ModelRequest) -> dict[str, Any]:
        results = [r for m in request.messages if isinstance(m, ToolMessage) for r in m.results]
        if len(results) >= steps:
            return {"text": " | ".join(r.content for r in results), "usage": {"input_tokens": 10}}
        n = len(results)
        call = {"id": f"call_{n}", "name": "bump", "arguments": {"n": n}}
        return {"tool_calls": [call], "usage": {"input_tokens": 10, "output_tokens": 2}}

    return FunctionModel(reply)


def stop_when(predicate: Callable[[Event], bool]) -> Callable[[Event], None]:
    def reporter(event: Event) -> None:
        if predicate(event):
            raise KeyboardInterrupt

    return reporter


def start_and_stop(
    store: RunStore, reporter: Callable[[Event], None], tool_: Tool, **kw: Any
) -> None:
    agent = Agent(stepping_model(), [tool_], reporters=[reporter], store=store, **kw)
    with pytest.raises(KeyboardInterrupt):
        agent.run("bump them all", run_id="r1")
    assert store.get("r1").status == "interrupted"


def resume(store: RunStore, tool_: Tool, **kw: Any) -> tuple[Any, FunctionModel, list[Event]]:
    model = stepping_model()
    events: list[Event] = []
    result = Agent(model, [tool_], reporters=[events.append], store=store, **kw).resume("r1")
    return result, model, events


def test_stopped_between_steps_resumes_with_the_same_history(tmp_path: Path) -> None:
    whole = stepping_model()
    Agent(whole, [make_tools([], idempotent=False)]).run("bump them all")

    counter: list[str] = []
    store = RunStore(tmp_path / "runs.db")
    bump = make_tools(counter, idempotent=False)
    after_step_2 = stop_when(lambda e: isinstance(e, Checkpoint) and e.step == 2 and not e.pending)
    start_and_stop(store, after_step_2, bump)
    result, model, events = resume(store, bump)

    assert result.ok and result.steps == STEPS + 1
    assert result.final_answer == "bumped 0 | bumped 1 | bumped 2 | bumped 3"
    assert counter == ["bump 0", "bump 1", "bump 2", "bump 3"]  # nothing ran twice
    assert [r.messages for r in model.requests] == [r.messages for r in whole.requests[2:]]
    assert isinstance(events[0], RunResumed) and events[0].step == 2
    assert result.usage.input_tokens == 10 * (STEPS + 1)  # usage carried over
    record = store.get("r1")
    assert record.status == "done" and record.steps == STEPS + 1


def test_a_non_idempotent_call_in_flight_is_not_run_again(tmp_path: Path) -> None:
    counter: list[str] = []
    store = RunStore(tmp_path / "runs.db")
    bump = make_tools(counter, idempotent=False, stop_at=1)
    start_and_stop(store, lambda e: None, bump)
    assert counter == ["bump 0", "bump 1"]

    result, model, events = resume(store, bump)
    assert counter == ["bump 0", "bump 1", "bump 2", "bump 3"]  # bump 1 ran exactly once
    resumed = events[0]
    assert isinstance(resumed, RunResumed) and resumed.interrupted == ("call_1",)
    told = model.requests[0].messages[-2]
    assert isinstance(told, ToolMessage) and told.results[0].content == INTERRUPTED
    assert result.final_answer is not None and INTERRUPTED in result.final_answer
    finished = [e for e in events if isinstance(e, ToolFinished)]
    assert finished[0].call.id == "call_1" and finished[0].result.is_error


def test_an_idempotent_call_in_flight_runs_again(tmp_path: Path) -> None:
    counter: list[str] = []
    store = RunStore(tmp_path / "runs.db")
    bump = make_tools(counter, idempotent=True, stop_at=1)
    start_and_stop(store, lambda e: None, bump)

    result, _, events = resume(store, bump)
    assert counter == ["bump 0", "bump 1", "bump 1", "bump 2", "bump 3"]
    assert isinstance(events[0], RunResumed) and events[0].rerun == ("call_1",)
    assert isinstance(events[1], ToolStarted) and events[1].call.id == "call_1"
    assert result.final_answer == "bumped 0 | bumped 1 | bumped 2 | bumped 3"


def test_a_stored_result_is_reused_not_recomputed(tmp_path: Path) -> None:
    counter: list[str] = []
    store = RunStore(tmp_path / "runs.db")
    bump = make_tools(counter, idempotent=True)
    start_and_stop(store, stop_when(lambda e: isinstance(e, ToolFinished) and e.step == 2), bump)
    assert counter == ["bump 0", "bump 1"]

    result, _, events = resume(store, bump)
    assert counter == ["bump 0", "bump 1", "bump 2", "bump 3"]
    assert isinstance(events[0], RunResumed) and events[0].rerun == ()
    assert isinstance(events[1], StepFinished) and events[1].step == 2
    assert result.final_answer == "bumped 0 | bumped 1 | bumped 2 | bumped 3"


def test_a_reply_whose_calls_never_started_runs_them(tmp_path: Path) -> None:
    counter: list[str] = []
    store = RunStore(tmp_path / "runs.db")
    bump = make_tools(counter, idempotent=False)
    start_and_stop(store, stop_when(lambda e: isinstance(e, Checkpoint) and e.pending), bump)
    assert counter == []

    result, model, _ = resume(store, bump)
    assert result.ok and counter == ["bump 0", "bump 1", "bump 2", "bump 3"]
    assert len(model.requests) == STEPS  # the first reply was not asked for again


def test_the_async_driver_resumes_too(tmp_path: Path) -> None:
    counter: list[str] = []
    store = RunStore(tmp_path / "runs.db")
    bump = make_tools(counter, idempotent=False)
    start_and_stop(store, stop_when(lambda e: isinstance(e, StepFinished) and e.step == 1), bump)
    agent = Agent(stepping_model(), [bump], store=store)
    result = asyncio.run(agent.aresume("r1"))
    assert result.ok and counter == ["bump 0", "bump 1", "bump 2", "bump 3"]


def test_a_run_resumed_twice_keeps_one_log(tmp_path: Path) -> None:
    counter: list[str] = []
    store = RunStore(tmp_path / "runs.db")
    bump = make_tools(counter, idempotent=False)
    start_and_stop(store, stop_when(lambda e: isinstance(e, StepFinished) and e.step == 1), bump)
    again = stop_when(lambda e: isinstance(e, StepFinished) and e.step == 3)
    agent = Agent(stepping_model(), [bump], reporters=[again], store=store)
    with pytest.raises(KeyboardInterrupt):
        agent.resume("r1")
    result, _, _ = resume(store, bump)
    assert result.ok and counter == ["bump 0", "bump 1", "bump 2", "bump 3"]
    kinds = [d["kind"] for d in store.events("r1")]
    assert kinds.count("run_started") == 1 and kinds.count("run_resumed") == 2
    assert kinds[-1] == "run_finished" and kinds.count("run_finished") == 1


def test_the_runs_settings_come_back_with_it(tmp_path: Path) -> None:
    store = RunStore(tmp_path / "runs.db")
    bump = make_tools([], idempotent=False)
    start_and_stop(
        store,
        stop_when(lambda e: isinstance(e, StepFinished)),
        bump,
        instructions="Count carefully.",
        config=AgentConfig(max_steps=9),
    )
    model = stepping_model()
    agent = Agent(model, [bump], store=store)  # default config, no instructions
    agent.resume("r1")
    first = model.requests[0].messages
    assert "Count carefully." in first[0].content  # type: ignore[union-attr]
    assert "[Step 2 of 9]" in first[-1].content  # type: ignore[union-attr]
    assert agent.config.max_steps == 20 and agent.instructions == ""  # the agent is unchanged
    assert store.get("r1").config["max_steps"] == 9


def test_what_cannot_be_resumed_says_why(tmp_path: Path) -> None:
    store = RunStore(tmp_path / "runs.db")
    bump = make_tools([], idempotent=False)
    Agent(stepping_model(), [bump], store=store).run("t", run_id="done1")
    with pytest.raises(UserError, match="done1 done"):
        Agent(stepping_model(), [bump], store=store).resume("done1")

    start_and_stop(store, stop_when(lambda e: isinstance(e, StepFinished)), bump)

    @tool
    def other(x: int) -> int:
        """Another tool."""
        return x

    with pytest.raises(UserError, match="its tools bump are missing"):
        Agent(stepping_model(), [other], store=store).resume("r1")
    wrong_model = FunctionModel(lambda r: "x", name="another-model")
    with pytest.raises(UserError, match="it used model 'function'"):
        Agent(wrong_model, [bump], store=store).resume("r1")
    with pytest.raises(UserError, match="no run 'nope'"):
        Agent(stepping_model(), [bump], store=store).resume("nope")


def test_a_run_stopped_before_its_first_checkpoint_starts_afresh(tmp_path: Path) -> None:
    counter: list[str] = []
    store = RunStore(tmp_path / "runs.db")
    bump = make_tools(counter, idempotent=False)
    start_and_stop(store, stop_when(lambda e: e.kind == "run_started"), bump)
    model = stepping_model()
    result = Agent(model, [bump], store=store).resume("r1")
    assert result.ok and counter == ["bump 0", "bump 1", "bump 2", "bump 3"]
    whole = stepping_model()
    Agent(whole, [make_tools([], idempotent=False)]).run("bump them all")
    assert [r.messages for r in model.requests] == [r.messages for r in whole.requests]
    kinds = [d["kind"] for d in store.events("r1")]
    assert kinds[:4] == ["run_started", "run_resumed", "checkpoint", "step_started"]


def test_a_failed_model_run_can_be_resumed(tmp_path: Path) -> None:
    from thinkact.errors import AuthenticationError

    store = RunStore(tmp_path / "runs.db")
    bump = make_tools([], idempotent=False)
    calls = {"n": 0}
    good = stepping_model()

    def flaky(request: ModelRequest) -> Any:
        calls["n"] += 1
        if calls["n"] == 3:
            raise AuthenticationError("key revoked")
        return good.fn(request)

    with pytest.raises(AuthenticationError):
        Agent(FunctionModel(flaky), [bump], store=store).run("t", run_id="r1")
    assert store.get("r1").status == "failed"
    result = Agent(stepping_model(), [bump], store=store).resume("r1")
    assert result.ok and result.final_answer == "bumped 0 | bumped 1 | bumped 2 | bumped 3"
    assert store.get("r1").status == "done"
    assert [d["kind"] for d in store.events("r1")].count("run_finished") == 2


def test_the_elapsed_time_counts_against_the_time_budget(tmp_path: Path) -> None:
    import time

    def slow(n: int) -> str:
        """Slow step."""
        time.sleep(0.12)
        return f"bumped {n}"

    slow_tool = Tool.from_function(slow, name="bump")
    store = RunStore(tmp_path / "runs.db")
    config = AgentConfig(max_seconds=0.3, max_steps=20)
    start_and_stop(
        store,
        stop_when(lambda e: isinstance(e, StepFinished) and e.step == 2),
        slow_tool,
        config=config,
    )
    result = Agent(stepping_model(), [slow_tool], store=store).resume("r1")
    # 0.24 s were spent before the stop: one more step fits, not three (or two, when a
    # loaded machine made the first steps slower).
    assert result.reason == "budget_time" and result.steps in (2, 3)
    last = [e for e in store.events("r1") if e["kind"] == "run_finished"][-1]
    assert last["duration"] >= 0.3


def test_a_parallel_call_that_finished_is_stored_at_once_and_kept_by_a_crash(
    tmp_path: Path,
) -> None:
    store = RunStore(tmp_path / "runs.db")
    effects: list[str] = []

    def stored_results() -> list[str]:
        return [e["call"]["id"] for e in store.events("r1") if e["kind"] == "tool_finished"]

    @tool
    def pay(amount: int) -> str:
        """Pay once: not safe to run twice."""
        effects.append(f"paid {amount}")
        return f"paid {amount}"

    def wait_then_crash() -> str:
        """Runs beside pay; the first time, dies once pay's result is in the store."""
        effects.append("wait")
        if effects.count("wait") == 1:
            for _ in range(500):
                if "c_pay" in stored_results():
                    raise KeyboardInterrupt  # the process dies mid-step
                time.sleep(0.01)
            raise AssertionError("pay's result never reached the store while its step ran")
        return "waited"

    slow = Tool.from_function(wait_then_crash, name="wait", idempotent=True)

    def reply(request: ModelRequest) -> dict[str, Any]:
        results = [r for m in request.messages if isinstance(m, ToolMessage) for r in m.results]
        if results:
            return {"text": " | ".join(sorted(r.content for r in results))}
        calls = [
            {"id": "c_pay", "name": "pay", "arguments": {"amount": 5}},
            {"id": "c_wait", "name": "wait", "arguments": {}},
        ]
        return {"tool_calls": calls}

    with pytest.raises(KeyboardInterrupt):
        Agent(FunctionModel(reply), [pay, slow], store=store).run("pay and wait", run_id="r1")
    assert stored_results() == ["c_pay"]
    result = Agent(FunctionModel(reply), [pay, slow], store=store).resume("r1")
    assert result.final_answer == "paid 5 | waited"
    assert effects.count("paid 5") == 1  # kept from the store, not paid again
    assert stored_results() == ["c_pay", "c_wait"]  # each result stored once


def test_a_call_written_twice_runs_once_when_its_reply_is_resumed(tmp_path: Path) -> None:
    counter: list[str] = []
    store = RunStore(tmp_path / "runs.db")
    bump = make_tools(counter, idempotent=False)

    def twice(request: ModelRequest) -> dict[str, Any]:
        if any(isinstance(m, ToolMessage) for m in request.messages):
            return {"text": "done"}
        calls = [{"id": f"c{i}", "name": "bump", "arguments": {"n": 7}} for i in (1, 2)]
        return {"tool_calls": calls}

    stop = stop_when(lambda e: isinstance(e, Checkpoint) and bool(e.pending))
    with pytest.raises(KeyboardInterrupt):
        Agent(FunctionModel(twice), [bump], reporters=[stop], store=store).run("x", run_id="r1")
    events: list[Event] = []
    agent = Agent(FunctionModel(twice), [bump], reporters=[events.append], store=store)
    result = agent.resume("r1")
    assert result.ok and counter == ["bump 7"]
    finished = {e.call.id: e.result.content for e in events if isinstance(e, ToolFinished)}
    assert finished["c1"] == "bumped 7" and finished["c2"].startswith("Same call as c1")


def scripted_bumps() -> ScriptedModel:
    bumps = [{"tool_calls": [{"name": "bump", "arguments": {"n": n}}]} for n in range(STEPS)]
    answer = {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "all bumped"}}]}
    return ScriptedModel([*bumps, answer])


@pytest.mark.parametrize(
    "stop",
    [
        pytest.param(lambda e: isinstance(e, StepFinished) and e.step == 2, id="between-steps"),
        pytest.param(lambda e: isinstance(e, ModelReplied) and e.step == 3, id="after-a-reply"),
        pytest.param(lambda e: isinstance(e, Checkpoint) and e.pending, id="before-its-calls"),
        pytest.param(lambda e: isinstance(e, ToolFinished) and e.step == 3, id="after-a-call"),
    ],
)
def test_a_resumed_scripted_run_goes_on_from_its_next_reply(
    tmp_path: Path, stop: Callable[[Event], bool]
) -> None:
    counter: list[str] = []
    store = RunStore(tmp_path / "runs.db")
    bump = make_tools(counter, idempotent=False)
    with pytest.raises(KeyboardInterrupt):
        Agent(scripted_bumps(), [bump], reporters=[stop_when(stop)], store=store).run(
            "bump them all", run_id="r1"
        )
    # A fresh model, as after a killed process: it learns from the store where to go on.
    result = Agent(scripted_bumps(), [bump], store=store).resume("r1")
    assert result.final_answer == "all bumped"
    assert counter == [f"bump {n}" for n in range(STEPS)]  # no side effect twice
    record = store.get("r1")
    assert record.status == "done" and record.steps == STEPS + 1


def test_scripted_model_keeps_only_its_last_requests() -> None:
    replies = [{"tool_calls": [{"name": "bump", "arguments": {"n": n}}]} for n in range(40)]
    model = ScriptedModel([*replies, "done"], keep_requests=3)
    counter: list[str] = []
    config = AgentConfig(max_steps=50, loop_detection=False)
    result = Agent(model, [make_tools(counter, idempotent=False)], config=config).run("go")
    assert result.final_answer == "done" and len(counter) == 40
    assert model.calls == 41 and model.remaining == 0 and len(model.requests) == 3
    assert model.requests[-1].messages[-1] == result.messages[-2]  # the last request kept
