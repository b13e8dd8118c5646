"""Risky liability wording read from a whole sentence: an indemnity that reaches the protected
party's own fault, one side's liability left unlimited, its own negligence excluded, a token
cap, claims released, and fitness or conformity disclaimed."""

from __future__ import annotations

import re
from collections.abc import Callable

from thinkact.apps.legal.evidence import normalise
from thinkact.apps.legal.periods import months_and_days_in
from thinkact.apps.legal.sentences import affirmed, saying

# An indemnity that reaches the protected party's own fault: "indemnify the Consultant ...
# including those caused by the negligence of the Consultant". The same fault named in an
# exception ("except to the extent caused by the Landlord's own negligence") is the fair form.
_PROTECTED = re.compile(
    r"\b(?i:indemnif(?:y|ies)|hold|holds|save|saves|keep|keeps|make good to|makes good to"
    r"|cover|covers|reimburse|reimburses|compensate|compensates)\s+"
    r"(?i:(?:and|or)\s+\w+\s+)?"
    r"(?i:(?:harmless|indemnified|all|for)\s+)?(?:the\s+)?([A-Z][A-Za-z]+|us|our|you|me)\b"
)
_REACHING = re.compile(
    r"\b(?:including|even|whether or not|whether caused|whether arising|whether occasioned"
    r"|regardless of|irrespective of|notwithstanding)\b"
    r"(?:(?!\b(?:except|excepting|excluding|save|other than|unless|but not)\b)[^;.])*",
    re.IGNORECASE,  # capitalised disclaimers too ("EVEN IF ... THE SOLE NEGLIGENCE OF SELLER")
)
_POSSESSIVE = {"us": "(?:us|our)", "our": "(?:us|our)", "you": "(?:you|your)", "me": "(?:me|my)"}
# The user as the one who indemnifies, just before the protected party is named ("You will
# defend, indemnify and hold harmless Bighole Hut Company LLC").
_BY_YOU = re.compile(r"\b(?:you|You|YOU)\b[^.;]{0,60}$")


# Three or more words in capitals inside a sentence that is not all capitals: a shouted tail
# ("..., WHETHER OR NOT CAUSED BY THE NEGLIGENCE OF CONTRACTOR"), read in lower case.
_SHOUTED = re.compile(r"\b[A-Z][A-Z'-]+(?:[\s,]+[A-Z][A-Z'-]*){2,}\b")


def _covers_own_fault(text: str) -> bool:
    text = normalise(text)
    if not text.isupper():
        text = _SHOUTED.sub(lambda m: m.group().lower(), text)
    for m in _PROTECTED.finditer(text):
        name = m.group(1)
        named = re.escape(name)
        alias = _POSSESSIVE.get(name, f"(?:{named}|{named.lower()})")
        if name not in _POSSESSIVE and _BY_YOU.search(text, 0, m.start()):
            # the user holds a named company harmless: in its own terms "we" and "our" name it
            alias = f"(?:{alias}|us|our)"
        party = re.compile(rf"\b{alias}\b")
        # the protected party named as the one at fault: "the Consultant's negligence",
        # "the negligence or default of the Landlord" (not "costs that the Client incurs")
        at_fault = re.compile(
            # (or last in a list: "our own act, omission or negligence")
            rf"{party.pattern}(?:'s)?\s+(?:own\s+)?"
            r"(?:(?!(?:your|you|their|its|his|her|the|a|an|any)\b)[a-z]+,?\s+(?:(?:or|and)\s+)?){0,3}?"
            r"(?i:negligen|careless|fault|default|breach|misconduct|error|mistake)"
            rf"|(?i:negligen\w*|careless\w*|fault|default|breach|misconduct)[^;.]{{0,70}}?\b(?:of|by|on)\s+"
            rf"(?:(?:the|any|a|an|each)\s+)?{party.pattern}"
            # "the conduct of the Company's masters and staff", "any act or omission of us"
            rf"|(?i:conduct|acts?\s+or\s+omissions?)\s+of\s+(?:the\s+)?{party.pattern}"
            # "including those caused by the Contractor" (not "a recall not caused by the Ripener")
            rf"|(?<!not\s)(?<!never\s)(?i:caused|occasioned)\s+(?:solely\s+|wholly\s+|in\s+part\s+)?by\s+(?:the\s+)?{party.pattern}",
            re.IGNORECASE if text.isupper() else 0,
        )
        for span in _REACHING.finditer(text, m.end()):
            if at_fault.search(span.group()) or _INDEMNIFIED_AT_FAULT.search(span.group()):
                return True
    return False


