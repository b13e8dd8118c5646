"""Finding the text that may hold a clause, and checking quotes against the document.

Every sentence of the document is scored for an item: its words (matched at word starts,
so "indemnif" finds "indemnification"), and the heading of its section ("Defense of
Claims" under an indemnity's headings). The best few go to the model, in document order.
Because every sentence is scored, an item with no candidate anywhere was searched for in
the whole document.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from thinkact.apps.legal.documents import Document, Passage

SENTENCE_CHARS = 360  # a longer sentence is shown (and quoted) around its best match
MIN_QUOTE = 12  # characters: a shorter quote proves nothing, so a shorter sentence is no evidence


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a document and where it stands."""

    index: int  # position in the document
    text: str
    passage: Passage

    @property
    def location(self) -> str:
        return self.passage.location


@dataclass(frozen=True, slots=True)
class Candidate:
    sentence: Sentence
    score: float
    hits: int  # the item's words in it (the rest of the score is its heading's)
    shown: str  # the text the model sees and a quote would cite (a substring of `text`)

    @property
    def plain(self) -> bool:
        """Plainly the clause: under the item's heading, or with two of its words. One word
        alone ("aggregate", "not exceed the estimated budget") is a passing mention."""
        return self.score > self.hits or self.hits >= 2


_QUOTES = str.maketrans(
    {"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "‚": "'", "`": "'",
     "–": "-", "—": "-", "‑": "-", "\u00a0": " ", "*": None}
)  # fmt: skip
_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """For comparing quotes: compatibility forms, one kind of quotation mark and dash, no
    Markdown emphasis, single spaces."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    return _SPACE.sub(" ", text).strip()


def sentences(doc: Document) -> tuple[Sentence, ...]:
    out: list[Sentence] = []
    for passage in doc.passages:
        for s in passage.sentences():
            out.append(Sentence(len(out), s, passage))
    return tuple(out)


@cache
def phrase(phrase: str) -> re.Pattern[str]:
    """A phrase matched at a word start (unless it starts with punctuation, like "@")."""
    start = r"(?<![a-z0-9])" if phrase[:1].isalnum() else ""
    return re.compile(start + re.escape(phrase))


@cache
def heading(entry: str) -> re.Pattern[str]:
    """A heading word matched whole (plurals too: "term" is not "terms of use"... but
    "fee" is "fees", "warranty" "Warranties"), or as a prefix when it ends with "*"
    ("indemnif*")."""
    if entry.endswith("*"):
        return phrase(entry[:-1])
    start = r"(?<![a-z0-9])" if entry[:1].isalnum() else ""
    if len(entry) > 4 and entry.endswith("y") and entry[-2] not in "aeiou":
        word = re.escape(entry[:-1]) + "(?:y|ies)"  # "indemnity", "Indemnities"
    else:
        word = re.escape(entry) + ("" if len(entry) <= 4 else "(?:s|es)?")
    return re.compile(start + word + r"(?![a-z0-9])")


def titled(title: str, headings: Sequence[str], not_words: Sequence[str] = ()) -> bool:
    """Whether a heading is one of `headings`."""
    low = _plain(title, not_words)  # "Product Liability" is no liability limit
    return bool(title) and any(heading(h).search(low) for h in headings)


def hits(text: str, words: Sequence[str], not_words: Sequence[str] = ()) -> int:
    """How many of an item's words a text has."""
    low = _plain(text, not_words)
    return sum(1 for w in words if phrase(w).search(low))


def _plain(text: str, not_words: Sequence[str]) -> str:
    low = normalise(text).lower()
    for phrase in not_words:
        low = low.replace(phrase, " ")
    return low


