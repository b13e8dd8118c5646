"""JSONL traces: every event of a run as one JSON line, with run id, time and order.

The same serialisation feeds `--json` (events on stdout) and trace files, so a trace can be
piped and a piped run can be stored. Observations are written in full, never shortened.
Streamed pieces of a reply (`TextDelta`) are left out: the reply follows whole.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from thinkact.events import Event, RunFinished, RunStarted, StepFinished


def utc_now() -> datetime:
    return datetime.now(UTC)


def iso_utc(moment: datetime) -> str:
    """ISO 8601 in UTC with milliseconds and a `Z`: `2026-01-31T12:00:00.123Z`."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def event_record(event: Event, *, run_id: str, seq: int, ts: datetime) -> dict[str, Any]:
    """The JSON object of one event line: `run_id`, `seq`, `ts`, `kind`, then its fields."""
    return {"run_id": run_id, "seq": seq, "ts": iso_utc(ts), **event.to_dict()}


def event_line(event: Event, *, run_id: str, seq: int, ts: datetime) -> str:
    record = event_record(event, run_id=run_id, seq=seq, ts=ts)
    # default=str: tool arguments come from models and may hold values JSON cannot carry.
    return json.dumps(record, ensure_ascii=False, default=str)


class JsonlTrace:
    """A Reporter that writes each event as a JSON line to a file (appended) or a stream.

    Lines are flushed at the end of every step and of the run, and a file is fsynced when
    the run ends, so a killed run leaves every finished step on disk. `seq` counts from 1
    within each run; one trace may hold several runs (each line carries its run id).
    """

    def __init__(
        self,
        target: str | os.PathLike[str] | IO[str],
        *,
        now: Callable[[], datetime] = utc_now,
    ) -> None:
        if isinstance(target, str | os.PathLike):
            path = Path(target)
            if path.parent != Path():
                path.parent.mkdir(parents=True, exist_ok=True)
            self._stream: IO[str] = path.open("a", encoding="utf-8")
            self._owned = True
            self.path: Path | None = path
        else:
            self._stream, self._owned, self.path = target, False, None
        self._now = now
        self.run_id = ""
        self.seq = 0

    def __call__(self, event: Event) -> None:
        if event.ephemeral:  # streamed pieces: the whole reply follows
            return
        if isinstance(event, RunStarted):
            self.run_id, self.seq = event.run_id, 0
        self.seq += 1
        line = event_line(event, run_id=self.run_id, seq=self.seq, ts=self._now())
        self._stream.write(line + "\n")
        if isinstance(event, StepFinished | RunFinished):
            self._stream.flush()
            if isinstance(event, RunFinished) and self._owned:
                os.fsync(self._stream.fileno())

    def close(self) -> None:
        if self._owned and not self._stream.closed:
            self._stream.close()
        elif not self._owned:
            self._stream.flush()

    def __enter__(self) -> JsonlTrace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_trace(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The records of a trace file, in order (a torn last line from a crash is skipped)."""
    records: list[dict[str, Any]] = []
    with Path(path).open(encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:
                break
    return records
