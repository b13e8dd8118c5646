"""The legal review agent behind `thinkact review FOLDER`.

    from thinkact.apps.legal import build_review
    from thinkact.tools.runtime import approve_all
    result = build_review("examples/legal_docs", model="local", approve=approve_all).run()

Modules: `checklists/` (the data: one TOML file a kind of document, and `items.toml`),
`checklist` (reading it, the severity rubric), `documents` (text with locations), `kinds`
(which kind a document is), `evidence` (the sentences likely to hold a clause; quote
checks), `reading` (what a clause's text states, without a model) with the readings it uses
(the packages `values` and `risky_wording`, by family; `open_wording`, `sentences`,
`periods`, `in_context`, and `exits`: who may end a contract, and how), `judge` (the model's
verdicts), `reviewer` (one document's review), `reports`, `tools`, `validators`, `prompts`,
`planning` (the `--plan` phase), `workflow` (the agent set-up) and `scoring` (`thinkact eval
legal`).
"""

from thinkact.apps.legal.prompts import NOTICES, STEPS, SUMMARY
from thinkact.apps.legal.reviewer import DocumentReview, Finding, review_document
from thinkact.apps.legal.workflow import ReviewRun, build_review

__all__ = [
    "NOTICES",
    "STEPS",
    "SUMMARY",
    "DocumentReview",
    "Finding",
    "ReviewRun",
    "build_review",
    "review_document",
]