def rank(
    doc_sentences: Sequence[Sentence],
    headings: Sequence[str],
    words: Sequence[str],
    not_words: Sequence[str] = (),
    *,
    limit: int = 6,
) -> list[Candidate]:
    """The `limit` sentences most likely to hold a clause, best first; none when no
    sentence has its words or stands under its headings."""
    scored: list[tuple[float, int, Sentence]] = []
    heading_hit: dict[str, bool] = {}
    words = (*words, *defined_terms(doc_sentences, words, not_words))

    def under(title: str) -> bool:
        if title not in heading_hit:
            heading_hit[title] = titled(title, headings, not_words)
        return heading_hit[title]

    for s in doc_sentences:
        if len(s.text) < MIN_QUOTE:
            continue
        headed = under(s.passage.section) or under(run_in_label(s.passage.text))
        found = hits(s.text, words, not_words)
        score = found + (1.5 if headed else 0.0)
        if score > 0:
            scored.append((score, found, s))
    best = sorted(scored, key=lambda x: (-x[0], x[2].index))[:limit]
    return [Candidate(s, score, hits, _shown(s.text, words)) for score, hits, s in best]


# '"Restricted Business" means any business which competes': a defined term, and the
# first words of its definition.
_DEFINITION = re.compile(
    r"[\"\u201c]([A-Z][A-Za-z-]+(?: [A-Z][A-Za-z-]+){0,3})[\"\u201d],?\s+"
    r"(?:means|shall mean|includes|refers to)\s+((?:[^\s;.\"\u201c]+\s+){0,7}[^\s;.\"\u201c]*)"
)


def defined_terms(
    doc_sentences: Sequence[Sentence], words: Sequence[str], not_words: Sequence[str] = ()
) -> tuple[str, ...]:
    """Terms the document defines by the item's words ("Restricted Business" means any
    business which competes"): where the clause uses the term, it says the words."""
    terms = []
    for s in doc_sentences:
        for m in _DEFINITION.finditer(s.text):
            term = m.group(1).lower()
            if term not in terms and hits(m.group(2), words, not_words):
                terms.append(term)
    return tuple(terms)


_RUN_IN = re.compile(
    r"^(?:[*-]\s+)?(\d{1,2}(?:\.\d{1,2})*\.?\s+)?[*_]{0,2}([A-Z0-9][^.:;!?*_]{0,60}?)[*_]{0,2}[.:]"
    r"[*_]{0,2}(?:\s|$)"
)
_SMALL_WORDS = frozenset(
    ["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"]
)


@lru_cache(maxsize=4096)
def run_in_label(text: str) -> str:
    """The label a paragraph opens with, which heads it as a heading would ("Choice of Law."
    in "**Choice of Law.** California law applies..."): one to six words in title case, or
    after a clause number in sentence case ("3.5 Restriction on competing."), ending in a
    full stop or colon; "" when it opens with an ordinary sentence."""
    m = _RUN_IN.match(text)
    if not m:
        return ""
    label = m.group(2)
    words = label.split()
    if not 1 <= len(words) <= 6 or words[-1] in _SMALL_WORDS:
        return ""
    titled = all(w[:1].isupper() or w[:1].isdigit() or w in _SMALL_WORDS for w in words)
    return label if titled or m.group(1) else ""


