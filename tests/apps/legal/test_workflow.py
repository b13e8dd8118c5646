"""The review as one agent run on a scripted text model: its four steps, both reports from
the structured reviews, and both reports at the end of every run that may write them
(`ReviewRun.finish`), however it stopped."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from legal_doubles import CLEAN_CONTRACT, GAPS_CONTRACT, WORKFLOW, reviewer
from rich.console import Console

from thinkact.apps.legal import NOTICES, STEPS, SUMMARY, build_review
from thinkact.apps.legal.workflow import DEFAULT_CONFIG
from thinkact.errors import UserError
from thinkact.events import Event, ProgressMarked, ToolFinished, ValidationFailed
from thinkact.tools.runtime import approve_all


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "clean.txt").write_text(CLEAN_CONTRACT, encoding="utf-8")
    (docs / "gaps.txt").write_text(GAPS_CONTRACT, encoding="utf-8")
    return docs


def reports(out: Path) -> tuple[str, str]:
    return (out / NOTICES).read_text(encoding="utf-8"), (out / SUMMARY).read_text(encoding="utf-8")


def test_the_review_marks_its_four_steps_and_writes_both_reports(folder: Path) -> None:
    (folder / NOTICES).write_text("# An earlier review's notices\n", encoding="utf-8")
    review = build_review(folder, model=reviewer(), approve=approve_all)
    assert review.review.documents == ["clean.txt", "gaps.txt"]  # not our own report
    screen = io.StringIO()
    tracker = review.tracker(Console(file=screen, width=100), live=False, clock=lambda: 0.0)
    events: list[Event] = []
    review.agent.reporters.extend([review.progress(tracker), events.append])
    result = review.run()

    assert result.ok and result.steps == len(WORKFLOW)
    assert [e.step_name for e in events if isinstance(e, ProgressMarked)] == list(STEPS)
    assert not [e for e in events if isinstance(e, ValidationFailed)]
    shown = [line.split("] ", 1)[1] for line in screen.getvalue().splitlines()]
    assert "📄 Reading clean.txt (1 of 2)" in shown and "📄 Reading gaps.txt (2 of 2)" in shown
    assert f"✅ Write {SUMMARY}" in shown

    notices, summary = reports(folder)
    gaps = notices[notices.index("## gaps.txt") :]
    assert "### 1. CRITICAL: Term and termination (missing)" in gaps
    assert "WARNING: Payment terms (vague)" in gaps
    assert (
        '- **Quote:** "2.1 The Customer shall pay the Supplier\'s invoices in a timely manner." '
        "(clause 2.1 (Fees))" in gaps
    )
    assert "No findings" in notices[notices.index("## clean.txt") : notices.index("## gaps.txt")]
    assert "**Overall status: ❌ CRITICAL ISSUES**" in summary
    assert "- gaps.txt (Services agreement): 1 CRITICAL, " in summary
    assert "1. gaps.txt: Add a termination clause" in summary
    assert review.finish() == []  # both reports are up to date: nothing to write again
    # the last observation gives the counts by severity, for the answer to copy
    (written,) = [
        e for e in events if isinstance(e, ToolFinished) and e.call.name == "write_summary"
    ]
    assert "6 findings: 1 CRITICAL, 4 WARNING, 1 INFO)" in written.result.content


def test_a_run_stopped_by_its_step_limit_still_leaves_both_reports(
    folder: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    config = replace(DEFAULT_CONFIG, max_steps=2)  # lists, reviews, and is stopped
    review = build_review(folder, model=reviewer(), out=out, approve=approve_all, config=config)
    result = review.run()

    assert not result.ok and result.reason == "max_steps"
    notices, summary = reports(out)
    assert "CRITICAL: Term and termination (missing)" in notices  # the reviews done
    assert "**Overall status: ❌ CRITICAL ISSUES**" in summary


def test_a_run_stopped_before_the_review_lists_every_document_as_not_reviewed(
    folder: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    config = replace(DEFAULT_CONFIG, max_steps=1)  # only list_files
    build_review(folder, model=reviewer(), out=out, approve=approve_all, config=config).run()
    notices, summary = reports(out)
    for name in ("clean.txt", "gaps.txt"):
        assert f"## {name}\n\n**Not reviewed:** The review stopped before it" in notices
        assert f"- {name}: **not reviewed** (The review stopped before it)" in summary
    assert "**Overall status: ⚠️ REQUIRES ATTENTION**" in summary


def test_a_run_that_fails_still_leaves_both_reports(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    model = reviewer(WORKFLOW[:2])  # the script ends after review_document
    review = build_review(folder, model=model, out=out, approve=approve_all)
    with pytest.raises(UserError, match="no reply left"):
        review.run()
    notices, summary = reports(out)
    assert "## gaps.txt" in notices and "CRITICAL ISSUES" in summary


def test_without_approval_no_report_is_written(folder: Path, tmp_path: Path) -> None:
    """The report tools need approval; with no approver it fails closed, in the run and in
    `finish` at its end."""
    out = tmp_path / "out"
    config = replace(DEFAULT_CONFIG, max_steps=4)
    review = build_review(folder, model=reviewer(), out=out, approve=None, config=config)
    events: list[Event] = []
    review.agent.reporters.append(events.append)
    result = review.run()

    assert not result.ok
    writes = [
        e.result for e in events if isinstance(e, ToolFinished) and e.call.name.startswith("write_")
    ]
    assert len(writes) == 2 and all(r.is_error for r in writes)
    assert review.finish() == []
    assert not (out / NOTICES).exists() and not (out / SUMMARY).exists()
