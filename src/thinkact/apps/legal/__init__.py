"""The legal review agent behind `thinkact review FOLDER`.

    from thinkact.apps.legal import build_review
    result = build_review("examples/legal_docs", model="local").run()

Modules: `documents` (text with locations), `clauses` with `rules` and `privacy_rules`
(the deterministic checker),
`reports` (rendering and reading the two reports), `tools`, `validators`, `prompts`,
`planning` (the `--plan` phase) and `workflow` (the agent set-up).
"""

from thinkact.apps.legal.clauses import ClauseReport, check_document
from thinkact.apps.legal.prompts import STEPS
from thinkact.apps.legal.reports import NOTICES, SUMMARY, Finding
from thinkact.apps.legal.workflow import ReviewRun, build_review

__all__ = [
    "NOTICES",
    "STEPS",
    "SUMMARY",
    "ClauseReport",
    "Finding",
    "ReviewRun",
    "build_review",
    "check_document",
]
