"""End to end: a real Agent with a ScriptedModel writing text replies in each format."""

from __future__ import annotations

import pytest
from gbnf_matcher import accepts, llama_parses
from sample_tools import add, list_files, search

from thinkact import Agent, AgentConfig, AssistantMessage, UserMessage
from thinkact.events import FormatFailed, ModelReplied, Notice, RunFinished, ToolFinished
from thinkact.testing import ScriptedModel

SCRIPTS = {
    "xml": [
        # the model invents an observation and an answer: both must be cut away
        "<reasoning>I need to add the numbers.</reasoning>\n<action>add</action>\n"
        '<parameters>{"a": 17, "b": 25}</parameters>\n<observation>40</observation>\n'
        "<final_answer>40</final_answer>",
        "<reasoning>The tool says 42.</reasoning>\n<final_answer>42</final_answer>",
    ],
    "react": [
        "Thought: I need to add the numbers.\nAction: add\n"
        'Action Input: {"a": 17, "b": 25}\nObservation: 40\nFinal Answer: 40',
        "Thought: The tool says 42.\nFinal Answer: 42",
    ],
    "json": [
        '{"thought": "I need to add the numbers.", "action": "add", '
        '"arguments": {"a": 17, "b": 25}}\nObservation: 40',
        '{"thought": "The tool says 42.", "final_answer": "42"}',
    ],
}


@pytest.mark.parametrize("fmt", ["xml", "react", "json"])
def test_agent_calls_a_tool_sees_the_observation_and_finishes(fmt: str) -> None:
    model = ScriptedModel(SCRIPTS[fmt])
    agent = Agent(model, tools=[add, search], format=fmt, config=AgentConfig(max_steps=5))
    events = []
    gen = agent.iter("What is 17 + 25?")
    while True:
        try:
            events.append(next(gen))
        except StopIteration as stop:
            result = stop.value
            break
    assert result.final_answer == "42"
    assert result.reason == "final_answer" and result.steps == 2
    finished = [e for e in events if isinstance(e, ToolFinished)]
    assert [(e.call.name, dict(e.call.arguments), e.result.content) for e in finished] == [
        ("add", {"a": 17, "b": 25}, "42")
    ]
    # The second request shows the model its own (cut) reply, then the real observation.
    second = model.requests[1]
    assert second.stop == agent.format.stop
    assistant = second.messages[-2]
    user = second.messages[-1]
    assert isinstance(assistant, AssistantMessage) and isinstance(user, UserMessage)
    assert "40" not in assistant.content  # the invented observation was cut
    assert "42" in user.content and "[Step 2 of 5]" in user.content
    # The system prompt lists the tools and the request carries a grammar for local models.
    system = second.messages[0]
    assert "add: Add two integers." in getattr(system, "content", "")
    assert second.grammar is not None
    assert (second.json_schema is not None) == (fmt == "json")


@pytest.mark.parametrize("fmt", ["xml", "react", "json"])
def test_a_format_error_goes_back_to_the_model(fmt: str) -> None:
    bad = {"xml": "<action>nope</action>", "react": "Action: nope", "json": '{"action": "nope"}'}
    good = {
        "xml": "<reasoning>ok</reasoning><action>list_files</action>"
        '<parameters>{"folder": "."}</parameters>',
        "react": 'Thought: ok\nAction: list_files\nAction Input: {"folder": "."}',
        "json": '{"thought": "ok", "action": "list_files", "arguments": {"folder": "."}}',
    }
    final = {
        "xml": "<reasoning>r</reasoning><final_answer>two files</final_answer>",
        "react": "Thought: r\nFinal Answer: two files",
        "json": '{"thought": "r", "final_answer": "two files"}',
    }
    model = ScriptedModel([bad[fmt], good[fmt], final[fmt]])
    agent = Agent(model, tools=[list_files], format=fmt)
    events = list(agent.iter("Which files are there?"))
    failed = [e for e in events if isinstance(e, FormatFailed)]
    assert (
        len(failed) == 1
        and "Unknown tool 'nope'. Available tools: list_files." in failed[0].message
    )
    feedback = model.requests[1].messages[-1]
    assert isinstance(feedback, UserMessage)
    assert feedback.content.startswith("FORMAT ERROR: Unknown tool 'nope'")
    result_events = [e for e in events if e.kind == "run_finished"]
    assert getattr(result_events[0], "final_answer", None) == "two files"


