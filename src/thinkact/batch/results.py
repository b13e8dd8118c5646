"""A batch's output folder: `results.jsonl` (one line per finished task, appended and
fsynced as it finishes), `traces/ID.jsonl` (the task's events, written before its result
line), `batch.json` (what was run)."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from thinkact.batch.spec import file_name
from thinkact.types import JSON

RESULTS = "results.jsonl"
TRACES = "traces"


@dataclass(frozen=True, slots=True)
class TaskResult:
    """One line of results.jsonl. `status` is "ok" when the task ended with an answer,
    else "failed": `reason` says how the run ended (max_steps, error, bad_line, ...) and
    `error` what went wrong, when something raised."""

    id: str
    status: str
    answer: str | None = None
    reason: str = ""
    usage: Mapping[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    error: str = ""
    steps: int = 0
    run_id: str = ""
    kind: str = "prompt"

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def to_dict(self) -> JSON:
        return {
            "id": self.id,
            "status": self.status,
            "answer": self.answer,
            "reason": self.reason,
            "usage": dict(self.usage),
            "seconds": self.seconds,
            "error": self.error,
            "steps": self.steps,
            "run_id": self.run_id,
            "kind": self.kind,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TaskResult:
        answer = d.get("answer")
        return cls(
            id=str(d["id"]),
            status=str(d["status"]),
            answer=None if answer is None else str(answer),
            reason=str(d.get("reason", "")),
            usage=dict(d.get("usage") or {}),
            seconds=float(d.get("seconds", 0.0)),
            error=str(d.get("error", "")),
            steps=int(d.get("steps", 0)),
            run_id=str(d.get("run_id", "")),
            kind=str(d.get("kind", "prompt")),
        )


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a worker sends back for one task: its result and its trace (JSON lines)."""

    result: TaskResult
    trace: str = ""


def read_results(path: Path) -> list[TaskResult]:
    """The complete lines of a results file; a line torn by a kill is left out."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            out.append(TaskResult.from_dict(json.loads(line)))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            continue
    return out


class ResultsWriter:
    """Appends result lines to DIR/results.jsonl and writes each task's trace. Opening it
    rewrites the file without a torn last line, so the next append starts a clean line."""

    def __init__(self, out: Path) -> None:
        self.out = out
        out.mkdir(parents=True, exist_ok=True)
        (out / TRACES).mkdir(exist_ok=True)
        self.path = out / RESULTS
        self.done = read_results(self.path)
        tmp = self.path.with_suffix(".jsonl.tmp")
        tmp.write_text("".join(_line(r) for r in self.done), encoding="utf-8")
        os.replace(tmp, self.path)
        self._file: IO[str] = self.path.open("a", encoding="utf-8")

    def trace_path(self, task_id: str) -> Path:
        return self.out / TRACES / f"{file_name(task_id)}.jsonl"

    def write(self, outcome: Outcome) -> None:
        """The trace first, then the result line: a result line means its trace is whole."""
        if outcome.trace:
            self.trace_path(outcome.result.id).write_text(outcome.trace, encoding="utf-8")
        self._file.write(_line(outcome.result))
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _line(result: TaskResult) -> str:
    return json.dumps(result.to_dict(), ensure_ascii=False, default=str) + "\n"
