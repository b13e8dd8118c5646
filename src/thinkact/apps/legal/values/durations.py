"""How long and when, in what a clause states: periods ("{period}"), time and notice left
open ("{open_time}", "{open_notice}"), changes told loosely or in force at once, and duties
that last as long as one side judges fit."""

from __future__ import annotations

import re

_NUMBER = (
    r"(?:\d+(?:[.,]\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fourteen|fifteen|twenty|thirty|forty|forty-five|sixty|ninety|hundred)"
)
# A time that is only "soon enough", in the open-time wording and the open-notice one.
_SOON_ENOUGH = r"in good time|early enough"
# (or "made known", "announced", "communicated")
_TOLD = (
    r"(?<![a-z])(?:inform|notif|tell|advise|announc|communicat|(?:made|make|makes)\s+known)"
    r"\w*\b"
)
_AS_LONG_AS_JUDGED = (
    r"(?:as|so) long(?:\s+afterwards|\s+thereafter)?\s+as\s+[^.;,]{0,50}?\b(?:considers?"
    r"|deems?|regards?|thinks?|judges?|treats?|views?)"
)
# The time after a job, or the words that end it.
_AFTER_THE_JOB = (
    r"(?<![a-z])(?:after|thereafter|afterwards|following|ends?|ended|termination|ceases?|leaves?"
    r"|leaving)(?![a-z])"
)
# A sentence that restrains ("you must not", "you will devote your whole time"), not one that
# only mentions the job ("your salary during your employment is consideration for it").
_RESTRAINS = (
    r"(?=[^.]*?(?<![a-z])(?:not|never|nor|refrain\w*|restrain\w*|prohibited|forbidden|devote\w*"
    r"|exclusively)(?![a-z]))"
)
_IN_GOOD_TIME = (
    r"in good time|in due course|within a reasonable (?:time|period)"
    r"|(?:reasonably|sufficiently|adequately)\s+in\s+advance"
)
_CHANGE = r"(?:chang|revis|amend|updat|modif|variation|alteration|new\s+version)"
_TRY_TELL = (
    r"(?<![a-z])(?:will|shall|would)\s+(?:try|endeavou?r|aim|attempt|seek|do\s+(?:our|its|their)\s+best)"
    r"\s+to\s+(?:[a-z]+\s+){0,2}?(?:draw|bring|let|tell|inform|notify|alert|point\s+out|highlight"
    r"|make\s+(?:you|users|members|customers|clients)\s+aware)(?![a-z])"
)

