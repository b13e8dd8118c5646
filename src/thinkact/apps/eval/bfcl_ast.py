"""BFCL's AST rules for Python function calls, re-implemented from its published checker.

A model's calls `[{name: {arg: value}}]` match the possible answer when: the number of calls
is right; each call names the expected function; every required argument is present; no
argument is unknown; each value has the documented type (int passes as float; a value of
the answer's own type passes as a "variable") and is one of the allowed values (strings
compared case-, space- and punctuation-insensitively; "" in the list marks an optional
argument); parallel categories match calls in any order. Irrelevance means no call.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

_TYPES: dict[str, type] = {
    "string": str,
    "integer": int,
    "float": float,
    "boolean": bool,
    "array": list,
    "tuple": list,
    "dict": dict,
    "any": str,
}
_NESTED = ("array", "tuple")
_STANDARDIZE = re.compile(r"[ ,./\-_*^]")

Call = Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class Verdict:
    valid: bool
    error: str = ""
    kind: str = ""


OK = Verdict(True)


def standardize(s: str) -> str:
    return _STANDARDIZE.sub("", s).lower().replace("'", '"')


def check(
    category: str,
    functions: Sequence[Mapping[str, Any]],
    output: Sequence[Call],
    possible: Sequence[Call],
) -> Verdict:
    """Score one item. `possible` is BFCL's ground truth; empty for irrelevance."""
    if "irrelevance" in category:
        if output:
            return Verdict(False, f"expected no call, got {len(output)}", "irrelevance:called")
        return OK
    if "parallel" in category:
        return _parallel_no_order(functions, output, possible)
    if len(output) != len(possible):
        return Verdict(
            False,
            f"expected {len(possible)} call(s), got {len(output)}",
            "wrong_count",
        )
    if "multiple" in category:
        name = next(iter(possible[0]))
        return check_call(_describe(functions, name), output[0], possible[0])
    return check_call(functions[0], output[0], possible[0])


def _describe(functions: Sequence[Mapping[str, Any]], name: str) -> Mapping[str, Any]:
    for f in functions:
        if f["name"] == name:
            return f
    return functions[0]


def _parallel_no_order(
    functions: Sequence[Mapping[str, Any]], output: Sequence[Call], possible: Sequence[Call]
) -> Verdict:
    if len(output) != len(possible):
        return Verdict(False, f"expected {len(possible)} call(s), got {len(output)}", "wrong_count")
    matched: set[int] = set()
    for i, answer in enumerate(possible):
        description = _describe(functions, next(iter(answer)))
        # Why each unmatched call failed: the last one tried is often not the near miss.
        misses: list[str] = []
        for j, call in enumerate(output):
            if j in matched:
                continue
            verdict = check_call(description, call, answer)
            if verdict.valid:
                matched.add(j)
                break
            misses.append(f"call {j}: {verdict.error}")
        else:
            why = "; ".join(misses) or "no call left to match"
            return Verdict(False, f"no call matches expected call {i} ({why})", "cannot_find_match")
    return OK


def check_call(description: Mapping[str, Any], call: Call, answer: Call) -> Verdict:
    """One call against one expected call (BFCL's `simple_function_checker`)."""
    name = str(description["name"])
    allowed: Mapping[str, list[Any]] = next(iter(answer.values()))
    params: Mapping[str, Any] = description["parameters"].get("properties", {})
    required: Sequence[str] = description["parameters"].get("required", [])
    if name not in call:
        return Verdict(False, f"function {name!r} not called", "wrong_func_name")
    args = call[name]
    for p in required:
        if p not in args:
            return Verdict(False, f"missing required argument {p!r}", "missing_required")
    for p, value in args.items():
        if p not in params or p not in allowed:
            return Verdict(False, f"unexpected argument {p!r}", "unexpected_param")
        verdict = _check_value(p, value, params[p], allowed[p])
        if not verdict.valid:
            return verdict
    for p, values in allowed.items():
        if p not in args and "" not in values:
            return Verdict(False, f"argument {p!r} is needed but was not given", "missing_optional")
    return OK


def _check_value(param: str, value: Any, doc: Mapping[str, Any], allowed: list[Any]) -> Verdict:
    type_name = str(doc.get("type", "any"))
    expected = _TYPES.get(type_name, str)
    nested = None
    if type_name in _NESTED:
        nested = _TYPES.get(str(doc.get("items", {}).get("type", "any")), str)
    if isinstance(value, tuple):
        value = list(value)
    if type_name == "float" and type(value) is int:
        value = float(value)
    typed = _type_check(param, value, allowed, type_name, expected, nested)
    if not typed.valid:
        return typed
    if typed.kind != "variable":
        if expected is dict:
            return _dict_check(param, value, allowed)
        if expected is list and nested is dict:
            return _list_dict_check(param, value, allowed)
        if expected is str:
            return _string_check(param, value, allowed)
        if expected is list:
            return _list_check(param, value, allowed)
    if value not in allowed:
        return Verdict(False, f"{param!r}={value!r} is not one of {allowed}", "value_error")
    return OK


