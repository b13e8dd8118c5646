"""The progress tracker: the panel, the live display on a terminal, plain lines elsewhere."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from thinkact import Agent, ToolContext, tool
from thinkact.events import (
    ModelReplied,
    RunStarted,
    StepStarted,
    ToolFinished,
    ToolStarted,
)
from thinkact.testing import ScriptedModel
from thinkact.types import ToolCall, ToolResult, Usage
from thinkact.ui.progress import ProgressTracker, render_workflow
from thinkact.ui.workflow import Workflow
from thinkact.workflow import ProgressMarked

STEPS = ["Scan folder", "Review documents", "Write LEGAL_NOTICES.md", "Write REVIEW_SUMMARY.md"]


def plain_console() -> Console:
    return Console(file=io.StringIO(), width=80, force_terminal=False)


def text_of(console: Console) -> str:
    value: str = console.file.getvalue()  # type: ignore[attr-defined]
    return "\n".join(line.rstrip() for line in value.splitlines())


def test_the_panel_shows_steps_action_document_turn_time_and_tokens() -> None:
    now = [0.0]
    flow = Workflow(STEPS, clock=lambda: now[0])
    console = plain_console()
    console.print(render_workflow(flow, "Legal review"))
    flow.apply(RunStarted("r", "t", "m", "xml", 10))
    flow.apply(StepStarted(3, 10))
    flow.apply(ProgressMarked("scan"))
    listing = ToolCall("x", "list_files", {})
    flow.apply(
        ToolFinished(1, listing, ToolResult("x", "list_files", "- a.pdf\n- b.txt\n- c.docx"), 0)
    )
    flow.apply(ModelReplied(3, "", "", (), None, Usage(4000, 567), 0.0))
    flow.apply(ToolStarted(3, ToolCall("y", "read_file", {"path": "b.txt"})))
    now[0] = 12.34
    console.print(render_workflow(flow, "Legal review"))
    assert text_of(console) == "\n".join(
        [
            "╭─ Legal review ─────────────╮",
            "│ ⏳ Scan folder             │",
            "│ ⏳ Review documents        │",
            "│ ⏳ Write LEGAL_NOTICES.md  │",
            "│ ⏳ Write REVIEW_SUMMARY.md │",
            "│ 0.0 s · 0 tokens           │",
            "╰────────────────────────────╯",
            "╭─ Legal review ────────────────────╮",
            "│ ✅ Scan folder                    │",
            "│ 🔄 Review documents               │",
            "│ ⏳ Write LEGAL_NOTICES.md         │",
            "│ ⏳ Write REVIEW_SUMMARY.md        │",
            '│ Action    read_file(path="b.txt") │',
            "│ Document  b.txt (1 of 3)          │",
            "│ Turn 3/10 · 12.3 s · 4,567 tokens │",
            "╰───────────────────────────────────╯",
        ]
    )


def review_agent(folder: Path, reporters: list[object]) -> Agent:
    """A scripted review over real files, with tools that behave like the built-in ones."""

    @tool
    def list_files(folder: str = ".") -> str:
        """List documents."""
        return "\n".join(f"- {p.name} ({p.stat().st_size} B)" for p in sorted(root.iterdir()))

    @tool
    def read_file(path: str) -> str:
        """Read a document."""
        return (root / path).read_text(encoding="utf-8")

    @tool
    def write_file(path: str, content: str) -> str:
        """Write a report."""
        (root / path).write_text(content, encoding="utf-8")
        return f"Wrote {len(content)} bytes to {path}."

    @tool
    def mark_step_complete(step_name: str, ctx: ToolContext) -> str:
        """Declare a step complete."""
        ctx.emit(ProgressMarked(step_name))
        return f"Step '{step_name}' marked complete."

    root = folder

    def calls(*items: tuple[str, dict[str, str]]) -> dict[str, object]:
        return {"tool_calls": [{"name": n, "arguments": a} for n, a in items]}

    mark = "mark_step_complete"
    replies = [
        calls(("list_files", {})),
        calls((mark, {"step_name": "scanned the folder"})),
        calls(("read_file", {"path": "a.txt"})),
        calls(("read_file", {"path": "b.txt"})),
        calls((mark, {"step_name": "Reviewed documents"})),
        calls(("write_file", {"path": "LEGAL_NOTICES.md", "content": "# Notices"})),
        calls((mark, {"step_name": "legal notices"})),
        calls(("write_file", {"path": "REVIEW_SUMMARY.md", "content": "# Summary"})),
        calls((mark, {"step_name": "step 4"})),
        calls(("final_answer", {"answer": "Reviewed 2 documents."})),
    ]
    tools = [list_files, read_file, write_file, mark_step_complete]
    return Agent(ScriptedModel(replies), tools, reporters=reporters)  # type: ignore[arg-type]


def documents(tmp_path: Path) -> Path:
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(f"text of {name}", encoding="utf-8")
    return tmp_path


def test_without_a_terminal_it_prints_one_plain_line_per_transition(tmp_path: Path) -> None:
    console = plain_console()
    tracker = ProgressTracker(console, STEPS, clock=lambda: 0.0)
    assert not tracker.live
    review_agent(documents(tmp_path), [tracker]).run("Review the folder")
    assert text_of(console) == "\n".join(
        [
            "[   0.0s] 🔄 Scan folder",
            "[   0.0s] 📁 2 document(s): a.txt, b.txt",
            "[   0.0s] ✅ Scan folder",
            "[   0.0s] 🔄 Review documents",
            "[   0.0s] 📄 Reading a.txt (1 of 2)",
            "[   0.0s] 📄 Reading b.txt (2 of 2)",
            "[   0.0s] ✅ Review documents",
            "[   0.0s] 🔄 Write LEGAL_NOTICES.md",
            "[   0.0s] ✅ Write LEGAL_NOTICES.md",
            "[   0.0s] 🔄 Write REVIEW_SUMMARY.md",
            "[   0.0s] ✅ Write REVIEW_SUMMARY.md",
            "[   0.0s] 🏁 Finished (final_answer) · 10 turns · 0 tokens",
        ]
    )
    assert [tracker.state.status(i) for i in range(4)] == ["done"] * 4


def test_on_a_terminal_it_shows_a_live_panel_and_stops_it_at_the_end(tmp_path: Path) -> None:
    console = Console(file=io.StringIO(), width=80, force_terminal=True, color_system=None)
    tracker = ProgressTracker(console, STEPS, title="Legal review", clock=lambda: 1.0)
    assert tracker.live
    review_agent(documents(tmp_path), [tracker]).run("Review the folder")
    assert tracker._live is None  # stopped at RunFinished
    final = console.file.getvalue().split("╭─ Legal review")[-1]  # type: ignore[attr-defined]
    for name in STEPS:
        assert f"✅ {name}" in final
    assert "Finished (final_answer) · Turn 10/20 · 0.0 s · 0 tokens" in final
    assert "Documents  2 of 2 read" in final


def test_close_stops_the_live_panel_when_a_run_dies(tmp_path: Path) -> None:
    console = Console(file=io.StringIO(), width=80, force_terminal=True, color_system=None)
    with ProgressTracker(console, STEPS, live=True) as tracker:
        tracker(RunStarted("r", "t", "m", "xml", 5))
        assert tracker._live is not None and tracker._live.is_started
        live = tracker._live
    assert tracker._live is None and not live.is_started


def test_paused_takes_the_panel_off_and_puts_it_back() -> None:
    console = Console(file=io.StringIO(), width=80, force_terminal=True, color_system=None)
    tracker = ProgressTracker(console, STEPS, live=True)
    with tracker.paused():  # nothing live yet: a no-op
        pass
    tracker(RunStarted("r", "t", "m", "xml", 5))
    live = tracker._live
    assert live is not None
    with tracker.paused():
        assert not live.is_started
        console.print("Allow write_file? [y/n]")
    assert live.is_started
    tracker.close()
    assert not live.is_started
