"""`thinkact runs`: each run's task and date, on a narrow terminal too."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from thinkact import Agent
from thinkact.cli import main
from thinkact.commands.runs import started_text
from thinkact.store import RunStore
from thinkact.testing import ScriptedModel

LONG_TASK = "Summarise the indemnity clauses of every supplier agreement in the folder " * 3


def at(year: int, month: int, day: int, hour: int, minute: int) -> float:
    return time.mktime((year, month, day, hour, minute, 0, 0, 0, -1))


def record(db: Path, task: str) -> str:
    with RunStore(db) as store:
        model = ScriptedModel(["Final Answer: done"], preferred_format="react")
        return Agent(model, store=store).run(task).run_id


@pytest.mark.parametrize("width", [80, 160])
def test_each_run_shows_its_task_and_date(
    width: int, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    db = tmp_path / "runs.db"
    first = record(db, "What is 2+2?")
    second = record(db, LONG_TASK)
    assert main(["runs", "--db", str(db)]) == 0
    header, *rows = capsys.readouterr().out.splitlines()
    assert header.split()[-2:] == ["STARTED", "TASK"]
    assert [r.split()[0] for r in rows] == [second, first]  # newest first, one line each
    assert all(len(r) <= width for r in rows)
    assert "today" in rows[0] and rows[1].rstrip().endswith("What is 2+2?")
    assert rows[0].rstrip().endswith("…") and "Summarise the indemnity" in rows[0]


def test_dates_say_today_or_the_day() -> None:
    now = at(2026, 3, 10, 15, 0)
    assert started_text(at(2026, 3, 10, 9, 5), now) == "today 09:05"
    assert started_text(at(2026, 1, 29, 14, 5), now) == "Jan 29 14:05"
    assert started_text(at(2025, 11, 29, 14, 5), now) == "2025-11-29"
