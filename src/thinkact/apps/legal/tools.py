"""The review's tools: the file tools over the folder, `check_clauses`, and (for small models)
`write_notices` / `write_summary`, which turn the model's structured findings into the two
Markdown reports so that a 1.5B model never has to type 2 KB of Markdown by hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Annotated, Any

from pydantic import Field

from thinkact.apps.legal.clauses import ClauseReport, ClauseResult, check_document
from thinkact.apps.legal.documents import load_document
from thinkact.apps.legal.prompts import STEPS
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
from thinkact.events import ProgressMarked
from thinkact.tools.base import Tool, ToolContext
from thinkact.tools.documents import DOCUMENT_SUFFIXES, suffix_of
from thinkact.tools.files import file_tools
from thinkact.tools.sandbox import Workspace

MAX_FINDINGS = 10  # per call; more come in further calls, which accumulate


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
    # Validates a report right after it is written: None if fine, else the reason.
    check_written: Callable[[str], str | None] = lambda name: None
    # check_clauses says what is left of the whole review ("Still to check: ..."), which a
    # ReAct agent needs; a PEV step has one document as its goal and was led off it.
    guide: bool = True

    def document(self, given: str) -> str:
        """The reviewed document a model-given name means, or a ToolRetry naming them."""
        for d in self.documents:
            if given == d or same_document(given, d):
                return d
        raise ToolRetry(
            f"'{given}' is not one of the documents under review: {', '.join(self.documents)}"
        )

    # --- tools -------------------------------------------------------------------------

    def check_clauses(self, path: str, ctx: ToolContext) -> str:
        """Check documents for the clauses a legal reviewer expects (termination, payment
        deadlines, liability, indemnity, governing law, confidentiality, refunds; for privacy
        policies: lawful basis, data-subject rights, retention, transfers, DPO, breach notice).
        Says per clause PRESENT, VAGUE or MISSING, with a quote and its location.

        Args:
            path: a document, e.g. "contract_v1.pdf", or "." for every document at once.
        """
        folder = path.strip().replace("\\", "/").strip("/")
        if folder in ("", "."):
            names = list(self.documents)
        else:  # a subfolder holding documents, else a file (the sandbox judges the path)
            names = [d for d in self.documents if d.startswith(folder + "/")] or [path]
        reports = [check_document(load_document(self.source, n)) for n in names]
        if not self.checks:
            ctx.emit(ProgressMarked(STEPS[0]))  # reviewing means the scan is done
        for report in reports:
            self.checks[report.document] = report
        text = "\n\n".join(r.render() for r in reports)
        left = [d for d in self.documents if d not in self.checks]
        if not left:
            ctx.emit(ProgressMarked(STEPS[1]))
        if not self.guide:  # a PEV document step: the list to answer with, ready to copy
            return f"{text}\nProblems to report: {_problems(reports)}."
        if left:  # small models lose count: say what is left
            return f"{text}\nStill to check: {', '.join(left)}."
        return (
            f"{text}\nAll {len(self.documents)} documents checked. Problems to "
            f"report with write_notices: {_problems(self.checks.values())}."
        )

    def write_notices(
        self, findings: Annotated[list[Finding], Field(max_length=MAX_FINDINGS)], ctx: ToolContext
    ) -> str:
        """Write LEGAL_NOTICES.md from your findings: one per MISSING or VAGUE clause, in
        every document. Findings of earlier calls are kept.

        Args:
            findings: one item per problem found.
        """
        left = [d for d in self.documents if d not in self.checks]
        if left:
            raise ToolRetry(
                f"run check_clauses on every document first; not yet: {', '.join(left)}"
            )
        if not findings:
            raise ToolRetry("findings is empty: give one finding for each problem you found")
        # Findings accumulate over calls (small models write a document at a time); a new
        # finding on the same clause of the same document replaces the old one.
        merged = {self._clause_key(f): f for f in self.findings}
        for f in findings:
            doc = self.document(f.document)
            new = self._with_evidence(f.model_copy(update={"document": doc}))
            merged[self._clause_key(new)] = new
        self.findings = resolved = list(merged.values())
        text = render_notices(self.documents, resolved, folder=self.source.root.name)
        result = self.output.write(NOTICES, text.encode("utf-8"))
        counts = ", ".join(f"{sum(f.severity == s for f in resolved)} {s}" for s in SEVERITIES)
        out = f"Wrote {result.bytes_written:,} bytes to {result.path}: {counts}."
        return self._checked(out, NOTICES, STEPS[2], ctx, self.unresolved())

    def write_summary(self, status: str, ctx: ToolContext) -> str:
        """Write REVIEW_SUMMARY.md (after LEGAL_NOTICES.md): overall status, counts by
        severity, documents reviewed and the top recommendations of your findings.

        Args:
            status: "CRITICAL ISSUES" if any finding is CRITICAL, else "REQUIRES ATTENTION" if
                any is WARNING, else "APPROVED".
        """
        chosen = status_in(status)
        if chosen is None:
            raise ToolRetry(f"status must be one of: {', '.join(STATUSES)} (got {status!r})")
        try:
            notices = self.output.read_text(NOTICES)
        except ToolRetry:
            raise ToolRetry(f"{NOTICES} does not exist yet: call write_notices first") from None
        digest = digest_notices(notices, self.documents)
        order = {s: i for i, s in enumerate(SEVERITIES)}
        ranked = sorted(self.findings, key=lambda f: order[f.severity])
        recs = [f"{f.document}: {f.recommendation}" for f in ranked if f.severity != "INFO"]
        text = render_summary(chosen, digest.counts, digest.per_document, recs[:3])
        result = self.output.write(SUMMARY, text.encode("utf-8"))
        out = f"Wrote {result.bytes_written:,} bytes to {result.path}: {STATUSES[chosen]}."
        out = self._checked(out, SUMMARY, STEPS[3], ctx)
        if "<validation_failed>" in out:
            return out
        # Measured: told only "give your final answer", the embedded model reasoned "I should
        # stop calling tools" and rewrote the summary until loop detection; the literal reply
        # to give is what it follows.
        found = ", ".join(f"{digest.counts[s]} {s}" for s in SEVERITIES if digest.counts[s])
        answer = f"{STATUSES[chosen]}: {sum(digest.counts.values())} findings ({found or 'none'})"
        return (
            f"{out}\nBoth reports are done. Do not call any tool. Reply now with exactly:\n"
            f"<reasoning>Both reports are written.</reasoning>\n"
            f"<final_answer>{answer}.</final_answer>"
        )

    def unresolved(self) -> str | None:
        """What the findings still get wrong, as a reason: problems check_clauses found that
        no finding covers, and findings rated against the severity rules (MISSING is
        CRITICAL, VAGUE is WARNING; the embedded model once rated a missing DPO a WARNING)."""
        missed, misrated = [], []
        for doc, report in self.checks.items():
            own = [f for f in self.findings if f.document == doc]
            for r in report.results:
                if r.status == "present":
                    continue
                covering = [f for f in own if _matching_clause(report, f.clause) is r]
                due = _SEVERITY_OF[r.status]
                if not covering:
                    missed.append(f"{doc}: {r.label} ({r.status.upper()})")
                elif all(f.severity != due for f in covering):
                    was = covering[-1].severity
                    misrated.append(f"{doc}: {r.label} is {r.status.upper()}, so {due} (not {was})")
        reasons = []
        if missed:
            reasons.append(f"no finding covers {'; '.join(missed)}")
        if misrated:
            reasons.append(f"by the severity rules, {'; '.join(misrated)}")
        if not reasons:
            return None
        return (
            ". ".join(reasons) + ". Call write_notices with findings for these (the findings "
            "you gave are kept; one on the same clause replaces the old)."
        )

    def _checked(
        self, out: str, name: str, step: str, ctx: ToolContext, extra: str | None = None
    ) -> str:
        """A written report's validation: the reason goes back to the model at once, or the
        step is marked complete."""
        reason = self.check_written(name) or extra
        if reason:
            return f"{out}\n<validation_failed>{reason}</validation_failed>"
        ctx.emit(ProgressMarked(step))
        return out

    def _clause_key(self, f: Finding) -> tuple[str, str]:
        """Which clause a finding is about: the checked clause its name means, else the name
        itself. A PEV run wrote "DPO / privacy contact (MISSING)" after "DPO / privacy
        contact" and the notices counted the problem twice."""
        report = self.checks.get(f.document)
        hit = _matching_clause(report, f.clause) if report else None
        return f.document, hit.label if hit is not None else f.clause.strip().lower()

    def _with_evidence(self, f: Finding) -> Finding:
        """Fill an empty problem, quote or location from what check_clauses found for that
        clause: the model judges and recommends, the checker supplies the citation."""
        report = self.checks.get(f.document)
        hit = _matching_clause(report, f.clause) if report else None
        if hit is None:
            return f
        update: dict[str, str] = {"clause": _STATUS_SUFFIX.sub("", f.clause) or f.clause}
        if not f.problem.strip():
            update["problem"] = hit.note
        if not f.quote.strip() and hit.evidence is not None:
            update["quote"] = hit.evidence.quote
            update["location"] = f.location or hit.evidence.location
        return f.model_copy(update=update)


