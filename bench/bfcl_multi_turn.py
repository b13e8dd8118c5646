"""Failure classes of a BFCL multi-turn eval run, from its results and the wheel.

    python bench/bfcl_multi_turn.py --data bfcl_eval-2026.3.23-py3-none-any.whl \
        eval-runs/mt_thinkact [eval-runs/mt_seed ...]

For each run folder (`thinkact eval bfcl:multi_turn_* --out DIR`): accuracy, turns passed,
seconds per item, and each failed item put in one class at its first failing turn, by
replaying the model's calls and the ground truth's on the wheel's APIs:

- out of steps: a turn used every step (BFCL's step limit ends the session);
- early stop: no call in a turn that needed some, or only some of the turn's functions
  called and nothing else;
- state lost between turns: in a later turn, a call the same as the ground truth's gave
  another result (the model's state had drifted within the turn, as when it redid an
  earlier turn's `cd`), or a call it had already made in an earlier turn failed now;
- wrong tool: a function the turn needs was not called, and one it does not need was;
- wrong arguments: the right functions, but the state or the results differ.

The classes are a heuristic reading of the calls; the per-item lines show what each rests
on. Nothing here is committed data: it all comes from the run folders and the wheel.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from thinkact.apps.eval import get_suite, load_items
from thinkact.apps.eval.base import Item, ItemResult
from thinkact.apps.eval.bfcl_multi import MultiTurn
from thinkact.apps.eval.bfcl_multi_state import methods, parse_call, run_call
from thinkact.apps.eval.harness import read_results

CLASSES = (
    "out of steps",
    "early stop",
    "state lost between turns",
    "wrong tool",
    "wrong arguments",
)


def _calls(turn: Sequence[Any]) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for call in turn:
        if isinstance(call, Mapping):
            for name, args in call.items():
                out.append((str(name), dict(args) if isinstance(args, Mapping) else {}))
    return out


def classify(suite: MultiTurn, item: Item, result: ItemResult) -> tuple[str, str]:
    """(class, what it rests on) for a failed item."""
    kind, _, rest = result.detail.partition(": ")
    turn = int(rest.split(":")[0].removeprefix("turn ")) if rest.startswith("turn ") else 0
    if kind == "force_terminated" or result.reason == "max_steps":
        return "out of steps", f"{result.steps} steps; {result.detail[:120]}"
    if kind == "empty_turn":
        return "early stop", result.detail
    predicted = [_calls(t) if isinstance(t, list) else [] for t in result.prediction or []]
    gold = [[parse_call(c) for c in t] for t in item.gold]
    fresh = suite._fresh(item)
    model, truth = methods(fresh()), methods(fresh())
    earlier: set[str] = set()
    for t in range(turn + 1):
        model_turn = predicted[t] if t < len(predicted) else []
        truth_results = {
            json.dumps([n, k], sort_keys=True, default=str): run_call(truth, n, a, k)
            for n, a, k in gold[t]
            if not a
        }
        for name, args in model_turn:
            key = json.dumps([name, args], sort_keys=True, default=str)
            got = run_call(model, name, (), args)
            if t == turn and t > 0:
                if key in truth_results and truth_results[key] != got:
                    return "state lost between turns", f"turn {t}: {name}({args}) gave {got[:80]}"
                failed = got.startswith("Error") or '"error"' in got[:40]
                if key in earlier and failed:
                    return "state lost between turns", f"turn {t}: redid {name}({args})"
            earlier.add(key)
    needed = {n for n, _, _ in gold[turn]}
    made = {n for n, _ in (predicted[turn] if turn < len(predicted) else [])}
    if needed - made and made - needed:
        return (
            "wrong tool",
            f"turn {turn}: missing {sorted(needed - made)}, called {sorted(made - needed)}",
        )
    if needed - made:
        return "early stop", f"turn {turn}: missing {sorted(needed - made)}"
    return "wrong arguments", result.detail[:160]


def report(data: Path, folder: Path) -> None:
    spec = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    suite = get_suite(spec["suite"])
    assert isinstance(suite, MultiTurn), "not a multi-turn run"
    items = {i.id: i for i in load_items(suite, data)}
    results = read_results(folder / "results.jsonl")
    n = len(results)
    if not n:
        print(f"{folder}: no results yet")
        return
    passed = sum(r.score >= 1.0 for r in results)
    turns = sum(r.metrics.get("turns", 0.0) for r in results) / n
    seconds = sum(r.seconds for r in results) / n
    ids = sorted(results, key=lambda r: int(r.id.rsplit("_", 1)[1]))
    print(f"## {folder.name}: {spec['agent']} · {spec['format']} · {spec['model']}")
    steps = sum(r.steps for r in results) / n
    print(
        f"items {ids[0].id}..{ids[-1].id} (n={n}); accuracy {passed}/{n} = {passed / n:.1%}; "
        f"turns passed {turns:.1%}; {seconds:.0f} s/item; {steps:.1f} steps/item"
    )
    counts: Counter[str] = Counter()
    lines = []
    for r in ids:
        if r.score >= 1.0:
            continue
        cls, why = classify(suite, items[r.id], r)
        counts[cls] += 1
        lines.append(f"  {r.id}: {cls}: {why}")
    for cls in CLASSES:
        print(f"- {cls}: {counts[cls]}")
    print("\n".join(lines))
    print()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", required=True, type=Path, help="the bfcl-eval wheel")
    parser.add_argument("runs", nargs="+", type=Path, help="eval output folders")
    args = parser.parse_args(argv)
    for folder in args.runs:
        report(args.data, folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
