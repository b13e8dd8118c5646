"""Risky wording no single phrase can hold, read from a whole sentence: an indemnity that
reaches the protected party's own fault, one side's liability left unlimited, a long
automatic renewal, data used for the recipients' own ends, ... Each reading is named in the
checklists' `risky_match` lists ("{own_fault}", "{long_renewal}", ...) through `values.states`."""

from __future__ import annotations

import re
from collections.abc import Callable

from thinkact.apps.legal.evidence import normalise
from thinkact.apps.legal.open_wording import said_without, saying
from thinkact.apps.legal.periods import months_and_days_in, months_in

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
_FAULT = re.compile(r"\b(?:negligen|fault|default|breach|misconduct)")
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
    r"|in connection with this|under this agreement)"
)
_MUTUAL = re.compile(r"\b(?:either|each|both|neither|the parties|mutual)\b")
# or answerable for all loss with indirect and unforeseen loss named in ("shall answer to the
# Buyer for all damage caused by any breach ..., direct or indirect, foreseen or unforeseen")
_ALL_LOSS = re.compile(
    r"\b(?:liable|liability|answers?|answerable|responsible)\b[^.;]{0,40}?\bfor\s+all\s+(?:loss"
    r"|losses|damage|damages)\b[^.;]{0,120}?\b(?:direct\s+or\s+indirect"
    r"|(?:foreseen|foreseeable)\s+or\s+(?:not|unforeseen|unforeseeable))\b"
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
    # "the Customer's liability is not limited": said of one side with no cause named
    r"|\b(?:the )?[a-z]+(?:'s)? liability(?: (?:to|towards) (?:us|you|the [a-z]+))? (?:is|shall be"
    r"|will be|remains) (?:not (?:be )?limited|unlimited|without limit(?:ation)?))\s*(?:[.;]|$)"
)


# A liability left whole under a named clause ("its liability under clause 9.1(b) is
# unlimited", beside a cap on the rest) is a carve-out, whatever the cap's scope.
_NAMED_CARVE_OUT = re.compile(
    r"\bliabilit(?:y|ies)\s+(?:under|for\s+breach\s+of|in\s+respect\s+of|pursuant\s+to)\s+"
    r"(?:clause|section|article|paragraph)s?\s+\d[\d.]*(?:\s*\([a-z0-9]+\))*\s+(?:is|are|shall\s+be"
    r"|will\s+be|remains?)\s+(?:unlimited|not\s+limited|without\s+limit(?:ation)?)\b"
)


def _one_side_unlimited(text: str) -> bool:
    low = _NAMED_CARVE_OUT.sub(" ", normalise(text).lower())
    if _MUTUAL.search(low):
        return False
    return bool(
        ("liab" in low and _UNLIMITED.search(low) and _WHOLE_SCOPE.search(low))
        or _NOTHING_LIMITS.search(low)
        or _ALL_LOSS.search(low)
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
    r"(?:(?!unless|except|other\s+than|save\s+(?:where|if|to|for)|excluding|not\s+(?:caused"
    r"|due|attributable|arising|resulting))[^.;]){0,200}?"
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
        and _affirmed(_NEGLIGENCE_EXCLUDED, text)
    )


# The people a service's terms are made for, whose own work is not the job.
_CUSTOMERS = (
    r"(?:members?|users?|customers?|participants?|students?|subscribers?|pupils?|players?"
    r"|visitors?|guests?)"
)
# The user's content taken over outright ("you transfer to us all ownership of and rights in
# your content"), where a licence to use it is the norm.
_TAKES_CONTENT = re.compile(
    r"\b(?:you|users?|members?)\s+(?:hereby\s+|irrevocably\s+)*(?:transfer|assign)s?\s+"
    r"(?:to\s+(?:us|the [a-z]+)\s*,?\s*)?[^.;]{0,80}?\b(?:all\s+)?(?:ownership|title|copyright"
    r"|rights)\b[^.;]{0,40}?\b(?:your|their|the user's|the member's)\s+(?:content|posts?|"
    r"contributions?|submissions?|materials?|photos?|uploads?)"
    r"|\b(?:you|users?|members?)\s+(?:hereby\s+|irrevocably\s+)*(?:transfer|assign)s?\s+"
    r"(?:to\s+(?:us|the [a-z]+)\s*,?\s*)?[^.;]{0,40}?\b(?:all\s+)?(?:ownership|title|copyright)\b"
    r"[^.;]{0,60}?\bin\s+(?:that|this|each|every|the|any)\s+(?:photographs?|photos?|images?|videos?"
    r"|recordings?|uploads?|posts?|contributions?)"
    r"|\b(?:ownership|copyright|title)\s+(?:of|in)\s+(?:your|user|member)\s+(?:content|posts?|"
    r"contributions?|submissions?)\s+(?:passes|transfers|vests?)\s+(?:to|in)\s+us\b"
    # what members make claimed for the provider ("designs created by a member ... belong to
    # the school"): customers, not employees or contractors, whose work is the job
    r"|\b(?:created|made|written|designed|composed|produced|developed|devised|authored)\s+by\s+"
    rf"(?:a|the|any|each)?\s*{_CUSTOMERS}\b[^.;]{{0,120}}?\b(?:belongs?|vests?|pass(?:es)?|becomes?)\s+"
    r"(?:to|in|the\s+(?:sole\s+|exclusive\s+)?property\s+of)\s+(?!(?:you|them)\b|(?:the|that|each|such)\s+"
    rf"{_CUSTOMERS}\b)"
)


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


