"""One document's review, a bounded piece of work: read it, detect its kind, and give a
verdict on each item of that kind's checklist. Findings follow from the verdicts by the
rubric. A document that cannot be read is a review with an error, never an exception.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from thinkact.apps.legal.checklist import Fact, Need, Severity, Verdict, kind, severity
from thinkact.apps.legal.documents import Document, load_document
from thinkact.apps.legal.evidence import rank, sentences
from thinkact.apps.legal.judge import ItemVerdict, Judge, Subject
from thinkact.apps.legal.kinds import UNNAMED, detect
from thinkact.errors import ToolRetry
from thinkact.tools.documents import DocumentError
from thinkact.tools.sandbox import Workspace

SEARCHED = 24  # sentences a judge reads for an item (it shows the model the first few)


@dataclass(frozen=True, slots=True)
class Finding:
    """A verdict that costs something, with its severity from the rubric."""

    document: str
    item: str
    label: str
    verdict: Verdict
    severity: Severity
    quote: str
    location: str
    reason: str
    recommendation: str


@dataclass(frozen=True, slots=True)
class DocumentReview:
    document: str
    kind: str = ""  # a kind id; "" when the document could not be reviewed
    kind_why: str = ""
    pages: int | None = None
    verdicts: tuple[ItemVerdict, ...] = ()
    error: str = ""  # why the document could not be reviewed
    seconds: float = 0.0
    extra: tuple[Finding, ...] = field(default=())  # an API model's own findings

    @property
    def reviewed(self) -> bool:
        return not self.error

    @property
    def kind_name(self) -> str:
        return kind(self.kind).name if self.kind else ""

    def findings(self) -> list[Finding]:
        if not self.kind:
            return []
        needs = {n.item.id: n for n in kind(self.kind).needs}
        out = []
        for v in self.verdicts:
            need = needs.get(v.item)
            if need is None or v.dropped:
                continue
            if v.verdict != "missing" and not v.verified:  # no finding without its quote
                continue
            sev = severity(need, v.verdict)
            if sev is None:
                continue
            item = need.item
            out.append(
                Finding(
                    self.document,
                    item.id,
                    item.label,
                    v.verdict,
                    sev,
                    v.quote,
                    v.location,
                    v.reason,
                    item.fix(v.verdict),
                )
            )
        return out + list(self.extra)

    def to_dict(self) -> dict[str, Any]:
        return {
            "document": self.document,
            "kind": self.kind,
            "kind_why": self.kind_why,
            "pages": self.pages,
            "verdicts": [v.to_dict() for v in self.verdicts],
            "error": self.error,
            "seconds": round(self.seconds, 3),
            "extra": [_finding_dict(f) for f in self.extra],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> DocumentReview:
        return cls(
            str(d["document"]),
            str(d.get("kind", "")),
            str(d.get("kind_why", "")),
            d.get("pages") if isinstance(d.get("pages"), int) else None,
            tuple(ItemVerdict.from_dict(v) for v in d.get("verdicts", [])),
            str(d.get("error", "")),
            float(d.get("seconds", 0.0)),
            tuple(Finding(**f) for f in d.get("extra", [])),
        )


def _finding_dict(f: Finding) -> dict[str, Any]:
    return {k: getattr(f, k) for k in Finding.__slots__}


Progress = Callable[[str, ItemVerdict], None]


def read(workspace: Workspace, path: str) -> Document | str:
    """The document, or why it cannot be reviewed."""
    try:
        doc = load_document(workspace, path)
    except (ToolRetry, DocumentError) as e:
        return str(e)
    if not any(p.text.strip() for p in doc.passages):
        return f"'{path}' has no text to review (empty)"
    return doc


def review_document(
    workspace: Workspace,
    path: str,
    judge: Judge,
    *,
    kind_id: str | None = None,
    progress: Progress | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> DocumentReview:
    """Review one document of `workspace` item by item (`progress` hears each verdict)."""
    started = clock()
    doc = read(workspace, path)
    if isinstance(doc, str):
        return DocumentReview(path, error=doc, seconds=clock() - started)
    detected = detect(doc) if kind_id is None else None
    if detected is not None and detected.why == UNNAMED:  # the model reads what words could not
        detected = judge.kind(doc) or detected
    chosen = kind(kind_id) if kind_id is not None else detected.kind  # type: ignore[union-attr]
    why = detected.why if detected is not None else "given"
    subject = Subject(doc, sentences(doc), chosen.name, chosen.item_ids)
    facts: dict[str, bool] = {}
    verdicts = []
    for need in chosen.needs:
        verdict = _verdict(subject, need, judge, facts)
        verdicts.append(verdict)
        if progress is not None:
            progress(path, verdict)
    return DocumentReview(
        path, chosen.id, why, doc.pages, tuple(verdicts), seconds=clock() - started
    )


def _verdict(subject: Subject, need: Need, judge: Judge, facts: dict[str, bool]) -> ItemVerdict:
    def holds(fact: Fact) -> bool:
        if fact.id not in facts:
            facts[fact.id] = judge.fact(subject, fact)
        return facts[fact.id]

    if need.applies_if is not None and not holds(need.applies_if):
        return ItemVerdict(need.item.id, "not_applicable", reason=f"not {need.applies_if.id}")
    if need.risk_if is not None and holds(need.risk_if):  # e.g. a paid service's exits
        need = replace(need, risk_checked=True)
    item = need.item
    candidates = rank(subject.sentences, item.headings, item.words, item.not_words, limit=SEARCHED)
    return judge.item(subject, need, candidates)
