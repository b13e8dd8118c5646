"""A batch's tasks: one JSON object a line of TASKS.jsonl.

    {"id": "q1", "prompt": "What is 17 * 23?", "tools": "calculator"}
    {"id": "q2", "prompt": "...", "model": "openai:gpt-4o-mini", "format": "native",
     "max_steps": 8, "max_tokens": 20000, "max_cost": 0.05, "max_seconds": 120,
     "instructions": "...", "workspace": "data/q2"}
    {"id": "nda", "review": "contracts/nda", "out": "reviews/nda"}

A line gives a `prompt` (an agent run with the tools named) or a `review` folder (the legal
review). Settings a line leaves out come from the batch's defaults (the command line's
options). A line that is not JSON, or not a task, becomes a `BadLine`: the batch records it
as failed and goes on.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

_TEXT = ("prompt", "review", "model", "format", "instructions", "workspace", "out")
_COUNTS = ("max_steps", "max_tokens")
_AMOUNTS = ("max_cost", "max_seconds")


@dataclass(frozen=True, slots=True)
class TaskSpec:
    """One task. Exactly one of `prompt` and `review` is set; `tools` are names as
    `thinkact run --tools` takes them (calculator, files, module:function, ...)."""

    id: str
    line: int = 0  # where it stands in TASKS.jsonl (1-based; 0: not from a file)
    prompt: str | None = None
    review: str | None = None
    model: str | None = None
    tools: tuple[str, ...] = ()
    format: str | None = None
    instructions: str = ""
    max_steps: int | None = None
    max_tokens: int | None = None
    max_cost: float | None = None
    max_seconds: float | None = None
    workspace: str | None = None
    out: str | None = None  # a review's reports (default: DIR/reviews/ID)

    @property
    def kind(self) -> str:
        return "review" if self.review is not None else "prompt"

    def with_defaults(self, defaults: TaskSpec) -> TaskSpec:
        """This task with each setting it leaves out taken from `defaults` (tools too, when
        it names none)."""
        changes: dict[str, Any] = {}
        for f in fields(self):
            if f.name in ("id", "line", "prompt", "review", "out"):
                continue
            mine, theirs = getattr(self, f.name), getattr(defaults, f.name)
            if mine in (None, (), "") and theirs not in (None, (), ""):
                changes[f.name] = theirs
        return replace(self, **changes) if changes else self

    def anchored(self, base: Path) -> TaskSpec:
        """This task with its relative paths made absolute from `base` (the folder the
        batch was started in): a worker process may run elsewhere (Ray's do)."""

        def path(value: str | None) -> str | None:
            return None if value is None else str(base / Path(value).expanduser())

        changes: dict[str, Any] = {
            "review": path(self.review),
            "out": path(self.out),
            # The file tools' folder defaults to where the batch starts, as `thinkact run`'s
            # to the current folder: a worker's own folder may be anywhere.
            "workspace": path(self.workspace) or str(base),
            "tools": tuple(_anchored_tool(t, base) for t in self.tools),
        }
        provider, colon, rest = (self.model or "").partition(":")
        if provider in ("scripted", "local") and colon and rest:
            changes["model"] = f"{provider}:{path(rest)}"
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class BadLine:
    """A line of TASKS.jsonl that is not a task: recorded as failed with `error`."""

    id: str
    line: int
    error: str


_KNOWN = {f.name for f in fields(TaskSpec)} - {"line"}


def parse_task(text: str, line: int) -> TaskSpec | BadLine:
    """One line -> a task, or a BadLine saying what is wrong with it."""
    default_id = f"line-{line}"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return BadLine(default_id, line, f"line {line} is not JSON: {e}")
    if not isinstance(data, Mapping):
        kind = type(data).__name__
        return BadLine(default_id, line, f"line {line} is a JSON {kind}, not an object")
    raw_id = data.get("id", default_id)
    task_id = str(raw_id) if isinstance(raw_id, str | int) and str(raw_id) else default_id
    try:
        return _task(data, task_id, line)
    except ValueError as e:
        return BadLine(task_id, line, f"line {line} (task {task_id}): {e}")


def _task(data: Mapping[str, Any], task_id: str, line: int) -> TaskSpec:
    unknown = sorted(set(data) - _KNOWN)
    if unknown:
        raise ValueError(f"unknown key {', '.join(map(repr, unknown))}; known: {sorted(_KNOWN)}")
    if not isinstance(data.get("id", ""), str | int):
        raise ValueError("id must be a string")
    values: dict[str, Any] = {}
    for key in _TEXT:
        if data.get(key) is not None:
            if not isinstance(data[key], str):
                raise ValueError(f"{key} must be a string")
            values[key] = data[key]
    for key in _COUNTS:
        if data.get(key) is not None:
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{key} must be a whole number above 0, got {value!r}")
            values[key] = value
    for key in _AMOUNTS:
        if data.get(key) is not None:
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
                raise ValueError(f"{key} must be a number above 0, got {value!r}")
            values[key] = float(value)
    values["tools"] = _tools(data.get("tools"))
    if ("prompt" in values) == ("review" in values):
        raise ValueError('give either "prompt" (a task) or "review" (a folder), not both')
    if "prompt" in values and not values["prompt"].strip():
        raise ValueError("the prompt is empty")
    return TaskSpec(id=task_id, line=line, **values)


def _tools(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(n.strip() for n in value.split(",") if n.strip())
    if isinstance(value, list) and all(isinstance(n, str) for n in value):
        return tuple(n.strip() for n in value if n.strip())
    raise ValueError('tools must be "a,b" or a list of names')


def _anchored_tool(name: str, base: Path) -> str:
    """A tool given by file (`./mytools.py:add`, `tools/x.py:f`) points at the file from
    `base`; a module name or a built-in tool stays as it is."""
    module, colon, attr = name.rpartition(":")
    if colon and (module.endswith(".py") or "/" in module or "\\" in module):
        return f"{base / Path(module).expanduser()}:{attr}"
    return name


def parse_tasks(lines: Iterable[str]) -> Iterator[TaskSpec | BadLine]:
    """Every non-blank line as a task or a BadLine. A second task with an id already seen
    is a BadLine (its result would hide the first's), under the id `ID@line-N`."""
    seen: set[str] = set()
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        task = parse_task(text, number)
        if task.id in seen:
            task = BadLine(
                f"{task.id}@line-{number}",
                number,
                f"line {number}: the id {task.id!r} is already taken by an earlier line",
            )
        seen.add(task.id)
        yield task


def load_tasks(path: str | os.PathLike[str]) -> list[TaskSpec | BadLine]:
    with Path(path).open(encoding="utf-8", errors="replace") as f:
        return list(parse_tasks(f))


def file_name(task_id: str) -> str:
    """A task id as a safe file name (its trace): kept as it is when already safe, else
    cleaned and told apart by a short hash of the id."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", task_id).strip("._") or "task"
    if safe == task_id and len(safe) <= 120:
        return safe
    import hashlib

    return f"{safe[:100]}-{hashlib.sha1(task_id.encode()).hexdigest()[:8]}"
