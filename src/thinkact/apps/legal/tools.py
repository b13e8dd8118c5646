"""The review's tools: `list_files` over the folder, `review_document` (one bounded review a
document, by the checklist of its kind), `write_notices` and `write_summary` (the reports,
rendered from the structured reviews: they take no arguments, so a small model cannot get
them wrong), and for API models `add_finding` (a finding beyond the checklist, which stands
only with a quote found word for word in the document).

Each document's review is saved as it finishes (`ReviewCache`), so an interrupted review
resumes without redoing finished documents.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from thinkact.apps.legal.checklist import SEVERITIES
from thinkact.apps.legal.documents import load_document
from thinkact.apps.legal.evidence import verify_quote
from thinkact.apps.legal.judge import ItemVerdict, Judge
from thinkact.apps.legal.prompts import NOTICES, STEPS, SUMMARY
from thinkact.apps.legal.reports import (
    STATUSES,
    counts,
    overall,
    render_notices,
    render_summary,
    same_document,
)
from thinkact.apps.legal.reviewer import DocumentReview, Finding, review_document
from thinkact.errors import ToolRetry
from thinkact.tools.base import Tool, ToolContext
from thinkact.tools.documents import DOCUMENT_SUFFIXES, suffix_of
from thinkact.tools.files import file_tools
from thinkact.tools.sandbox import Workspace
from thinkact.workflow import ProgressMarked

# Bump when a change to the review makes saved reviews stale.
REVIEW_VERSION = "2"
CACHE_FOLDER = ".thinkact-review"


def documents_in(workspace: Workspace) -> list[str]:
    """The documents under review: document files of the folder, less our own reports."""
    return [
        f.path
        for f in workspace.files()
        if suffix_of(f.path) in DOCUMENT_SUFFIXES
        and f.path.rsplit("/", 1)[-1] not in (NOTICES, SUMMARY)
    ]


def _checklists_digest() -> str:
    from importlib import resources

    folder = resources.files("thinkact.apps.legal").joinpath("checklists")
    h = hashlib.sha256(REVIEW_VERSION.encode())
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            h.update(entry.name.encode() + entry.read_bytes())
    return h.hexdigest()[:16]


@dataclass
class ReviewCache:
    """Finished document reviews on disk, keyed by the document's bytes, the checklists and
    the model: a resumed (or repeated) review reuses them, a changed document is redone."""

    folder: Path
    model: str

    def _key(self, data: bytes) -> str:
        h = hashlib.sha256(data)
        h.update(f"\0{self.model}\0{_checklists_digest()}".encode())
        return h.hexdigest()[:24]

    def load(self, data: bytes, document: str) -> DocumentReview | None:
        path = self.folder / f"{self._key(data)}.json"
        try:
            review = DocumentReview.from_dict(json.loads(path.read_text("utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return replace(review, document=document)

    def save(self, data: bytes, review: DocumentReview) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            path = self.folder / f"{self._key(data)}.json"
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(review.to_dict(), ensure_ascii=True), "utf-8")
            tmp.replace(path)
        except OSError:
            pass  # a cache that cannot be written costs a redo on resume, nothing else


@dataclass
class Review:
    """One review's folders, documents, judge and the reviews done so far."""

    source: Workspace
    output: Workspace
    documents: list[str]
    judge: Judge
    cache: ReviewCache | None = None
    parallel: int = 1  # documents reviewed at once (API models)
    # name the documents left after each review: the ReAct agent's next step; off when each
    # document is a plan step of its own, whose model must not wander into the next one
    guide: bool = True
    reviews: dict[str, DocumentReview] = field(default_factory=dict)
    extra: dict[str, list[Finding]] = field(default_factory=dict)
    # hears each item's verdict as it is given (the console's live progress)
    on_verdict: Callable[[str, ItemVerdict], None] | None = None
    on_document: Callable[[DocumentReview], None] | None = None

    def document(self, given: str) -> str:
        """The reviewed document a model-given name means, or a ToolRetry naming them."""
        for d in self.documents:
            if given == d or same_document(given, d):
                return d
        raise ToolRetry(
            f"'{given}' is not one of the documents under review: {', '.join(self.documents)}"
        )

    def review_one(self, name: str) -> DocumentReview:
        """The review of one document: from the cache, or done now and saved."""
        if name in self.reviews:
            return self.reviews[name]
        try:
            _, data = self.source.read(name)
        except ToolRetry as e:
            data, review = b"", DocumentReview(name, error=str(e))
        else:
            cached = self.cache.load(data, name) if self.cache else None
            review = cached or review_document(
                self.source, name, self.judge, progress=self.on_verdict
            )
        if review.reviewed and self.cache is not None and data:
            self.cache.save(data, review)
        self.reviews[name] = review
        if self.on_document is not None:
            self.on_document(review)
        return review

    def all_reviews(self) -> list[DocumentReview]:
        """Every document's review so far, with the model's own findings, in folder order;
        a document not reviewed yet is listed as such."""
        out = []
        for d in self.documents:
            r = self.reviews.get(d) or DocumentReview(d, error="the review stopped before it")
            out.append(replace(r, extra=tuple(self.extra.get(d, ()))))
        return out

    # --- tools -------------------------------------------------------------------------

    def review_document(self, path: str, ctx: ToolContext) -> str:
        """Review documents against the checklist of their kind (contract, NDA, employment,
        licence, DPA, terms of service, privacy notice...): each clause is present, vague,
        risky, missing or not applicable, with a quote checked against the text.

        Args:
            path: a document, e.g. "contract_v1.pdf", or "." for every document at once.
        """
        folder = path.strip().replace("\\", "/").strip("/")
        if folder in ("", "."):
            names = list(self.documents)
        else:
            names = [d for d in self.documents if d.startswith(folder + "/")] or [
                self.document(path)
            ]
        if not self.reviews:
            ctx.emit(ProgressMarked(STEPS[0]))  # reviewing means the scan is done
        if self.parallel > 1 and len(names) > 1:
            with ThreadPoolExecutor(self.parallel) as pool:
                done = list(pool.map(self.review_one, names))
        else:
            done = [self.review_one(n) for n in names]
        text = "\n".join(_brief(r) for r in done)
        left = [d for d in self.documents if d not in self.reviews]
        if left:
            return f"{text}\nStill to review: {', '.join(left)}." if self.guide else text
        ctx.emit(ProgressMarked(STEPS[1]))
        found = counts([f for r in self.reviews.values() for f in r.findings()])
        tally = ", ".join(f"{found[s]} {s}" for s in SEVERITIES)
        return (
            f"{text}\nAll {len(self.documents)} documents reviewed ({tally}). Next: write_notices."
        )

    def write_notices(self, ctx: ToolContext) -> str:
        """Write LEGAL_NOTICES.md from the reviews: every finding of every document."""
        left = [d for d in self.documents if d not in self.reviews]
        if left:
            raise ToolRetry(f"review every document first; not yet: {', '.join(left)}")
        reviews = self.all_reviews()
        text = render_notices(reviews, folder=self.source.root.name)
        result = self.output.write(NOTICES, text.encode("utf-8"))
        ctx.emit(ProgressMarked(STEPS[2]))
        c = counts([f for r in reviews for f in r.findings()])
        tally = ", ".join(f"{c[s]} {s}" for s in SEVERITIES)
        return (
            f"Wrote {result.bytes_written:,} bytes to {result.path}: {tally}. Next: write_summary."
        )

    def write_summary(self, ctx: ToolContext) -> str:
        """Write REVIEW_SUMMARY.md (after LEGAL_NOTICES.md): the overall status, counts by
        severity, the documents and the top recommendations."""
        try:
            self.output.read(NOTICES)
        except ToolRetry:
            raise ToolRetry(f"{NOTICES} does not exist yet: call write_notices first") from None
        reviews = self.all_reviews()
        result = self.output.write(SUMMARY, render_summary(reviews).encode("utf-8"))
        ctx.emit(ProgressMarked(STEPS[3]))
        status = STATUSES[overall(reviews)]
        findings = [f for r in reviews for f in r.findings()]
        # the counts by severity too, so a small model copies them rather than adds them up
        by = ", ".join(f"{n} {severity}" for severity, n in counts(findings).items())
        return (
            f"Wrote {result.bytes_written:,} bytes to {result.path}: {status}. Both reports "
            f"are done: do not call any tool; answer with the status and the number of "
            f"findings ({status}, {len(findings)} findings: {by})."
        )

    def add_finding(
        self,
        document: str,
        clause: str,
        status: Literal["vague", "risky"],
        quote: str,
        reason: str,
    ) -> str:
        """Add a finding the checklist does not cover: a vague or risky term. It stands only
        if the quote is found word for word in the document. Its severity is a WARNING.

        Args:
            document: the file name.
            clause: the clause, in a few words.
            status: "vague" or "risky".
            quote: the exact words of the document that show the problem.
            reason: one sentence: what is wrong.
        """
        name = self.document(document)
        doc = load_document(self.source, name)
        check = verify_quote(doc, quote)
        if not check.verified:
            raise ToolRetry(
                "that quote is not in the document word for word; copy the exact words, or "
                "drop the finding"
            )
        finding = Finding(
            name, "extra:" + re.sub(r"\W+", "_", clause.lower()).strip("_"), clause.strip(),
            status, "WARNING", quote.strip(), check.location, reason.strip(), "",
        )  # fmt: skip
        self.extra.setdefault(name, []).append(finding)
        return f"Added a WARNING on {clause.strip()} in {name} ({check.location})."

    def tools(self, *, extra_findings: bool) -> list[Tool]:
        files = {t.name: t for t in file_tools(self.source, output=self.output)}
        out = [
            files["list_files"],
            Tool.from_function(self.review_document, idempotent=True),
            Tool.from_function(self.write_notices, needs_approval=True),
            Tool.from_function(self.write_summary, needs_approval=True),
        ]
        if extra_findings:
            out[2:2] = [files["read_file"], Tool.from_function(self.add_finding)]
        return out


def _brief(r: DocumentReview) -> str:
    """A document's review as the model reads it: the kind and each finding."""
    if not r.reviewed:
        return f"{r.document}: NOT REVIEWED: {r.error}"
    found = r.findings()
    head = f"{r.document}: {r.kind_name}; {len(r.verdicts)} clauses checked, "
    if not found:
        return head + "no findings."
    items = "; ".join(f"{f.severity} {f.label} ({f.verdict})" for f in found)
    return head + f"{len(found)} findings: {items}."
