"""Readings of a clause made with more than its sentence: a liability cap far below the fees
the document states ("{cap_below_fees}"), and, in the clause on the rights in the work, the
work kept from the customer when the contract ends ("{work_kept}"), sold by its maker
("{sells_the_work}"), or what one party supplies made the other's ("{takes_supplied}").
`reading.risky_stated` calls them with the item's own sentences and what it needs beside."""

from __future__ import annotations

import re
from collections.abc import Sequence

from thinkact.apps.legal.evidence import FAILS_TO_PAY, Candidate, Sentence, normalise
from thinkact.apps.legal.exits import CLAUSE_NUMBER, pays
from thinkact.apps.legal.risky_wording.liability import CAP_WORDS

CAP_BELOW_FEES = "{cap_below_fees}"
_MONEY = re.compile(
    r"[$€£¥]\s?(\d[\d,]*(?:\.\d+)?)|(?<![\w.,])(\d[\d,]*(?:\.\d+)?)\s?(?:usd|eur|gbp|chf|cad|aud|nzd"
    r"|dollars|euros|pounds\s+sterling)\b",
    re.IGNORECASE,
)
# What is paid for the work: the sums a fee sentence states (not insurance, interest or
# the liability clause's own figures).
_FEE_WORDS = re.compile(
    r"\b(?:fees?|price|contract sum|charges|remuneration|compensation|payment)\b", re.IGNORECASE
)
_NOT_FEES = re.compile(
    r"\b(?:insur\w*|interest|liab\w*|damages|deductible|penalt\w*)\b", re.IGNORECASE
)
FEE_MULTIPLE = 10


def _sums(text: str) -> list[float]:
    return [float((a or b).replace(",", "")) for a, b in _MONEY.findall(text)]


def cap_below_fees(own: Sequence[Candidate], beside: Sequence[Sentence]) -> Candidate | None:
    """The clause's sentence that caps liability at a fixed sum a tenth or less of the
    largest fee the document states ("shall not exceed Two Thousand Five Hundred Dollars
    ($2,500)" against fees of $64,600): a cap no claim of the work's size can reach. A cap
    measured by the fees themselves is `{token_cap}`'s."""
    fees: list[float] | None = None  # read from the document only once a fixed cap is found
    for c in own:
        text = c.sentence.text
        m = CAP_WORDS.search(text)
        if m is None or _FEE_WORDS.search(text[m.end() :]):
            continue
        caps = _sums(text[m.end() :])
        if not caps:
            continue
        if fees is None:
            fees = [x for s in beside if _is_fee(s) for x in _sums(s.text)]
        if fees and 0 < caps[0] * FEE_MULTIPLE <= max(fees):
            return c
    return None


def _is_fee(s: Sentence) -> bool:
    heading_and_text = f"{s.passage.section} {s.text}"
    return bool(_FEE_WORDS.search(heading_and_text)) and not _NOT_FEES.search(heading_and_text)


