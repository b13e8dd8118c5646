"""The workflow state machine: step marks matched tolerantly, documents n of m, transitions."""

from __future__ import annotations

import itertools

import pytest

from thinkact.events import (
    Event,
    ModelReplied,
    RunFinished,
    RunStarted,
    StepStarted,
    ToolFinished,
    ToolStarted,
)
from thinkact.types import ToolCall, ToolResult, Usage
from thinkact.ui.workflow import Workflow, documents_in, match_step
from thinkact.workflow import ProgressMarked

STEPS = ["Scan folder", "Review documents", "Write LEGAL_NOTICES.md", "Write REVIEW_SUMMARY.md"]
LISTING = (
    "3 documents in '.':\n"
    "- contract_v1.pdf (5.0 KB, 3 pages)\n"
    "- privacy_policy.txt (3.5 KB, 3,601 chars)\n"
    "- terms_of_service.docx (37.9 KB)"
)


@pytest.mark.parametrize(
    ("said", "step"),
    [
        ("Scan folder", 0),
        ("scan folder!", 0),
        ("SCAN_FOLDER", 0),
        ("Scanned the folder", 0),
        ("Listed files", 0),
        ("scan documents", 0),
        ("Review documents", 1),
        ("reviewed all documents", 1),
        ("Document review", 1),
        ("Reviewing each document", 1),
        ("read documents", 1),
        ("legal notices written", 2),
        ("LEGAL_NOTICES.md", 2),
        ("Wrote the notices file", 2),
        ("review summary written", 3),
        ("REVIEW_SUMMARY.md", 3),
        ("summarize", 3),
        ("step 2", 1),
        ("3", 2),
        ("Step 4: done", 3),
        ("celebrate", None),
    ],
)
def test_paraphrased_step_names_find_their_step(said: str, step: int | None) -> None:
    assert match_step(said, STEPS) == step


def test_an_ambiguous_mark_goes_to_a_step_not_done_yet() -> None:
    assert match_step("review", STEPS) == 1
    assert match_step("review", STEPS, [True, True, False, False]) == 3
    assert match_step("write", STEPS, [True, True, True, False]) == 3


def test_documents_are_read_from_listings_as_text_or_json() -> None:
    assert documents_in(LISTING) == [
        "contract_v1.pdf",
        "privacy_policy.txt",
        "terms_of_service.docx",
    ]
    assert documents_in('[{"path": "a/b.PDF"}, {"name": "c.md"}, "d.txt", "e.png"]') == [
        "a/b.PDF",
        "c.md",
        "d.txt",
    ]
    assert documents_in("No documents in '.'.") == []


def call(name: str, **arguments: object) -> ToolCall:
    return ToolCall(f"id-{name}", name, arguments)


def run_events(steps_marked: list[str]) -> list[Event]:
    """The legal review's run as events: scan, read three documents, write two reports."""
    listing = call("list_files", folder=".")
    reads = [call("read_file", path=p) for p in ("contract_v1.pdf", "terms_of_service.docx")]
    events: list[Event] = [
        RunStarted("r1", "review", "m", "xml", 10),
        StepStarted(1, 10),
        ModelReplied(1, "", "", (listing,), None, Usage(100, 10), 0.1),
        ToolStarted(1, listing),
        ToolFinished(1, listing, ToolResult(listing.id, "list_files", LISTING), 0.0),
        ProgressMarked(steps_marked[0]),
        StepStarted(2, 10),
        ModelReplied(2, "", "", tuple(reads), None, Usage(200, 20), 0.1),
        *(ToolStarted(2, c) for c in reads),
        ToolStarted(2, call("read_file", path="contract_v1.pdf", offset=10000)),
        ToolStarted(2, call("read_file", path="./privacy_policy.txt")),
        ProgressMarked(steps_marked[1]),
        ToolStarted(3, call("write_file", path="LEGAL_NOTICES.md", content="...")),
        ProgressMarked(steps_marked[2]),
        ToolStarted(4, call("write_file", path="REVIEW_SUMMARY.md", content="...")),
        ProgressMarked(steps_marked[3]),
        RunFinished("r1", "final_answer", "done", 4, Usage(1000, 100), 9.0),
    ]
    return events


