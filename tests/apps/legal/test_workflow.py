"""The whole review on scripted models: the 8-turn trace with native tool calls, the
structured xml workflow of small models, the tracker's transitions and both files."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from legal_scripts import FINDINGS, call, structured_trace, xml
from rich.console import Console

from thinkact.apps.legal import NOTICES, STEPS, SUMMARY, build_review
from thinkact.events import (
    Event,
    ModelReplied,
    ProgressMarked,
    RunFinished,
    ToolFinished,
    ValidationFailed,
)
from thinkact.testing import ScriptedModel
from thinkact.tools.runtime import approve_all

NOTICES_MD = """\
# Legal Notices

## contract_v1.pdf

### CRITICAL: Term and termination (absent)
No clause lets either party end the agreement. Quote: "This Agreement commences on the
Effective Date and shall continue in force..." (page 1, clause 3.1).
Recommendation: add termination for convenience on 30 days' notice and for material breach.

### WARNING: Payment terms
Quote: "The Client shall pay each invoice in a timely manner" (page 1, clause 4.2).
Recommendation: payment within 30 days of invoice; late interest at a stated rate.

## terms_of_service.docx

### WARNING: Refund policy
Quote: "Refunds may be considered at our discretion" (clause 3.1).
Recommendation: state who gets a refund, how much, and within how many days.

## privacy_policy.txt

### CRITICAL: DPO / privacy contact (absent)
Only a contact form (section 12). Recommendation: name a DPO with an email address.

### WARNING: Lawful basis, retention, transfers
Recommendation: give the Art. 6 basis per purpose, retention periods and SCCs.
"""

SUMMARY_MD = """\
# Review Summary

**Overall status: ❌ CRITICAL ISSUES**

| Severity | Count |
| --- | --- |
| CRITICAL | 2 |
| WARNING | 3 |
| INFO | 0 |

Documents reviewed: contract_v1.pdf, terms_of_service.docx, privacy_policy.txt.

