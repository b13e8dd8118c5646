"""Open wording no single phrase can hold, read from a whole sentence: something said
without what would make it concrete (work that is whatever one side assigns, quality promised
as an effort, rules of use that name no rule, changes left to users to look up). Each reading
is named in the checklists' `vague_match` lists ("{assigned_work}", "{effort_only}", ...)
through `values.states`."""

from __future__ import annotations

import re
from collections.abc import Callable

from thinkact.apps.legal.evidence import normalise
from thinkact.apps.legal.sentences import said_without, saying

# Discretion promised in place of confidentiality ("will treat information about the Lender
# with appropriate discretion"), with no duty to keep it confidential or not to disclose it.
_DISCREET = re.compile(
    r"\b(?:with|exercise|use|observe|show)\s+(?:all\s+|the\s+)?(?:appropriate|due|reasonable|suitable"
    r"|proper|sensible|professional|utmost|great|every)?\s*discretion\b"
)
_NOT_DISCLOSED_WORDS = r"secret|secrecy|not\s+(?:to\s+)?disclose|non-?disclosure"
_KEPT_SECRET = re.compile(rf"\b(?:confidential|{_NOT_DISCLOSED_WORDS})")
# Confidentiality itself promised only to a degree one side judges ("shall treat information
# about each other's business ... with appropriate confidentiality"), with no duty not to
# disclose it.
_CONFIDENTIAL_AS_FIT = re.compile(
    r"\bwith\s+(?:all\s+|the\s+)?(?:appropriate|due|reasonable|proper|suitable|adequate|necessary"
    r"|sufficient)\s+confidentiality\b"
)
_NOT_DISCLOSED = re.compile(rf"\b(?:{_NOT_DISCLOSED_WORDS})")


# Work that is whatever one side hands out, with no post named ("the tasks ... that the
# Employer's management assigns to him"); "other duties ... as the Company may assign"
# beside a named post is the norm.
_ASSIGNED = re.compile(
    r"(?<![a-z])(?:tasks?|duties|work|functions|assignments|jobs),?\s+(?:[a-z']+,?\s+){0,8}?"
    r"(?:that|which|as|those|whatever)\s+(?:[a-z']+\s+){1,4}?(?:may\s+)?(?:from\s+time\s+to\s+time\s+)?"
    r"(?:assigns?|allocates?|directs?|requires?|gives?|delegates?|hands?\s+out)(?![a-z])"
    # with no "that" ("will perform the duties the Employer assigns from time to time")
    r"|(?<![a-z])(?:tasks|duties|work|functions|assignments)\s+(?:the\s+[a-z]+|we|it|they)\s+"
    r"(?:may\s+)?(?:from\s+time\s+to\s+time\s+)?(?:assigns?|allocates?|gives?|delegates?"
    r"|hands?\s+out)(?![a-z])"
)
# or whatever the business needs at the time ("what you work on will depend on the needs of
# the business and our customers at any given time")
_AS_NEEDED = re.compile(
    r"(?<![a-z])(?:work\s+on|tasks?|duties|work|role|responsibilities|assignments)\s+(?:[a-z']+\s+)"
    r"{0,4}?(?:depends?|will\s+depend|is\s+determined|are\s+determined|will\s+be\s+determined)"
    r"\s+(?:on|by)\s+(?:the\s+)?(?:changing\s+)?(?:needs|requirements)\s+of\s+the\s+(?:business|company"
    r"|firm|employer|organi[sz]ation)(?![a-z])"
)
# or whatever such a job usually involves, the job itself unnamed ("the duties that are
# normally associated with a role of this kind")
_BY_CUSTOM = re.compile(
    r"(?<![a-z])(?:duties|tasks|functions|responsibilities|work)\s+(?:that\s+are\s+|which\s+are\s+)?"
    r"(?:normally|usually|customarily|ordinarily|typically|commonly|generally)\s+(?:associated\s+with"
    r"|performed\s+(?:by|in)|expected\s+(?:of|in)|undertaken\s+(?:by|in)|attached\s+to|carried\s+out\s+"
    r"(?:by|in))\s+(?:a|an|the|such\s+a|any)\s+(?:role|position|post|job|employee)\s+of\s+(?:this|that"
    r"|its|the\s+same|a\s+similar)\s+(?:kind|nature|type|sort|level)(?![a-z])"
)
_EXTRA = re.compile(
    r"(?<![a-z])(?:other|additional|further|related|incidental|ancillary|similar|also|extra)"
    r"(?![a-z])[^.;]{0,40}$"
)


def _assigned_work(text: str) -> bool:
    low = normalise(text).lower()
    return any(
        not _EXTRA.search(low[max(0, m.start() - 40) : m.start()])
        for pattern in (_ASSIGNED, _AS_NEEDED, _BY_CUSTOM)
        for m in pattern.finditer(low)
    )


