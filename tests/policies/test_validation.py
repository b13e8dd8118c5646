"""Validation of answers and return_direct answers (policies/validation.py)."""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import replace

import pytest
from scripts import add, call, final, has_number

from thinkact import Agent, AgentConfig, tool
from thinkact.events import RunFinished, ValidationFailed
from thinkact.formats import get_format
from thinkact.policies import Turn, Verdict
from thinkact.policies.validation import Validation
from thinkact.testing import ScriptedModel
from thinkact.types import ModelRequest, Reply, ToolMessage


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


def test_attempts_are_counted_across_the_run_and_saved() -> None:
    validation = Validation([has_number], retries=1)
    turn = Turn("t", "", (), get_format("xml"), AgentConfig(), time.monotonic, [])
    request, reply = ModelRequest(()), Reply("")

    def verdict(answer: str) -> Verdict | None:
        hook = validation.answer(turn, request, reply, answer, "")
        if not isinstance(hook, Generator):
            return hook
        failed = next(hook)
        assert isinstance(failed, ValidationFailed)
        with pytest.raises(StopIteration) as done:
            next(hook)
        result: Verdict = done.value.value
        return result

    assert verdict("42") is None
    first = verdict("none")
    assert first is not None and first.turned_down and "<validation_failed>" in first.note
    assert validation.state() == {"validation_attempts": 1}
    assert verdict("none") == Verdict(finish="validation_failed")