def _shown(text: str, words: Sequence[str]) -> str:
    """The sentence, or for a long one a window around its first matching word, cut at
    word boundaries (still a verbatim part of the text)."""
    text = text.strip()
    if len(text) <= SENTENCE_CHARS:
        return text
    low = text.lower()
    starts = [m.start() for w in words if (m := phrase(w).search(low))]
    at = min(starts, default=0)
    begin = max(0, at - SENTENCE_CHARS // 3)
    if begin:
        begin = text.find(" ", begin) + 1
    end = begin + SENTENCE_CHARS
    if end < len(text):
        end = text.rfind(" ", begin, end)
    return text[begin:end].strip(" ,;:")


_NUMBER = (
    r"(?:\d+(?:[.,]\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fourteen|fifteen|twenty|thirty|forty|forty-five|sixty|ninety|hundred)"
)
# An outcome left to one side's judgement ("a refund or a credit, as we consider fair",
# "where it feels right to us", "at our sole discretion", "case by case").
_DISCRETION = (
    r"(?<![a-z])(?:(?:as|where|when|if|whatever|however)\s+(?:we|it|they|the\s+[a-z]+)\s+"
    r"(?:may\s+)?(?:consider|considers|deem|deems|think|thinks|judge|judges|decide|decides|"
    r"feel|feels|see fit|sees fit|choose|chooses)\b|(?:sole|absolute|own|entire)\s+discretion"
    r"|its\s+discretion|our\s+discretion|case[- ]by[- ]case|feels?\s+right\s+to"
    r"|on\s+(?:its|their)\s+own\s+(?:facts|merits))(?![a-z])"
)
VALUES = {  # what a clause states, beyond fixed words
    "{period}": re.compile(
        rf"(?<![a-z0-9]){_NUMBER}\s*(?:\(\d+\)\s*)?-?\s*(?:business |calendar |working )?"
        r"(?:hour|day|week|month|year)s?(?![a-z])"
    ),
    "{amount}": re.compile(
        r"[$€£¥]\s?\d|(?<![a-z0-9])\d[\d,.]*\s?(?:usd|eur|gbp|chf|dollars|euros|pounds)(?![a-z])"
        r"|(?<![a-z])(?:usd|eur|gbp|chf)\s?\d|(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,])"
    ),
    # A time or a notice left open: "within a reasonable time", "a timeframe appropriate to
    # the circumstances", "in due course", "in a timely manner", "for such further time as
    # may be reasonable".
    "{open_time}": re.compile(
        r"(?<![a-z])(?:(?:reasonable|appropriate|acceptable|adequate|suitable|sufficient)\s+"
        r"(?:time|period|timeframe|time frame|juncture|moment|stage|notice)"
        r"|(?:time|period|timeframe|time frame)\s+(?:that is\s+)?(?:reasonable|appropriate|"
        r"acceptable)|in due course|in a timely (?:manner|fashion)|as soon as (?:reasonably )?"
        r"(?:practicable|possible|feasible)|as (?:the )?circumstances (?:reasonably )?"
        r"(?:permit|allow|require)|(?<!until )such (?:further |other )?(?:time|period) as "
        r"(?:may be |is |shall be )?(?:reasonable|reasonably [a-z]+|appropriate|necessary|"
        r"required)"
        # a time set by custom, not by a number ("the credit period customarily allowed")
        r"|(?:customary|usual|normal|ordinary)\s+(?:[a-z]+\s+){0,3}?(?:practice|period|cycle"
        r"|course|timescales?)|(?:period|time)\s+(?:[a-z]+\s+){0,2}?customarily"
        # a duration that lasts as long as someone judges fit ("for as long as our
        # accounting team considers prudent")
        r"|(?:as|so) long as\s+[^.;,]{0,50}?\b(?:considers?|deems?|regards?|thinks?|judges?"
        r"|treats?|views?)"
        r"|such\s+time\s+[^.;]{0,60}?\bas\s+[^.;]{0,60}?\b(?:considers?|deems?|thinks?"
        r"|judges?|determines?|decides?)"
        # or until one side decides, or while a thing stays of use to it ("until we decide
        # that they are no longer useful", "while the matter remains of interest to us")
        r"|until\s+(?:we|it|they|the\s+[a-z]+)\s+(?:decides?|determines?|considers?|deems?)"
        r"|while\s+[^.;,]{0,40}?\b(?:remains?|is|are|stays?)\s+(?:of interest|useful|"
        r"relevant)\s+to"
        # or a time that follows an undefined yardstick or one side's schedule ("a period
        # that reflects our relationship", "a rolling cycle set by our security team")
        r"|(?:time|period)\s+(?:that|which)\s+reflects?"
        # or one side's own internal process ("the Customer's internal finance approval
        # cycle")
        r"|internal\s+(?:[a-z]+\s+){0,3}?(?:cycle|process|procedures?|run|timetable)"
        r"|(?:cycle|period|schedule|timetable)\s+(?:set|determined|decided|fixed|chosen)\s+by"
        r"\s+(?!(?:the\s+)?(?:applicable\s+)?(?:law|statute|regulation|legislation))[a-z]+"
        r")(?![a-z])"
    ),
    # A payer's duty to pay that waits on its own payment by someone else ("pay when paid",
    # "conditional on the Company having been paid by the Client").
    "{paid_first}": re.compile(
        r"(?<![a-z])(?:pay[- ](?:when|if)[- ]paid|pay(?:ment|ing)?\b[^.;]{0,80}?\b"
        r"(?:conditional|contingent|dependent)\s+"
        r"(?:up)?on\s+[^.;]{0,60}?\bhaving\s+(?:been\s+paid|received\s+(?:full\s+)?payment)"
        r"|only\s+(?:if|when|after|once|to the extent that)\s+[^.;]{0,60}?\bhas\s+(?:been\s+paid"
        r"|received\s+(?:full\s+)?payment)\s+(?:by|from))(?![a-z])"
    ),
    # Rights taken in work beyond the job: work unrelated to the business ("whether or not
    # relating to the Company's business"). Work in the course of the job "whether or not
    # during working hours" is the usual, fair reach.
    "{beyond_the_job}": re.compile(
        r"(?<![a-z])(?:whether or not|regardless of whether)\s+(?:(?:it|they)\s+)?"
        r"(?:relat\w*|connected)\s+(?:in any way\s+)?to\s+(?:the\s+)?[a-z']+\s+business(?![a-z])"
    ),
    # A way out open only in a short window ("during the fifteen (15) day period that begins
    # 180 days before the end of the term"; "a notice received at any other time has no
    # effect"), easily missed.
    "{notice_window}": re.compile(
        r"(?<![a-z])(?:(?:during|within|in)\s+(?:the|a|that)\s+[^.;]{0,30}?\b(?:period|window)"
        r"\s+(?:that|which)\s+(?:begins|starts|opens|commences)"
        r"|(?:at any other time|outside (?:that|this|the|such) (?:period|window))[^.;]{0,60}?"
        r"\b(?:(?:of|has) no effect|ineffective|invalid|void))(?![a-z])"
    ),
    "{discretion}": re.compile(_DISCRETION),
    # Audits cut down to the processor's own papers ("the right to verify ... is satisfied
    # exclusively by these documents"; an inspection "only if a supervisory authority has
    # ordered" it).
    "{papers_only}": re.compile(
        r"(?<![a-z])(?:satisfied|met|fulfilled|discharged)\s+"
        r"(?:exclusively|solely|only|in full)\s+by"
        r"|(?:exclusively|solely|only)\s+(?:by|through|via)\s+(?:providing\s+|making available\s+)?"
        r"(?:these|the|its|such|their)\s+(?:documents|reports?|certificat\w*|summar\w*)"
        r"|(?:inspection|audit)[^.;]{0,100}?\bonly\s+(?:if|where|when)\s+(?:a|the|any)\s+"
        r"(?:supervisory|competent|data protection)\s+authority(?![a-z])"
    ),
}
# "{one_sided_exit}" and "{work_kept}" are read with their clause and paragraph (reading.py).
VALUE_NAMES = (
    *VALUES,
    "{place}",
    "{own_fault}",
    "{one_side_unlimited}",
    "{long_renewal}",
    "{own_ends}",
    "{kept_on_breach}",
    "{retroactive}",
    "{one_sided_exit}",
    "{work_kept}",
)
_PLACE = re.compile(
    r"\b(?i:laws?|courts?) (?i:of|in) (?i:the )?"
    r"(?i:(?:state|commonwealth|province|republic|kingdom|federal republic) of )?([A-Z][A-Za-z]+)"
    r"|\b([A-Z][A-Za-z]+)(?:'s)? (?i:laws? (?:applies|apply|governs?|shall|will|is|are))\b"
    r"|\b(?i:governed by|subject to|construed under|in accordance with) (?i:the )?([A-Z][A-Za-z]+) "
    r"(?i:laws?)\b"
    r"|\b(?i:the) ([A-Z][A-Za-z]+) (?i:courts?)\b"
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


# An indemnity that reaches the protected party's own fault: "indemnify the Consultant ...
# including those caused by the negligence of the Consultant". The same fault named in an
# exception ("except to the extent caused by the Landlord's own negligence") is the fair form.
_PROTECTED = re.compile(
    r"\b(?i:indemnif(?:y|ies)|hold|holds|save|saves|keep|keeps)\s+(?i:(?:and|or)\s+\w+\s+)?"
    r"(?i:harmless\s+)?(?:the\s+)?([A-Z][A-Za-z]+|us|you|me)\b"
)
_REACHING = re.compile(
    r"\b(?:including|even|whether or not|regardless of|irrespective of|notwithstanding)\b"
    r"(?:(?!\b(?:except|excepting|excluding|save|other than|unless|but not)\b)[^;.])*"
)
_FAULT = re.compile(r"\b(?:negligen|fault|default|breach|misconduct)")
_POSSESSIVE = {"us": "(?:us|our)", "you": "(?:you|your)", "me": "(?:me|my)"}


def _covers_own_fault(text: str) -> bool:
    text = normalise(text)
    for m in _PROTECTED.finditer(text):
        name = m.group(1)
        party = re.compile(rf"\b{_POSSESSIVE.get(name, re.escape(name))}\b")
        # the protected party named as the one at fault: "the Consultant's negligence",
        # "the negligence or default of the Landlord" (not "costs that the Client incurs")
        at_fault = re.compile(
            rf"{party.pattern}(?:'s)?\s+(?:own\s+)?(?i:negligen|fault|default|breach|misconduct)"
            rf"|(?i:negligen\w*|fault|default|breach|misconduct)[^;.]{{0,70}}?\b(?:of|by)\s+"
            rf"(?:(?:the|any|a|an|each)\s+)?{party.pattern}"
        )
        for span in _REACHING.finditer(text, m.end()):
            if at_fault.search(span.group()):
                return True
    return False


# One party's liability left unlimited across the whole agreement ("The Licensee shall be
# liable without limitation for all damage of every kind"), beside a cap for the other. A
# carve-out for named causes ("for death, fraud or gross negligence is unlimited") or one
# that binds both parties is the fair form.
_UNLIMITED = re.compile(r"\b(?:unlimited|without limit(?:ation)?|not (?:be )?limited|no limit)\b")
_WHOLE_SCOPE = re.compile(
    r"\b(?:all (?:loss|losses|damage|damages|liabilit)|of every kind|of any kind|whatsoever"
    r"|in connection with this|under this agreement)"
)
_MUTUAL = re.compile(r"\b(?:either|each|both|neither|the parties|mutual)\b")


def _one_side_unlimited(text: str) -> bool:
    low = normalise(text).lower()
    return bool(
        "liab" in low
        and _UNLIMITED.search(low)
        and _WHOLE_SCOPE.search(low)
        and not _MUTUAL.search(low)
    )


_UNITS = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
]  # fmt: skip
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60}
_NUMBER_WORDS = {w: i + 1 for i, w in enumerate(_UNITS)}
_UNIT = re.compile(r"(year|month|week)s?\b")
_NUMBER_TOKEN = re.compile(r"\d+|[a-z]+")
_MONTHS = {"year": 12.0, "month": 1.0, "week": 12 / 52}


