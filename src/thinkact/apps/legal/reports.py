"""The two reports: findings rendered as LEGAL_NOTICES.md, the verdict as REVIEW_SUMMARY.md,
and the reading back of a notices file (however it was written) for counts and validation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import pydantic

NOTICES = "LEGAL_NOTICES.md"
SUMMARY = "REVIEW_SUMMARY.md"
SEVERITIES = ("CRITICAL", "WARNING", "INFO")
Severity = Literal["CRITICAL", "WARNING", "INFO"]
STATUSES = {
    "CRITICAL ISSUES": "❌ CRITICAL ISSUES",
    "REQUIRES ATTENTION": "⚠️ REQUIRES ATTENTION",
    "APPROVED": "✅ APPROVED",
}
Status = Literal["CRITICAL ISSUES", "REQUIRES ATTENTION", "APPROVED"]


class Finding(pydantic.BaseModel):
    """One finding of the review, as the model passes it to `write_notices`. Lengths are
    bounded so that a small model's constrained output cannot ramble for minutes."""

    document: str = pydantic.Field(max_length=120, description="file name, e.g. contract_v1.pdf")
    severity: Severity
    clause: str = pydantic.Field(max_length=60, description="the clause, e.g. Payment terms")
    recommendation: str = pydantic.Field(
        max_length=240, description="the specific fix, one sentence"
    )
    problem: str = pydantic.Field(
        default="", max_length=240, description="what is wrong (empty: the checker's)"
    )
    quote: str = pydantic.Field(
        default="", max_length=240, description="short quote (empty: the checker's)"
    )
    location: str = pydantic.Field(default="", max_length=80, description="page or section")


def status_for(counts: dict[str, int]) -> Status:
    """The overall status the findings call for."""
    if counts.get("CRITICAL", 0):
        return "CRITICAL ISSUES"
    if counts.get("WARNING", 0):
        return "REQUIRES ATTENTION"
    return "APPROVED"


def render_notices(
    documents: Sequence[str], findings: Sequence[Finding], *, folder: str = ""
) -> str:
    counts = {s: sum(f.severity == s for f in findings) for s in SEVERITIES}
    where = f" in `{folder}`" if folder else ""
    lines = [
        "# Legal Notices",
        "",
        # Labels are upper case only where they mark a finding: digest_notices counts them.
        f"Review of {len(documents)} document(s){where}: "
        + ", ".join(f"{counts[s]} {s.lower()}" for s in SEVERITIES)
        + ". Critical: fix before signing or publishing; warning: should be fixed; "
        "info: worth knowing.",
    ]
    order = {s: i for i, s in enumerate(SEVERITIES)}
    for doc in documents:
        own = sorted(
            (f for f in findings if same_document(f.document, doc)), key=lambda f: order[f.severity]
        )
        lines += ["", f"## {doc}", ""]
        if not own:
            lines.append("No findings: the clauses checked are present and clear.")
            continue
        for i, f in enumerate(own, 1):
            lines += [f"### {i}. {f.severity}: {f.clause.strip()}", ""]
            if f.problem.strip():
                lines.append(f"- **Problem:** {f.problem.strip()}")
            if f.quote.strip():
                quote = f.quote.strip().strip('"')
                loc = f" ({f.location.strip()})" if f.location.strip() else ""
                lines.append(f'- **Quote:** "{quote}"{loc}')
            elif f.location.strip():
                lines.append(f"- **Location:** {f.location.strip()}")
            lines.append(f"- **Recommendation:** {f.recommendation.strip()}")
            lines.append("")
        lines.pop()
    return "\n".join(lines) + "\n"


def render_summary(
    status: Status,
    counts: dict[str, int],
    per_document: dict[str, dict[str, int]],
    recommendations: Sequence[str],
) -> str:
    lines = [
        "# Review Summary",
        "",
        f"**Overall status: {STATUSES[status]}**",
        "",
        "## Findings by severity",
        "",
        "| Severity | Count |",
        "| --- | --- |",
    ]
    lines += [f"| {s} | {counts.get(s, 0)} |" for s in SEVERITIES]
    lines += ["", "## Documents reviewed", ""]
    for doc, c in per_document.items():
        found = ", ".join(f"{c[s]} {s}" for s in SEVERITIES if c.get(s)) or "no findings"
        lines.append(f"- {doc}: {found}")
    lines += ["", "## Top recommendations", ""]
    recs = [r.strip() for r in recommendations if r.strip()]
    lines += [f"{i}. {r}" for i, r in enumerate(recs, 1)] or ["None: no changes needed."]
    return "\n".join(lines) + "\n"


# --- reading a notices file back ---------------------------------------------------------

_LABEL = re.compile(r"\b(CRITICAL|WARNING|INFO)\b")
_SECTION = re.compile(r"^#{1,3}\s+(.+?)\s*$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class NoticesDigest:
    """What a LEGAL_NOTICES.md says: severity labels counted per document section."""

    counts: dict[str, int]
    per_document: dict[str, dict[str, int]]

    @property
    def status(self) -> Status:
        return status_for(self.counts)


def same_document(given: str, name: str) -> bool:
    """`./contracts/Contract_v1.pdf` and `contract_v1.pdf` name the same file."""
    return given.replace("\\", "/").rsplit("/", 1)[-1].strip().lower() == name.lower()


def digest_notices(text: str, documents: Sequence[str]) -> NoticesDigest:
    """Count severity labels, in total and in each document's part of the text. A document's
    part runs from the heading that names it to the next heading naming another one."""
    marks: list[tuple[int, str]] = []
    for m in _SECTION.finditer(text):
        heading = m.group(1).lower()
        named = [d for d in documents if d.lower() in heading]
        if named:
            marks.append((m.start(), named[0]))
    counts = dict.fromkeys(SEVERITIES, 0)
    for label in _LABEL.findall(text):
        counts[label] += 1
    per_document: dict[str, dict[str, int]] = {d: dict.fromkeys(SEVERITIES, 0) for d in documents}
    for i, (start, doc) in enumerate(marks):
        end = marks[i + 1][0] if i + 1 < len(marks) else len(text)
        for label in _LABEL.findall(text[start:end]):
            per_document[doc][label] += 1
    return NoticesDigest(counts, per_document)


_STATUS_LINE = re.compile(r"(CRITICAL ISSUES|REQUIRES ATTENTION|APPROVED)", re.IGNORECASE)


def status_in(summary: str) -> Status | None:
    """The overall status a summary states (its first status phrase), if any."""
    m = _STATUS_LINE.search(summary)
    if m is None:
        return None
    phrase = m.group(1).upper()
    return phrase  # type: ignore[return-value]
