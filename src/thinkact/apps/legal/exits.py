"""Who may end a contract, and how: a right for one party alone to end it at will
(`one_sided_exit`), an exit on short notice against the other side's long one
(`uneven_notice`), and who pays under the document (`payers`). Read by `reading.risky_stated`
for the "{one_sided_exit}" wording of a termination clause."""

from __future__ import annotations

import re
from collections.abc import Sequence

from thinkact.apps.legal.evidence import Candidate, normalise
from thinkact.apps.legal.periods import months_in
from thinkact.apps.legal.values import NEGATED, states

ONE_SIDED_EXIT = "{one_sided_exit}"
# A right to end the contract at will: for any reason, for convenience, without cause.
_AT_WILL = re.compile(
    r"\b(?:for any (?:or no )?reason|for no reason|for convenience|without (?:cause|reason)"
    r"|without giving (?:a |any )?reason|without (?:stating|providing|specifying|assigning"
    r"|having to give|having to state|needing to give|being (?:required|obliged) to give)"
    r" (?:a |any )?reasons?"
    r"|without (?:the |any )?(?:need|obligation|requirement) to (?:give|state|provide|specify)"
    r" (?:a |any )?reasons?"
    r"|at will|at-will|(?:in|at) its (?:sole |absolute )?"
    r"discretion|whenever (?:it|they|we|he|she) (?:wishes|wish|likes?|chooses?|wants?|pleases?)"
    r"|at any time,? without (?:any )?liability"
    r"|at (?:its|our|their) (?:own )?(?:pleasure|convenience))",
    re.IGNORECASE,
)
# No reason owed for ending it ("and the Licensor need not give any reason for it"): at will
# when the right is "at any time", in the same sentence or the rest of its paragraph.
_NO_REASON = re.compile(
    r"\b(?:need(?:s)? not|does not need to|do not need to|(?:is|are) not (?:required|obliged|bound)"
    r" to|(?:is|are) under no (?:obligation|duty) to|has no (?:obligation|duty) to)"
    r" (?:give|state|provide|specify|explain|justify)\b[^.;]{0,20}?\breasons?\b"
    r"|\bno reasons? (?:need|needs|has to|have to|must|shall) be (?:given|stated|provided)\b",
    re.IGNORECASE,
)
# A right to end it "at any time" with no condition after it: the other side's way out, even
# if not worded as at will ("You may close your account at any time").
_ANY_TIME = re.compile(
    r"\bat any time\b(?![^.;]{0,80}?\b(?:if|where|when|whenever|upon|on|in the event|should"
    r"|provided|following|after|for cause|because)\b)",
    re.IGNORECASE,
)
_ENDING = (
    r"\b(?:terminat\w*|end|cancel\w*|close|delete|dismiss\w*|resign\w*|revok\w*"
    r"|withdraw\s+from)"  # ("may withdraw from this Agreement at any time")
)
_MAY_END = re.compile(
    # (not a right denied: "The Licensee may not terminate for convenience")
    r"\b(?:may|can|is entitled to|reserves the right to|has the right to)\b(?!\s+(?:not|never)\b)"
    rf"[^.;]{{0,40}}?{_ENDING}\b",
    re.IGNORECASE,
)
ENDS_WHOLE = re.compile(
    rf"{_ENDING}\s+(?:this|these|the|your|its|their|any)\s+"
    r"(?:\w+\s+){0,2}?(?:agreement|terms|contract|account|subscription|membership|lease"
    r"|licen[cs]e|access|employment|engagement)s?\b",
    re.IGNORECASE,
)
_BOTH = re.compile(r"\b(?:either|each|both|neither|the parties)\b|\bor the\b", re.IGNORECASE)
CLAUSE_NUMBER = re.compile(r"^\s*(?:\(?[0-9a-z]{1,3}[.)]\s*)*(?:\d+(?:\.\d+)*\.?\s+)?")
# A failure to pay is a reason to end, not a payment for ending.
_DEFAULT = re.compile(
    r"\b(?:fails?|failure|failing)\s+to\s+pay\w*|\bnon-?payment\b|\blate\s+payment\b|\bunpaid\b"
    r"|\boverdue\b|\b(?:late|behind|in\s+arrears)\s+(?:in|with)\s+(?:paying|(?:any\s+)?payments?)\b"
    r"|\bdelay\w*\s+in\s+(?:paying|payment)\b"
    # nor is money the leaver keeps ("the sums already paid remain acquired by the Licensor
    # by way of fixed compensation")
    r"|\b(?:sums?|amounts?|fees?|monies|moneys|payments?)\s+(?:already\s+)?(?:paid|received)\s+"
    r"(?:shall\s+|will\s+)?(?:remain|are|be)\s+(?:acquired|retained|kept|forfeited)\b[^.;]*",
    re.IGNORECASE,
)
# What the party that ends it gives the other for the work done or the time paid for.
_PAYS = ["pay", "paid", "payment", "charge", "refund", "compensat", "in lieu", "reimburs"]
_REFUND = re.compile(r"\b(?:refund|repa(?:y|id))\w*", re.IGNORECASE)
# The side that pays: its leaving at will ends its own spending, the norm of services and
# subscriptions, unless it also withholds pay for what was done ("will not be obliged to
# pay any instalment ... whatever work has been carried out").
PAYING_SIDE = re.compile(
    r"\b(?:the )?(?:client|customer|buyer|purchaser|licensee|tenant|lessee|hirer|subscriber"
    r"|member|user|you)s?$"
)


