"""Risky wording on term, payment and law read from a whole sentence: a long automatic renewal,
a narrow window to leave, ending on walking away or mid-talks, a licence revoked at will, a
licensee barred from other goods, changes that reach back, a long wait for payment, money kept
on the provider's breach, and a governing law one side may swap."""

from __future__ import annotations

import re
from collections.abc import Callable

from thinkact.apps.legal.evidence import normalise
from thinkact.apps.legal.periods import months_and_days_in, months_in
from thinkact.apps.legal.sentences import affirming, said_without, saying

# An automatic renewal for more than two years at a time ("renew automatically for a further
# term of thirty-six (36) months", "successive three-year periods"): a long lock-in.
_RENEWAL_SPAN = re.compile(
    r"\b(?:renew|extend|extension)\w*\b[^.;]{0,60}?\b(?:for|by)\s+(?:(?:a|an|one or more"
    r"|successive|further|additional|consecutive|subsequent|like)\s+)*(?:(?:term|period)s?\s+of\s+)?"
    r"([^.;]{0,40}?)"
    r"\b(?:year|month|season|harvest)s?\b"
)


# A renewal only "by written agreement of the Parties" is a new bargain, not automatic.
_BY_AGREEMENT = re.compile(
    r"\bby\s+(?:(?:a|the|mutual|written|further|new)\s+)*agreement\b"
    r"|\bif\s+(?:both|the)\s+parties\s+(?:so\s+)?agree|\bmutual(?:ly)?\s+(?:written\s+)?agree"
)


def _long_renewal(text: str) -> bool:
    low = normalise(text).lower()
    if _BY_AGREEMENT.search(low):
        return False
    return any(p > 24 for m in _RENEWAL_SPAN.finditer(low) for p in months_in(m.group()))


# No refund even where the provider is at fault ("not refundable ... including where the
# Customer terminates ... because of a breach by the Provider").
_NO_REFUND = re.compile(
    r"\b(?:not (?:be )?(?:refundable|refunded)|(?:cannot|can't) (?:be )?refunded"
    # (not the customer's own outlays elsewhere: "reimburse your non-refundable travel costs")
    r"|non-?refundable(?!\s+(?:[a-z]+\s+){0,2}?(?:costs?|expenses?|fares?|travel|accommodation"
    r"|flights?)\b)"
    r"|no refunds?|(?:will|shall|does) not refund|(?:stays?|remains?) with us"
    r"|never (?:be )?(?:refunded|paid out|paid back)"
    r"|(?:do|does|will|shall) not (?:give|make|issue|offer|pay) (?:any )?refunds?)\b"
)
_PROVIDER = r"(?:us|we|the (?:provider|supplier|company|licensor|vendor|seller|service provider))"
_THEIR_FAULT = re.compile(
    rf"\b(?:breach|default|failure|fault)\s+(?:by|of)\s+{_PROVIDER}\b"
    r"|\b(?:our|its|the (?:provider|supplier|company|licensor|vendor|seller)'s)\s+(?:material\s+)?"
    r"(?:breach|default|failure|fault)\b"
    rf"|\beven (?:if|where|when) {_PROVIDER} (?:breach|fail|default)"
    # whatever the cause, so the provider's own failure or cancellation too
    r"|\bwhatever (?:keeps|stops|prevents|the (?:reason|cause))\b"
    r"|\b(?:under|in) (?:any|all) circumstances\b|\bwhatever the circumstances\b"
    rf"|\b(?:if|when|where|even if) {_PROVIDER}\b[^.;,]{{0,60}}?\bcancels?\b"
    # "even if we end your membership or close the venue"
    rf"|\b(?:even|including) (?:if|where|when) {_PROVIDER} (?:[a-z]+ )?(?:ends?|terminates?|closes?"
    r"|suspends?|withdraws?|discontinues?|cancels?)\b"
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
    # in force from a date before anyone was told ("from the date stated in the notice,
    # which may be earlier than the date of the notice")
    r"|\b(?:appl(?:y|ies)|take effect|takes effect|effective)\b[^.;]{0,100}?"
    r"\b(?:earlier than|before|prior to)\s+(?:the\s+)?(?:date\s+of\s+(?:the\s+|that\s+)?)?notice\b"
    # or to a period already paid for ("applies to ... the remainder of any period already
    # paid for", "governs ... including for the part of the year already invoiced")
    # (not one that waits for its end: "takes effect at the end of the period already paid")
    r"|\b(?:appl(?:y|ies)|takes? effect|governs?|binds?|binding)\b(?:(?!\bend\s+of\b)[^.;]){0,120}?"
    r"\balready\s+(?:been\s+)?(?:paid|invoiced|billed|purchased|booked|ordered)\b"
    # or to what was bought under the terms before ("applies to your booking, even if you
    # booked and paid under an earlier version")
    # or to sums already earned ("The new amounts apply ... including to amounts not yet
    # invoiced"; the match ends before "not yet", which is no denial of the change)
    r"|\b(?:appl(?:y|ies)|takes? effect)\b[^.;]{0,120}?\bto\s+(?:the\s+|any\s+)?(?:amounts|sums"
    r"|fees|charges|royalt(?:y|ies))\s+(?:already\s+accrued|accrued|earned"
    r"|(?=not\s+yet\s+(?:invoiced|billed)\b))"
    r"|\b(?:appl(?:y|ies)|governs?|binds?)\b[^.;]{0,120}?\b(?:paid|booked|bought|purchased|ordered"
    r"|subscribed|signed\s+up)\s+(?:[a-z]+\s+){0,3}?(?:under|on)\s+(?:an?|the|any)\s+(?:earlier|previous"
    r"|prior|older|old|former)\s+(?:version|terms|edition|conditions)\b"
    # or a raised price that reaches work already under way ("may increase the Fixed Price ...
    # at any time, including for Work already scheduled or in progress")
    r"|\b(?:increase|raise|vary|revise|adjust)\w*\b[^.;]{0,160}?\b(?:including|even)\s+(?:for|to|on)\s+"
    r"(?:the\s+|any\s+)?(?:work|works|services?|orders?|goods|deliveries|projects?|jobs?)\s+"
    r"(?:already\s+(?:scheduled|ordered|booked|agreed|begun|started|commenced|under\s+way|underway"
    r"|in\s+progress)|(?:that\s+(?:is|are)\s+)?in\s+progress|under\s+way|underway)\b"
)