def months_in(text: str) -> list[float]:
    """The periods a text states, in months ("two (2) years" -> 24, "thirty-six months"
    -> 36, "a 12-month period" -> 12); a unit with no number before it ("each year")
    states none."""
    low = normalise(text).lower()
    out = []
    for m in _UNIT.finditer(low):
        before = _NUMBER_TOKEN.findall(low[max(0, m.start() - 40) : m.start()])[-2:]
        n = _number(before)
        if n is not None:
            out.append(n * _MONTHS[m.group(1)])
    return out


def _number(tokens: list[str]) -> int | None:
    """The number the last tokens before a unit spell: "30", "(30)", "six", "thirty six"."""
    if not tokens:
        return None
    last = tokens[-1]
    if last.isdigit():
        return int(last)
    if last in _TENS:
        return _TENS[last]
    if last in _NUMBER_WORDS:
        tens = _TENS.get(tokens[0], 0) if len(tokens) == 2 else 0
        return tens + _NUMBER_WORDS[last]
    return None


# An automatic renewal for more than two years at a time ("renew automatically for a further
# term of thirty-six (36) months", "successive three-year periods"): a long lock-in.
_RENEWAL_SPAN = re.compile(
    r"\b(?:renew|extend|extension)\w*\b[^.;]{0,60}?\bfor\s+(?:(?:a|an|one or more|successive|"
    r"further|additional|consecutive|subsequent|like)\s+)*(?:(?:term|period)s?\s+of\s+)?"
    r"([^.;]{0,40}?)"
    r"\b(?:year|month)s?\b"
)