DURATIONS = {
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
    # A time or a notice left open: "within a reasonable time", "a timeframe appropriate to
    # the circumstances", "in due course", "in a timely manner", "for such further time as
    # may be reasonable".
    "{open_time}": re.compile(
        r"(?<![a-z])(?:(?:reasonable|appropriate|acceptable|adequate|suitable|sufficient|sensible)"
        r"\s+(?:further\s+|additional\s+|subsequent\s+)?(?:time|period|timeframe|time frame"
        r"|juncture|moment|stage|notice|interval)"
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
        # ("within the customary time after receipt", "within the period usual between the
        # parties in the spice trade")
        r"|(?:customary|usual|normal|ordinary)\s+(?:[a-z']+\s+){0,4}?(?:practice|period|cycle"
        r"|course|timescales?|way|manner)|(?:rhythm|cadence|pace)\s+of|(?:period|time)\s+"
        r"(?:[a-z]+\s+){0,2}?customarily|(?:period|time)\s+(?:that\s+is\s+)?(?:customary|usual)\b"
        r"|within\s+the\s+(?:customary|usual)\s+time\b"
        # a duration that lasts as long as someone judges fit ("for as long as our
        # accounting team considers prudent"), or as is fair ("for so long a time as is fair
        # in the light of how sensitive the information is")
        rf"|{_AS_LONG_AS_JUDGED}"
        r"|(?:as|so)\s+long(?:\s+a\s+(?:time|period))?\s+as\s+(?:is|may\s+be|seems|shall\s+be)\s+"
        r"(?:fair|reasonable|appropriate|proper|just)(?![a-z])"
        r"|such\s+(?:time|period)s?\s+[^.;]{0,60}?\bas\s+[^.;]{0,60}?\b(?:considers?|deems?"
        r"|thinks?|judges?|determines?|decides?|specifies|specify|notifies|stipulates?|sets?"
        r"|(?<!law\s)(?<!laws\s)(?:may\s+)?(?:reasonably\s+)?require)(?![a-z])"
        # or once one side judges itself ready ("once it has been able to assess the
        # incident", "when it is in a position to")
        r"|(?:once|when|after)\s+(?:it|we|they|the\s+[a-z]+)\s+(?:has|have)\s+been\s+able\s+to"
        r"|(?:once|when)\s+(?:it|we|they|the\s+[a-z]+)\s+(?:is|are)\s+in\s+a\s+position\s+to"
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
    # Work promised to last, with no period it must last for ("the new roofing will be
    # durable and suitable"): how long is left to later argument.
    "{lasting_open}": re.compile(
        r"(?<![a-z])(?:(?:will|shall|must|to)\s+(?:be|remain)\s+"
        r"(?:durable|long[- ]lasting|hard[- ]wearing)|(?:will|shall)\s+last|built\s+to\s+last"
        # or free from defects only "for a reasonable time", or its defects made good only if
        # they appear "within a reasonable period after Completion" (not the time to remedy one)
        r"|free\s+(?:from|of)\s+defects\b[^.;]{0,80}?\bfor\s+a\s+reasonable\s+(?:time|period)"
        r"|defects?\b[^.;]{0,80}?\b(?:apparent|appears?|arises?|arising|discovered|occurs?|occurring"
        r"|emerges?)\s+(?:with)?in\s+a\s+reasonable\s+(?:time|period)\s+(?:after|following|of)"
        # or works as described only "for a suitable period following installation"
        # ("will do its job properly ... and will keep doing so for a sensible time after")
        r"|(?:(?:perform|conform|operate|function|work)s?|(?:keeps?|continues?)\s+(?:doing|to\s+do)\s+so"
        r"|do(?:es)?\s+(?:its|their)\s+job)\b[^.;]{0,100}?\bfor\s+an?\s+(?:reasonable"
        r"|suitable|sensible|appropriate|adequate)\s+(?:time|period)\s+(?:after|following|from))"
        r"(?![a-z])"
        rf"(?![^.;]*?{_NUMBER}\s*(?:\(\d+\)\s*)?-?\s*(?:year|month|season|winter|summer)s?(?![a-z]))"
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
    # A notice whose timing is left open ("by written notice delivered early enough in the
    # growing year"): taken out whole, so "by written notice" does not pass for its period.
    "{open_notice}": re.compile(
        # (or word sent to the provider: "you need to let us know in good time before")
        rf"(?<![a-z])(?:notice|let\s+us\s+know|tell\s+us|inform\s+us|notify\s+us)\b[^.;]{{0,40}}?\b"
        rf"(?:{_SOON_ENOUGH}"
        r"|(?:reasonable|appropriate|adequate|sufficient) (?:time|period|advance"
        r"|anticipation))(?![a-z])"
        r"|(?<![a-z])(?:reasonable|appropriate|adequate|sufficient)\s+(?:advance|prior)\s+notice(?![a-z])"
        # or a cancellation only so timed ("unless it has been cancelled in good time beforehand")
        rf"|(?<![a-z])(?:cancel(?:l?ed|s|l?ing)?|terminated)\s+[^.;]{{0,40}}?\b(?:{_SOON_ENOUGH})(?![a-z])"
        # or a period said only to be fitting ("The period of notice shall be one that is
        # appropriate in view of the Employee's length of service")
        r"|(?<![a-z])(?:notice(?:\s+period)?|period\s+of\s+notice)\s+(?:shall|will|must|is\s+to|should)\s+"
        r"be\s+(?:one|a\s+period)?\s*(?:that|which)?\s*(?:is\s+)?(?:appropriate|reasonable|adequate"
        r"|sufficient|proportionate|suitable|commensurate)(?![a-z])"
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
    # you must not ... be engaged in a business that competes"), nothing said of after it in
    # its sentence before or in its clause behind: its length is the job's ("For three years
    # after you leave ...: (a) ...; or (b) deal with anyone who was a customer during your
    # employment" lasts three years).
    "{while_employed}": re.compile(
        rf"(?:^|(?<=\.)){_RESTRAINS}(?:(?!{_AFTER_THE_JOB})[^.])*?"
        r"(?<![a-z])(?:(?:while|whilst)\s+(?:you\s+are|the\s+employee\s+is|(?:he|she)\s+is"
        r"|they\s+are)\s+(?:employed|in\s+(?:the\s+)?employment)|during\s+(?:your|the|his|her|their)"
        r"\s+employment)(?![a-z])"
        rf"(?![^.;]*{_AFTER_THE_JOB})"
    ),
    # Changes to the terms told at a time left open ("will inform the Customer of amendments
    # in good time"); told "as soon as practicable" is the fair form after an urgent change.
    "{told_in_good_time}": re.compile(
        rf"(?:{_TOLD}|(?<![a-z])notice\s+of\s+(?:an?\s+|any\s+|the\s+|each\s+|every\s+)?{_CHANGE})"
        rf"[^.;]{{0,60}}?\b(?:{_IN_GOOD_TIME})(?![a-z])"
    ),
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
    # Telling people of a change promised only as an effort ("we will try to draw it to
    # your attention"): no notice they can count on before it applies.
    "{tried_telling}": re.compile(
        rf"(?<![a-z]){_CHANGE}[^.;]{{0,100}}?{_TRY_TELL}|{_TRY_TELL}[^.;]{{0,60}}?(?<![a-z]){_CHANGE}"
    ),
    # A duty that lasts only while one side keeps an interest in it, or the information its
    # value ("for such time as the Disclosing Party has a legitimate interest"): no period.
    "{open_interest}": re.compile(
        # ("for so long after this Agreement ends as the information remains of value")
        r"(?<![a-z])(?:for\s+(?:such\s+time|so\s+long|as\s+long)\s+(?:afterwards\s+|thereafter\s+"
        r"|after\s+[^.;]{0,50}?\s+)?as|while|until)\s+[^.;]{0,100}?"
        # ("... may reasonably be considered to retain commercial value")
        r"(?:(?:has|have|retains?|keeps?)\s+(?:(?:a|an|any|its|their)\s+)?(?:(?:legitimate|reasonable"
        r"|genuine|commercial|business)\s+){0,2}(?:interest|value)"
        r"|(?:remains?|stays?|is|are)\s+(?:still\s+)?(?:of\s+(?:\w+\s+)?value|valuable))(?![a-z])"
        # or as long as protecting them needs ("for so long afterwards as is reasonably
        # necessary to protect the Discloser's legitimate business interests")
        r"|(?<![a-z])for\s+(?:such\s+time|so\s+long|as\s+long|such\s+period)\s+(?:afterwards\s+|thereafter\s+"
        r"|after\s+that\s+)?as\s+(?:is|are|may\s+be)\s+(?:reasonably\s+)?(?:necessary|needed|required"
        r"|appropriate)\s+to\s+"
        r"(?:protect|safeguard|preserve)(?![a-z])"
        # or while the circumstances or someone's interests call for it ("for as long as the
        # circumstances reasonably warrant", "for so long thereafter as its legitimate business
        # interests reasonably call for")
        r"|(?<![a-z])(?:for\s+(?:as|so)\s+long\s+(?:thereafter\s+|afterwards\s+)?as"
        r"|for\s+such\s+(?:further\s+)?(?:time|period)\s+as)"
        r"\s+[^.;]{0,60}?(?<![a-z])(?:circumstances|interests?|business\s+needs?)(?![a-z])[^.;]{0,40}?"
        r"(?<![a-z])(?:warrants?|requires?|justif(?:y|ies)|demands?|dictates?|necessitates?|calls?\s+for)"
        r"(?![a-z])"
        # or as long as the parties think fit ("for as long thereafter as the Parties may
        # consider appropriate to the nature of the information")
        rf"|(?<![a-z])for\s+{_AS_LONG_AS_JUDGED}"
        # or as long as seems reasonable ("for so long as may be reasonable in the
        # circumstances", "for such time after this Agreement ends as is reasonable")
        r"|(?<![a-z])for\s+(?:(?:as|so)\s+long|such\s+(?:further\s+)?(?:time|period))\s+(?:after\s+"
        r"[^.;]{0,50}?\s+|afterwards\s+|thereafter\s+)?as\s+(?:is|may\s+be|shall\s+be|will\s+be"
        r"|seems?)\s+(?:reasonable|appropriate|fair|sensible)(?![a-z])"
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
        r"|edition|conditions))\s+(?:will\s+|shall\s+)?(?:(?:takes?|come)\s+(?:into\s+)?effect|(?:are|is"
        r"|becomes?|be)\s+(?:binding|effective)|binds?\s+[a-z]+|appl(?:y|ies))\s+(?:immediately\s+)?(?:when|once|as\s+soon\s+as|on"
        r"|upon|from)\s+"
        r"(?:the\s+(?:date|day|moment|time)\s+(?:of\s+(?:its\s+|their\s+)?)?)?(?:(?:they|it)\s+(?:are|is)\s+"
        r"|being\s+)?(?:posted"
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
    # A renewal that comes with no reminder ("We do not send reminders before renewal",
    # "renews without notice to you").
    "{no_reminder}": re.compile(
        r"(?<![a-z])(?:do|does|will|shall)\s+not\s+(?:send|give|provide|issue)\s+(?:you\s+)?(?:any\s+|an?\s+)?"
        r"(?:(?:separate|specific|further|advance|prior|written)\s+)?"
        r"(?:(?:reminders?|notices?|warnings?)\s+(?:before|of|ahead\s+of|prior\s+to)\s+(?:the\s+|any\s+"
        r"|each\s+|a\s+)?renewals?"
        r"|renewal\s+(?:reminders?|notices?|warnings?))(?![a-z])"  # ("send renewal reminders")
        r"|(?<![a-z])renew\w*\s+(?:[a-z]+\s+){0,4}?without\s+(?:any\s+)?(?:reminder|prior\s+notice"
        r"|notice\s+to\s+you|further\s+notice|warning)(?![a-z])"
    ),
}