def test_a_review_run_moves_through_the_steps() -> None:
    clock = itertools.count()
    flow = Workflow(STEPS, clock=lambda: float(next(clock)))
    lines: list[str] = []
    statuses = []
    for event in run_events(["scanned folder", "documents reviewed", "notices", "Summary"]):
        lines += flow.apply(event)
        statuses.append("".join(flow.status(i)[0] for i in range(4)))
    assert lines == [
        "🔄 Scan folder",
        "📁 3 document(s): contract_v1.pdf, privacy_policy.txt, terms_of_service.docx",
        "✅ Scan folder",
        "🔄 Review documents",
        "📄 Reading contract_v1.pdf (1 of 3)",
        "📄 Reading terms_of_service.docx (2 of 3)",
        "📄 Reading contract_v1.pdf (1 of 3)",
        "📄 Reading privacy_policy.txt (3 of 3)",
        "✅ Review documents",
        "🔄 Write LEGAL_NOTICES.md",
        "✅ Write LEGAL_NOTICES.md",
        "🔄 Write REVIEW_SUMMARY.md",
        "✅ Write REVIEW_SUMMARY.md",
        "🏁 Finished (final_answer) · 4 turns · 1,100 tokens",
    ]
    assert statuses[0] == "appp"  # a = active, p = pending, d = done
    assert statuses[5] == "dapp"
    assert statuses[-2] == "dddd"
    assert flow.active is None and flow.reason == "final_answer"
    assert flow.usage == Usage(1000, 100)


def test_the_active_step_follows_the_tools_when_marks_are_missing() -> None:
    flow = Workflow(STEPS)
    flow.apply(RunStarted("r", "t", "m", "xml", 5))
    assert flow.active == 0
    assert flow.apply(ToolStarted(1, call("read_file", path="a.pdf"))) == [
        "📁 1 document(s): a.pdf",
        "📄 Reading a.pdf (1 of 1)",
        "🔄 Review documents",
    ]
    flow.apply(ToolStarted(2, call("write_file", path="out/REVIEW_SUMMARY.md", content="")))
    assert [flow.status(i) for i in range(4)] == ["pending", "pending", "pending", "active"]
    assert flow.reading is None
    flow.apply(ProgressMarked("Write REVIEW_SUMMARY.md"))
    assert flow.active == 0  # back to the first step still open


def test_documents_given_up_front_count_and_reports_are_not_documents() -> None:
    flow = Workflow(STEPS, documents=["a.pdf", "b.docx", "LEGAL_NOTICES.md"])
    assert flow.documents == ["a.pdf", "b.docx"]
    flow.apply(RunStarted("r", "t", "m", "xml", 5))
    flow.apply(ToolStarted(1, call("read_file", path="b.docx")))
    assert flow.document_position == (1, 2)
    assert flow.apply(ToolStarted(1, call("read_file", path="LEGAL_NOTICES.md"))) == []
    assert flow.documents == ["a.pdf", "b.docx"]
    assert flow.apply(
        ToolFinished(
            1,
            call("list_files"),
            ToolResult("x", "list_files", "- a.pdf (1 KB)\n- c.txt (2 KB)"),
            0.0,
        )
    ) == ["📁 3 document(s): a.pdf, b.docx, c.txt"]


def test_marks_that_match_nothing_or_repeat_are_harmless() -> None:
    flow = Workflow(STEPS)
    flow.apply(RunStarted("r", "t", "m", "xml", 5))
    assert flow.apply(ProgressMarked("celebrate")) == [
        "✅ celebrate (not one of the workflow's steps)"
    ]
    assert flow.apply(ProgressMarked("Scan folder")) == ["✅ Scan folder", "🔄 Review documents"]
    assert flow.apply(ProgressMarked("Scan folder")) == []
    assert Workflow().apply(ProgressMarked("anything")) == ["✅ anything"]


def test_elapsed_time_and_failed_listings() -> None:
    now = [10.0]
    flow = Workflow(STEPS, clock=lambda: now[0])
    assert flow.elapsed == 0.0
    flow.apply(RunStarted("r", "t", "m", "xml", 5))
    now[0] = 12.5
    assert flow.elapsed == 2.5
    failed = ToolResult("x", "list_files", "TOOL ERROR: missing.pdf not found", True)
    assert flow.apply(ToolFinished(1, call("list_files"), failed, 0.0)) == []
    flow.apply(RunFinished("r", "error_cap", None, 1, Usage(), 2.5))
    now[0] = 99.0
    assert flow.elapsed == 2.5