# Quality promised as an effort only ("will try to make sure the services are of a decent
# standard"), with no warranty, standard of care or specification beside it.
_EFFORT = re.compile(
    r"(?<![a-z])(?:try|tries|aims?|do\s+(?:its|our|their|his|her)\s+best|does\s+(?:its|his|her)"
    r"\s+best|strives?|endeavou?rs?|hopes?|attempts?)\s+to\s+(?:[a-z]+\s+){0,3}?(?:make\s+sure"
    r"|ensure|see\s+that|see\s+to\s+it|provide|perform|deliver|supply)(?![a-z])[^.;]{0,100}?"
    r"(?<![a-z])(?:quality|standard|good|fit\s+for|free\s+(?:from|of)\s+(?:defects|errors)|well"
    r"|accurate|reliable|correct|error[- ]free)(?![a-z])"
)
_WARRANTED = re.compile(
    r"(?<![a-z])(?:warrant|guarantee|care\s+and\s+skill|skill\s+and\s+care|conform|as\s+described"
    r"|specification|workmanlike|satisfactory\s+quality"
    # or a firm remedy beside the effort ("and we will correct errors you report to us")
    r"|(?:will|shall|must)\s+(?:promptly\s+)?(?:correct|repair|replace|fix|re-?perform|put\s+right))"
)

# Quality promised only as "a proper standard" or "good, sound quality", with no standard of
# care, specification or practice named beside it.
_GOOD = r"(?:proper|suitable|decent|adequate|appropriate|sufficient|good|sound)"
_OPEN_STANDARD = re.compile(
    rf"(?<![a-z])(?:to|of|at)\s+(?:a\s+|an\s+)?{_GOOD}(?:(?:,|\s+and|,\s+and)\s+{_GOOD})?"
    r"\s+(?:standard|quality|level)(?![a-z])"
    # or the adjective after it ("to a standard appropriate for quality wines")
    rf"|(?<![a-z])(?:to|of|at)\s+(?:a|an|the)\s+(?:standard|quality|level)\s+{_GOOD}\s+(?:for|to)(?![a-z])"
)
_NAMED_STANDARD = re.compile(
    r"(?<![a-z])(?:care\s+and\s+skill|skill(?:,|\s+and)?\s+care|diligence|specification|conform|as\s+described"
    r"|match\w*\s+(?:its|their|the)\s+(?:description|samples?|original)|compatible\s+with"
    r"|(?:be|is|are)\s+new\b"
    r"|workmanlike|satisfactory\s+quality|merchantab|fit\s+for\s+(?:the|its|their|any|a)\b"
    r"|free\s+(?:from|of)\s+(?:defects|faults|errors)|industry\s+practice|good\s+practice"
    r"|professional\s+standards?|in\s+accordance\s+with|standards?\s+of\s+(?:the|a|an)\s+[a-z]+"
    r"|(?:iso|bs|en|astm|din|as|nzs|csa|ansi)\s*\d)"
)

# Secrecy promised only as an effort ("shall use reasonable endeavours to keep private any
# information ... which that other indicates is commercially sensitive"), with no duty not
# to disclose beside it.
_SECRET_EFFORT = re.compile(
    r"(?<![a-z])(?:reasonable|best|all\s+reasonable|commercially\s+reasonable)\s+(?:endeavou?rs|efforts)"
    r"\s+to\s+(?:keep|maintain|hold|treat|preserve)\s+(?:[^.;]{0,60}?\s)?(?:private|secret|confidential"
    r"|in\s+confidence)(?![a-z])"
)
_BOUND_TO_SECRECY = re.compile(
    r"(?<![a-z])(?:shall|will|must|may)\s+not\s+(?:[a-z]+\s+)?(?:disclose|divulge|reveal|communicate)"
    r"|(?<![a-z])strictly\s+confidential|(?<![a-z])degree\s+of\s+care"
)


