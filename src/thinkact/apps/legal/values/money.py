"""Money, in what a clause states: sums and prices, what is owed under the document, prices
and refunds left open, pay that waits on someone else's, and liability left uncapped or kept as
the law sets it."""

from __future__ import annotations

import re

from thinkact.apps.legal.evidence import FAILS_TO_PAY

# Pay, and what follows it up to a figure: the subject of the open-pay forms below.
_PAY = r"|(?<![a-z])(?:paid|pay|salary|wages?|rate|remuneration)(?![a-z])[^.;\d£$€]"
# Nothing after it points to a table or a figure that settles it.
_NO_TABLE = r"(?![^.;]{0,80}?(?:set\s+out|schedule|annex|appendix|exhibit|attached|\d))"

MONEY = {
    "{amount}": re.compile(
        r"[$€£¥]\s?\d|(?<![a-z0-9])\d[\d,.]*\s?(?:usd|eur|gbp|chf|dollars|euros|pounds\s+sterling)(?![a-z])"
        r"|(?<![a-z])(?:usd|eur|gbp|chf)\s?\d|(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,])"
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
    # No refund said only to be the rule, not when it yields ("generally not refundable").
    "{hedged_no_refund}": re.compile(
        r"(?<![a-z])(?:generally|normally|usually|ordinarily|typically|as\s+a\s+rule|in\s+most\s+cases"
        r"|in\s+principle)\s*,?\s*(?:be\s+)?(?:non-?refundable|not\s+refundable|no\s+refunds?)(?![a-z])"
    ),
    # A price left to later agreement or to what is fair ("reasonable compensation ... as
    # the Parties shall settle between them", "a rate to be agreed between the parties"):
    # what must be paid is open, however clear the due date. A figure beside it bounds it.
    "{open_price}": re.compile(
        r"(?<![a-z])(?:reasonable|fair|appropriate|suitable|equitable)\s+(?:compensation"
        r"|remuneration|fees?|price|sum|amount|share|rate|royalt(?:y|ies)|consideration|return)(?![a-z])"
        r"(?![^.;]{0,80}?(?:not\s+exceeding|up\s+to|capped|\d))"
        # (or right after the noun: "at a percentage the parties will settle in good faith")
        r"|(?<![a-z])(?:compensation|remuneration|fees?|prices?|sums?|amounts?|rates?|royalt(?:y|ies)"
        r"|percentage)\s+(?:[^.;]{0,120}?(?:as|which|that)\s+)?the\s+parties\s+(?:shall|will|may)\s+"
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
        r"|deem|deems|think|thinks|judge|judges|determine|determines|decide|decides|finds?)\s+"
        r"(?:to\s+be\s+)?"
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
        r"|(?<![a-z])(?:refunds?|repays?|returns?|credits?|reimburses?)\b[^.;]{0,40}?\bsuch\s+"
        r"(?:part|portion|proportion|amount|sum|share)\b[^.;]{0,80}?\bas\s+(?:is|are|may\s+be|seems?|(?:we|it|they"
        r"|the\s+[a-z]+)\s+(?:may\s+)?(?:consider|considers|think|thinks|decide|decides|deem|deems"
        r"|determine|determines|finds?))\s+(?:to\s+be\s+)?(?:fair|reasonable|appropriate|equitable|just|proper"
        r"|right)(?![a-z])"
        r"|(?<![a-z])(?:return|refund|repay|give\s+back|pay\s+back)\s+(?:you\s+)?(?:some(?:\s+or\s+all)?|part"
        r"|a\s+part"
        r"|a\s+portion|a\s+proportion|a\s+share)\s+of(?![a-z])(?![^.;]{0,80}?(?:\d|per\s*cent|half|quarter"
        r"|third))"
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
    # A payer's duty to pay that waits on its own payment by someone else ("pay when paid",
    # "conditional on the Company having been paid by the Client").
    "{paid_first}": re.compile(
        r"(?<![a-z])(?:pay[- ](?:when|if)[- ]paid|pay(?:ment|ing)?\b[^.;]{0,80}?\b"
        r"(?:conditional|contingent|dependent)\s+"
        r"(?:up)?on\s+[^.;]{0,60}?\bhaving\s+(?:been\s+paid|received\s+(?:full\s+)?payment)"
        r"|only\s+(?:if|when|after|once|to the extent that)\s+[^.;]{0,60}?\bhas\s+(?:been\s+paid"
        r"|received\s+(?:full\s+)?payment)\s+(?:by|from))(?![a-z])"
    ),
    # Liability kept as the law sets it ("liable under the general rules of Danish law for
    # injury or damage caused by our negligence", "in accordance with the law"): its measure,
    # not a cap left open.
    "{liable_by_law}": re.compile(
        r"(?<![a-z])liab\w*\s+(?:[^.;]{0,80}?\s)?(?:under|in\s+accordance\s+with|according\s+to|as\s+provided"
        r"\s+by|pursuant\s+to)\s+(?:the\s+)?(?:general\s+rules\s+of\s+|statutory\s+provisions(?![a-z])"
        r"|statutory\s+rules(?![a-z]))?(?:[a-z]+\s+){0,2}?(?:law|statute|statutory)(?![a-z])"
    ),
    # A duty with no cap in amount or time ("without limitation in amount or time").
    "{no_cap}": re.compile(
        r"(?<![a-z])(?:without\s+(?:any\s+)?limit(?:ation)?\s+(?:in|of|as\s+to)\s+(?:amount|time"
        r"|duration|sum)|unlimited\s+in\s+(?:amount|time))(?![a-z])"
    ),
    # A remedy measured only by the one who owes it ("will look at the matter and make such
    # corrections as may be appropriate"); not the repairs a defect needs.
    "{open_remedy}": re.compile(
        # ("will take whatever steps it considers appropriate to put matters right")
        # (a power is no remedy: "We may take whatever steps we consider appropriate")
        r"(?<![a-z])(?<!may\s)(?<!can\s)(?:make|carry\s+out|take|provide|offer|perform)\s+(?:such"
        r"|whatever|whichever)\s+"
        r"(?:corrections?|remedial\s+(?:work|action|steps)|repairs?|remed(?:y|ies)|steps|action|measures"
        r"|adjustments?)\s+(?:as\s+)?(?:may\s+be\s+|are\s+|is\s+)?(?:appropriate|fit|suitable|(?:it|we"
        r"|(?:the\s+)?[a-z]+)\s+(?:considers?|deems?|thinks?|sees?\s+fit|decides?))(?![a-z])"
        # or left to talks once the fault is found ("the parties will then discuss in good
        # faith what should be done about the faulty Goods")
        r"|(?<![a-z])(?:discuss|negotiate|consult|talk|confer)\w*\s+(?:[a-z]+\s+){0,4}?(?:what|how)"
        r"\s+(?:[a-z]+\s+){0,2}?(?:should|is\s+to|are\s+to|will|shall|ought\s+to|needs?\s+to)\s+be\s+"
        r"(?:done|remedied|put\s+right|dealt\s+with|handled)(?![a-z])"
    ),
}
