"""The state of a named workflow, driven only by events: which step is active or done, the
current action, the document being read (n of m), elapsed time and tokens.

Plain class, no terminal: `ProgressTracker` (progress.py) renders it. Small models paraphrase
step names ("Scanned the folder", "legal notices written", "step 2"), so marks are matched
tolerantly: exact name, then shared keywords weighted by how distinctive they are, then a
step number.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from pathlib import PurePath
from typing import Any, Literal

from thinkact.events import (
    Event,
    ModelReplied,
    RunFinished,
    RunStarted,
    StepStarted,
    ToolFinished,
    ToolStarted,
)
from thinkact.types import ToolCall, Usage
from thinkact.workflow import ProgressMarked

StepStatus = Literal["pending", "active", "done"]

DOCUMENT_SUFFIXES = (".pdf", ".docx", ".txt", ".md")
_DOC_NAME = re.compile(r"[\w.()/\\-]*\w\.(?:pdf|docx|txt|md)\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+|\d+")
_IGNORED = frozenset(
    "the a an and of to all each every file files step steps complete completed done "  # noqa: SIM905
    "finished md txt pdf docx now is are has have been for with".split()
)
# Words models use for a step, mapped onto the step names' own keywords (by prefix).
_SYNONYMS = (
    ("list", "scan"),
    ("explor", "scan"),
    ("scan", "scan"),
    ("read", "review"),
    ("analy", "review"),
    ("examin", "review"),
    ("review", "review"),
    ("finding", "notices"),
    ("notice", "notices"),
    ("summar", "summary"),
)


def _words(text: str) -> list[str]:
    out = []
    for w in _WORD.findall(text.lower().replace("_", " ")):
        if w in _IGNORED or (len(w) < 3 and not w.isdigit()):
            continue
        out.append(next((canon for prefix, canon in _SYNONYMS if w.startswith(prefix)), w))
    return out


def _similar(a: str, b: str) -> bool:
    if a == b:
        return True
    if a.isdigit() or b.isdigit():
        return False
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return min(len(a), len(b)) >= 4 and n >= min(len(a), len(b), 5)


def _normal(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def match_step(name: str, steps: Sequence[str], done: Sequence[bool] = ()) -> int | None:
    """The index of the step `name` means, or None. Ties go to a step not yet done."""
    if not steps:
        return None
    wanted = _normal(name)
    for i, step in enumerate(steps):
        if _normal(step) == wanted:
            return i
    step_words = [set(_words(s)) for s in steps]
    given = _words(name)
    scores = []
    for words in step_words:
        score = 0.0
        for w in words:
            if any(_similar(w, g) for g in given):
                # a word that names one step only says more than one that names several
                score += 1.0 / sum(1 for other in step_words if any(_similar(w, o) for o in other))
        scores.append(score)
    best = max(scores)
    if best > 0:
        ties = [i for i, s in enumerate(scores) if s == best]
        undone = [i for i in ties if not (i < len(done) and done[i])]
        return (undone or ties)[0]
    numbers = [int(w) for w in _WORD.findall(name) if w.isdigit()]
    if numbers and 1 <= numbers[0] <= len(steps):
        return numbers[0] - 1
    return None


def documents_in(listing: str) -> list[str]:
    """Document names in a `list_files` observation (JSON or text), in order, no repeats."""
    names: list[str] = []
    try:
        data: Any = json.loads(listing)
    except ValueError:
        data = None
    if isinstance(data, dict):
        data = data.get("files") or data.get("documents") or []
    if isinstance(data, list):
        for item in data:
            value = item.get("path") or item.get("name") if isinstance(item, dict) else item
            if isinstance(value, str) and value.lower().endswith(DOCUMENT_SUFFIXES):
                names.append(value)
    else:
        names = _DOC_NAME.findall(listing)
    seen: dict[str, str] = {}
    for n in names:
        seen.setdefault(_doc_key(n), n)
    return list(seen.values())


def _doc_key(path: str) -> str:
    return PurePath(path.replace("\\", "/")).name.lower()


def _short_call(call: ToolCall) -> str:
    args = ", ".join(
        f"{k}={json.dumps(v, ensure_ascii=False, default=str)}" for k, v in call.arguments.items()
    )
    text = f"{call.name}({args})"
    return text if len(text) <= 70 else text[:69] + "…"


class Workflow:
    """Everything a progress display shows, updated by `apply(event)`.

    `apply` returns the transitions it caused as short lines ("✅ Scan folder",
    "📄 Reading contract_v1.pdf (1 of 3)"): the plain-text display prints exactly these.
    """

    list_tool = "list_files"
    read_tool = "read_file"
    write_tool = "write_file"

    def __init__(
        self,
        steps: Sequence[str] = (),
        *,
        documents: Sequence[str] = (),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.steps = list(steps)
        self.done = [False] * len(self.steps)
        self.clock = clock
        # Files named in step titles are what the run writes, not documents to review.
        self._outputs = {_doc_key(m) for s in self.steps for m in _DOC_NAME.findall(s)}
        self.documents: list[str] = []
        self.read: list[str] = []  # keys of documents opened so far, in order
        self.reading: str | None = None
        self.action = ""
        self.turn = 0
        self.max_turns = 0
        self.usage = Usage()
        self.started: float | None = None
        self.finished: float | None = None
        self.reason: str | None = None
        self._hint: int | None = None
        self._shown_active: int | None = None
        self._add_documents(documents)

    # --- what the display asks ------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.started is not None and self.finished is None

    @property
    def active(self) -> int | None:
        if not self.running:
            return None
        if self._hint is not None and not self.done[self._hint]:
            return self._hint
        return next((i for i, d in enumerate(self.done) if not d), None)

    def status(self, index: int) -> StepStatus:
        if self.done[index]:
            return "done"
        return "active" if index == self.active else "pending"

    @property
    def elapsed(self) -> float:
        if self.started is None:
            return 0.0
        end = self.finished if self.finished is not None else self.clock()
        return end - self.started

    @property
    def document_position(self) -> tuple[int, int] | None:
        """(n, m): the document being read is the n-th opened of m known."""
        if self.reading is None:
            return None
        n = self.read.index(_doc_key(self.reading)) + 1
        return n, max(len(self.documents), len(self.read))

    # --- events -----------------------------------------------------------------------------

    def apply(self, event: Event) -> list[str]:
        lines: list[str] = []
        if isinstance(event, RunStarted):
            self.started, self.finished, self.reason = self.clock(), None, None
            self.max_turns = event.max_steps
        elif isinstance(event, StepStarted):
            self.turn, self.max_turns = event.step, event.max_steps
        elif isinstance(event, ModelReplied):
            self.usage += event.usage
        elif isinstance(event, ToolStarted):
            lines += self._tool_started(event.call)
        elif isinstance(event, ToolFinished):
            if event.call.name == self.list_tool and not event.result.is_error:
                lines += self._add_documents(documents_in(event.result.content))
        elif isinstance(event, ProgressMarked):
            lines += self._mark(event.step_name)
        elif isinstance(event, RunFinished):
            self.usage = event.usage
            self.finished, self.reason = self.clock(), event.reason
            self.action, self.reading = "", None
            lines.append(
                f"🏁 Finished ({event.reason}) · {event.steps} turns · "
                f"{event.usage.total_tokens:,} tokens"
            )
        lines += self._active_changed()
        return lines

    def _tool_started(self, call: ToolCall) -> list[str]:
        self.action = _short_call(call)
        path = call.arguments.get("path") or call.arguments.get("file") or ""
        lines: list[str] = []
        if call.name == self.list_tool:
            self._hint_step("scan folder")
        elif call.name == self.read_tool and isinstance(path, str) and path:
            self._hint_step("review documents")
            key = _doc_key(path)
            if key not in self._outputs:
                lines += self._add_documents([path])
                if key not in self.read:
                    self.read.append(key)
                if self.reading is None or _doc_key(self.reading) != key:
                    self.reading = path
                    n, m = self.document_position or (0, 0)
                    lines.append(f"📄 Reading {PurePath(path).name} ({n} of {m})")
        elif call.name == self.write_tool and isinstance(path, str) and path:
            self._hint_step(PurePath(path).name)
            self.reading = None
        return lines

    def _hint_step(self, text: str) -> None:
        i = match_step(text, self.steps, self.done)
        if i is not None and not self.done[i]:
            self._hint = i

    def _add_documents(self, names: Sequence[str]) -> list[str]:
        known = {_doc_key(d) for d in self.documents}
        new = [n for n in names if _doc_key(n) not in known and _doc_key(n) not in self._outputs]
        for n in new:
            known.add(_doc_key(n))
        self.documents += new
        if not new or not self.running:
            return []
        return [f"📁 {len(self.documents)} document(s): {', '.join(self.documents)}"]

    def _mark(self, name: str) -> list[str]:
        i = match_step(name, self.steps, self.done)
        if i is None:
            return [f"✅ {name}" + (" (not one of the workflow's steps)" if self.steps else "")]
        if self.done[i]:
            return []
        self.done[i] = True
        if self._hint == i:
            self._hint = None
        return [f"✅ {self.steps[i]}"]

    def _active_changed(self) -> list[str]:
        active = self.active
        if active == self._shown_active:
            return []
        self._shown_active = active
        return [] if active is None else [f"🔄 {self.steps[active]}"]