# Recipients free to use people's data for their own ends ("partners ... who may use your
# health information for their own purposes, including marketing their products to you"),
# unless the sentence denies it ("they may not use it for their own purposes").
_OWN_ENDS = re.compile(
    r"\b(?:for|in) (?:any of |all of )?(?:their|its) own (?:purposes|marketing|use|ends|benefit"
    r"|business)"
    r"|\b(?:to|can|may) (?:market|advertise|promote|sell|offer)(?: you)? (?:their|its) (?:own )?"
    r"(?:products|services)"
    r"|\bmarketing (?:their|its) (?:own )?(?:products|services)"
    # a processor building its own products from the data, or selling what it draws from it
    r"|\b(?:to (?:develop|train|improve|build)\b|for (?:developing|training|improving|building|"
    r"testing|benchmarking)\b)[^.;]{0,40}?\b(?:their|its) (?:own )?"
    r"(?:[a-z-]+ ){0,4}?(?:products|services|models|offerings)"
    r"|\b(?:available|sold|sells?|offers?|offered) to (?:their|its) other (?:customers|clients)"
    r"|\bfor (?:[a-z]+ and )?product development\b"
    # or so that they can sell to people themselves ("so that they can contact you directly
    # with their own offers")
    r"|\b(?:contact|approach|send|reach)\s+(?:you|them|(?:the\s+)?(?:members?|customers?|users?|clients?"
    r"|guests?|patients?|subscribers?))\s+(?:directly\s+)?(?:with\s+)?"
    # ("send you information about their own products")
    r"(?:(?:information|details|news|messages|mailings|e-?mails|offers)\s+(?:about|on|of)\s+)?"
    r"(?:their|its)\s+(?:own\s+)?"
    r"(?:offers|products|services|promotions|marketing)"
    # or selling it outright ("We may sell your personal information to advertisers")
    r"|\b(?:sell|sells|rent|rents)\s+(?:your|personal|users'|customers'|members')\s+(?:personal\s+)?"
    r"(?:data|information|details|contact)"
)
_DENIED_BEFORE = re.compile(r"\b(?:not|never|no|nor|cannot|neither)\b[^.;]*$")


def _affirmed(pattern: re.Pattern[str], text: str, *, denied_within: bool = False) -> bool:
    """Whether `pattern` matches where no negation in the same clause comes before the match
    (or, with `denied_within`, before its end: "do not apply to disputes that arose before")."""
    low = normalise(text).lower()
    return any(
        not _DENIED_BEFORE.search(low[: m.end() if denied_within else m.start()])
        for m in pattern.finditer(low)
    )


def affirming(pattern: re.Pattern[str], *, denied_within: bool = False) -> Callable[[str], bool]:
    """A reading of a sentence that affirms `pattern` (`_affirmed`)."""

    def read(text: str) -> bool:
        return _affirmed(pattern, text, denied_within=denied_within)

    return read


