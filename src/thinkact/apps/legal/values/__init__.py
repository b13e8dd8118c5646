"""What a sentence states beyond fixed words: values by family (how long and when in
`durations`, money in `money`, what is left to judgement or later agreement in `judgement`,
who holds what and the ways out in `rights`), a named place ("{place}"), and the wording read
from the whole sentence, risky (`risky_wording`: "{own_fault}", "{long_renewal}", ...) or open
(`open_wording`: "{assigned_work}", ...). Checklist items name them in their `*_match` lists
(checklists/items.toml); `states` reads a sentence for them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from thinkact.apps.legal import open_wording, risky_wording
from thinkact.apps.legal.evidence import lowered, normalise, not_pattern, phrase
from thinkact.apps.legal.values.durations import DURATIONS
from thinkact.apps.legal.values.judgement import JUDGEMENT
from thinkact.apps.legal.values.money import MONEY
from thinkact.apps.legal.values.rights import RIGHTS

VALUES = {  # what a clause states, beyond fixed words
    **DURATIONS,
    **MONEY,
    **JUDGEMENT,
    **RIGHTS,
}
# What a sentence denies: the span after a negation, up to a condition or the clause's end
# ("without any notice"), or a list denied as a whole.
NEGATED = re.compile(
    # a list denied as a whole ("No period of notice, payment in lieu or other compensation
    # is due")
    r"\bno\b[^.;:()]{0,120}?\b(?:is|are|will\s+be|shall\s+be|becomes?)\s+(?:due|payable|owed"
    r"|paid|refunded|repaid|returned|refundable|repayable|returnable)\b"
    # or a list of claims denied as a whole ("has no claim to compensation, to a refund of
    # fees paid, or to any sell-off period"), up to a word that turns it
    r"|\bno\s+(?:claims?|rights?|entitlements?)\s+(?:to|for)\b"
    r"(?:(?!\b(?:but|except|unless|save|provided|however|if)\b)[^.;:()])*"
    r"|\b(?:whether or not|without|not|no|never|nor|cannot|can't|won't)\b"
    r"(?!\s+(?:later|less|fewer|more|sooner|earlier)\s+than|\s+only)"
    r"(?:(?!\b(?:if|unless|until|once|provided|except|so long as|as long as|takes? effect"
    r"|becomes? effective|applies|will|shall)\b)[^.;:,()])*",
    re.IGNORECASE,
)

# "{one_sided_exit}", "{work_kept}", "{sells_the_work}" and "{takes_supplied}" are read with
# their clause and paragraph, "{cap_below_fees}" with the fees the document states
# (`in_context`, `exits`).
IN_CONTEXT = (
    "{one_sided_exit}", "{work_kept}", "{sells_the_work}", "{cap_below_fees}", "{takes_supplied}"
)  # fmt: skip
VALUE_NAMES = (
    *VALUES,
    "{place}",
    *risky_wording.READINGS,
    *open_wording.READINGS,
    *IN_CONTEXT,
)
_NAME = r"([A-Z][^\W\d_]+)"  # a capitalised word, accents and all ("Québec")
_MORE = r"(?: [A-Z][^\W\d_]+){0,2}"  # and the rest of its name ("New South Wales")
_PLACE = re.compile(
    # "the laws of the Commonwealth of The Bahamas", "the legislation of the Republic of
    # Armenia", "the civil law applicable in Navarre"
    r"\b(?i:laws?|legislation) (?i:(?:in force|applicable|prevailing) )?(?i:of|in) (?i:the )?"
    r"(?i:(?:state|commonwealth|province|canton|republic|kingdom|federal republic) of (?:the )?)?"
    rf"{_NAME}"
    rf"|\b{_NAME}(?:'s)? (?i:laws? (?:applies|apply|governs?|shall|will|is|are))\b"
    rf"|\b(?i:governed by|subject to|construed under|in accordance with) (?i:the )?"
    rf"(?i:(?:substantive|material|domestic|national|internal) )?{_NAME}{_MORE} "
    r"(?i:(?:substantive|material|domestic|national|internal) )?(?i:laws?)\b"
)
# Words that stand where a place would ("the laws of the State", "Applicable law applies")
# without naming one.
_NO_PLACE = frozenset({
    "agreement", "any", "applicable", "buyer", "client", "company", "consumer", "country",
    "customer", "employee", "employer", "federal", "foreign", "governing", "its", "jurisdiction",
    "licensee", "licensor", "local", "mandatory", "member", "national", "other", "our", "parties",
    "party", "place", "provider", "relevant", "same", "seller", "state", "such", "supplier",
    "that", "the", "their", "this", "vendor", "which", "your",
})  # fmt: skip


# What one sentence says that no single pattern can hold.
_READ: dict[str, Callable[[str], bool]] = {**risky_wording.READINGS, **open_wording.READINGS}


# A deadline given outright as open ("within the period usual in the Processor's archiving
# cycle", "within a reasonable time after termination", "after the end ... in due course"):
# the event it follows is no deadline.
_OPEN_DEADLINE = re.compile(
    r"(?<![a-z])(?:within\s+(?:[a-z]+\s+){0,2}?(?:"
    + VALUES["{open_time}"].pattern
    + r")|in\s+due\s+course|in\s+a\s+timely\s+(?:manner|fashion))"
)


def open_deadline(text: str) -> bool:
    """Whether the text gives a deadline as open, and states no period beside it."""
    low = normalise(text).lower()
    return bool(_OPEN_DEADLINE.search(low)) and not VALUES["{period}"].search(low)


def without(text: str, patterns: Sequence[str], not_words: Sequence[str] = ()) -> str:
    """The text with what `patterns` match blanked out (values read from the whole sentence
    stay): "at such time after the end of the services as the team considers practicable"
    keeps no "after the end" once its open wording is taken out. Its case is kept, so a
    place it names still reads ("the laws of the State of Texas and the federal laws of the
    United States")."""
    out = normalise(text)
    for nw in not_words:
        out = _blanked(not_pattern(nw), out)
    for p in patterns:
        if p in VALUES:
            out = _blanked(VALUES[p], out)
        elif not p.startswith("{"):
            out = _blanked(phrase(p), out)
    return out


def _blanked(pattern: re.Pattern[str], text: str) -> str:
    """`text` with what `pattern` matches in its lower case blanked out, its case kept."""
    low = text.lower()
    if len(low) != len(text):  # a letter whose lower case is longer: keep it simple
        return pattern.sub(" ", low)
    parts, at = [], 0
    for m in pattern.finditer(low):
        parts += [text[at : m.start()], " "]
        at = m.end()
    return "".join(parts) + text[at:]


def states(text: str, patterns: Sequence[str], not_words: Sequence[str] = ()) -> bool:
    """Whether `text` states what one of `patterns` names: a phrase (matched at a word
    start), a period ("{period}": "thirty (30) days", "12-month"), a sum of money
    ("{amount}"), a named place whose law applies ("{place}"), an indemnity
    that reaches the protected party's own fault ("{own_fault}"), or one party's liability
    left unlimited for everything ("{one_side_unlimited}")."""
    low = lowered(text, not_words)
    for p in patterns:
        if p == "{place}":
            named = normalise(text)
            for nw in not_words:  # "organized under the laws of Delaware" names no choice
                named = _blanked(not_pattern(nw), named)
            places = (next(filter(None, m.groups())) for m in _PLACE.finditer(named))
            if any(name.lower() not in _NO_PLACE for name in places):
                return True
        elif p in _READ:
            if _READ[p](text):
                return True
        elif p in IN_CONTEXT:
            continue  # read with its clause, paragraph or document (`in_context`)
        elif (VALUES[p] if p in VALUES else phrase(p)).search(low):
            return True
    return False
