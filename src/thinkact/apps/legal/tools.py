"""The review's tools: the file tools over the folder, `check_clauses`, and (for small models)
`write_notices` / `write_summary`, which turn the model's structured findings into the two
Markdown reports so that a 1.5B model never has to type 2 KB of Markdown by hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from thinkact.apps.legal.clauses import ClauseReport, ClauseResult, check_document
from thinkact.apps.legal.documents import load_document
from thinkact.apps.legal.reports import (
    NOTICES,
    SEVERITIES,
    STATUSES,
    SUMMARY,
    Finding,
    digest_notices,
    render_notices,
    render_summary,
    same_document,
    status_in,
)
from thinkact.errors import ToolRetry
from thinkact.tools.base import Tool
from thinkact.tools.documents import DOCUMENT_SUFFIXES, suffix_of
from thinkact.tools.files import file_tools
from thinkact.tools.sandbox import Workspace

Check = Callable[[], str | None]
"""Looks at what a write produced: None if fine, else the reason."""


def documents_in(workspace: Workspace) -> list[str]:
    """The documents under review: document files of the folder, less our own reports."""
    return [
        f.path
        for f in workspace.files()
        if suffix_of(f.path) in DOCUMENT_SUFFIXES
        and f.path.rsplit("/", 1)[-1] not in (NOTICES, SUMMARY)
    ]


@dataclass
class Review:
    """One review's folders, documents and what its tools found so far."""

    source: Workspace
    output: Workspace
    documents: list[str]
    checks: dict[str, ClauseReport] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)

    def document(self, given: str) -> str:
        """The reviewed document a model-given name means, or a ToolRetry naming them."""
        for d in self.documents:
            if given == d or same_document(given, d):
                return d
        raise ToolRetry(
            f"'{given}' is not one of the documents under review: {', '.join(self.documents)}"
        )

    # --- tools -------------------------------------------------------------------------

    def check_clauses(self, path: str) -> str:
        """Check one document for the clauses a legal reviewer expects (termination, payment
        deadlines, liability, indemnity, governing law, confidentiality, refunds; for privacy
        policies: lawful basis, data-subject rights, retention, transfers, DPO, breach notice).
        Says per clause PRESENT, VAGUE or MISSING, with a quote and its location.

        Args:
            path: the document's path in the folder, e.g. "contract_v1.pdf".
        """
        report = check_document(load_document(self.source, path))
        self.checks[report.document] = report
        return report.render()

    def write_notices(self, findings: list[Finding]) -> str:
        """Write LEGAL_NOTICES.md from your findings: one per problem, every document covered.

        Args:
            findings: one item per problem found (missing or vague clauses and other issues).
        """
        if not findings:
            raise ToolRetry("findings is empty: give one finding for each problem you found")
        resolved = []
        for f in findings:
            doc = self.document(f.document)
            resolved.append(self._with_evidence(f.model_copy(update={"document": doc})))
        self.findings = resolved
        text = render_notices(self.documents, resolved, folder=self.source.root.name)
        result = self.output.write(NOTICES, text.encode("utf-8"))
        counts = ", ".join(f"{sum(f.severity == s for f in resolved)} {s}" for s in SEVERITIES)
        return f"Wrote {result.bytes_written:,} bytes to {result.path}: {counts}."

    def write_summary(self, status: str, top_recommendations: list[str] | None = None) -> str:
        """Write REVIEW_SUMMARY.md (after LEGAL_NOTICES.md): overall status, counts by
        severity, documents reviewed, top recommendations.

        Args:
            status: "CRITICAL ISSUES" if any finding is CRITICAL, else "REQUIRES ATTENTION" if
                any is WARNING, else "APPROVED".
            top_recommendations: the most important fixes, at most 5 (default: those of the
                most severe findings).
        """
        chosen = status_in(status)
        if chosen is None:
            raise ToolRetry(f"status must be one of: {', '.join(STATUSES)} (got {status!r})")
        try:
            notices = self.output.read_text(NOTICES)
        except ToolRetry:
            raise ToolRetry(f"{NOTICES} does not exist yet: call write_notices first") from None
        digest = digest_notices(notices, self.documents)
        recs = [r for r in (top_recommendations or []) if r.strip()][:5]
        if not recs:
            order = {s: i for i, s in enumerate(SEVERITIES)}
            ranked = sorted(self.findings, key=lambda f: order[f.severity])
            recs = [f"{f.document}: {f.recommendation}" for f in ranked if f.severity != "INFO"][:3]
        text = render_summary(chosen, digest.counts, digest.per_document, recs)
        result = self.output.write(SUMMARY, text.encode("utf-8"))
        return f"Wrote {result.bytes_written:,} bytes to {result.path}: {STATUSES[chosen]}."

    def _with_evidence(self, f: Finding) -> Finding:
        """Fill an empty problem, quote or location from what check_clauses found for that
        clause: the model judges and recommends, the checker supplies the citation."""
        report = self.checks.get(f.document)
        hit = _matching_clause(report, f.clause) if report else None
        if hit is None:
            return f
        update = {} if f.problem.strip() else {"problem": hit.note}
        if not f.quote.strip() and hit.evidence is not None:
            update["quote"] = hit.evidence.quote
            update["location"] = f.location or hit.evidence.location
        return f.model_copy(update=update)


