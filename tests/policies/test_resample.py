"""Resampling (policies/resample.py): after an error or a turned-down reply, and a cut
reply asked for again."""

from __future__ import annotations

import time

from scripts import add, call, has_number

from thinkact import Agent, AgentConfig
from thinkact.events import Notice, RunFinished
from thinkact.formats import get_format
from thinkact.policies import Turn
from thinkact.policies.resample import Resample
from thinkact.testing import ScriptedModel, to_reply
from thinkact.types import ModelRequest


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


def test_a_cut_reply_that_does_not_parse_is_asked_for_again_hotter_with_a_penalty() -> None:
    cut = {"text": "", "stop_reason": "max_tokens", "usage": {"input_tokens": 10}}
    model = ScriptedModel([cut, call("final_answer", answer="3")], native_tools=True)
    events = list(Agent(model, [add], format="native").iter("1 + 2?"))
    [notice] = [e for e in events if isinstance(e, Notice)]
    assert notice.reason == "reply_cut" and "did not parse" in notice.message
    first, again = model.requests
    assert (first.temperature, first.frequency_penalty) == (0.0, 0.0)
    assert (again.temperature, again.frequency_penalty) == (0.7, 1.0)
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.final_answer == "3"
    assert finished.steps == 1 and finished.usage.input_tokens == 10  # both calls counted


def test_a_cut_reply_that_parses_stands() -> None:
    cut = {**call("add", a=1, b=2), "stop_reason": "max_tokens"}
    policy = Resample()
    turn = Turn("t", "", (add.spec,), get_format("native"), AgentConfig(), time.monotonic, [])
    reply = to_reply(cut)
    parsed = turn.format.parse(reply, turn.tools)
    assert policy.reply(turn, ModelRequest(()), reply, parsed) is None


def test_the_request_hook_raises_the_temperature_only_after_an_error_or_a_turn_down() -> None:
    policy = Resample(temperature=0.9)
    turn = Turn("t", "", (), get_format("xml"), AgentConfig(), time.monotonic, [])
    cold = ModelRequest((), temperature=0.1)
    assert policy.request(turn, cold) is cold
    turn.errors = 1
    assert policy.request(turn, cold).temperature == 0.9
    turn.errors, turn.turned_down = 0, True
    assert policy.request(turn, ModelRequest((), temperature=1.2)).temperature == 1.2
