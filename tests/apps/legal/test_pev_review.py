"""The legal review with --pattern pev: a step per document, then the notices and the
summary, each verified by the same checks as the ReAct review."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from legal_doubles import CLEAN_CONTRACT, GAPS_CONTRACT, final, is_judge, reader, turn, xml
from rich.console import Console

from thinkact.apps.legal import NOTICES, SUMMARY, build_review
from thinkact.apps.legal.pev import pev_review, plan_progress, review_plan, step_names
from thinkact.events import ToolFinished
from thinkact.pev.events import PlanStepFinished, SubRunEvent
from thinkact.testing import FunctionModel
from thinkact.tools.runtime import approve_all
from thinkact.types import ModelRequest, UserMessage
from thinkact.ui.progress import ProgressTracker


def step_worker(request: ModelRequest) -> str:
    """Does each step as its goal says: one tool call, then a one-line answer."""
    if is_judge(request):
        return reader(request)
    goal = next(str(m.content) for m in request.messages if isinstance(m, UserMessage))
    if turn(request) > 0:
        return final("Step done.")
    path = re.search(r'call review_document with path "([^"]+)"', goal)
    if path:
        return xml("Review it.", "review_document", path=path[1])
    tool = re.search(r"call (write_notices|write_summary)", goal)
    assert tool is not None, goal
    return xml("Write it.", tool[1])


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.txt").write_text(CLEAN_CONTRACT, encoding="utf-8")
    (docs / "b.txt").write_text(GAPS_CONTRACT, encoding="utf-8")
    return docs


def run_pev(folder: Path, out: Path) -> tuple[Any, list[Any], str]:
    model = FunctionModel(step_worker, native_tools=False)
    review = build_review(folder, model=model, out=out, approve=approve_all)
    plan = review_plan(review)
    names = step_names(plan, review)
    screen = io.StringIO()
    tracker = ProgressTracker(
        Console(file=screen, width=100),
        list(names.values()),
        documents=review.review.documents,
        live=False,
        clock=lambda: 0.0,
    )
    events: list[Any] = []
    result = pev_review(review, reporters=[plan_progress(tracker, names), events.append]).run(
        review.task, plan=plan
    )
    return result, events, screen.getvalue()


def test_a_step_per_document_then_notices_and_summary_each_verified(
    folder: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    result, events, screen = run_pev(folder, out)

    assert result.ok, result.reason
    assert [o.step_id for o in result.outcomes] == ["doc1", "doc2", "notices", "summary"]
    finished = [(e.step_id, e.ok, e.check) for e in events if isinstance(e, PlanStepFinished)]
    assert finished == [
        ("doc1", True, "validator:reviewed:a.txt"),
        ("doc2", True, "validator:reviewed:b.txt"),
        ("notices", True, "validator:notices"),
        ("summary", True, "validator:summary"),
    ]
    assert "## a.txt" in (out / NOTICES).read_text(encoding="utf-8")
    assert "**Overall status: ❌ CRITICAL ISSUES**" in (out / SUMMARY).read_text(encoding="utf-8")
    assert "✅ Review a.txt" in screen and f"✅ Write {SUMMARY}" in screen


def test_the_plan_orders_the_reports_after_every_document(folder: Path) -> None:
    review = build_review(folder, model=FunctionModel(step_worker, native_tools=False))
    plan = review_plan(review)
    assert [s.id for s in plan.steps] == ["doc1", "doc2", "notices", "summary"]
    assert plan.step("notices").depends_on == ["doc1", "doc2"]
    assert plan.step("summary").depends_on == ["notices"]
    assert [s.tools for s in plan.steps] == [
        ["review_document"],
        ["review_document"],
        ["write_notices"],
        ["write_summary"],
    ]


def test_a_document_steps_observation_is_about_its_document_only(
    folder: Path, tmp_path: Path
) -> None:
    _, events, _ = run_pev(folder, tmp_path / "out")
    first = next(
        e.event.result.content
        for e in events
        if isinstance(e, SubRunEvent) and isinstance(e.event, ToolFinished)
    )
    assert first.startswith("a.txt")
    assert "b.txt" not in first