1. Add a termination clause. 2. Name a DPO. 3. Fix payment deadlines.
"""


def native_trace() -> list[dict[str, Any]]:
    """The document's 8 turns: scan, read the three documents, write notices, write summary,
    mark steps, final answer (marks ride along with the next action, as parallel calls)."""
    return [
        {"text": "Let me see the documents.", "tool_calls": [call("list_files", folder=".")]},
        {"tool_calls": [call("mark_step_complete", step_name=STEPS[0]),
                        call("read_file", path="contract_v1.pdf")]},
        {"tool_calls": [call("read_file", path="terms_of_service.docx")]},
        {"tool_calls": [call("read_file", path="privacy_policy.txt")]},
        {"tool_calls": [call("mark_step_complete", step_name=STEPS[1]),
                        call("write_file", path=NOTICES, content=NOTICES_MD)]},
        {"tool_calls": [call("mark_step_complete", step_name=STEPS[2]),
                        call("write_file", path=SUMMARY, content=SUMMARY_MD)]},
        {"tool_calls": [call("mark_step_complete", step_name=STEPS[3])]},
        {"tool_calls": [call("final_answer", answer="❌ CRITICAL ISSUES: 2 critical.")]},
    ]  # fmt: skip


def tracked(folder: Path, model: ScriptedModel, **kw: Any) -> tuple[Any, list[Event], str]:
    review = build_review(folder, model=model, approve=approve_all, **kw)
    screen = io.StringIO()
    tracker = review.tracker(Console(file=screen, width=100), live=False, clock=lambda: 0.0)
    events: list[Event] = []
    review.agent.reporters.extend([review.progress(tracker), events.append])
    result = review.run()
    return result, events, screen.getvalue()


def test_native_trace_eight_turns(legal_docs: Path) -> None:
    model = ScriptedModel(native_trace())
    result, events, screen = tracked(legal_docs, model)

    assert result.ok and result.steps == 8 and model.remaining == 0
    turns = [[c.name for c in e.actions] for e in events if isinstance(e, ModelReplied)]
    assert turns == [
        ["list_files"],
        ["mark_step_complete", "read_file"],
        ["read_file"],
        ["read_file"],
        ["mark_step_complete", "write_file"],
        ["mark_step_complete", "write_file"],
        ["mark_step_complete"],
        [],
    ]
    assert [e.step_name for e in events if isinstance(e, ProgressMarked)] == list(STEPS)
    finished = {e.call.name + ":" + str(e.call.arguments.get("path", "")): e.result
                for e in events if isinstance(e, ToolFinished)}  # fmt: skip
    assert not any(r.is_error for r in finished.values())
    assert "[page 1]" in finished["read_file:contract_v1.pdf"].content
    assert "Refunds may be considered" in finished["read_file:terms_of_service.docx"].content
    assert "validation_failed" not in finished[f"write_file:{NOTICES}"].content
    assert (legal_docs / NOTICES).read_text(encoding="utf-8") == NOTICES_MD
    assert (legal_docs / SUMMARY).read_text(encoding="utf-8") == SUMMARY_MD
    assert not [e for e in events if isinstance(e, ValidationFailed)]
    # The tracker, in plain-line mode: each transition once. A mark made beside the next
    # action lands after that action started, as the events happen.
    assert [line.split("] ", 1)[1] for line in screen.splitlines()] == [
        "🔄 Scan folder",
        "📄 Reading contract_v1.pdf (1 of 3)",
        "🔄 Review documents",
        "✅ Scan folder",
        "📄 Reading terms_of_service.docx (2 of 3)",
        "📄 Reading privacy_policy.txt (3 of 3)",
        f"🔄 Write {NOTICES}",
        "✅ Review documents",
        f"🔄 Write {SUMMARY}",
        f"✅ Write {NOTICES}",
        f"✅ Write {SUMMARY}",
        "🏁 Finished (final_answer) · 8 turns · 0 tokens",
    ]


def test_structured_workflow_on_a_text_model(legal_docs: Path, tmp_path: Path) -> None:
    out = tmp_path / "reports"
    model = ScriptedModel(structured_trace(), native_tools=False)
    result, events, screen = tracked(legal_docs, model, out=out)

    assert result.ok and result.steps == 7
    system = model.requests[0].messages[0].content
    assert "<parameters>" in system  # the xml format
    assert "mark_step_complete" not in system and "read_file" not in system
    assert model.requests[0].grammar is not None  # constrained decoding for local models
    checked = [e.result.content for e in events if isinstance(e, ToolFinished)][1:4]
    assert checked[0].endswith("Still to check: privacy_policy.txt, terms_of_service.docx.")
    summary_seen = [e.result.content for e in events if isinstance(e, ToolFinished)][-1]
    assert summary_seen.endswith(
        "Both reports are done. Do not call any tool. Reply now with exactly:\n"
        "<reasoning>Both reports are written.</reasoning>\n"
        "<final_answer>❌ CRITICAL ISSUES: 7 findings (2 CRITICAL, 5 WARNING).</final_answer>"
    )
    assert checked[2].endswith(
        "All 3 documents checked. Problems to report with write_notices: contract_v1.pdf: "
        "Term and termination (MISSING); contract_v1.pdf: Payment terms (VAGUE); "
        "terms_of_service.docx: Refund policy (VAGUE); privacy_policy.txt: Lawful basis "
        "(GDPR Art. 6) (VAGUE); privacy_policy.txt: Data retention (VAGUE); privacy_policy.txt: "
        "International transfers (VAGUE); privacy_policy.txt: DPO / privacy contact (MISSING)."
    )
    # The tools mark the steps as they complete them.
    assert [e.step_name for e in events if isinstance(e, ProgressMarked)] == list(STEPS)
    notices = (out / NOTICES).read_text(encoding="utf-8")
    # The quote and location come from check_clauses when the model gives none.
    assert "### 1. CRITICAL: Term and termination" in notices
    assert '"This Agreement commences on the Effective Date' in notices
    assert "(page 1, clause 3.1 (Term))" in notices
    assert '"Refunds may be considered at our discretion in appropriate circumstances." ' \
           "(clause 3.1 (Refunds))" in notices  # fmt: skip
    assert "(section 6. How long we keep your data)" in notices
    assert "- **Problem:** No concrete retention period for personal data." in notices
    summary = (out / SUMMARY).read_text(encoding="utf-8")
    assert "**Overall status: ❌ CRITICAL ISSUES**" in summary
    assert "| CRITICAL | 2 |" in summary and "| WARNING | 5 |" in summary
    assert "- terms_of_service.docx: 1 WARNING" in summary
    assert "1. contract_v1.pdf: Add termination on 30 days' notice" in summary
    assert not (legal_docs / NOTICES).exists()  # outputs go to --out only
    lines = [line.split("] ", 1)[1] for line in screen.splitlines()]
    assert lines == [
        "🔄 Scan folder",
        "📄 Reading contract_v1.pdf (1 of 3)",
        "🔄 Review documents",
        "✅ Scan folder",
        "📄 Reading terms_of_service.docx (2 of 3)",
        "📄 Reading privacy_policy.txt (3 of 3)",
        "✅ Review documents",
        f"🔄 Write {NOTICES}",
        f"✅ Write {NOTICES}",
        f"🔄 Write {SUMMARY}",
        f"✅ Write {SUMMARY}",
        "🏁 Finished (final_answer) · 7 turns · 0 tokens",
    ]


def test_notices_must_cover_every_problem_and_accumulate(legal_docs: Path) -> None:
    """Small models write a document at a time: each call keeps the earlier findings, and
    the check after each write names what is still uncovered. A finding on a clause already
    reported, under another name, replaces the old one."""
    replies = structured_trace()
    again = {**FINDINGS[0], "clause": "Termination (MISSING)"}
    replies[4:5] = [
        xml("Notices.", "write_notices", findings=FINDINGS[:3]),  # privacy policy left out
        xml("The rest.", "write_notices", findings=[*FINDINGS[3:], again]),
    ]
    model = ScriptedModel(replies, native_tools=False)
    result, events, _ = tracked(legal_docs, model)
    first, second = [
        e.result.content
        for e in events
        if isinstance(e, ToolFinished) and e.call.name == "write_notices"
    ]
    assert "<validation_failed>no finding covers privacy_policy.txt: Lawful basis (GDPR " \
           "Art. 6) (VAGUE); privacy_policy.txt: Data retention (VAGUE)" in first  # fmt: skip
    assert "DPO / privacy contact (MISSING)" in first
    assert "validation_failed" not in second and "2 CRITICAL, 5 WARNING, 0 INFO" in second
    notices = (legal_docs / NOTICES).read_text(encoding="utf-8")
    # the checker's verdict copied into the clause name is dropped
    assert "CRITICAL: Termination\n" in notices and "CRITICAL: DPO contact" in notices
    marks = [e.step_name for e in events if isinstance(e, ProgressMarked)]
    assert marks.count(f"Write {NOTICES}") == 1 and result.ok


def test_notices_are_rated_by_the_severity_rules(legal_docs: Path) -> None:
    """MISSING is CRITICAL and VAGUE is WARNING: a PEV review on the embedded model rated
    the privacy policy's missing DPO a WARNING and the vague refund policy CRITICAL."""
    replies = structured_trace()
    swapped = [dict(f) for f in FINDINGS]
    swapped[2]["severity"], swapped[3]["severity"] = "CRITICAL", "WARNING"
    replies[4:5] = [
        xml("Notices.", "write_notices", findings=swapped),
        xml("Fix the two.", "write_notices", findings=[FINDINGS[2], FINDINGS[3]]),
    ]
    model = ScriptedModel(replies, native_tools=False)
    result, events, _ = tracked(legal_docs, model)
    first, second = [
        e.result.content
        for e in events
        if isinstance(e, ToolFinished) and e.call.name == "write_notices"
    ]
    assert "<validation_failed>by the severity rules, terms_of_service.docx: Refund policy " \
           "is VAGUE, so WARNING (not CRITICAL); privacy_policy.txt: DPO / privacy contact " \
           "is MISSING, so CRITICAL (not WARNING)." in first  # fmt: skip
    assert "no finding covers" not in first
    assert "validation_failed" not in second and "2 CRITICAL, 5 WARNING, 0 INFO" in second
    assert result.ok


