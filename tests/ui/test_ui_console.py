"""The console reporter: exact output of real scripted runs, and each kind of notice."""

from __future__ import annotations

import io
import itertools

from rich.console import Console

from thinkact import Agent, AgentConfig, ToolContext, tool
from thinkact.events import (
    CallsScreened,
    DeclineChecked,
    ModelReplied,
    RetryScheduled,
    RunFinished,
    RunStarted,
    StepStarted,
    ToolDenied,
    ToolFinished,
    ValidationFailed,
)
from thinkact.testing import ScriptedModel
from thinkact.types import ToolCall, ToolResult, Usage
from thinkact.ui.console import ConsoleReporter, shorten
from thinkact.workflow import ProgressMarked


def make_console(**kw: object) -> Console:
    return Console(file=io.StringIO(), width=80, force_terminal=False, **kw)  # type: ignore[arg-type]


def output(console: Console) -> str:
    text = console.file.getvalue()  # type: ignore[attr-defined]
    return "\n".join(line.rstrip() for line in text.splitlines())


def ticking(step: float = 0.5):  # type: ignore[no-untyped-def]
    """A fake clock that advances `step` seconds each time it is read."""
    counter = itertools.count()
    return lambda: next(counter) * step


@tool
def calculator(expression: str) -> str:
    """Evaluate a sum of integers.

    Args:
        expression: e.g. "1 + 2".
    """
    return str(sum(int(part) for part in expression.split("+")))


@tool
def fetch(topic: str) -> str:
    """Return a long text about a topic."""
    return "\n".join(f"line {i} about [bold]{topic}[/bold]" for i in range(40))


def test_a_scripted_run_renders_exactly() -> None:
    model = ScriptedModel(
        [
            {
                "text": "I add the numbers with the calculator.",
                "tool_calls": [{"name": "calculator", "arguments": {"expression": "17 + 4"}}],
                "usage": {"input_tokens": 120, "output_tokens": 20},
            },
            {
                "text": "",
                "tool_calls": [
                    {"name": "calculator", "arguments": {"expression": "x + 1"}},
                    {"name": "calculator", "arguments": {"expression": "1 + 1"}},
                ],
                "usage": {"input_tokens": 150, "output_tokens": 30, "cached_tokens": 120},
            },
            {
                "text": "Done.",
                "tool_calls": [{"name": "final_answer", "arguments": {"answer": "It is **21**."}}],
                "usage": {"input_tokens": 200, "output_tokens": 10, "cached_tokens": 150},
            },
        ]
    )
    console = make_console()
    agent = Agent(model, [calculator], reporters=[ConsoleReporter(console, clock=ticking())])
    result = agent.run("What is 17 + 4?")
    assert result.ok
    assert output(console) == "\n".join(
        [
            "🚀 Starting: What is 17 + 4?",
            "   model scripted · format native · up to 20 turns",
            "   tools calculator",
            "────────────────────────────────── Turn 1/20 ───────────────────────────────────",
            "🤔 REASONING",
            "I add the numbers with the calculator.",
            "⚡ ACTION: calculator",
            "{",
            '  "expression": "17 + 4"',
            "}",
            "👀 OBSERVATION",
            "21",
            "────────────────────────────────── Turn 2/20 ───────────────────────────────────",
            "⚡ ACTION: calculator",
            "{",
            '  "expression": "x + 1"',
            "}",
            "⚡ ACTION: calculator",
            "{",
            '  "expression": "1 + 1"',
            "}",
            "❌ TOOL ERROR (calculator)",
            "ValueError: invalid literal for int() with base 10: 'x '",
            "👀 OBSERVATION (calculator)",
            "2",
            "────────────────────────────────── Turn 3/20 ───────────────────────────────────",
            "🤔 REASONING",
            "Done.",
            "",
            "✅ COMPLETED",
            "It is 21.",
            "3 steps · tokens 470 in / 60 out (270 cached) · 0.5 s",
        ]
    )