# The protected party named by its role: "the negligence of any person indemnified", "the
# indemnified party's negligence", "the fault of an Indemnitee".
_INDEMNIFIED = (
    r"(?:(?:the|any|an?|each)\s+)?(?:(?:person|party|persons|parties|one)\s+(?:so\s+)?(?:indemnified"
    r"|protected|held\s+harmless)|indemnified\s+(?:person|party|persons|parties)s?|indemnitees?)"
)
_INDEMNIFIED_AT_FAULT = re.compile(
    r"(?:negligen\w*|careless\w*|fault|default|misconduct)[^;.]{0,40}?\b(?:of|by)\s+"
    + _INDEMNIFIED
    + r"|"
    + _INDEMNIFIED
    + r"(?:'s|s')\s+(?:own\s+)?(?:negligen|fault|default|misconduct)",
    re.IGNORECASE,
)


# One party's liability left unlimited across the whole agreement ("The Licensee shall be
# liable without limitation for all damage of every kind"), beside a cap for the other. A
# carve-out for named causes ("for death, fraud or gross negligence is unlimited") or one
# that binds both parties is the fair form.
_UNLIMITED = re.compile(
    r"\b(?:unlimited|without limit(?:ation)?|not (?:be )?limited|no limit|in full)\b"
)
_WHOLE_SCOPE = re.compile(
    r"\b(?:all (?:loss|losses|damage|damages|liabilit)|of every kind|of any kind|whatsoever"
    # "for any loss or damage that you cause us" (not "any damage to the hired equipment")
    r"|any (?:loss|losses|damage|damages)(?: or (?:loss|losses|damage|damages))?"
    r"(?! (?:to|of|in|at)\b)"
    r"|in connection with this|under this agreement"
    # "whether under section 8.2 or otherwise": every cause, not a named one
    r"|whether\s+(?:under|in|arising)(?:[^.;]|\.\d){0,60}?\bor\s+otherwise)"
)
_MUTUAL = re.compile(r"\b(?:either|each|both|neither|the parties|mutual)\b")
# or answerable for all loss with indirect and unforeseen loss named in ("shall answer to the
# Buyer for all damage caused by any breach ..., direct or indirect, foreseen or unforeseen")
_ALL_LOSS = re.compile(
    r"\b(?:liable|liability|answers?|answerable|responsible)\b[^.;]{0,40}?\bfor\s+all\s+(?:loss"
    r"|losses|damage|damages)\b[^.;]{0,120}?\b(?:direct\s+or\s+indirect"
    r"|(?:foreseen|foreseeable)\s+or\s+(?:not|unforeseen|unforeseeable))\b"
)

# or liable for all loss as the general law has it, which sets no limit ("The Licensee is
# liable to the Licensor according to the general rules of Danish law, including for all
# loss ..."), unless a limit follows; not for named causes ("for damage caused by our
# negligence")
_GENERAL_LAW = re.compile(
    r"\b(?:is|are|shall\s+be|will\s+be|remains?)\s+liable\b[^.;]{0,60}?\b(?:according\s+to"
    r"|in\s+accordance\s+with|under|pursuant\s+to)\s+(?:the\s+)?(?:general|ordinary|usual|normal)"
    r"\s+(?:rules?\s+of\s+(?:the\s+)?)?(?:[a-z]+\s+)?(?:law|rules)\b"
    r"(?![^.;]*\b(?:subject\s+to|except|save|but|however|limit|cap|exceed))"
)

