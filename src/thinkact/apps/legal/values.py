"""What a sentence states beyond fixed words: values ("{period}", "{amount}", "{place}"),
time left open ("{open_time}"), and the wording read from the whole sentence, risky
(`risky_wording`: "{own_fault}", "{long_renewal}", ...) or open (`open_wording`:
"{assigned_work}", ...). Checklist items name them in their `*_match` lists
(checklists/items.toml); `states` reads a sentence for them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from thinkact.apps.legal import open_wording, risky_wording
from thinkact.apps.legal.evidence import FAILS_TO_PAY, lowered, normalise, not_pattern, phrase

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
    r"|in\s+the\s+(?:reasonable\s+|sole\s+|absolute\s+)?(?:view|opinion|judge?ment)\s+of\s+the\s+[a-z]+(?:\s+party)?"
    r"|in\s+(?:its|our|their)\s+(?:own\s+)?(?:reasonable\s+|sole\s+|absolute\s+)?(?:view|opinion|judge?ment)"
    r"|on\s+(?:its|their)\s+own\s+(?:facts|merits)"
    r"|decides?\s+for\s+(?:itself|ourselves|themselves)|as\s+(?:its|our)\s+business\s+(?:requires|needs)"
    r"|(?:convenient|suitable)\s+(?:to|for)\s+(?:it|us|itself|the\s+(?:processor|provider|supplier|"
    r"company|contractor|licensor|vendor|seller)))(?![a-z])"
)
# A time that is only "soon enough", in the open-time wording and the open-notice one.
_SOON_ENOUGH = r"in good time|early enough"
_TOLD = r"(?<![a-z])(?:inform|notif|tell|advise)\w*\b"
_AS_LONG_AS_JUDGED = (
    r"(?:as|so) long(?:\s+afterwards|\s+thereafter)?\s+as\s+[^.;,]{0,50}?\b(?:considers?"
    r"|deems?|regards?|thinks?|judges?|treats?|views?)"
)
_IN_GOOD_TIME = r"in good time|in due course|within a reasonable (?:time|period)"
_CHANGE = r"(?:chang|revis|amend|updat|modif|variation|alteration|new\s+version)"
_TRY_TELL = (
    r"(?<![a-z])(?:will|shall|would)\s+(?:try|endeavou?r|aim|attempt|seek|do\s+(?:our|its|their)\s+best)"
    r"\s+to\s+(?:[a-z]+\s+){0,2}?(?:draw|bring|let|tell|inform|notify|alert|point\s+out|highlight"
    r"|make\s+(?:you|users|members|customers|clients)\s+aware)(?![a-z])"
)
# A matter left to what the parties later agree or think fit ("dealt with ... as they may
# agree from time to time", "in the manner the parties consider appropriate").
_AS_AGREED = (
    r"(?<![a-z])(?:as|in\s+(?:the|such|whatever|a)\s+(?:manner|way|form|fashion)"
    # "in the manner and at the times that the Parties ... consider appropriate"
    r"(?:\s+and\s+at\s+(?:the|such)\s+(?:times?|intervals?|places?))?(?:\s+as|\s+that|\s+which)?"
    r"|at\s+(?:the|such)\s+(?:times?|intervals?)\s+(?:as|that|which))"
    r"\s+(?:the\s+parties|they|both\s+parties|the\s+two\s+parties)\s+"
    r"(?:may\s+|shall\s+|will\s+|might\s+|can\s+)?(?:from\s+time\s+to\s+time\s+|jointly\s+"
    r"|mutually\s+|later\s+|then\s+)?(?:agree|consider|decide|determine|think|deem|settle"
    r"|arrange|find)(?![a-z])"
)
# Pay, and what follows it up to a figure: the subject of the open-pay forms below.
_PAY = r"|(?<![a-z])(?:paid|pay|salary|wages?|rate|remuneration)(?![a-z])[^.;\d£$€]"
# Nothing after it points to a table or a figure that settles it.
_NO_TABLE = r"(?![^.;]{0,80}?(?:set\s+out|schedule|annex|appendix|exhibit|attached|\d))"

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
        r"[$€£¥]\s?\d|(?<![a-z0-9])\d[\d,.]*\s?(?:usd|eur|gbp|chf|dollars|euros|pounds\s+sterling)(?![a-z])"
        r"|(?<![a-z])(?:usd|eur|gbp|chf)\s?\d|(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,])"
    ),
    # The law of a federation whose contract law is its states' or provinces' (the United
    # States, Canada, Australia) as a whole, not a territory whose name begins with it ("the
    # United States Virgin Islands").
    "{federation_law}": re.compile(
        r"(?<![a-z])(?:federal\s+)?laws?\s+(?:of|applicable\s+in|in\s+force\s+in)\s+(?:the\s+)?"
        r"(?:united\s+states(?:\s+of\s+america)?|canada|australia|commonwealth\s+of\s+australia)"
        r"(?!\s+(?:virgin|minor\s+outlying)\s+islands)(?![a-z])"
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
    # Sums owed under the document itself, its non-payment a ground to end it ("if Licensee
    # fails to pay any amount due under this License"): the document is a paid one.
    "{owed_under}": re.compile(
        rf"{FAILS_TO_PAY}\s+(?:any\s+|an\s+|the\s+)?"
        r"(?:amounts?|sums?|fees?|charges?|royalt(?:y|ies)|monies|moneys)\s+(?:due|payable|owed|owing)"
        r"\s+(?:to\s+[a-z]+\s+)?under\s+(?:this|these|the)\s+(?:agreement|licen[cs]e|contract|terms)(?![a-z])"
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
        r"(?:permit|allow|require)"
        r"|(?<!until )such (?:further |other )?(?:length of )?(?:time|period)"
        r"(?: thereafter| afterwards)? as "
        r"(?:may be |is |shall be )?(?:reasonable|reasonably [a-z]+|appropriate|necessary|"
        r"required)"
        # a time set by custom, not by a number ("the credit period customarily allowed")
        r"|(?:customary|usual|normal|ordinary)\s+(?:[a-z']+\s+){0,4}?(?:practice|period|cycle"
        r"|course|timescales?|way|manner)|(?:rhythm|cadence|pace)\s+of|(?:period|time)\s+(?:[a-z]+\s+){0,2}?customarily"
        # a duration that lasts as long as someone judges fit ("for as long as our
        # accounting team considers prudent"), or as is fair ("for so long a time as is fair
        # in the light of how sensitive the information is")
        rf"|{_AS_LONG_AS_JUDGED}"
        r"|(?:as|so)\s+long(?:\s+a\s+(?:time|period))?\s+as\s+(?:is|may\s+be|seems|shall\s+be)\s+"
        r"(?:fair|reasonable|appropriate|proper|just)(?![a-z])"
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
        r"|price\s+list|rate\s+card|\d))" + _PAY + r"{0,80}?(?<![a-z])"
        # pay set by one side's own pay structure or scale, with no figure, grade or table to
        # find it in ("the hourly rate applicable to your position under the Company's pay
        # structure"); a review of a stated salary under a pay policy is no such thing
        r"(?:under|in\s+keeping\s+with|in\s+accordance\s+with|according\s+to|in\s+line\s+with"
        r"|by\s+reference\s+to)\s+(?:the\s+)?(?:[a-z]+(?:'s)?\s+){0,3}?(?:pay|salary|wage|remuneration"
        r"|grading)\s+(?:structure|scales?|bands?|framework|grid)(?![a-z])"
        + _NO_TABLE
        # or within a range one side keeps to itself, or told only after the work has begun
        # ("an hourly base rate determined by the Company within the range it has set ...,
        # which the Company will confirm to Employee after his start date")
        + _PAY
        + r"{0,80}?\bwithin\s+"
        r"(?:the\s+|a\s+)?(?:[a-z]+\s+){0,2}?(?:range|band|bracket)\s+(?:(?:that\s+|which\s+)?(?:it|we"
        r"|they|the\s+[a-z]+)\s+(?:has|have)\s+|(?:that\s+is\s+|which\s+is\s+)?)(?:set|established"
        r"|fixed|determined|adopted)(?![a-z])" + _NO_TABLE + _PAY + r"{0,120}?\b(?:confirm"
        r"|notify|tell|inform|communicate|advise)\w*\s+(?:it\s+)?(?:to\s+)?(?:you|the\s+employee|employee"
        r"|him|her|them)\s+(?:only\s+)?(?:after|once)\s+(?:your|his|her|their|the|you|he|she|they)\s+"
        r"(?:start|starts|commencement|begin|begins|have\s+started|has\s+started)"
    ),
    # A refund or credit whose size one side decides ("may grant the refund or credit it
    # considers fair", "such credit as we think appropriate"): open whatever period is said.
    "{open_amount}": re.compile(
        r"(?<![a-z])(?:refunds?|credits?|reimbursements?|compensation|repayments?|remed(?:y|ies))(?![a-z])"
        r"[^.;]{0,40}?"
        r"(?<![a-z])(?:as\s+|that\s+|which\s+)?(?:we|it|they|the\s+[a-z]+)\s+(?:may\s+)?(?:consider|considers"
        r"|deem|deems|think|thinks|judge|judges|determine|determines|decide|decides)\s+(?:to\s+be\s+)?"
        r"(?:fair|appropriate|reasonable|adequate|proper|suitable|equitable|just|fit)(?![a-z])"
        r"|(?<![a-z])(?:amount|size|level|value)\s+of\s+(?:any|the|a|each)\s+(?:refunds?|credits?"
        r"|reimbursements?|compensation)\s+(?:will|shall|is\s+to|is)\s+(?:be\s+)?(?:decided|determined"
        r"|set|fixed|assessed)\s+by\s+(?:us|it|them|the\s+[a-z]+)(?![a-z])"
        # or whether there is one at all ("we'll look at whether we can offer a refund or
        # credit, taking into account how close to the ride you cancel")
        r"|(?<![a-z])(?:consider|look\s+at|decide|assess|review|see)\s+whether\s+(?:or\s+not\s+)?"
        r"(?:(?:we|it|they|the\s+[a-z]+)\s+(?:can|could|will|should|may)\s+|to\s+)(?:offer|give|grant"
        r"|make|provide|issue|pay)\s+(?:you\s+)?(?:a|any|an)\s+(?:full\s+|partial\s+)?(?:refunds?|credits?"
        r"|reimbursements?)(?![a-z])"
        # or such part of it as is fair ("refund such part of the Fees paid in advance as is
        # fair and reasonable"), or some part of it, no figure given ("we may be able to return
        # some of what you have paid")
        r"|(?<![a-z])(?:refunds?|repay|return|credit|reimburse)\b[^.;]{0,40}?\bsuch\s+(?:part|portion"
        r"|proportion|amount|sum|share)\b[^.;]{0,80}?\bas\s+(?:is|are|may\s+be|seems?|(?:we|it|they"
        r"|the\s+[a-z]+)\s+(?:may\s+)?(?:consider|considers|think|thinks|decide|decides|deem|deems"
        r"|determine|determines))\s+(?:to\s+be\s+)?(?:fair|reasonable|appropriate|equitable|just|proper"
        r"|right)(?![a-z])"
        r"|(?<![a-z])(?:return|refund|repay|give\s+back|pay\s+back)\s+(?:you\s+)?(?:some(?:\s+or\s+all)?|part"
        r"|a\s+part"
        r"|a\s+portion|a\s+proportion|a\s+share)\s+of(?![a-z])(?![^.;]{0,80}?(?:\d|per\s*cent|half|quarter"
        r"|third))"
    ),
    # Telling people of a change promised only as an effort ("we will try to draw it to
    # your attention"): no notice they can count on before it applies.
    "{tried_telling}": re.compile(
        rf"(?<![a-z]){_CHANGE}[^.;]{{0,100}}?{_TRY_TELL}|{_TRY_TELL}[^.;]{{0,60}}?(?<![a-z]){_CHANGE}"
    ),
    # Liability kept as the law sets it ("liable under the general rules of Danish law for
    # injury or damage caused by our negligence", "in accordance with the law"): its measure,
    # not a cap left open.
    "{liable_by_law}": re.compile(
        r"(?<![a-z])liab\w*\s+(?:[^.;]{0,80}?\s)?(?:under|in\s+accordance\s+with|according\s+to|as\s+provided"
        r"\s+by|pursuant\s+to)\s+(?:the\s+)?(?:general\s+rules\s+of\s+|statutory\s+provisions(?![a-z])"
        r"|statutory\s+rules(?![a-z]))?(?:[a-z]+\s+){0,2}?(?:law|statute|statutory)(?![a-z])"
    ),
    # The factors an open amount is to be weighed against ("an amount that is fair and
    # reasonable, having regard to the storage charges paid"): a sum named among them is no cap.
    "{weighed_by}": re.compile(
        r"(?<![a-z])(?:having\s+regard\s+to|taking\s+into\s+account|bearing\s+in\s+mind|in\s+the\s+light"
        r"\s+of)\s+[^.;]*"
        # or an open measure and its yardstick ("an amount that is reasonable in relation to
        # the nature of the services and the fees paid"): the fees only weigh it
        r"|(?<![a-z])(?:reasonable|fair|appropriate|proportionate|commensurate)\s+(?:in\s+(?:relation"
        r"|proportion)\s+to|relative\s+to)\s+[^.;]*"
    ),
    # A standard that is only what the trade usually expects, named nowhere ("the
    # requirements usually applied to melons of these varieties", "as a platform of this
    # nature may reasonably be expected to perform, having regard to the standards generally
    # prevailing in the industry").
    "{trade_usual}": re.compile(
        r"(?<![a-z])(?:requirements|standards?|norms|specifications?)\s+(?:usually|customarily|normally"
        r"|generally|commonly)\s+(?:applied|accepted|expected|required|used|prevailing)(?![a-z])"
        r"|(?<![a-z])(?:usual|customary|accepted)\s+in\s+the\s+trade(?![a-z])"
        r"|(?<![a-z])as\s+(?:a|an|any)\s+[a-z]+\s+of\s+(?:this|that|its|their|the\s+same)\s+(?:nature|kind"
        r"|type|sort)\s+(?:may|might|would|could)\s+(?:reasonably\s+)?be\s+expected(?![a-z])"
    ),
    # Work promised to last, with no period it must last for ("the new roofing will be
    # durable and suitable"): how long is left to later argument.
    "{lasting_open}": re.compile(
        r"(?<![a-z])(?:(?:will|shall|must|to)\s+(?:be|remain)\s+"
        r"(?:durable|long[- ]lasting|hard[- ]wearing)|(?:will|shall)\s+last|built\s+to\s+last"
        # or free from defects only "for a reasonable time", or its defects made good only if
        # they appear "within a reasonable period after Completion" (not the time to remedy one)
        r"|free\s+(?:from|of)\s+defects\b[^.;]{0,80}?\bfor\s+a\s+reasonable\s+(?:time|period)"
        r"|defects?\b[^.;]{0,80}?\b(?:apparent|appears?|arises?|arising|discovered|occurs?|occurring"
        r"|emerges?)\s+(?:with)?in\s+a\s+reasonable\s+(?:time|period)\s+(?:after|following|of))"
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
        # (or word sent to the provider: "you need to let us know in good time before")
        rf"(?<![a-z])(?:notice|let\s+us\s+know|tell\s+us|inform\s+us|notify\s+us)\b[^.;]{{0,40}}?\b"
        rf"(?:{_SOON_ENOUGH}"
        r"|(?:reasonable|appropriate|adequate|sufficient) (?:time|period|advance"
        r"|anticipation))(?![a-z])"
        r"|(?<![a-z])(?:reasonable|appropriate|adequate|sufficient)\s+(?:advance|prior)\s+notice(?![a-z])"
        # or timed by its effect ("given at a point ... leaving enough of it to run, that
        # the other party is not put in difficulty")
        r"|(?<![a-z])notice\b[^.;]{0,80}?\b(?:leaving enough|enough (?:of it |time )?to\b"
        r"|not (?:be )?put (?:in|to) difficulty)"
        # or measured by the job, or settled only once it is given ("a period of notice
        # commensurate with the Executive's function ..., which the parties will determine in
        # good faith when notice is given")
        r"|(?<![a-z])notice\s+(?:period\s+)?(?:commensurate|proportionate)\s+(?:with|to)(?![a-z])"
        r"|(?<![a-z])notice\b[^.;]{0,160}?\b(?:which|that|as)\s+the\s+parties\s+(?:will|shall|may)\s+"
        r"(?:[a-z]+\s+)?(?:determine|agree|settle|fix)\b[^.;]{0,40}?\bwhen\s+(?:the\s+)?notice\s+is\s+given"
    ),
    # A restraint that lasts only while the job does ("While you are employed by the Company
    # you must not ... be engaged in a business that competes"), nothing said of after it:
    # its length is the job's.
    "{while_employed}": re.compile(
        r"(?<![a-z])(?:(?:while|whilst)\s+(?:you\s+are|the\s+employee\s+is|(?:he|she)\s+is"
        r"|they\s+are)\s+(?:employed|in\s+(?:the\s+)?employment)|during\s+(?:your|the|his|her|their)"
        r"\s+employment)(?![a-z])"
        r"(?![^.;]*(?<![a-z])(?:after|thereafter|afterwards|following|ends?|ended|termination"
        r"|ceases?|leaves?|leaving)(?![a-z]))"
    ),
    # Changes to the terms told at a time left open ("will inform the Customer of amendments
    # in good time"); told "as soon as practicable" is the fair form after an urgent change.
    "{told_in_good_time}": re.compile(rf"{_TOLD}[^.;]{{0,60}}?\b(?:{_IN_GOOD_TIME})(?![a-z])"),
    # Changes told at a time left open, or only those one side judges to matter ("shall
    # inform the Controller, in good time, of changes to the sub-processors it uses that may
    # be relevant to the Controller"): taken out whole, so the telling does not pass for
    # notice; a right to object beside it still does.
    "{told_loosely}": re.compile(
        rf"{_TOLD}[^.;]{{0,60}}?\b(?:{_IN_GOOD_TIME}|as soon as (?:reasonably )?(?:practicable"
        r"|possible))(?![a-z])"
        rf"|{_TOLD}[^.;]{{0,60}}?\bchanges?\b[^.;]{{0,80}}?\b(?:that"
        r"|which)\s+(?:it\s+(?:considers|deems|thinks)\s+|(?:may|might|could)\s+be\s+|are\s+)"
        r"(?:relevant|material|significant|important)(?![a-z])"
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
        r"|(?:remains?|becomes?)\s+(?:the\s+)?(?:sole\s+|exclusive\s+)?property\s+of"
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
        r"|(?:exclusively|solely|only)\s+(?:by|through|via)\s+(?:means\s+of\s+|way\s+of\s+)?"
        r"(?:(?:providing|making\s+available|sending)\s+(?:to\s+)?(?:the\s+[a-z]+\s+)?)?"
        r"(?:these|the|its|such|their|a)\s+(?:written\s+)?(?:documents|reports?|certificat\w*|summar\w*"
        r"|questionnaires?)"
        # ("exclusively by the Controller reviewing the Processor's current ... certificate")
        r"|(?:exclusively|solely|only)\s+by\s+[^.;]{0,60}?\b(?:reviewing|reading|receiving|examining"
        r"|checking|inspecting)\s+[^.;]{0,60}?\b(?:documents|reports?|certificat\w*|summar\w*"
        r"|questionnaires?)(?![a-z])"
        r"|(?:inspection|audit)[^.;]{0,100}?\bonly\s+(?:if|where|when)\s+(?:a|the|any)\s+"
        r"(?:supervisory|competent|data protection)\s+authority(?![a-z])"
        # or to what the processor picks and shows ("an auditor selected and appointed by the
        # Processor", "limited to the review of documents", "may decline any inspection")
        r"|auditors?\s+(?:[a-z]+\s+){0,2}?(?:selected|appointed|chosen|nominated)\s+(?:and\s+"
        r"(?:selected|appointed|chosen|nominated|paid)\s+)?by\s+the\s+processor(?![a-z])"
        r"|(?:limited|confined|restricted)\s+to\s+(?:the\s+)?(?:review|inspection|examination)\s+of\s+"
        r"(?:the\s+)?(?:documents|papers|records\s+made\s+available)"
        # (refusing "an auditor who is a competitor" is the fair form)
        r"|(?:may|can|is\s+entitled\s+to)\s+(?:decline|refuse)\s+(?:to\s+[^.;]{0,60}?\s(?:allow|permit"
        r"|accept|undergo)\s+)?(?:any|an)\s+(?:inspection|audit)(?![a-z])"
        # or held at its pleasure ("an inspection at the Processor's premises shall require the
        # Processor's prior consent"); consent "not to be unreasonably withheld" is the fair form
        r"|(?:inspections?|audits?|visits?)\s[^.;]{0,80}?\b(?:require|requires|need|needs|subject\s+to)\s+"
        r"(?:the\s+)?processor's\s+(?:prior\s+)?(?:written\s+)?(?:consent|approval|agreement)(?![a-z])"
        r"(?![^.;]{0,60}?unreasonabl)"
        r"|no\s+other\s+right\s+(?:of|to)\s+(?:inspection|audit|inspect)"
        # or denied outright ("is not obliged to permit inspections of its premises")
        r"|not\s+(?:be\s+)?(?:obliged|required|bound)\s+to\s+(?:permit|allow|accept|submit\s+to|grant"
        r"|undergo)\s+(?:any\s+)?(?:inspections?|audits?|on-site|access)"
        r"|(?:audits?|inspections?)\s+(?:or\s+(?:audits?|inspections?)\s+)?[^.;]{0,120}?\b(?:shall|will|may)"
        r"\s+not\s+(?:take\s+place|be\s+(?:carried\s+out|conducted|held|permitted|allowed))(?![a-z])"
        # (not a limit on when or how often: "shall not take place more than once in any year")
        r"(?!\s+(?:more\s+(?:than|often)|outside|before|after|without\s+"
        r"(?:prior\s+|advance\s+)?notice)(?![a-z]))"
        # ("Inspections at the Processor's premises ... are excluded"; not an auditor who competes)
        r"|(?:audits?|inspections?)\b(?![^.;]{0,120}?competi)[^.;]{0,120}?\b(?:are|is|shall\s+be"
        r"|will\s+be)\s+excluded(?![a-z])"
        # or waived ("The Controller waives the right to carry out audits or inspections"), or
        # the processor's own statement made the only proof ("the sole means by which the
        # Processor demonstrates compliance")
        r"|waives?\s+(?:its\s+|the\s+|any\s+|all\s+)?(?:rights?\s+(?:to|of)\s+)?(?:carry\s+out\s+|conduct\s+)?"
        r"(?:audits?|inspections?|inspect)(?![a-z])"
        r"|(?:sole|only|exclusive)\s+(?:means|way|evidence|proof)\s+(?:by\s+which|of|that)\s+[^.;]{0,40}?"
        r"(?:demonstrates?|shows?|proves?)\s+(?:its\s+)?compliance"
    ),
    # A duty that lasts only while one side keeps an interest in it, or the information its
    # value ("for such time as the Disclosing Party has a legitimate interest"): no period.
    "{open_interest}": re.compile(
        r"(?<![a-z])(?:for\s+(?:such\s+time|so\s+long|as\s+long)\s+(?:afterwards\s+|thereafter\s+)?as"
        r"|while|until)\s+[^.;]{0,100}?"
        # ("... may reasonably be considered to retain commercial value")
        r"(?:has|have|retains?|keeps?)\s+(?:(?:a|an|any|its|their)\s+)?(?:(?:legitimate|reasonable|genuine"
        r"|commercial|business)\s+){0,2}(?:interest|value)(?![a-z])"
        # or as long as protecting them needs ("for so long afterwards as is reasonably
        # necessary to protect the Discloser's legitimate business interests")
        r"|(?<![a-z])for\s+(?:such\s+time|so\s+long|as\s+long|such\s+period)\s+(?:afterwards\s+|thereafter\s+"
        r"|after\s+that\s+)?as\s+(?:is|are|may\s+be)\s+(?:reasonably\s+)?(?:necessary|needed|required"
        r"|appropriate)\s+to\s+"
        r"(?:protect|safeguard|preserve)(?![a-z])"
        # or while the circumstances or someone's interests call for it ("for as long as the
        # circumstances reasonably warrant")
        r"|(?<![a-z])(?:for\s+(?:as|so)\s+long\s+as|for\s+such\s+(?:further\s+)?(?:time|period)\s+as)"
        r"\s+[^.;]{0,60}?(?<![a-z])(?:circumstances|interests?|business\s+needs?)(?![a-z])[^.;]{0,40}?"
        r"(?<![a-z])(?:warrants?|requires?|justif(?:y|ies)|demands?|dictates?|necessitates?|calls?\s+for)"
        r"(?![a-z])"
        # or as long as the parties think fit ("for as long thereafter as the Parties may
        # consider appropriate to the nature of the information")
        rf"|(?<![a-z])for\s+{_AS_LONG_AS_JUDGED}"
    ),
    # A stated period stretched by an open one ("for as long as the information retains a
    # confidential character and for such further period as the protection of the Company's
    # legitimate interests may reasonably require"), or the time after the end given only so
    # ("continue after the expiry ... for such further period as the Discloser's interests may
    # reasonably require", "for whatever further period is reasonable"): whatever is stated,
    # the end is open.
    "{open_extension}": re.compile(
        r"(?<![a-z])(?:(?:and|or)\s+(?:for\s+)?|for\s+)(?:(?:any\s+)?such\s+(?:further|longer|additional"
        r"|other)\s+(?:period|time)\s+(?:as|that)|whatever\s+(?:further\s+|longer\s+|additional\s+)?"
        r"(?:period|time)\s+(?:is|may\s+be|seems?))"
        r"\s+(?![^.;]{0,80}?(?:\d|\blaws?\b|statut|regulat|legislat|\blegal|court))"
        r"[^.;]{0,120}?(?<![a-z])(?:requires?|require|justif(?:y|ies)"
        r"|warrants?|needs?|considers?|deems?|thinks?|decides?|determines?|specif(?:y|ies)|reasonable"
        r"|appropriate|necessary)(?![a-z])"
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
        r"|published|posting|publication|displayed|uploaded|pinned|put\s+up"
        # ("when Provider posts the revised version")
        r"|(?:the\s+)?[a-z]+\s+(?:posts|publishes|uploads|displays))(?![a-z])"
        # or from a date the publisher picks, which may be that of publication
        r"|(?<![a-z])(?:binds?|binding|effective|takes?\s+effect|appl(?:y|ies))(?![a-z])[^.;]{0,80}?"
        r"\bwhich\s+may\s+be\s+(?:the\s+(?:same\s+)?(?:date|day)\s+(?:of|as)\s+(?:its\s+)?)?(?:publication"
        r"|posting|publishing)(?![a-z])"
    ),
    # Changes that reach nothing already agreed: what was booked or bought stays under the
    # terms in force then ("Your booking is governed by the terms in force when you made it";
    # "the new terms apply to your booking only if they are better for you").
    "{prospective_only}": re.compile(
        r"(?<![a-z])(?:governed\s+by|subject\s+to)\s+the\s+(?:terms|version|conditions)(?:\s+of\s+use)?\s+"
        r"(?:in\s+force|in\s+effect|that\s+applied|current)\s+(?:when|at\s+the\s+time|on\s+the\s+(?:date|day))"
        r"|(?<![a-z])appl(?:y|ies)\s+(?:to\s+(?:your|an?|any|the)\s+(?:existing\s+)?[a-z]+\s+)?only\s+(?:if|where"
        r"|when)\s+(?:they|it)\s+(?:are|is)\s+(?:better|more\s+favou?rable|in\s+your\s+favou?r)"
        # "the version that applies to your visit is the one in force when we confirmed your
        # booking"; "the change will not apply to that visit unless you agree to it"
        r"|(?<![a-z])(?:one|ones|version|terms)\s+(?:in\s+force|in\s+effect)\s+(?:when|at\s+the\s+time"
        r"(?:\s+that)?)\s+(?:we|you)\s+(?:confirm(?:ed)?|book(?:ed)?|ma(?:de|ke)|place[ds]?|accept(?:ed)?"
        r"|order(?:ed)?|buy|bought|purchased?)(?![a-z])"
        r"|(?<![a-z])(?:will|shall|does|do)\s+not\s+apply\s+to\s+(?:that|your|an?\s+existing|any\s+existing"
        r"|existing)\s*[a-z]*\s*(?:booking|visit|order|trip|contract|subscription"
        r"|reservation|stay|course)s?(?![a-z])"
        # "the version that applies to your booking is the one shown on our website on the date
        # of your booking confirmation"
        r"|(?<![a-z])(?:version|terms|one)\s+(?:shown|published|displayed|in\s+force|in\s+effect)\s+[^.;]{0,40}?"
        r"\bon\s+the\s+(?:date|day)\s+of\s+(?:your|the)\s+(?:booking|order|purchase|reservation|deposit)(?![a-z])"
        # "We may update these Terms for future bookings"
        r"|(?<![a-z])(?:update|change|amend|revise|vary|modify)\s+(?:these|the|our)\s+(?:terms|conditions)\s+"
        r"(?:only\s+)?for\s+(?:future|new|later)\s+(?:bookings|orders|purchases|contracts|reservations"
        r"|customers)(?![a-z])"
    ),
    # What is promised or granted left to one side's later judgement ("in such condition as
    # the Owner ... considers appropriate", "in such other products ... as the Parties may
    # from time to time find suitable").
    "{open_scope}": re.compile(
        r"(?<![a-z])such\s+(?:other\s+|further\s+)?(?:conditions?|standards?|state|quality|ways?"
        r"|manner|uses?|products|purposes|media|channels|territor(?:y|ies)|forms?)(?![a-z])[^.;]{0,80}?"
        r"(?<![a-z])as\s+[^.;]{0,60}?(?<![a-z])(?:considers?|deems?|thinks?|judges?|regards?|decides?"
        r"|determines?|(?:may\s+)?(?:from\s+time\s+to\s+time\s+)?(?:finds?|requires?|required|sees?\s+fit"
        r"|approves?|chooses?)"
        # or as suits one side ("in such territories as may be appropriate for the Licensee's
        # business")
        r"|(?:may\s+be|is|are|seems?)\s+(?:appropriate|suitable|convenient|useful)(?:\s+(?:for|to)"
        r"\s+[^.;,]{0,60})?)(?![a-z])"
        # or what the parties agree as they go ("for the purposes agreed between the parties
        # from time to time")
        r"|(?<![a-z])(?:terms|purposes?|uses?|media|territor(?:y|ies)|standards?)\s+(?:[a-z]+\s+){0,4}?"
        r"agreed\s+(?:between|by)\s+(?:the\s+parties|them|both\s+parties)\s+from\s+time\s+to\s+time"
        r"(?![a-z])"
        # or as far as the trade's custom goes ("to use the Scan Data for the Licensee's
        # projects to the extent customary in the industry")
        r"|(?<![a-z])to\s+the\s+extent\s+(?:customary|usual|common|normal)\s+in\s+(?:the\s+)?(?:trade"
        r"|industry|sector|profession)(?![a-z])"
    ),
    # Use barred only where the licensor judges it unfit ("will refrain from any use of it that
    # the Licensor, acting in its own judgment, may regard as inappropriate"), in a sentence
    # that bars no named act (copying, altering, sublicensing ...).
    "{judged_use}": re.compile(
        r"\A(?!.*(?<![a-z])(?:cop(?:y|ies|ying)|modif|alter|adapt|sublicen|sub-licen|resell|sell"
        r"|rent|lease|reverse|decompil|disassembl|distribut|transfer))"
        r".*?(?<![a-z])(?:refrain\s+from|not\s+(?:make|engage\s+in|permit))\s+(?:any\s+)?(?:other\s+)?(?:use|uses"
        r"|presentation|exploitation)(?![a-z])[^.;]{0,80}?(?<![a-z])(?:that|which)\s+[^.;]{0,80}?"
        r"(?<![a-z])(?:regards?|considers?|deems?|judges?|finds?|thinks?)\s+(?:to\s+be\s+|as\s+)?"
        r"(?:inappropriate|unsuitable|detrimental|objectionable|harmful|undesirable|offensive"
        r"|improper|unacceptable)",
        re.DOTALL,
    ),
    # The customer kept from passing the work to another supplier but at the supplier's
    # whim ("may not pass any Records to another builder without its consent, which it may
    # give or refuse as it thinks fit").
    "{locked_in}": re.compile(
        # ("shall not copy them, supply them to ... any future contractor")
        r"(?<![a-z])(?:may|shall|must|will)\s+not\s+(?:[a-z]+,?\s+(?:or\s+)?){0,3}?(?:pass|give|disclose"
        r"|provide|share|supply|show|transfer)(?![a-z])[^.;]{0,120}?(?<![a-z])(?:another|other|a\s+new"
        r"|a\s+replacement|any\s+other|(?:a|any|the)\s+(?:future|later|subsequent|successor|succeeding"
        r"|following))\s+[^.;]{0,100}?(?<![a-z])without\s+[^.;]{0,60}?consent"
        r"[^.;]{0,80}?(?:as\s+it\s+(?:thinks|sees)\s+fit|(?:sole|absolute|unfettered|own)\s+discretion"
        r"|on\s+any\s+terms|give\s+or\s+(?:refuse|withhold)|refuse\s+for\s+any\s+reason)"
    ),
    "{as_agreed}": re.compile(_AS_AGREED),
    # A remedy measured only by the one who owes it ("will look at the matter and make such
    # corrections as may be appropriate"); not the repairs a defect needs.
    "{open_remedy}": re.compile(
        r"(?<![a-z])(?:make|carry\s+out|take|provide|offer|perform)\s+such\s+(?:corrections?"
        r"|remedial\s+(?:work|action|steps)|repairs?|remed(?:y|ies)|steps|action|measures|adjustments?)"
        r"\s+as\s+(?:may\s+be\s+|are\s+|is\s+)?(?:appropriate|fit|suitable|it\s+(?:considers|deems"
        r"|thinks)|(?:the\s+)?[a-z]+\s+(?:considers|deems|thinks))(?![a-z])"
    ),
    # Terms the parties undertake to agree later ("shall agree, before the Completion Date,
    # the basis on which copyright ... is to be held").
    "{agreed_later}": re.compile(
        r"(?<![a-z])(?:shall|will|must|are\s+to|undertake\s+to)\s+(?:jointly\s+|mutually\s+|later\s+"
        r"|then\s+)?(?:agree|settle|determine|decide)(?![a-z])[^.;]{0,60}?(?<![a-z])(?:the\s+basis"
        r"|the\s+terms|how|whether|which\s+(?:party|of\s+them)|who\s+(?:owns|holds|is\s+to))(?![a-z])"
    ),
    # and how or when something is done, so left ("audits ... conducted in the manner and at
    # the times that the Parties ... consider appropriate", "carried out to the extent and in
    # the manner that the Parties agree", "the details of such audits ...
    # will be agreed between the parties as and when the need arises"): the bare right
    # beside it is open
    "{held_as_agreed}": re.compile(
        r"(?<![a-z])(?:conducted|carried\s+out|held|performed|takes?\s+place)\s+(?:only\s+)?"
        r"(?:to\s+the\s+extent\s+and\s+)?"
        + _AS_AGREED
        # said of the one who audits ("may carry out audits of the Processor at such times and
        # in such manner as the parties may agree")
        + r"|(?<![a-z])(?:carry\s+out|conduct|hold|perform|make)\s+(?:audits?|inspections?)"
        r"(?![a-z])[^.;]{0,60}?"
        + _AS_AGREED
        # or of audits done by someone named ("audits ... conducted by the Controller or another
        # auditor mandated by the Controller, to the extent and at such times as the parties
        # consider appropriate")
        + (
            r"|(?<![a-z])(?:audits?|inspections?)(?![a-z])[^.;]{0,120}?,\s*(?:only\s+)?"
            r"(?:to\s+the\s+extent(?:\s+and\s+at\s+(?:such|the)\s+times?)?|at\s+(?:such|the)\s+times?)"
            r"\s+(?:as|that|which)\s+(?:the\s+parties|both\s+parties|they)\s+(?:may\s+|shall\s+|will\s+)?"
            r"(?:from\s+time\s+to\s+time\s+)?(?:jointly\s+|mutually\s+)?"
            r"(?:agree|consider|decide|determine|think|deem|settle)(?![a-z])"
        )
        # "may take place in a form, scope and at a time to be agreed between the parties"
        + r"|(?<![a-z])(?:takes?\s+place|be\s+(?:carried\s+out|conducted|held|performed))\s+"
        r"[^.;]{0,60}?(?<![a-z])to\s+be\s+(?:agreed|settled|arranged|determined)\s+(?:between|by)\s+"
        r"the\s+parties(?![a-z])"
        # ("The timing, scope and costs of any such audit ... shall be agreed between the
        # parties in each case")
        r"|(?<![a-z])(?:details|timing|scope|frequency|arrangements|modalities)"
        r"(?:(?:\s*,\s*|\s+and\s+)(?:details|timing|scope|frequency|costs?|arrangements))*\s+of\s+"
        r"(?:such|the|any|each|these)\s+[a-z]+[^.;]{0,80}?\s(?:will|shall|are\s+to|is\s+to)\s+be\s+"
        r"(?:agreed|settled|arranged|determined|decided)\s+(?:between|by)\s+the\s+parties(?![a-z])"
    ),
    # A renewal that comes with no reminder ("We do not send reminders before renewal",
    # "renews without notice to you").
    "{no_reminder}": re.compile(
        r"(?<![a-z])(?:do|does|will|shall)\s+not\s+(?:send|give|provide|issue)\s+(?:you\s+)?(?:any\s+)?"
        r"(?:(?:reminders?|notices?|warnings?)\s+(?:before|of|ahead\s+of|prior\s+to)\s+(?:the\s+|any\s+"
        r"|each\s+|a\s+)?renewals?"
        r"|renewal\s+(?:reminders?|notices?|warnings?))(?![a-z])"  # ("send renewal reminders")
        r"|(?<![a-z])renew\w*\s+(?:[a-z]+\s+){0,4}?without\s+(?:any\s+)?(?:reminder|prior\s+notice"
        r"|notice\s+to\s+you|further\s+notice|warning)(?![a-z])"
    ),
    # A way out only on paper carried to the provider ("you must give us written notice,
    # delivered by hand or by post to the shed office"): no e-mail, no account page.
    "{offline_only}": re.compile(
        r"(?<![a-z])you\s+(?:must|need\s+to|have\s+to|will\s+need\s+to)\s+[^.;]{0,80}?(?<![a-z])(?:by\s+hand"
        r"\s+or\s+(?:by\s+)?(?:post|mail)|by\s+(?:post|mail)\s+or\s+(?:by\s+)?hand|by\s+(?:registered|recorded"
        r"|signed-for|certified)\s+(?:post|mail|letter)|only\s+by\s+(?:post|mail|letter))(?![a-z])"
        # or every quicker way refused ("Cancellation requests made by e-mail, by telephone or
        # in person ... cannot be accepted", "We do not accept cancellations by e-mail")
        r"|(?<![a-z])(?:cancell?ations?|notices?|requests?)\s+(?:[a-z]+\s+){0,3}?by\s+(?:e-?mail"
        r"|telephone|phone)(?![a-z])[^.;]{0,80}?(?<![a-z])(?:cannot|can\s+not|will\s+not|are\s+not"
        r"|is\s+not|shall\s+not)\s+(?:be\s+)?(?:accepted|valid|effective|recogni[sz]ed)(?![a-z])"
        r"|(?<![a-z])(?:do|does|will)\s+not\s+accept\s+(?:any\s+)?(?:cancell?ations?|notices?|requests?)"
        r"\s+(?:[a-z]+\s+){0,3}?by\s+(?:e-?mail|telephone|phone)(?![a-z])"
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
# What a sentence denies: the span after a negation, up to a condition or the clause's end
# ("without any notice"), or a list denied as a whole.
NEGATED = re.compile(
    # a list denied as a whole ("No period of notice, payment in lieu or other compensation
    # is due")
    r"\bno\b[^.;:()]{0,120}?\b(?:is|are|will\s+be|shall\s+be|becomes?)\s+(?:due|payable|owed"
    r"|paid|refunded|repaid|returned|refundable|repayable|returnable)\b"
    r"|\b(?:whether or not|without|not|no|never|nor|cannot|can't|won't)\b"
    r"(?!\s+(?:later|less|fewer|more|sooner|earlier)\s+than|\s+only)"
    r"(?:(?!\b(?:if|unless|until|once|provided|except|so long as|as long as|takes? effect"
    r"|becomes? effective|applies|will|shall)\b)[^.;:,()])*",
    re.IGNORECASE,
)

# "{one_sided_exit}", "{work_kept}", "{sells_the_work}" and "{takes_supplied}" are read with
# their clause and paragraph, "{cap_below_fees}" with the fees the document states (reading.py).
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
            continue  # read with its clause, paragraph or document, in reading.py
        elif (VALUES[p] if p in VALUES else phrase(p)).search(low):
            return True
    return False
