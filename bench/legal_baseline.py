"""The wave-one review's checker on the labelled legal set, for bench/RESULTS.md's baseline row.

Wave one's review forced every problem its regular-expression checker (`check_clauses`)
reported into LEGAL_NOTICES.md at a fixed severity (MISSING -> CRITICAL, VAGUE -> WARNING),
so the checker's output is what that review reported. This runs that checker from an old
checkout and scores it with today's scorer:

    git worktree add /tmp/wave1 458f503
    python bench/legal_baseline.py --old-src /tmp/wave1/src --data bench/legal_set
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

from thinkact.apps.legal.documents import load_document
from thinkact.apps.legal.evidence import verify_quote
from thinkact.apps.legal.scoring import DocumentOutcome, ScoredFinding, load_answer_key, score
from thinkact.tools.sandbox import Workspace

# The old checker's clause keys, as today's item ids.
ITEMS = {"dpo_contact": "privacy_contact", "breach_notice": "breach_notification"}
SEVERITY = {"missing": "CRITICAL", "vague": "WARNING"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old-src", required=True, type=Path, help="src/ of the old checkout")
    parser.add_argument("--data", default="bench/legal_set", type=Path)
    args = parser.parse_args()
    keys = load_answer_key(args.data)
    workspace = Workspace(args.data)
    docs = {k.file: load_document(workspace, k.file) for k in keys}  # today's reader
    sys.path.insert(0, str(args.old_src.resolve()))
    for name in [m for m in sys.modules if m.startswith("thinkact")]:
        del sys.modules[name]
    old_docs = importlib.import_module("thinkact.apps.legal.documents")
    old_clauses = importlib.import_module("thinkact.apps.legal.clauses")
    outcomes = []
    for key in keys:
        started = time.monotonic()
        try:
            old = old_docs.load_document(old_workspace(args.data), key.file)
            report = old_clauses.check_document(old)
        except Exception as e:  # the old reader's failures count as not completed
            print(f"{key.file}: not reviewed ({type(e).__name__}: {e})")
            outcomes.append(DocumentOutcome(key.file, False, 0.0, ()))
            continue
        findings = []
        for r in report.results:
            if r.status == "present":
                continue
            quote = r.evidence.quote if r.evidence is not None else ""
            verified = bool(quote) and verify_quote(docs[key.file], quote.rstrip(".")).verified
            item = ITEMS.get(r.clause, r.clause)
            findings.append(ScoredFinding(item, r.status, SEVERITY[r.status], quote, verified))
        seconds = time.monotonic() - started
        outcomes.append(DocumentOutcome(key.file, True, seconds, tuple(findings)))
    print(score(keys, outcomes).render())


def old_workspace(data: Path) -> object:
    sandbox = importlib.import_module("thinkact.tools.sandbox")
    return sandbox.Workspace(data)


if __name__ == "__main__":
    main()
