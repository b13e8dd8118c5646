"""Validators of the review's output, for the engine's `validators=` hook.

Each is a `(final_answer) -> str | None` that looks at the files on disk (the answer itself
says little) and returns the exact reason a report is not acceptable. The same checks run
right after a report is written (see `tools.with_check`).
"""

from __future__ import annotations

from collections.abc import Sequence

from thinkact.apps.legal.reports import (
    NOTICES,
    SEVERITIES,
    STATUSES,
    SUMMARY,
    digest_notices,
    same_document,
    status_in,
)
from thinkact.errors import ToolRetry
from thinkact.loop import Validator
from thinkact.tools.sandbox import Workspace

MIN_NOTICES_BYTES = 500


def _read(output: Workspace, name: str) -> str | None:
    try:
        return output.read_text(name)
    except ToolRetry:
        return None


def check_notices(output: Workspace, documents: Sequence[str]) -> str | None:
    text = _read(output, NOTICES)
    if text is None:
        return f"{NOTICES} does not exist. Write it before you finish."
    size = len(text.encode("utf-8"))
    if size < MIN_NOTICES_BYTES:
        return (
            f"{NOTICES} has only {size} bytes; it must have at least {MIN_NOTICES_BYTES}: "
            "a section per document with each finding's severity, clause, quote and "
            "recommendation."
        )
    lowered = text.lower()
    unnamed = [d for d in documents if d.rsplit("/", 1)[-1].lower() not in lowered]
    if unnamed:
        return f"{NOTICES} does not name every reviewed document: {', '.join(unnamed)} missing."
    if not any(s in text for s in SEVERITIES):
        return f"{NOTICES} uses no severity label: mark each finding CRITICAL, WARNING or INFO."
    return None


def check_summary(output: Workspace, documents: Sequence[str]) -> str | None:
    text = _read(output, SUMMARY)
    if text is None:
        return f"{SUMMARY} does not exist. Write it before you finish."
    stated = status_in(text)
    if stated is None:
        return f"{SUMMARY} has no overall status line: state one of " + ", ".join(STATUSES.values())
    notices = _read(output, NOTICES)
    if notices is None:
        return None  # the notices validator reports this
    digest = digest_notices(notices, documents)
    if stated != digest.status:
        found = ", ".join(f"{digest.counts[s]} {s}" for s in SEVERITIES)
        return (
            f"{SUMMARY} says {STATUSES[stated]} but {NOTICES} has {found}, so the status "
            f"must be {STATUSES[digest.status]}."
        )
    return None


def check_report(output: Workspace, documents: Sequence[str], name: str) -> str | None:
    """The check for the report called `name` (used right after it is written)."""
    if same_document(name, NOTICES):
        return check_notices(output, documents)
    if same_document(name, SUMMARY):
        return check_summary(output, documents)
    return None


def review_validators(output: Workspace, documents: Sequence[str]) -> list[Validator]:
    """Both reports exist and hold what they must; named so a failure says which one."""

    def legal_notices(final_answer: str) -> str | None:
        return check_notices(output, documents)

    def review_summary(final_answer: str) -> str | None:
        return check_summary(output, documents)

    return [legal_notices, review_summary]
