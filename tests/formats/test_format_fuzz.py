"""Hypothesis feeds thousands of malformed replies to every parser and to the loop: only a
bounded FormatError may come out of a parser, and a run always ends with a reason."""

from __future__ import annotations

import json
from typing import Any

import pytest
from gbnf_matcher import accepts, llama_parses
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sample_tools import NAMES, SPECS, TOOLS

from thinkact import Agent, AgentConfig, FormatError, Reply
from thinkact.formats.base import Parsed
from thinkact.formats.code import CodeFormat
from thinkact.formats.grammar import schema_to_gbnf
from thinkact.formats.json import JsonFormat
from thinkact.formats.prompt import example_arguments
from thinkact.formats.react import ReactFormat
from thinkact.formats.text import TextFormat
from thinkact.formats.xml import XmlFormat
from thinkact.testing import FunctionModel

FRAGMENTS = [
    *("<reasoning>", "</reasoning>", "<action>", "</action>", "<parameters>", "</parameters>"),
    *("<final_answer>", "</final_answer>", "<observation>", "<tool_call>", "</tool_call>"),
    *("<REASONING >", "< action>", "<Final Answer>", "<thought>"),
    *("Thought:", "Action:", "Action Input:", "Final Answer:", "Observation:", "**Action:**"),
    *("add", "search", "list_files", "read_file", "final_answer", "nope", "ADD", "`add`"),
    *('{"a": 1, "b": 2}', '{"query": "x"}', '{"folder": "."}', '{"path": "a", "page": None}'),
    *('"thought"', '"action"', '"arguments"', '"final_answer"', '"name"', '"actions"', '"answer"'),
    *("{", "}", "[", "]", '"', "'", ":", ",", "\n", " ", "\\", "\\u", "\\ud800", "```", "```json"),
    *("```python\n", "```output", "####", "\\boxed{", "```add\n"),
    *("True", "None", "null", "1e999", "-", "9" * 30, "[search]", "(", ")", "#", "//", "/*"),
]
replies = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=8)), max_size=40).map(
    "".join
)
FORMATS: list[type[TextFormat]] = [XmlFormat, ReactFormat, JsonFormat, CodeFormat]

VALID = {
    "xml": [
        '<reasoning>r</reasoning>\n<action>add</action>\n<parameters>{"a": 1, "b": 2}</parameters>',
        '<reasoning>r</reasoning>\n<action>read_file</action>\n<parameters>{"path": "x"}'
        '</parameters>\n<action>search</action>\n<parameters>{"query": "q"}</parameters>',
        "<reasoning>r</reasoning>\n<final_answer>42</final_answer>",
    ],
    "react": [
        'Thought: r\nAction: add\nAction Input: {"a": 1, "b": 2}',
        "Thought: r\nAction: search\nAction Input: q\nAction: list_files\nAction Input: {}",
        "Thought: r\nFinal Answer: 42",
    ],
    "json": [
        '{"thought": "r", "action": "add", "arguments": {"a": 1, "b": 2}}',
        '[{"action": "search", "arguments": {"query": "q"}}, {"action": "add", "args": [1]}]',
        '{"thought": "r", "final_answer": "42"}',
    ],
    "code": [
        "r\n```python\nx = 1\nprint(x)\n```\n",
        "r\n```search\nq\n```\n```list_files\n.\n```",
        "r\n#### 42",
    ],
}


@st.composite
def mutated(draw: st.DrawFn, fmt: str) -> str:
    """A valid reply with a few random edits: reaches the deep paths random text misses."""
    text = draw(st.sampled_from(VALID[fmt]))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 12)))
        op = draw(st.sampled_from(["delete", "insert", "replace", "duplicate", "case"]))
        piece = draw(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=4)))
        if op == "delete":
            text = text[:i] + text[j:]
        elif op == "insert":
            text = text[:i] + piece + text[i:]
        elif op == "replace":
            text = text[:i] + piece + text[j:]
        elif op == "duplicate":
            text = text[:j] + text[i:j] + text[j:]
        else:
            text = text[:i] + text[i:j].swapcase() + text[j:]
    return text