# "Nothing in this agreement limits your liability to us": one side's liability left whole,
# not a carve-out ("limits our liability for fraud", "... where the law says otherwise").
_NOTHING_LIMITS = re.compile(
    r"(?:\bnothing(?: in (?:this|these) [a-z]+(?: \d+(?:\.\d+)*)?)? (?:shall |will )?"
    r"(?:limits?|restricts?|excludes?)(?: or (?:limits?|restricts?|excludes?))? "
    # "your liability", "any liability of the Station Owner"
    r"(?:(?:the|any) )?(?:[a-z]+(?:'s)? liability|liability of (?:the )?[a-z]+(?: [a-z]+)?)"
    r"(?: (?:to|towards) (?:us|you|the [a-z]+|[a-z]+))?"
    # "No limit applies to the liability of the Distributor."
    r"|\bno limit (?:applies|shall apply|will apply) to (?:the )?(?:[a-z]+(?:'s)? )?liability"
    r"(?: of (?:the )?[a-z]+)?"
    # "the Customer's liability is not limited": said of one side with no cause named (not
    # "... or to a breach of clause 6.2, for which liability is unlimited": the carve-outs;
    # nor "In those cases liability is unlimited": no party named)
    r"|\b(?:the )?(?!which\b|that\b|whom\b|such\b)(?<!those )(?<!these )(?<!such )(?<!that )"
    r"(?<!this )(?<!all )(?<!other )[a-z]+(?:'s)? liability"
    r"(?: (?:to|towards) (?:us|you|the [a-z]+))? (?:is|shall be|will be|remains) "
    r"(?:not (?:be )?limited|unlimited|without limit(?:ation)?))\s*(?:[.;]|$)"
)


# A liability left whole under a named clause ("its liability under clause 9.1(b) is
# unlimited", beside a cap on the rest) is a carve-out, whatever the cap's scope.
_NAMED_CARVE_OUT = re.compile(
    r"\bliabilit(?:y|ies)\s+(?:under|for\s+breach\s+of|in\s+respect\s+of|pursuant\s+to)\s+"
    r"(?:clause|section|article|paragraph)s?\s+\d[\d.]*(?:\s*\([a-z0-9]+\))*\s+(?:is|are|shall\s+be"
    r"|will\s+be|remains?)\s+(?:unlimited|not\s+limited|without\s+limit(?:ation)?)\b"
)


# The limits said to protect one party alone ("The limits in this clause apply only to the
# Supplier."), not a scope ("apply only to claims in contract").
_LIMITS_FOR_ONE = re.compile(
    r"\b(?:limits?|limitations?|exclusions?|caps?)\b[^.;]{0,60}?\b(?:appl(?:y|ies)|operates?"
    r"|benefits?)\s+only\s+(?:(?:to|in\s+favou?r\s+of|for\s+the\s+benefit\s+of)\s+)?(?:the\s+)?"
    r"(?!claims?\b|loss|damage|liabilit|direct\b|indirect\b)[a-z]+\s*(?:[.;]|$)"
)


def _one_side_unlimited(text: str) -> bool:
    low = _NAMED_CARVE_OUT.sub(" ", normalise(text).lower())
    if _MUTUAL.search(low):
        return False
    return bool(
        (
            _WHOLE_SCOPE.search(low)
            and (("liab" in low and _UNLIMITED.search(low)) or _GENERAL_LAW.search(low))
        )
        or _NOTHING_LIMITS.search(low)
        or _ALL_LOSS.search(low)
        or _LIMITS_FOR_ONE.search(low)
    )