def test_notices_wait_for_every_document_to_be_checked(legal_docs: Path) -> None:
    replies = structured_trace()
    early = xml("Enough.", "write_notices", findings=FINDINGS)
    replies.insert(2, early)  # after checking only the contract
    model = ScriptedModel(replies, native_tools=False)
    result, events, _ = tracked(legal_docs, model)
    refused = next(e.result for e in events if isinstance(e, ToolFinished) and e.result.is_error)
    assert refused.content == (
        "TOOL ERROR: run check_clauses on every document first; not yet: "
        "privacy_policy.txt, terms_of_service.docx"
    )
    assert result.ok and result.steps == 8


def test_validation_failure_then_retry(legal_docs: Path) -> None:
    """The summary claims APPROVED: the check after the write says why that is wrong, the
    final answer is refused with <validation_failed>, the model rewrites it and finishes."""
    replies = structured_trace(status="APPROVED")
    final = replies[-1]
    replies[6:] = [
        final,  # too early: refused by the validators
        xml("Fix the status.", "write_summary", status="CRITICAL ISSUES"),
        final,
    ]
    model = ScriptedModel(replies, native_tools=False)
    result, events, _ = tracked(legal_docs, model)

    written = [e for e in events if isinstance(e, ToolFinished) and e.call.name == "write_summary"]
    assert "<validation_failed>REVIEW_SUMMARY.md says ✅ APPROVED but LEGAL_NOTICES.md has 2 " \
           "CRITICAL, 5 WARNING, 0 INFO, so the status must be ❌ CRITICAL ISSUES." \
           "</validation_failed>" in written[0].result.content  # fmt: skip
    assert "validation_failed" not in written[1].result.content
    failures = [e for e in events if isinstance(e, ValidationFailed)]
    assert [(f.validator, f.attempt) for f in failures] == [("review_summary", 1)]
    feedback = model.requests[7].messages[-1].content
    assert "<validation_failed>REVIEW_SUMMARY.md says ✅ APPROVED" in feedback
    assert result.ok and result.reason == "final_answer" and result.steps == 9
    assert "❌ CRITICAL ISSUES" in (legal_docs / SUMMARY).read_text(encoding="utf-8")
    marks = [e.step_name for e in events if isinstance(e, ProgressMarked)]
    assert marks == list(STEPS)  # the summary step only once it was valid


