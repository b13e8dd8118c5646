"""`history`: a run that continues an earlier run's conversation (a next user turn), and
tools whose argument model keeps extra arguments."""

from __future__ import annotations

from typing import Any

import pydantic

from thinkact import Agent, tool
from thinkact.testing import ScriptedModel
from thinkact.tools.base import Tool
from thinkact.types import SystemMessage, UserMessage


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


def test_a_next_turn_sees_the_earlier_one() -> None:
    model = ScriptedModel(
        [
            {"tool_calls": [{"name": "add", "arguments": {"a": 2, "b": 3}}]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "5"}}]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "10"}}]},
        ]
    )
    agent = Agent(model, [add], format="native", instructions="Be brief.")
    first = agent.run("What is 2 + 3?")
    second = agent.run("And twice that?", history=first.messages)
    assert second.final_answer == "10" and second.steps == 1
    sent = model.requests[-1].messages
    # one system prompt (built anew), the first turn as it went, then the new question
    assert sum(isinstance(m, SystemMessage) for m in sent) == 1
    assert isinstance(sent[0], SystemMessage)
    assert list(sent[1 : len(first.messages)]) == list(first.messages[1:])
    last = sent[-1]
    assert isinstance(last, UserMessage) and last.content.startswith("And twice that?")


class _Loose(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="allow")


def test_extra_arguments_reach_a_tool_whose_model_keeps_them() -> None:
    seen: dict[str, Any] = {}

    def record(**kwargs: Any) -> str:
        seen.update(kwargs)
        return "ok"

    loose = Tool("record", "Record.", {"type": "object", "properties": {}}, record, _Loose)
    assert loose.call({"x": 1, "y": [2]}) == "ok" and seen == {"x": 1, "y": [2]}
