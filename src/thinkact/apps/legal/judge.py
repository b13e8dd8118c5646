"""The model's part of a review: a verdict on one checklist item from the sentences that may
hold it.

Two judges behind one protocol:
- `StepwiseJudge`, for small local models: what the text itself shows decides first
  (`reading`); otherwise the words that hold a clause and its key element ("the deadline
  for payment") are copied out of the likeliest sentences, and a copy must be in the text;
  the item's text comes first in each prompt, so its questions share a cached prefix. The
  quote is a sentence of the document.
- `VerdictJudge`, for API models: one JSON verdict `{status, quote, reason}` per item; a
  quote that is not in the document is asked for again once, then the verdict is dropped.
Either way the severity comes from the rubric (`checklist.severity`), never the model.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from thinkact.apps.legal.checklist import Fact, Item, Need, Verdict
from thinkact.apps.legal.documents import Document
from thinkact.apps.legal.evidence import (
    Candidate,
    Sentence,
    normalise,
    phrase,
    rank,
    shown_first,
    verify_quote,
)
from thinkact.apps.legal.exits import CLAUSE_NUMBER, payers
from thinkact.apps.legal.kinds import Detected, kind_answer, kind_question
from thinkact.apps.legal.periods import months_in
from thinkact.apps.legal.reading import (
    in_other_clause,
    own_section,
    risky_stated,
    safe_stated,
    stated,
)
from thinkact.apps.legal.values import states
from thinkact.formats import jsonish
from thinkact.models.base import Model
from thinkact.types import AssistantMessage, Message, ModelRequest, SystemMessage, UserMessage

SYSTEM = (
    "You are a careful legal reviewer. You read sentences from a document and answer "
    "exactly what is asked, from the text only."
)


@dataclass(frozen=True, slots=True)
class ItemVerdict:
    """What the review concluded on one item of one document."""

    item: str
    verdict: Verdict
    quote: str = ""
    location: str = ""
    reason: str = ""
    verified: bool = False  # the quote was found word for word in the document
    dropped: bool = False  # the model's quote could not be verified: no finding stands

    def to_dict(self) -> dict[str, object]:
        return {
            "item": self.item,
            "verdict": self.verdict,
            "quote": self.quote,
            "location": self.location,
            "reason": self.reason,
            "verified": self.verified,
            "dropped": self.dropped,
        }

    @classmethod
    def from_dict(cls, d: dict[str, object]) -> ItemVerdict:
        verdict = str(d.get("verdict"))
        if verdict not in ("present", "vague", "risky", "missing", "not_applicable"):
            raise ValueError(f"not a verdict: {verdict!r}")
        return cls(
            str(d["item"]),
            verdict,  # type: ignore[arg-type]
            str(d.get("quote", "")),
            str(d.get("location", "")),
            str(d.get("reason", "")),
            bool(d.get("verified", False)),
            bool(d.get("dropped", False)),
        )


@dataclass(frozen=True, slots=True)
class Subject:
    """The document under review, as the judges see it."""

    document: Document
    sentences: tuple[Sentence, ...]
    kind_name: str
    # the ids of the items its kind needs: a sentence under a shared heading is claimed
    # only by one of them (empty: any item)
    items: frozenset[str] = frozenset()
    # who pays under it ("the Estate shall pay the Charges"): read once, for every item
    paying: frozenset[str] = field(init=False, default=frozenset())

    def __post_init__(self) -> None:
        object.__setattr__(self, "paying", payers(self.document.text))

    @property
    def heading(self) -> str:
        title = self.document.title or self.document.name
        return f"Document: {title} ({self.kind_name})."


class Judge(Protocol):
    def kind(self, document: Document) -> Detected | None:
        """The kind a document is, asked only when its words name none (None: general)."""
        ...

    def fact(self, subject: Subject, fact: Fact) -> bool:
        """Whether a fact about the whole document holds (e.g. users pay)."""
        ...

    def item(self, subject: Subject, need: Need, searched: Sequence[Candidate]) -> ItemVerdict:
        """The verdict on one item; `searched` are its likeliest sentences, best first
        (the model is shown the first `SHOWN`)."""
        ...


def ask_kind(model: Model, document: Document) -> Detected | None:
    """One question, one letter for the answer: the same for both judges."""
    request = ModelRequest(
        messages=(
            SystemMessage("You classify legal documents."),
            UserMessage(kind_question(document)),
        ),
        max_tokens=3,
    )
    return kind_answer(model.complete(request).text, document.title)


def stated_fact(subject: Subject, found: Sequence[Candidate], fact: Fact) -> bool:
    """Whether the text settles that the fact holds: a sentence with its words states one of
    its values, or any sentence states one that settles it wherever it stands."""
    return any(
        c.hits and states(c.sentence.text, fact.stated_by, fact.not_words) for c in found
    ) or any(states(s.text, fact.stated_anywhere) for s in subject.sentences)


def _opens(c: Candidate, item: Item) -> bool:
    """A sentence that opens with a word that is itself the element ("We own the footage"):
    the clause, not a passing mention."""
    if c.hits != 1:
        return False
    text = CLAUSE_NUMBER.sub("", c.sentence.text, count=1).lower()
    return any(text.startswith(w + " ") and w in item.concrete_match for w in item.words)


def _aside_only(searched: Sequence[Candidate], item: Item) -> bool:
    """Whether the whole document says the item once, inside another item's clause (the
    caller has seen that it is only a passing mention): "afterwards for the periods our
    legal obligations require" under "How long we keep your data". An item a kind cannot do
    without has a clause of its own where it is there at all; one stray word elsewhere is
    about that other clause. (A lesser item is often one sentence under a neighbour's
    heading: a warranty under "Liability".)"""
    return len(searched) == 1 and in_other_clause(searched[0], item)


def missing(need: Need, searched: bool = True) -> ItemVerdict:
    how = "No sentence in the document" if searched else "None of the likeliest sentences"
    return ItemVerdict(need.item.id, "missing", reason=f"{how} {need.item.what}.")


def numbered(candidates: Sequence[Candidate]) -> str:
    lines = []
    for i, c in enumerate(candidates, 1):
        section = c.sentence.passage.section
        where = f"({section}) " if section else ""
        lines.append(f"[{i}] {where}{c.shown}")
    return "\n".join(lines)


NONE = "NONE"
SHOWN = 5  # candidate sentences shown to the model for an item


def text_verdict(
    subject: Subject,
    need: Need,
    searched: Sequence[Candidate],
    shown: str,
    element: Candidate | None,
) -> ItemVerdict | None:
    """The verdict the text itself gives, the same on every model, or None for the model to
    read: an element left open (vague), wording risky on its face, a clause with a key
    element found only in passing mentions in the whole document, none of which states it
    (missing: "shall notify" in another clause is no breach notice), or an item the kind
    cannot do without said once, in passing, inside another item's clause (missing: see
    `_aside_only`). Items without a key element keep a one-word mention: plain-English
    clauses under headings of their own ("We may change these terms", "you must not: ...")
    are often only that."""
    item = need.item
    if shown == "vague" and element is not None:
        return _from_text(subject, item.id, "vague", element, item.vague)
    if item.safe:  # (no safeguard: nothing to read as risky)
        # Where the clause's usual form is the norm (a user's indemnity in terms of
        # service), only wording beyond it ("whether or not you were at fault") is risky.
        risky = risky_stated(
            shown_first(searched, SHOWN),
            item,
            searched,
            need.risk_checked,
            subject.paying,
            subject.sentences,
            subject.items,
        )
        if risky is not None:
            return _from_text(subject, item.id, "risky", risky, item.risk)
    plain = any(c.plain or _opens(c, item) for c in searched)
    if need.missing == "CRITICAL" and not plain and _aside_only(searched, item):
        return missing(need)
    if item.concrete and shown != "present" and not plain:
        return missing(need)  # (a value beside the item's word is a clause: "pay ... monthly")
    if item.concrete and shown != "present" and not any(c.hits for c in searched):
        return missing(need)  # a heading alone ("Resolution of Disputes") is not the clause
    return None


class StepwiseJudge:
    """Small models copy words out of a text far more reliably than they judge it (the
    embedded model answered "yes" to every yes/no question about a clause, and copied the
    right element or NONE in every case, on sentences written for the purpose). So each
    question asks for words to copy, and a copy that is not in the document counts as
    none: a made-up element cannot make a clause look complete."""

    def __init__(self, model: Model, *, explain: bool = True) -> None:
        self.model = model
        self.explain = explain  # ask for a one-sentence reason for each finding

    def kind(self, document: Document) -> Detected | None:
        return ask_kind(self.model, document)

    def fact(self, subject: Subject, fact: Fact) -> bool:
        found = rank(subject.sentences, fact.headings, fact.words, fact.not_words, limit=5)
        if stated_fact(subject, found, fact):
            return True
        if not found or fact.by_words:
            return bool(found)
        text = " ".join(c.shown for c in found)
        return self._copy(subject, text, fact.element) is not None

    def _copy(self, subject: Subject, text: str, what: str) -> str | None:
        """The words of the document the model copies for `what`, or None. A copy that is
        not in the text (small models copy the question's example, or paraphrase) is
        asked for once more."""
        messages: list[Message] = [
            SystemMessage(SYSTEM),
            UserMessage(
                f"{subject.heading}\nText:\n{text}\n\nCopy from the text {what}: write "
                f"only words of the text. If the text does not state it, write {NONE}."
            ),
        ]
        for _attempt in range(2):
            request = ModelRequest(messages=tuple(messages), max_tokens=40, stop=("\n",))
            copied = self.model.complete(request).text.strip()
            words = copied.strip('"').strip()
            if not words or re.search(rf"\b{NONE}\b", words):
                return None
            if _in_text(words, text):
                return words
            messages += [AssistantMessage(copied), UserMessage(_NOT_IN_TEXT)]
        return None

    def item(self, subject: Subject, need: Need, searched: Sequence[Candidate]) -> ItemVerdict:
        item = need.item
        if not searched:
            return missing(need)
        candidates = shown_first(searched, SHOWN)
        text = " ".join(c.shown for c in candidates)
        best = max(candidates, key=lambda c: (c.hits > 0, c.score))  # own words first
        verdict: Verdict = "present"
        note = ""
        # What the text shows decides first; the model copies the key element only when
        # it shows neither a clear nor an open-ended statement of it.
        shown, quote = stated(candidates, item, searched, subject.items)
        settled = text_verdict(subject, need, searched, shown, quote)
        if settled is not None:
            if settled.verdict == "missing" or not self.explain:
                return settled
            text_reason = self._reason(subject, text, settled.reason)
            return replace(settled, reason=text_reason or settled.reason)
        if quote is None and item.concrete:
            element = self._copy(subject, text, item.concrete)
            quote = _holding(candidates, element) if element else None
        if quote is None:
            if best.hits:  # the clause's own words: present (a 1.5B model's "NONE" is not
                quote = best  # to be trusted against them); only a heading alone is asked
            elif not item.concrete and own_section(candidates, item, subject.items):
                quote = best
            else:
                copied = self._copy(subject, text, f"the words that {item.what}")
                if copied is None:
                    return missing(need)
                quote = _holding(candidates, copied) or best
            if item.concrete:
                verdict, note = "vague", item.vague
        # A clause is judged risky only where it is plainly there: two of its words, or its
        # heading and one ("each renewal of the insurance policies" is no renewal clause);
        # a restriction judged by how long it lasts, under its own heading alone.
        plain = max(c.score for c in candidates) >= (1.5 if item.max_months else 2)
        if verdict == "present" and need.risk_checked and item.safe and plain:
            # a restriction's length may stand anywhere in its clause ("The Restricted
            # Period is ... the twelve (12) months after ..."), beyond the likeliest sentences,
            # and so may any one safeguard that is enough (a definition's marking rule after
            # its list of examples)
            clause_too = [c for c in searched if c.score > c.hits and c not in candidates]
            read, denial = safe_stated(
                [*candidates, *clause_too] if item.max_months or item.safe_any else candidates,
                item,
                quote if shown == "present" else None,
            )
            # What keeps it fair elsewhere outweighs a safeguard denied in the clause (the
            # usual exclusions limit a definition "whether or not marked").
            elsewhere = _said_anywhere(subject, item.safe_elsewhere)
            read = read or elsewhere
            # Else only models that read; and not where only the text may make it risky.
            copyable = bool(item.safe_match or item.max_months) and need.risk_asked
            if denial is not None and not elsewhere:
                verdict, note, quote = "risky", item.risk, denial
            elif not read and copyable and not _safe(self._copy(subject, text, item.safe), item):
                verdict, note = "risky", item.risk
        check = verify_quote(subject.document, quote.shown)
        reason = note
        if verdict != "present" and self.explain:
            reason = self._reason(subject, text, note) or note
        return ItemVerdict(
            item.id, verdict, quote.shown, quote.sentence.location, reason, check.verified
        )

    def _reason(self, subject: Subject, text: str, note: str) -> str:
        request = ModelRequest(
            messages=(
                SystemMessage(SYSTEM),
                UserMessage(
                    f"{subject.heading}\nText:\n{text}\n\nA reviewer found a problem: "
                    f"{note}. Say what is wrong with the text, in one short sentence."
                ),
            ),
            max_tokens=48,
            stop=("\n",),
        )
        said = self.model.complete(request).text.strip()
        return said if len(said) > 12 and said.endswith((".", "!", ")")) else ""


_TOKEN = re.compile(r"[a-z0-9]+")


def _tokens(text: str) -> list[str]:
    return [m.group() for m in _TOKEN.finditer(normalise(text).lower())]


_NOT_IN_TEXT = (
    f"Those words are not in the text. Copy the exact words of the text, or write {NONE}."
)


def _in_text(copied: str, text: str) -> bool:
    """Whether the copied words come from `text`: three in four of its words are words of
    the text, and so is every number. Small models copy "30 days" from "thirty (30) days"
    or wrap a copy in "The text states that ..."; a made-up element ("30 days" where the
    text has no 30) fails."""
    words = _tokens(copied)
    have = set(_tokens(text))
    found = [w in have for w in words]
    numbers_ok = all(ok for w, ok in zip(words, found, strict=True) if w.isdigit())
    return bool(words) and numbers_ok and sum(found) >= 0.75 * len(words)


def _safe(copied: str | None, item: Item) -> bool:
    """Whether a copied `safe` element keeps the clause fair by the item's own test."""
    if copied is None:
        return False
    # (read as the clause's own sentences are: its named readings too, "{while_employed}")
    if item.safe_match and not states(copied, item.safe_match):
        return False
    if item.max_months is not None:
        periods = months_in(copied)
        return bool(periods) and max(periods) <= item.max_months
    return True


def _said_anywhere(subject: Subject, wording: Sequence[str]) -> bool:
    """Whether two of `wording`'s phrases stand in the document (the usual exclusions,
    in their own clause, limit a definition of confidential information)."""
    if not wording:
        return False
    text = normalise(subject.document.text).lower()
    return sum(1 for p in wording if phrase(p).search(text)) >= 2


def _holding(candidates: Sequence[Candidate], copied: str | None) -> Candidate | None:
    """The candidate sentence that holds most of the copied words."""
    if not copied:
        return None
    words = set(_tokens(copied))
    scored = [(len(words & set(_tokens(c.shown))), c) for c in candidates]
    hits, best = max(scored, key=lambda x: x[0])
    return best if hits else None


VERDICT_SCHEMA = {
    "type": "object",
    "properties": {
        "status": {"enum": ["present", "vague", "risky", "missing"]},
        "quote": {"type": "string"},
        "reason": {"type": "string"},
    },
    "required": ["status", "quote", "reason"],
}


class VerdictJudge:
    """One JSON verdict an item, with a quote the document must contain word for word."""

    def __init__(self, model: Model) -> None:
        self.model = model

    def kind(self, document: Document) -> Detected | None:
        return ask_kind(self.model, document)

    def _json(self, messages: list[Message]) -> tuple[str, dict[str, object]]:
        reply = self.model.complete(
            ModelRequest(messages=tuple(messages), max_tokens=400, json_schema=VERDICT_SCHEMA)
        )
        try:
            value = jsonish.loads(jsonish.strip_fences(reply.text))
        except ValueError:
            value, _, _ = _find(reply.text)
        return reply.text, value if isinstance(value, dict) else {}

    def fact(self, subject: Subject, fact: Fact) -> bool:
        found = rank(subject.sentences, fact.headings, fact.words, fact.not_words, limit=6)
        if stated_fact(subject, found, fact):
            return True
        if not found or fact.by_words:
            return bool(found)
        messages: list[Message] = [
            SystemMessage(SYSTEM),
            UserMessage(
                f"{subject.heading}\nSentences from it:\n{numbered(found)}\n\n"
                f"Question: {fact.question} Answer yes or no, nothing else."
            ),
        ]
        reply = self.model.complete(ModelRequest(messages=tuple(messages), max_tokens=8))
        return reply.text.strip().lower().startswith("y")

    def item(self, subject: Subject, need: Need, searched: Sequence[Candidate]) -> ItemVerdict:
        item = need.item
        if not searched:
            return missing(need)
        candidates = shown_first(searched, SHOWN)
        # What the text itself shows is decided as the small-model judge decides it, so a
        # document gets the same findings on every model; the model reads the rest.
        shown, element = stated(candidates, item, searched, subject.items)
        settled = text_verdict(subject, need, searched, shown, element)
        if settled is not None:
            return settled
        rules = [f"- present: the text {item.what}."]
        if item.concrete:
            rules.append(f"- vague: it does, but does not state {item.concrete}")
        if item.safe and need.risk_checked:
            rules.append(f"- risky: it does, but has none of {item.safe}")
        rules.append(f"- missing: none of the sentences {item.what}.")
        messages: list[Message] = [
            SystemMessage(SYSTEM),
            UserMessage(
                f"{subject.heading}\nSentences from it that may hold the clause "
                f'"{item.label}":\n{numbered(candidates)}\n\nGive your verdict:\n'
                + "\n".join(rules)
                + '\nReply with JSON only: {"status": "present|vague|risky|missing", '
                '"quote": "the exact words of the sentence that decides it, copied '
                'character for character (empty if missing)", "reason": "one sentence"}'
            ),
        ]
        for attempt in range(2):
            raw, value = self._json(messages)
            status = str(value.get("status", "")).strip().lower()
            quote = str(value.get("quote", "")).strip()
            reason = str(value.get("reason", "")).strip()
            if status not in ("present", "vague", "risky", "missing"):
                messages += [AssistantMessage(raw), UserMessage(_AGAIN_STATUS)]
                continue
            if status == "missing":
                return ItemVerdict(item.id, "missing", reason=reason or missing(need).reason)
            check = verify_quote(subject.document, quote)
            if check.verified:
                return ItemVerdict(item.id, status, quote, check.location, reason, True)  # type: ignore[arg-type]
            if attempt == 0:
                messages += [AssistantMessage(raw), UserMessage(_AGAIN_QUOTE)]
        return ItemVerdict(item.id, "present", reason="no verified quote", dropped=True)


def _from_text(
    subject: Subject, item_id: str, verdict: Verdict, quote: Candidate, note: str
) -> ItemVerdict:
    check = verify_quote(subject.document, quote.shown)
    return ItemVerdict(item_id, verdict, quote.shown, quote.sentence.location, note, check.verified)


_AGAIN_STATUS = (
    'Reply with JSON only, with "status" one of present, vague, risky or missing, and '
    '"quote" and "reason".'
)
_AGAIN_QUOTE = (
    "That quote is not in the document word for word. Copy the exact words of one of the "
    "numbered sentences (without its number and heading) and reply with the JSON again."
)


def _find(text: str) -> tuple[object, int, int]:
    try:
        return jsonish.find_value(text, "{")
    except ValueError:
        return {}, 0, 0


def dumps(verdicts: Sequence[ItemVerdict]) -> str:
    return json.dumps([v.to_dict() for v in verdicts], ensure_ascii=True)