def test_validation_never_passes_ends_with_a_clear_verdict(legal_docs: Path) -> None:
    final = "<reasoning>Done.</reasoning><final_answer>All reviewed.</final_answer>"
    model = ScriptedModel([final] * 3, native_tools=False)
    result, events, _ = tracked(legal_docs, model)
    assert result.reason == "validation_failed" and not result.ok
    failures = [e for e in events if isinstance(e, ValidationFailed)]
    assert [f.attempt for f in failures] == [1, 2, 3]
    assert failures[0].message == f"{NOTICES} does not exist. Write it before you finish."
    assert isinstance(events[-1], RunFinished) and events[-1].reason == "validation_failed"


def test_bad_model_arguments_are_observations(legal_docs: Path) -> None:
    replies = [
        xml("Wrong file.", "check_clauses", path="../../etc/passwd"),
        xml("Too early.", "write_notices", findings=FINDINGS),
        xml("Fine.", "list_files"),  # two errors in a row, not three: no error cap
        xml("Too early.", "write_summary", status="CRITICAL ISSUES"),
        xml("Bad status.", "write_summary", status="FINE"),
        "<reasoning>Stop.</reasoning><final_answer>x</final_answer>",
        "<reasoning>Stop.</reasoning><final_answer>x</final_answer>",
        "<reasoning>Stop.</reasoning><final_answer>x</final_answer>",
    ]
    model = ScriptedModel(replies, native_tools=False)
    review = build_review(legal_docs, model=model, approve=approve_all)
    events = list(review.agent.iter(review.task))
    results = [e.result for e in events if isinstance(e, ToolFinished)]
    assert [r.is_error for r in results] == [True, True, False, True, True]
    assert "outside the workspace" in results[0].content
    assert "run check_clauses on every document first" in results[1].content
    assert "LEGAL_NOTICES.md does not exist yet: call write_notices first" in results[3].content
    assert "status must be one of" in results[4].content


def test_denied_write_is_an_observation_and_documents_are_protected(legal_docs: Path) -> None:
    replies = [
        {"tool_calls": [call("write_file", path=NOTICES, content="x")]},
        {"tool_calls": [call("write_file", path="contract_v1.pdf", content="x")]},
        {"text": "stop"},
        {"text": "stop"},
        {"text": "stop"},
    ]
    asked: list[str] = []

    def deny_notices(c: Any, tool: Any) -> bool:
        asked.append(c.arguments["path"])
        return c.arguments["path"] != NOTICES

    review = build_review(legal_docs, model=ScriptedModel(replies), approve=deny_notices)
    events = list(review.agent.iter(review.task))
    results = [e.result for e in events if isinstance(e, ToolFinished)]
    assert asked == [NOTICES, "contract_v1.pdf"]
    assert results[0].content.startswith("DENIED")
    assert "protected" in results[1].content
    assert (legal_docs / "contract_v1.pdf").read_bytes().startswith(b"%PDF")
    assert not (legal_docs / NOTICES).exists()