def test_observations_are_shortened_on_screen_and_markup_prints_as_text() -> None:
    model = ScriptedModel(
        [
            {"tool_calls": [{"name": "fetch", "arguments": {"topic": "x"}}]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "ok"}}]},
        ]
    )
    console = make_console()
    Agent(model, [fetch], reporters=[ConsoleReporter(console, clock=ticking())]).run("t")
    text = output(console)
    full = fetch.fn(topic="x")
    shown = "\n".join(full.splitlines()[:15])
    assert shown in text
    assert "line 15 about" not in text
    assert f"… ({len(full) - len(shown):,} more chars)" in text
    assert "[bold]x[/bold]" in text  # brackets from a tool are not console markup


def test_shorten_limits_lines_and_characters() -> None:
    assert shorten("short") == "short"
    assert shorten("a\nb\nc", max_lines=2) == "a\nb\n… (2 more chars)"
    assert shorten("x" * 1000, max_chars=800) == "x" * 800 + "\n… (200 more chars)"
    assert shorten("x" * 801) == "x" * 800 + "\n… (1 more char)"
    exact = "\n".join(["y"] * 15)
    assert shorten(exact) == exact


def test_errors_are_red() -> None:
    console = Console(file=io.StringIO(), width=80, force_terminal=True, color_system="standard")
    reporter = ConsoleReporter(console)
    call = ToolCall("c1", "calculator", {"expression": "1/0"})
    reporter(
        ToolFinished(
            1,
            call,
            ToolResult("c1", "calculator", "TOOL ERROR: ZeroDivisionError: division by zero", True),
            0.0,
        )
    )
    raw = console.file.getvalue()  # type: ignore[attr-defined]
    assert "\x1b[1;31m❌ TOOL ERROR" in raw
    assert "\x1b[31mZeroDivisionError: division by zero" in raw


def test_a_format_error_shows_the_message_and_the_reply() -> None:
    model = ScriptedModel(
        ["", {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "fine"}}]}]
    )
    console = make_console()
    Agent(model, [calculator], reporters=[ConsoleReporter(console, clock=ticking())]).run("t")
    text = output(console)
    assert "❌ FORMAT ERROR (1 in a row)\nYour reply was empty." in text
    assert "✅ COMPLETED\nfine" in text


def test_reaching_max_turns_explains_the_forced_answer() -> None:
    calls = [
        {"tool_calls": [{"name": "calculator", "arguments": {"expression": f"{i} + 1"}}]}
        for i in range(2)
    ]
    model = ScriptedModel([*calls, "I could not finish; my best guess is 3."])
    console = make_console()
    agent = Agent(
        model,
        [calculator],
        config=AgentConfig(max_steps=2),
        reporters=[ConsoleReporter(console, clock=ticking())],
    )
    result = agent.run("count")
    assert result.reason == "max_steps"
    text = output(console)
    assert "⏱️  No turns left: asking for a final answer with tools disabled." in text
    assert text.endswith(
        "⚠️  Reached maximum turns (2/2)\n"
        "This answer was given with tools disabled; it may be incomplete.\n"
        "I could not finish; my best guess is 3.\n"
        "2 steps · tokens 0 in / 0 out (0 cached) · 0.5 s"
    )


def test_a_loop_is_nudged_then_stopped() -> None:
    same = {"tool_calls": [{"name": "calculator", "arguments": {"expression": "1 + 1"}}]}
    model = ScriptedModel([same] * 3 + [{"text": "It is 2."}])
    console = make_console()
    agent = Agent(model, [calculator], reporters=[ConsoleReporter(console, clock=ticking())])
    result = agent.run("t")
    assert (result.reason, result.final_answer) == ("loop", "It is 2.")
    text = output(console)
    assert "This answer was given with tools disabled; it may be incomplete.\nIt is 2." in text
    assert "🔁 LOOP DETECTED: the same action again; the model was asked to change course." in text
    assert "🔁 STOPPED: the model kept repeating the same action\n" in text
    assert "stopped: the model kept repeating itself" not in text  # said once, at the end