def test_a_cut_reply_that_does_not_parse_is_resampled_within_the_step() -> None:
    """The repetition stop cut a BFCL reply inside its reasoning ("There is no function to
    play Doom in Python." again and again): a one-turn task has no next step to recover in."""
    looping = "<reasoning>No function plays Doom. No function plays Doom. No function"
    cut = {"text": looping, "stop_reason": "max_tokens", "usage": {"input_tokens": 50}}
    answer = "<reasoning>r</reasoning><final_answer>None fits.</final_answer>"
    model = ScriptedModel([cut, {"text": answer, "usage": {"input_tokens": 60}}])
    agent = Agent(model, tools=[list_files], format="xml", config=AgentConfig(max_steps=1))
    events = list(agent.iter("Write a Doom game."))
    assert not [e for e in events if isinstance(e, FormatFailed)]
    [notice] = [e for e in events if isinstance(e, Notice)]
    assert notice.reason == "reply_cut" and "no <action> or <final_answer>" in notice.message
    [replied] = [e for e in events if isinstance(e, ModelReplied)]
    assert replied.final_answer == "None fits." and replied.usage.input_tokens == 110
    first, again = model.requests
    assert (first.temperature, again.temperature) == (0.0, 0.7)
    assert (first.frequency_penalty, again.frequency_penalty) == (0.0, 1.0)
    assert first.messages == again.messages  # the cut reply is not kept in the history
    result = events[-1]
    assert isinstance(result, RunFinished) and result.final_answer == "None fits."


def test_a_cut_reply_that_parses_stands() -> None:
    """Cut inside its last call, a reply keeps the calls before it: no second request."""
    calls = (
        '<reasoning>r</reasoning><action>list_files</action><parameters>{"folder": "."}'
        '</parameters><action>list_files</action><parameters>{"fol'
    )
    final = "<reasoning>r</reasoning><final_answer>two files</final_answer>"
    model = ScriptedModel([{"text": calls, "stop_reason": "max_tokens"}, final])
    events = list(Agent(model, tools=[list_files], format="xml").iter("Which files?"))
    assert not [e for e in events if isinstance(e, Notice)]
    assert len([e for e in events if isinstance(e, ToolFinished)]) == 1
    assert len(model.requests) == 2 and model.requests[1].temperature == 0.0


@pytest.mark.parametrize("fmt", ["xml", "react", "json"])
def test_forced_final_turn_uses_the_final_only_grammar(fmt: str) -> None:
    replies = {
        "xml": [
            "<reasoning>r</reasoning><action>search</action>"
            '<parameters>{"query": "a"}</parameters>',
            "<reasoning>out of steps</reasoning><final_answer>best guess</final_answer>",
        ],
        "react": [
            'Thought: r\nAction: search\nAction Input: {"query": "a"}',
            "Thought: out of steps\nFinal Answer: best guess",
        ],
        "json": [
            '{"thought": "r", "action": "search", "arguments": {"query": "a"}}',
            '{"thought": "out of steps", "final_answer": "best guess"}',
        ],
    }[fmt]
    model = ScriptedModel(replies)
    agent = Agent(model, tools=[search], format=fmt, config=AgentConfig(max_steps=1))
    result = agent.run("Find a.")
    assert result.final_answer == "best guess" and result.reason == "max_steps"
    forced = model.requests[1]
    assert forced.grammar == agent.format.grammar([search.spec], final_only=True)
    assert forced.grammar != model.requests[0].grammar


@pytest.mark.parametrize("fmt", ["xml", "react", "json"])
def test_a_decline_the_check_overturns_is_asked_again_with_a_calls_only_grammar(fmt: str) -> None:
    """decline_check: the model answers without a tool; asked, it says `search` fits and
    `add` does not, so it replies again under a grammar of `search` calls and no answer."""
    declined, called, done = {
        "xml": [
            "<reasoning>r</reasoning>\n<final_answer>I cannot</final_answer>",
            '<reasoning>r</reasoning>\n<action>search</action>\n<parameters>{"query": "a"}'
            "</parameters>",
            "<reasoning>r</reasoning>\n<final_answer>found a</final_answer>",
        ],
        "react": [
            "Thought: r\nFinal Answer: I cannot",
            'Thought: r\nAction: search\nAction Input: {"query": "a"}',
            "Thought: r\nFinal Answer: found a",
        ],
        "json": [
            '{"thought": "r", "final_answer": "I cannot"}',
            '{"thought": "r", "action": "search", "arguments": {"query": "a"}}',
            '{"thought": "r", "final_answer": "found a"}',
        ],
    }[fmt]
    model = ScriptedModel([declined, "yes", "yes", "no", called, done])
    agent = Agent(model, tools=[search, add], format=fmt, config=AgentConfig(decline_check=True))
    result = agent.run("Find a.")
    assert result.final_answer == "found a" and model.remaining == 0
    first, again = model.requests[0], model.requests[4]
    assert accepts(str(first.grammar), declined) and accepts(str(first.grammar), called)
    assert again.grammar == agent.format.grammar([search.spec], calls_only=True)
    assert accepts(str(again.grammar), called) and not accepts(str(again.grammar), declined)
    assert llama_parses(str(again.grammar))
    told = again.messages[-1]
    assert isinstance(told, UserMessage) and told.content.startswith("Checked: search does")
