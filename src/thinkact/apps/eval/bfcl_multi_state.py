"""BFCL multi-turn: the simulated APIs' instances, calls made on them, and the scorer.

Our reading of BFCL's rules (its checker is not copied): the model's calls, turn by turn,
run on one set of fresh instances and the ground truth's on another. After each turn whose
ground truth has calls: the model made some call in it; every instance's public attributes
equal the ground truth's; and every result of the ground truth's calls in that turn is
among the results of the model's calls so far (as a multiset, in any order: a model may
have fetched a value one turn early). A turn whose ground truth is empty (the request
cannot be met yet) is not checked, but its calls still run. A session cut short by the
step limit fails. An item passes when every turn does.

Nothing here reads the wheel: the instances come from `fresh()`, so tests use classes of
their own.
"""

from __future__ import annotations

import ast
import copy
import inspect
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Instances = dict[str, Any]  # class name -> instance
STATELESS = frozenset({"MathAPI"})  # no scenario to load


def new_instances(
    classes: Mapping[str, type],
    config: Mapping[str, Any],
    long_context: bool = False,
) -> Instances:
    """One fresh instance of each class, its scenario loaded from a copy of `config`."""
    out: Instances = {}
    for name, cls in classes.items():
        instance = cls()
        load = getattr(instance, "_load_scenario", None)
        if name not in STATELESS and callable(load):
            load(copy.deepcopy(dict(config.get(name) or {})), long_context=long_context)
        out[name] = instance
    return out


def methods(instances: Instances) -> dict[str, Callable[..., Any]]:
    """Public method name -> bound method, over all instances (BFCL's names are unique
    across the classes an item involves)."""
    table: dict[str, Callable[..., Any]] = {}
    for instance in instances.values():
        for name, method in inspect.getmembers(instance, inspect.ismethod):
            if not name.startswith("_"):
                table[name] = method
    return table


def as_text(value: Any) -> str:
    """A call's result as the model and the response check see it: text as is, a dict as
    JSON (as str() when it does not serialize), anything else as str()."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        try:
            return json.dumps(value)
        except (TypeError, ValueError):
            return str(value)
    return str(value)


ERROR_PREFIX = "Error during execution:"


def execute(
    table: Mapping[str, Callable[..., Any]],
    name: str,
    args: Sequence[Any] = (),
    kwargs: Mapping[str, Any] | None = None,
) -> tuple[str, bool]:
    """Run one call: its result as text (an error too: the model reads it and goes on),
    and whether it failed, by raising or by returning the `{"error": ...}` object BFCL's
    APIs give instead of raising."""
    fn = table.get(name)
    if fn is None:
        return f"{ERROR_PREFIX} no function named {name!r}", True
    try:
        value = fn(*args, **dict(kwargs or {}))
    except Exception as e:  # the simulated API's own error is an observation
        return f"{ERROR_PREFIX} {e}", True
    return as_text(value), isinstance(value, dict) and list(value) == ["error"]


def run_call(
    table: Mapping[str, Callable[..., Any]],
    name: str,
    args: Sequence[Any] = (),
    kwargs: Mapping[str, Any] | None = None,
) -> str:
    """Run one call; its result, an error included, as text."""
    return execute(table, name, args, kwargs)[0]


def parse_call(text: str) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """A ground-truth call `mv(source='a', destination='b')` as (name, args, kwargs); the
    arguments must be literals (nothing is evaluated)."""
    try:
        node = ast.parse(text.strip(), mode="eval").body
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            raise ValueError("not a call of a plain name")
        args = tuple(ast.literal_eval(a) for a in node.args)
        kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
    except (SyntaxError, ValueError) as e:
        raise ValueError(f"ground-truth call {text!r} not understood: {e}") from None
    return node.func.id, args, kwargs


def state_differences(model: Instances, truth: Instances) -> list[str]:
    """`Class.attribute` for each public attribute whose value differs."""
    missing = object()
    out = []
    for name, expected in truth.items():
        got = model.get(name)
        for attr, value in vars(expected).items():
            if attr.startswith("_"):
                continue
            if getattr(got, attr, missing) != value:
                out.append(f"{name}.{attr}")
    return out


@dataclass(frozen=True, slots=True)
class SessionVerdict:
    """`kind`: "" when valid, else force_terminated, empty_turn, state_mismatch,
    response_mismatch or bad_ground_truth; `turns_passed` counts turns before the first
    failure."""

    valid: bool
    turns_passed: int
    turns: int
    kind: str = ""
    error: str = ""
    failed_turn: int = -1


def check_session(
    gold: Sequence[Sequence[str]],
    predicted: Sequence[Sequence[Mapping[str, Any]]],
    fresh: Callable[[], Instances],
) -> SessionVerdict:
    """Score a session: `gold` holds each turn's ground-truth calls as text, `predicted`
    each turn's calls that ran as `{name: arguments}`; `fresh()` builds new instances."""
    model, truth = fresh(), fresh()
    model_fns, truth_fns = methods(model), methods(truth)
    so_far: list[str] = []
    total = len(gold)

    def fail(turn: int, kind: str, error: str) -> SessionVerdict:
        return SessionVerdict(False, turn, total, kind, f"turn {turn}: {error}", turn)

    for turn, expected_calls in enumerate(gold):
        if turn >= len(predicted):
            return fail(turn, "force_terminated", "the session ended before this turn")
        calls = [c for c in predicted[turn] if isinstance(c, Mapping)]
        for call in calls:
            for name, arguments in call.items():
                kwargs = arguments if isinstance(arguments, Mapping) else {}
                so_far.append(run_call(model_fns, str(name), (), kwargs))
        try:
            parsed = [parse_call(c) for c in expected_calls]
        except ValueError as e:
            return fail(turn, "bad_ground_truth", str(e))
        expected = [run_call(truth_fns, n, a, k) for n, a, k in parsed]
        if not expected_calls:
            continue
        if not calls:
            return fail(turn, "empty_turn", "no call made where the ground truth makes some")
        differ = state_differences(model, truth)
        if differ:
            return fail(turn, "state_mismatch", f"state differs: {', '.join(differ)}")
        missing = Counter(expected) - Counter(so_far)
        if missing:
            shown = "; ".join(r[:120] for r in missing.elements())
            return fail(turn, "response_mismatch", f"results missing: {shown}")
    return SessionVerdict(True, total, total)
