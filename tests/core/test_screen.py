"""Call screening (AgentConfig.screen_calls): the model is asked about each tool it chose;
a "no" is not run and the model hears why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from thinkact import Agent, AgentConfig, Tool
from thinkact.events import CallsScreened, DeclineChecked, Event, Notice, ToolFinished
from thinkact.screen import named, says_no, screen_requests
from thinkact.store import RunStore
from thinkact.testing import FunctionModel
from thinkact.types import ModelRequest, Reply, ToolMessage, ToolSpec, UserMessage

SCREENED = AgentConfig(screen_calls=True)


def tools(ran: list[str], *, stop_in_add: bool = False) -> list[Tool]:
    def add(a: int, b: int) -> int:
        """Add two integers."""
        ran.append("add")
        if stop_in_add and ran.count("add") == 1:
            raise KeyboardInterrupt  # Ctrl-C while add runs
        return a + b

    def draw_circle(radius: float) -> str:
        """Draw a circle of the given radius."""
        ran.append("draw_circle")
        return "drawn"

    return [Tool.from_function(add), Tool.from_function(draw_circle)]


def answered(request: ModelRequest, answers: dict[str, str]) -> dict[str, Any] | None:
    """A screening question about tool T is answered answers[T] (None: not a question)."""
    if request.grammar != 'root ::= "yes" | "no"':
        return None
    last = request.messages[-1]
    assert isinstance(last, UserMessage)
    name = next(n for n in answers if f" {n}(" in last.content)
    return {"text": answers[name], "usage": {"input_tokens": 50, "output_tokens": 1}}


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


# --- the decline check (AgentConfig.decline_check) -----------------------------------------

DECLINE = AgentConfig(decline_check=True)


def declining(
    fits: dict[str, str], *, first: str = "I cannot add numbers.", second: Any = None
) -> FunctionModel:
    """Answers without a tool at first; a question about tool T is answered fits[T]; told
    which fit, calls add (or replies `second`); then answers with the result."""

    def reply(request: ModelRequest) -> dict[str, Any]:
        if (question := answered(request, fits)) is not None:
            return question
        last = request.messages[-1]
        told = [m for m in request.messages if isinstance(m, ToolMessage)]
        if told:
            return {"text": f"It is {told[-1].results[0].content}."}
        if isinstance(last, UserMessage) and last.content.startswith("Checked:"):
            call = {"id": "c1", "name": "add", "arguments": {"a": 2, "b": 3}}
            return second if second is not None else {"tool_calls": [call]}
        return {"text": first, "usage": {"input_tokens": 100}}

    return FunctionModel(reply)


def test_an_answer_without_a_tool_that_fits_is_asked_again_with_calls_only() -> None:
    ran: list[str] = []
    events: list[Event] = []
    m = declining({"add": "yes", "draw_circle": "no"})
    result = Agent(m, tools(ran), config=DECLINE, reporters=[events.append]).run("2 + 3?")
    assert result.final_answer == "It is 5." and ran == ["add"] and result.steps == 2
    [checked] = [e for e in events if isinstance(e, DeclineChecked)]
    assert (checked.asked, checked.fitting) == (("add", "draw_circle"), ("add",))
    assert checked.usage.input_tokens == 150  # add: two questions; draw_circle: one "no"
    again = m.requests[4]  # the reply, 3 questions, then the reply with calls only
    assert [t.name for t in again.tools] == ["add"] and again.tool_choice == "required"
    told = again.messages[-1]
    assert isinstance(told, UserMessage)
    assert told.content == (
        "Checked: add does what the request asks. Call it now, with the values the request gives."
    )
    # The declined reply and the note stay in the history; the call is not asked about again.
    assert "I cannot add numbers." in str(result.messages)
    assert all(r.grammar != 'root ::= "yes" | "no"' for r in m.requests[5:])


def test_a_decline_no_tool_fits_stands_and_the_check_is_off_by_default() -> None:
    ran: list[str] = []
    m = declining({"add": "no", "draw_circle": "no"})
    result = Agent(m, tools(ran), config=DECLINE).run("Who wrote Dracula?")
    assert result.final_answer == "I cannot add numbers." and len(m.requests) == 3
    m = declining({"add": "yes", "draw_circle": "yes"})
    result = Agent(m, tools(ran)).run("2 + 3?")
    assert result.final_answer == "I cannot add numbers." and len(m.requests) == 1
    assert ran == []


def test_the_check_is_spent_once_the_model_has_called_a_tool() -> None:
    """A final answer after tool results is the model's reading of them, not a decline."""

    def reply(request: ModelRequest) -> dict[str, Any]:
        assert request.grammar != 'root ::= "yes" | "no"', "no question after a call"
        if any(isinstance(m, ToolMessage) for m in request.messages):
            return {"text": "5"}
        return {"tool_calls": [{"id": "c1", "name": "add", "arguments": {"a": 2, "b": 3}}]}

    ran: list[str] = []
    result = Agent(FunctionModel(reply), tools(ran), config=DECLINE).run("2 + 3?")
    assert result.final_answer == "5" and ran == ["add"]