def test_compact_mode_keeps_one_line_per_action() -> None:
    model = ScriptedModel(
        [
            {
                "text": "thinking hard",
                "tool_calls": [{"name": "calculator", "arguments": {"expression": "2 + 2"}}],
            },
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "4"}}]},
        ]
    )
    console = make_console()
    reporter = ConsoleReporter(console, verbose=False, clock=ticking())
    Agent(model, [calculator], reporters=[reporter]).run("t")
    assert output(console) == "\n".join(
        [
            "🚀 Starting: t",
            "   model scripted · format native · up to 20 turns",
            "   tools calculator",
            "Turn 1/20",
            '⚡ calculator {"expression": "2 + 2"}',
            "   → 4",
            "Turn 2/20",
            "",
            "✅ COMPLETED",
            "4",
            "2 steps · tokens 0 in / 0 out (0 cached) · 0.5 s",
        ]
    )


def test_notices_retries_validation_denials_and_progress() -> None:
    console = make_console()
    report = ConsoleReporter(console, clock=ticking(1.0))
    call = ToolCall("w1", "write_file", {"path": "a.md", "content": "x"})
    for event in [
        RunStarted("r1", "review", "m", "xml", 5),
        StepStarted(1, 5),
        RetryScheduled(1, 2.0, "RateLimitError: slow down"),
        ModelReplied(1, "", "", (call,), None, Usage(), 0.1),
        ToolFinished(1, call, ToolResult("w1", "write_file", "DENIED: no", True), 0.0),
        ToolDenied(1, call, "the user did not approve this call"),
        ProgressMarked("Scan folder"),
        ValidationFailed(1, "notices_exist", "LEGAL_NOTICES.md is missing", 1),
        CallsScreened(1, ("write_file", "add"), ("add",), Usage()),
        CallsScreened(1, ("write_file",), (), Usage()),
        DeclineChecked(1, ("add", "mul", "neg"), (), Usage()),
        DeclineChecked(1, ("add", "mul", "neg"), ("add", "mul"), Usage(), chosen="mul"),
        DeclineChecked(1, ("add", "neg"), ("add",), Usage()),
        RunFinished("r1", "budget_cost", None, 1, Usage(10, 5, 0, 0.01234), 3.0),
    ]:
        report(event)
    text = output(console)
    assert "⏳ Model call failed (RateLimitError: slow down); retry 1 in 2.0 s" in text
    assert "DENIED: no" not in text
    assert "🚫 DENIED write_file: the user did not approve this call" in text
    assert "✅ STEP COMPLETE: Scan folder" in text
    assert "❌ VALIDATION FAILED (notices_exist, attempt 1)\nLEGAL_NOTICES.md is missing" in text
    assert text.count("NOT RUN") == 1 and "🚫 NOT RUN: add (the model judged" in text
    assert text.count("ANSWERED WITHOUT A TOOL") == 2  # nothing to say when none fitted
    assert "🔁 ANSWERED WITHOUT A TOOL, BUT mul FITS: asking again" in text  # the one chosen
    assert "🔁 ANSWERED WITHOUT A TOOL, BUT add FITS: asking again" in text
    assert text.endswith(
        "⚠️  Cost budget spent\nRaise the cost budget to go further.\n"
        "1 step · tokens 10 in / 5 out (0 cached) · $0.0123 · 1.0 s"
    )


def test_context_trimming_and_resume_are_shown_when_those_events_exist() -> None:
    from dataclasses import dataclass
    from typing import ClassVar

    from thinkact.events import Event

    @dataclass(frozen=True)
    class Trimmed(Event):
        kind: ClassVar[str] = "context_trimmed"
        step: int = 3
        dropped_messages: int = 4
        dropped_tokens: int = 1200
        kept_tokens: int = 3000

    console = make_console()
    ConsoleReporter(console)(Trimmed())
    assert output(console) == (
        "✂️  Context trimmed: dropped 4 older messages (1,200 tokens) to fit the window"
    )


def test_a_tool_context_event_reaches_the_console() -> None:
    @tool
    def mark_step_complete(step_name: str, ctx: ToolContext) -> str:
        """Mark a step."""
        ctx.emit(ProgressMarked(step_name))
        return "ok"

    model = ScriptedModel(
        [
            {"tool_calls": [{"name": "mark_step_complete", "arguments": {"step_name": "Scan"}}]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "done"}}]},
        ]
    )
    console = make_console()
    Agent(model, [mark_step_complete], reporters=[ConsoleReporter(console)]).run("t")
    assert "👀 OBSERVATION\nok\n✅ STEP COMPLETE: Scan" in output(console)
