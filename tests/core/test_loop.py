"""The loop's policies, driven by scripted models through the real drivers."""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import replace
from typing import Any

import pytest

from thinkact import Agent, AgentConfig, RetryPolicy, ToolCall, tool
from thinkact.config import OBSERVATION_HINT
from thinkact.errors import AuthenticationError, RateLimitError, ServerError
from thinkact.events import (
    FormatFailed,
    Notice,
    RetryScheduled,
    RunFinished,
    ToolFinished,
    ValidationFailed,
)
from thinkact.testing import FunctionModel, ScriptedModel
from thinkact.types import ModelRequest, Reply, ToolMessage, UserMessage


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


def test_step_count_is_shown_to_the_model_each_turn() -> None:
    model = ScriptedModel([call("add", a=1, b=1), call("add", a=2, b=2), final("ok")])
    config = AgentConfig(max_steps=3, observation_hint=OBSERVATION_HINT)
    Agent(model, [add], config=config).run("go")
    notes = [
        [m.content for m in r.messages if isinstance(m, UserMessage)][-1] for r in model.requests
    ]
    assert notes[0].endswith("[Step 1 of 3]")
    assert notes[1] == f"{OBSERVATION_HINT}\n[Step 2 of 3]"
    # The last step says to answer now; the hint would only repeat it.
    assert notes[2].startswith("[Step 3 of 3. This is your last step")


def test_the_observation_hint_is_off_unless_asked_for() -> None:
    for hint, expected in [("", "[Step 2 of 3]"), ("Answer soon.", "Answer soon.\n[Step 2 of 3]")]:
        model = ScriptedModel([call("add", a=1, b=1), final("ok")])
        Agent(model, [add], config=AgentConfig(max_steps=3, observation_hint=hint)).run("go")
        assert [m for m in model.requests[1].messages if isinstance(m, UserMessage)][
            -1
        ].content == expected


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


def test_an_exact_repeat_nudges_with_the_result_then_stops_with_loop() -> None:
    model = ScriptedModel([call("add", a=1, b=1)] * 3 + [final("2")])
    events = list(Agent(model, [add]).iter("go"))
    notices = [(e.step, e.reason) for e in events if isinstance(e, Notice)]
    assert notices == [(2, "loop_nudge"), (3, "loop")]
    assert isinstance(events[-1], RunFinished) and events[-1].reason == "loop"
    assert events[-1].final_answer == "2"  # one forced turn with tools disabled still answers
    assert model.requests[-1].tool_choice == "none"
    nudge = [m for m in model.requests[2].messages if isinstance(m, UserMessage)][-1].content
    assert "exactly this call in your previous step" in nudge


@pytest.mark.parametrize(("nudges", "notices"), [(0, [(2, "loop")]), (2, None)])
def test_the_number_of_nudges_before_a_loop_stops_is_configurable(
    nudges: int, notices: list[tuple[int, str]] | None
) -> None:
    model = ScriptedModel([call("add", a=1, b=1)] * (nudges + 2) + [final("2")])
    cfg = AgentConfig(loop_nudges=nudges)
    events = list(Agent(model, [add], config=cfg).iter("go"))
    seen = [(e.step, e.reason) for e in events if isinstance(e, Notice)]
    assert seen == (notices or [(2, "loop_nudge"), (3, "loop_nudge"), (4, "loop")])
    assert isinstance(events[-1], RunFinished) and events[-1].final_answer == "2"


def test_ab_oscillation_is_a_loop_and_the_nudge_can_help() -> None:
    a, b = call("add", a=1, b=1), call("add", a=2, b=2)
    model = ScriptedModel([a, b, a, b, final("stopped oscillating")])
    events = list(Agent(model, [add]).iter("go"))
    assert [e.reason for e in events if isinstance(e, Notice)] == ["loop_nudge"]
    assert isinstance(events[-1], RunFinished) and events[-1].reason == "final_answer"


