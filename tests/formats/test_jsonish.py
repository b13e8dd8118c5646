from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thinkact.formats.jsonish import JsonishError, decode, find_value, loads, strip_fences


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": 1, "b": [true, null, "x"]}', {"a": 1, "b": [True, None, "x"]}),
        ('```json\n{"a": 1}\n```', {"a": 1}),
        ("```\n[1, 2]\n```", [1, 2]),
        ('{"a": 1, "b": 2,}', {"a": 1, "b": 2}),
        ("[1, 2, 3,]", [1, 2, 3]),
        ("{'a': 'it''s'}", None),  # adjacent quotes are not a string: must fail
        ("{'path': 'docs/a.txt'}", {"path": "docs/a.txt"}),
        ("{'q': \"say 'hi'\"}", {"q": "say 'hi'"}),
        ("{a: True, b: False, c: None}", {"a": True, "b": False, "c": None}),
        ("{folder_name: '.', max-depth: 2}", {"folder_name": ".", "max-depth": 2}),
        ('{"text": "line one\nline two"}', {"text": "line one\nline two"}),
        ('{"a": 1 // the count\n}', {"a": 1}),
        ('{"a": 1 # python comment\n}', {"a": 1}),
        ('{"a": 1 /* c */}', {"a": 1}),
        ('{"p": "C:\\docs"}', {"p": "C:\\docs"}),
        ('{"e": "\\u00e9\\n"}', {"e": "é\n"}),
        ("{'x': .5, 'y': +3, 'z': 1e3}", {"x": 0.5, "y": 3, "z": 1000.0}),
        ('  \n {"a": {"b": {"c": []}}}  \n', {"a": {"b": {"c": []}}}),
    ],
)
def test_loads_tolerant(text: str, expected: Any) -> None:
    if expected is None:
        with pytest.raises(JsonishError):
            loads(text)
    else:
        assert loads(text) == expected


@pytest.mark.parametrize(
    ("text", "reason", "line", "column"),
    [
        ('{"a": 1 "b": 2}', "expected ',' or '}'", 1, 9),
        ('{\n  "a": [1, 2\n', "array opened here is not closed", 2, 8),
        ('{"a": hello}', "unexpected word 'hello'", 1, 7),
        ('{"a": "open', "unterminated string", 1, 7),
        ('{"a" 1}', "expected ':' after key 'a'", 1, 6),
        ('{"a": 1} trailing', "unexpected text after the value", 1, 10),
        ("", "unexpected end of input", 1, 1),
        ('{"a": "\\uZZ"}', "invalid \\u escape", 1, 8),
    ],
)
def test_errors_name_reason_line_and_column(text: str, reason: str, line: int, column: int) -> None:
    with pytest.raises(JsonishError) as info:
        loads(text)
    err = info.value
    assert reason in str(err)
    assert (err.line, err.column) == (line, column)
    assert f"line {line}, column {column}" in str(err)
    assert "[HERE]" in err.excerpt


def test_error_excerpt_is_short_even_for_long_input() -> None:
    text = '{"a": ' + "x" * 5000 + "}"
    with pytest.raises(JsonishError) as info:
        loads(text)
    assert len(str(info.value)) < 200


def test_deep_nesting_is_an_error_not_a_recursion_error() -> None:
    with pytest.raises(JsonishError, match="nesting deeper"):
        loads("[" * 5000 + "]" * 5000)


def test_strict_json_deeper_than_the_limit_is_an_error_too() -> None:
    # Python's own parser takes ~1,000 levels; past 64 it must not slip through the fast path.
    with pytest.raises(JsonishError, match="nesting deeper than 64"):
        loads('{"a": ' + "[" * 100 + "]" * 100 + "}")
    assert loads("[" * 60 + "]" * 60) is not None


def test_huge_integer_is_an_error() -> None:
    with pytest.raises(JsonishError, match="out of range"):
        loads("{'a': " + "9" * 6000 + "}")


def test_find_value_in_prose() -> None:
    text = 'Sure. I will call it with {"q": "x"} now. {"other": 1}'
    value, start, end = find_value(text)
    assert value == {"q": "x"}
    assert text[start:end] == '{"q": "x"}'


def test_find_value_skips_braces_that_are_not_json() -> None:
    value, _, _ = find_value('Use {placeholder} syntax; then {"real": true}', "{")
    assert value == {"real": True}


def test_find_value_reports_the_first_broken_value() -> None:
    with pytest.raises(JsonishError, match="expected ',' or '}'"):
        find_value('Calling: {"a": 1 "b": 2}')
    with pytest.raises(JsonishError, match="no JSON object found"):
        find_value("no braces here", "{")


def test_decode_returns_end_position() -> None:
    assert decode('xx {"a": 1} tail', 3) == ({"a": 1}, 11)


def test_strip_fences() -> None:
    assert strip_fences("prose\n```json\n{}\n```\nmore") == "{}\n"
    assert strip_fences("no fence") == "no fence"
    assert strip_fences("```python\nunclosed") == "unclosed"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_strict_json_round_trips(value: Any) -> None:
    assert loads(json.dumps(value)) == value
    assert loads(json.dumps(value, indent=2)) == value
    if isinstance(value, dict | list):
        # the prose has no brackets, so the first opener found is the value's own
        assert find_value(f"Here: {json.dumps(value)} done.", "{[")[0] == value


@settings(max_examples=1500, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list("{}[]\"':,.0123456789-+eEtrufalsnNTF# \n/*\\xu")), max_size=60
    )
)
def test_only_jsonish_errors_escape(text: str) -> None:
    for fn in (loads, find_value):
        try:
            fn(text)
        except JsonishError as e:
            assert len(str(e)) < 300


def test_strict_json_with_backticks_inside_a_string() -> None:
    # Regression: fences were stripped before trying strict JSON, breaking this value.
    assert loads('{"```": null}') == {"```": None}
