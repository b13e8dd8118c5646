"""Plan-Execute-Verify on scripted models: parallel steps, verification, bounded re-plans."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from thinkact import tool
from thinkact.errors import FormatError
from thinkact.events import RunFinished, ToolFinished
from thinkact.pev import PEVConfig, PlanExecuteVerify, parse_plan
from thinkact.pev.events import (
    PlanProposed,
    PlanRejected,
    PlanStepFinished,
    Replanned,
    SubRunEvent,
)
from thinkact.testing import FunctionModel
from thinkact.types import ModelRequest, ToolMessage, UserMessage


def plan(*steps: dict[str, Any]) -> str:
    return json.dumps({"steps": list(steps)})


def step_model(
    plans: list[str],
    step_result: Callable[[str, ModelRequest], dict[str, Any]],
    verdict: str = '{"pass": true, "reason": "fine"}',
) -> FunctionModel:
    """Planner replies from `plans` in order; sub-runs answered by `step_result(step_id, req)`."""
    planner_calls = iter(plans)

    def answer(request: ModelRequest) -> Any:
        system = request.messages[0].content  # type: ignore[union-attr]
        if "You are the planner" in system:
            return next(planner_calls)
        if "You check one step" in system:
            return verdict
        task = next(m.content for m in request.messages if isinstance(m, UserMessage))
        step_id = re.search(r"Your step \((\w+)\)", task).group(1)  # type: ignore[union-attr]
        return step_result(step_id, request)

    return FunctionModel(answer)


def final(text: str) -> dict[str, Any]:
    return {"tool_calls": [{"name": "final_answer", "arguments": {"answer": text}}]}


def test_independent_steps_really_overlap_and_results_flow_to_dependents() -> None:
    arrived: list[int] = []
    both = asyncio.Event()

    @tool
    async def rendezvous(n: int) -> str:
        """Wait until the other parallel step arrives too."""
        arrived.append(n)
        if len(arrived) == 2:
            both.set()
        await asyncio.wait_for(both.wait(), 5)  # times out unless s1 and s2 overlap
        return f"value {n * 10}"

    def result(step_id: str, request: ModelRequest) -> dict[str, Any]:
        if step_id == "s3":
            task = request.messages[1].content  # type: ignore[union-attr]
            return final("sum of: " + ", ".join(re.findall(r"value \d+", task)))
        if isinstance(request.messages[-2], ToolMessage):  # tool result seen: answer
            return final(request.messages[-2].results[0].content)
        n = 1 if step_id == "s1" else 2
        return {"tool_calls": [{"name": "rendezvous", "arguments": {"n": n}}]}

    model = step_model(
        [
            plan(
                {"id": "s1", "goal": "get one", "tools": ["rendezvous"]},
                {"id": "s2", "goal": "get two", "tools": ["rendezvous"]},
                {"id": "s3", "goal": "combine", "depends_on": ["s1", "s2"]},
            )
        ],
        result,
    )
    events: list[Any] = []
    pev = PlanExecuteVerify(model, [rendezvous], reporters=[events.append])
    out = pev.run("add two values")
    assert out.ok and out.final_answer == "sum of: value 10, value 20"
    assert sorted(arrived) == [1, 2]
    nested = [e for e in events if isinstance(e, SubRunEvent)]
    assert {e.step_id for e in nested} == {"s1", "s2", "s3"}
    assert any(isinstance(e.event, ToolFinished) for e in nested if e.step_id == "s1")
    assert nested[0].to_dict()["event"]["kind"] == "run_started"
    assert isinstance(events[-1], RunFinished) and events[-1].reason == "final_answer"


def test_a_failed_check_triggers_a_replan_that_fixes_it() -> None:
    def has_number(text: str) -> str | None:
        return None if re.search(r"\d", text) else "the result must contain a number"

    def result(step_id: str, request: ModelRequest) -> dict[str, Any]:
        return final("forty-two" if step_id == "s1" else "42")

    model = step_model(
        [
            plan({"id": "s1", "goal": "find the answer", "check": "validator:has_number"}),
            plan(
                {"id": "s2", "goal": "find the answer as digits", "check": "validator:has_number"}
            ),
        ],
        result,
    )
    events: list[Any] = []
    pev = PlanExecuteVerify(
        model, step_validators={"has_number": has_number}, reporters=[events.append]
    )
    out = pev.run("what is six times seven?")
    assert (out.ok, out.final_answer, out.replans) == (True, "42", 1)
    failed = [e for e in events if isinstance(e, PlanStepFinished) and not e.ok]
    assert failed[0].reason == (
        "its sub-run ended with validation_failed, and the result must contain a number"
    )
    replanned = [e for e in events if isinstance(e, Replanned)]
    assert replanned[0].reason.endswith("the result must contain a number")
    second_planner = [r for r in model.requests if "planner" in r.messages[0].content][-1]  # type: ignore[union-attr]
    assert "the result must contain a number" in second_planner.messages[1].content  # type: ignore[union-attr]


def test_replans_are_bounded() -> None:
    model = step_model(
        [plan({"id": f"s{i}", "goal": "try", "check": "must be good"}) for i in range(5)],
        lambda step_id, request: final("bad"),
        verdict='{"pass": false, "reason": "not good"}',
    )
    out = PlanExecuteVerify(model, config=PEVConfig(max_replans=2)).run("do it")
    assert (out.reason, out.replans, out.final_answer) == ("replans_exhausted", 2, None)
    assert len(out.outcomes) == 3 and not any(o.ok for o in out.outcomes)


def test_a_plan_failing_the_schema_goes_back_with_the_reason() -> None:
    model = step_model(
        [
            plan({"id": "s1", "tools": ["search"]}),  # no goal, unknown tool
            plan(
                {"id": "s1", "goal": "a", "depends_on": ["s2"]},
                {"id": "s2", "goal": "b", "depends_on": ["s1"]},
            ),  # a cycle
            plan({"id": "s1", "goal": "answer"}),
        ],
        lambda step_id, request: final("done"),
    )
    events: list[Any] = []
    out = PlanExecuteVerify(model, reporters=[events.append]).run("x")
    assert out.ok and out.final_answer == "done"
    rejected = [e.reason for e in events if isinstance(e, PlanRejected)]
    assert "argument 'steps.0.goal': Field required" in rejected[0]
    assert "cycle" in rejected[1]
    shown = [e.text for e in events if isinstance(e, PlanRejected)]  # for the trace
    assert '"depends_on": ["s2"]' in shown[1]
    assert len([e for e in events if isinstance(e, PlanProposed)]) == 1
    planner = [r for r in model.requests if "planner" in r.messages[0].content]  # type: ignore[union-attr]
    retry = planner[1]
    assert "Field required" in retry.messages[-1].content  # type: ignore[union-attr]
    # A rejected plan is resampled: at temperature 0 the same plan came back word for word.
    assert [r.temperature for r in planner] == [0.0, 0.7, 0.7]
    # No validators: the planner is not shown the "validator:NAME" syntax to copy.
    assert "validator:" not in retry.messages[0].content  # type: ignore[union-attr]
    model = step_model([plan({"id": "s1", "goal": "answer"})], lambda s, r: final("done"))
    PlanExecuteVerify(model, step_validators={"findings": lambda a: None}).run("x")
    assert '"validator:NAME" with NAME one of [findings]' in model.requests[0].messages[0].content  # type: ignore[union-attr]


def test_plan_parsing_names_every_problem() -> None:
    text = (
        '<plan>```json\n{"steps": [{"id": "a", "goal": "g", "tools": ["nope"], '
        '"depends_on": ["zz"], "check": "validator:missing"}]}\n```</plan>'
    )
    try:
        parse_plan(text, {"calculator"}, {"is_number"})
    except Exception as e:
        msg = str(e)
        assert "unknown tools: nope (available: calculator)" in msg
        assert "depends on unknown steps: zz (it can depend on: none)" in msg
        assert "unknown validator 'missing'" in msg
    else:
        raise AssertionError("expected a FormatError")
    # A re-plan is told which steps exist: those done and its own.
    two = '{"steps": [{"id": "s2", "goal": "g", "depends_on": ["s1"]}, {"id": "s3", "goal": "h"}]}'
    with pytest.raises(FormatError, match=r"s1 \(it can depend on: doc1, s3\)"):
        parse_plan(two, set(), set(), known_ids={"doc1": "done"})
    # The prompt's JSON shape copied as a step: "..." is no goal.
    with pytest.raises(FormatError, match="step s1 has no goal"):
        parse_plan('{"steps": [{"id": "s1", "goal": "...", "check": "..."}]}', set())
    ok = parse_plan(
        '{"steps": [{"id": "b", "goal": "g", "depends_on": ["a"]}]}', set(), known_ids={"a"}
    )
    assert ok.steps[0].depends_on == ["a"]


def test_the_user_can_edit_or_abort_the_plan() -> None:
    def edit(p: Any) -> Any:
        return p.model_copy(update={"steps": [p.steps[0].model_copy(update={"goal": "edited"})]})

    seen: list[str] = []

    def result(step_id: str, request: ModelRequest) -> dict[str, Any]:
        seen.append(request.messages[1].content)  # type: ignore[union-attr]
        return final("ok")

    model = step_model([plan({"id": "s1", "goal": "original"})], result)
    assert PlanExecuteVerify(model, approve_plan=edit).run("t").ok
    assert "Your step (s1): edited" in seen[0]
    aborted = step_model([plan({"id": "s1", "goal": "g"})], result)
    assert PlanExecuteVerify(aborted, approve_plan=lambda p: None).run("t").reason == "aborted"


def test_after_a_failed_step_no_new_step_starts() -> None:
    started: list[str] = []

    def result(step_id: str, request: ModelRequest) -> dict[str, Any]:
        started.append(step_id)
        return final("bad" if step_id == "s1" else "fine")

    model = step_model(
        [
            plan(
                {"id": "s1", "goal": "a", "check": "validator:never"},
                {"id": "s2", "goal": "b"},
                {"id": "s3", "goal": "c"},
            ),
            plan({"id": "s4", "goal": "d"}),
        ],
        result,
    )
    out = PlanExecuteVerify(
        model, step_validators={"never": lambda r: "no"}, config=PEVConfig(parallel=False)
    ).run("x")
    # s1's sub-run was told the validator's reason twice (its retries); s2 and s3 never ran
    assert out.ok and started == ["s1", "s1", "s1", "s4"]


def test_the_run_store_records_a_pev_run_and_resume_keeps_verified_steps(tmp_path: Any) -> None:
    from thinkact.store import RunStore

    ran: list[str] = []
    crash = {"on": True}

    def result(step_id: str, request: ModelRequest) -> dict[str, Any]:
        if step_id == "s2" and crash["on"]:
            raise RuntimeError("power cut")  # the process dies in the middle of s2
        ran.append(step_id)
        return final(f"result of {step_id}")

    the_plan = plan(
        {"id": "s1", "goal": "first"}, {"id": "s2", "goal": "second", "depends_on": ["s1"]}
    )
    store = RunStore(tmp_path / "runs.db")
    model = step_model([the_plan], result)
    pev = PlanExecuteVerify(model, store=store, config=PEVConfig(parallel=False))
    try:
        pev.run("two steps")
    except RuntimeError:
        pass
    else:
        raise AssertionError("expected the crash")
    run = store.runs()[0]
    assert run.status == "interrupted" and ran == ["s1"]

    crash["on"] = False
    resumed = PlanExecuteVerify(model, store=store).resume(run.id)
    assert resumed.ok and resumed.final_answer == "result of s2"
    assert ran == ["s1", "s2"]  # s1 was verified before the crash: not run again
    assert store.get(run.id).status == "done"
    kinds = [e["kind"] for e in store.events(run.id)]
    assert kinds.count("run_started") == 1 and "run_resumed" in kinds
    try:
        PlanExecuteVerify(model, store=store).resume(run.id)
    except Exception as e:
        assert "already finished" in str(e)
    else:
        raise AssertionError("a finished run cannot resume")


def test_checks_are_written_and_judged_as_kinds_of_result_not_guessed_values() -> None:
    # On GSM8K the planner wrote "the result should be 96" before anything was computed and
    # the judge failed the sub-run's correct 72 against it.
    model = step_model(
        [plan({"id": "s1", "goal": "compute the total", "check": "the result should be 96"})],
        lambda step_id, request: final("72"),
    )
    assert PlanExecuteVerify(model).run("x").ok
    planner = model.requests[0].messages[0].content  # type: ignore[union-attr]
    assert "never a value not yet computed" in planner
    judge = next(r for r in model.requests if "You check one step" in r.messages[0].content)  # type: ignore[union-attr]
    assert "a value it names is a guess" in judge.messages[0].content  # type: ignore[union-attr]
    assert "Check: the result should be 96\nResult:\n72" in judge.messages[1].content  # type: ignore[union-attr]


def test_planner_and_judge_calls_are_retried_on_transient_errors() -> None:
    from thinkact import AgentConfig
    from thinkact.errors import RateLimitError
    from thinkact.events import RetryScheduled
    from thinkact.retry import RetryPolicy

    inner = step_model(
        [plan({"id": "s1", "goal": "answer", "check": "a number"})], lambda s, r: final("7")
    )
    limited: list[str] = []

    def rate_limited_once(request: ModelRequest) -> Any:
        system = request.messages[0].content  # type: ignore[union-attr]
        role = next((r for r in ("You are the planner", "You check one step") if r in system), "")
        if role and role not in limited:
            limited.append(role)
            raise RateLimitError("slow down", retry_after=0.0)
        return inner.complete(request)

    fast = AgentConfig(retry=RetryPolicy(base_delay=0.0, jitter=False))
    events: list[Any] = []
    out = PlanExecuteVerify(
        FunctionModel(rate_limited_once),
        config=PEVConfig(step_config=fast),
        reporters=[events.append],
    ).run("x")
    assert out.ok and out.final_answer == "7"
    assert limited == ["You are the planner", "You check one step"]
    assert [e.attempt for e in events if isinstance(e, RetryScheduled)] == [1, 1]


def test_an_answer_forced_by_a_limit_counts_only_if_the_step_check_passes() -> None:
    from thinkact import AgentConfig

    @tool
    def look(q: str) -> str:
        """Look something up."""
        return f"found {q}"

    def keeps_looking(step_id: str, request: ModelRequest) -> dict[str, Any]:
        if request.tool_choice == "none":  # the forced final turn: tools are off
            return {"text": "42" if step_id == "checked" else "whatever"}
        return {"tool_calls": [{"name": "look", "arguments": {"q": "more"}}]}

    model = step_model(
        [
            plan(
                {"id": "checked", "goal": "find it", "tools": ["look"], "check": "validator:num"},
                {"id": "unchecked", "goal": "use it", "tools": ["look"], "depends_on": ["checked"]},
            ),
            plan({"id": "last", "goal": "answer", "depends_on": ["checked"]}),
        ],
        lambda step_id, request: (
            final("42 it is") if step_id == "last" else keeps_looking(step_id, request)
        ),
    )
    events: list[Any] = []
    out = PlanExecuteVerify(
        model,
        [look],
        config=PEVConfig(step_config=AgentConfig(max_steps=2)),
        step_validators={"num": lambda a: None if a.strip().isdigit() else "not a number"},
        reporters=[events.append],
    ).run("x")
    finished = {e.step_id: (e.ok, e.reason) for e in events if isinstance(e, PlanStepFinished)}
    assert finished["checked"] == (True, "")  # max_steps, but its answer passed the check
    assert finished["unchecked"] == (False, "its sub-run ended with max_steps")  # nothing vouches
    assert out.ok and out.final_answer == "42 it is" and out.replans == 1


def test_each_step_is_shown_the_worked_examples_that_call_only_its_tools() -> None:
    from thinkact.demos import Example, ExampleStep

    @tool
    def fetch(name: str) -> str:
        """Fetch a value."""
        return f"{name}=1"

    @tool
    def store(value: str) -> str:
        """Store a value."""
        return "stored"

    examples = [
        Example(
            "Fetch apples.",
            (
                ExampleStep("Fetch.", "fetch", {"name": "apples"}, "apples=1"),
                ExampleStep("Done.", answer="apples=1"),
            ),
        ),
        Example(
            "Store pears.",
            (
                ExampleStep("Store.", "store", {"value": "pears"}, "stored"),
                ExampleStep("Done.", answer="stored"),
            ),
        ),
        Example("Say hello.", (ExampleStep("No tool needed.", answer="hello"),)),
    ]
    systems: dict[str, str] = {}

    def result(step_id: str, request: ModelRequest) -> dict[str, Any]:
        systems[step_id] = request.messages[0].content  # type: ignore[union-attr,assignment]
        return final("done")

    model = step_model(
        [
            plan(
                {"id": "get", "goal": "fetch a value", "tools": ["fetch"]},
                {"id": "put", "goal": "store it", "tools": ["store"], "depends_on": ["get"]},
            )
        ],
        result,
    )
    pev = PlanExecuteVerify(
        model, [fetch, store], step_examples=examples, config=PEVConfig(judge_steps=False)
    )
    assert pev.run("fetch and store").ok
    assert "Fetch apples." in systems["get"] and "Store pears." not in systems["get"]
    assert "Store pears." in systems["put"] and "Fetch apples." not in systems["put"]
    assert all("Say hello." in s for s in systems.values())  # calls no tool: fits any step


def test_a_named_validator_checks_the_sub_runs_answer_so_the_step_fixes_it_in_place() -> None:
    def has_number(text: str) -> str | None:
        return None if re.search(r"\d", text) else "the result must contain a number"

    answers = iter(["forty-two", "42"])
    model = step_model(
        [plan({"id": "s1", "goal": "six times seven", "check": "validator:has_number"})],
        lambda step_id, request: final(next(answers)),
    )
    events: list[Any] = []
    out = PlanExecuteVerify(
        model, step_validators={"has_number": has_number}, reporters=[events.append]
    ).run("what is six times seven?")
    assert (out.ok, out.final_answer, out.replans) == (True, "42", 0)
    told = [e.event for e in events if isinstance(e, SubRunEvent)]
    assert any(getattr(e, "message", "") == "the result must contain a number" for e in told)


def test_parallel_steps_with_different_tools_share_one_stateless_format() -> None:
    """One Format serves every step at once, each parsing against its own step's tools: a
    ```python block runs in the step's own one-argument tool, never in another step's."""
    arrived: list[str] = []
    both = asyncio.Event()

    async def meet(name: str) -> None:
        arrived.append(name)
        if len(arrived) == 2:
            both.set()
        await asyncio.wait_for(both.wait(), 5)  # times out unless s1 and s2 overlap

    @tool
    async def evaluate(expression: str) -> str:
        """Evaluate an arithmetic expression."""
        await meet("evaluate")
        return f"evaluated {expression}"

    @tool
    async def shell(command: str) -> str:
        """Run a shell command."""
        await meet("shell")
        return f"ran {command}"

    def result(step_id: str, request: ModelRequest) -> str:
        told = [
            m.content
            for m in request.messages
            if isinstance(m, UserMessage) and "```output" in m.content
        ]
        if step_id == "s3" or told:
            return f"Done.\n#### {step_id} ok"
        return "Compute it.\n```python\nprint(6 * 7)\n```"

    model = step_model(
        [
            plan(
                {"id": "s1", "goal": "evaluate", "tools": ["evaluate"]},
                {"id": "s2", "goal": "run", "tools": ["shell"]},
                {"id": "s3", "goal": "combine", "depends_on": ["s1", "s2"]},
            )
        ],
        result,
    )
    events: list[Any] = []
    pev = PlanExecuteVerify(model, [evaluate, shell], format="code", reporters=[events.append])
    out = pev.run("evaluate and run")
    assert out.ok, out.reason
    ran = {
        e.step_id: (e.event.call.name, e.event.result.is_error)
        for e in events
        if isinstance(e, SubRunEvent) and isinstance(e.event, ToolFinished)
    }
    assert ran == {"s1": ("evaluate", False), "s2": ("shell", False)}
    assert sorted(arrived) == ["evaluate", "shell"]
