"""GBNF generation: every JSON-schema construct, checked by a GBNF interpreter (accepts
exactly the values that fit) and, where llama_cpp is installed, by llama.cpp's own parser."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from gbnf_matcher import accepts, llama_parses
from sample_tools import SPECS, everything

from thinkact.formats.grammar import GrammarBuilder, literal, schema_to_gbnf
from thinkact.formats.json import JsonFormat
from thinkact.formats.react import ReactFormat
from thinkact.formats.xml import XmlFormat


def fits(schema: Any, value: Any, **kw: Any) -> bool:
    return accepts(schema_to_gbnf(schema, **kw), json.dumps(value))


CASES: list[tuple[str, dict[str, Any], list[Any], list[Any]]] = [
    ("string", {"type": "string"}, ["", "abc", 'q"uote', "new\nline", "é"], [1, None]),
    (
        "string bounds",
        {"type": "string", "minLength": 2, "maxLength": 3},
        ["ab", "abc"],
        ["a", "abcd"],
    ),
    ("integer", {"type": "integer"}, [0, -5, 1234567], [1.5, "1", True]),
    ("number", {"type": "number"}, [0, -2.5, 1e20, 3.25], ["x", None]),
    (
        "float array",  # written as floats: BFCL's checker rejects [1, 3] for floats
        {"type": "array", "items": {"type": "number", "format": "float"}},
        [[1.0, 3.5], [-2.0], []],
        [[1, 3], [1.0, 3]],
    ),
    ("boolean", {"type": "boolean"}, [True, False], [0, "true"]),
    ("null", {"type": "null"}, [None], [0, ""]),
    ("enum", {"enum": ["fast", "slow", 3]}, ["fast", "slow", 3], ["medium", 4]),
    ("const", {"const": "x"}, ["x"], ["y"]),
    ("array", {"type": "array", "items": {"type": "integer"}}, [[], [1], [1, 2, 3]], [["a"], {}]),
    (
        "array bounds",
        {"type": "array", "items": {"type": "boolean"}, "minItems": 1, "maxItems": 2},
        [[True], [True, False]],
        [[], [True, True, True]],
    ),
    (
        "object",
        {
            "type": "object",
            "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
            "required": ["a"],
        },
        [{"a": "x"}, {"a": "x", "b": 2}],
        [{}, {"b": 2}, {"a": "x", "c": 1}, {"a": 1}],
    ),
    (
        "only optional keys",
        {
            "type": "object",
            "properties": {
                "a": {"type": "integer"},
                "b": {"type": "integer"},
                "c": {"type": "integer"},
            },
        },
        [
            {},
            {"a": 1},
            {"b": 1},
            {"c": 1},
            {"a": 1, "c": 3},
            {"b": 1, "c": 2},
            {"a": 1, "b": 2, "c": 3},
        ],
        [{"d": 1}, {"a": "x"}],
    ),
    (
        "nested",
        {
            "type": "object",
            "properties": {
                "p": {
                    "type": "object",
                    "properties": {"x": {"type": "integer"}, "y": {"type": "number"}},
                    "required": ["x"],
                }
            },
            "required": ["p"],
        },
        [{"p": {"x": 1}}, {"p": {"x": 1, "y": 2.5}}],
        [{"p": {}}, {"p": 1}],
    ),
    (
        "map",
        {"type": "object", "additionalProperties": {"type": "integer"}},
        [{}, {"k": 1, "other key": 2}],
        [{"k": "v"}],
    ),
    (
        "optional",
        {"anyOf": [{"type": "integer"}, {"type": "null"}]},
        [3, None],
        ["3"],
    ),
    ("type list", {"type": ["string", "null"]}, ["x", None], [1]),
    ("allOf of one", {"allOf": [{"type": "integer"}]}, [1], ["x"]),
    (
        "unknown falls back to any JSON value",
        {"type": "string", "pattern": "^a"} | {"not": {}},
        ["b", 1, None, {"k": [1, {"z": True}]}],
        [],
    ),
    ("empty schema", {}, [1, "x", [1, 2], {"a": None}], []),
]


@pytest.mark.parametrize(("label", "schema", "good", "bad"), CASES, ids=[c[0] for c in CASES])
def test_schema_constructs(
    label: str, schema: dict[str, Any], good: list[Any], bad: list[Any]
) -> None:
    for value in good:
        assert fits(schema, value), f"{label}: should accept {value!r}"
    for value in bad:
        assert not fits(schema, value), f"{label}: should reject {value!r}"


@pytest.mark.parametrize(("label", "schema", "good", "bad"), CASES, ids=[c[0] for c in CASES])
def test_llama_cpp_parses_every_construct(
    label: str, schema: dict[str, Any], good: list[Any], bad: list[Any]
) -> None:
    assert llama_parses(schema_to_gbnf(schema))


def test_llama_cpp_rejects_a_broken_grammar() -> None:
    # Proves the check above can fail: llama.cpp really parses what we give it.
    assert not llama_parses('root ::= "unclosed')
    assert not llama_parses("root ::= undefined-rule")


def test_pretty_printed_json_is_accepted() -> None:
    schema = everything.parameters
    value = {
        "text": "a",
        "count": 1,
        "ratio": 0.5,
        "flag": False,
        "tags": ["x", "y"],
        "scores": {"a": 1},
        "mode": "fast",
        "color": "blue",
        "origin": {"x": 1, "y": 2.0},
        "path": [{"x": 1}],
    }
    assert accepts(schema_to_gbnf(schema), json.dumps(value, indent=2))
    assert accepts(schema_to_gbnf(schema), json.dumps(value))
    assert not accepts(schema_to_gbnf(schema), json.dumps({**value, "mode": "medium"}))
    missing = {k: v for k, v in value.items() if k != "count"}
    assert not accepts(schema_to_gbnf(schema), json.dumps(missing))


def test_strings_are_bounded() -> None:
    g = schema_to_gbnf({"type": "string"}, max_string=5)
    assert accepts(g, '"12345"')
    assert not accepts(g, '"123456"')
    # an escape counts as one character
    assert accepts(g, '"\\n\\"\\u00e9ab"')


def test_arrays_and_maps_are_bounded() -> None:
    b = GrammarBuilder(max_items=3)
    g = b.schema_grammar({"type": "array", "items": {"type": "integer"}})
    assert accepts(g, "[1,2,3]")
    assert not accepts(g, "[1,2,3,4]")
    g = GrammarBuilder(max_items=2).schema_grammar({"type": "object"})
    assert accepts(g, '{"a": 1, "b": 2}')
    assert not accepts(g, '{"a": 1, "b": 2, "c": 3}')


def test_every_repetition_in_generated_grammars_is_bounded() -> None:
    grammars = [schema_to_gbnf(everything.parameters), schema_to_gbnf({})]
    for fmt in (XmlFormat(), ReactFormat(), JsonFormat()):
        grammars.append(str(fmt.grammar([*SPECS, everything.spec])))
    for g in grammars:
        body = re.sub(r'"(?:\\.|[^"\\])*"|\[(?:\\.|[^\]\\])*\]', "", g)  # drop literals, classes
        assert "*" not in body and "+" not in body
        assert not re.search(r"\{\d+,\}", body)


def test_literal_escapes() -> None:
    assert literal('a"b\\c\nd\te\x01') == '"a\\"b\\\\c\\nd\\te\\x01"'
    text = 'quote" back\\ nl'
    g = "root ::= " + literal(text)
    assert accepts(g, text)
    assert not accepts(g, text + "x")


def test_identical_rules_are_shared() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
        "required": ["a", "b"],
    }
    g = schema_to_gbnf(schema)
    assert g.count("char{0,3000}") == 1


def test_rule_names_are_valid_gbnf_even_for_odd_tool_names() -> None:
    b = GrammarBuilder()
    name = b.rule("weird name/with:chars_and_ünï", '"x"')
    assert re.fullmatch(r"[a-z0-9-]+", name)
    assert b.rule("other", '"x"') == name  # same body, same rule


def test_prompt_example_shows_an_argument_even_when_none_is_required() -> None:
    from thinkact.formats.prompt import example_arguments

    schema = {
        "type": "object",
        "properties": {"folder": {"type": "string", "default": "."}, "deep": {"type": "boolean"}},
    }
    assert example_arguments(schema) == {"folder": "."}
    assert example_arguments({"type": "object", "properties": {}}) == {}