WORK_KEPT = "{work_kept}"
# A licence that ends with the contract, in a paragraph on the work made for the customer:
# the supplier keeps the deliverables, and the customer leaves without them.
_LAPSES = re.compile(
    r"\blicen[cs]e\b[^.;]{0,80}?\b(?:ends|terminates|ceases|expires|lapses|(?:will|shall)"
    r"\s+(?:end|terminate|cease|expire|lapse))\s+(?:automatically\s*)?(?:,[^,.;]{0,40},\s*)?"
    r"(?:when|on|upon|with|at)\b"
    # "ends automatically and without notice if any invoice remains unpaid"
    r"|\blicen[cs]e\b[^.;]{0,80}?\b(?:ends|terminates|ceases|expires|lapses)\s+automatically"
    r"(?:\s+and\s+without\s+notice)?\s+if\b"
    # or one the supplier may take back at will
    r"|\blicen[cs]e\b[^.;]{0,120}?\b(?:revocable|revoke[sd]?|withdraw[sn]?)\b[^.;]{0,60}?"
    r"\b(?:at any time|for any reason|at will"
    r"|at its (?:sole )?discretion)"
    r"|\b(?:revoke[sd]?|withdraw[sn]?|end|terminate|cancel)\s+(?:the|its|this|that|such|any)\s+"
    r"licen[cs]e\b[^.;]{0,60}?"
    r"\b(?:at any time|for any reason|at will|at its (?:sole )?discretion)"
    # or one to the work itself for a fixed number of years ("a non-exclusive licence to use
    # the Deliverables for the display of the Exhibition ... for ten years")
    r"|\blicen[cs]e\s+to\s+use\s+the\s+(?:deliverables?|work\s+products?|work\s+results?|outputs?"
    r"|reports?)\b[^.;]{0,120}?\bfor\s+(?:a\s+(?:period|term)\s+of\s+)?(?:[a-z]+|\d+)(?:\s+\(\d+\))?"
    r"\s+(?:years?|months?)\b"
    # or one for a fixed time, after which the customer must buy the use again ("Any
    # continued use after that period shall be subject to a fresh licence")
    r"|\bcontinued\s+use\b[^.;]{0,60}?\b(?:subject\s+to|requires?|needs?)\s+(?:a\s+)?(?:fresh|new"
    r"|further|separate)\s+licen[cs]e\b",
    re.IGNORECASE,
)
_WORK = re.compile(
    r"\b(?:deliverables?|work products?|work results?|outputs?|reports?|designs?|artwork)\b",
    re.IGNORECASE,
)
# A licence its grantor may take back over one late payment ("may revoke this licence ...
# if any amount due under this Agreement is not paid on its due date"), in the clause on
# the rights in the work: the customer loses the work, not just the service, whatever the
# work is called.
_TAKEN_BACK_FOR_LATE_PAYMENT = re.compile(
    r"\b(?:revoke|withdraw|terminate|end|cancel|suspend)\s+(?:the|its|this|that|such|any)\s+"
    r"licen[cs]e\b(?:[^.;]|\.(?=\d)){0,80}?\bif\s+(?:"  # ("the licence in clause 6.2 ... if")
    rf"[^.;]{{0,30}}?{FAILS_TO_PAY}(?![a-z])"
    r"|any\s+(?:amount|sum|invoice|fee|payment|instalment)s?\b[^.;]{0,60}?\b(?:unpaid|not\s+paid"
    r"|overdue|late))",
    re.IGNORECASE,
)
# (a late payment left unpaid after a notice and a period to pay it is another matter)
_CURE_PERIOD = re.compile(
    r"\bwithin\b[^.;]{0,40}?\b(?:after|of|following)\s+(?:receiving\s+|receipt\s+of\s+)?"
    r"(?:an?\s+|the\s+)?(?:written\s+)?notice\b|\b(?:cure|remedy)\b",
    re.IGNORECASE,
)


SELLS_WORK = "{sells_the_work}"
_OTHER_CLIENTS = r"for\s+other\s+(?:projects\s+(?:and|or)\s+)?(?:clients|customers)\b"
# The maker free to sell or publish what it made for the customer ("belongs to the Farrier,
# who may publish, license and sell it for any purpose without consent").
_SELLS = re.compile(
    r"\b(?:the\s+)?([a-z]+)(?:\s*,\s*(?:who|which))?\s+(?:may|is free to|can|shall be (?:free|"
    r"entitled) to|is entitled to)\s+(?:(?!not\b|never\b)[a-z-]+,?\s+){0,6}?(?:sell|publish"
    r"|licen[cs]e|exploit|commerciali[sz]e|market"
    # (the work itself used for other clients; not its maker's know-how and experience)
    r"|(?:re)?use(?=\s+[^.;]{0,40}?\b(?:deliverables|concepts?|designs?|drawings|works|work\s+product)"
    rf"\b[^.;]{{0,200}}?\b{_OTHER_CLIENTS}))\w*\b"
    r"[^.;]{0,200}?\b(?:for any purpose"
    r"|as it (?:sees|thinks) fit|as it (?:wishes|pleases|chooses|likes)"
    r"|without (?:the\s+)?(?:[a-z]+'s\s+)?(?:consent|approval"
    r"|permission)"
    # or for its other clients ("may use the Concept and the Deliverables ... for other
    # projects and clients ... without restriction")
    rf"|{_OTHER_CLIENTS}"
    # or with nothing owed to the customer for it ("without payment or acknowledgment",
    # "without accounting to the Trust"; not the owner's use "without further payment" to the
    # maker)
    r"|without (?:any\s+)?(?:payment|fee|royalt\w*|compensation|remuneration|accounting"
    r"|acknowledge?ment|attribution)"
    # or the work made for the customer sold on to others ("may ... sell the Works ... to
    # third parties, including other transport operators")
    r"|\bthe\s+(?:works|deliverables)\b[^.;]{0,80}?\bto\s+(?:third\s+parties|others|anyone"
    r"|other\s+(?:clients|customers))"
    # or anything made in the course of the work ("license to others any concept ... created
    # in the course of the Services")
    r"|\bto\s+(?:third\s+parties|others|anyone|other\s+(?:clients|customers))\s+(?:any|all|the)\s+"
    r"[^.;]{0,60}?\b(?:created|made|produced|developed|prepared)\s+(?:in\s+the\s+course\s+of|under"
    r"|for)\b"
    # or to the customer's rivals ("to or for any other person, including a business operating
    # in competition with the Client")
    r"|\b(?:including|even)\b[^.;]{0,40}?\b(?:competitors?|in\s+competition\s+with|competing\s+with)\b)",
    re.IGNORECASE,
)
# Or free to make more of the work and sell them itself ("may use it to pour further castings
# of the Work, in any number, and to sell ... those castings for its own account").
_MAKES_MORE = re.compile(
    r"\b(?:the\s+)?([a-z]+)(?:\s*,\s*(?:who|which))?\s+(?:may|is free to|can|is entitled to)\s+"
    r"(?:(?!not\b|never\b)[^.;]){0,100}?\b(?:make|pour|cast|print|produce|reproduce|manufacture"
    r"|strike|run\s+off)\s+(?:any\s+)?(?:further|more|additional|other)\s+(?:castings?|casts?|copies"
    r"|prints?|editions?|impressions?|pieces|units|replicas)\b[^.;]{0,200}?\b(?:sell|for\s+(?:its"
    r"|his|her|their)\s+own\s+account)",
    re.IGNORECASE,
)
# What the maker brought or keeps as its own craft, free to use for anyone: not the work.
_OWN_STOCK = re.compile(
    r"\b(?:background|pre-?existing|know-?how|general\s+(?:skills?|knowledge|experience))\b",
    re.IGNORECASE,
)
_SUBJECT = re.compile(r"(?:[Tt]he\s+)?([A-Za-z]+)")
_PRONOUNS = frozenset({"it", "they", "we", "you", "he", "she", "who", "which", "that", "and", "or"})