# Who pays under the document ("the Estate shall pay the Charges"): its own names for the
# paying side.
_PAYER = re.compile(
    r"\b(?:the\s+)?([A-Za-z]+)\s+(?:shall|will|must|agrees to|is to)\s+(?:promptly\s+)?"
    # "pay the Charges", "pay the Owner a hire fee", "settle correct invoices", "pay for the
    # Services performed"
    r"(?:pay|settle|remit)\s+(?:[a-z]+\s+){0,4}?(?:charges?|fees?|price|prices|invoices?"
    r"|rent|royalt(?:y|ies)|subscription|contract sum|remuneration|compensation"
    r"|for\s+(?:the\s+)?(?:services|work|works|goods))\b",
    re.IGNORECASE,
)


def pays(who: str, paying: frozenset[str]) -> bool:
    """Whether the party a sentence names ("the client", "estate") is the paying side: a
    customer's usual name, or a name `paying` (the document's payers) holds."""
    return bool(PAYING_SIDE.search(who)) or who.split()[-1] in paying


# Who engages the other ("The Trust wishes to appoint the Contractor to inspect ..."): the
# client, and so the paying side, even where the document states no price. Not an employer:
# its leaving ends a living, not its own spending.
_ENGAGER = re.compile(
    r"\b(?:the\s+)?([A-Za-z]+)\s+(?:hereby\s+|wishes\s+to\s+|agrees\s+to\s+|has\s+agreed\s+to\s+)?"
    r"(?:appoints?|engages?|hires?|retains?|commissions?)\s+(?:the\s+)?"
    r"(?!(?:Employee|Executive|Worker|Apprentice|Trainee)\b)[A-Z][a-z]+\b"
)


def payers(text: str) -> frozenset[str]:
    """The names a document gives the parties that pay under it."""
    plain = normalise(text)
    found = [m.group(1) for m in _PAYER.finditer(plain)] + [
        m.group(1) for m in _ENGAGER.finditer(plain)
    ]
    return frozenset(name.lower() for name in found)


