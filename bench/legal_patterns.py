"""The legal review of examples/legal_docs on the embedded model, plain ReAct against
Plan-Execute-Verify: wall time, turns, tokens, findings and whether both reports validate.

    python bench/legal_patterns.py [--model local] [--patterns react pev] [--trace DIR]

With --trace, every event of each run goes to DIR/<pattern>.jsonl (PEV's sub-runs nested),
so a row's figures can be explained afterwards.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from thinkact.apps.legal import build_review
from thinkact.apps.legal.checklist import SEVERITIES
from thinkact.apps.legal.pev import pev_review, review_plan
from thinkact.apps.legal.reports import counts as counts_of
from thinkact.apps.legal.validators import check_notices, check_summary
from thinkact.events import Event
from thinkact.tools.runtime import approve_all

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "legal_docs"
OUT = Path(__file__).resolve().parent / "legal_patterns.md"


def one(model: Any, pattern: str, trace: Path | None = None) -> str:
    lines: list[str] = []

    def keep(event: Event) -> None:
        lines.append(json.dumps(event.to_dict(), default=str))

    reporters = [keep] if trace else []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "docs"
        shutil.copytree(EXAMPLES, folder)
        out = Path(tmp) / "out"
        review = build_review(folder, model=model, out=out, approve=approve_all, cache=False)
        if pattern == "react":
            review.agent.reporters.extend(reporters)
        start = time.perf_counter()
        if pattern == "pev":
            engine = pev_review(review, reporters=reporters)
            result = engine.run(review.task, plan=review_plan(review))
            reason, usage = result.reason, result.usage
            # Outcomes are the steps actually run, failed ones included; a re-plan may fold
            # the remaining work into fewer steps than the first plan had.
            passed = sum(o.ok for o in result.outcomes)
            steps = ", ".join(f"{o.step_id} {'ok' if o.ok else 'failed'}" for o in result.outcomes)
            turns = f"{passed} of {len(result.outcomes)} steps passed ({steps}), "
            turns += f"{result.replans} re-plans"
        else:
            run = review.run()
            reason, usage, turns = run.reason, run.usage, f"{run.steps} turns"
        seconds = time.perf_counter() - start
        if trace:
            trace.mkdir(parents=True, exist_ok=True)
            (trace / f"{pattern}.jsonl").write_text("".join(x + "\n" for x in lines))
        state = review.review
        counts = counts_of([f for r in state.all_reviews() for f in r.findings()])
        valid = check_notices(state.output, state.documents) is None and (
            check_summary(state.output, state.all_reviews) is None
        )
        found = ", ".join(f"{counts[s]} {s}" for s in SEVERITIES)
        return (
            f"| {pattern} | {reason} | {'yes' if valid else 'no'} | {found} | {turns} | "
            f"{usage.input_tokens:,} / {usage.output_tokens:,} | {seconds:.0f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", default="local")
    parser.add_argument("--patterns", nargs="*", default=["react", "pev"])
    parser.add_argument("--trace", type=Path, help="write each run's events to DIR/<pattern>.jsonl")
    args = parser.parse_args()
    lines = [
        "| pattern | ended | reports valid | findings | work | tokens in / out | seconds |",
        "|---|---|---|---|---|---|---|",
    ]
    print("\n".join(lines), flush=True)
    rows = {}  # a pattern not run this time keeps its last measured row
    if OUT.exists():
        for line in OUT.read_text(encoding="utf-8").splitlines()[2:]:
            rows[line.split("|")[1].strip()] = line
    for pattern in args.patterns:
        rows[pattern] = one(args.model, pattern, args.trace)
        print(rows[pattern], flush=True)
    # bench/make_results.py puts this table into RESULTS.md
    lines += [rows[p] for p in ("react", "pev") if p in rows]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