# A clause number inside a sentence ("withdraw the licence in clause 8.2 at any time") does
# not end it for the readings of the work, whose spans stop at a full stop.
_CROSS_REFERENCE = re.compile(r"(?<=\d)\.(?=\d)")


def _joined(text: str) -> str:
    return _CROSS_REFERENCE.sub("-", text)


def sells_the_work(own: Sequence[Candidate], paying: frozenset[str]) -> Candidate | None:
    """The sentence that leaves a named party other than the paying side free to sell or
    publish the work "for any purpose" or "without consent", or to make more of it and sell
    them: the customer's own right to use its deliverables for any purpose is the fair form."""
    for c in own:
        text = normalise(c.sentence.text)
        joined = _joined(text)
        for m in (*_SELLS.finditer(joined), *_MAKES_MORE.finditer(joined)):
            who = m.group(1).lower()
            if who in ("and", "or"):  # "The Consultant retains all rights ... and may exploit"
                first = _SUBJECT.match(CLAUSE_NUMBER.sub("", text))
                who = first.group(1).lower() if first else who
            if who in _PRONOUNS or pays(who, paying) or _OWN_STOCK.search(m.group()):
                continue
            return c
    return None


TAKES_SUPPLIED = "{takes_supplied}"
# Rights in what one party supplies made the other's ("rights in the Materials, including the
# ... yield data supplied by the Grower ..., vest in the Apiarist"; "rights in material
# supplied by the Client ... the Client assigns them to the Contractor"): groups 1 and 2 name
# the one who supplies and the one who takes.
_SUPPLIED_TAKEN = re.compile(
    r"\brights?\s+in\s+(?:the\s+|any\s+|all\s+)?(?:[a-z-]+\s+){0,3}?(?:materials?|data|records"
    r"|information|documents?|documentation|content|photographs|maps|drawings|diaries)\b[^.;]{0,150}?"
    r"\b(?:supplied|provided|furnished|given|delivered|made\s+available)\s+by\s+(?:the\s+)?([a-z]+)\b"
    r"[^.;]{0,200}?\b(?:vests?\s+in|belongs?\s+to|assigns?\s+(?:them\s+|those\s+rights\s+|such"
    r"\s+rights\s+|its\s+rights\s+|all\s+such\s+rights\s+)?to)\s+(?:the\s+)?([a-z]+)\b"
)


def takes_supplied(own: Sequence[Candidate], paying: frozenset[str]) -> Candidate | None:
    """The sentence that makes the rights in what the paying side supplies (its own
    records, data or materials) the other party's: a customer's inputs are not the work it
    pays for."""
    for c in own:
        for m in _SUPPLIED_TAKEN.finditer(_joined(normalise(c.sentence.text)).lower()):
            supplier, taker = m.group(1), m.group(2)
            if supplier == taker or pays(taker, paying):
                continue
            if pays(supplier, paying):
                return c
    return None


def work_kept(own: Sequence[Candidate]) -> Candidate | None:
    """The sentence that ends the customer's licence to the work made for it when the
    contract ends ("The licence ends automatically when this Agreement expires", beside a
    licence to use the Deliverables), or lets its maker take it back over one late payment."""
    for c in own:
        text = _joined(c.sentence.text)
        if _TAKEN_BACK_FOR_LATE_PAYMENT.search(text) and not _CURE_PERIOD.search(text):
            return c
        if _LAPSES.search(text) and _WORK.search(c.sentence.passage.text):
            return c
    return None
