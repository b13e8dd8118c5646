"""The console reporter: a run rendered for people, the way the legal-review document shows it.

    🚀 Starting: TASK
    ───────── Turn 1/20 ─────────
    🤔 REASONING  ·  ⚡ ACTION name {json}  ·  👀 OBSERVATION (shortened)
    ✅ COMPLETED  (answer as Markdown, then steps · tokens · cost · seconds)

Only the screen is shortened: traces keep every character. All model- and tool-written text
goes through `Text`, never console markup, so brackets in an observation print as brackets,
and through `printable`, so escape sequences a document or a tool wrote do not reach the
terminal; `_print` cleans the rendered output once more (see `sanitize`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console, RenderableType
from rich.json import JSON
from rich.markdown import Markdown
from rich.rule import Rule
from rich.text import Text

from thinkact.events import (
    CallsScreened,
    DeclineChecked,
    Event,
    FormatFailed,
    ModelReplied,
    Notice,
    RetryScheduled,
    RunFinished,
    RunStarted,
    StepStarted,
    TextDelta,
    ToolDenied,
    ToolFinished,
    ValidationFailed,
)
from thinkact.types import Usage
from thinkact.ui.live import LiveReply
from thinkact.ui.sanitize import Sanitized, printable, printable_data

MAX_LINES = 15
MAX_CHARS = 800

_FORCED = {
    "max_steps": "⏱️  No turns left: asking for a final answer with tools disabled.",
    "budget_tokens": "⏱️  Token budget spent: asking for a final answer with tools disabled.",
    "budget_cost": "⏱️  Cost budget spent: asking for a final answer with tools disabled.",
    "budget_time": "⏱️  Time budget spent: asking for a final answer with tools disabled.",
}

# Why a run stopped, for a person: (headline, explanation, style).
_STOPS: dict[str, tuple[str, str, str]] = {
    "max_steps": (
        "⚠️  Reached maximum turns ({steps}/{max_steps})",
        "The run used every turn. Raise --max-steps or make the task smaller.",
        "bold yellow",
    ),
    "error_cap": (
        "❌ STOPPED: too many errors in a row",
        "The model's replies could not be parsed or all its tool calls failed, several times "
        "running. Try another --format or a stronger model.",
        "bold red",
    ),
    "loop": (
        "🔁 STOPPED: the model kept repeating the same action",
        "It was told to change course once and repeated itself again.",
        "bold red",
    ),
    "validation_failed": (
        "❌ STOPPED: the output failed validation after every retry",
        "The last answer is shown below; check it by hand.",
        "bold red",
    ),
    "budget_tokens": (
        "⚠️  Token budget spent",
        "Raise the token budget to go further.",
        "bold yellow",
    ),
    "budget_cost": ("⚠️  Cost budget spent", "Raise the cost budget to go further.", "bold yellow"),
    "budget_time": ("⚠️  Time budget spent", "Raise the time budget to go further.", "bold yellow"),
    "model_error": ("❌ STOPPED: the model failed", "The error follows.", "bold red"),
}


def shorten(text: str, max_lines: int = MAX_LINES, max_chars: int = MAX_CHARS) -> str:
    """The start of `text` for the screen: at most `max_lines` lines and `max_chars` chars,
    with `… (N more chars)` saying how much was left out."""
    lines = text.splitlines()
    if len(lines) <= max_lines and len(text) <= max_chars:
        return text
    shown = "\n".join(lines[:max_lines])[:max_chars].rstrip()
    hidden = len(text) - len(shown)
    return f"{shown}\n… ({hidden:,} more char{'s' if hidden != 1 else ''})"


def usage_line(steps: int, usage: Usage, seconds: float) -> str:
    parts = [
        f"{steps} step{'s' if steps != 1 else ''}",
        f"tokens {usage.input_tokens:,} in / {usage.output_tokens:,} out "
        f"({usage.cached_tokens:,} cached)",
    ]
    if usage.cost is not None:
        parts.append(f"${usage.cost:.4f}")
    parts.append(f"{seconds:.1f} s")
    return " · ".join(parts)


def _asks_model(event: Event) -> bool:
    """Whether the loop calls the model for the step's reply next (the live display waits)."""
    if isinstance(event, StepStarted | RetryScheduled):
        return True
    if isinstance(event, Notice):
        return event.reason in _FORCED or event.reason in ("loop", "error_cap")
    return event.kind == "context_trimmed"