def _long_renewal(text: str) -> bool:
    low = normalise(text).lower()
    return any(p > 24 for m in _RENEWAL_SPAN.finditer(low) for p in months_in(m.group()))


# Recipients free to use people's data for their own ends ("partners ... who may use your
# health information for their own purposes, including marketing their products to you"),
# unless the sentence denies it ("they may not use it for their own purposes").
_OWN_ENDS = re.compile(
    r"\b(?:for|in) (?:their|its) own (?:purposes|marketing|use|ends|benefit|business)"
    r"|\bto (?:market|advertise|promote|sell) (?:their|its) (?:own )?(?:products|services)"
    r"|\bmarketing (?:their|its) (?:own )?(?:products|services)"
    # a processor building its own products from the data, or selling what it draws from it
    r"|\bto (?:develop|train|improve|build)\b[^.;]{0,40}?\b(?:their|its) (?:own )?"
    r"(?:[a-z-]+ ){0,4}?(?:products|services|models|offerings)"
    r"|\b(?:available|sold|sells?|offers?|offered) to (?:their|its) other (?:customers|clients)"
)
_DENIED_BEFORE = re.compile(r"\b(?:not|never|no|nor|cannot|neither)\b[^.;]*$")


def _own_ends(text: str) -> bool:
    low = normalise(text).lower()
    return any(not _DENIED_BEFORE.search(low[: m.start()]) for m in _OWN_ENDS.finditer(low))


