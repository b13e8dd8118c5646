"""Saved prompt states (models/local_states.py) on real items: seconds with and without.

Runs BFCL items whose thinkact run interleaves prompts (the screening or decline-check
questions between the model's turns) on the embedded model, each twice from an empty
cache: once with the engine's saved states, once with none. Prints per item the seconds
of each, the prompt tokens evaluated (not taken from a cache) and whether the answers match.

    flock /tmp/thinkact-model.lock .venv/bin/python bench/prompt_states.py \\
        --data /tmp/bfcl/bfcl_eval-2026.3.23-py3-none-any.whl

The default items are live_multiple ones whose run went through the decline check
(a second turn after the questions) at 3d48a7a-era commits; `--ids` picks others.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from thinkact.apps.eval import get_suite, load_items
from thinkact.apps.eval.solver import ThinkactSolver
from thinkact.models.local import LocalModel

ITEMS = ("live_multiple_69-30-0", "live_multiple_73-33-0", "live_multiple_74-34-0")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", required=True, help="the bfcl-eval wheel or its folder")
    parser.add_argument("--suite", default="bfcl:live_multiple")
    parser.add_argument("--ids", nargs="*", default=list(ITEMS))
    args = parser.parse_args()

    suite = get_suite(args.suite)
    items = [i for i in load_items(suite, Path(args.data)) if i.id in args.ids]
    model = LocalModel()
    solver = ThinkactSolver(model, format="xml")
    states = model._load().states
    slots = states.slots
    totals = {"saved": 0.0, "none": 0.0}
    print(f"{'item':28} {'saved s':>8} {'none s':>8} {'eval saved':>10} {'eval none':>9}  same")
    for item in items:
        row: dict[str, tuple[float, int, object]] = {}
        for mode in ("saved", "none"):
            states.slots = slots if mode == "saved" else 0
            model.forget()
            t0 = time.perf_counter()
            attempt = solver.solve(suite.task(item))
            seconds = time.perf_counter() - t0
            evaluated = attempt.usage.input_tokens - attempt.usage.cached_tokens
            row[mode] = (seconds, evaluated, attempt.prediction)
            totals[mode] += seconds
        (s1, e1, p1), (s0, e0, p0) = row["saved"], row["none"]
        print(f"{item.id:28} {s1:8.1f} {s0:8.1f} {e1:10} {e0:9}  {p1 == p0}", flush=True)
    states.slots = slots
    print(f"total: {totals['saved']:.0f} s with saved states, {totals['none']:.0f} s without")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
