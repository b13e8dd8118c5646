"""What a sentence states beyond fixed words: values ("{period}", "{amount}", "{place}"),
time left open ("{open_time}"), and risky wording no single phrase can hold, read from the
whole sentence ("{own_fault}", "{long_renewal}", ...). Checklist items name them in their
`*_match` lists (checklists/items.toml); `states` reads a sentence for them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from thinkact.apps.legal.evidence import lowered, normalise, not_pattern, phrase

_NUMBER = (
    r"(?:\d+(?:[.,]\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fourteen|fifteen|twenty|thirty|forty|forty-five|sixty|ninety|hundred)"
)
# An outcome left to one side's judgement ("a refund or a credit, as we consider fair",
# "where it feels right to us", "at our sole discretion", "case by case").
_DISCRETION = (
    r"(?<![a-z])(?:(?:as|where|when|if|whatever(?:\s+way|\s+manner)?|however)\s+"
    r"(?:we|it|they|the\s+[a-z]+)\s+"
    r"(?:may\s+)?(?:consider|considers|deem|deems|think|thinks|judge|judges|decide|decides|"
    r"feel|feels|see fit|sees fit|choose|chooses)\b|(?:sole|absolute|own|entire)\s+discretion"
    r"|its\s+discretion|our\s+discretion|case[- ](?:by|to)[- ]case|feels?\s+right\s+to"
    r"|(?:look\s+at|consider|assess|review|decide)\s+each\s+[a-z]+\s+individually"
    r"|depending\s+on\s+[^.;]{0,60}?\bthe\s+circumstances"
    r"|what,?\s+if\s+anything,?"
    r"|in\s+the\s+(?:view|opinion)\s+of\s+the\s+[a-z]+(?:\s+party)?|in\s+(?:its|our|their)\s+(?:own\s+)?(?:view|opinion)"
    r"|on\s+(?:its|their)\s+own\s+(?:facts|merits)"
    r"|decides?\s+for\s+(?:itself|ourselves|themselves)|as\s+(?:its|our)\s+business\s+(?:requires|needs)"
    r"|(?:convenient|suitable)\s+(?:to|for)\s+(?:it|us|itself|the\s+(?:processor|provider|supplier|"
    r"company|contractor|licensor|vendor|seller)))(?![a-z])"
)
# A time that is only "soon enough", in the open-time wording and the open-notice one.
_SOON_ENOUGH = r"in good time|early enough"
_CHANGE = r"(?:chang|revis|amend|updat|modif|variation|alteration|new\s+version)"
_TRY_TELL = (
    r"(?<![a-z])(?:will|shall|would)\s+(?:try|endeavou?r|aim|attempt|seek|do\s+(?:our|its|their)\s+best)"
    r"\s+to\s+(?:[a-z]+\s+){0,2}?(?:draw|bring|let|tell|inform|notify|alert|point\s+out|highlight"
    r"|make\s+(?:you|users|members|customers|clients)\s+aware)(?![a-z])"
)
VALUES = {  # what a clause states, beyond fixed words
    "{period}": re.compile(
        rf"(?<![a-z0-9]){_NUMBER}\s*(?:\(\d+\)\s*)?-?\s*"
        r"(?:business |calendar |working |banking |bank |clear )?"
        r"(?:hour|day|week|month|year)s?(?![a-z])"
    ),
    # A span of years or months something lasts ("for five years", "for a term of three (3)
    # years"), not a deadline ("within fourteen days").
    "{for_period}": re.compile(
        rf"(?<![a-z])for\s+(?:a\s+(?:period|term)\s+of\s+)?{_NUMBER}\s*(?:\(\d+\)\s*)?-?\s*"
        r"(?:year|month)s?(?![a-z])"
    ),
    "{amount}": re.compile(
        r"[$€£¥]\s?\d|(?<![a-z0-9])\d[\d,.]*\s?(?:usd|eur|gbp|chf|dollars|euros|pounds)(?![a-z])"
        r"|(?<![a-z])(?:usd|eur|gbp|chf)\s?\d|(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,])"
    ),
    # The law of the United States as a whole (there is no general federal contract law),
    # not a territory whose name begins with it ("the United States Virgin Islands").
    "{us_law}": re.compile(
        r"(?<![a-z])(?:federal\s+)?laws?\s+of\s+the\s+united\s+states(?:\s+of\s+america)?"
        r"(?!\s+(?:virgin|minor\s+outlying)\s+islands)"
    ),
    # No refund said only to be the rule, not when it yields ("generally not refundable").
    "{hedged_no_refund}": re.compile(
        r"(?<![a-z])(?:generally|normally|usually|ordinarily|typically|as\s+a\s+rule|in\s+most\s+cases"
        r"|in\s+principle)\s*,?\s*(?:be\s+)?(?:non-?refundable|not\s+refundable|no\s+refunds?)(?![a-z])"
    ),
    # A price by the unit of what is bought ("$65 per month", "EUR 12 a session").
    "{price}": re.compile(
        r"(?:[$€£¥]\s?\d[\d,.]*|(?<![a-z])(?:usd|eur|gbp|chf)\s?\d[\d,.]*"
        r"|(?<![a-z0-9.,])\d[\d,.]*\s?(?:usd|eur|gbp|chf|dollars|euros|pounds))\s*"
        r"(?:per|a|an|each|every|/)\s*(?:month|year|week|day|hour|session|visit|class|person"
        r"|night|lesson|term|season|user|seat)s?(?![a-z])"
    ),
    # A time or a notice left open: "within a reasonable time", "a timeframe appropriate to
    # the circumstances", "in due course", "in a timely manner", "for such further time as
    # may be reasonable".
    "{open_time}": re.compile(
        r"(?<![a-z])(?:(?:reasonable|appropriate|acceptable|adequate|suitable|sufficient|sensible)"
        r"\s+(?:time|period|timeframe|time frame|juncture|moment|stage|notice|interval)"
        r"|(?:time|period|timeframe|time frame)\s+(?:that is\s+)?(?:reasonable|appropriate|"
        rf"acceptable)|in due course|in a timely (?:manner|fashion)|{_SOON_ENOUGH}"
        r"|as soon as (?:reasonably )?"
        r"(?:practicable|possible|feasible)|as (?:the )?circumstances (?:reasonably )?"
        r"(?:permit|allow|require)|(?<!until )such (?:further |other )?(?:time|period) as "
        r"(?:may be |is |shall be )?(?:reasonable|reasonably [a-z]+|appropriate|necessary|"
        r"required)"
        # a time set by custom, not by a number ("the credit period customarily allowed")
        r"|(?:customary|usual|normal|ordinary)\s+(?:[a-z']+\s+){0,4}?(?:practice|period|cycle"
        r"|course|timescales?|way|manner)|(?:rhythm|cadence|pace)\s+of|(?:period|time)\s+(?:[a-z]+\s+){0,2}?customarily"
        # a duration that lasts as long as someone judges fit ("for as long as our
        # accounting team considers prudent")
        r"|(?:as|so) long(?:\s+afterwards|\s+thereafter)?\s+as\s+[^.;,]{0,50}?\b(?:considers?"
        r"|deems?|regards?|thinks?|judges?|treats?|views?)"
        r"|such\s+(?:time|period)s?\s+[^.;]{0,60}?\bas\s+[^.;]{0,60}?\b(?:considers?|deems?"
        r"|thinks?|judges?|determines?|decides?|specifies|specify|notifies|stipulates?|sets?"
        r"|(?<!law\s)(?<!laws\s)(?:may\s+)?(?:reasonably\s+)?require)(?![a-z])"
        # or until one side decides, or while a thing stays of use to it ("until we decide
        # that they are no longer useful", "while the matter remains of interest to us")
        r"|until\s+(?:we|it|they|the\s+[a-z]+)\s+(?:decides?|determines?|considers?|deems?)"
        r"|(?:while|(?:as|so) long as)\s+[^.;,]{0,60}?\b(?:remains?|is|are|stays?)\s+"
        r"(?:of\s+(?:[a-z]+\s+)?(?:interest|significance|value|importance|use)|useful|relevant"
        r"|valuable|important)\s+to"
        r"|(?:while|(?:as|so) long as)\s+[^.;,]{0,60}?\b(?:remains?|is|are|stays?)\s+worthy\s+of"
        r"\s+protection"
        # or while a thing keeps its worth ("for as long as the Game, or any part of it,
        # retains commercial value to the Designer")
        r"|(?:while|(?:as|so) long as)\s+[^.;]{0,60}?\b(?:retains?|keeps?|has|holds?)\s+(?:any\s+)?"
        r"(?:commercial\s+|economic\s+|business\s+|market\s+)?(?:value|significance|worth)\b"
        # or while one side keeps an interest in it ("for as long as the Disclosing Party has a
        # legitimate interest in the information being kept confidential")
        r"|(?:while|(?:as|so)\s+long(?:\s+afterwards|\s+thereafter)?\s+as)\s+[^.;]{0,60}?\b(?:retains?"
        r"|keeps?|has|have|holds?)\s+(?:a\s+|an\s+|any\s+)?(?:legitimate\s+|genuine\s+|reasonable\s+"
        r"|real\s+|business\s+|commercial\s+)?interest\s+in\b"
        # or while it keeps one side ahead ("for so long afterwards as that item continues to
        # give the Disclosing Party an advantage in its trade")
        r"|(?:while|(?:as|so)\s+long(?:\s+afterwards|\s+thereafter)?\s+as)\s+[^.;]{0,60}?\b(?:gives?"
        r"|gave|confers?|provides?|affords?)\s+(?:[a-z]+\s+){0,3}?(?:an?\s+|any\s+)?(?:commercial\s+"
        r"|competitive\s+|business\s+|trading\s+)?advantage\b"
        # or a time that follows an undefined yardstick or one side's schedule ("a period
        # that reflects our relationship", "a rolling cycle set by our security team")
        r"|(?:time|period)\s+(?:that|which)\s+reflects?"
        # or one side names later ("for a period the Discloser reasonably specifies")
        r"|(?:time|period)\s+(?:that\s+|which\s+)?(?:the\s+(?!law)[a-z]+|it|we|they)\s+(?:may\s+)?"
        r"(?:reasonably\s+)?(?:specif(?:y|ies)|determines?|decides?|sets?|chooses?|notif(?:y|ies)"
        r"|stipulates?|names?|indicates?)(?![a-z])"
        # or one side's own internal process ("the Customer's internal finance approval
        # cycle")
        # or until one side has closed its books ("once the Licensee's accounts for that
        # season have been closed")
        r"|(?:once|when|after)\s+(?:its|our|their|the\s+[a-z]+(?:'s)?)\s+(?:own\s+)?(?:accounts|books)"
        r"\s+[^.;]{0,40}?(?:closed|finali[sz]ed|audited|signed off)"
        r"|internal\s+(?:[a-z]+\s+){0,3}?(?:cycle|process|procedures?|run|timetable|review|investigation"
        r"|enquir(?:y|ies)|inquir(?:y|ies)|assessment)"
        r"|(?:cycle|period|schedule|timetable)\s+(?:set|determined|decided|fixed|chosen)\s+by"
        r"\s+(?!(?:the\s+)?(?:applicable\s+)?(?:law|statute|regulation|legislation))[a-z]+"
        r")(?![a-z])"
    ),
    # A price left to later agreement or to what is fair ("reasonable compensation ... as
    # the Parties shall settle between them", "a rate to be agreed between the parties"):
    # what must be paid is open, however clear the due date. A figure beside it bounds it.
    "{open_price}": re.compile(
        r"(?<![a-z])(?:reasonable|fair|appropriate|suitable|equitable)\s+(?:compensation"
        r"|remuneration|fees?|price|sum|amount|share|rate|royalt(?:y|ies)|consideration|return)(?![a-z])"
        r"(?![^.;]{0,80}?(?:not\s+exceeding|up\s+to|capped|\d))"
        r"|(?<![a-z])(?:compensation|remuneration|fees?|prices?|sums?|amounts?|rates?|royalt(?:y|ies)"
        r"|percentage)\s+[^.;]{0,120}?(?:as|which|that)\s+the\s+parties\s+(?:shall|will|may)\s+"
        r"(?:from\s+time\s+to\s+time\s+)?(?:settle|agree|determine|fix|negotiate)(?![a-z])"
        r"|(?<![a-z])(?:rate|price|fee|amount|royalty|percentage)s?(?![a-z])[^.;]{0,40}?\s(?:is\s+|are\s+|shall\s+be\s+"
        r"|will\s+be\s+)?(?:to\s+be\s+)?(?:agreed|settled|negotiated|fixed|determined)\s+(?:between"
        r"|by)\s+the\s+parties(?![a-z])"
        # one side's own usual rates, with no list or figure to find them in ("at the
        # Contractor's customary seasonal rates")
        r"|(?<![a-z])(?:its|their|our|his|her|the\s+[a-z]+'s)\s+(?:customary|usual|normal|ordinary"
        r"|going)\s+(?:[a-z]+\s+)?(?:rates?|prices?|fees?|charges?|tariffs?)(?![a-z])"
        r"(?![^.;]{0,80}?(?:set\s+out|schedule|annex|appendix|exhibit|attached|listed|published"
        r"|price\s+list|rate\s+card|\d))"
    ),
    # A refund or credit whose size one side decides ("may grant the refund or credit it
    # considers fair", "such credit as we think appropriate"): open whatever period is said.
    "{open_amount}": re.compile(
        r"(?<![a-z])(?:refunds?|credits?|reimbursements?|compensation|repayments?)(?![a-z])[^.;]{0,40}?"
        r"(?<![a-z])(?:as\s+|that\s+|which\s+)?(?:we|it|they|the\s+[a-z]+)\s+(?:may\s+)?(?:consider|considers"
        r"|deem|deems|think|thinks|judge|judges|determine|determines|decide|decides)\s+(?:to\s+be\s+)?"
        r"(?:fair|appropriate|reasonable|adequate|proper|suitable|equitable|just|fit)(?![a-z])"
        r"|(?<![a-z])(?:amount|size|level|value)\s+of\s+(?:any|the|a|each)\s+(?:refunds?|credits?"
        r"|reimbursements?|compensation)\s+(?:will|shall|is\s+to|is)\s+(?:be\s+)?(?:decided|determined"
        r"|set|fixed|assessed)\s+by\s+(?:us|it|them|the\s+[a-z]+)(?![a-z])"
    ),
    # Telling people of a change promised only as an effort ("we will try to draw it to
    # your attention"): no notice they can count on before it applies.
    "{tried_telling}": re.compile(
        rf"(?<![a-z]){_CHANGE}[^.;]{{0,100}}?{_TRY_TELL}|{_TRY_TELL}[^.;]{{0,60}}?(?<![a-z]){_CHANGE}"
    ),
    # A standard that is only what the trade usually expects, named nowhere ("the
    # requirements usually applied to melons of these varieties").
    "{trade_usual}": re.compile(
        r"(?<![a-z])(?:requirements|standards?|norms|specifications?)\s+(?:usually|customarily|normally"
        r"|generally|commonly)\s+(?:applied|accepted|expected|required|used)(?![a-z])"
        r"|(?<![a-z])(?:usual|customary|accepted)\s+in\s+the\s+trade(?![a-z])"
    ),
    # Work promised to last, with no period it must last for ("the new roofing will be
    # durable and suitable"): how long is left to later argument.
    "{lasting_open}": re.compile(
        r"(?<![a-z])(?:(?:will|shall|must|to)\s+(?:be|remain)\s+"
        r"(?:durable|long[- ]lasting|hard[- ]wearing)|(?:will|shall)\s+last|built\s+to\s+last)"
        r"(?![a-z])"
        rf"(?![^.;]*?{_NUMBER}\s*(?:\(\d+\)\s*)?-?\s*(?:year|month|season|winter|summer)s?(?![a-z]))"
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
        # or made after the job ended
        r"|(?<![a-z])(?:created|made|conceived|developed|invented|produced|written|designed)\s+"
        r"[^.;]{0,40}?(?<![a-z])(?:during|in)\s+(?:the|his|her|their|your)\s+(?:employment"
        r"|engagement)\s+and\s+(?:for\s+)?[^.;]{0,30}?(?<![a-z])(?:afterwards|thereafter|after\s+"
        r"(?:it|the\s+(?:employment|engagement))\s+(?:ends|has\s+ended))(?![a-z])"
    ),
    # A way out open only in a short window ("during the fifteen (15) day period that begins
    # 180 days before the end of the term"; "a notice received at any other time has no
    # effect"), easily missed.
    "{notice_window}": re.compile(
        r"(?<![a-z])(?:(?:during|within|in)\s+(?:the|a|that)\s+[^.;]{0,30}?\b(?:period|window"
        r"|days|weeks|fortnight)\s+(?:(?:that|which)\s+)?(?:begins|beginning|starts|starting"
        r"|opens|opening|commences|commencing)"
        # or only in a short stretch of the calendar ("received in the last week of November")
        r"|(?:during|in|within)\s+the\s+(?:last|final|first|closing|opening)\s+(?:week|fortnight"
        r"|(?:\d+|[a-z]+)\s+(?:\(\d+\)\s+)?days)\s+of\s+(?:january|february|march|april|may|june"
        r"|july|august|september|october|november|december|each|every|the)"
        # or between two days of one month ("delivered between 1 and 15 January")
        r"|between\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:and|to)\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?"
        r"\s+(?:of\s+)?(?:january|february|march|april|may|june|july|august|september|october"
        r"|november|december)"
        # or in one named month ("during the month of January of the last year")
        r"|(?:during|in)\s+the\s+month\s+of\s+(?:january|february|march|april|may|june|july|august"
        r"|september|october|november|december)"
        r"|(?:only|solely|exclusively)\s+(?:during|in|within)\s+(?:the\s+month\s+of\s+)?(?:january"
        r"|february|march|april|may|june|july|august|september|october|november|december)"
        r"|not\s+(?:received|given|served|delivered|sent)\s+[^.;]{0,60}?(?<![a-z])(?:in|within|during)\s+"
        r"(?:the|that)\s+(?:month|week|fortnight|period|window)(?![a-z])[^.;]{0,60}?(?:has\s+no\s+effect"
        r"|(?:is|shall\s+be|will\s+be)\s+(?:ineffective|invalid|void))"
        r"|(?:at any other time|outside (?:that|this|the|such) (?:period|window|fortnight|time))"
        r"[^.;]{0,60}?\b(?:(?:of|has) no effect|ineffective|invalid|void|(?:does|will|shall)"
        r" not (?:take effect|stop|prevent|count)|is not effective))(?![a-z])"
    ),
    "{discretion}": re.compile(_DISCRETION),
    # A notice whose timing is left open ("by written notice delivered early enough in the
    # growing year"): taken out whole, so "by written notice" does not pass for its period.
    "{open_notice}": re.compile(
        rf"(?<![a-z])notice\b[^.;]{{0,40}}?\b(?:{_SOON_ENOUGH}"
        r"|(?:reasonable|appropriate|adequate|sufficient) (?:time|period))(?![a-z])"
        # or timed by its effect ("given at a point ... leaving enough of it to run, that
        # the other party is not put in difficulty")
        r"|(?<![a-z])notice\b[^.;]{0,80}?\b(?:leaving enough|enough (?:of it |time )?to\b"
        r"|not (?:be )?put (?:in|to) difficulty)"
    ),
    # What a clause only offers as a possibility ("which may include returning it"): taken out
    # with it, so the possibility does not pass for the duty.
    "{options}": re.compile(r"(?<![a-z])(?:which |that )?(?:may|might|could) include\b[^.;]*"),
    # The information returned, destroyed or deleted: said outright, even in passing.
    "{disposed}": re.compile(
        r"(?<![a-z])(?:return|destroy|destruction|delet|erase|erasure|shred|purg)"
    ),
    # Who owns a thing, said outright ("belong to the Association", "vests in the Client",
    # "remain its own property"): the element of an ownership clause even in passing.
    "{owned_by}": re.compile(
        r"(?<![a-z])(?:belongs?\s+to|vests?\s+in|vested\s+in|(?:is|are)\s+owned\s+by"
        r"|remains?\s+(?:the\s+)?(?:sole\s+|exclusive\s+)?property\s+of"
        r"|remains?\s+(?:its|their|our|his|her)\s+own\s+property"
        # the owner as the subject ("We ... own the copyright in that material"; "What you
        # make is yours"; "you keep the rights in your recording")
        r"|(?:owns?|keeps?|retains?)\s+(?:all\s+)?(?:the\s+)?(?:copyright|intellectual\s+property"
        r"|rights|title|ownership)\s+(?:in|of|to)"
        r"|(?:is|are|remains?|stays?)\s+(?:entirely\s+)?yours)(?![a-z])"
    ),
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
        # or to what the processor picks and shows ("an auditor selected and appointed by the
        # Processor", "limited to the review of documents", "may decline any inspection")
        r"|auditors?\s+(?:[a-z]+\s+){0,2}?(?:selected|appointed|chosen|nominated)\s+(?:and\s+"
        r"(?:selected|appointed|chosen|nominated|paid)\s+)?by\s+the\s+processor(?![a-z])"
        r"|(?:limited|confined|restricted)\s+to\s+(?:the\s+)?(?:review|inspection|examination)\s+of\s+"
        r"(?:the\s+)?(?:documents|papers|records\s+made\s+available)"
        r"|(?:may|can|is\s+entitled\s+to)\s+(?:decline|refuse)\s+(?:any|an)\s+(?:inspection|audit)"
        r"|no\s+other\s+right\s+(?:of|to)\s+(?:inspection|audit|inspect)"
        # or denied outright ("is not obliged to permit inspections of its premises")
        r"|not\s+(?:be\s+)?(?:obliged|required|bound)\s+to\s+(?:permit|allow|accept|submit\s+to|grant"
        r"|undergo)\s+(?:any\s+)?(?:inspections?|audits?|on-site|access)"
        r"|(?:audits?|inspections?)\s+(?:or\s+(?:audits?|inspections?)\s+)?[^.;]{0,120}?\b(?:shall|will|may)"
        r"\s+not\s+(?:take\s+place|be\s+(?:carried\s+out|conducted|held|permitted|allowed))(?![a-z])"
    ),
    # A duty that lasts only while one side keeps an interest in it, or the information its
    # value ("for such time as the Disclosing Party has a legitimate interest"): no period.
    "{open_interest}": re.compile(
        r"(?<![a-z])(?:for\s+(?:such\s+time|so\s+long|as\s+long)\s+as|while|until)\s+[^.;]{0,60}?"
        r"(?:has|have|retains?|keeps?)\s+(?:a|an|any|its|their)\s+(?:legitimate\s+|reasonable\s+|genuine\s+"
        r"|commercial\s+|business\s+)?(?:interest|value)(?![a-z])"
    ),
    # One side's changes in force the moment it publishes them ("may amend these terms at
    # any time by publishing the amended version ... from the date of publication").
    "{at_once}": re.compile(
        r"(?<![a-z])(?:may|can|reserves\s+the\s+right\s+to)\s+(?:[a-z]+\s+){0,3}?(?:amend|change|modify"
        r"|update|revise|alter|vary)(?![a-z])[^.;]{0,240}?(?<![a-z])(?:from|on|upon|with\s+effect\s+from"
        r"|as\s+of|effective)\s+(?:the\s+(?:date|day|moment|time)\s+(?:of\s+(?:its\s+)?|(?:it\s+is|they"
        r"\s+are)\s+)?)?(?:publication|posting|published|posted|displayed|uploaded|pinned|put\s+up)"
        r"(?![a-z])"
        # "Changes take effect when posted" (not "Other amendments ...", beside notice of
        # the material ones)
        r"|(?<![a-z])(?<!other\s)(?<!minor\s)(?:changes?|amendments?|updates?|revisions?|modifications?"
        r"|alterations?|variations?|(?:new|revised|amended|updated|changed)\s+(?:version|terms"
        r"|edition|conditions))\s+(?:will\s+|shall\s+)?(?:(?:takes?|come)\s+(?:into\s+)?effect|(?:are|is)"
        r"\s+(?:binding|effective)|binds?\s+[a-z]+)\s+(?:immediately\s+)?(?:when|once|as\s+soon\s+as|on"
        r"|upon|from)\s+"
        r"(?:the\s+(?:date|day|moment|time)\s+)?(?:(?:they|it)\s+(?:are|is)\s+|being\s+)?(?:posted"
        r"|published|posting|publication|displayed|uploaded|pinned|put\s+up)(?![a-z])"
    ),
    # What is promised or granted left to one side's later judgement ("in such condition as
    # the Owner ... considers appropriate", "in such other products ... as the Parties may
    # from time to time find suitable").
    "{open_scope}": re.compile(
        r"(?<![a-z])such\s+(?:other\s+|further\s+)?(?:conditions?|standards?|state|quality|ways?"
        r"|manner|uses?|products|purposes|media|channels|territor(?:y|ies)|form)(?![a-z])[^.;]{0,80}?"
        r"(?<![a-z])as\s+[^.;]{0,60}?(?<![a-z])(?:considers?|deems?|thinks?|judges?|regards?|decides?"
        r"|determines?|(?:may\s+)?(?:from\s+time\s+to\s+time\s+)?(?:finds?|requires?|sees?\s+fit"
        r"|approves?|chooses?))(?![a-z])"
    ),
    # The customer kept from passing the work to another supplier but at the supplier's
    # whim ("may not pass any Records to another builder without its consent, which it may
    # give or refuse as it thinks fit").
    "{locked_in}": re.compile(
        r"(?<![a-z])(?:may|shall|must|will)\s+not\s+(?:[a-z]+\s+(?:or\s+)?){0,3}?(?:pass|give|disclose"
        r"|provide|share|supply|show|transfer)(?![a-z])[^.;]{0,120}?(?<![a-z])(?:another|other|a\s+new"
        r"|a\s+replacement|any\s+other)\s+[^.;]{0,100}?(?<![a-z])without\s+[^.;]{0,60}?consent"
        r"[^.;]{0,80}?(?:as\s+it\s+(?:thinks|sees)\s+fit|(?:sole|absolute|unfettered|own)\s+discretion"
        r"|on\s+any\s+terms|give\s+or\s+(?:refuse|withhold)|refuse\s+for\s+any\s+reason)"
    ),
    # A matter left to what the parties later agree or think fit ("dealt with ... as they
    # may agree from time to time", "in the manner the parties consider appropriate").
    "{as_agreed}": re.compile(
        r"(?<![a-z])(?:as|in\s+(?:the|such|whatever|a)\s+(?:manner|way|form|fashion)(?:\s+as"
        r"|\s+that|\s+which)?)\s+(?:the\s+parties|they|both\s+parties|the\s+two\s+parties)\s+"
        r"(?:may\s+|shall\s+|will\s+|might\s+|can\s+)?(?:from\s+time\s+to\s+time\s+|jointly\s+"
        r"|mutually\s+|later\s+|then\s+)?(?:agree|consider|decide|determine|think|deem|settle"
        r"|arrange|find)(?![a-z])"
    ),
    # A renewal that comes with no reminder ("We do not send reminders before renewal",
    # "renews without notice to you").
    "{no_reminder}": re.compile(
        r"(?<![a-z])(?:do|does|will|shall)\s+not\s+(?:send|give|provide|issue)\s+(?:you\s+)?(?:any\s+)?"
        r"(?:reminders?|notices?|warnings?)\s+(?:before|of|ahead\s+of|prior\s+to)\s+(?:the\s+|any\s+"
        r"|each\s+|a\s+)?renewals?(?![a-z])"
        r"|(?<![a-z])renew\w*\s+(?:[a-z]+\s+){0,4}?without\s+(?:any\s+)?(?:reminder|prior\s+notice"
        r"|notice\s+to\s+you|further\s+notice|warning)(?![a-z])"
    ),
    # A duty with no cap in amount or time ("without limitation in amount or time").
    "{no_cap}": re.compile(
        r"(?<![a-z])(?:without\s+(?:any\s+)?limit(?:ation)?\s+(?:in|of|as\s+to)\s+(?:amount|time"
        r"|duration|sum)|unlimited\s+in\s+(?:amount|time))(?![a-z])"
    ),
    # A party that may not end it even when the other fails it ("has no other right to end
    # it, whatever the reason"; "no failure by the Supplier releases the Customer").
    "{no_way_out}": re.compile(
        r"(?<![a-z])no\s+(?:other\s+)?right\s+to\s+(?:end|terminate|cancel)(?![a-z])[^.;]{0,80}?"
        r"(?<![a-z])(?:whatever\s+the\s+reason|for\s+any\s+reason|even\s+(?:if|where|when|for))"
        r"|(?<![a-z])no\s+(?:failure|breach|default|fault)\s+(?:by|of|on\s+the\s+part\s+of)\s+"
        r"[^.;]{0,60}?(?<![a-z])(?:releases?|entitles?|allows?|permits?)(?![a-z])"
        r"|(?<![a-z])(?:may|can)\s*not\s+(?:end|terminate|cancel)(?![a-z])[^.;]{0,80}?"
        r"(?<![a-z])even\s+(?:if|where|when|for|on)(?![a-z])[^.;]{0,40}?(?:breach|fail|default)"
        # a right to end it given up, the other side's failures included
        r"|(?<![a-z])waives?\s+(?:any|all|every|its|their|the)\s+(?:of\s+(?:its|their)\s+)?rights?\s+"
        r"(?:it\s+may\s+have\s+)?to\s+(?:end|terminate|cancel|rescind)(?![a-z])[^.;]{0,120}?"
        r"(?<![a-z])(?:whatever|for\s+any\s+reason|including|even\s+(?:if|where|when|for|on))(?![a-z])"
    ),
}
# "{one_sided_exit}", "{work_kept}" and "{sells_the_work}" are read with their clause and
# paragraph (reading.py).
VALUE_NAMES = (
    *VALUES,
    "{place}",
    "{own_fault}",
    "{one_side_unlimited}",
    "{negligence_excluded}",
    "{unannounced}",
    "{discretion_only}",
    "{long_renewal}",
    "{own_ends}",
    "{kept_on_breach}",
    "{narrow_window}",
    "{retroactive}",
    "{free_to_disclose}",
    "{takes_content}",
    "{one_sided_exit}",
    "{work_kept}",
    "{sells_the_work}",
    "{assigned_work}",
    "{effort_only}",
    "{rules_open}",
    "{manners_only}",
    "{check_yourself}",
)
_NAME = r"([A-Z][^\W\d_]+)"  # a capitalised word, accents and all ("Québec")
_MORE = r"(?: [A-Z][^\W\d_]+){0,2}"  # and the rest of its name ("New South Wales")
_PLACE = re.compile(
    r"\b(?i:laws?|courts?) (?i:in force )?(?i:of|in) (?i:the )?"
    rf"(?i:(?:state|commonwealth|province|republic|kingdom|federal republic) of )?{_NAME}"
    rf"|\b{_NAME}(?:'s)? (?i:laws? (?:applies|apply|governs?|shall|will|is|are))\b"
    rf"|\b(?i:governed by|subject to|construed under|in accordance with) (?i:the )?{_NAME}{_MORE} "
    r"(?i:(?:substantive|material|domestic|national|internal) )?(?i:laws?)\b"
    rf"|\b(?i:the) {_NAME}{_MORE} (?i:courts?)\b"
    # "the judicial district of Trois-Rivières", "the place of jurisdiction ... is Bern"
    r"|\b(?i:judicial district|place of jurisdiction|seat of (?:the )?arbitration)\b"
    rf"[^.;]{{0,100}}?\b(?i:of|in|is|at|shall be) {_NAME}"
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
    r"\b(?i:indemnif(?:y|ies)|hold|holds|save|saves|keep|keeps|make good to|makes good to"
    r"|cover|covers|reimburse|reimburses|compensate|compensates)\s+"
    r"(?i:(?:and|or)\s+\w+\s+)?"
    r"(?i:(?:harmless|indemnified|all|for)\s+)?(?:the\s+)?([A-Z][A-Za-z]+|us|our|you|me)\b"
)
_REACHING = re.compile(
    r"\b(?:including|even|whether or not|regardless of|irrespective of|notwithstanding)\b"
    r"(?:(?!\b(?:except|excepting|excluding|save|other than|unless|but not)\b)[^;.])*",
    re.IGNORECASE,  # capitalised disclaimers too ("EVEN IF ... THE SOLE NEGLIGENCE OF SELLER")
)
_FAULT = re.compile(r"\b(?:negligen|fault|default|breach|misconduct)")
_POSSESSIVE = {"us": "(?:us|our)", "our": "(?:us|our)", "you": "(?:you|your)", "me": "(?:me|my)"}


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
        party = re.compile(rf"\b{_POSSESSIVE.get(name, f'(?:{named}|{named.lower()})')}\b")
        # the protected party named as the one at fault: "the Consultant's negligence",
        # "the negligence or default of the Landlord" (not "costs that the Client incurs")
        at_fault = re.compile(
            # (or last in a list: "our own act, omission or negligence")
            rf"{party.pattern}(?:'s)?\s+(?:own\s+)?"
            r"(?:(?!(?:your|you|their|its|his|her|the|a|an|any)\b)[a-z]+,?\s+(?:(?:or|and)\s+)?){0,3}?"
            r"(?i:negligen|careless|fault|default|breach|misconduct|error|mistake)"
            rf"|(?i:negligen\w*|careless\w*|fault|default|breach|misconduct)[^;.]{{0,70}}?\b(?:of|by|on)\s+"
            rf"(?:(?:the|any|a|an|each)\s+)?{party.pattern}"
            # "including those caused by the Contractor"
            rf"|(?i:caused|occasioned)\s+(?:solely\s+|wholly\s+|in\s+part\s+)?by\s+(?:the\s+)?{party.pattern}",
            re.IGNORECASE if text.isupper() else 0,
        )
        for span in _REACHING.finditer(text, m.end()):
            if at_fault.search(span.group()):
                return True
    return False


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


def _one_side_unlimited(text: str) -> bool:
    low = normalise(text).lower()
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
    # not "unless it is caused by our negligence": the fair form
    r"(?:(?!unless|except|other\s+than|save\s+(?:where|if|to|for)|excluding)[^.;]){0,200}?"
    r"(?:(?:howsoever|however)\s+caused|negligence\s+of\s+(?:the\s+)?[a-z]+"
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
    r"|not\s+be\s+responsible|not\s+responsible)\s+(?:[a-z]+\s+){0,3}?for\s+(?:any\s+)?(?:death"
    r"|personal\s+injury|bodily\s+injury|injury|illness)(?:(?!except|unless|other\s+than|save|excluding)[^.;])"
    r"{0,200}?(?:negligen|(?:howsoever|however)\s+caused)"
)


def _negligence_excluded(text: str) -> bool:
    low = normalise(text).lower()
    return not _MUTUAL.search(low) and _affirmed(_NEGLIGENCE_EXCLUDED, text)


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


def _takes_content(text: str) -> bool:
    return _affirmed(_TAKES_CONTENT, text)


_UNITS = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
]  # fmt: skip
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60}
_NUMBER_WORDS = {w: i + 1 for i, w in enumerate(_UNITS)}
_UNIT = re.compile(r"(year|month|week|season|harvest)s?\b")
_NUMBER_TOKEN = re.compile(r"\d+|[a-z]+")
# a season or a harvest comes once a year
_MONTHS = {"year": 12.0, "month": 1.0, "week": 12 / 52, "season": 12.0, "harvest": 12.0}


def months_in(text: str) -> list[float]:
    """The periods a text states, in months ("two (2) years" -> 24, "thirty-six months"
    -> 36, "a 12-month period" -> 12); a unit with no number before it ("each year")
    states none."""
    low = normalise(text).lower()
    out = []
    for m in _UNIT.finditer(low):
        before = _NUMBER_TOKEN.findall(low[max(0, m.start() - 40) : m.start()])[-2:]
        n = _number(before)
        if n is not None and not (n > 100 and m.group(1) in ("season", "harvest")):
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
    r"\b(?:renew|extend|extension)\w*\b[^.;]{0,60}?\b(?:for|by)\s+(?:(?:a|an|one or more"
    r"|successive|further|additional|consecutive|subsequent|like)\s+)*(?:(?:term|period)s?\s+of\s+)?"
    r"([^.;]{0,40}?)"
    r"\b(?:year|month|season|harvest)s?\b"
)


def _long_renewal(text: str) -> bool:
    low = normalise(text).lower()
    return any(p > 24 for m in _RENEWAL_SPAN.finditer(low) for p in months_in(m.group()))


# Recipients free to use people's data for their own ends ("partners ... who may use your
# health information for their own purposes, including marketing their products to you"),
# unless the sentence denies it ("they may not use it for their own purposes").
_OWN_ENDS = re.compile(
    r"\b(?:for|in) (?:their|its) own (?:purposes|marketing|use|ends|benefit|business)"
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
    r"|guests?|patients?|subscribers?))\s+(?:directly\s+)?(?:with\s+)?(?:their|its)\s+(?:own\s+)?"
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


# One side left free to pass on what the other tells it ("Nothing in this Agreement
# restricts the Client's use or disclosure of any information it receives from the
# Supplier"; "may share it with any other person as it sees fit"); not "shall not disclose
# to any person".
_FREE_TO_DISCLOSE = re.compile(
    r"\bnothing in this [a-z]+\s+(?:shall\s+)?(?:restricts?|limits?|prevents?)\s+(?:the\s+)?"
    r"[a-z]+(?:'s)?\s+(?:use\s+(?:or|and)\s+)?disclosure\s+of"
    r"|\bnothing in this [a-z]+\s+(?:shall\s+)?(?:restricts?|limits?|prevents?)\s+(?:the\s+)?"
    r"[a-z]+\s+from\s+(?:using\s+(?:or|and)\s+)?disclosing\b"
    r"|\b(?:share|disclose|pass on)\s+[^.;]{0,80}?\b(?:any (?:other )?(?:person|third part\w*)"
    r"|anyone|anybody)\b[^.;]{0,40}?\b(?:as it (?:sees|thinks) fit|as it (?:wishes|chooses)"
    r"|without (?:restriction|limitation)|for any purpose)\b"
    # "to anyone it chooses"
    r"|\b(?:share|disclose|pass on)\s+[^.;]{0,80}?\b(?:anyone|anybody|whoever|whomever"
    r"|any (?:other )?(?:person|third part\w*))\s+(?:it|they|he|she|we)\s+(?:chooses|choose"
    r"|wishes|wish|likes?|wants?|selects?|pleases?)\b"
)


def _free_to_disclose(text: str) -> bool:
    return _affirmed(_FREE_TO_DISCLOSE, text)


# Discretion promised in place of confidentiality ("will treat information about the Lender
# with appropriate discretion"), with no duty to keep it confidential or not to disclose it.
_DISCREET = re.compile(
    r"\b(?:with|exercise|use|observe|show)\s+(?:all\s+|the\s+)?(?:appropriate|due|reasonable|suitable"
    r"|proper|sensible|professional|utmost|great|every)?\s*discretion\b"
)
_KEPT_SECRET = re.compile(
    r"\b(?:confidential|secret|secrecy|not\s+(?:to\s+)?disclose|non-?disclosure)"
)


def _said_without(said: re.Pattern[str], unless: re.Pattern[str]) -> Callable[[str], bool]:
    """A reading of a sentence that says `said` and nothing of `unless` (what would make it
    concrete or fair)."""

    def read(text: str) -> bool:
        low = normalise(text).lower()
        return bool(said.search(low)) and not unless.search(low)

    return read


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


def _own_ends(text: str) -> bool:
    return _affirmed(_OWN_ENDS, text)


# No refund even where the provider is at fault ("not refundable ... including where the
# Customer terminates ... because of a breach by the Provider").
_NO_REFUND = re.compile(
    r"\b(?:not (?:be )?(?:refundable|refunded)|(?:cannot|can't) (?:be )?refunded|non-?refundable"
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
)


def _retroactive(text: str) -> bool:
    return _affirmed(_RETROACTIVE, text, denied_within=True)


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


# Work that is whatever one side hands out, with no post named ("the tasks ... that the
# Employer's management assigns to him"); "other duties ... as the Company may assign"
# beside a named post is the norm.
_ASSIGNED = re.compile(
    r"(?<![a-z])(?:tasks?|duties|work|functions|assignments|jobs),?\s+(?:[a-z']+,?\s+){0,8}?"
    r"(?:that|which|as|those|whatever)\s+(?:[a-z']+\s+){1,4}?(?:may\s+)?(?:from\s+time\s+to\s+time\s+)?"
    r"(?:assigns?|allocates?|directs?|requires?|gives?|delegates?|hands?\s+out)(?![a-z])"
)
# or whatever the business needs at the time ("what you work on will depend on the needs of
# the business and our customers at any given time")
_AS_NEEDED = re.compile(
    r"(?<![a-z])(?:work\s+on|tasks?|duties|work|role|responsibilities|assignments)\s+(?:[a-z']+\s+)"
    r"{0,4}?(?:depends?|will\s+depend|is\s+determined|are\s+determined|will\s+be\s+determined)"
    r"\s+(?:on|by)\s+(?:the\s+)?(?:changing\s+)?(?:needs|requirements)\s+of\s+the\s+(?:business|company"
    r"|firm|employer|organi[sz]ation)(?![a-z])"
)
_EXTRA = re.compile(
    r"(?<![a-z])(?:other|additional|further|related|incidental|ancillary|similar|also|extra)"
    r"(?![a-z])[^.;]{0,40}$"
)


def _assigned_work(text: str) -> bool:
    low = normalise(text).lower()
    return any(
        not _EXTRA.search(low[max(0, m.start() - 40) : m.start()])
        for pattern in (_ASSIGNED, _AS_NEEDED)
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
    r"|specification|workmanlike|satisfactory\s+quality)"
)


# Rules of use that name no rule ("use the service responsibly and fairly, and not in any
# way that we consider inappropriate"); beside a concrete rule they are only a catch-all.
_OPEN_RULES = re.compile(
    r"(?<![a-z])(?:responsibly|sensibly|in\s+(?:any|a)\s+(?:way|manner)\s+(?:that\s+)?(?:we|it)\s+"
    r"(?:consider|deem|think|find|regard\s+as)s?\s+(?:inappropriate|unacceptable|improper))(?![a-z])"
)
_RULE = re.compile(
    r"(?<![a-z])(?:unlawful|illegal|spam|harass|infring|malware|virus|reverse\s+engineer|scrap|abus"
    r"|offensive|fraud|hack|resell|password|automated|bots?|impersonat|defam|obscene|copyright"
    r"|interfere|disrupt|security|law|rights\s+of\s+others|other\s+users)"
)


# A licensee's use bounded only by manners or by its own needs ("with respect for the
# author's work", "as far as its layouts reasonably call for", "to its partners where doing
# so serves the purposes of this contract"), with nothing it may not do.
_MANNERS = re.compile(
    r"(?<![a-z])(?:with\s+(?:due\s+|proper\s+|all\s+)?respect\s+for|out\s+of\s+keeping\s+with"
    r"|in\s+keeping\s+with\s+the\s+spirit|respectfully|responsibly|in\s+good\s+taste|tastefully"
    r"|as\s+far\s+as\s+[^.;]{0,40}?reasonably\s+(?:calls?|requires?|needs?)"
    r"|where\s+(?:doing\s+so|it|this)\s+serves\s+the\s+purposes?"
    r"|as\s+(?:it|they|the\s+[a-z]+)\s+(?:considers?|deems?|thinks?|sees?)\s+(?:suitable|fit|appropriate)"
    r"|(?:shall|will|must)\s+respect\s+the\s+(?:cultural\s+)?(?:character|spirit|integrity|nature)"
    r"|unfitting|out\s+of\s+character"
    r"|in\s+any\s+(?:way|manner)\s+(?:which|that)\s+(?:the\s+[a-z]+|we|it)\s+(?:may\s+)?(?:reasonably\s+)?"
    r"(?:considers?|deems?|regards?\s+as|finds?)\s+(?:inappropriate|unacceptable|improper|offensive))"
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


# What one sentence says that no single pattern can hold.
_READ: dict[str, Callable[[str], bool]] = {
    "{own_fault}": _covers_own_fault,
    "{one_side_unlimited}": _one_side_unlimited,
    "{negligence_excluded}": _negligence_excluded,
    "{unannounced}": _unannounced,
    "{discretion_only}": _said_without(_DISCREET, _KEPT_SECRET),
    "{long_renewal}": _long_renewal,
    "{own_ends}": _own_ends,
    "{kept_on_breach}": _kept_on_breach,
    "{narrow_window}": _narrow_window,
    "{retroactive}": _retroactive,
    "{free_to_disclose}": _free_to_disclose,
    "{takes_content}": _takes_content,
    "{assigned_work}": _assigned_work,
    "{effort_only}": _said_without(_EFFORT, _WARRANTED),
    "{rules_open}": _said_without(_OPEN_RULES, _RULE),
    "{manners_only}": _said_without(_MANNERS, _LIMIT),
    "{check_yourself}": _said_without(_IN_FORCE_WHEN_USED, _TOLD),
}


# A deadline given outright as open ("within the period usual in the Processor's archiving
# cycle", "within a reasonable time after termination"): the event it follows is no deadline.
_OPEN_WITHIN = re.compile(r"(?<![a-z])within\s+(?:[a-z]+\s+){0,2}?" + VALUES["{open_time}"].pattern)


def open_deadline(text: str) -> bool:
    """Whether the text gives a deadline as open, and states no period beside it."""
    low = normalise(text).lower()
    return bool(_OPEN_WITHIN.search(low)) and not VALUES["{period}"].search(low)


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
    ("{amount}"), a named place whose law or courts apply ("{place}"), an indemnity
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
        elif p in ("{one_sided_exit}", "{work_kept}", "{sells_the_work}"):
            continue  # read with its clause and paragraph, in reading.py
        elif (VALUES[p] if p in VALUES else phrase(p)).search(low):
            return True
    return False
