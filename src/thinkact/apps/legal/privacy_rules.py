"""The rules of privacy policies (GDPR): lawful basis, data-subject rights, retention,
international transfers, DPO contact and breach notification."""

from __future__ import annotations

from collections.abc import Callable

from thinkact.apps.legal.documents import Document
from thinkact.apps.legal.rules import (
    PERIOD,
    ClauseResult,
    Status,
    evidence,
    find,
    first,
    result,
    rx,
    sentences,
)

_LAWFUL_BASIS = rx(
    r"\b(?:lawful|legal) bas[ie]s\b|\blegitimate interests?\b|\bperformance of (?:a|the|our|your)"
    r" contract\b|\blegal obligations?\b|\bArt(?:icle|\.)\s*6\b|\bnecessary for (?:the )?"
    r"(?:performance|compliance)\b"
)
_CONSENT = rx(r"\bconsent\b|\bopted in\b|\bopt in\b")


def _lawful_basis(doc: Document) -> ClauseResult:
    hits = find(doc, _LAWFUL_BASIS)
    if hits:
        return result(
            "lawful_basis",
            "present",
            "A lawful basis for processing is stated.",
            evidence(hits[0], _LAWFUL_BASIS),
        )
    consent = find(doc, _CONSENT)
    if consent:
        return result(
            "lawful_basis",
            "vague",
            "Only consent is mentioned; no lawful basis (GDPR Art. 6) is given for each purpose.",
            evidence(consent[0], _CONSENT),
        )
    return result(
        "lawful_basis", "missing", "No lawful basis for processing (GDPR Art. 6) is stated."
    )


_RIGHTS = {
    "access": rx(r"\bright (?:of|to) access\b|\baccess (?:to )?(?:the |your )?personal data\b"),
    "rectification": rx(r"\brectif\w*"),
    "erasure": rx(r"\beras\w*|\bto be forgotten\b"),
    "restriction": rx(r"\brestrict\w*"),
    "objection": rx(r"\bobject\b"),
    "portability": rx(r"\bportab\w*"),
    "complaint": rx(r"\bcomplaint\b|\bsupervisory authority\b"),
}


def _data_subject_rights(doc: Document) -> ClauseResult:
    text = doc.text
    found = [name for name, rx in _RIGHTS.items() if rx.search(text)]
    lacking = [name for name in _RIGHTS if name not in found]
    if not found:
        return result("data_subject_rights", "missing", "No data-subject rights are listed.")
    hit = first(list(sentences(doc)), _RIGHTS[found[0]])
    status: Status = "present" if len(found) >= 5 else "vague"
    note = f"Rights listed: {', '.join(found)}."
    if lacking:
        note += f" Not mentioned: {', '.join(lacking)}."
    return result("data_subject_rights", status, note, evidence(hit, _RIGHTS[found[0]]))


_RETENTION = rx(
    r"\b(?:retain\w*|retention|keep|kept|stored?|delete[sd]?)\b.{0,60}\b(?:data|information)\b"
    r"|\b(?:data|information)\b.{0,60}\b(?:retained|kept|deleted)\b"
)
_RETENTION_VAGUE = rx(
    r"\bas long as (?:is )?(?:necessary|needed|required)\b|\bbusiness purposes\b"
    r"|\bno longer than necessary\b"
)
_PERIOD_RX = rx(PERIOD)


def _retention(doc: Document) -> ClauseResult:
    hits = [h for h in find(doc, _RETENTION) if not rx(r"\bcookies?\b").search(h[0])]
    concrete = first(hits, _PERIOD_RX)
    vague = first(hits, _RETENTION_VAGUE)
    if concrete is not None and vague is None:
        return result(
            "retention",
            "present",
            "A concrete retention period.",
            evidence(concrete, _PERIOD_RX),
        )
    if vague is not None or hits:
        return result(
            "retention",
            "vague",
            "No concrete retention period for personal data.",
            evidence(vague or hits[0], _RETENTION_VAGUE),
        )
    return result("retention", "missing", "No retention period for personal data.")


_TRANSFER = rx(
    r"\btransfer\w*\b.{0,80}\b(?:outside|countr\w*|international\w*|abroad)\b"
    r"|\boutside (?:the )?(?:EEA|EU|European|UK)\b|\bthird countr\w*|\binternational transfers?\b"
    r"|\b(?:various|other) countries\b|\baround the world\b|\bworldwide\b|\bUnited States\b"
)
_SAFEGUARD = rx(
    r"\bstandard contractual clauses\b|\bSCCs?\b|\badequacy\b|\bbinding corporate rules\b"
    r"|\bdata privacy framework\b|\bappropriate safeguards\b"
)


def _international_transfers(doc: Document) -> ClauseResult:
    safeguard = find(doc, _SAFEGUARD)
    if safeguard:
        return result(
            "international_transfers",
            "present",
            "Transfers rely on a named safeguard.",
            evidence(safeguard[0], _SAFEGUARD),
        )
    hits = find(doc, _TRANSFER)
    if hits:
        return result(
            "international_transfers",
            "vague",
            "Data may leave the EEA but no safeguard (adequacy decision, standard contractual "
            "clauses) is named.",
            evidence(hits[0], _TRANSFER),
        )
    return result(
        "international_transfers", "missing", "International transfers are not addressed."
    )


_DPO = rx(r"\bdata protection officer\b|\bDPO\b")
_EMAIL = rx(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_CONTACT = rx(r"\bcontact\b")


def _dpo_contact(doc: Document) -> ClauseResult:
    dpo = find(doc, _DPO)
    if dpo:
        with_email = first(dpo, _EMAIL)
        if with_email is not None or _EMAIL.search(doc.text):
            return result(
                "dpo_contact",
                "present",
                "A DPO is named with a contact address.",
                evidence(with_email or dpo[0], _DPO),
            )
        return result(
            "dpo_contact",
            "vague",
            "A DPO is mentioned but without contact details.",
            evidence(dpo[0], _DPO),
        )
    email = find(doc, _EMAIL)
    if email:
        return result(
            "dpo_contact",
            "vague",
            "A contact address is given but no Data Protection Officer.",
            evidence(email[0], _EMAIL),
        )
    contact = find(doc, _CONTACT)
    return result(
        "dpo_contact",
        "missing",
        "No Data Protection Officer and no privacy contact address (email or postal).",
        evidence(contact[-1] if contact else None, _CONTACT),
    )


_BREACH = rx(r"\b(?:personal )?data breach\w*|\bsecurity (?:incident|breach)\w*")
_BREACH_TIMING = rx(
    r"\b72 hours\b|\bwithin\s+(?:\d+|seventy-two)\s+hours\b|\bwithout undue delay\b"
)


def _breach_notice(doc: Document) -> ClauseResult:
    hits = find(doc, _BREACH)
    timed = first(hits, _BREACH_TIMING)
    if timed is not None:
        return result(
            "breach_notice",
            "present",
            "Breach notification with a deadline.",
            evidence(timed, _BREACH_TIMING),
        )
    if hits:
        return result(
            "breach_notice",
            "vague",
            "Data breaches are mentioned without a notification deadline.",
            evidence(hits[0], _BREACH),
        )
    return result("breach_notice", "missing", "No data-breach notification commitment.")


PRIVACY: dict[str, Callable[[Document], ClauseResult]] = {
    "lawful_basis": _lawful_basis,
    "data_subject_rights": _data_subject_rights,
    "retention": _retention,
    "international_transfers": _international_transfers,
    "dpo_contact": _dpo_contact,
    "breach_notice": _breach_notice,
}
