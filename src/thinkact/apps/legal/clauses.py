"""The deterministic clause checker behind the `check_clauses` tool.

For each clause a reviewer expects in a kind of document (contract, terms of service,
privacy policy) it says present / vague / missing and quotes the evidence with its
location. It only finds and classifies text; the model judges severity and writes the
reports. The rules are plain regular expressions so that every verdict can be explained.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from thinkact.apps.legal.documents import Document, Passage

Status = Literal["present", "vague", "missing"]
Kind = Literal["contract", "terms", "privacy"]

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


# --- finding text ------------------------------------------------------------------------


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _sentences(doc: Document) -> Iterator[tuple[str, Passage]]:
    for p in doc.passages:
        for s in p.sentences():
            yield s, p


def _find(doc: Document, pattern: re.Pattern[str]) -> list[tuple[str, Passage]]:
    return [(s, p) for s, p in _sentences(doc) if pattern.search(s)]


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


def _evidence(
    hit: tuple[str, Passage] | None, focus: re.Pattern[str] | None = None
) -> Evidence | None:
    if hit is None:
        return None
    return Evidence(_quote(hit[0], focus), hit[1].location)


def _first(hits: list[tuple[str, Passage]], pattern: re.Pattern[str]) -> tuple[str, Passage] | None:
    return next((h for h in hits if pattern.search(h[0])), None)


# --- the rules -----------------------------------------------------------------------------

_TERMINATION = _rx(r"\bterminat\w*|\bcancel\w*")
_TERMINATION_TERMS = _rx(rf"{PERIOD}|\bbreach\w*|\bat any time\b|\bimmediate\w*|\binsolven\w*")
_TERM = _rx(
    r"\bcommences?\b|\bcontinue[s]? in (?:full )?(?:force|effect)|\bremain[s]? in (?:force|effect)"
    r"|\brenew\w*|\bterm of\b|\bshall continue\b"
)


def _term_termination(doc: Document) -> ClauseResult:
    hits = _find(doc, _TERMINATION)
    # Prefer "terminate ... with 30 days' notice" over "cancel at any time".
    ranked = sorted(hits, key=lambda h: not _rx(r"\bterminat").search(h[0]))
    concrete = _first(ranked, _TERMINATION_TERMS)
    if concrete is not None:
        return _result(
            "term_termination",
            "present",
            "Termination rights with notice or cause.",
            _evidence(concrete, _TERMINATION),
        )
    if hits:
        return _result(
            "term_termination",
            "vague",
            "Termination is mentioned without a notice period or grounds (breach, insolvency).",
            _evidence(hits[0], _TERMINATION),
        )
    term = _find(doc, _TERM)
    note = "No termination clause: no right to terminate, notice period or termination for breach."
    if term:
        note += " The term clause gives no way out."
    return _result("term_termination", "missing", note, _evidence(term[0] if term else None))


_PAYMENT = _rx(r"\b(?:pay|pays|paid|payment|payments|payable|invoice[sd]?|billed)\b")
_PAYMENT_VAGUE = _rx(
    r"\btimely\b|\breasonable (?:period|time|charges?)\b|\bfrom time to time\b|\bpromptly\b"
    r"|\bto be agreed\b|\bas soon as (?:possible|practicable)\b"
)


def _payment_terms(doc: Document) -> ClauseResult:
    hits = _find(doc, _PAYMENT)
    concrete = _first(hits, _DEADLINE) or _first(hits, _ADVANCE)
    if concrete is not None:
        return _result(
            "payment_terms",
            "present",
            "A concrete payment deadline.",
            _evidence(concrete, _DEADLINE),
        )
    if hits:
        vague = _first(hits, _PAYMENT_VAGUE) or hits[0]
        return _result(
            "payment_terms",
            "vague",
            "Payment is mentioned but no concrete deadline (e.g. within 30 days of invoice).",
            _evidence(vague, _PAYMENT_VAGUE),
        )
    return _result("payment_terms", "missing", "No payment terms found.")


_LIABILITY = _rx(r"\bliab\w*")
_CAP = _rx(r"\bnot exceed\b|\blimited to\b|\bshall be limited\b|\bcap\b|\baggregate liability\b")


def _limitation_of_liability(doc: Document) -> ClauseResult:
    hits = _find(doc, _LIABILITY)
    cap = _first(hits, _CAP)
    if cap is not None:
        return _result(
            "limitation_of_liability", "present", "Liability is capped.", _evidence(cap, _CAP)
        )
    if hits:
        return _result(
            "limitation_of_liability",
            "vague",
            "Liability is mentioned but not capped at an amount.",
            _evidence(hits[0], _LIABILITY),
        )
    return _result("limitation_of_liability", "missing", "No limitation of liability found.")


_INDEMNITY = _rx(r"\bindemnif\w*|\bhold\b.{0,20}\bharmless\b")


def _indemnity(doc: Document) -> ClauseResult:
    hits = _find(doc, _INDEMNITY)
    if hits:
        return _result(
            "indemnity", "present", "An indemnity is given.", _evidence(hits[0], _INDEMNITY)
        )
    return _result("indemnity", "missing", "No indemnity found.")


_LAW = _rx(r"\bgoverned by\b|\bgoverning law\b|\blaws? of\b")
_VENUE = _rx(r"\bcourts? of\b|\bjurisdiction\b|\barbitrat\w*|\bvenue\b")


def _governing_law(doc: Document) -> ClauseResult:
    law, venue = _find(doc, _LAW), _find(doc, _VENUE)
    if law and venue:
        return _result(
            "governing_law",
            "present",
            "Governing law and courts are named.",
            _evidence(law[0], _LAW),
        )
    if law:
        return _result(
            "governing_law",
            "vague",
            "Governing law named, but no courts or venue.",
            _evidence(law[0], _LAW),
        )
    if venue:
        return _result(
            "governing_law",
            "vague",
            "Courts named, but no governing law.",
            _evidence(venue[0], _VENUE),
        )
    return _result("governing_law", "missing", "No governing law or venue found.")


_CONFIDENTIAL = _rx(r"\bconfidential\w*")
_CONFIDENTIAL_DUTY = _rx(
    r"\b(?:keep|kept|treat|hold|held)\b.{0,80}\bconfidential|\bnot (?:to )?disclose\b"
    r"|\bnon-disclosure\b|\bconfidentiality obligations?\b"
)


def _confidentiality(doc: Document) -> ClauseResult:
    hits = _find(doc, _CONFIDENTIAL)
    duty = _first(hits, _CONFIDENTIAL_DUTY)
    if duty is not None:
        return _result(
            "confidentiality",
            "present",
            "A duty of confidentiality.",
            _evidence(duty, _CONFIDENTIAL),
        )
    if hits:
        return _result(
            "confidentiality",
            "vague",
            "Confidential information is mentioned, but no duty to keep it confidential.",
            _evidence(hits[0], _CONFIDENTIAL),
        )
    return _result("confidentiality", "missing", "No confidentiality clause found.")


_REFUND = _rx(r"\brefund\w*|\bmoney[- ]back\b|\breimburse\w*")
_REFUND_VAGUE = _rx(
    r"\bdiscretion\b|\bmay be considered\b|\bcase[- ]by[- ]case\b|\bappropriate circumstances\b"
    r"|\breasonable time\b|\bat our option\b"
)
_REFUND_CLEAR = _rx(
    rf"\bwithin\s+{PERIOD}|\bfull refund\b|\bpro[- ]?rata\b|\bno refunds?\b|\bnon-refundable\b"
)


def _refund_policy(doc: Document) -> ClauseResult:
    hits = _find(doc, _REFUND)
    vague = _first(hits, _REFUND_VAGUE)
    if vague is not None:
        return _result(
            "refund_policy",
            "vague",
            "Refunds are discretionary: no clear conditions, amounts or deadline.",
            _evidence(vague, _REFUND_VAGUE),
        )
    clear = _first(hits, _REFUND_CLEAR)
    if clear is not None:
        return _result(
            "refund_policy", "present", "A clear refund rule.", _evidence(clear, _REFUND_CLEAR)
        )
    if hits:
        return _result(
            "refund_policy",
            "vague",
            "Refunds are mentioned without clear conditions.",
            _evidence(hits[0], _REFUND),
        )
    return _result("refund_policy", "missing", "No refund policy found.")


_LAWFUL_BASIS = _rx(
    r"\b(?:lawful|legal) bas[ie]s\b|\blegitimate interests?\b|\bperformance of (?:a|the|our|your)"
    r" contract\b|\blegal obligations?\b|\bArt(?:icle|\.)\s*6\b|\bnecessary for (?:the )?"
    r"(?:performance|compliance)\b"
)
_CONSENT = _rx(r"\bconsent\b|\bopted in\b|\bopt in\b")


def _lawful_basis(doc: Document) -> ClauseResult:
    hits = _find(doc, _LAWFUL_BASIS)
    if hits:
        return _result(
            "lawful_basis",
            "present",
            "A lawful basis for processing is stated.",
            _evidence(hits[0], _LAWFUL_BASIS),
        )
    consent = _find(doc, _CONSENT)
    if consent:
        return _result(
            "lawful_basis",
            "vague",
            "Only consent is mentioned; no lawful basis (GDPR Art. 6) is given for each purpose.",
            _evidence(consent[0], _CONSENT),
        )
    return _result(
        "lawful_basis", "missing", "No lawful basis for processing (GDPR Art. 6) is stated."
    )


_RIGHTS = {
    "access": _rx(r"\bright (?:of|to) access\b|\baccess (?:to )?(?:the |your )?personal data\b"),
    "rectification": _rx(r"\brectif\w*"),
    "erasure": _rx(r"\beras\w*|\bto be forgotten\b"),
    "restriction": _rx(r"\brestrict\w*"),
    "objection": _rx(r"\bobject\b"),
    "portability": _rx(r"\bportab\w*"),
    "complaint": _rx(r"\bcomplaint\b|\bsupervisory authority\b"),
}


def _data_subject_rights(doc: Document) -> ClauseResult:
    text = doc.text
    found = [name for name, rx in _RIGHTS.items() if rx.search(text)]
    lacking = [name for name in _RIGHTS if name not in found]
    if not found:
        return _result("data_subject_rights", "missing", "No data-subject rights are listed.")
    hit = _first(list(_sentences(doc)), _RIGHTS[found[0]])
    status: Status = "present" if len(found) >= 5 else "vague"
    note = f"Rights listed: {', '.join(found)}."
    if lacking:
        note += f" Not mentioned: {', '.join(lacking)}."
    return _result("data_subject_rights", status, note, _evidence(hit, _RIGHTS[found[0]]))


_RETENTION = _rx(
    r"\b(?:retain\w*|retention|keep|kept|stored?|delete[sd]?)\b.{0,60}\b(?:data|information)\b"
    r"|\b(?:data|information)\b.{0,60}\b(?:retained|kept|deleted)\b"
)
_RETENTION_VAGUE = _rx(
    r"\bas long as (?:is )?(?:necessary|needed|required)\b|\bbusiness purposes\b"
    r"|\bno longer than necessary\b"
)
_PERIOD_RX = _rx(PERIOD)


def _retention(doc: Document) -> ClauseResult:
    hits = [h for h in _find(doc, _RETENTION) if not _rx(r"\bcookies?\b").search(h[0])]
    concrete = _first(hits, _PERIOD_RX)
    vague = _first(hits, _RETENTION_VAGUE)
    if concrete is not None and vague is None:
        return _result(
            "retention",
            "present",
            "A concrete retention period.",
            _evidence(concrete, _PERIOD_RX),
        )
    if vague is not None or hits:
        return _result(
            "retention",
            "vague",
            "No concrete retention period for personal data.",
            _evidence(vague or hits[0], _RETENTION_VAGUE),
        )
    return _result("retention", "missing", "No retention period for personal data.")


_TRANSFER = _rx(
    r"\btransfer\w*\b.{0,80}\b(?:outside|countr\w*|international\w*|abroad)\b"
    r"|\boutside (?:the )?(?:EEA|EU|European|UK)\b|\bthird countr\w*|\binternational transfers?\b"
    r"|\b(?:various|other) countries\b|\baround the world\b|\bworldwide\b|\bUnited States\b"
)
_SAFEGUARD = _rx(
    r"\bstandard contractual clauses\b|\bSCCs?\b|\badequacy\b|\bbinding corporate rules\b"
    r"|\bdata privacy framework\b|\bappropriate safeguards\b"
)


def _international_transfers(doc: Document) -> ClauseResult:
    safeguard = _find(doc, _SAFEGUARD)
    if safeguard:
        return _result(
            "international_transfers",
            "present",
            "Transfers rely on a named safeguard.",
            _evidence(safeguard[0], _SAFEGUARD),
        )
    hits = _find(doc, _TRANSFER)
    if hits:
        return _result(
            "international_transfers",
            "vague",
            "Data may leave the EEA but no safeguard (adequacy decision, standard contractual "
            "clauses) is named.",
            _evidence(hits[0], _TRANSFER),
        )
    return _result(
        "international_transfers", "missing", "International transfers are not addressed."
    )


_DPO = _rx(r"\bdata protection officer\b|\bDPO\b")
_EMAIL = _rx(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_CONTACT = _rx(r"\bcontact\b")


def _dpo_contact(doc: Document) -> ClauseResult:
    dpo = _find(doc, _DPO)
    if dpo:
        with_email = _first(dpo, _EMAIL)
        if with_email is not None or _EMAIL.search(doc.text):
            return _result(
                "dpo_contact",
                "present",
                "A DPO is named with a contact address.",
                _evidence(with_email or dpo[0], _DPO),
            )
        return _result(
            "dpo_contact",
            "vague",
            "A DPO is mentioned but without contact details.",
            _evidence(dpo[0], _DPO),
        )
    email = _find(doc, _EMAIL)
    if email:
        return _result(
            "dpo_contact",
            "vague",
            "A contact address is given but no Data Protection Officer.",
            _evidence(email[0], _EMAIL),
        )
    contact = _find(doc, _CONTACT)
    return _result(
        "dpo_contact",
        "missing",
        "No Data Protection Officer and no privacy contact address (email or postal).",
        _evidence(contact[-1] if contact else None, _CONTACT),
    )


_BREACH = _rx(r"\b(?:personal )?data breach\w*|\bsecurity (?:incident|breach)\w*")
_BREACH_TIMING = _rx(
    r"\b72 hours\b|\bwithin\s+(?:\d+|seventy-two)\s+hours\b|\bwithout undue delay\b"
)


def _breach_notice(doc: Document) -> ClauseResult:
    hits = _find(doc, _BREACH)
    timed = _first(hits, _BREACH_TIMING)
    if timed is not None:
        return _result(
            "breach_notice",
            "present",
            "Breach notification with a deadline.",
            _evidence(timed, _BREACH_TIMING),
        )
    if hits:
        return _result(
            "breach_notice",
            "vague",
            "Data breaches are mentioned without a notification deadline.",
            _evidence(hits[0], _BREACH),
        )
    return _result("breach_notice", "missing", "No data-breach notification commitment.")


# --- assembling a report -------------------------------------------------------------------

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

RULES: dict[str, Callable[[Document], ClauseResult]] = {
    "term_termination": _term_termination,
    "payment_terms": _payment_terms,
    "limitation_of_liability": _limitation_of_liability,
    "indemnity": _indemnity,
    "governing_law": _governing_law,
    "confidentiality": _confidentiality,
    "refund_policy": _refund_policy,
    "lawful_basis": _lawful_basis,
    "data_subject_rights": _data_subject_rights,
    "retention": _retention,
    "international_transfers": _international_transfers,
    "dpo_contact": _dpo_contact,
    "breach_notice": _breach_notice,
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


def _result(
    clause: str, status: Status, note: str, evidence: Evidence | None = None
) -> ClauseResult:
    return ClauseResult(clause, LABELS[clause], status, note, evidence)


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
