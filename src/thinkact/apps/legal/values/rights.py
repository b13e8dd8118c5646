"""Who holds what, and the ways out, in what a clause states: ownership and what is returned,
rights reaching beyond the job, audits cut down to papers, records locked in, cancellations
refused online, and exits given up."""

from __future__ import annotations

import re

RIGHTS = {
    # The law of a federation whose contract law is its states' or provinces' (the United
    # States, Canada, Australia) as a whole, not a territory whose name begins with it ("the
    # United States Virgin Islands").
    "{federation_law}": re.compile(
        r"(?<![a-z])(?:federal\s+)?laws?\s+(?:of|applicable\s+in|in\s+force\s+in)\s+(?:the\s+)?"
        r"(?:united\s+states(?:\s+of\s+america)?|canada|australia|commonwealth\s+of\s+australia)"
        r"(?!\s+(?:virgin|minor\s+outlying)\s+islands)(?![a-z])"
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
        r"(?:demonstrates?|shows?|proves?|verif(?:y|ies))\s+(?:(?:the\s+)?[a-z]+'s\s+|its\s+)?compliance"
        # or the controller barred from auditing ("Customer shall not audit or inspect
        # Provider's premises"), not only limited in how often or when
        r"|(?:controller|customer|client|company)\s+(?:shall|will|may|must)\s+not\s+(?:itself\s+)?"
        r"(?:audit|inspect)(?![a-z])(?![^.;]{0,80}?\b(?:more\s+(?:than|often)|outside|without\s+"
        r"(?:prior\s+|advance\s+)?notice|unless|except)(?![a-z]))"
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
        r"|is\s+not|shall\s+not)\s+(?:be\s+)?(?:accepted|valid|effective|recogni[sz]ed|possible|permitted"
        r"|allowed)(?![a-z])"
        r"|(?<![a-z])(?:do|does|will)\s+not\s+accept\s+(?:any\s+)?(?:cancell?ations?|notices?|requests?)"
        r"\s+(?:[a-z]+\s+){0,3}?by\s+(?:e-?mail|telephone|phone)(?![a-z])"
    ),
    # An ending that frees one side of duties the other keeps ("Silverlip Bay's obligations
    # under clauses 3, 4 and 6 cease from the date of the notice, while Coral Spat's
    # obligations under those clauses continue in full").
    "{freed_alone}": re.compile(
        r"(?<![a-z])(?:obligations?|duties|duty|undertakings?)\b[^.;]{0,80}?(?<![a-z])(?:cease|end"
        r"|lapse|terminate|fall\s+away|no\s+longer\s+apply)s?(?![a-z])[^.;]{0,80}?(?<![a-z])(?:while"
        r"|whilst|whereas|but)\s+[^.;]{0,60}?(?<![a-z])(?:those|these|the\s+same|such|corresponding"
        r"|equivalent|its|their)\s+(?:[a-z]+\s+){0,2}?(?:obligations?|duties|undertakings?|clauses?"
        r"|provisions?)\b[^.;]{0,40}?(?<![a-z])(?:continue|survive|remain)s?(?![a-z])"
    ),
    # Data passed on only as the contract needs it ("passed to the courier's partner in the
    # destination country, because the parcel cannot be delivered otherwise"): a transfer
    # necessary to perform it, a ground of its own.
    "{needed_to_perform}": re.compile(
        r"(?<![a-z])(?:necessary|needed|required|essential)\s+(?:in\s+order\s+)?to\s+(?:deliver|perform"
        r"|fulfil|complete|carry\s+out|ship)\w*(?![a-z])"
        r"|(?<![a-z])(?:cannot|can\s+not|could\s+not)\s+(?P<otherwise>otherwise\s+)?be\s+(?:delivered"
        r"|performed|fulfilled|completed|carried\s+out|shipped)(?![a-z])"
        r"(?(otherwise)|[^.;]{0,30}?(?<![a-z])(?:otherwise|without)(?![a-z]))"
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