def test_a_finished_call_redone_between_new_ones_is_a_loop() -> None:
    # A/x/A/y/A: the model keeps redoing a step it already has the result of.
    a = call("add", a=2, b=40)
    model = ScriptedModel([a, call("add", a=1, b=1), a, call("add", a=2, b=2), a, final("42")])
    events = list(Agent(model, [add]).iter("go"))
    assert [(e.step, e.reason) for e in events if isinstance(e, Notice)] == [(5, "loop_nudge")]


def test_the_same_long_thought_with_only_numbers_changed_is_a_loop() -> None:
    thought = "I should subtract the expenses from the earnings again to find what is left."
    steps = [{"text": thought, **call("add", a=-i, b=100)} for i in range(3)]
    model = ScriptedModel([*steps, final("97")])
    events = list(Agent(model, [add], format="native").iter("go"))
    assert [(e.step, e.reason) for e in events if isinstance(e, Notice)] == [(3, "loop_nudge")]


def test_short_or_different_thoughts_with_new_arguments_are_progress() -> None:
    steps = [{"text": "Next.", **call("add", a=i, b=1)} for i in range(4)]
    steps += [
        {"text": f"Now document {i} of several, read it in full.", **call("add", a=i, b=2)}
        for i in range(4)
    ]
    model = ScriptedModel([*steps, final("done")])
    events = list(Agent(model, [add], format="native", config=AgentConfig(max_steps=20)).iter("go"))
    assert not [e for e in events if isinstance(e, Notice)]


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


def has_number(answer: str) -> str | None:
    return None if any(c.isdigit() for c in answer) else "the answer must contain a number"


def test_validation_failure_goes_back_and_retries_are_bounded() -> None:
    ok = ScriptedModel([final("five"), final("5")])
    result = Agent(ok, [add], validators=[has_number]).run("go")
    assert result.final_answer == "5"
    fed_back = ok.requests[1].messages[-1].content  # type: ignore[union-attr]
    assert "<validation_failed>the answer must contain a number</validation_failed>" in fed_back

    never = ScriptedModel([final("five")] * 3)
    events = list(
        Agent(
            never, [add], validators=[has_number], config=AgentConfig(max_validation_retries=2)
        ).iter("go")
    )
    assert [e.attempt for e in events if isinstance(e, ValidationFailed)] == [1, 2, 3]
    assert isinstance(events[-1], RunFinished) and events[-1].reason == "validation_failed"


def test_a_placeholder_final_answer_goes_back_without_any_validator() -> None:
    # The generic example's answer is "...": a small model sometimes answers just that.
    model = ScriptedModel([final("..."), final("5")])
    events = list(Agent(model, [add]).iter("go"))
    failed = [e for e in events if isinstance(e, ValidationFailed)]
    assert [(e.validator, e.attempt) for e in failed] == [("has_content", 1)]
    assert "Your final answer '...' says nothing" in failed[0].message
    assert isinstance(events[-1], RunFinished) and events[-1].final_answer == "5"


@tool(return_direct=True)
def price(item: str) -> str:
    """The price of an item, which is the answer."""
    prices = {"tea": "4", "cake": "7.5"}
    if item not in prices:
        raise KeyError(f"no price for {item}")
    return prices[item]


def whole(answer: str) -> str | None:
    return None if answer.isdigit() else f"{answer} is not a whole number"


def test_a_return_direct_result_is_the_answer_without_another_turn() -> None:
    model = ScriptedModel([call("price", item="tea")])
    result = Agent(model, [price]).run("What does tea cost?")
    assert (result.final_answer, result.reason, result.steps) == ("4", "final_answer", 1)
    assert len(model.requests) == 1
    # `answer_from` picks the answer out of the output.
    labelled = replace(price, answer_from=lambda out: f"{out} dollars")
    again = Agent(ScriptedModel([call("price", item="tea")]), [labelled]).run("Tea?")
    assert again.final_answer == "4 dollars"


def test_a_failed_return_direct_call_is_an_observation_and_the_run_goes_on() -> None:
    model = ScriptedModel([call("price", item="scone"), final("I could not find it")])
    result = Agent(model, [price]).run("What does a scone cost?")
    assert (result.final_answer, result.steps) == ("I could not find it", 2)
    observed = next(m for m in model.requests[1].messages if isinstance(m, ToolMessage))
    assert "no price for scone" in observed.results[0].content


