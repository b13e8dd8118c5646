"""The review's checklists, read from the TOML files in `checklists/`: what each clause is
(`items.toml`), which kinds of document need it and how serious its absence is (one file a
kind), and the severity rubric.

The rubric, the same for every model: a MISSING clause gets the severity its kind's file
gives it; a VAGUE or RISKY clause is a WARNING. The model judges what the text says; it
never picks a severity.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Literal

from thinkact.apps.legal.values import VALUE_NAMES

Severity = Literal["CRITICAL", "WARNING", "INFO"]
Verdict = Literal["present", "vague", "risky", "missing", "not_applicable"]
SEVERITIES: tuple[Severity, ...] = ("CRITICAL", "WARNING", "INFO")
VERDICTS: tuple[Verdict, ...] = ("present", "vague", "risky", "missing", "not_applicable")
KIND_IDS = (
    "services",
    "saas",
    "nda",
    "employment",
    "licence",
    "dpa",
    "terms",
    "privacy",
    "general",
)


class ChecklistError(ValueError):
    """A checklist file that does not say what it must."""


@dataclass(frozen=True, slots=True)
class Fact:
    """Something about a whole document that decides whether an item applies ("paid")."""

    id: str
    question: str  # asked of models that read
    element: str  # copied by small models: the fact holds if they can ("": see `by_words`)
    headings: tuple[str, ...]
    words: tuple[str, ...]
    not_words: tuple[str, ...] = ()
    # Values that settle it without asking, in a sentence with its words ("billed monthly",
    # "$5.99"): a small model asked to copy what users pay often paraphrases instead.
    stated_by: tuple[str, ...] = ()
    # Values that settle it wherever they stand ("$65 per month" in a list of memberships).
    stated_anywhere: tuple[str, ...] = ()

    @property
    def by_words(self) -> bool:
        """The fact holds when the document has its words, on every model (no question)."""
        return not self.element


@dataclass(frozen=True, slots=True)
class Item:
    """One clause a reviewer looks for."""

    id: str
    label: str
    what: str
    headings: tuple[str, ...]
    words: tuple[str, ...]
    not_words: tuple[str, ...] = ()
    concrete: str = ""  # the element a clear clause states; none stated -> vague
    vague: str = ""
    concrete_match: tuple[str, ...] = ()  # words or values that state `concrete`
    # Words that frame the element without stating it ("not exceed"): they make a sentence
    # clear when nothing in it leaves the element open, but do not outweigh open wording.
    frame_match: tuple[str, ...] = ()
    vague_match: tuple[str, ...] = ()  # wording that leaves `concrete` open
    safe: str = ""  # what keeps the clause fair; its absence -> risky
    safe_match: tuple[str, ...] = ()  # a copied `safe` must hold one of these
    max_months: int | None = None  # a copied `safe` must state a period this short
    safe_from_text: bool = True  # a sentence with `safe_match` wording settles it
    # Any one safeguard stated keeps it fair: another one denied does not outweigh it (a
    # definition limited to a project's information, "whether or not marked").
    safe_any: bool = False
    risky_match: tuple[str, ...] = ()  # wording that makes the clause risky on its face
    safe_elsewhere: tuple[str, ...] = ()  # wording anywhere in the document that keeps it fair
    risk: str = ""
    fix_missing: str = ""
    fix_vague: str = ""
    fix_risky: str = ""

    def fix(self, verdict: Verdict) -> str:
        return {"missing": self.fix_missing, "vague": self.fix_vague, "risky": self.fix_risky}.get(
            verdict, ""
        )


@dataclass(frozen=True, slots=True)
class Need:
    """An item as one kind needs it: severity when missing (None: absence is fine) and
    the fact it depends on, if any."""

    item: Item
    missing: Severity | None
    applies_if: Fact | None = None
    risk_checked: bool = True  # False: the item's risky wording is the norm in this kind
    risk_asked: bool = True  # False: only what the text states or denies makes it risky
    risk_if: Fact | None = None  # the norm unless this fact holds (checked when it does)


@dataclass(frozen=True, slots=True)
class Kind:
    id: str
    name: str
    titles: tuple[str, ...]
    cues: tuple[str, ...]
    needs: tuple[Need, ...]
    headline: tuple[str, ...] = ()  # title words that count only in the title line
    about: str = ""  # what the document is, for a model asked which kind it is
    # another kind's generic titles this kind takes over when its text uses `narrowed_by`
    # throughout (a "Service Agreement" for a subscription is SaaS)
    narrows: tuple[str, ...] = ()
    narrowed_by: str = ""
    # title words this kind never has where its own words are missing: a model's answer of
    # this kind for such a title does not count (one side's notice is no "Agreement")
    never_titled: tuple[str, ...] = ()

    @property
    def item_ids(self) -> frozenset[str]:
        return frozenset(n.item.id for n in self.needs)


def severity(need: Need, verdict: Verdict) -> Severity | None:
    """The rubric: what a verdict on an item costs, or None when it is no finding."""
    if verdict in ("vague", "risky"):
        return "WARNING"
    if verdict == "missing":
        return need.missing
    return None


def _strings(raw: dict[str, object], key: str, where: str) -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ChecklistError(f"{where}: {key} must be a list of strings")
    return tuple(v.lower() for v in value)


def _text(raw: dict[str, object], key: str, where: str, *, required: bool = False) -> str:
    value = raw.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise ChecklistError(f"{where}: {key} must be {'a non-empty' if required else 'a'} string")
    return value.strip()


def _load(name: str) -> dict[str, object]:
    text = resources.files("thinkact.apps.legal").joinpath("checklists", name).read_text("utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ChecklistError(f"checklists/{name}: {e}") from None


def _items() -> tuple[dict[str, Item], dict[str, Fact]]:
    raw = _load("items.toml")
    items: dict[str, Item] = {}
    facts: dict[str, Fact] = {}
    for entry in raw.get("fact", []):  # type: ignore[attr-defined]
        where = f"items.toml fact {entry.get('id')!r}"
        fid = _text(entry, "id", where, required=True)
        facts[fid] = Fact(
            fid,
            _text(entry, "question", where, required=True),
            _text(entry, "element", where),
            _strings(entry, "headings", where),
            _strings(entry, "words", where),
            _strings(entry, "not_words", where),
            _strings(entry, "stated_by", where),
            _strings(entry, "stated_anywhere", where),
        )
    for entry in raw.get("item", []):  # type: ignore[attr-defined]
        where = f"items.toml item {entry.get('id')!r}"
        iid = _text(entry, "id", where, required=True)
        if iid in items:
            raise ChecklistError(f"{where}: defined twice")
        texts = {
            k: _text(entry, k, where)
            for k in ("concrete", "vague", "safe", "risk", "fix_missing", "fix_vague", "fix_risky")
        }
        if texts["concrete"] and not texts["vague"]:
            raise ChecklistError(f"{where}: concrete needs vague")
        if bool(texts["safe"]) != bool(texts["risk"]):
            raise ChecklistError(f"{where}: safe and risk go together")
        if (entry.get("risky_match") or entry.get("safe_elsewhere")) and not texts["safe"]:
            raise ChecklistError(f"{where}: risky_match and safe_elsewhere need safe and risk")
        concrete_match = _strings(entry, "concrete_match", where)
        vague_match = _strings(entry, "vague_match", where)
        frame_match = _strings(entry, "frame_match", where)
        if (concrete_match or frame_match) and not texts["concrete"]:
            raise ChecklistError(f"{where}: concrete_match and frame_match need concrete")
        # without `concrete`, only `vague_match` wording on its face makes the clause vague
        if bool(texts["vague"]) != bool(texts["concrete"] or vague_match):
            raise ChecklistError(f"{where}: vague needs concrete or vague_match")
        risky_match = _strings(entry, "risky_match", where)
        matched = (*concrete_match, *vague_match, *risky_match)
        bad = [p for p in matched if p.startswith("{") and p not in VALUE_NAMES]
        if bad:
            raise ChecklistError(f"{where}: unknown value {bad[0]}: use {', '.join(VALUE_NAMES)}")
        from_text = entry.get("safe_from_text", True)
        if not isinstance(from_text, bool):
            raise ChecklistError(f"{where}: safe_from_text must be true or false")
        safe_any = entry.get("safe_any", False)
        if not isinstance(safe_any, bool):
            raise ChecklistError(f"{where}: safe_any must be true or false")
        months = entry.get("max_months")
        if months is not None and (not isinstance(months, int) or months < 1):
            raise ChecklistError(f"{where}: max_months must be a whole number of months")
        items[iid] = Item(
            iid,
            _text(entry, "label", where, required=True),
            _text(entry, "what", where, required=True),
            _strings(entry, "headings", where),
            _strings(entry, "words", where),
            _strings(entry, "not_words", where),
            safe_match=_strings(entry, "safe_match", where),
            concrete_match=concrete_match,
            frame_match=frame_match,
            vague_match=vague_match,
            max_months=months,
            safe_from_text=from_text,
            safe_any=safe_any,
            risky_match=risky_match,
            safe_elsewhere=_strings(entry, "safe_elsewhere", where),
            **texts,
        )
    return items, facts


@cache
def kinds() -> dict[str, Kind]:
    """Every kind of document, by id, in the order of KIND_IDS (general last)."""
    items, facts = _items()
    out: dict[str, Kind] = {}
    for kid in KIND_IDS:
        raw = _load(f"{kid}.toml")
        where = f"{kid}.toml"
        if raw.get("id") != kid:
            raise ChecklistError(f"{where}: id must be {kid!r}")
        severities = raw.get("items")
        conditions = raw.get("applies_if", {})
        if not isinstance(severities, dict) or not severities or not isinstance(conditions, dict):
            raise ChecklistError(f"{where}: [items] must name the kind's items")
        needs = []
        for iid, sev in severities.items():
            if iid not in items:
                raise ChecklistError(f"{where}: unknown item {iid!r}")
            if sev not in (*SEVERITIES, "none"):
                raise ChecklistError(
                    f"{where}: {iid} = {sev!r}: use CRITICAL, WARNING, INFO or none"
                )
            fact = conditions.get(iid)
            if fact is not None and fact not in facts:
                raise ChecklistError(f"{where}: {iid} depends on unknown fact {fact!r}")
            needs.append(Need(items[iid], None if sev == "none" else sev, facts.get(fact or "")))
        no_risk = raw.get("no_risk", {})
        quiet = no_risk.get("items", []) if isinstance(no_risk, dict) else None
        if not isinstance(quiet, list) or set(quiet) - set(severities):
            raise ChecklistError(f"{where}: [no_risk] items must be items of this kind")
        text_only = raw.get("risk_from_text", {})
        plain = text_only.get("items", []) if isinstance(text_only, dict) else None
        if not isinstance(plain, list) or set(plain) - set(severities):
            raise ChecklistError(f"{where}: [risk_from_text] items must be items of this kind")
        risky_if = raw.get("risk_if", {})
        if not isinstance(risky_if, dict) or set(risky_if) - set(severities):
            raise ChecklistError(f"{where}: [risk_if] items must be items of this kind")
        if bad := [f for f in risky_if.values() if f not in facts]:
            raise ChecklistError(f"{where}: [risk_if] names unknown facts {bad}")
        needs = [
            replace(
                n,
                risk_checked=n.item.id not in quiet and n.item.id not in risky_if,
                risk_asked=n.item.id not in plain,
                risk_if=facts[risky_if[n.item.id]] if n.item.id in risky_if else None,
            )
            for n in needs
        ]
        unknown = set(conditions) - set(severities)
        if unknown:
            raise ChecklistError(f"{where}: applies_if names items not in [items]: {unknown}")
        out[kid] = Kind(
            kid,
            _text(raw, "name", where, required=True),
            _strings(raw, "titles", where),
            _strings(raw, "cues", where),
            tuple(needs),
            _strings(raw, "headline", where),
            _text(raw, "about", where, required=True),
            _strings(raw, "narrows", where),
            _text(raw, "narrowed_by", where).lower(),
            _strings(raw, "never_titled", where),
        )
    return out


@cache
def all_items() -> tuple[Item, ...]:
    """Every item of the checklists."""
    return tuple(_items()[0].values())


def kind(kid: str) -> Kind:
    try:
        return kinds()[kid]
    except KeyError:
        raise ChecklistError(f"unknown kind {kid!r}: one of {', '.join(KIND_IDS)}") from None
