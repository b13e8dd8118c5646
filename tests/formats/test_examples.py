"""Worked examples: each format shows them in its own syntax, and what it shows is a reply
it would accept (parse and grammar), so a model that imitates the example is never wrong."""

from __future__ import annotations

import pytest
from gbnf_matcher import accepts
from sample_tools import add

from thinkact import Agent, Example, ExampleCall, ExampleStep, Reply, SystemMessage
from thinkact.formats import get_format
from thinkact.formats.text import TextFormat
from thinkact.testing import ScriptedModel

MUFFINS = Example(
    "A baker bakes 3 trays of 12 muffins and sells all but 5. How many does she sell?",
    (
        ExampleStep("3 trays of 12, minus the 5 she keeps.", "add", {"a": 36, "b": -5}, "31"),
        ExampleStep("She sells 31 muffins.", answer="31"),
    ),
)
TWO_CALLS = Example(
    "Add 1 and 2, and 3 and 4.",
    (ExampleStep("Both sums are independent.", "add", {"a": 1, "b": 2}, "3"),),
)


@pytest.mark.parametrize("name", ["xml", "react", "json"])
def test_each_rendered_reply_parses_back_to_what_the_example_shows(name: str) -> None:
    fmt = get_format(name)
    assert isinstance(fmt, TextFormat)
    prompt = fmt.system_prompt([add.spec], "Count muffins.", [MUFFINS])
    assert "Example:\nTask: A baker bakes 3 trays" in prompt
    assert "I should start with" not in prompt  # the generic example gives way
    call = fmt.render_reply("3 trays of 12, minus the 5 she keeps.", [("add", {"a": 36, "b": -5})])
    final = fmt.render_reply("She sells 31 muffins.", (), "31")
    assert call in prompt and final in prompt
    parsed = fmt.parse(Reply(call), [add.spec])
    assert parsed.thought == "3 trays of 12, minus the 5 she keeps."
    assert [(c.name, dict(c.arguments)) for c in parsed.calls] == [("add", {"a": 36, "b": -5})]
    assert fmt.parse(Reply(final), [add.spec]).final_answer == "31"
    grammar = fmt.grammar([add.spec])
    assert grammar is not None and accepts(grammar, call) and accepts(grammar, final)
    # The observation is shown the way real ones come back.
    assert "31" in prompt.split(call, 1)[1].split(final, 1)[0]


@pytest.mark.parametrize("name", ["xml", "react", "json"])
def test_parallel_calls_render_as_one_reply_the_format_accepts(name: str) -> None:
    fmt = get_format(name)
    assert isinstance(fmt, TextFormat)
    fmt.system_prompt([add.spec], "")
    text = fmt.render_reply(
        "Independent sums.", [("add", {"a": 1, "b": 2}), ("add", {"a": 3, "b": 4})]
    )
    calls = fmt.parse(Reply(text), [add.spec]).calls
    assert [dict(c.arguments) for c in calls] == [{"a": 1, "b": 2}, {"a": 3, "b": 4}]
    # The grammar lets a local model write them too (it used to allow one call a reply).
    grammar = fmt.grammar([add.spec])
    assert grammar is not None and accepts(grammar, text)


PARALLEL = Example(
    "Add 1 and 2, and 3 and 4.",
    (
        ExampleStep(
            "Both sums are independent.",
            calls=(
                ExampleCall("add", {"a": 1, "b": 2}, "3"),
                ExampleCall("add", {"a": 3, "b": 4}, "7"),
            ),
        ),
        ExampleStep("3 and 7.", answer="3 and 7"),
    ),
)


@pytest.mark.parametrize("name", ["xml", "react", "json"])
def test_an_example_with_parallel_calls_shows_one_reply_and_one_observation(name: str) -> None:
    fmt = get_format(name)
    assert isinstance(fmt, TextFormat)
    prompt = fmt.system_prompt([add.spec], "", [PARALLEL])
    call = fmt.render_reply(
        "Both sums are independent.", [("add", {"a": 1, "b": 2}), ("add", {"a": 3, "b": 4})]
    )
    assert call in prompt
    observation = prompt.split(call, 1)[1].split("3 and 7", 1)[0]
    assert observation.index("3") < observation.index("7")  # both results, in call order
    grammar = fmt.grammar([add.spec])
    assert grammar is not None and accepts(grammar, call)


def test_native_shows_each_parallel_result_with_its_tool() -> None:
    prompt = get_format("native").system_prompt([add.spec], "", [PARALLEL])
    assert 'Call: add({"a": 1, "b": 2})\nCall: add({"a": 3, "b": 4})' in prompt
    assert "Result of add: 3\nResult of add: 7" in prompt


def test_an_example_answer_without_any_call_is_shown_as_a_final_reply() -> None:
    direct = Example(
        "What is the capital of France?", (ExampleStep("No tool fits.", answer="Paris"),)
    )
    prompt = get_format("xml").system_prompt([add.spec], "", [direct])
    assert "<reasoning>No tool fits.</reasoning>\n<final_answer>Paris</final_answer>" in prompt
    assert "<action>" not in prompt.split("Example:", 1)[1]


def test_several_examples_are_all_shown_under_one_heading() -> None:
    prompt = get_format("xml").system_prompt([add.spec], "", [MUFFINS, TWO_CALLS])
    assert prompt.count("Task: ") == 2 and "Examples:\n" in prompt


def test_native_shows_examples_as_plain_text_and_ends_with_final_answer() -> None:
    prompt = get_format("native").system_prompt([add.spec], "Count muffins.", [MUFFINS])
    assert 'Call: add({"a": 36, "b": -5})\nResult: 31' in prompt
    assert 'Call: final_answer({"answer": "31"})' in prompt
    assert "Example:" not in get_format("native").system_prompt([add.spec], "Count.")


def test_the_agent_puts_its_examples_in_the_system_prompt() -> None:
    model = ScriptedModel(["<reasoning>Known.</reasoning><final_answer>31</final_answer>"])
    Agent(model, [add], format="xml", examples=[MUFFINS]).run("How many muffins?")
    system = model.requests[0].messages[0]
    assert isinstance(system, SystemMessage) and "<observation>31</observation>" in system.content


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"tool": "add", "answer": "3"}, {"calls": (ExampleCall("add"),), "answer": "3"}],
    ids=["neither", "both", "calls-and-answer"],
)
def test_an_example_step_is_a_call_or_an_answer(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="either a tool call or a final answer"):
        ExampleStep("thought", **kwargs)  # type: ignore[arg-type]


def test_an_example_step_takes_one_form_of_calls() -> None:
    with pytest.raises(ValueError, match="tool= or calls="):
        ExampleStep("thought", "add", calls=(ExampleCall("add"),))