def _one_line(value: Any, limit: int = 100) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = " ".join(printable(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ConsoleReporter:
    """A Reporter that renders events on a rich Console (by default a new one on stdout:
    `Agent(..., reporters=[ConsoleReporter()])`).

    `verbose=False` keeps one line per action and observation and leaves out the reasoning.
    `clock` times the run as shown (tests pass a fake one). It is the Screen that events
    of other layers (a plan and its steps) show themselves on.

    `live` (by default: on a terminal) shows each model call as it goes (ui/live.py): a
    spinner with the seconds waited, then the reply as it streams in (`TextDelta` events,
    from `Agent(streaming=True)`), until the whole reply is shown. `close()` takes it off
    the screen if a run ends by an exception.
    """

    def __init__(
        self,
        console: Console | None = None,
        *,
        verbose: bool = True,
        clock: Callable[[], float] = time.monotonic,
        max_lines: int = MAX_LINES,
        max_chars: int = MAX_CHARS,
        live: bool | None = None,
    ) -> None:
        self.console = console if console is not None else Console(highlight=False)
        shows = self.console.is_terminal if live is None else live
        self._reply = LiveReply(self.console, clock) if shows else None
        self.verbose = verbose
        self.clock = clock
        self.max_lines = max_lines
        self.max_chars = max_chars
        self._started: float | None = None
        self._max_steps = 0
        self._actions_this_step = 0
        self._unparsed = ""
        self._sub: dict[str, ConsoleReporter] = {}  # one per plan step's sub-run
        self._last_sub = ""
        self._handlers: dict[type[Event], Callable[[Any], None]] = {
            RunStarted: self._run_started,
            StepStarted: self._step_started,
            ModelReplied: self._model_replied,
            FormatFailed: self._format_failed,
            ToolFinished: self._tool_finished,
            ToolDenied: self._tool_denied,
            Notice: self._notice,
            RetryScheduled: self._retry,
            ValidationFailed: self._validation_failed,
            CallsScreened: self._screened,
            DeclineChecked: self._decline_checked,
            RunFinished: self._run_finished,
        }

    def __call__(self, event: Event) -> None:
        reply = self._reply
        if reply is not None:
            if isinstance(event, TextDelta):
                reply.add(event.text)
                return
            reply.stop()  # before anything is printed
        handler = self._handlers.get(type(event))
        if handler is not None:
            handler(event)
        elif event.kind == "context_trimmed":
            self._context_trimmed(event)
        elif event.kind == "run_resumed":
            self._run_resumed(event)
        elif (show := getattr(event, "show", None)) is not None:
            show(self)  # an event of another layer renders itself (events.Screen)
        if reply is not None and _asks_model(event):
            reply.start()

    def close(self) -> None:
        """Take the live display off the screen (the CLI calls this however a run ends)."""
        if self._reply is not None:
            self._reply.stop()

    # --- helpers ------------------------------------------------------------------------

    def _print(self, renderable: RenderableType = "") -> None:
        """The one way to the screen: run text may hold escape sequences."""
        self.console.print(Sanitized(renderable))

    def _say(self, text: str | Text, style: str = "") -> None:
        """A line of run text; a Text must be made of `printable` parts."""
        self._print(text if isinstance(text, Text) else Text(printable(text), style=style))

    def _body(self, text: str, style: str = "") -> None:
        self._say(shorten(text, self.max_lines, self.max_chars), style)

    # --- events -------------------------------------------------------------------------

    def _run_started(self, e: RunStarted) -> None:
        self._started = self.clock()
        self._max_steps = e.max_steps
        self._say(Text.assemble(("🚀 Starting: ", "bold"), (printable(e.task), "bold")))
        self._say(f"   model {e.model} · format {e.format} · up to {e.max_steps} turns", "dim")
        if e.tools:
            self._say(f"   tools {', '.join(e.tools)}", "dim")

    def _step_started(self, e: StepStarted) -> None:
        self._actions_this_step = 0
        self._unparsed = ""
        if self.verbose:
            self._print(Rule(Text(f"Turn {e.step}/{e.max_steps}"), style="dim"))
        else:
            self._say(f"Turn {e.step}/{e.max_steps}", "dim")

    def _model_replied(self, e: ModelReplied) -> None:
        if not (e.thought or e.actions or e.final_answer is not None):
            self._unparsed = e.text  # shown with the FormatFailed that follows
            return
        if e.thought and self.verbose:
            self._say("🤔 REASONING", "bold yellow")
            self._body(e.thought)
        self._actions_this_step = len(e.actions)
        for call in e.actions:
            name = printable(call.name)
            if self.verbose:
                self._say(Text.assemble(("⚡ ACTION: ", "bold cyan"), (name, "bold cyan")))
                arguments = printable_data(dict(call.arguments))
                self._print(JSON(json.dumps(arguments, ensure_ascii=False, default=str)))
            else:
                self._say(
                    Text.assemble(
                        ("⚡ ", "cyan"),
                        (name, "bold cyan"),
                        " ",
                        _one_line(dict(call.arguments)),
                    )
                )

    def _format_failed(self, e: FormatFailed) -> None:
        self._say(f"❌ FORMAT ERROR ({e.consecutive_errors} in a row)", "bold red")
        self._body(e.message, "red")
        if self.verbose and self._unparsed.strip():
            self._say("The reply was:", "dim")
            self._body(self._unparsed, "dim")

    def _tool_finished(self, e: ToolFinished) -> None:
        content = e.result.content
        if e.result.is_error and content.startswith("DENIED"):
            return  # the ToolDenied event that follows says it
        label = f" ({e.call.name})" if self._actions_this_step > 1 else ""
        if e.result.is_error:
            content = content.removeprefix("TOOL ERROR: ")
            if self.verbose:
                self._say(f"❌ TOOL ERROR{label}", "bold red")
                self._body(content, "red")
            else:
                self._say(f"   ❌ {_one_line(content)}", "red")
        elif self.verbose:
            self._say(f"👀 OBSERVATION{label}", "bold green")
            self._body(content)
        else:
            self._say(f"   → {_one_line(content)}")

    def _tool_denied(self, e: ToolDenied) -> None:
        self._say(f"🚫 DENIED {e.call.name}: {e.reason}", "bold yellow")

    def _notice(self, e: Notice) -> None:
        if e.reason == "loop":
            return  # the end of the run explains it
        if e.reason in _FORCED:
            self._say(_FORCED[e.reason], "yellow")
        elif e.reason == "loop_nudge":
            self._say(
                "🔁 LOOP DETECTED: the same action again; the model was asked to change course.",
                "yellow",
            )
        else:
            self._say(f"ℹ️  {e.reason}: {e.message}", "yellow")

    def _retry(self, e: RetryScheduled) -> None:
        self._say(
            f"⏳ Model call failed ({e.error}); retry {e.attempt} in {e.delay:.1f} s", "yellow"
        )

    def _validation_failed(self, e: ValidationFailed) -> None:
        self._say(f"❌ VALIDATION FAILED ({e.validator}, attempt {e.attempt})", "bold red")
        self._body(e.message, "red")

    def _screened(self, e: CallsScreened) -> None:
        if e.refused:
            names = ", ".join(e.refused)
            self._say(f"🚫 NOT RUN: {names} (the model judged it does not fit the task)", "yellow")
        for _, arguments in e.ungrounded:
            self._say(f"🚫 NOT RUN: a call with {arguments} (values nobody gave)", "yellow")

    def _decline_checked(self, e: DeclineChecked) -> None:
        if e.fitting:
            # When several fit, the model is only asked again about the one it chose.
            names = e.chosen or ", ".join(e.fitting)
            self._say(f"🔁 ANSWERED WITHOUT A TOOL, BUT {names} FITS: asking again", "yellow")

    # Events of the run store and context modules, read by field name (they may be absent).

    def _context_trimmed(self, e: Any) -> None:
        how = "summarized" if getattr(e, "summarized", False) else "dropped"
        self._say(
            f"✂️  Context trimmed: {how} {getattr(e, 'dropped_messages', 0)} older messages "
            f"({getattr(e, 'dropped_tokens', 0):,} tokens) to fit the window",
            "dim",
        )

    def _run_resumed(self, e: Any) -> None:
        self._say(f"↩️  Resumed run {getattr(e, 'run_id', '')} after step {getattr(e, 'step', 0)}")
        for label, calls in (
            ("re-run", getattr(e, "rerun", ())),
            ("interrupted", getattr(e, "interrupted", ())),
        ):
            if calls:
                self._say(f"   {label}: {', '.join(map(str, calls))}", "dim")

    # The Screen that events of other layers show themselves on (events.Screen): a plan,
    # its steps, their sub-runs (compact, each labelled by its step).

    def say(self, text: str, style: str = "") -> None:
        self._say(text, style)

    def body(self, text: str, style: str = "") -> None:
        self._body(text, style)

    def rule(self, title: str, style: str = "") -> None:
        self._print(Rule(Text(printable(title)), style=style))

    def nested(self, key: str, event: Event) -> None:
        if key != self._last_sub:
            self._say(f"[{key}]", "magenta")
            self._last_sub = key
        sub = self._sub.get(key)
        if sub is None:
            sub = self._sub[key] = ConsoleReporter(
                self.console,
                verbose=False,
                max_lines=self.max_lines,
                max_chars=self.max_chars,
                live=False,  # sub-runs may run side by side: one live display is enough
            )
        sub(event)

    def _run_finished(self, e: RunFinished) -> None:
        seconds = e.duration if self._started is None else self.clock() - self._started
        self._print()
        if e.reason == "final_answer":
            self._say("✅ COMPLETED", "bold green")
        else:
            headline, why, style = _STOPS.get(
                e.reason, (f"⏹  STOPPED ({e.reason})", "", "bold yellow")
            )
            self._say(headline.format(steps=e.steps, max_steps=self._max_steps), style)
            if e.final_answer and (e.reason in _FORCED or e.reason == "loop"):
                why = "This answer was given with tools disabled; it may be incomplete."
            if why:
                self._say(why, style.removeprefix("bold "))
        if e.final_answer:
            # A link shows its address: the text of a link a document wrote may lie about it.
            self._print(Markdown(printable(e.final_answer), hyperlinks=False))
        self._say(usage_line(e.steps, e.usage, seconds), "dim")