def one_sided_exit(
    own: Sequence[Candidate], paying: frozenset[str] = frozenset()
) -> Candidate | None:
    """The sentence that lets one party alone end the contract at will ("The Licensor may
    terminate this Agreement at any time, for any reason"), when no other party has such a
    right in the clause and nothing in its paragraph pays the other side for it (a
    customer's termination for convenience "on payment of the termination charges" is
    fair; "will not be obliged to pay any instalment" is not a payment). The paying side
    (a customer, or a name in `paying`: "the Estate shall pay the Charges") may leave at will
    unless it keeps back pay for work done. Where the other side may leave "at any time" too,
    only an exit that keeps what was paid or takes effect at once is one-sided; an exit on
    three months' notice or more is one-sided only if it keeps what was paid."""
    found: dict[str, Candidate] = {}
    keeps_paid: set[str] = set()  # exits whose paragraph says nothing paid is refunded
    leaving = set()  # every party that may leave at will, the paying side too
    any_time: set[str] = set()
    for c in own:
        text = c.sentence.text
        grant = _MAY_END.search(text)
        if grant is None:
            continue
        anytime = bool(_ANY_TIME.search(text))
        # (at any time, with no reason owed, is at will too)
        at_will = bool(_AT_WILL.search(text)) or (anytime and _no_reason_owed(c))
        if anytime and not at_will:
            any_time.add(_leaver(text) or "?")
            continue
        if not at_will:
            continue
        who = _leaver(text)
        if _BOTH.search(who) or not who:
            return None  # a right both parties have
        paragraph = c.sentence.passage.sentences()
        paid = any(states(_DEFAULT.sub(" ", NEGATED.sub(" ", other)), _PAYS) for other in paragraph)
        denied = [
            m.group()
            for other in paragraph
            for m in NEGATED.finditer(other)
            if states(m.group(), _PAYS)
        ]
        unpaid = bool(denied)
        leaving.add(who)
        # (no refund to a paying side that leaves costs only itself: "No fees already paid
        # will be refunded on a termination for convenience")
        withheld = any(not _REFUND.search(d) for d in denied)
        if pays(who, paying) and not withheld:
            continue
        if not paid:
            found.setdefault(who, c)
            if unpaid:
                keeps_paid.add(who)
    if len(found) != 1 or len(leaving) != 1:
        return None
    ((who, exit_),) = found.items()
    if who in keeps_paid:
        return exit_
    # Months of notice give the other side time to move: an exit for convenience on three
    # months or more is the fair form ("may end the Agreement for convenience by giving at
    # least six months' written notice").
    own_part = _granting_part(exit_.sentence.text)
    if not _AT_ONCE.search(own_part) and (_notice_length(own_part) or 0) >= LONG_EXIT_NOTICE:
        return None
    alone = not any_time - leaving
    return exit_ if alone or _AT_ONCE.search(exit_.sentence.text) else None


def _granting_part(text: str) -> str:
    """The part of a sentence, between semicolons, that grants the right to end it (not the
    other side's: "...at its convenience; the Contractor may terminate only if ... 90 days")."""
    grant = _MAY_END.search(text)
    if grant is None:
        return text
    start = text.rfind(";", 0, grant.start()) + 1
    end = text.find(";", grant.end())
    return text[start : end if end >= 0 else len(text)]


def _no_reason_owed(c: Candidate) -> bool:
    """Whether the sentence, or the rest of its paragraph, says no reason is owed for ending."""
    return any(_NO_REASON.search(s) for s in (c.sentence.text, *c.sentence.passage.sentences()))


def _leaver(text: str, right: re.Pattern[str] = _MAY_END) -> str:
    """Who a sentence gives a `right` to end the contract ("the company" in "10.1 The Company
    may terminate ..."), or binds to give notice to leave, or ""."""
    grant = right.search(text)
    if grant is None:
        return ""
    # ("Before terminating for reasons of performance, the Employer shall give ...")
    return CLAUSE_NUMBER.sub("", text[: grant.start()]).rsplit(",", 1)[-1].strip().lower()


