"""A final answer made of markup only is a FormatError in every format (issue 28): the
tags of a chat template, a tool-call template, a call written as JSON text, nothing."""

from __future__ import annotations

import json

import pytest

from thinkact.errors import FormatError
from thinkact.formats import get_format
from thinkact.formats.base import FINAL_ANSWER_TOOL
from thinkact.formats.markup import not_an_answer
from thinkact.types import Reply, ToolCall, ToolSpec

CALC = ToolSpec(
    "calculator",
    "Evaluate arithmetic.",
    {
        "type": "object",
        "properties": {"expression": {"type": "string"}},
        "required": ["expression"],
    },
)
TEMPLATE = '<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>'
WRITTEN = '```json\n{"name": "calculator", "arguments": {"expression": "17 * 23 + 4"}}\n```'
HOLLOW = ["<tools></tools>", "<final_answer></final_answer>", "<br/>", TEMPLATE, WRITTEN]
ANSWERS = ["395", "The answer is 395.", "[]", "{}", "x < y", "<b>bold</b> claim", "function"]


@pytest.mark.parametrize("text", HOLLOW)
def test_markup_is_not_an_answer(text: str) -> None:
    assert not_an_answer(text, ["calculator"])


@pytest.mark.parametrize("text", ANSWERS)
def test_answers_are_answers(text: str) -> None:
    assert not_an_answer(text, ["calculator"]) is None


def test_a_json_answer_shaped_like_a_call_is_one_only_for_a_tool_or_in_call_tags() -> None:
    person = '{"name": "Ada", "arguments": ["a", "b"]}'
    assert not_an_answer(person, ["calculator"]) is None
    assert not_an_answer(f"<tool_call>{person}</tool_call>", ["calculator"])
    assert not_an_answer(
        '[{"function": {"name": "calculator", "arguments": "{}"}}]', ["calculator"]
    )


def test_a_deep_json_answer_is_checked_without_recursing_to_death() -> None:
    assert not_an_answer("[" * 100_000 + "]" * 100_000) is None


def wrapped(fmt: str, answer: str) -> Reply:
    if fmt == "native":
        return Reply("", (ToolCall("c1", FINAL_ANSWER_TOOL, {"answer": answer}),))
    return Reply(
        {
            "xml": f"<reasoning>Done.</reasoning>\n<final_answer>{answer}</final_answer>",
            "react": f"Thought: Done.\nFinal Answer: {answer}",
            "json": json.dumps({"thought": "Done.", "final_answer": answer}),
            "code": f"Done.\n#### {answer}",
        }[fmt]
    )


@pytest.mark.parametrize("fmt", ["native", "xml", "react", "json", "code"])
@pytest.mark.parametrize("answer", ["<tools></tools>", TEMPLATE, WRITTEN])
def test_every_format_turns_a_markup_answer_down(fmt: str, answer: str) -> None:
    with pytest.raises(FormatError, match=r"Your final answer|Unknown tool"):  # code: a block
        get_format(fmt).parse(wrapped(fmt, answer), [CALC])


@pytest.mark.parametrize("fmt", ["native", "xml", "react", "json", "code"])
def test_every_format_still_takes_an_answer(fmt: str) -> None:
    assert get_format(fmt).parse(wrapped(fmt, "395"), [CALC]).final_answer == "395"


@pytest.mark.parametrize("text", ["<tools></tools>", "", TEMPLATE, WRITTEN])
def test_a_native_reply_of_markup_text_is_no_answer(text: str) -> None:
    with pytest.raises(FormatError):
        get_format("native").parse(Reply(text), [CALC])


def test_code_text_without_a_program_must_hold_an_answer() -> None:
    with pytest.raises(FormatError, match="only markup"):
        get_format("code").parse(Reply("<tools></tools>"), [CALC])