# One party excused outright for loss of or damage to what the other has, even when it is
# its own negligence ("shall have no liability for any loss of or damage to the Instrument
# ..., howsoever caused, including by the negligence of the Contractor"). Excluding indirect
# loss, lost profit or the like, or an exclusion both parties share, is the fair form.
_NEGLIGENCE_EXCLUDED = re.compile(
    r"(?<![a-z])(?:no\s+liability|not\s+be\s+liable|not\s+liable|no\s+responsibility"
    r"|not\s+be\s+responsible|not\s+responsible|excludes?\s+all\s+liability)\s+"
    r"(?:[a-z]+\s+){0,3}?for\s+(?:any\s+)?(?:loss\s+of\s+or\s+)?(?:loss|damage)(?![a-z])"
    r"(?!\s+of\s+(?:profits?|revenues?|business|goodwill|opportunit|savings|contracts?))"
    # not "unless it is caused by our negligence", nor "loss that is not caused by our
    # negligence": the fair form
    # nor "loss that was not a reasonably foreseeable result of our breach or our negligence"
    r"(?:(?!unless|except|other\s+than|save\s+(?:where|if|to|for)|excluding|not\s+(?:caused"
    r"|due|attributable|arising|resulting|(?:an?\s+)?(?:reasonably\s+)?foreseeable)|unforeseeable)"
    r"[^.;]){0,200}?"
    r"(?:(?:howsoever|however)\s+(?:it\s+(?:is|was|may\s+be)\s+)?caused|negligence\s+of\s+(?:the\s+)?[a-z]+"
    r"|(?:its|their|our)\s+(?:own\s+)?negligence|by\s+(?:the\s+)?negligence)"
    # or for everything, its own negligence included ("no liability whatsoever to the
    # Customer, howsoever arising, including for its own negligence")
    r"|(?<![a-z])(?:no\s+liability|not\s+be\s+liable|not\s+liable|excludes?\s+all\s+liability"
    r"|(?:under\s+no\s+circumstances|in\s+no\s+event)\s+(?:will|shall)\s+(?:[a-z]+\s+){1,3}?be\s+liable)"
    r"\s+(?:whatsoever|of\s+any\s+kind|at\s+all|to\s+(?:you|us|the\s+[a-z]+)|for\s+anything)"
    r"(?:(?!indirect|consequential|special|profit|revenue|goodwill)[^.;]){0,150}?"
    r"(?<![a-z])(?:including|even)\s+(?:for|where|if|when)?[^.;]{0,40}?(?:negligen|death"
    r"|personal\s+injury)"
    # or for death and personal injury its negligence causes, which no clause may exclude
    r"|(?<![a-z])(?:no\s+liability|not\s+be\s+liable|not\s+liable|no\s+responsibility"
    r"|not\s+be\s+responsible|not\s+responsible|(?:under\s+no\s+circumstances|in\s+no\s+event)\s+"
    r"(?:will|shall)\s+(?:[a-z']+\s+){1,3}?be\s+(?:liable|responsible))\s+(?:[a-z]+\s+){0,3}?for\s+"
    r"(?:any\s+|the\s+)?(?:death"
    r"|personal\s+injury|bodily\s+injury|injury|illness)(?:(?!except|unless|other\s+than|save|excluding)[^.;])"
    r"{0,320}?(?:negligen|(?:howsoever|however)\s+(?:it\s+(?:is|was|may\s+be)\s+)?caused)"
)
# A user's release of every claim, the provider's own negligence included ("each participant
# releases Granite Cornice ... from all claims for injury ... however caused, including ...
# gross negligence"): one-sided by its nature, whoever "each" names.
_RELEASED = re.compile(
    r"(?<![a-z])releases?\s+[^.;]{0,160}?\bfrom\s+(?:all|any)\s+(?:claims|liabilit\w*|actions)"
    r"(?:(?!except|unless|other\s+than|save|excluding)[^.;]){0,320}?(?:gross\s+negligen"
    r"|including[^.;]{0,80}?negligen)"
)


# A cap measured by the fees of a month or less ("the fees paid for the one (1) month
# preceding the claim", "the Charges for the calendar month before the claim"): a token sum,
# where the usual measure is a year's fees (six or four months is still a real cap). A cap on
# service credits or delay damages by the month's fees is their usual form.
# The words that cap a liability at what follows them.
CAP_WORDS = re.compile(r"\b(?:not exceed|limited to|capped at|no more than|not more than)\b")
_FEES_PAID = re.compile(
    r"\b(?:fees?|charges?|amounts?|sums?|price|subscription)\b[^.;]{0,60}?\b(?:paid|payable|received"
    r"|invoiced)\b"
)
_A_MONTH = re.compile(r"\b(?:the|a|one|that|each)\s+(?:calendar\s+)?month\b")
_CREDITS = re.compile(r"\b(?:credits?|rebates?|discounts?|liquidated|delay)\b")
TOKEN_MONTHS = 3.0