def _answer_type(allowed: list[Any]) -> type | None:
    for a in allowed:
        if a != "":
            return type(a)
    return None


def _type_check(
    param: str,
    value: Any,
    allowed: list[Any],
    type_name: str,
    expected: type,
    nested: type | None,
) -> Verdict:
    answer_type = _answer_type(allowed)
    # The answer may hold a value of another type than the doc says: BFCL calls it a
    # variable and accepts a value of the answer's type.
    variable = answer_type is not None and answer_type is not expected
    if type(value) is expected:
        if nested is None:
            return Verdict(True, kind="variable" if variable else "")
        elements: list[Any] = value if isinstance(value, list) else []
        # As in BFCL: an option that is not a list (the optional marker "") passes.
        for option in allowed:
            if type(option) is not list or all(
                _type_check(param, v, option, nested.__name__, nested, None).valid for v in elements
            ):
                return Verdict(True, kind="variable" if variable else "")
        return Verdict(
            False,
            f"{param!r}: expected {type_name} of {nested.__name__}, got {value!r}",
            "type_error:nested",
        )
    if answer_type is not None and type(value) is answer_type:
        return Verdict(True, kind="variable")
    return Verdict(
        False,
        f"{param!r}: expected type {type_name}, got {type(value).__name__} ({value!r})",
        "type_error",
    )


def _string_check(param: str, value: str, allowed: list[Any]) -> Verdict:
    options = [standardize(a) for a in allowed if isinstance(a, str)]
    if standardize(value) not in options:
        return Verdict(False, f"{param!r}={value!r} is not one of {allowed}", "value_error:string")
    return OK


def _list_check(param: str, value: list[Any], allowed: list[Any]) -> Verdict:
    got = [standardize(v) if isinstance(v, str) else v for v in value]
    options = [
        [standardize(v) if isinstance(v, str) else v for v in option]
        for option in allowed
        if isinstance(option, list)
    ]
    if got not in options:
        return Verdict(False, f"{param!r}={value!r} is not one of {allowed}", "value_error:list")
    return OK


def _dict_check(param: str, value: Mapping[str, Any], allowed: list[Any]) -> Verdict:
    options = [o for o in allowed if o != "" and isinstance(o, Mapping)]
    verdicts = [_dict_matches(param, value, o) for o in options]
    if any(v.valid for v in verdicts):
        return OK
    return _none_of(verdicts, Verdict(False, f"{param!r}: no allowed dict", "value_error:dict"))


def _none_of(verdicts: list[Verdict], default: Verdict) -> Verdict:
    """Every allowed option failed: name why each did (one: its own reason)."""
    if len(verdicts) <= 1:
        return verdicts[0] if verdicts else default
    why = "; ".join(f"option {i}: {v.error}" for i, v in enumerate(verdicts))
    return Verdict(False, why, verdicts[-1].kind)


def _dict_matches(param: str, value: Mapping[str, Any], option: Mapping[str, Any]) -> Verdict:
    for key, v in value.items():
        if key not in option:
            return Verdict(False, f"{param!r}: unexpected key {key!r}", "value_error:dict_key")
        got = standardize(v) if isinstance(v, str) else v
        options = [standardize(a) if isinstance(a, str) else a for a in option[key]]
        if got not in options:
            return Verdict(
                False, f"{param!r}[{key!r}]={v!r} is not one of {option[key]}", "value_error:dict"
            )
    for key, values in option.items():
        if key not in value and "" not in values:
            return Verdict(False, f"{param!r}: missing key {key!r}", "value_error:dict_key")
    return OK


def _list_dict_check(param: str, value: list[Any], allowed: list[Any]) -> Verdict:
    verdicts = []
    for option in allowed:
        if not isinstance(option, list) or len(option) != len(value):
            verdicts.append(
                Verdict(False, f"{param!r}: wrong number of dicts", "value_error:list_dict")
            )
            continue
        matched = [
            _dict_matches(param, v, o) if isinstance(v, Mapping) else Verdict(False, "not a dict")
            for v, o in zip(value, option, strict=True)
        ]
        bad = next((v for v in matched if not v.valid), None)
        if bad is None:
            return OK
        verdicts.append(bad)
    default = Verdict(False, f"{param!r}: no allowed list of dicts", "value_error:list_dict")
    return _none_of(verdicts, default)
