"""What a clause leaves to one side's judgement or to what the parties later agree ("at our sole
discretion", "as the parties may agree from time to time"), or only offers as a possibility."""

from __future__ import annotations

import re

# A choice to end or stop something ("if the Customer decides to stop using the Service, fees
# paid are not refunded"; "if we decide to discontinue the Service, we refund ..."): what
# follows is a rule, not an outcome left to the one who decides.
_ENDING = (
    r"stop|end|cancel|terminate|discontinue|close|leave|withdraw|quit|cease|suspend|no\s+longer"
)
# An outcome left to one side's judgement ("a refund or a credit, as we consider fair",
# "where it feels right to us", "at our sole discretion", "case by case").
_DISCRETION = (
    r"(?<![a-z])(?:(?:as|where|when|if|whatever(?:\s+way|\s+manner)?|however)\s+"
    r"(?:we|it|they|the\s+[a-z]+)\s+"
    r"(?:may\s+)?(?:(?:consider|considers|deem|deems|think|thinks|judge|judges|feel|feels|see fit"
    r"|sees fit)\b|(?:decide|decides|choose|chooses)\b(?!\s+to\s+(?:" + _ENDING + r")(?![a-z])))"
    r"|(?:sole|absolute|own|entire)\s+discretion"
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

JUDGEMENT = {
    "{discretion}": re.compile(_DISCRETION),
    "{as_agreed}": re.compile(_AS_AGREED),
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
        # parties in each case", "The arrangements for such a check ... will be settled
        # between the parties")
        r"|(?<![a-z])(?:details|timing|scope|frequency|arrangements|modalities)"
        r"(?:(?:\s*,\s*|\s+and\s+)(?:details|timing|scope|frequency|costs?|arrangements))*\s+(?:of|for)\s+"
        r"(?:such|the|any|each|these)\s+[a-z]+[^.;]{0,80}?\s(?:will|shall|are\s+to|is\s+to)\s+be\s+"
        r"(?:agreed|settled|arranged|determined|decided)\s+(?:between|by)\s+the\s+parties(?![a-z])"
    ),
    # What is promised or granted left to one side's later judgement ("in such condition as
    # the Owner ... considers appropriate", "in such other products ... as the Parties may
    # from time to time find suitable").
    "{open_scope}": re.compile(
        # ("such of its products ... and in such places, as the Licensee may consider")
        r"(?<![a-z])such\s+(?:of\s+(?:its|the|their|his|her)\s+)?(?:other\s+|further\s+)?(?:conditions?"
        r"|standards?|state|quality|ways?|manner|uses?|products|purposes|media|channels"
        r"|territor(?:y|ies)|forms?|places|locations|countries|markets|regions)(?![a-z])[^.;]{0,80}?"
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
    # A licence bounded by nothing but the licensee's business as a whole ("a license to use
    # the Materials for Licensee's products and business", "in connection with the Maker's
    # handicraft business"): whatever it makes or does next is within it. Not a business
    # named by what it does ("in Licensee's business of operating warehouses") nor its
    # purposes beside a bound (those are `concrete_match`'s: "internal", "own").
    "{business_only}": re.compile(
        r"(?<![a-z])licen[cs]e\s+to\s+use\s+[^.;]{0,80}?(?<![a-z])(?:for|in\s+connection\s+with"
        r"|in\s+relation\s+to)\s+(?:the\s+)?(?:[a-z]+(?:'s|s'|\u2019s)|its|their)\s+(?:[a-z]+\s+)?"
        r"(?:products\s+and\s+)?business(?:es)?(?![a-z])(?!\s+(?:of|purposes?)(?![a-z]))"
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
    # A standard that is only what the trade usually expects, named nowhere ("the
    # requirements usually applied to melons of these varieties", "as a platform of this
    # nature may reasonably be expected to perform, having regard to the standards generally
    # prevailing in the industry").
    "{trade_usual}": re.compile(
        r"(?<![a-z])(?:requirements|standards?|norms|specifications?)\s+(?:usually|customarily|normally"
        r"|generally|commonly)\s+(?:applied|accepted|expected|required|used|prevailing)(?![a-z])"
        r"|(?<![a-z])(?:usual|customary|accepted)\s+in\s+the\s+trade(?![a-z])"
        # or what one side usually asks, stated nowhere ("the quality standards that Buyer
        # usually expects of sap from its suppliers")
        r"|(?<![a-z])(?:requirements|standards?|norms|specifications?|quality)\s+(?:that|which)\s+"
        r"(?:the\s+)?[a-z]+\s+(?:usually|normally|customarily|generally|ordinarily|typically)\s+"
        r"(?:expects?|requires?|applies|demands?|accepts?|asks?\s+for)(?![a-z])"
        r"|(?<![a-z])as\s+(?:a|an|any)\s+[a-z]+\s+of\s+(?:this|that|its|their|the\s+same)\s+(?:nature|kind"
        r"|type|sort)\s+(?:may|might|would|could)\s+(?:reasonably\s+)?be\s+expected(?![a-z])"
    ),
    # What a clause only offers as a possibility ("which may include returning it"): taken out
    # with it, so the possibility does not pass for the duty.
    "{options}": re.compile(r"(?<![a-z])(?:which |that )?(?:may|might|could) include\b[^.;]*"),
}
