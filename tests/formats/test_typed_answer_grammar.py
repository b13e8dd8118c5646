"""A typed answer in the text formats' grammars (issue 26): the grammar of the answer is
the output type's schema, and what it accepts is read back as the same value."""

from __future__ import annotations

import json
from typing import Any

import pytest
from gbnf_matcher import accepts, llama_parses
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from sample_tools import add

from thinkact.formats import get_format
from thinkact.formats.base import final_answer_spec
from thinkact.output import OutputType


class Person(BaseModel):
    name: str
    age: int
    tags: list[str] = []


def specs(kind: Any) -> list[Any]:
    return [add.spec, final_answer_spec(OutputType(kind).schema)]


def written(fmt: str, answer: str) -> str:
    return {
        "xml": f"<reasoning>Done.</reasoning>\n<final_answer>{answer}</final_answer>",
        "react": f"Thought: Done.\nFinal Answer: {answer}",
        "json": f'{{"thought": "Done.", "final_answer": {answer}}}',
    }[fmt]


@pytest.mark.parametrize("fmt", ["xml", "react", "json"])
@pytest.mark.parametrize("final_only", [False, True])
def test_the_grammar_takes_a_valid_answer_only(fmt: str, final_only: bool) -> None:
    grammar = get_format(fmt).grammar(specs(Person), final_only=final_only)
    assert grammar is not None and llama_parses(grammar)
    assert accepts(grammar, written(fmt, '{"name": "Ada", "age": 36}'))
    assert accepts(grammar, written(fmt, '{"name": "Ada", "age": 36, "tags": ["math"]}'))
    assert not accepts(grammar, written(fmt, '{"name": "Ada", "age": "36"}'))
    assert not accepts(grammar, written(fmt, '{"name": "Ada"}'))  # `age` is required
    assert not accepts(grammar, written(fmt, "Ada, 36"))
    if not final_only:  # calls are still allowed
        call = {
            "xml": '<reasoning>Add.</reasoning>\n<action>add</action>\n<parameters>{"a": 1, '
            '"b": 2}</parameters>',
            "react": 'Thought: Add.\nAction: add\nAction Input: {"a": 1, "b": 2}',
            "json": '{"thought": "Add.", "action": "add", "arguments": {"a": 1, "b": 2}}',
        }[fmt]
        assert accepts(grammar, call)


def test_without_a_typed_answer_the_grammars_are_unchanged() -> None:
    for fmt in ("xml", "react", "json"):
        f = get_format(fmt)
        assert f.grammar([add.spec]) == f.grammar([add.spec, final_answer_spec()])
        assert f.system_prompt([add.spec], "") == f.system_prompt(
            [add.spec, final_answer_spec()], ""
        )


# --- small schemas and values, drawn together ---------------------------------------------

# (control characters: the grammar has them written as escapes, llama.cpp's way)
TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12)
SCALARS = st.one_of(
    st.just(({"type": "integer"}, st.integers(-(10**6), 10**6))),
    st.just(({"type": "boolean"}, st.booleans())),
    st.just(({"type": "string"}, TEXT)),
    st.lists(TEXT, min_size=1, max_size=3, unique=True).map(
        lambda vs: ({"enum": vs}, st.sampled_from(vs))
    ),
)


def _arrays(inner: Any) -> Any:
    return inner.map(lambda p: ({"type": "array", "items": p[0]}, st.lists(p[1], max_size=3)))


def _objects(inner: Any) -> Any:
    names = st.lists(st.from_regex(r"[a-z][a-z_]{0,6}", fullmatch=True), min_size=1, max_size=3)

    def build(keys: list[str], parts: list[Any]) -> Any:
        keys = list(dict.fromkeys(keys))
        props = {k: p[0] for k, p in zip(keys, parts, strict=False)}
        schema = {"type": "object", "properties": props, "required": list(props)}
        return schema, st.fixed_dictionaries({k: p[1] for k, p in zip(props, parts, strict=False)})

    return st.tuples(names, st.lists(inner, min_size=3, max_size=3)).map(lambda t: build(*t))


SCHEMAS = st.recursive(
    SCALARS, lambda inner: st.one_of(_arrays(inner), _objects(inner)), max_leaves=4
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_valid_value_is_accepted_by_the_grammar_and_read_back(data: Any) -> None:
    schema, values = data.draw(SCHEMAS)
    value = data.draw(values)
    output = OutputType(schema)
    text = json.dumps(value, ensure_ascii=data.draw(st.booleans()))
    as_json, read = output.read(text)
    assert read == value and json.loads(as_json) == value
    assert output.read(f"Here it is:\n```json\n{text}\n```")[1] == value
    grammar = get_format("xml").grammar([add.spec, final_answer_spec(output.schema)])
    assert grammar is not None
    # The grammar takes an object's keys in the schema's order and one spelling of an
    # enum's strings (unescaped): a model under it writes them so.
    shown = ordered(value, output.schema)
    assert accepts(grammar, written("xml", json.dumps(shown, ensure_ascii=False)))
    assert accepts(grammar, written("xml", json.dumps(shown, ensure_ascii=False, indent=1)))


def ordered(value: Any, schema: Any) -> Any:
    if isinstance(value, dict):
        props = schema["properties"]
        return {k: ordered(value[k], props[k]) for k in props}
    if isinstance(value, list):
        return [ordered(v, schema["items"]) for v in value]
    return value
