"""The legal review of examples/legal_docs on the embedded model, plain ReAct against
Plan-Execute-Verify: wall time, turns, tokens, findings and whether both reports validate.

    python bench/legal_patterns.py [--model local] [--patterns react pev]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from thinkact.apps.legal import NOTICES, build_review
from thinkact.apps.legal.pev import pev_review, review_plan
from thinkact.apps.legal.reports import SEVERITIES, digest_notices
from thinkact.apps.legal.validators import check_notices, check_summary
from thinkact.tools.runtime import approve_all

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "legal_docs"
OUT = Path(__file__).resolve().parent / "legal_patterns.md"


def one(model: str, pattern: str) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "docs"
        shutil.copytree(EXAMPLES, folder)
        out = Path(tmp) / "out"
        review = build_review(folder, model=model, out=out, approve=approve_all)
        start = time.perf_counter()
        if pattern == "pev":
            result = pev_review(review).run(review.task, plan=review_plan(review))
            reason, usage = result.reason, result.usage
            turns = f"{len(result.outcomes)} plan steps run, {result.replans} re-plans"
        else:
            run = review.run()
            reason, usage, turns = run.reason, run.usage, f"{run.steps} turns"
        seconds = time.perf_counter() - start
        notices = (out / NOTICES).read_text() if (out / NOTICES).is_file() else ""
        docs = review.review.documents
        counts = digest_notices(notices, docs).counts
        valid = check_notices(review.review.output, docs) is None and (
            check_summary(review.review.output, docs) is None
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
    args = parser.parse_args()
    lines = [
        "| pattern | ended | reports valid | findings | work | tokens in / out | seconds |",
        "|---|---|---|---|---|---|---|",
    ]
    print("\n".join(lines), flush=True)
    for pattern in args.patterns:
        lines.append(one(args.model, pattern))
        print(lines[-1], flush=True)
    # bench/make_results.py puts this table into RESULTS.md
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