# A licence the licensor may take back at will ("may revoke it at any time, for any reason or
# without giving a reason"); revocation on the licensee's breach is the fair form.
_REVOKED_AT_WILL = re.compile(
    r"\b(?:revoke|revoked|revocable|withdraw|withdrawn|cancel|cancelled|canceled)\b[^.;]{0,80}?"
    r"(?:\bfor\s+any\s+reason|\bwithout\s+(?:giving\s+|stating\s+|any\s+)?(?:a\s+|any\s+)?(?:reason|cause)"
    r"|\bat\s+(?:its|the\s+licensor's|our|their)\s+(?:sole\s+|absolute\s+|entire\s+)?discretion"
    r"|\bat\s+will|\bfor\s+convenience)\b"
)


# A licensee barred from dealing in anything it does not license from the licensor ("will not
# make, sell or promote, anywhere in the world, any product bearing a marbled pattern that is
# not a Design"), past the term or across the world: a restraint of its trade, not a limit on
# the licensed use. A bar on competing goods during the term in a stated territory is the
# usual exclusivity.
_DEALS = (
    r"(?:design|make|manufacture|produce|buy|sell|offer|supply|distribute|promote|market|import"
    r"|license|licence|deal\s+in|stock|develop|commission)"
)
_BARRED_DEALING = re.compile(
    r"\b(?:will|shall|must|may)\s+(?:not|never)\b|\b(?:agrees?|undertakes?)\s+(?:not\s+to|to\s+not)\b"
)
_ANY_GOODS = re.compile(rf"\b{_DEALS}\w*\b[^.;]{{0,160}}?\b(?:any|other)\b", re.IGNORECASE)
_COMPETING_GOODS = re.compile(
    rf"\b{_DEALS}\w*\b[^.;]{{0,160}}?\b(?:any|other)\s+(?:competing|rival|competitive)\s+"
    r"(?:[a-z-]+\s+){0,2}?(?:products?|goods|works?|designs?|software|lines?)\b",
    re.IGNORECASE,
)
# what sets the goods apart from the licensed ones, after them: "that is not a Design" (the
# licence's own defined term), "not licensed from the Licensor", "that competes with"
_NOT_LICENSED = re.compile(
    r"\bthat\s+(?:is|are)\s+not\s+(?:licensed|supplied|made|designed|approved\s+and\s+licensed)\b"
    r"|\bnot\s+(?:licensed|supplied|made|designed|obtained)\s+(?:by|from)\b"
    r"|\bother\s+than\s+(?:the\s+)?(?:licensed|those\s+licensed)\b|\bcompet\w*",
    re.IGNORECASE,
)
_NOT_DEFINED_TERM = re.compile(r"\bthat\s+(?:is|are)\s+not\s+(?:an?\s+|the\s+)?[A-Z][a-z]+")


