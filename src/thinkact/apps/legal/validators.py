"""Validators of the review's output, for the engine's `validators=` hook: both reports
exist, name every document, and the summary's status follows from the reviews. The reports
are rendered from the reviews, so a failure means a report was not written (or was written
before the last review), and the reason says which tool to call.
"""

from __future__ import annotations

from collections.abc import Callable

from thinkact.apps.legal.prompts import NOTICES, SUMMARY
from thinkact.apps.legal.reports import STATUSES, overall, status_in
from thinkact.apps.legal.reviewer import DocumentReview
from thinkact.errors import ToolRetry
from thinkact.loop import Validator
from thinkact.tools.sandbox import Workspace


def _read(output: Workspace, name: str) -> str | None:
    try:
        return output.read_text(name)
    except ToolRetry:
        return None


def check_notices(output: Workspace, documents: list[str]) -> str | None:
    text = _read(output, NOTICES)
    if text is None:
        return f"{NOTICES} does not exist: call write_notices before you finish."
    unnamed = [d for d in documents if f"## {d}" not in text]
    if unnamed:
        return f"{NOTICES} does not cover {', '.join(unnamed)}: call write_notices again."
    return None


def check_summary(output: Workspace, reviews: Callable[[], list[DocumentReview]]) -> str | None:
    text = _read(output, SUMMARY)
    if text is None:
        return f"{SUMMARY} does not exist: call write_summary before you finish."
    due = overall(reviews())
    if status_in(text) != due:
        return f"{SUMMARY} does not state {STATUSES[due]}: call write_summary again."
    return None


def review_validators(
    output: Workspace, documents: list[str], reviews: Callable[[], list[DocumentReview]]
) -> list[Validator]:
    """Both reports exist and hold what they must; named so a failure says which one."""

    def legal_notices(final_answer: str) -> str | None:
        return check_notices(output, documents)

    def review_summary(final_answer: str) -> str | None:
        return check_summary(output, reviews)

    return [legal_notices, review_summary]