def test_a_second_reply_that_does_not_parse_leaves_the_first_answer() -> None:
    """Without a grammar (a remote model) the second reply may be anything."""
    ran: list[str] = []
    events: list[Event] = []
    first = "<reasoning>No.</reasoning>\n<final_answer>I cannot add numbers.</final_answer>"
    m = declining({"add": "yes", "draw_circle": "yes"}, first=first, second="<action>add")
    agent = Agent(m, tools(ran), format="xml", config=DECLINE, reporters=[events.append])
    result = agent.run("2 + 3?")
    assert result.final_answer == "I cannot add numbers." and ran == []
    assert [e.reason for e in events if isinstance(e, Notice)] == ["decline_kept"]
    assert result.messages[-1].content == first  # the second reply is not kept


def test_a_cut_reply_after_the_check_is_asked_for_again() -> None:
    ran: list[str] = []
    cut = {"text": "<reasoning>Add. Add. Add.</reasoning><action>ad", "stop_reason": "max_tokens"}
    call = '<reasoning>r</reasoning><action>add</action><parameters>{"a": 2, "b": 3}</parameters>'
    replies = iter([cut, call, "<reasoning>r</reasoning><final_answer>5</final_answer>"])

    def reply(request: ModelRequest) -> Any:
        if (question := answered(request, {"add": "yes", "draw_circle": "no"})) is not None:
            return question
        last = request.messages[-1]
        if len(request.messages) > 2:  # after the decline: told which tool fits, then results
            assert isinstance(last, UserMessage)
            return next(replies)
        return "<reasoning>No.</reasoning><final_answer>I cannot add.</final_answer>"

    events: list[Event] = []
    agent = Agent(
        FunctionModel(reply), tools(ran), format="xml", config=DECLINE, reporters=[events.append]
    )
    assert agent.run("2 + 3?").final_answer == "5" and ran == ["add"]
    [notice] = [e for e in events if isinstance(e, Notice)]
    assert notice.reason == "reply_cut" and "Unknown tool 'ad'" in notice.message


def test_calls_after_the_check_with_values_nobody_gave_leave_the_answer() -> None:
    """Pressed into a tool that nearly fits, the model makes its values up: the decline
    stands, and the model's second reply is not kept."""
    ran: list[str] = []
    events: list[Event] = []
    made_up = {"tool_calls": [{"id": "c1", "name": "draw_circle", "arguments": {"colour": "teal"}}]}
    m = declining({"add": "no", "draw_circle": "yes"}, second=made_up)
    agent = Agent(m, tools(ran), config=DECLINE, reporters=[events.append])
    result = agent.run("Draw me a picture of the sea.")
    assert result.final_answer == "I cannot add numbers." and ran == []
    [notice] = [e for e in events if isinstance(e, Notice)]
    assert notice.reason == "decline_kept" and '"colour": "teal"' in notice.message


def test_calls_after_the_check_may_give_an_argument_its_declared_default() -> None:
    """A default written out is the call that leaves it out, not a made-up value."""
    found: list[int] = []

    def search(keyword: str, max_results: int = 10) -> str:
        """Search recipes."""
        found.append(max_results)
        return "3 recipes"

    call = {"name": "search", "arguments": {"keyword": "steak", "max_results": 10}}
    m = declining({"search": "yes"}, first="No function fits.", second={"tool_calls": [call]})
    result = Agent(m, [Tool.from_function(search)], config=DECLINE).run("Indian steak recipes?")
    assert found == [10] and result.final_answer == "It is 3 recipes."


def test_when_several_tools_fit_the_model_is_asked_which_one_and_told_only_that() -> None:
    """The questions pass sibling functions alike; told all of them fit, the embedded model
    called them all (BFCL multiple_2: capital, largest city and population of Brazil)."""
    events: list[Event] = []
    choices: list[ModelRequest] = []

    def reply(request: ModelRequest) -> dict[str, Any]:
        if (question := answered(request, {"add": "yes", "draw_circle": "yes"})) is not None:
            return question
        if request.grammar is not None and request.grammar.startswith('root ::= "add"'):
            choices.append(request)
            return {"text": "add", "usage": {"input_tokens": 70, "output_tokens": 2}}
        last = request.messages[-1]
        if any(isinstance(m, ToolMessage) for m in request.messages):
            return {"text": "5"}
        if isinstance(last, UserMessage) and last.content.startswith("Checked:"):
            assert [t.name for t in request.tools] == ["add"]
            return {"tool_calls": [{"id": "c1", "name": "add", "arguments": {"a": 2, "b": 3}}]}
        return {"text": "No."}

    ran: list[str] = []
    agent = Agent(FunctionModel(reply), tools(ran), config=DECLINE, reporters=[events.append])
    assert agent.run("2 + 3?").final_answer == "5" and ran == ["add"]
    [checked] = [e for e in events if isinstance(e, DeclineChecked)]
    assert (checked.fitting, checked.chosen) == (("add", "draw_circle"), "add")
    assert checked.usage.input_tokens == 4 * 50 + 70
    [choice] = choices
    assert choice.grammar == 'root ::= "add" | "draw_circle"'
    asked = choice.messages[-1].content  # type: ignore[union-attr]
    assert "- add(a, b): Add two integers." in asked and "- draw_circle(radius)" in asked


def test_a_choice_naming_no_single_tool_keeps_them_all() -> None:
    names = ["get_rate", "get_rate_latest"]
    assert named(Reply("get_rate"), names) == "get_rate"
    assert named(Reply("`get_rate_latest`."), names) == "get_rate_latest"
    assert named(Reply("get_rate or get_rate_latest"), names) == ""
    assert named(Reply("neither"), names) == ""