def _other_goods(text: str) -> bool:
    if _COMPETING_GOODS.search(text):
        return True
    for m in _ANY_GOODS.finditer(text):
        tail = text[m.end() : m.end() + 120].split(";")[0]
        if _NOT_LICENSED.search(tail) or _NOT_DEFINED_TERM.search(tail):
            return True
    return False


_PAST_TERM_OR_WORLD = re.compile(
    r"\b(?:after|following)\s+(?:it|the\s+term|this\s+(?:agreement|licence|license)|the\s+(?:agreement"
    r"|licence|license))\s+(?:ends|expires|terminates|has\s+ended|comes\s+to\s+an\s+end)\b"
    r"|\b(?:years?|months?)\s+(?:after|following)\s+(?:the\s+)?(?:end|expiry|expiration|termination)\b"
    r"|\banywhere\s+in\s+the\s+world\b|\bthroughout\s+the\s+world\b|\bworld-?wide\b"
)


def _licensee_barred(text: str) -> bool:
    plain = normalise(text)
    low = plain.lower()
    return bool(
        _BARRED_DEALING.search(low) and _PAST_TERM_OR_WORLD.search(low) and _other_goods(plain)
    )


# Payment put off for four months or more ("by promissory note maturing one hundred and
# eighty (180) days from the end of the month"): the payee finances the payer. A deadline on
# late or unpaid sums, interest or refunds is not when payment falls due.
_FALLS_DUE = re.compile(
    r"\b(?:(?:shall|will|must|agrees? to|is to)\s+pay"
    r"|(?:is|are|shall\s+be|will\s+be|becomes?|falls?)\s+(?:due|payable)|payment\s+(?:is|shall\s+be|will\s+be)\s+(?:due|made)|maturing"
    # "shall be calculated for each calendar year and paid within one hundred eighty days"
    r"|(?:be|and|are|is)\s+paid\s+(?:within|no\s+later\s+than|not\s+later\s+than))\b"
)
_NOT_THE_DUE_DATE = re.compile(
    r"\b(?:unpaid|overdue|late|fails?|failure|default|interest|refund\w*|repay\w*)"
)
LONG_PAYMENT_MONTHS = 4.0


def _long_payment(text: str) -> bool:
    low = normalise(text).lower()
    due = _FALLS_DUE.search(low)
    if due is None or _NOT_THE_DUE_DATE.search(low):
        return False
    tail = low[due.end() :]
    periods = months_and_days_in(tail)
    return bool(periods) and max(periods) >= LONG_PAYMENT_MONTHS


