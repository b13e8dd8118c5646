"""The deterministic clause checker behind the `check_clauses` tool.

For each clause a reviewer expects in a kind of document (contract, terms of service,
privacy policy) it says present / vague / missing and quotes the evidence with its
location. It only finds and classifies text; the model judges severity and writes the
reports. The rules are plain regular expressions so that every verdict can be explained.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from thinkact.apps.legal.documents import Document
from thinkact.apps.legal.privacy_rules import PRIVACY
from thinkact.apps.legal.rules import COMMERCIAL, ClauseResult, Evidence, Status

RULES = {**COMMERCIAL, **PRIVACY}

__all__ = ["ClauseReport", "ClauseResult", "Evidence", "Kind", "Status", "check_document"]

Kind = Literal["contract", "terms", "privacy"]


@dataclass(frozen=True, slots=True)
class ClauseReport:
    document: str
    kind: Kind
    pages: int | None
    results: tuple[ClauseResult, ...]

    def result(self, clause: str) -> ClauseResult:
        return next(r for r in self.results if r.clause == clause)

    def render(self) -> str:
        """The observation the model reads: one line per clause."""
        counts = {s: sum(r.status == s for r in self.results) for s in ("present", "vague")}
        missing = len(self.results) - counts["present"] - counts["vague"]
        pages = f", {self.pages} pages" if self.pages else ""
        lines = [
            f"{self.document} ({_KIND_NAMES[self.kind]}{pages}): {len(self.results)} clauses "
            f"checked, {counts['present']} present, {counts['vague']} vague, {missing} missing."
        ]
        for r in self.results:
            if r.status == "present":  # short: the problems are what the model must report
                where = f" ({r.evidence.location})" if r.evidence is not None else ""
                lines.append(f"- {r.label}: PRESENT{where}.")
                continue
            line = f"- {r.label}: {r.status.upper()}. {r.note}"
            if r.evidence is not None:
                line += f' Quote: "{r.evidence.quote}" ({r.evidence.location})'
            lines.append(line)
        return "\n".join(lines)


_KIND_NAMES: dict[Kind, str] = {
    "contract": "contract",
    "terms": "terms of service",
    "privacy": "privacy policy",
}


EXPECTED: dict[Kind, tuple[str, ...]] = {
    "contract": (
        "term_termination", "payment_terms", "limitation_of_liability", "indemnity",
        "governing_law", "confidentiality",
    ),
    "terms": (
        "term_termination", "payment_terms", "refund_policy", "limitation_of_liability",
        "indemnity", "governing_law",
    ),
    "privacy": (
        "lawful_basis", "data_subject_rights", "retention", "international_transfers",
        "dpo_contact", "breach_notice",
    ),
}  # fmt: skip


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_PRIVACY = _rx(r"\bprivacy (?:policy|notice|statement)\b|\bdata protection (?:policy|notice)\b")
_TERMS = _rx(r"\bterms (?:of service|of use|and conditions)\b|\bEULA\b|\btos\b")


def detect_kind(doc: Document) -> Kind:
    """From the file name, then the title, then the opening text."""
    stem = doc.name.rsplit("/", 1)[-1].rsplit(".", 1)[0].replace("_", " ").replace("-", " ")
    if _rx(r"\bprivacy\b|\bgdpr\b").search(stem):
        return "privacy"
    if _rx(r"\bterms\b|\btos\b|\beula\b").search(stem):
        return "terms"
    for text in (doc.title, doc.text[:600]):
        if _PRIVACY.search(text):
            return "privacy"
        if _TERMS.search(text):
            return "terms"
    return "contract"


def check_document(doc: Document, kind: Kind | None = None) -> ClauseReport:
    kind = kind or detect_kind(doc)
    results = tuple(RULES[c](doc) for c in EXPECTED[kind])
    return ClauseReport(doc.name, kind, doc.pages, results)