# One side left free to pass on what the other tells it ("Nothing in this Agreement
# restricts the Client's use or disclosure of any information it receives from the
# Supplier"; "may share it with any other person as it sees fit"); not "shall not disclose
# to any person".
_FREE_TO_DISCLOSE = re.compile(
    r"\bnothing in this [a-z]+\s+(?:shall\s+)?(?:restricts?|limits?|prevents?)\s+(?:the\s+)?"
    r"[a-z]+(?:'s)?\s+(?:use\s+(?:or|and)\s+)?disclosure\s+of"
    r"|\bnothing in this [a-z]+\s+(?:shall\s+)?(?:restricts?|limits?|prevents?)\s+(?:the\s+)?"
    r"[a-z]+\s+from\s+(?:using\s+(?:or|and)\s+)?disclosing\b"
    # (not what the law or an authority asks: "from disclosing information where required by
    # law, ... to a government authority")
    r"(?!\s+(?:[a-z]+\s+){0,3}?(?:where|when|if|as|to\s+the\s+extent)\s+(?:it\s+is\s+)?(?:required"
    r"|compelled|permitted)|\s+(?:[a-z]+\s+){0,3}?to\s+(?:a|any|the)\s+(?:government|court|regulator"
    r"|authorit|tribunal))"
    r"|\b(?:share|disclose|pass on)\s+[^.;]{0,80}?\b(?:any (?:other )?(?:person|third part\w*)"
    r"|anyone|anybody)\b[^.;]{0,40}?\b(?:as it (?:sees|thinks) fit|as it (?:wishes|chooses)"
    r"|without (?:restriction|limitation)|for any purpose)\b"
    # "to anyone it chooses"
    r"|\b(?:share|disclose|pass on)\s+[^.;]{0,80}?\b(?:anyone|anybody|whoever|whomever"
    r"|any (?:other )?(?:person|third part\w*))\s+(?:it|they|he|she|we)\s+(?:chooses|choose"
    r"|wishes|wish|likes?|wants?|selects?|pleases?)\b"
)


# Information kept after the end for the recipient's own use, or freed from the duties that
# bound it ("all of which it may keep for as long as it wishes and use for its internal
# business purposes"; "may continue to use such retained materials in its internal research";
# "Sections 3.1 and 3.2 do not apply to the information so retained"),
# not an archive copy kept under those duties for the law's sake.
_KEPT_FOR_USE = re.compile(
    r"\b(?:keep|retain)s?\b[^.;]{0,120}?\b(?:and|to)\s+(?:may\s+)?(?:continue\s+to\s+)?use\s+"
    r"(?:them|it|such|the\s+same|that)?\s*[^.;]{0,30}?\b(?:for|in)\s+(?:its|their|his|her|any)\s+"
    r"(?:own\s+|internal\s+)*(?:business\s+)?(?:purposes?|research|product\s+development"
    r"|operations)\b"
    r"|\b(?:do|does|shall|will)\s+not\s+apply\s+to\s+(?:any\s+|the\s+)?(?:confidential\s+)?"
    r"(?:information|copies|materials?|documents?)\s+(?:so\s+|thus\s+)?(?:retained|kept)\b"
)


# An audit the processor may turn down at its own judgement ("may refuse access to its
# premises, systems and records where it considers that the audit would affect ..."), or
# allowed less than every other year ("no more than once every three years").
_AUDIT_CURBED = re.compile(
    r"\bmay\s+(?:refuse|decline|deny|reject|postpone\s+indefinitely)\b[^.;]{0,80}?"
    r"\b(?:audits?|inspections?|access)\b[^.;]{0,100}?(?:\b(?:where|if|whenever|when)\s+it"
    r"\s+(?:considers|believes|thinks|determines|deems|judges)\b|\bin\s+its\s+(?:sole\s+|absolute\s+)?"
    r"discretion\b)"
    r"|\b(?:no\s+more\s+(?:often\s+)?than|at\s+most|not\s+more\s+(?:often\s+)?than)\s+once\s+"
    r"(?:every|in\s+any|in\s+each|per)\s+(?:three|four|five|six|ten|[3-9])\s+(?:\(\d\)\s+)?"
    r"(?:calendar\s+)?years\b"
)


# The other party left untold: "is not required to inform the Controller in advance",
# "may replace them without notifying the Customer" (not "shall not engage one without
# notifying the Controller", where the duty stands).
_NEED_NOT_TELL = re.compile(
    r"\b(?:(?:not|never)\s+(?:be\s+)?(?:required|obliged|obligated|bound)\s+to|need\s+not"
    r"|no\s+(?:obligation|duty)\s+to)\s+(?:inform|notify|tell|consult|warn"
    r"|give\s+(?:(?:any|prior|advance)\s+)?notice)\b"
)
_UNTOLD = re.compile(
    r"\bwithout\s+(?:(?:any|prior|advance|first)\s+)?(?:informing|notifying|telling|consulting"
    r"|notice\s+to)\s+(?:the\s+)?(?:controller|customer|client|company|you|us|operator)\b"
    # "without the need to inform the Association or to obtain its consent"
    r"|\bwithout\s+(?:the\s+|any\s+)?(?:need|obligation|duty|having)\s+to\s+(?:inform|notify|tell"
    r"|consult)\b"
)


