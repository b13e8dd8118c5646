"""The clause rules: plain regular expressions that find a clause's text and say whether it
is present, vague or missing, with the evidence. Every verdict can be explained by a rule
here; `clauses.py` picks the rules a kind of document needs and renders the report.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from thinkact.apps.legal.documents import Document, Passage

Status = Literal["present", "vague", "missing"]

_NUM = (
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|"
    r"fifteen|twenty|thirty|forty|forty-five|sixty|ninety)(?:\s*\(\d+\))?"
)
PERIOD = rf"\b{_NUM}\s+(?:business\s+|working\s+|calendar\s+)?(?:day|week|month|year|hour)s?\b"
_DEADLINE = re.compile(
    rf"\bwithin\s+(?:the\s+)?{PERIOD}|\bnet\s*\d+\b|\bdue (?:on|by)\b|\b(?:on|upon) receipt\b",
    re.IGNORECASE,
)
_ADVANCE = re.compile(r"\bin advance\b", re.IGNORECASE)  # when due, if not how long
_QUOTE_MAX = 140


@dataclass(frozen=True, slots=True)
class Evidence:
    quote: str
    location: str


@dataclass(frozen=True, slots=True)
class ClauseResult:
    clause: str  # key, e.g. "payment_terms"
    label: str  # "Payment terms"
    status: Status
    note: str  # why: what was found or what is lacking
    evidence: Evidence | None = None


# --- finding text ------------------------------------------------------------------------


def rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def sentences(doc: Document) -> Iterator[tuple[str, Passage]]:
    for p in doc.passages:
        for s in p.sentences():
            yield s, p


def find(doc: Document, pattern: re.Pattern[str]) -> list[tuple[str, Passage]]:
    return [(s, p) for s, p in sentences(doc) if pattern.search(s)]


def _quote(sentence: str, focus: re.Pattern[str] | None = None) -> str:
    """The sentence without its clause number, cut to a short quote around `focus`."""
    s = re.sub(r"^\d{1,2}(?:\.\d{1,2})*\.?\s+", "", sentence.strip())
    if len(s) <= _QUOTE_MAX:
        return s
    start = 0
    m = focus.search(s) if focus is not None else None
    if m is not None and m.end() > _QUOTE_MAX - 20:
        start = max(0, m.start() - 60)
        start = s.rfind(" ", 0, start) + 1 if start else 0
    cut = s[start : start + _QUOTE_MAX]
    if start + _QUOTE_MAX < len(s):  # cut at a word, and say so
        cut = (cut[: cut.rfind(" ")] if " " in cut else cut).rstrip(",;: ") + "..."
    return ("..." if start else "") + cut


def evidence(
    hit: tuple[str, Passage] | None, focus: re.Pattern[str] | None = None
) -> Evidence | None:
    if hit is None:
        return None
    return Evidence(_quote(hit[0], focus), hit[1].location)


def first(hits: list[tuple[str, Passage]], pattern: re.Pattern[str]) -> tuple[str, Passage] | None:
    return next((h for h in hits if pattern.search(h[0])), None)


# --- the rules of contracts and terms of service ---------------------------------------

_TERMINATION = rx(r"\bterminat\w*|\bcancel\w*")
_TERMINATION_TERMS = rx(rf"{PERIOD}|\bbreach\w*|\bat any time\b|\bimmediate\w*|\binsolven\w*")
_TERM = rx(
    r"\bcommences?\b|\bcontinue[s]? in (?:full )?(?:force|effect)|\bremain[s]? in (?:force|effect)"
    r"|\brenew\w*|\bterm of\b|\bshall continue\b"
)


def _term_termination(doc: Document) -> ClauseResult:
    hits = find(doc, _TERMINATION)
    # Prefer "terminate ... with 30 days' notice" over "cancel at any time".
    ranked = sorted(hits, key=lambda h: not rx(r"\bterminat").search(h[0]))
    concrete = first(ranked, _TERMINATION_TERMS)
    if concrete is not None:
        return result(
            "term_termination",
            "present",
            "Termination rights with notice or cause.",
            evidence(concrete, _TERMINATION),
        )
    if hits:
        return result(
            "term_termination",
            "vague",
            "Termination is mentioned without a notice period or grounds (breach, insolvency).",
            evidence(hits[0], _TERMINATION),
        )
    term = find(doc, _TERM)
    note = "No termination clause: no right to terminate, notice period or termination for breach."
    if term:
        note += " The term clause gives no way out."
    return result("term_termination", "missing", note, evidence(term[0] if term else None))


_PAYMENT = rx(r"\b(?:pay|pays|paid|payment|payments|payable|invoice[sd]?|billed)\b")
_PAYMENT_VAGUE = rx(
    r"\btimely\b|\breasonable (?:period|time|charges?)\b|\bfrom time to time\b|\bpromptly\b"
    r"|\bto be agreed\b|\bas soon as (?:possible|practicable)\b"
)


def _payment_terms(doc: Document) -> ClauseResult:
    hits = find(doc, _PAYMENT)
    concrete = first(hits, _DEADLINE) or first(hits, _ADVANCE)
    if concrete is not None:
        return result(
            "payment_terms",
            "present",
            "A concrete payment deadline.",
            evidence(concrete, _DEADLINE),
        )
    if hits:
        vague = first(hits, _PAYMENT_VAGUE) or hits[0]
        return result(
            "payment_terms",
            "vague",
            "Payment is mentioned but no concrete deadline (e.g. within 30 days of invoice).",
            evidence(vague, _PAYMENT_VAGUE),
        )
    return result("payment_terms", "missing", "No payment terms found.")


_LIABILITY = rx(r"\bliab\w*")
_CAP = rx(r"\bnot exceed\b|\blimited to\b|\bshall be limited\b|\bcap\b|\baggregate liability\b")


def _limitation_of_liability(doc: Document) -> ClauseResult:
    hits = find(doc, _LIABILITY)
    cap = first(hits, _CAP)
    if cap is not None:
        return result(
            "limitation_of_liability", "present", "Liability is capped.", evidence(cap, _CAP)
        )
    if hits:
        return result(
            "limitation_of_liability",
            "vague",
            "Liability is mentioned but not capped at an amount.",
            evidence(hits[0], _LIABILITY),
        )
    return result("limitation_of_liability", "missing", "No limitation of liability found.")


_INDEMNITY = rx(r"\bindemnif\w*|\bhold\b.{0,20}\bharmless\b")


def _indemnity(doc: Document) -> ClauseResult:
    hits = find(doc, _INDEMNITY)
    if hits:
        return result(
            "indemnity", "present", "An indemnity is given.", evidence(hits[0], _INDEMNITY)
        )
    return result("indemnity", "missing", "No indemnity found.")


_LAW = rx(r"\bgoverned by\b|\bgoverning law\b|\blaws? of\b")
_VENUE = rx(r"\bcourts? of\b|\bjurisdiction\b|\barbitrat\w*|\bvenue\b")


def _governing_law(doc: Document) -> ClauseResult:
    law, venue = find(doc, _LAW), find(doc, _VENUE)
    if law and venue:
        return result(
            "governing_law",
            "present",
            "Governing law and courts are named.",
            evidence(law[0], _LAW),
        )
    if law:
        return result(
            "governing_law",
            "vague",
            "Governing law named, but no courts or venue.",
            evidence(law[0], _LAW),
        )
    if venue:
        return result(
            "governing_law",
            "vague",
            "Courts named, but no governing law.",
            evidence(venue[0], _VENUE),
        )
    return result("governing_law", "missing", "No governing law or venue found.")


_CONFIDENTIAL = rx(r"\bconfidential\w*")
_CONFIDENTIAL_DUTY = rx(
    r"\b(?:keep|kept|treat|hold|held)\b.{0,80}\bconfidential|\bnot (?:to )?disclose\b"
    r"|\bnon-disclosure\b|\bconfidentiality obligations?\b"
)


def _confidentiality(doc: Document) -> ClauseResult:
    hits = find(doc, _CONFIDENTIAL)
    duty = first(hits, _CONFIDENTIAL_DUTY)
    if duty is not None:
        return result(
            "confidentiality",
            "present",
            "A duty of confidentiality.",
            evidence(duty, _CONFIDENTIAL),
        )
    if hits:
        return result(
            "confidentiality",
            "vague",
            "Confidential information is mentioned, but no duty to keep it confidential.",
            evidence(hits[0], _CONFIDENTIAL),
        )
    return result("confidentiality", "missing", "No confidentiality clause found.")


_REFUND = rx(r"\brefund\w*|\bmoney[- ]back\b|\breimburse\w*")
_REFUND_VAGUE = rx(
    r"\bdiscretion\b|\bmay be considered\b|\bcase[- ]by[- ]case\b|\bappropriate circumstances\b"
    r"|\breasonable time\b|\bat our option\b"
)
_REFUND_CLEAR = rx(
    rf"\bwithin\s+{PERIOD}|\bfull refund\b|\bpro[- ]?rata\b|\bno refunds?\b|\bnon-refundable\b"
)


def _refund_policy(doc: Document) -> ClauseResult:
    hits = find(doc, _REFUND)
    vague = first(hits, _REFUND_VAGUE)
    if vague is not None:
        return result(
            "refund_policy",
            "vague",
            "Refunds are discretionary: no clear conditions, amounts or deadline.",
            evidence(vague, _REFUND_VAGUE),
        )
    clear = first(hits, _REFUND_CLEAR)
    if clear is not None:
        return result(
            "refund_policy", "present", "A clear refund rule.", evidence(clear, _REFUND_CLEAR)
        )
    if hits:
        return result(
            "refund_policy",
            "vague",
            "Refunds are mentioned without clear conditions.",
            evidence(hits[0], _REFUND),
        )
    return result("refund_policy", "missing", "No refund policy found.")


# --- labels and the rule table ------------------------------------------------------------

LABELS: dict[str, str] = {
    "term_termination": "Term and termination",
    "payment_terms": "Payment terms",
    "limitation_of_liability": "Limitation of liability",
    "indemnity": "Indemnity",
    "governing_law": "Governing law and venue",
    "confidentiality": "Confidentiality",
    "refund_policy": "Refund policy",
    "lawful_basis": "Lawful basis (GDPR Art. 6)",
    "data_subject_rights": "Data-subject rights",
    "retention": "Data retention",
    "international_transfers": "International transfers",
    "dpo_contact": "DPO / privacy contact",
    "breach_notice": "Breach notification",
}

COMMERCIAL: dict[str, Callable[[Document], ClauseResult]] = {
    "term_termination": _term_termination,
    "payment_terms": _payment_terms,
    "limitation_of_liability": _limitation_of_liability,
    "indemnity": _indemnity,
    "governing_law": _governing_law,
    "confidentiality": _confidentiality,
    "refund_policy": _refund_policy,
}


def result(
    clause: str, status: Status, note: str, evidence: Evidence | None = None
) -> ClauseResult:
    return ClauseResult(clause, LABELS[clause], status, note, evidence)
