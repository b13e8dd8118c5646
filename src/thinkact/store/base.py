"""The Store seam: where a run's events go as they happen, and where a resume starts."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from thinkact.effects import Resume
from thinkact.events import Event

if TYPE_CHECKING:
    import sqlite3


RESUMABLE = frozenset({"running", "interrupted", "failed"})


def status_for(reason: str) -> str:
    """done: answered; failed: the model failed (resumable); stopped: a policy ended it."""
    if reason == "final_answer":
        return "done"
    return "failed" if reason == "model_error" else "stopped"


@dataclass(frozen=True, slots=True)
class RunRecord:
    """One row of the `runs` table."""

    id: str
    status: str  # running, done, stopped, failed, interrupted
    task: str
    model: str
    format: str
    steps: int
    input_tokens: int
    output_tokens: int
    cost: float | None
    started: float  # Unix time
    finished: float | None
    duration: float | None
    config: Mapping[str, Any]
    tools: tuple[str, ...]
    instructions: str
    reason: str | None
    final_answer: str | None
    pid: int | None

    @property
    def tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    @property
    def live_status(self) -> str:
        """`killed` for a run marked running whose process is gone (same machine)."""
        if self.status == "running" and self.pid is not None and not _alive(self.pid):
            return "killed"
        return self.status

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> RunRecord:
        from thinkact.store.db import from_db

        def text(column: str) -> str | None:
            value = row[column]
            return None if value is None else from_db(value)

        return cls(
            id=from_db(row["id"]),
            status=row["status"],
            task=from_db(row["task"]),
            model=from_db(row["model"]),
            format=from_db(row["format"]),
            steps=row["steps"],
            input_tokens=row["input_tokens"],
            output_tokens=row["output_tokens"],
            cost=row["cost"],
            started=row["started"],
            finished=row["finished"],
            duration=row["duration"],
            config=json.loads(text("config") or "{}"),
            tools=tuple(json.loads(text("tools") or "[]")),
            instructions=text("instructions") or "",
            reason=text("reason"),
            final_answer=text("final_answer"),
            pid=row["pid"],
        )


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@runtime_checkable
class RunLog(Protocol):
    """An append-only log of runs. `RunStore` (SQLite) is the one thinkact ships."""

    def append(self, run_id: str, event: Event) -> None:
        """Store one event of run `run_id`; called before any reporter sees it."""
        ...

    def stopped(self, run_id: str, reason: str) -> None:
        """The run's driver stopped without a RunFinished (an exception, Ctrl-C)."""
        ...

    def get(self, run: str) -> RunRecord:
        """A run by id (or whatever short form the store accepts)."""
        ...

    def resume_point(self, run: str, idempotent: Callable[[str], bool]) -> Resume:
        """Where the run stopped, for `Agent.resume`; UserError if it cannot resume."""
        ...