def _unannounced(text: str) -> bool:
    return bool(_NEED_NOT_TELL.search(normalise(text).lower())) or _affirmed(_UNTOLD, text)


# Sub-processors brought in at the processor's own choice, with nothing said of telling the
# controller ("may engage further sub-processors or replace existing ones as it sees fit",
# "decides for itself which ... firms carry out parts of the processing").
_AT_ITS_CHOICE = re.compile(
    r"\b(?:engage|add|replace|appoint|bring in|call on|use|change|substitute)\b[^.;]{0,120}?"
    r"\b(?:as (?:it|they) (?:sees?|thinks?) fit|as (?:it|they) (?:considers?|deems?) (?:appropriate"
    r"|necessary|suitable|fit)|at (?:its|their) (?:sole |own |absolute )?discretion"
    r"|as (?:its|their) business (?:requires|needs))\b"
    r"|\bdecides? for (?:itself|themselves) (?:which|who|whom)\b"
)
_CONTROLLER_TOLD = re.compile(r"\b(?:inform|notif|notice|tell|object|consent|approv)")
# What is said or shown left out of the definition ("Information which the Discloser
# communicates orally or visually, including everything shown ... during visits, is not
# Confidential Information"), though much is disclosed that way; oral information kept if
# identified or confirmed in writing is the fair form.
_ORAL_EXCLUDED = re.compile(
    r"\b(?:orally|verbally|visually|oral|verbal)\b[^.;]{0,200}?\b(?:(?:is|are)\s+not|(?:shall|will)\s+not"
    r"\s+(?:be|constitute)|does\s+not\s+constitute)\s+(?:treated\s+as\s+)?confidential\s+information"
    r"|\b(?:does|shall|will)\s+not\s+include\b[^.;]{0,60}?\b(?:disclosed|communicated|given|provided"
    r"|shared|shown)\s+(?:orally|verbally|visually)"
)
_KEPT_IF_IDENTIFIED = re.compile(
    r"\b(?:unless|except|save|provided\s+that|identified|confirmed|summari)"
)
# The controller told, if at all, with no say ("waives any right to object to the engagement
# or replacement of a further processor"); not an objection kept for stated grounds.
_OBJECTION_WAIVED = re.compile(
    r"(?:\b(?:waives?|waived|gives? up|renounces?)\b[^.;]{0,30}?\bright\s+to\s+object"
    r"|\b(?:has|have|shall\s+have|will\s+have)\s+no\s+right\s+to\s+object"
    r"|\b(?:(?:is|are)\s+not|(?:shall|will)\s+not\s+be)\s+entitled\s+to\s+object"
    r"|\b(?:may|can|shall|will)\s+not\s+object)"
    r"(?![^.;]{0,80}\b(?:unless|except|save|other\s+than|unreasonabl\w*|on\s+(?:reasonable|legitimate|justified)"
    r"|on\s+(?:the\s+)?grounds?))"
)


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
)


# Transfers allowed with the safeguard waived ("you authorise us to transfer your data to any
# of those countries ..., without the need for standard contractual clauses or other
# additional safeguards"); not "we never transfer data without ...".
_UNGUARDED = re.compile(
    r"\btransfer\w*\b[^.;]{0,200}?\bwithout\s+(?:the\s+need\s+for\s+|any\s+|further\s+)?"
    r"(?:standard\s+contractual\s+clauses|model\s+clauses|(?:additional\s+|further\s+|other\s+)?safeguards?"
    r"|an?\s+adequacy\s+decision|adequate\s+protection)\b"
)
# or refused outright ("the Club does not put in place additional safeguards for such
# transfers"), whatever negation stands before it
_SAFEGUARDS_REFUSED = re.compile(
    r"\b(?:does|do|will|shall)\s+not\s+(?:put\s+in\s+place|provide|use|apply|adopt|implement)\s+"
    r"(?:any\s+)?(?:additional\s+|further\s+|other\s+|appropriate\s+)?safeguards?\b"
    # or waived by the one they protect ("waives any requirement for additional contractual
    # safeguards for such processing")
    r"|\b(?:waives?|waived|gives?\s+up|renounces?)\s+(?:any\s+|all\s+|the\s+)?(?:requirements?\s+"
    r"|need\s+|right\s+|claim\s+)?(?:for\s+|to\s+|of\s+)?(?:additional\s+|further\s+|other\s+"
    r"|appropriate\s+)?(?:contractual\s+)?safeguards?\b"
    # or left to the one transferring ("shall decide ... whether any safeguard under Chapter V
    # of the GDPR is required for a particular transfer")
    r"|\b(?:decides?|determines?|judges?|assess(?:es)?)\b[^.;]{0,80}?\bwhether\s+(?:any|an?|the)\s+"
    r"(?:additional\s+|further\s+|appropriate\s+)?safeguards?\b[^.;]{0,80}?\b(?:is|are)\s+"
    r"(?:required|needed|necessary|called\s+for)\b"
)


