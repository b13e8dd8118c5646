"""The legal review with --pattern pev: a step per document, notices, summary, each verified."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from legal_scripts import FINDINGS, xml
from rich.console import Console

from thinkact.apps.legal import NOTICES, SUMMARY, build_review
from thinkact.apps.legal.pev import pev_review, plan_progress, review_plan, step_names
from thinkact.events import ToolFinished
from thinkact.pev.events import PlanStepFinished, Replanned, SubRunEvent
from thinkact.testing import ScriptedModel
from thinkact.tools.runtime import approve_all
from thinkact.ui.progress import ProgressTracker


def answer(text: str) -> str:
    return f"<reasoning>Done.</reasoning>\n<final_answer>{text}</final_answer>"


def reported(doc: str) -> str:
    """A document step's answer: one line per problem the checker finds in `doc`."""
    return "\n".join(
        f"- {doc}, {f['severity']}: {f['clause']}. {f['recommendation']}"
        for f in FINDINGS
        if f["document"] == doc
    )


def test_pev_review_plans_a_step_per_document_and_verifies_each(
    legal_docs: Path, tmp_path: Path
) -> None:
    replies = []
    for doc in ("contract_v1.pdf", "privacy_policy.txt", "terms_of_service.docx"):
        replies += [xml("Check it.", "check_clauses", path=doc), answer(reported(doc))]
    replies += [xml("Write them.", "write_notices", findings=FINDINGS), answer("Notices written.")]
    replies += [xml("Status.", "write_summary", status="CRITICAL ISSUES"),
                answer("❌ CRITICAL ISSUES")]  # fmt: skip
    model = ScriptedModel(replies, native_tools=False)
    out = tmp_path / "out"
    review = build_review(legal_docs, model=model, out=out, approve=approve_all)
    plan = review_plan(review)
    assert [s.id for s in plan.steps] == ["doc1", "doc2", "doc3", "notices", "summary"]
    assert plan.step("notices").depends_on == ["doc1", "doc2", "doc3"]
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
    pev = pev_review(review, reporters=[plan_progress(tracker, names), events.append])
    result = pev.run(review.task, plan=plan)

    assert result.ok and result.final_answer == "❌ CRITICAL ISSUES", result.reason
    assert [o.step_id for o in result.outcomes] == ["doc1", "doc2", "doc3", "notices", "summary"]
    finished = [(e.step_id, e.ok, e.check) for e in events if isinstance(e, PlanStepFinished)]
    assert finished == [
        ("doc1", True, "validator:findings"), ("doc2", True, "validator:findings"),
        ("doc3", True, "validator:findings"), ("notices", True, "validator:notices"),
        ("summary", True, "validator:summary"),
    ]  # fmt: skip
    assert not any(isinstance(e, Replanned) for e in events)
    assert "**Overall status: ❌ CRITICAL ISSUES**" in (out / SUMMARY).read_text()
    assert "## contract_v1.pdf" in (out / NOTICES).read_text()
    # A step sees only its own tools.
    step_prompt = model.requests[0].messages[0].content  # type: ignore[union-attr]
    assert "check_clauses" in step_prompt and "write_notices" not in step_prompt
    # A document step's observation is that document's check only: "Still to check: ..."
    # (the ReAct review's guide) led a step on to the other documents.
    first = next(e.event for e in events if isinstance(e, SubRunEvent)
                 and isinstance(e.event, ToolFinished))  # fmt: skip
    assert first.result.content.startswith("contract_v1.pdf")
    assert "Still to check" not in first.result.content
    shown = screen.getvalue()
    assert "✅ Review contract_v1.pdf" in shown and f"✅ Write {SUMMARY}" in shown


def test_a_failing_step_check_goes_back_to_the_planner(legal_docs: Path, tmp_path: Path) -> None:
    vague = answer("Looks fine to me.")  # names no severity: the findings check fails
    replanned = '{"steps": [{"id": "retry", "goal": "say done"}]}'
    model = ScriptedModel(
        [
            xml("Check.", "check_clauses", path="contract_v1.pdf"),
            vague,  # the findings check goes back to the sub-run: two retries, both vague
            vague,
            vague,
            replanned,
            answer("done"),
            replanned.replace("retry", "again"),
            answer("done"),
        ],
        native_tools=False,
    )
    review = build_review(legal_docs, model=model, out=tmp_path / "o", approve=approve_all)
    events: list[Any] = []
    plan = review_plan(review)
    result = pev_review(review, reporters=[events.append]).run(review.task, plan=plan)
    failed = [e for e in events if isinstance(e, PlanStepFinished) and not e.ok]
    assert failed[0].step_id == "doc1" and "severity" in failed[0].reason
    assert any(isinstance(e, Replanned) for e in events)
    # The replanned runs write no reports, so the review's own validators refuse them.
    assert (result.ok, result.reason, result.replans) == (False, "replans_exhausted", 2)


def test_a_problem_a_document_step_left_out_is_told_to_the_notices_step(
    legal_docs: Path, tmp_path: Path
) -> None:
    # The embedded model reported 1 of privacy_policy.txt's 4 problems in its document step.
    partial = "- privacy_policy.txt, CRITICAL: DPO / privacy contact. Name a DPO."
    privacy = [f for f in FINDINGS if f["document"] == "privacy_policy.txt"]
    first = [f for f in FINDINGS if f not in privacy or "DPO" in f["clause"]]
    rest = [f for f in privacy if "DPO" not in f["clause"]]
    replies = []
    for doc in ("contract_v1.pdf", "privacy_policy.txt", "terms_of_service.docx"):
        said = partial if doc == "privacy_policy.txt" else reported(doc)
        replies += [xml("Check it.", "check_clauses", path=doc), answer(said)]
    replies += [
        xml("Write them.", "write_notices", findings=first),
        xml("Add the rest.", "write_notices", findings=rest),
        answer("Notices written."),
        xml("Status.", "write_summary", status="CRITICAL ISSUES"),
        answer("❌ CRITICAL ISSUES"),
    ]
    model = ScriptedModel(replies, native_tools=False)
    review = build_review(legal_docs, model=model, out=tmp_path / "o", approve=approve_all)
    events: list[Any] = []
    result = pev_review(review, reporters=[events.append]).run(
        review.task, plan=review_plan(review)
    )
    assert result.ok and result.replans == 0, result.reason
    seen = [e.event.result.content for e in events
            if isinstance(e, SubRunEvent) and isinstance(e.event, ToolFinished)]  # fmt: skip
    told = [c for c in seen if "no finding covers" in c]
    assert len(told) == 1
    for clause in ("Lawful basis", "Data retention", "International transfers"):
        assert clause in told[0]
    assert "DPO" not in told[0].split("no finding covers")[1]
    notices = (tmp_path / "o" / NOTICES).read_text()
    assert all(f["clause"] in notices for f in FINDINGS)
