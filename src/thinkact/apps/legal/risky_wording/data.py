"""Risky wording on information and data read from a whole sentence: data used for the
recipients' own ends or kept for their use, one side free to disclose, audits curbed,
sub-processors added at will or unannounced, objections waived, transfers unguarded, and
content taken."""

from __future__ import annotations

import re
from collections.abc import Callable

from thinkact.apps.legal.evidence import normalise
from thinkact.apps.legal.sentences import affirmed, affirming, said_without, saying

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


# Recipients free to use people's data for their own ends ("partners ... who may use your
# health information for their own purposes, including marketing their products to you"),
# unless the sentence denies it ("they may not use it for their own purposes").
_OWN_ENDS = re.compile(
    # (not purposes the notice sets out: "as separate controllers, for their own purposes as
    # described in section 7")
    r"\b(?:for|in) (?:any of |all of )?(?:their|its) own (?:purposes|marketing|use|ends|benefit"
    r"|business)(?! (?:as|which are|that are) (?:described|set out|explained|listed|stated"
    r"|specified))"
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
    # or sending people the recipients' own marketing ("they may use these details to send
    # their own offers and advertising to you and to invite you to their own events")
    r"|\btheir\s+own\s+(?:offers|advertising|advertisements|adverts|promotions|newsletters?"
    r"|mailings|events)\b"
    # or selling it outright ("We may sell your personal information to advertisers")
    r"|\b(?:sell|sells|rent|rents)\s+(?:your|personal|users'|customers'|members')\s+(?:personal\s+)?"
    r"(?:data|information|details|contact)"
)


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
    # law, ... to a government authority", nor a disclosure the law protects)
    r"(?!\s+(?:[a-z]+\s+){0,3}?(?:where|when|if|as|to\s+the\s+extent)\s+(?:it\s+is\s+)?(?:required"
    r"|compelled|permitted)|\s+(?:[a-z]+\s+){0,3}?to\s+(?:a|any|the)\s+(?:government|court|regulator"
    r"|authorit|tribunal)"
    # or what a statute protects ("from disclosing information under the Protected
    # Disclosures (Protection of Whistleblowers) Act 2022")
    r"|\s+(?:[a-z]+\s+){0,3}?(?:under|in\s+accordance\s+with|pursuant\s+to|as\s+(?:permitted"
    r"|protected|allowed)\s+by)\s+[^.;]{0,80}?\b(?:act|acts|law|laws|statute|legislation"
    r"|regulations?|whistleblow\w*)\b)"
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
    return bool(_NEED_NOT_TELL.search(normalise(text).lower())) or affirmed(_UNTOLD, text)


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
    return affirmed(_UNGUARDED, text)


DATA: dict[str, Callable[[str], bool]] = {
    "{own_ends}": affirming(_OWN_ENDS),
    "{free_to_disclose}": affirming(_FREE_TO_DISCLOSE),
    "{kept_for_use}": affirming(_KEPT_FOR_USE),
    "{audit_curbed}": affirming(_AUDIT_CURBED),
    "{added_at_will}": said_without(_AT_ITS_CHOICE, _CONTROLLER_TOLD),
    "{oral_excluded}": said_without(_ORAL_EXCLUDED, _KEPT_IF_IDENTIFIED),
    "{objection_waived}": saying(_OBJECTION_WAIVED),
    "{unguarded}": _unguarded,
    "{takes_content}": affirming(_TAKES_CONTENT),
    "{unannounced}": _unannounced,
}
