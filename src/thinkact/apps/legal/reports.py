"""The two reports, rendered from the documents' structured reviews: LEGAL_NOTICES.md (the
findings of each document, with severity, quote, reason and fix) and REVIEW_SUMMARY.md (the
overall status). No model types Markdown; a document that could not be reviewed is listed
in both with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from thinkact.apps.legal.checklist import SEVERITIES
from thinkact.apps.legal.reviewer import DocumentReview, Finding

STATUSES = {
    "CRITICAL ISSUES": "❌ CRITICAL ISSUES",
    "REQUIRES ATTENTION": "⚠️ REQUIRES ATTENTION",
    "APPROVED": "✅ APPROVED",
}
Status = Literal["CRITICAL ISSUES", "REQUIRES ATTENTION", "APPROVED"]
RUBRIC = (
    "Severity follows the checklist's rubric: a missing clause is CRITICAL, WARNING or INFO "
    "as its kind of document needs it; a vague or risky clause is a WARNING."
)
_VERDICT_WORDS = {"missing": "missing", "vague": "vague", "risky": "risky"}


def counts(findings: Sequence[Finding]) -> dict[str, int]:
    return {s: sum(f.severity == s for f in findings) for s in SEVERITIES}


def overall(reviews: Sequence[DocumentReview]) -> Status:
    """CRITICAL ISSUES if any finding is CRITICAL; REQUIRES ATTENTION if any is a WARNING
    or a document could not be reviewed; else APPROVED."""
    found = counts([f for r in reviews for f in r.findings()])
    if found["CRITICAL"]:
        return "CRITICAL ISSUES"
    if found["WARNING"] or any(not r.reviewed for r in reviews):
        return "REQUIRES ATTENTION"
    return "APPROVED"


def _describe(r: DocumentReview) -> str:
    pages = f", {r.pages} pages" if r.pages else ""
    return f"{r.kind_name}{pages}"


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _one_line(text: str) -> str:
    """A sentence of ours on one line, capitalised; quotes go through _flat only."""
    line = _flat(text)
    return line[:1].upper() + line[1:]


def render_notices(reviews: Sequence[DocumentReview], *, folder: str = "") -> str:
    findings = [f for r in reviews for f in r.findings()]
    c = counts(findings)
    where = f" in `{folder}`" if folder else ""
    lines = [
        "# Legal Notices",
        "",
        f"Review of {len(reviews)} document(s){where}: "
        + ", ".join(f"{c[s]} {s.lower()}" for s in SEVERITIES)
        + ". Critical: fix before signing or publishing; warning: should be fixed; "
        "info: worth knowing. " + RUBRIC,
    ]
    order = {s: i for i, s in enumerate(SEVERITIES)}
    for r in reviews:
        lines += ["", f"## {r.document}", ""]
        if not r.reviewed:
            lines.append(f"**Not reviewed:** {_one_line(r.error)}")
            continue
        checked = sum(v.verdict != "not_applicable" for v in r.verdicts)
        lines.append(f"*{_describe(r)}* ({r.kind_why}); {checked} clauses checked.")
        own = sorted(r.findings(), key=lambda f: order[f.severity])
        if not own:
            lines += ["", "No findings: every clause checked is present and clear."]
            continue
        for i, f in enumerate(own, 1):
            lines += ["", f"### {i}. {f.severity}: {f.label} ({_VERDICT_WORDS[f.verdict]})", ""]
            if f.reason:
                lines.append(f"- **Problem:** {_one_line(f.reason)}")
            if f.quote:
                loc = f" ({f.location})" if f.location else ""
                lines.append(f'- **Quote:** "{_flat(f.quote)}"{loc}')
            if f.recommendation:
                lines.append(f"- **Recommendation:** {_one_line(f.recommendation)}")
    return "\n".join(lines) + "\n"


def render_summary(reviews: Sequence[DocumentReview], *, top: int = 3) -> str:
    findings = [f for r in reviews for f in r.findings()]
    c = counts(findings)
    status = overall(reviews)
    lines = [
        "# Review Summary",
        "",
        f"**Overall status: {STATUSES[status]}**",
        "",
        "## Findings by severity",
        "",
        "| Severity | Count |",
        "| --- | --- |",
        *(f"| {s} | {c[s]} |" for s in SEVERITIES),
        "",
        "## Documents reviewed",
        "",
    ]
    for r in reviews:
        if not r.reviewed:
            lines.append(f"- {r.document}: **not reviewed** ({_one_line(r.error)})")
            continue
        own = counts(r.findings())
        found = ", ".join(f"{own[s]} {s}" for s in SEVERITIES if own[s]) or "no findings"
        lines.append(f"- {r.document} ({_describe(r)}): {found}")
    lines += ["", "## Top recommendations", ""]
    order = {s: i for i, s in enumerate(SEVERITIES)}
    ranked = sorted((f for f in findings if f.severity != "INFO"), key=lambda f: order[f.severity])
    recs = [f"{f.document}: {f.recommendation}" for f in ranked if f.recommendation][:top]
    lines += [f"{i}. {r}" for i, r in enumerate(recs, 1)] or ["None: no changes needed."]
    lines += ["", RUBRIC]
    return "\n".join(lines) + "\n"


def same_document(given: str, name: str) -> bool:
    """`./contracts/Contract_v1.pdf` and `contract_v1.pdf` name the same file."""
    return given.replace("\\", "/").rsplit("/", 1)[-1].strip().lower() == name.lower()


_STATUS_LINE = re.compile(r"(CRITICAL ISSUES|REQUIRES ATTENTION|APPROVED)", re.IGNORECASE)


def status_in(summary: str) -> Status | None:
    """The overall status a summary states (its first status phrase), if any."""
    m = _STATUS_LINE.search(summary)
    return None if m is None else m.group(1).upper()  # type: ignore[return-value]
