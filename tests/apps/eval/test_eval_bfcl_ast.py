"""BFCL's AST rules on hand-written cases."""

from __future__ import annotations

from typing import Any

from thinkact.apps.eval.bfcl_ast import check

AREA = {
    "name": "geometry.area",
    "description": "Area of a shape.",
    "parameters": {
        "type": "dict",
        "properties": {
            "base": {"type": "integer"},
            "height": {"type": "float"},
            "unit": {"type": "string"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "opts": {"type": "dict", "properties": {"round": {"type": "boolean"}}},
        },
        "required": ["base", "height"],
    },
}
WEATHER = {
    "name": "weather",
    "description": "Weather in a city.",
    "parameters": {
        "type": "dict",
        "properties": {"city": {"type": "string"}, "unit": {"type": "string"}},
        "required": ["city"],
    },
}
AREA_GOLD: list[dict[str, Any]] = [
    {
        "geometry.area": {
            "base": [10],
            "height": [5.0],
            "unit": ["cm", ""],
            "tags": [["a", "b"], ""],
            "opts": [{"round": [True]}, ""],
        }
    }
]


def area(**args: Any) -> list[dict[str, Any]]:
    return [{"geometry.area": args}]


def test_exact_and_equivalent_values_match() -> None:
    assert check("simple", [AREA], area(base=10, height=5.0), AREA_GOLD).valid
    # int passes for float; strings compare without case, spaces or punctuation
    assert check("simple", [AREA], area(base=10, height=5, unit="C.M"), AREA_GOLD).valid
    assert check("simple", [AREA], area(base=10, height=5.0, tags=["A", "b"]), AREA_GOLD).valid
    assert check("simple", [AREA], area(base=10, height=5, opts={"round": True}), AREA_GOLD).valid


def test_wrong_type_fails() -> None:
    v = check("simple", [AREA], area(base="10", height=5.0), AREA_GOLD)
    assert not v.valid and v.kind == "type_error"
    # a float where an integer is documented is a type error (BFCL allows only int -> float)
    assert not check("simple", [AREA], area(base=10.0, height=5.0), AREA_GOLD).valid
    # bool is not an integer
    gold = [{"geometry.area": {"base": [1], "height": [5.0]}}]
    assert not check("simple", [AREA], area(base=True, height=5.0), gold).valid
    # wrong element type inside an array
    gold = [{"geometry.area": {"base": [10], "height": [5.0], "tags": [["a", "b"]]}}]
    v = check("simple", [AREA], area(base=10, height=5.0, tags=[1, 2]), gold)
    assert not v.valid and v.kind == "type_error:nested"


def test_missing_required_argument_fails() -> None:
    v = check("simple", [AREA], area(base=10), AREA_GOLD)
    assert not v.valid and v.kind == "missing_required"


def test_missing_argument_the_answer_needs_fails() -> None:
    gold = [{"geometry.area": {"base": [10], "height": [5.0], "unit": ["cm"]}}]
    v = check("simple", [AREA], area(base=10, height=5.0), gold)
    assert not v.valid and v.kind == "missing_optional"


def test_unknown_argument_fails() -> None:
    v = check("simple", [AREA], area(base=10, height=5.0, colour="red"), AREA_GOLD)
    assert not v.valid and v.kind == "unexpected_param"


def test_wrong_value_fails() -> None:
    assert not check("simple", [AREA], area(base=11, height=5.0), AREA_GOLD).valid
    assert not check("simple", [AREA], area(base=10, height=5.0, unit="mm"), AREA_GOLD).valid
    assert not check("simple", [AREA], area(base=10, height=5.0, tags=["b", "a"]), AREA_GOLD).valid
    v = check("simple", [AREA], area(base=10, height=5, opts={"round": False}), AREA_GOLD)
    assert not v.valid


def test_wrong_function_name_fails() -> None:
    v = check("simple", [AREA], [{"area": {"base": 10, "height": 5.0}}], AREA_GOLD)
    assert not v.valid and v.kind == "wrong_func_name"


def test_extra_call_fails() -> None:
    calls = area(base=10, height=5.0) + area(base=10, height=5.0)
    v = check("simple", [AREA], calls, AREA_GOLD)
    assert not v.valid and v.kind == "wrong_count"
    assert not check("multiple", [WEATHER, AREA], calls, AREA_GOLD).valid


def test_no_call_fails_where_one_is_expected() -> None:
    assert not check("simple", [AREA], [], AREA_GOLD).valid


def test_multiple_picks_the_expected_function_among_several() -> None:
    assert check("multiple", [WEATHER, AREA], area(base=10, height=5.0), AREA_GOLD).valid
    calls = [{"weather": {"city": "Paris"}}]
    assert not check("multiple", [WEATHER, AREA], calls, AREA_GOLD).valid


def test_parallel_matches_in_any_order() -> None:
    gold = [
        {"weather": {"city": ["Paris"], "unit": ["", "celsius"]}},
        {"weather": {"city": ["Rome"], "unit": ["", "celsius"]}},
    ]
    paris, rome = {"weather": {"city": "Paris"}}, {"weather": {"city": "rome", "unit": "celsius"}}
    assert check("parallel", [WEATHER], [paris, rome], gold).valid
    assert check("parallel", [WEATHER], [rome, paris], gold).valid
    assert check("live_parallel", [WEATHER], [rome, paris], gold).valid
    # one call twice does not cover both answers; too few or too many calls fail
    assert not check("parallel", [WEATHER], [paris, paris], gold).valid
    assert not check("parallel", [WEATHER], [paris], gold).valid
    assert not check("parallel", [WEATHER], [paris, rome, paris], gold).valid


def test_a_parallel_miss_names_why_each_call_failed() -> None:
    gold = [
        {"weather": {"city": ["Paris"], "unit": [""]}},
        {"weather": {"city": ["Rome"], "unit": [""]}},
    ]
    calls = [{"weather": {"city": "Paris", "unit": "celsius"}}, {"weather": {"city": "Rome"}}]
    verdict = check("parallel", [WEATHER], calls, gold)
    assert not verdict.valid
    # the near miss (Paris with a unit) is named, not only the last call tried (Rome)
    assert "call 0: 'unit'='celsius'" in verdict.error
    assert "call 1: 'city'='Rome'" in verdict.error


def test_parallel_multiple_mixes_functions_in_any_order() -> None:
    gold = [
        {"weather": {"city": ["Paris"]}},
        {"geometry.area": {"base": [2], "height": [3.0]}},
    ]
    calls = [{"geometry.area": {"base": 2, "height": 3}}, {"weather": {"city": "Paris"}}]
    assert check("parallel_multiple", [WEATHER, AREA], calls, gold).valid


def test_irrelevance_means_no_call() -> None:
    assert check("irrelevance", [WEATHER], [], []).valid
    assert check("live_irrelevance", [WEATHER], [], []).valid
    v = check("irrelevance", [WEATHER], [{"weather": {"city": "Paris"}}], [])
    assert not v.valid and v.kind == "irrelevance:called"


def test_a_value_of_the_answers_own_type_is_a_variable() -> None:
    # BFCL: the answer holds a string where the doc says integer -> a string is accepted.
    gold = [{"geometry.area": {"base": ["n"], "height": [1.0]}}]
    assert check("simple", [AREA], area(base="n", height=1.0), gold).valid
    assert not check("simple", [AREA], area(base="m", height=1.0), gold).valid


def test_a_dict_matching_no_allowed_option_names_why_each_failed() -> None:
    gold = [{"geometry.area": {"base": [10], "height": [5.0], "opts": [{"round": [True]}, {}]}}]
    verdict = check("simple", [AREA], area(base=10, height=5.0, opts={"round": False}), gold)
    assert not verdict.valid
    assert "option 0: 'opts'['round']=False is not one of [True]" in verdict.error
    assert "option 1: 'opts': unexpected key 'round'" in verdict.error
