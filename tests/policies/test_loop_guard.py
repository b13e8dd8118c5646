"""The loop guard (policies/loop_guard.py): repeats and oscillations earn a nudge, then stop
the run with a forced final answer."""

from __future__ import annotations

import time
from collections.abc import Generator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scripts import add, call, final

from thinkact import Agent, AgentConfig, ToolCall
from thinkact.events import Notice, RunFinished
from thinkact.formats import get_format
from thinkact.formats.base import Parsed
from thinkact.policies import Turn, Verdict
from thinkact.policies.loop_guard import LoopGuard, _from_signature, _key, _signature
from thinkact.testing import ScriptedModel
from thinkact.types import UserMessage


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


def test_a_nudge_waits_for_the_results_goes_out_once_and_survives_a_resume() -> None:
    guard = LoopGuard(nudges=1)
    turn = Turn("t", "", (add.spec,), get_format("native"), AgentConfig(), time.monotonic, [])
    parsed = Parsed("", (ToolCall("c1", "add", {"a": 1, "b": 1}),))
    assert guard.calls(turn, parsed, {}) is None
    hook = guard.calls(turn, parsed, {})
    assert isinstance(hook, Generator)
    notice = next(hook)
    assert isinstance(notice, Notice) and notice.reason == "loop_nudge"
    with pytest.raises(StopIteration) as done:
        next(hook)
    assert done.value.value == Verdict(turned_down=True)
    resumed = LoopGuard(nudges=1)
    resumed.restore(guard.state())
    told = resumed.observation(turn, parsed.calls, ())
    assert isinstance(told, Verdict) and "exactly this call" in told.note
    assert resumed.observation(turn, parsed.calls, ()) is None  # said once
    assert resumed.calls(turn, parsed, {}) == Verdict(stop="loop")  # nudged once: stop


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)
_calls = st.lists(
    st.builds(
        ToolCall,
        st.text(max_size=3),
        st.text(max_size=6),
        st.dictionaries(st.text(max_size=4), _json, max_size=4),
    ),
    max_size=3,
)


@settings(max_examples=300, deadline=None)
@given(_calls)
def test_signatures_keep_the_form_checkpoints_store(calls: list[ToolCall]) -> None:
    # Stored runs hold the signatures of their recent steps: a resumed run compares new
    # ones against them, so the form never changes, and a stored one reads back as the key.
    expected = repr([(c.name, sorted(c.arguments.items())) for c in calls])
    assert _signature(_key(calls)) == expected
    back = _from_signature(expected)
    if "nan" in expected or "inf" in expected:  # a NaN or inf is no literal: kept as text
        assert back == expected or back == _key(calls)
    else:
        assert back == _key(calls)


def test_arguments_in_another_order_are_the_same_call_and_resume_keeps_the_window() -> None:
    guard = LoopGuard(nudges=0)
    turn = Turn("t", "", (add.spec,), get_format("native"), AgentConfig(), time.monotonic, [])
    assert guard.calls(turn, Parsed("", (ToolCall("c1", "add", {"a": 1, "b": 2}),)), {}) is None
    resumed = LoopGuard(nudges=0)
    resumed.restore(guard.state())
    again = Parsed("", (ToolCall("c2", "add", {"b": 2, "a": 1}),))
    assert resumed.calls(turn, again, {}) == Verdict(stop="loop")
    odd = LoopGuard(nudges=0)
    odd.restore({"recent": ["[('add', [('a', <object>)])]", "not a signature"]})
    assert odd.calls(turn, again, {}) is None  # unreadable entries match no new call