# Confidentiality that ends as soon as the recipient walks away ("until ... the date on which
# the Recipient notifies the Company that it does not wish to proceed"): the duty lapses just
# when the information could be used. A period after that notice, or the end of what is
# covered as disclosed, is the fair form.
_WALKS_AWAY = re.compile(
    r"\b(?:notif(?:y|ies)|informs?|tells?|gives?\s+(?:the\s+other\s+)?(?:written\s+)?notice)\b"
    r"[^.;]{0,80}?\b(?:does\s+not|do\s+not|no\s+longer|will\s+not|decides?\s+not\s+to)\s*(?:wish(?:es)?\s+)?"
    r"(?:to\s+)?(?:proceed|pursue|continue)\b"
)
# (what is covered as disclosed, a period after the notice, or the agreement ending while
# its duties survive: "This agreement ... ends on ... 30 days after either party gives notice")
_COVERED = re.compile(
    r"\b(?:disclosed|disclosure)\b"
    r"|\b(?:days?|weeks?|months?|years?)\s+(?:after|from|following)\b[^.;]{0,40}?\b(?:notice|notif\w*"
    r"|gives?|informs?|tells?)\b"
    r"|\b(?:this|the)\s+(?:agreement|letter|contract|undertaking)\b[^.;]{0,80}?\b(?:ends?|terminates?"
    r"|expires?|shall\s+(?:end|terminate|expire))\b"
)


# Or the duties end on a date whatever the talks have come to ("shall terminate on the date
# falling six (6) months after the Effective Date, whether or not the discussions have then
# ended"): the information goes free while it is still in play.
_ENDS_MID_TALKS = re.compile(
    r"\b(?:obligations?|duties|duty|undertakings?)\b[^.;]{0,100}?\b(?:terminate|end|cease|expire|lapse)s?"
    r"\b[^.;]{0,120}?\bwhether\s+or\s+not\s+(?:the\s+)?(?:discussions|negotiations|talks|evaluation)\s+"
    r"(?:have\s+|has\s+)?(?:then\s+)?(?:ended|concluded|finished|continue|are\s+continuing)\b"
)


# A way out open only between two counts of days before the end ("not earlier than 120 and
# not later than 90 calendar days before the end of the term"): a window of a month or less.
_BETWEEN_DAYS = re.compile(
    r"\b(?:not\s+(?:earlier|sooner|more)\s+than|between)\s+(\d+)\s*(?:\(\d+\)\s*)?(?:calendar\s+"
    r"|business\s+|working\s+)?(?:days\s+)?(?:and|,|but|to)\s+(?:not\s+(?:later|less)\s+than\s+)?"
    r"(\d+)\s*(?:\(\d+\)\s*)?(?:calendar\s+|business\s+|working\s+)?days\s+(?:before|prior\s+to)"
)
NARROW_DAYS = 31


# A window in which the provider writes to the customer is a reminder, no way out.
_REMINDS = re.compile(r"\bremind|\bwe (?:will|shall) (?:e-?mail|write to|send|notify|tell) you\b")


def _narrow_window(text: str) -> bool:
    low = normalise(text).lower()
    if _REMINDS.search(low):
        return False
    for m in _BETWEEN_DAYS.finditer(low):
        first, last = int(m.group(1)), int(m.group(2))
        if 0 < abs(first - last) <= NARROW_DAYS:
            return True
    return False


# A law one party alone may swap for another once a dispute arises ("The Company may, however,
# elect at the time a dispute arises that the law of ... shall apply instead"): the law is
# then that party's choice, not the contract's. Not a choice both parties make.
_LAW_AT_WILL = re.compile(
    r"\b(?<!parties )(?<!party )(?:may|can|is entitled to|reserves the right to|has the right to)"
    r"(?:,?\s+(?:however|instead|also|alternatively"
    r"|at its (?:sole |absolute )?(?:option|discretion)),?)?"
    r"\s+(?:elect|choose|decide|determine|designate|select|opt)\w*\b[^.;]{0,80}?\blaws?\s+of\b"
    r"[^.;]{0,120}?\b(?:appl\w*|govern\w*)\b"
)


TERMS: dict[str, Callable[[str], bool]] = {
    "{long_renewal}": _long_renewal,
    "{narrow_window}": _narrow_window,
    "{ends_on_walking_away}": said_without(_WALKS_AWAY, _COVERED),
    "{ends_mid_talks}": saying(_ENDS_MID_TALKS),
    "{revoked_at_will}": saying(_REVOKED_AT_WILL),
    "{retroactive}": affirming(_RETROACTIVE, denied_within=True),
    "{long_payment}": _long_payment,
    "{kept_on_breach}": _kept_on_breach,
    "{law_at_will}": affirming(_LAW_AT_WILL),
    "{licensee_barred}": _licensee_barred,
}