def _problems(reports: Iterable[ClauseReport]) -> str:
    """Every problem the reports found, listed in one line ("none" if none)."""
    found = [
        f"{rep.document}: {r.label} ({r.status.upper()})"
        for rep in reports
        for r in rep.results
        if r.status != "present"
    ]
    return "; ".join(found) or "none"


_WORDS = re.compile(r"[a-z]{3,}")
# The checker's verdict copied into a clause name: "DPO / privacy contact (MISSING)"
_STATUS_SUFFIX = re.compile(r"\s*[(\[](?:missing|vague|present)[)\]]\s*$", re.I)
_SEVERITY_OF = {"missing": "CRITICAL", "vague": "WARNING"}


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


def review_tools(review: Review, *, structured: bool) -> list[Tool]:
    """Structured (small models): list_files, check_clauses, write_notices, write_summary;
    the tools mark the workflow's steps as they complete them, which saves the embedded
    model a turn per step. Otherwise list_files, read_file, check_clauses, write_file and
    mark_step_complete: the model reads, writes the Markdown and marks steps itself.
    Either way a report is validated right after it is written."""
    files = {t.name: t for t in file_tools(review.source, output=review.output)}
    check = Tool.from_function(review.check_clauses, idempotent=True)
    if structured:
        return [
            files["list_files"],
            check,
            Tool.from_function(review.write_notices, needs_approval=True),
            Tool.from_function(review.write_summary, needs_approval=True),
        ]

    def after_write(args: Mapping[str, Any]) -> str | None:
        name = str(args.get("path", "")).replace("\\", "/").rsplit("/", 1)[-1]
        return review.check_written(name) if name in (NOTICES, SUMMARY) else None

    write = with_check(files["write_file"], after_write)
    return [files["list_files"], files["read_file"], check, write, files["mark_step_complete"]]