def _token_cap(text: str) -> bool:
    low = normalise(text).lower()
    cap = CAP_WORDS.search(low)
    if cap is None or _CREDITS.search(low) or not _FEES_PAID.search(low, cap.end()):
        return False
    tail = low[cap.end() :]
    periods = months_and_days_in(tail) + [1.0] * len(_A_MONTH.findall(tail))
    return bool(periods) and max(periods) < TOKEN_MONTHS


# The user excused for the provider's fault ("You are not responsible for loss caused by our
# own negligence"): the one at fault is not the one excused.
_EXCUSED_FOR_OURS = re.compile(
    r"(?<![a-z])you\s+(?:are|will|shall|would)\s+(?:not|never)\s+(?:be\s+)?(?:liable|responsible)"
    r"\b[^.;]{0,120}?\b(?:our|us)\b"
)


def _negligence_excluded(text: str) -> bool:
    low = normalise(text).lower()
    return (
        not _MUTUAL.search(low)
        and not _EXCUSED_FOR_OURS.search(low)
        and affirmed(_NEGLIGENCE_EXCLUDED, text)
    )


# Fitness disclaimed for the very purpose the buyer made known ("does not warrant that they
# are fit for any particular purpose, even if the Buyer has told the Supplier of that
# purpose"): the one promise a buyer who says what it needs relies on.
_PURPOSE_DISCLAIMED = re.compile(
    r"\b(?:fit|fitness|suitable|suitability)\s+for\s+(?:any|a|the|its|their)\s+(?:particular\s+|specific\s+)?"
    r"purpose\b[^.;]{0,80}?\b(?:even\s+if|even\s+where|even\s+though|although|notwithstanding\s+that"
    r"|whether\s+or\s+not)\b[^.;]{0,80}?\b(?:told|informed|made\s+known|disclosed|notified|aware)\b"
)


# A disclaimer that names conformity to what was ordered among what it excludes ("INCLUDING
# ANY WARRANTY THAT THE PRODUCTS CONFORM TO THE SPECIFICATIONS"), or a buyer left with no
# right to reject: the goods need not be what was bought.
_CONFORMITY_DISCLAIMED = re.compile(
    r"\bincluding\s+(?:without\s+limitation\s+)?(?:any|all|the)\s+(?:implied\s+)?(?:warrant\w*"
    r"|representations?|guarantees?|conditions?)\s+(?:that|of)\b[^.;]{0,60}?\b(?:conform\w*|compl\w*"
    r"|correspond\w*)\s+(?:to|with)\s+(?:the|any|its|their)\s+(?:agreed\s+)?(?:specifications?"
    r"|description|samples?|order)\b"
    r"|\b(?:shall\s+have|has|have|will\s+have)\s+no\s+right\s+to\s+reject\b"
    # or defects no inspection could find deemed accepted with the goods ("failing which the
    # Goods are deemed approved, including as regards defects that could not be discovered on
    # ordinary inspection"); "except for latent defects" is the fair form
    r"|\bdeemed\s+(?:to\s+(?:be|have\s+been)\s+)?(?:accepted|approved)\b[^.;]{0,60}?\bincluding\b[^.;]{0,30}?"
    r"(?:\b(?:latent|hidden|concealed)\s+defects?\b|\bdefects?\s+(?:that|which)\s+could\s+not\s+"
    r"(?:reasonably\s+)?(?:have\s+been|be)\s+(?:discovered|detected|found|seen)\b)"
)


LIABILITY: dict[str, Callable[[str], bool]] = {
    "{own_fault}": _covers_own_fault,
    "{one_side_unlimited}": _one_side_unlimited,
    "{negligence_excluded}": _negligence_excluded,
    "{token_cap}": _token_cap,
    "{released}": saying(_RELEASED),
    "{purpose_disclaimed}": saying(_PURPOSE_DISCLAIMED),
    "{conformity_disclaimed}": saying(_CONFORMITY_DISCLAIMED),
}