# Rules of use that name no rule ("use the service responsibly and fairly, and not in any
# way that we consider inappropriate"); beside a concrete rule they are only a catch-all.
_OPEN_RULES = re.compile(
    r"(?<![a-z])(?:responsibly|sensibly|considerately|in\s+(?:any|a)\s+(?:way|manner)\s+(?:that\s+)?"
    r"(?:(?:we|it)\s+(?:consider|deem|think|find|regard\s+as)s?|is|are)\s+(?:inappropriate|unacceptable"
    r"|improper|unsuitable)"
    # "use it in a suitable way", "keep the community a pleasant place", "remove any post that
    # we think is unsuitable"
    r"|in\s+a\s+(?:suitable|proper|appropriate|acceptable|decent|considerate|respectful)\s+"
    r"(?:way|manner|fashion)|(?:pleasant|friendly|welcoming)\s+(?:place|space|environment)"
    r"|(?:that|which)\s+(?:we|it)\s+(?:think|consider|deem|feel|find|judge)s?\s+(?:is\s+|are\s+"
    r"|to\s+be\s+)?(?:unsuitable|inappropriate|unacceptable|improper|objectionable))(?![a-z])"
)
_RULE = re.compile(
    r"(?<![a-z])(?:unlawful|illegal|spam|harass|infring|malware|virus|reverse\s+engineer|scrap|abus"
    r"|offensive|fraud|hack|resell|password|automated|bots?|impersonat|defam|obscene|copyright"
    r"|interfere|disrupt|security|law(?:s|ful\w*)?(?![a-z])|rights\s+of\s+others|other\s+users)"
)


# A licensee's use bounded only by manners or by its own needs ("with respect for the
# author's work", "as far as its layouts reasonably call for", "to its partners where doing
# so serves the purposes of this contract"), with nothing it may not do.
_MANNERS = re.compile(
    r"(?<![a-z])(?:with\s+(?:due\s+|proper\s+|all\s+)?respect\s+for|out\s+of\s+keeping\s+with"
    r"|in\s+keeping\s+with\s+the\s+(?:spirit|standing|reputation|image|traditions?)(?![a-z])"
    r"|respectfully|responsibly|in\s+good\s+taste|tastefully"
    r"|as\s+far\s+as\s+[^.;]{0,40}?reasonably\s+(?:calls?|requires?|needs?)"
    r"|where\s+(?:doing\s+so|it|this)\s+serves\s+the\s+purposes?"
    r"|as\s+(?:it|they|the\s+[a-z]+)\s+(?:considers?|deems?|thinks?|sees?)\s+(?:suitable|fit|appropriate)"
    r"|(?:shall|will|must)\s+respect\s+the\s+(?:cultural\s+)?(?:character|spirit|integrity|nature)"
    r"|unfitting|out\s+of\s+character"
    r"|(?:in\s+)?any\s+(?:way|manner|use)\s+(?:which|that)\s+(?:the\s+[a-z]+|we|it)\s+(?:may\s+|could\s+|might\s+"
    r"|would\s+)?(?:reasonably\s+)?(?:considers?|deems?|regards?\s+as|finds?)\s+(?:inappropriate|unacceptable"
    r"|improper|offensive|unsuitable|unfit)"
    # "anything ... that goes beyond what a licensee in its position might reasonably be
    # expected to do, or which the Licensor could fairly regard as prejudicial to the Variety"
    r"|beyond\s+what\s+(?:a|an|the|any)\s+[^.;]{0,40}?(?:might|would|could|may)\s+reasonably\s+be\s+expected"
    # "in a manner consistent with the purpose of this Agreement ... beyond what is reasonable"
    r"|in\s+a\s+(?:manner|way)\s+consistent\s+with\s+the\s+(?:purpose|spirit|intent|aims?)"
    # "use the Dataset in a fair and reasonable manner", "not make it available to others to
    # an extent that could prejudice the legitimate interests of the Licensor"
    r"|in\s+a\s+(?:fair|reasonable|proper|sensible)\s+(?:and\s+(?:fair|reasonable|proper|sensible)\s+)?"
    r"(?:manner|way)"
    r"|to\s+an\s+extent\s+(?:that|which)\s+(?:could|would|might|may)\s+(?:reasonably\s+)?"
    r"(?:prejudice|harm|damage|injure)"
    r"|beyond\s+what\s+is\s+reasonable"
    r"|(?:could|would|might|may)\s+(?:fairly\s+|reasonably\s+)?(?:regard|consider|deem)\s+(?:as\s+|to\s+be\s+)?"
    r"(?:prejudicial|harmful|detrimental|damaging|injurious)"
    # "in a manner befitting its character as a traditional Salzburg product", "only in ways
    # that suit their character"
    r"|in\s+a\s+(?:manner|way)\s+(?:befitting|worthy\s+of|appropriate\s+to|becoming)\s+(?:its|their|the)\s+"
    r"(?:[a-z]+\s+)?(?:character|standing|reputation|image|nature|status|dignity)"
    r"|(?:ways?|manners?)\s+(?:that|which)\s+(?:suit|befit|fit|match)s?\s+(?:its|their|the)\s+"
    r"(?:[a-z]+\s+)?(?:character|standing|reputation|image|nature|status|dignity)"
    # or limits the licensor is yet to set ("such reasonable limits on the kinds of products
    # ... as Licensor may indicate from time to time")
    r"|such\s+(?:reasonable\s+|further\s+)?(?:limits|limitations|restrictions|conditions|guidelines"
    r"|rules)\s+[^.;]{0,120}?\bas\s+(?:the\s+)?[a-z]+\s+(?:may|shall|will)\s+(?:from\s+time\s+to"
    r"\s+time\s+)?(?:indicate|specify|notify|set|prescribe|communicate|determine|issue|impose)s?)"
    r"(?![a-z])"
)
_LIMIT = re.compile(
    r"(?<![a-z])(?:not|no|never|only|solely)\s+(?:[a-z]+\s+){0,3}?(?:sub-?licen|sell|resell|rent"
    r"|lease|cop(?:y|ies)|modif|alter|distribut|transfer|assign|reverse|crop|edit|exceed)"
    r"|(?:not\s+exceeding|up\s+to|maximum\s+of|at\s+most|no\s+more\s+than)\s+\d"
)


