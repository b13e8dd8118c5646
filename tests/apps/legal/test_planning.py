"""The --plan phase: one tool-less model call, then approve / edit / abort."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from thinkact.apps.legal import build_review
from thinkact.apps.legal.planning import (
    PLAN_REQUEST,
    draft_plan,
    edit_with_editor,
    parse_plan,
    review_plan,
)
from thinkact.testing import ScriptedModel
from thinkact.types import SystemMessage, UserMessage

PLAN = "1. list_files\n2. review_document on every document\n3. write_notices\n4. write_summary"


def answers(*items: str) -> tuple[list[str], object]:
    asked: list[str] = []
    it: Iterator[str] = iter(items)

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(it)

    return asked, ask


def test_parse_plan() -> None:
    assert parse_plan("Sure.\n<plan>\n1. a\n2. b\n</plan> trailing") == "1. a\n2. b"
    assert parse_plan("<PLAN>1. a") == "1. a"  # cut by the stop sequence
    assert parse_plan("1. just a list") == "1. just a list"


def test_draft_plan_is_one_call_without_tools(legal_docs: Path) -> None:
    model = ScriptedModel([f"<plan>\n{PLAN}\n"], native_tools=False)
    review = build_review(legal_docs, model=model)
    plan = draft_plan(model, review.instructions, review.task)
    assert plan == PLAN
    (request,) = model.requests
    assert request.tools == () and request.grammar is None and request.stop == ("</plan>",)
    system, user = request.messages
    assert isinstance(system, SystemMessage) and "review_document" in system.content
    assert isinstance(user, UserMessage) and user.content.endswith(PLAN_REQUEST)


def test_empty_plan_is_refused() -> None:
    with pytest.raises(ValueError, match="empty plan"):
        draft_plan(ScriptedModel(["<plan></plan>"]), "be brief", "task")


def test_enter_approves() -> None:
    shown: list[str] = []
    asked, ask = answers("")
    assert review_plan(PLAN, ask=ask, show=shown.append) == PLAN  # type: ignore[arg-type]
    assert shown == [PLAN] and len(asked) == 1


def test_abort() -> None:
    _, ask = answers("a")
    assert review_plan(PLAN, ask=ask, show=lambda s: None) is None  # type: ignore[arg-type]


def test_inline_edit_then_approve() -> None:
    shown: list[str] = []
    _, ask = answers("e", "1. list_files", "2. review_document", ".", "")
    plan = review_plan(PLAN, ask=ask, show=shown.append)  # type: ignore[arg-type]
    assert plan == "1. list_files\n2. review_document"
    assert shown == [PLAN, plan]


def test_editor_edit_with_a_real_editor_process(tmp_path: Path) -> None:
    script = tmp_path / "editor.py"
    script.write_text(
        "import sys, pathlib\np = pathlib.Path(sys.argv[1])\n"
        "p.write_text(p.read_text().replace('write_summary', 'write_summary last'))\n"
    )
    edited = edit_with_editor(PLAN, f"{sys.executable} {script}")
    assert edited.endswith("4. write_summary last")
    _, ask = answers("e", "")
    plan = review_plan(
        PLAN,
        ask=ask,  # type: ignore[arg-type]
        show=lambda s: None,
        editor=lambda text: edit_with_editor(text, f"{sys.executable} {script}"),
    )
    assert plan is not None and plan.endswith("write_summary last")


def test_a_failing_editor_falls_back_to_inline(tmp_path: Path) -> None:
    shown: list[str] = []
    _, ask = answers("e", "1. only this", ".", "")
    plan = review_plan(
        PLAN,
        ask=ask,  # type: ignore[arg-type]
        show=shown.append,
        editor=lambda text: edit_with_editor(text, f"{sys.executable} -c 'raise SystemExit(3)'"),
    )
    assert plan == "1. only this"
    assert any("editor failed" in s for s in shown)


def test_the_approved_plan_goes_into_the_task(legal_docs: Path) -> None:
    review = build_review(legal_docs, model=ScriptedModel(["x"], native_tools=False))
    assert "<plan>" not in review.task
    planned = review.with_plan(PLAN)
    assert planned.task.endswith(f"Follow this approved plan:\n<plan>\n{PLAN}\n</plan>")
    assert planned.agent is review.agent
