"""The tool specs' token estimate is made once per spec and stays what a fresh count gives."""

from __future__ import annotations

import json

from thinkact import tool
from thinkact.context import CHARS_PER_TOKEN, estimate_tools_tokens
from thinkact.formats.base import final_answer_spec
from thinkact.types import ToolSpec


@tool
def lookup(term: str, limit: int = 5) -> str:
    """Look a term up."""
    return term


def fresh(specs: list[ToolSpec]) -> int:
    chars = sum(
        len(t.name) + len(t.description) + len(json.dumps(dict(t.parameters))) for t in specs
    )
    return -(-chars // CHARS_PER_TOKEN)


def test_cached_estimate_equals_a_fresh_count() -> None:
    specs = [lookup.spec, final_answer_spec()]
    first = estimate_tools_tokens(specs)
    assert first == fresh(specs)
    assert estimate_tools_tokens(specs) == first  # from the cache
    typed = final_answer_spec({"type": "integer"})
    assert estimate_tools_tokens([*specs, typed]) == fresh([*specs, typed])


def test_many_specs_made_afresh() -> None:
    specs = [ToolSpec(f"t{i}", "x" * i, {"type": "object", "n": i}) for i in range(1500)]
    for s in specs:  # past the cache's bound, which starts over
        assert estimate_tools_tokens([s]) == fresh([s])
    assert estimate_tools_tokens(specs[:3]) == fresh(specs[:3])


def test_the_plain_final_answer_is_one_value() -> None:
    assert final_answer_spec() is final_answer_spec()
    assert final_answer_spec().parameters["properties"]["answer"]["type"] == "string"
    assert final_answer_spec({"type": "integer"}) == final_answer_spec({"type": "integer"})
    assert final_answer_spec({"type": "integer"}) is not final_answer_spec({"type": "integer"})