def test_a_second_review_may_replace_the_first_reports(legal_docs: Path) -> None:
    (legal_docs / NOTICES).write_text("old", encoding="utf-8")
    (legal_docs / "README.md").write_text("# keep me", encoding="utf-8")
    replies = [
        {"tool_calls": [call("write_file", path=NOTICES, content=NOTICES_MD)]},
        {"tool_calls": [call("write_file", path="README.md", content="x")]},
        {"text": "stop"},
        {"text": "stop"},
        {"text": "stop"},
    ]
    review = build_review(legal_docs, model=ScriptedModel(replies), approve=approve_all)
    assert "README.md" in review.review.documents and NOTICES not in review.review.documents
    events = list(review.agent.iter(review.task))
    results = [e.result for e in events if isinstance(e, ToolFinished)]
    assert not results[0].is_error and "protected" in results[1].content
    assert (legal_docs / NOTICES).read_text(encoding="utf-8") == NOTICES_MD
    assert (legal_docs / "README.md").read_text(encoding="utf-8") == "# keep me"


def test_bad_folders_are_user_errors(tmp_path: Path) -> None:
    from thinkact.errors import UserError

    with pytest.raises(UserError, match="is not a folder"):
        build_review(tmp_path / "nope", model=ScriptedModel(["x"]))
    (tmp_path / "data.csv").write_text("a,b")
    with pytest.raises(UserError, match="no documents to review"):
        build_review(tmp_path, model=ScriptedModel(["x"]))


def test_findings_must_name_reviewed_documents(legal_docs: Path) -> None:
    replies = structured_trace()
    replies.insert(
        4, xml("Typo.", "write_notices", findings=[{**FINDINGS[0], "document": "x.pdf"}])
    )
    model = ScriptedModel(replies, native_tools=False)
    result, events, _ = tracked(legal_docs, model)
    refused = next(e.result for e in events if isinstance(e, ToolFinished) and e.result.is_error)
    assert refused.content == (
        "TOOL ERROR: 'x.pdf' is not one of the documents under review: contract_v1.pdf, "
        "privacy_policy.txt, terms_of_service.docx"
    )
    assert result.ok


def test_one_check_of_the_whole_folder(legal_docs: Path) -> None:
    """The shortest workflow for a small model: 5 turns."""
    trace = structured_trace()
    replies = [trace[0], xml("Check all.", "check_clauses", path="."), *trace[4:]]
    model = ScriptedModel(replies, native_tools=False)
    result, events, screen = tracked(legal_docs, model)
    lines = [line.split("] ", 1)[1] for line in screen.splitlines()]
    assert [line for line in lines if line.startswith("📄")] == [
        "📄 Reading contract_v1.pdf (1 of 3)",
        "📄 Reading privacy_policy.txt (2 of 3)",
        "📄 Reading terms_of_service.docx (3 of 3)",
    ]
    assert not any(line.startswith("📁") for line in lines)  # "." is not a document
    checked = next(
        e.result.content
        for e in events
        if e.kind == "tool_finished" and e.call.name == "check_clauses"
    )  # type: ignore[attr-defined]
    assert checked.count("clauses checked") == 3
    assert "All 3 documents checked. Problems to report" in checked
    assert [e.step_name for e in events if isinstance(e, ProgressMarked)] == list(STEPS)
    assert result.ok and result.steps == 5


def test_findings_per_call_are_bounded(legal_docs: Path) -> None:
    replies = structured_trace()
    replies.insert(4, xml("Too many.", "write_notices", findings=FINDINGS * 2))
    model = ScriptedModel(replies, native_tools=False)
    result, events, _ = tracked(legal_docs, model)
    refused = next(e.result for e in events if isinstance(e, ToolFinished) and e.result.is_error)
    assert "argument 'findings': List should have at most 10 items" in refused.content
    assert result.ok


def test_the_structured_review_shows_its_worked_example_with_calls_its_tools_accept(
    legal_docs: Path,
) -> None:
    from thinkact.apps.legal.prompts import STRUCTURED_EXAMPLE

    model = ScriptedModel(["<reasoning>Stop.</reasoning><final_answer>x</final_answer>"])
    review = build_review(legal_docs, model=model, approve=approve_all)
    next(e for e in review.agent.iter(review.task) if isinstance(e, ModelReplied))
    system = model.requests[0].messages[0].content  # type: ignore[union-attr]
    assert "Next, check the clauses of every document at once." in system
    assert '<parameters>{"path": "."}</parameters>' in system
    tools = {t.name: t for t in review.agent.tools}
    calls = [s for s in STRUCTURED_EXAMPLE.steps if s.tool]
    order = ["list_files", "check_clauses", "write_notices", "write_summary"]
    assert [s.tool for s in calls] == order
    for step in calls:  # what the model copies is a valid call of the real tool
        tools[step.tool].validate(step.arguments)
