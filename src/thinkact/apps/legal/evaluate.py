"""`thinkact eval legal --data DIR`: the review, document by document, against an answer key.

DIR holds the documents and `answers.json` (see `scoring.py` and bench/legal_set/). Each
document is reviewed on its own, as `thinkact review` would; its outcome is written to
`results.jsonl` as it finishes (so `--resume` skips it), and the figures to `summary.md`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from thinkact.apps.legal.judge import Judge
from thinkact.apps.legal.reviewer import DocumentReview, review_document
from thinkact.apps.legal.scoring import (
    SPLITS,
    DocumentKey,
    DocumentOutcome,
    LegalScore,
    ScoredFinding,
    load_answer_key,
    score,
)
from thinkact.tools.sandbox import Workspace

RESULTS = "results.jsonl"


@dataclass(frozen=True, slots=True)
class LegalEval:
    data: Path
    out: Path
    judge: Judge
    splits: tuple[str, ...] = ()  # () = every split
    limit: int | None = None
    offset: int = 0

    def keys(self) -> list[DocumentKey]:
        keys = [k for k in load_answer_key(self.data) if not self.splits or k.split in self.splits]
        end = None if self.limit is None else self.offset + self.limit
        return keys[self.offset : end]

    def run(
        self, *, resume: bool = False, on_document: Callable[[DocumentReview], None] | None = None
    ) -> LegalScore:
        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / RESULTS
        done = _read(path) if resume else {}
        if not resume:
            path.write_text("", "utf-8")
        keys = self.keys()
        workspace = Workspace(self.data)
        for key in keys:
            if key.file in done:
                continue
            review = review_document(workspace, key.file, self.judge)
            done[key.file] = review
            with path.open("a", encoding="utf-8") as f:
                f.write(json.dumps(review.to_dict(), ensure_ascii=True) + "\n")
            if on_document is not None:
                on_document(review)
        result = score(keys, [outcome(done[k.file]) for k in keys if k.file in done])
        (self.out / "summary.md").write_text(result.render(), "utf-8")
        return result


def outcome(review: DocumentReview) -> DocumentOutcome:
    findings = tuple(
        ScoredFinding(f.item, f.verdict, f.severity, f.quote, _verified(review, f.item))
        for f in review.findings()
    )
    return DocumentOutcome(review.document, review.reviewed, review.seconds, findings)


def _verified(review: DocumentReview, item: str) -> bool:
    for v in review.verdicts:
        if v.item == item:
            return v.verified
    return any(f.item == item for f in review.extra)  # extra findings stand only verified


def _read(path: Path) -> dict[str, DocumentReview]:
    """Finished documents of an earlier run; a torn last line is ignored."""
    out: dict[str, DocumentReview] = {}
    try:
        lines = path.read_text("utf-8").splitlines()
    except OSError:
        return out
    for line in lines:
        try:
            review = DocumentReview.from_dict(json.loads(line))
        except (ValueError, KeyError, TypeError):
            continue
        out[review.document] = review
    return out


def parse_splits(text: str | None, known: Sequence[str] = SPLITS) -> tuple[str, ...]:
    if not text or text == "all":
        return ()
    splits = tuple(s.strip() for s in text.split(",") if s.strip())
    unknown = [s for s in splits if s not in known]
    if unknown:
        raise ValueError(f"unknown split {', '.join(unknown)}: use {', '.join(known)} or all")
    return splits