_NOTICE = re.compile(
    r"(?:\((\d+)\)|\b(\d+))\s*(?:calendar\s+|business\s+|working\s+|clear\s+)?(day|week|month)s?\b",
    re.IGNORECASE,
)
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30}
_AT_ONCE = re.compile(r"\bimmediate|\bwithout (?:any |prior |advance )?notice\b", re.IGNORECASE)


def _notice_days(text: str) -> int | None:
    """The longest period a sentence states, in days ("ninety (90) days'" -> 90)."""
    found = [
        int(m.group(1) or m.group(2)) * _UNIT_DAYS[m.group(3).lower()]
        for m in _NOTICE.finditer(text)
    ]
    return max(found, default=None)


# A party bound to give notice to leave ("The Employee shall give four months' written notice
# of resignation").
_GIVES_NOTICE = re.compile(
    r"\b(?:shall|must|will|is to|agrees? to|undertakes? to)\s+give\s+[^.;]{0,60}?\bnotice\b",
    re.IGNORECASE,
)


def _notice_length(text: str) -> int | None:
    """The longest period a sentence states, in days, its months in words too ("one
    month's")."""
    months = [round(m * 365 / 12) for m in months_in(text)]  # ("eight weeks'": 56)
    days = _notice_days(text)
    return max(months if days is None else [*months, days], default=None)


LONG_NOTICE = 56  # days: two months, or eight weeks
LONG_EXIT_NOTICE = 90  # days: three months


def uneven_notice(own: Sequence[Candidate], paying: frozenset[str]) -> Candidate | None:
    """The sentence that lets one party end at will on a short notice (two weeks or less, or
    pay in lieu) while the other must give two months (eight weeks) or more ("The Company may
    terminate ... with or without cause, by giving ... seven (7) days' notice" beside "The
    Employee may resign by giving ... ninety (90) days' notice"), or on any notice a quarter
    or less of the three months or more the other must give. The paying side's short exit is
    the norm."""
    exits = [
        (c, _leaver(text) or _leaver(text, _GIVES_NOTICE), _notice_length(text))
        for c in own
        if _MAY_END.search(text := c.sentence.text) or _GIVES_NOTICE.search(text)
    ]
    for c, who, days in exits:
        if not who or _BOTH.search(who) or PAYING_SIDE.search(who):
            continue
        others = [(o, d or 0) for _, o, d in exits if o and o != who and not _BOTH.search(o)]
        # (an employer pays, but its leaving is no saving of its own: it ends a living)
        employer = any(_EMPLOYEE.search(o) for o, _ in others)
        if who.split()[-1] in paying and not employer:
            continue
        short = (days is not None and days <= 14) or _AT_ONCE.search(c.sentence.text)
        if _AT_WILL.search(c.sentence.text) and short and any(d >= LONG_NOTICE for _, d in others):
            return c
        # or, for no cause, on notice a quarter or less of the three months or more the other
        # must give
        if (
            days
            and not _EMPLOYEE.search(who)
            and not _FOR_CAUSE.search(c.sentence.text)
            and any(d >= max(90, 4 * days) for _, d in others)
        ):
            return c
    return None


_EMPLOYEE = re.compile(r"\b(?:employee|executive|worker)$")
_FOR_CAUSE = re.compile(
    r"\b(?:if|where|in the event|upon|should|unless|breach\w*)\b", re.IGNORECASE
)


def other_bound_to_notice(own: Sequence[Candidate], exit_: Candidate) -> bool:
    """Whether a party other than the one free to leave at will must give a month's notice
    or more to leave ("you may terminate your employment by giving ... six months' written
    notice")."""
    who = _leaver(exit_.sentence.text)
    for c in own:
        other = _leaver(c.sentence.text)
        if c is exit_ or not other or other == who or _BOTH.search(other):
            continue
        if any(m >= 1 for m in months_in(c.sentence.text)):
            return True
    return False