_WORDS = re.compile(r"[a-z]{3,}")


def _stems(text: str) -> set[str]:
    return {w[:6] for w in _WORDS.findall(text.lower())} - {"and", "the", "clause", "policy"}


def _matching_clause(report: ClauseReport, clause: str) -> ClauseResult | None:
    """The checked clause a finding's free-text clause name means (most shared word stems)."""
    given = _stems(clause)
    scored = [(len(given & _stems(f"{r.label} {r.clause}")), r) for r in report.results]
    best = max(scored, key=lambda s: s[0], default=(0, None))
    return best[1] if best[0] > 0 else None


def with_check(tool: Tool, check: Callable[[Mapping[str, Any]], str | None]) -> Tool:
    """The same tool, whose successful result is followed by `check(arguments)`'s complaint
    as `<validation_failed>reason</validation_failed>`, so the model fixes a report right
    after writing it instead of only when it tries to finish."""
    inner = tool.fn

    def checked(**kwargs: Any) -> Any:
        out = inner(**kwargs)
        reason = check(kwargs)
        if reason:
            return f"{out}\n<validation_failed>{reason}</validation_failed>"
        return out

    return replace(tool, fn=checked, _spec=None)


def review_tools(
    review: Review,
    *,
    structured: bool,
    check_written: Callable[[str], str | None],
) -> list[Tool]:
    """list_files and check_clauses, then either write_notices + write_summary (structured)
    or read_file + write_file (the model reads and writes Markdown), and mark_step_complete.
    `check_written(file name)` validates a report right after it is written."""
    files = {t.name: t for t in file_tools(review.source, output=review.output)}
    check = Tool.from_function(review.check_clauses, idempotent=True)
    # A small model reviews through check_clauses alone: reading whole documents would
    # cost minutes of prompt evaluation on 2 cores, and the checker quotes what matters.
    tools = (
        [files["list_files"], check]
        if structured
        else [files["list_files"], files["read_file"], check]
    )
    if structured:
        notices = Tool.from_function(review.write_notices, needs_approval=True)
        summary = Tool.from_function(review.write_summary, needs_approval=True)
        tools.append(with_check(notices, lambda args: check_written(NOTICES)))
        tools.append(with_check(summary, lambda args: check_written(SUMMARY)))
    else:

        def after_write(args: Mapping[str, Any]) -> str | None:
            name = str(args.get("path", "")).replace("\\", "/").rsplit("/", 1)[-1]
            return check_written(name) if name in (NOTICES, SUMMARY) else None

        tools.append(with_check(files["write_file"], after_write))
    tools.append(files["mark_step_complete"])
    return tools
