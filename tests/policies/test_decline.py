"""The decline check (policies/decline.py, AgentConfig.decline_check): an answer without a
tool, though one fits, is asked for again with calls only."""

from __future__ import annotations

from typing import Any

from scripts import answered, tools

from thinkact import Agent, AgentConfig, Tool
from thinkact.events import DeclineChecked, Event, Notice
from thinkact.policies.decline import named
from thinkact.testing import FunctionModel
from thinkact.types import ModelRequest, Reply, ToolMessage, UserMessage

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