# Changes that apply to whoever uses the service next, with nothing said of telling them
# ("The version in force when you ride is the one that applies, so it is a good idea to
# glance through them every now and then").
_IN_FORCE_WHEN_USED = re.compile(
    r"(?<![a-z])(?:version|terms|conditions)\s+(?:in\s+force|current|applicable)\s+(?:when|at\s+the"
    r"\s+time|on\s+the\s+day)\s+[^.;]{0,40}?(?:is|are)\s+(?:the\s+one|those|the\s+ones?)\s+that\s+"
    r"appl(?:y|ies)(?![a-z])"
)
_TOLD = re.compile(r"(?<![a-z])(?:notif|notice|e-?mail|tell|inform|in\s+advance|before)")


# Data passed on wherever one side finds it useful ("to partners and service providers,
# where this is useful for the organisation of events", "where we think it helps us run our
# business"): whoever the examples name, the recipients stay open. Sharing where it is
# necessary is a limit, not usefulness.
_AS_USEFUL = re.compile(
    r"(?<![a-z])(?:where|when|whenever|if)\s+(?:this|it|that|doing\s+so|we\s+(?:think|consider"
    r"|find|believe)\s+(?:it|this|that))\s+(?:is\s+|would\s+be\s+|may\s+be\s+|proves\s+)?"
    r"(?:useful|helpful|of\s+use|beneficial|convenient|helps?\s+us)(?![a-z])"
)
_NECESSARY = re.compile(r"(?<![a-z])(?:necessary|required\s+(?:by|under)\s+law)(?![a-z])")

# A list of recipients that ends in anyone one side deals with ("service providers and other
# third parties we work with from time to time"): the named ones do not bound it.
_AND_OTHERS = re.compile(
    r"(?<![a-z])(?:and|or)\s+(?:any\s+|such\s+)?other\s+(?:third\s+parties|organi[sz]ations|companies"
    r"|businesses|persons|people|parties|entities|bodies)\s+(?:that\s+|whom\s+|who\s+|which\s+)?"
    r"(?:we|it|they)\s+(?:may\s+)?(?:work|deal|partner|cooperate|collaborate|do\s+business)\s+with(?![a-z])"
    # or whom it judges fit ("and with other persons where we consider it necessary")
    r"|(?<![a-z])(?:and|or)\s+(?:with\s+|to\s+)?(?:any\s+|such\s+)?other\s+(?:third\s+parties|organi[sz]ations"
    r"|companies|businesses|persons|people|parties|entities|bodies|recipients)\s+(?:where|when|if|as"
    r"|whom)\s+(?:we|it|they)\s+(?:may\s+)?(?:consider|considers|deem|deems|think|thinks|decide|decides"
    r"|judge|judges|see\s+fit)(?![a-z])"
)


READINGS: dict[str, Callable[[str], bool]] = {
    "{discretion_only}": said_without(_DISCREET, _KEPT_SECRET),
    "{confidential_as_fit}": said_without(_CONFIDENTIAL_AS_FIT, _NOT_DISCLOSED),
    "{assigned_work}": _assigned_work,
    "{effort_only}": said_without(_EFFORT, _WARRANTED),
    "{open_standard}": said_without(_OPEN_STANDARD, _NAMED_STANDARD),
    "{rules_open}": said_without(_OPEN_RULES, _RULE),
    "{manners_only}": said_without(_MANNERS, _LIMIT),
    "{check_yourself}": said_without(_IN_FORCE_WHEN_USED, _TOLD),
    "{as_useful}": said_without(_AS_USEFUL, _NECESSARY),
    "{and_others}": saying(_AND_OTHERS),
    "{secret_by_effort}": said_without(_SECRET_EFFORT, _BOUND_TO_SECRECY),
}
