"""The console while a reply streams: a spinner with the seconds waited, the text as it is
written, then the whole reply as usual; off without a terminal and with --no-stream, and
under the legal review's progress panel (both rich Live displays on one console)."""

from __future__ import annotations

import argparse
import io
import itertools
import os
import pty
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from thinkact.commands.common import streams
from thinkact.events import (
    ModelReplied,
    RetryScheduled,
    RunFinished,
    RunStarted,
    StepStarted,
    TextDelta,
)
from thinkact.types import Usage
from thinkact.ui.console import ConsoleReporter
from thinkact.ui.progress import ProgressTracker


def terminal() -> Console:
    return Console(file=io.StringIO(), width=80, force_terminal=True, color_system=None)


def written(console: Console) -> str:
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def clock(step: float = 0.5):  # type: ignore[no-untyped-def]
    counter = itertools.count()
    return lambda: next(counter) * step


REASONING = "<reasoning>2 and 2 make 4.</reasoning>\n<final_answer>4</final_answer>"
REPLIED = ModelReplied(1, REASONING, "2 and 2 make 4.", (), "4", Usage(10, 5), 1.0)
STARTED = RunStarted("r1", "What is 2+2?", "local", "xml", 20)
FINISHED = RunFinished("r1", "final_answer", "4", 1, Usage(10, 5), 2.0)


def step(reporter: ConsoleReporter, pieces: list[str]) -> None:
    reporter(StepStarted(1, 20))
    for piece in pieces:
        reporter(TextDelta(1, piece))


def test_the_reply_shows_as_it_is_written_then_as_usual() -> None:
    console = terminal()
    reporter = ConsoleReporter(console, live=True, clock=clock())
    reporter(STARTED)
    reporter(StepStarted(1, 20))
    assert "the model is thinking" in written(console)  # the spinner, before any text
    for piece in ("<reasoning>2 and 2 ", "make 4.</reasoning>"):
        reporter(TextDelta(1, piece))
    live = written(console)
    reporter(REPLIED)
    out = written(console)
    assert "<reasoning>2 and 2 make 4.</reasoning>" in out[len(live) :]  # the last live frame
    assert "writing ·" in out
    assert out.index("writing ·") < out.index("REASONING")  # then the reply, as usual
    reporter(FINISHED)
    assert "COMPLETED" in written(console)
    assert console._live_stack == []  # the live display is gone


def test_the_spinner_counts_the_seconds_waited() -> None:
    ticks = iter([0.0, 0.0, 12.5, 12.5, 12.5, 12.5])
    console = terminal()
    reporter = ConsoleReporter(console, live=True, clock=lambda: next(ticks, 12.5))
    reporter(StepStarted(1, 20))
    reporter(REPLIED)
    assert "the model is thinking · 12.5 s" in written(console)


def test_a_retry_waits_again_and_voids_nothing_on_screen() -> None:
    console = terminal()
    reporter = ConsoleReporter(console, live=True, clock=clock())
    step(reporter, ["The ans"])
    reporter(RetryScheduled(1, 0.5, "OverloadedError: busy"))
    assert "retry 1 in 0.5 s" in written(console)
    reporter(TextDelta(1, "4"))
    reporter(REPLIED)
    reporter.close()
    assert console._live_stack == []


def test_without_a_terminal_or_live_the_pieces_are_not_printed() -> None:
    for console, live in ((Console(file=io.StringIO(), width=80), None), (terminal(), False)):
        reporter = ConsoleReporter(console, live=live, clock=clock())
        step(reporter, ["<reasoning>secret ", "draft"])
        assert "draft" not in written(console) and "thinking" not in written(console)
        reporter(REPLIED)
        assert "REASONING" in written(console) and "draft" not in written(console)


def test_under_the_progress_panel_both_live_displays_render() -> None:
    console = terminal()
    tracker = ProgressTracker(console, ["Scan folder", "Write report"], live=True, clock=clock())
    reporter = ConsoleReporter(console, live=True, clock=clock())
    with tracker:
        for event in (STARTED, StepStarted(1, 20), TextDelta(1, "<reasoning>scanning")):
            reporter(event)
            tracker(event)
        for event in (REPLIED, FINISHED):
            reporter(event)
            tracker(event)
    out = written(console)
    assert "Scan folder" in out and "<reasoning>scanning" in out and "COMPLETED" in out
    assert console._live_stack == []


def test_streaming_is_on_only_on_a_terminal_without_no_stream_quiet_or_json() -> None:
    def args(**kw: bool) -> argparse.Namespace:
        return argparse.Namespace(**{"no_stream": False, "quiet": False, "json": False, **kw})

    assert streams(args(), terminal())
    assert not streams(args(), Console(file=io.StringIO()))
    for off in ("no_stream", "quiet", "json"):
        assert not streams(args(**{off: True}), terminal())


def run_in_a_terminal(*args: str) -> str:
    """`thinkact ARGS` with a pseudo-terminal as its stdout: what the user would see."""
    repo = Path(__file__).resolve().parents[2]
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "80", "TERM": "xterm"}
    with subprocess.Popen(
        [sys.executable, "-m", "thinkact", *args],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=subprocess.STDOUT,
        cwd=repo,
        env=env,
    ) as process:
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closed with the process
                break
            if not chunk:
                break
            chunks.append(chunk)
        process.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", errors="replace")


def test_thinkact_run_streams_on_a_terminal_unless_no_stream() -> None:
    demo = ["run", "17*23+4?", "-m", "scripted:examples/scripted/demo.json", "-t", "calculator"]
    shown = run_in_a_terminal(*demo, "--no-store")
    assert "the model is thinking" in shown and "COMPLETED" in shown
    plain = run_in_a_terminal(*demo, "--no-store", "--no-stream")
    assert "the model is thinking" not in plain and "COMPLETED" in plain
