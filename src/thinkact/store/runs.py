"""The run store: every event of every run, appended to SQLite as it happens.

store = RunStore()                         # ~/.local/share/thinkact/runs.db
agent = Agent(model, tools, store=store)   # every run is recorded
agent.resume(run_id)                       # a killed run continues where it stopped
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from thinkact.effects import Resume
from thinkact.errors import UserError
from thinkact.events import Event, RunFinished, RunResumed, RunStarted, StepFinished
from thinkact.store.base import RESUMABLE, RunRecord, status_for
from thinkact.store.db import connect, default_path, from_db, to_db
from thinkact.store.resume import resume_point

_ROW_EVENTS = (RunStarted, StepFinished, RunFinished, RunResumed)  # they update `runs` too


class RunStore:
    """A SQLite run log (WAL mode; safe to share between threads and processes)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._conn = connect(self.path)
        self._lock = threading.Lock()
        self._seq: dict[str, int] = {}

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> RunStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- writing ------------------------------------------------------------------------

    def append(self, run_id: str, event: Event) -> None:
        """Store one event (and keep the run's row current), committed before returning."""
        d = event.to_dict()
        data = to_db(json.dumps(d, ensure_ascii=False, default=str))
        step = d.get("step") if isinstance(d.get("step"), int) else None
        now = time.time()
        key = to_db(run_id)
        if not isinstance(event, _ROW_EVENTS):  # one INSERT: atomic on its own, no BEGIN
            with self._lock:
                self._conn.execute(
                    "INSERT INTO events (run_id, seq, kind, step, ts, data) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (key, self._next_seq(run_id), event.kind, step, now, data),
                )
            return
        with self._lock, self._transaction():
            if isinstance(event, RunStarted):
                self._insert_run(event, now)
            seq = self._next_seq(run_id)
            self._conn.execute(
                "INSERT INTO events (run_id, seq, kind, step, ts, data) VALUES (?, ?, ?, ?, ?, ?)",
                (key, seq, event.kind, step, now, data),
            )
            if isinstance(event, StepFinished):
                self._conn.execute(
                    "UPDATE runs SET steps = ?, input_tokens = ?, output_tokens = ?, cost = ? "
                    "WHERE id = ?",
                    (
                        event.step,
                        event.usage.input_tokens,
                        event.usage.output_tokens,
                        event.usage.cost,
                        key,
                    ),
                )
            elif isinstance(event, RunFinished):
                u = event.usage
                self._conn.execute(
                    "UPDATE runs SET status = ?, reason = ?, final_answer = ?, steps = ?, "
                    "input_tokens = ?, output_tokens = ?, cost = ?, finished = ?, duration = ?, "
                    "pid = NULL WHERE id = ?",
                    (
                        status_for(event.reason),
                        to_db(event.reason),
                        None if event.final_answer is None else to_db(event.final_answer),
                        event.steps,
                        u.input_tokens,
                        u.output_tokens,
                        u.cost,
                        now,
                        event.duration,
                        key,
                    ),
                )
            elif isinstance(event, RunResumed):
                self._conn.execute(
                    "UPDATE runs SET status = 'running', reason = NULL, finished = NULL, "
                    "pid = ? WHERE id = ?",
                    (os.getpid(), key),
                )

    def stopped(self, run_id: str, reason: str) -> None:
        """The driver stopped without a RunFinished (an exception, Ctrl-C): resumable."""
        with self._lock:
            self._conn.execute(
                "UPDATE runs SET status = 'interrupted', reason = ?, finished = ?, pid = NULL "
                "WHERE id = ? AND status = 'running'",
                (to_db(reason), time.time(), to_db(run_id)),
            )

    def _insert_run(self, e: RunStarted, now: float) -> None:
        try:
            self._conn.execute(
                "INSERT INTO runs (id, status, task, model, format, started, config, tools, "
                "instructions, pid) VALUES (?, 'running', ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    to_db(e.run_id),
                    to_db(e.task),
                    to_db(e.model),
                    to_db(e.format),
                    now,
                    to_db(json.dumps(dict(e.config), ensure_ascii=False, default=str)),
                    to_db(json.dumps(list(e.tools), ensure_ascii=False)),
                    to_db(e.instructions),
                    os.getpid(),
                ),
            )
        except sqlite3.IntegrityError:
            raise UserError(
                f"run id {e.run_id!r} is already in {self.path}; use a new id or resume it"
            ) from None

    def _next_seq(self, run_id: str) -> int:
        seq = self._seq.get(run_id)
        if seq is None:
            row = self._conn.execute(
                "SELECT COALESCE(MAX(seq), -1) FROM events WHERE run_id = ?", (to_db(run_id),)
            ).fetchone()
            seq = int(row[0]) + 1
        self._seq[run_id] = seq + 1
        return seq

    def _transaction(self) -> _Transaction:
        return _Transaction(self._conn)

    # --- reading ------------------------------------------------------------------------

    def get(self, run: str) -> RunRecord:
        """A run by id or unique id prefix; `last` is the most recent run."""
        with self._lock:
            if run in ("last", "latest"):
                rows = self._conn.execute(
                    "SELECT * FROM runs ORDER BY started DESC LIMIT 1"
                ).fetchall()
            else:
                rows = self._conn.execute(
                    "SELECT * FROM runs WHERE id = ? OR id LIKE ? ESCAPE '\\' "
                    "ORDER BY id = ? DESC LIMIT 3",
                    (to_db(run), _like_prefix(to_db(run)), to_db(run)),
                ).fetchall()
        if not rows:
            raise UserError(f"no run {run!r} in {self.path} (see `thinkact runs`)")
        if len(rows) > 1 and rows[0]["id"] != to_db(run):
            ids = ", ".join(from_db(r["id"]) for r in rows)
            raise UserError(f"run prefix {run!r} is ambiguous ({ids}, ...); give more of the id")
        return RunRecord.from_row(rows[0])

    def runs(self, limit: int = 50, status: str | None = None) -> list[RunRecord]:
        """The most recent runs first."""
        sql, args = "SELECT * FROM runs", []
        if status:
            sql, args = sql + " WHERE status = ?", [status]
        with self._lock:
            rows = self._conn.execute(
                sql + " ORDER BY started DESC LIMIT ?", (*args, limit)
            ).fetchall()
        return [RunRecord.from_row(r) for r in rows]

    def events(self, run_id: str) -> Iterator[dict[str, Any]]:
        """The run's events as dicts (`Event.to_dict()` form), in the order they happened."""
        for _, d in self.timed_events(run_id):
            yield d

    def timed_events(self, run_id: str) -> Iterator[tuple[float, dict[str, Any]]]:
        """(Unix time stored, event dict) pairs, in order."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT ts, data FROM events WHERE run_id = ? ORDER BY seq", (to_db(run_id),)
            ).fetchall()
        for row in rows:
            d: dict[str, Any] = json.loads(from_db(row[1]))
            yield float(row[0]), d

    def export_jsonl(self, run_id: str, path: str | Path) -> int:
        """Write the run's events to `path`, one JSON object a line; returns how many.

        Written to a temporary file and renamed, so the file is never half-written.
        """
        target = Path(path)
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        n = 0
        try:
            with tmp.open("w", encoding="utf-8") as f:
                for d in self.events(run_id):
                    f.write(_json_line(d) + "\n")
                    n += 1
            os.replace(tmp, target)
        finally:
            tmp.unlink(missing_ok=True)
        return n

    def resume_point(self, run: str, idempotent: Callable[[str], bool]) -> Resume:
        """Where run `run` stopped; UserError if it finished and there is nothing to resume."""
        record = self.get(run)
        if record.live_status not in RESUMABLE | {"killed"}:
            raise UserError(
                f"run {record.id} {record.status} ({record.reason}); only a run that was "
                "killed, interrupted or failed on a model error can be resumed"
            )
        if record.live_status == "running":
            raise UserError(
                f"run {record.id} is still running (process {record.pid}); stop it first"
            )
        return resume_point(record.id, self.timed_events(record.id), idempotent)


def _json_line(d: dict[str, Any]) -> str:
    """One JSON line. A lone surrogate (UTF-8 cannot hold it) and the characters some
    readers take for a line break (U+0085, U+2028, U+2029) are written as `\\uXXXX`."""
    text = json.dumps(d, ensure_ascii=False)
    if text.isascii():
        return text
    return _UNSAFE.sub(lambda m: f"\\u{ord(m[0]):04x}", text)


_UNSAFE = re.compile("[\x85\u2028\u2029\ud800-\udfff]")


def _like_prefix(prefix: str) -> str:
    return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error), for an autocommit connection."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, *rest: object) -> None:
        self.conn.execute("ROLLBACK" if exc_type is not None else "COMMIT")