def test_a_return_direct_answer_is_validated_and_sent_back_beside_its_output() -> None:
    model = ScriptedModel([call("price", item="cake"), call("price", item="tea")])
    events = list(Agent(model, [price], validators=[whole]).iter("A whole price?"))
    failed = [e for e in events if isinstance(e, ValidationFailed)]
    assert [(e.validator, e.attempt) for e in failed] == [("whole", 1)]
    told = "\n".join(
        str(getattr(m, "content", "")) + "".join(r.content for r in getattr(m, "results", ()))
        for m in model.requests[1].messages[-2:]
    )
    assert "7.5" in told and "7.5 is not a whole number" in told
    assert isinstance(events[-1], RunFinished) and events[-1].final_answer == "4"

    never = ScriptedModel([call("price", item="cake")] * 2)
    config = AgentConfig(max_validation_retries=1, loop_detection=False)
    result = Agent(never, [price], validators=[whole], config=config).run("A whole price?")
    assert (result.final_answer, result.reason) == ("7.5", "validation_failed")


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


def test_after_an_error_the_next_reply_is_resampled_not_repeated() -> None:
    act = '<reasoning>Add.</reasoning><action>add</action><parameters>{"a": 1, "b": %d}'
    model = ScriptedModel(
        [
            "no action here",
            act % 1 + "</parameters>",
            act % 2 + "</parameters>",
            "<reasoning>Done.</reasoning><final_answer>ok</final_answer>",
        ]
    )
    Agent(model, [add], format="xml", config=AgentConfig(temperature=0.0)).run("go")
    # the reply after the format error is sampled; once a step succeeds, greedy again
    assert [r.temperature for r in model.requests] == [0.0, 0.7, 0.0, 0.0]


def test_a_turned_down_reply_is_resampled_not_written_again() -> None:
    # HotpotQA: at temperature 0 the embedded model answered "None" three times, word for
    # word, after each failed validation; a loop nudge is a turned-down reply as well.
    act = '<reasoning>Add.</reasoning><action>add</action><parameters>{"a": 1, "b": 1}'
    model = ScriptedModel(
        [
            "<reasoning>Done.</reasoning><final_answer>none</final_answer>",
            "<reasoning>Done.</reasoning><final_answer>2</final_answer>",
        ]
    )
    cfg = AgentConfig(temperature=0.0)
    result = Agent(model, [add], format="xml", config=cfg, validators=[has_number]).run("go")
    assert result.final_answer == "2"
    assert [r.temperature for r in model.requests] == [0.0, 0.7]
    repeats = ScriptedModel([act + "</parameters>"] * 3 + ["<final_answer>2</final_answer>"])
    Agent(repeats, [add], format="xml", config=cfg).run("go")
    # the second identical call is nudged, so the reply after it is sampled
    assert [r.temperature for r in repeats.requests] == [0.0, 0.0, 0.7, 0.0]


def test_an_answer_forced_by_a_loop_is_validated_and_sent_back_while_steps_are_left() -> None:
    # GSM8K: the loop guard forced "23.3" flowers, which the whole-number check never saw.
    model = ScriptedModel([call("add", a=1, b=1)] * 3 + [final("none"), final("2")])
    events = list(Agent(model, [add], validators=[has_number]).iter("go"))
    failed = [e for e in events if isinstance(e, ValidationFailed)]
    assert [(e.step, e.attempt) for e in failed] == [(3, 1)]
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.reason == "final_answer"
    assert finished.final_answer == "2" and model.remaining == 0
    # At the step limit there is no step left to fix it in: the forced answer stands.
    last = ScriptedModel([call("add", a=1, b=1), final("none")])
    result = Agent(last, [add], validators=[has_number], config=AgentConfig(max_steps=1)).run("go")
    assert (result.reason, result.final_answer) == ("max_steps", "none")


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