# or resting on consent taken from mere use ("By placing an order ... or using our website,
# you agree that your personal data may be transferred to ... those countries"), with no
# safeguard named beside it
_CONSENT_BY_USE = re.compile(
    r"\bby\s+[a-z]+ing\b[^.;]{0,120}?\byou\s+(?:agree|consent|accept|are\s+deemed\s+to\s+(?:agree"
    r"|consent|accept))\b[^.;]{0,80}?\b(?:transferred|transfers?|processed\s+(?:in|outside)"
    r"|stored\s+(?:in|outside))\b"
)
_SAFEGUARD_NAMED = re.compile(
    r"\b(?:standard\s+contractual\s+clauses|model\s+clauses|adequacy|binding\s+corporate\s+rules"
    r"|safeguards?)\b"
)


def _unguarded(text: str) -> bool:
    low = normalise(text).lower()
    if _SAFEGUARDS_REFUSED.search(low):
        return True
    if _CONSENT_BY_USE.search(low) and not _SAFEGUARD_NAMED.search(low):
        return True
    return _affirmed(_UNGUARDED, text)


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


# A licence the licensor may take back at will ("may revoke it at any time, for any reason or
# without giving a reason"); revocation on the licensee's breach is the fair form.
_REVOKED_AT_WILL = re.compile(
    r"\b(?:revoke|revoked|revocable|withdraw|withdrawn|cancel|cancelled|canceled)\b[^.;]{0,80}?"
    r"(?:\bfor\s+any\s+reason|\bwithout\s+(?:giving\s+|stating\s+|any\s+)?(?:a\s+|any\s+)?(?:reason|cause)"
    r"|\bat\s+(?:its|the\s+licensor's|our|their)\s+(?:sole\s+|absolute\s+|entire\s+)?discretion"
    r"|\bat\s+will|\bfor\s+convenience)\b"
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


READINGS: dict[str, Callable[[str], bool]] = {
    "{own_fault}": _covers_own_fault,
    "{one_side_unlimited}": _one_side_unlimited,
    "{negligence_excluded}": _negligence_excluded,
    "{token_cap}": _token_cap,
    "{unannounced}": _unannounced,
    "{added_at_will}": said_without(_AT_ITS_CHOICE, _CONTROLLER_TOLD),
    "{objection_waived}": saying(_OBJECTION_WAIVED),
    "{released}": saying(_RELEASED),
    "{oral_excluded}": said_without(_ORAL_EXCLUDED, _KEPT_IF_IDENTIFIED),
    "{long_renewal}": _long_renewal,
    "{own_ends}": affirming(_OWN_ENDS),
    "{kept_on_breach}": _kept_on_breach,
    "{narrow_window}": _narrow_window,
    "{long_payment}": _long_payment,
    "{ends_on_walking_away}": said_without(_WALKS_AWAY, _COVERED),
    "{ends_mid_talks}": saying(_ENDS_MID_TALKS),
    "{retroactive}": affirming(_RETROACTIVE, denied_within=True),
    "{unguarded}": _unguarded,
    "{purpose_disclaimed}": saying(_PURPOSE_DISCLAIMED),
    "{revoked_at_will}": saying(_REVOKED_AT_WILL),
    "{conformity_disclaimed}": saying(_CONFORMITY_DISCLAIMED),
    "{free_to_disclose}": affirming(_FREE_TO_DISCLOSE),
    "{kept_for_use}": affirming(_KEPT_FOR_USE),
    "{audit_curbed}": affirming(_AUDIT_CURBED),
    "{takes_content}": affirming(_TAKES_CONTENT),
    "{law_at_will}": affirming(_LAW_AT_WILL),
}