# No refund even where the provider is at fault ("not refundable ... including where the
# Customer terminates ... because of a breach by the Provider").
_NO_REFUND = re.compile(
    r"\b(?:not (?:be )?(?:refundable|refunded)|non-?refundable|no refunds?|(?:will|shall|does) not"
    r" refund)\b"
)
_PROVIDER = r"(?:us|we|the (?:provider|supplier|company|licensor|vendor|seller|service provider))"
_THEIR_FAULT = re.compile(
    rf"\b(?:breach|default|failure|fault)\s+(?:by|of)\s+{_PROVIDER}\b"
    r"|\b(?:our|its|the (?:provider|supplier|company|licensor|vendor|seller)'s)\s+(?:material\s+)?"
    r"(?:breach|default|failure|fault)\b"
    rf"|\beven (?:if|where|when) {_PROVIDER} (?:breach|fail|default)"
)


_EXCEPT = re.compile(r"\b(?:except|excepting|unless|other than|save (?:where|if|for))\b")


def _kept_on_breach(text: str) -> bool:
    """No refund, and the provider's fault named in the same breath, not as an exception
    ("non-refundable, except where you end it because of our breach" is the fair form)."""
    low = normalise(text).lower()
    refused = _NO_REFUND.search(low)
    if refused is None:
        return False
    return any(
        not _EXCEPT.search(low[min(refused.end(), fault.start()) : fault.start()])
        for fault in _THEIR_FAULT.finditer(low)
    )


