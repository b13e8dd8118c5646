"""The planning phase: before acting, one model call with no tools writes a `<plan>`; the
user approves it (Enter), edits it, or aborts.

The interaction takes its input and editor as callables, so the CLI passes the terminal's
and tests pass their own.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from thinkact.models.base import Model
from thinkact.types import ModelRequest, SystemMessage, UserMessage

PLAN_REQUEST = (
    "Before acting, write your plan for this task as a short numbered list inside "
    "<plan>...</plan>: the steps and the tool each uses. Do not call any tool yet."
)
_PLAN = re.compile(r"<plan>(.*?)(?:</plan>|\Z)", re.DOTALL | re.IGNORECASE)


def parse_plan(text: str) -> str:
    """The text inside <plan> (a missing closing tag is forgiven); else the whole reply."""
    m = _PLAN.search(text)
    plan = (m.group(1) if m else text).strip()
    return plan


def draft_plan(model: Model, instructions: str, task: str, *, max_tokens: int = 400) -> str:
    """One model call, no tools: the plan the model proposes for `task`."""
    request = ModelRequest(
        messages=(SystemMessage(instructions), UserMessage(f"{task}\n\n{PLAN_REQUEST}")),
        max_tokens=max_tokens,
        stop=("</plan>",),
    )
    plan = parse_plan(model.complete(request).text)
    if not plan:
        raise ValueError("the model wrote an empty plan")
    return plan


def edit_with_editor(text: str, editor: str | None = None) -> str:
    """Open `text` in $VISUAL/$EDITOR and return what was saved."""
    command = editor or os.environ.get("VISUAL") or os.environ.get("EDITOR")
    if not command:
        raise OSError("no $EDITOR set")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "plan.md"
        path.write_text(text + "\n", encoding="utf-8")
        subprocess.run([*shlex.split(command), str(path)], check=True)
        return path.read_text(encoding="utf-8").strip()


def edit_inline(ask: Callable[[str], str]) -> str:
    """Type a new plan, line by line; a line with a single "." ends it."""
    lines: list[str] = []
    while True:
        line = ask("plan> " if not lines else "... ")
        if line.strip() == ".":
            return "\n".join(lines).strip()
        lines.append(line)


def review_plan(
    plan: str,
    *,
    ask: Callable[[str], str],
    show: Callable[[str], None],
    editor: Callable[[str], str] | None = None,
) -> str | None:
    """Show the plan and ask: Enter approves (returns it), `e` edits, `a` aborts (None).

    `editor` opens the plan in an editor; without one (or if it fails) the user types the
    new plan inline.
    """
    while True:
        show(plan)
        answer = ask("Approve the plan? [Enter] approve · [e] edit · [a] abort: ").strip().lower()
        if answer in ("", "y", "yes"):
            return plan
        if answer in ("a", "abort", "q", "quit", "n", "no"):
            return None
        if answer in ("e", "edit"):
            edited = ""
            if editor is not None:
                try:
                    edited = editor(plan)
                except (OSError, subprocess.CalledProcessError) as e:
                    show(f"(editor failed: {e}; type the plan instead, end with a '.' line)")
            if not edited:
                edited = edit_inline(ask)
            plan = edited or plan