def check(fmt: TextFormat, text: str) -> None:
    try:
        parsed = fmt.parse(Reply(text), SPECS)
    except FormatError as e:
        assert 0 < len(str(e)) < 500
    else:
        assert isinstance(parsed, Parsed)
        assert (parsed.final_answer is None) == bool(parsed.calls)
        assert isinstance(parsed.thought, str)
        for call in parsed.calls:
            assert call.name in NAMES
            assert isinstance(call.arguments, dict)
            json.dumps(call.arguments)  # arguments are plain JSON values
    kept = fmt.assistant_message(Reply(text))
    assert text.startswith(kept.content)


@pytest.mark.parametrize("cls", FORMATS, ids=lambda c: c.name)
@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_parse_never_raises_anything_but_a_bounded_format_error(
    cls: type[TextFormat], data: st.DataObject
) -> None:
    fmt = cls()
    fmt.system_prompt(SPECS, "")
    check(fmt, data.draw(st.one_of(replies, mutated(cls.name))))


@pytest.mark.parametrize("cls", FORMATS, ids=lambda c: c.name)
@settings(max_examples=400, deadline=None)
@given(text=st.text(max_size=300))
def test_parse_survives_arbitrary_unicode(cls: type[TextFormat], text: str) -> None:
    fmt = cls()
    fmt.system_prompt(SPECS, "")
    check(fmt, text)


@pytest.mark.parametrize("cls", FORMATS, ids=lambda c: c.name)
def test_hostile_sizes_are_handled_quickly(cls: type[TextFormat]) -> None:
    fmt = cls()
    fmt.system_prompt(SPECS, "")
    for text in (
        "{" * 20000,
        "[" * 20000,
        "<action>" * 5000,
        "Action: add\n" * 5000,
        '{"a": "' + "x" * 200_000,
        "<reasoning>" + "y" * 200_000,
        "<action>" + "n" * 10_000 + "</action>",
    ):
        check(fmt, text)


@pytest.mark.parametrize("cls", FORMATS, ids=lambda c: c.name)
@settings(max_examples=150, deadline=None)
@given(script=st.lists(replies, min_size=1, max_size=6))
def test_the_loop_survives_malformed_replies(cls: type[TextFormat], script: list[str]) -> None:
    it = iter(script)
    model = FunctionModel(lambda request: next(it, ""), native_tools=False)
    agent = Agent(model, tools=TOOLS, format=cls(), config=AgentConfig(max_steps=4))
    result = agent.run("Do something.")
    # validation_failed: a reply with no content ("{") taken as the answer (code format)
    endings = {"final_answer", "max_steps", "error_cap", "loop", "validation_failed"}
    assert result.reason in endings
    assert result.steps <= 4


leaf_schemas = st.sampled_from(
    [
        {"type": "string"},
        {"type": "string", "maxLength": 5},
        {"type": "integer"},
        {"type": "number"},
        {"type": "boolean"},
        {"type": "null"},
        {"enum": ["a", "b c", 1]},
        {"const": "k"},
        {},
        {"type": ["string", "null"]},
    ]
)


def _object(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": [k for k in required if k in props]}


schemas = st.recursive(
    leaf_schemas,
    lambda inner: st.one_of(
        st.builds(lambda s: {"type": "array", "items": s}, inner),
        st.builds(lambda a, b: {"anyOf": [a, b]}, inner, inner),
        st.builds(lambda s: {"type": "object", "additionalProperties": s}, inner),
        st.builds(
            _object,
            st.dictionaries(st.sampled_from(["x", "y", "z", "odd key", "ü"]), inner, max_size=4),
            st.lists(st.sampled_from(["x", "y", "z", "odd key", "ü"]), max_size=3),
        ),
    ),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(props=st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), schemas, max_size=4))
def test_random_schemas_give_grammars_that_llama_cpp_parses_and_fit_the_example(
    props: dict[str, Any],
) -> None:
    schema = _object(props, sorted(props)[:2])
    grammar = schema_to_gbnf(schema)
    assert llama_parses(grammar)
    assert accepts(grammar, json.dumps(example_arguments(schema), ensure_ascii=False))