# Changes that reach back: new terms applied to claims or purchases made before them.
_RETROACTIVE = re.compile(
    r"\bretroactive(?:ly)?\b|\bretrospective(?:ly)?\b"
    r"|\b(?:appl(?:y|ies)|take effect|govern)\b[^.;]{0,120}?\b(?:arose|arisen|arising|occurred|"
    r"purchased|bought|made)\b[^.;]{0,30}?\bbefore\b"
)


def _retroactive(text: str) -> bool:
    low = normalise(text).lower()
    return any(not _DENIED_BEFORE.search(low[: m.end()]) for m in _RETROACTIVE.finditer(low))


# What one sentence says that no single pattern can hold.
_READ: dict[str, Callable[[str], bool]] = {
    "{own_fault}": _covers_own_fault,
    "{one_side_unlimited}": _one_side_unlimited,
    "{long_renewal}": _long_renewal,
    "{own_ends}": _own_ends,
    "{kept_on_breach}": _kept_on_breach,
    "{retroactive}": _retroactive,
}


def without(text: str, patterns: Sequence[str], not_words: Sequence[str] = ()) -> str:
    """The text, lower case, with what `patterns` match blanked out (values read from the
    whole sentence stay): "at such time after the end of the services as the team considers
    practicable" keeps no "after the end" once its open wording is taken out."""
    low = _plain(text, not_words)
    for p in patterns:
        if p in VALUES:
            low = VALUES[p].sub(" ", low)
        elif not p.startswith("{"):
            low = phrase(p).sub(" ", low)
    return low


def states(text: str, patterns: Sequence[str], not_words: Sequence[str] = ()) -> bool:
    """Whether `text` states what one of `patterns` names: a phrase (matched at a word
    start), a period ("{period}": "thirty (30) days", "12-month"), a sum of money
    ("{amount}"), a named place whose law or courts apply ("{place}"), an indemnity
    that reaches the protected party's own fault ("{own_fault}"), or one party's liability
    left unlimited for everything ("{one_side_unlimited}")."""
    low = _plain(text, not_words)
    for p in patterns:
        if p == "{place}":
            named = normalise(text)
            for nw in not_words:  # "organized under the laws of Delaware" names no choice
                named = re.sub(re.escape(nw), " ", named, flags=re.IGNORECASE)
            places = (next(filter(None, m.groups())) for m in _PLACE.finditer(named))
            if any(name.lower() not in _NO_PLACE for name in places):
                return True
        elif p in _READ:
            if _READ[p](text):
                return True
        elif p in ("{one_sided_exit}", "{work_kept}"):
            continue  # read with its clause and paragraph, in reading.py
        elif (VALUES[p] if p in VALUES else phrase(p)).search(low):
            return True
    return False


def first_line(doc: Document) -> str:
    for p in doc.passages:
        if p.text.strip():
            return p.text.strip()[:200]
    return ""


@dataclass(frozen=True, slots=True)
class QuoteCheck:
    verified: bool
    location: str  # where the quote was found, or ""


def verify_quote(doc: Document, quote: str) -> QuoteCheck:
    """Whether `quote` appears word for word in the document once whitespace, quotation
    marks and dashes are normalised. A quote with "..." must match each part, in order,
    within one passage. Too short a quote (under MIN_QUOTE characters) proves nothing."""
    parts = [normalise(p) for p in re.split(r"\.\.\.|…", quote.strip().strip('"'))]
    parts = [p for p in parts if p]
    if not parts or sum(len(p) for p in parts) < MIN_QUOTE:
        return QuoteCheck(False, "")
    for passage in doc.passages:
        text = normalise(passage.text)
        at = 0
        for part in parts:
            found = text.find(part, at)
            if found < 0:
                break
            at = found + len(part)
        else:
            return QuoteCheck(True, passage.location)
    return QuoteCheck(False, "")
