"""The legal review's text-first verdict for every item of every document of the labelled
set, without a model: what `judge.text_verdict` decides from the text alone (vague, risky,
missing, or "-" where the model would be asked) and what `reading.stated` shows of the key
element. Diff two commits' outputs to see what a change to the reading moves before paying
for a model run:

    PYTHONPATH=src .venv/bin/python bench/legal_text_verdicts.py > /tmp/after.txt
    git stash; PYTHONPATH=src .venv/bin/python bench/legal_text_verdicts.py > /tmp/before.txt
    git stash pop; diff /tmp/before.txt /tmp/after.txt

    [--data bench/legal_set] [--split NAME] [--risk-if]

`--risk-if` reads every item whose risk depends on a fact (a paid service's exits) as if the
fact held, as a run does once the model has said so.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

from thinkact.apps.legal.evidence import rank, sentences, shown_first
from thinkact.apps.legal.judge import SHOWN, Subject, text_verdict
from thinkact.apps.legal.kinds import detect
from thinkact.apps.legal.reading import stated
from thinkact.apps.legal.reviewer import SEARCHED, read
from thinkact.tools.sandbox import Workspace

DOCUMENT_SUFFIXES = (".md", ".txt", ".pdf", ".docx")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("bench/legal_set"))
    parser.add_argument("--split", help="only this split (default: every split and real/)")
    parser.add_argument("--risk-if", action="store_true", help="assume every risk_if fact holds")
    args = parser.parse_args()
    entries = json.loads((args.data / "answers.json").read_text(encoding="utf-8"))
    files = [e["file"] for e in entries if args.split in (None, e["split"])]
    for path in files:
        p = (args.data / path).resolve()
        if p.suffix not in DOCUMENT_SUFFIXES:
            continue
        doc = read(Workspace(p.parent), p.name)
        kind = detect(doc).kind
        subject = Subject(doc, sentences(doc), kind.name, kind.item_ids)
        for need in kind.needs:
            if args.risk_if and need.risk_if is not None:
                need = replace(need, risk_checked=True)
            item = need.item
            found = rank(subject.sentences, item.headings, item.words, item.not_words,
                         limit=SEARCHED)  # fmt: skip
            if not found:
                print(path, kind.id, item.id, "no-candidate")
                continue
            shown, element = stated(shown_first(found, SHOWN), item, found, subject.items)
            verdict = text_verdict(subject, need, found, shown, element)
            settled = verdict.verdict if verdict else "-"
            quote = verdict.quote[:70] if verdict and verdict.quote else ""
            print(path, kind.id, item.id, shown or ".", settled, quote)


if __name__ == "__main__":
    main()
