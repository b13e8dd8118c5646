"""Call screening (policies/screen.py, AgentConfig.screen_calls): the model is asked about
each tool it chose; a "no" is not run and the model hears why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from scripts import answered, tools

from thinkact import Agent, AgentConfig, Tool
from thinkact.events import CallsScreened, Event, ToolFinished
from thinkact.policies.screen import says_no, screen_requests
from thinkact.store import RunStore
from thinkact.testing import FunctionModel
from thinkact.types import ModelRequest, Reply, ToolMessage, ToolSpec, UserMessage

SCREENED = AgentConfig(screen_calls=True)


def model(screen: dict[str, str]) -> FunctionModel:
    """Calls add and draw_circle in one turn, then answers with what it was told; a
    screening question about tool T is answered screen[T]."""

    def reply(request: ModelRequest) -> dict[str, Any]:
        if (question := answered(request, screen)) is not None:
            return question
        told = [m for m in request.messages if isinstance(m, ToolMessage)]
        if told:
            return {"text": " | ".join(r.content for r in told[-1].results)}
        calls = [
            {"id": "c1", "name": "add", "arguments": {"a": 2, "b": 3}},
            {"id": "c2", "name": "draw_circle", "arguments": {"radius": 3}},
        ]
        return {"tool_calls": calls, "usage": {"input_tokens": 100, "output_tokens": 20}}

    return FunctionModel(reply)


def test_a_tool_the_model_says_does_not_fit_is_not_run_and_the_model_hears_why() -> None:
    ran: list[str] = []
    events: list[Event] = []
    m = model({"add": "yes", "draw_circle": "no"})
    agent = Agent(m, tools(ran), config=SCREENED, reporters=[events.append])
    result = agent.run("What is 2 + 3?")
    assert ran == ["add"]
    assert result.final_answer == (
        "5 | Not run: draw_circle does not do what the task asks (checked before running "
        "it). If no tool does, answer without one."
    )
    [screened] = [e for e in events if isinstance(e, CallsScreened)]
    assert (screened.asked, screened.refused) == (("add", "draw_circle"), ("draw_circle",))
    # add passed both questions; draw_circle was refused at the first, so not asked twice.
    assert screened.usage.input_tokens == 150 and result.usage.input_tokens >= 250
    asked = m.requests[1]  # the screening question: the task and the tool, nothing else
    assert asked.tools == () and len(asked.messages) == 2
    assert "Request: What is 2 + 3?" in asked.messages[1].content  # type: ignore[union-attr]
    second = m.requests[2].messages[1].content  # type: ignore[union-attr]
    assert "A user asks: What is 2 + 3?" in second and "only available function is add(" in second
    finished = [e for e in events if isinstance(e, ToolFinished)]
    assert [e.call.id for e in finished] == ["c2", "c1"]  # the refusal before anything runs
    assert finished[0].result.is_error and not finished[1].result.is_error


def test_screening_is_off_by_default() -> None:
    ran: list[str] = []
    m = model({"add": "no", "draw_circle": "no"})
    Agent(m, tools(ran)).run("What is 2 + 3?")
    assert ran == ["add", "draw_circle"] and len(m.requests) == 2


def test_only_a_clear_no_refuses() -> None:
    assert says_no(Reply("no")) and says_no(Reply(" No.")) and says_no(Reply("no, it draws"))
    assert not says_no(Reply("yes")) and not says_no(Reply("")) and not says_no(Reply("nope"))
    spec = ToolSpec("draw", "Draw it.", {"type": "object", "properties": {"r": {}, "unit": {}}})
    first, second = screen_requests("Area of a square?", spec)
    assert "Function: draw(r, unit): Draw it." in first.messages[1].content  # type: ignore[union-attr]
    assert "function is draw(r, unit): Draw it." in second.messages[1].content  # type: ignore[union-attr]
    assert all(r.grammar is not None and r.max_tokens <= 4 for r in (first, second))


def test_a_no_to_either_question_refuses() -> None:
    def reply(request: ModelRequest) -> dict[str, Any]:
        last = request.messages[-1]
        if request.grammar == 'root ::= "yes" | "no"':
            assert isinstance(last, UserMessage)
            return {"text": "no" if last.content.startswith("A user asks") else "yes"}
        if any(isinstance(m, ToolMessage) for m in request.messages):
            return {"text": "done"}
        return {"tool_calls": [{"id": "c1", "name": "add", "arguments": {"a": 2, "b": 3}}]}

    ran: list[str] = []
    events: list[Event] = []
    agent = Agent(FunctionModel(reply), tools(ran), config=SCREENED, reporters=[events.append])
    agent.run("Hi: 2 and 3")
    assert ran == [] and [e.refused for e in events if isinstance(e, CallsScreened)] == [("add",)]


def test_a_call_with_numbers_nobody_gave_is_not_run_nor_asked_about() -> None:
    asked: list[str] = []

    def reply(request: ModelRequest) -> dict[str, Any]:
        last = request.messages[-1]
        if request.grammar == 'root ::= "yes" | "no"':
            asked.append(last.content)  # type: ignore[union-attr]
            return {"text": "yes"}
        told = [m for m in request.messages if isinstance(m, ToolMessage)]
        if len(told) == 2:
            return {"text": " | ".join(r.content for r in told[-1].results)}
        if told:  # the second turn uses the first result: 5 came from a tool
            return {"tool_calls": [{"id": "c3", "name": "add", "arguments": {"a": 5, "b": 40}}]}
        return {
            "tool_calls": [
                {"id": "c1", "name": "add", "arguments": {"a": 2, "b": 3}},
                {"id": "c2", "name": "draw_circle", "arguments": {"radius": 7.5}},  # made up
            ]
        }

    ran: list[str] = []
    events: list[Event] = []
    agent = Agent(FunctionModel(reply), tools(ran), config=SCREENED, reporters=[events.append])
    result = agent.run("Add 2 and 3, then add forty to that, and draw a circle.")
    assert ran == ["add", "add"]
    verdicts = [e for e in events if isinstance(e, CallsScreened)]
    assert verdicts[0].ungrounded == (("c2", "radius=7.5"),) and verdicts[0].asked == ("add",)
    assert verdicts[1].ungrounded == ()  # 5 was a result, forty is in the task
    assert len(asked) == 4  # two questions about add, each turn; none about draw_circle
    assert result.final_answer == "45"
    told = next(e for e in events if isinstance(e, ToolFinished) and e.call.id == "c2")
    assert told.result.is_error and "with radius=7.5, values (numbers, web addresses)" in (
        told.result.content
    )


def test_a_call_to_a_web_service_nobody_named_is_not_run() -> None:
    """BFCL live_irrelevance_0: a generic GET tool described for one API, asked for another
    service; the model writes an address of its own."""
    made_up = "https://api.openweathermap.org/data/2.5/weather?lat=37.42&appid=YOUR_API_KEY"
    described = "https://date.nager.at/api/v3/PublicHolidays/2024/CA"
    urls = iter([made_up, described])

    def reply(request: ModelRequest) -> dict[str, Any]:
        if request.grammar == 'root ::= "yes" | "no"':
            return {"text": "yes"}
        if any(isinstance(m, ToolMessage) for m in request.messages):
            return {"text": "done"}
        return {"tool_calls": [{"id": "c1", "name": "http_get", "arguments": {"url": next(urls)}}]}

    got: list[str] = []

    def http_get(url: str) -> str:
        """Send a GET request to a URL of the Date Nager API (see https://date.nager.at/Api)."""
        got.append(url)
        return "ok"

    tool = Tool.from_function(http_get)
    for task in ("The address at latitude 37.42, please", "Canada's holidays in 2024"):
        events: list[Event] = []
        Agent(FunctionModel(reply), [tool], config=SCREENED, reporters=[events.append]).run(task)
        verdict = next(e for e in events if isinstance(e, CallsScreened))
        if task.startswith("The address"):
            assert verdict.ungrounded == (("c1", f"url={json.dumps(made_up)}"),)
    assert got == [described]  # a host the tool's description names is given


def test_a_resumed_run_does_not_run_a_refused_call(tmp_path: Path) -> None:
    ran: list[str] = []
    store = RunStore(tmp_path / "runs.db")
    screen = {"add": "yes", "draw_circle": "no"}
    agent = Agent(model(screen), tools(ran, stop_in_add=True), config=SCREENED, store=store)
    with pytest.raises(KeyboardInterrupt):
        agent.run("What is 2 + 3?", run_id="r1")
    assert ran == ["add"]
    again = Agent(model(screen), tools(ran), config=SCREENED, store=store).resume("r1")
    assert "draw_circle" not in ran
    assert again.final_answer is not None and "Not run: draw_circle" in again.final_answer
