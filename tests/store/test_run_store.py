"""The SQLite run store: migrations, WAL, every event appended, the runs table, export."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from thinkact import Agent, AgentConfig, tool
from thinkact.errors import UserError
from thinkact.events import Event, RunFinished, RunStarted
from thinkact.store import RunStore, default_path, event_from_dict
from thinkact.store.db import MIGRATIONS, connect, migrate
from thinkact.testing import ScriptedModel


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


def script() -> list[Any]:
    usage = {"input_tokens": 100, "output_tokens": 20, "cost": 0.002}
    return [
        {"tool_calls": [{"name": "add", "arguments": {"a": 2, "b": 3}}], "usage": usage},
        {"text": "", "usage": usage},  # an empty reply: a format error
        {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "5"}}], "usage": usage},
    ]


def test_migrations_run_once_in_order_and_are_recorded(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    conn = connect(db)
    names = [r[0] for r in conn.execute("SELECT name FROM _migrations ORDER BY applied")]
    assert names == [name for name, _ in MIGRATIONS]
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert migrate(conn) == []  # nothing left to do
    conn.close()
    assert migrate(connect(db)) == []


def test_an_old_file_is_brought_up_to_date(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    conn = sqlite3.connect(db, isolation_level=None)
    assert migrate(conn, MIGRATIONS[:1]) == [MIGRATIONS[0][0]]
    conn.execute(
        "INSERT INTO runs (id, status, task, model, format, started) "
        "VALUES ('r1', 'done', 't', 'm', 'native', 1.0)"
    )
    conn.close()
    store = RunStore(db)
    assert [r.id for r in store.runs()] == ["r1"]
    indexes = [r[1] for r in store._conn.execute("PRAGMA index_list(runs)")]
    assert "runs_started" in indexes


def test_default_path_follows_thinkact_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THINKACT_HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / "runs.db"
    monkeypatch.delenv("THINKACT_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_path() == tmp_path / "xdg" / "thinkact" / "runs.db"


def test_every_event_is_stored_in_order_and_the_run_row_is_kept_current(tmp_path: Path) -> None:
    store = RunStore(tmp_path / "runs.db")
    seen: list[Event] = []

    def check_stored_first(event: Event) -> None:  # the store writes before reporters run
        seen.append(event)
        stored = list(store.events(run_id))
        assert stored[-1] == event.to_dict()

    run_id = "run-abc"
    agent = Agent(
        ScriptedModel(script()),
        [add],
        instructions="Be brief.",
        config=AgentConfig(max_steps=7),
        reporters=[check_stored_first],
        store=store,
    )
    result = agent.run("add 2 and 3", run_id=run_id)
    assert result.final_answer == "5"

    stored = list(store.events(run_id))
    assert stored == [e.to_dict() for e in seen]
    assert [event_from_dict(d) for d in stored] == seen  # every event round-trips

    record = store.get(run_id)
    assert record.status == "done" and record.reason == "final_answer"
    assert record.task == "add 2 and 3" and record.model == "scripted"
    assert record.format == "native" and record.tools == ("add",)
    assert record.steps == 3 and record.tokens == 360
    assert record.cost == pytest.approx(0.006)
    assert record.final_answer == "5" and record.instructions == "Be brief."
    assert record.config["max_steps"] == 7
    assert record.finished is not None and record.duration is not None
    assert record.live_status == "done" and record.pid is None


def test_export_writes_the_events_as_jsonl(tmp_path: Path) -> None:
    store = RunStore(tmp_path / "runs.db")
    Agent(ScriptedModel(script()), [add], store=store).run("add", run_id="r1")
    out = tmp_path / "trace.jsonl"
    n = store.export_jsonl("r1", out)
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert n == len(lines) == len(list(store.events("r1")))
    assert lines[0]["kind"] == "run_started" and lines[-1]["kind"] == "run_finished"
    assert not list(tmp_path.glob(".trace*"))  # no temporary file left


def test_runs_are_found_by_prefix_and_listed_newest_first(tmp_path: Path) -> None:
    store = RunStore(tmp_path / "runs.db")
    for run_id in ("aa11", "aa22", "bb33"):
        Agent(ScriptedModel(["done"], native_tools=True), store=store).run("t", run_id=run_id)
    assert store.get("bb").id == "bb33"
    assert store.get("aa11").id == "aa11"
    assert store.get("last").id == "bb33"
    assert [r.id for r in store.runs()] == ["bb33", "aa22", "aa11"]
    assert [r.id for r in store.runs(limit=1)] == ["bb33"]
    with pytest.raises(UserError, match="ambiguous"):
        store.get("aa")
    with pytest.raises(UserError, match="no run 'zz'"):
        store.get("zz")
    with pytest.raises(UserError, match="no run"):
        store.get("a%")  # LIKE wildcards are literal


def test_a_run_id_cannot_be_used_twice(tmp_path: Path) -> None:
    store = RunStore(tmp_path / "runs.db")
    Agent(ScriptedModel(["done"], native_tools=True), store=store).run("t", run_id="same")
    with pytest.raises(UserError, match="already in"):
        Agent(ScriptedModel(["done"], native_tools=True), store=store).run("t", run_id="same")
    assert [d["kind"] for d in store.events("same")].count("run_started") == 1


def test_a_run_that_raises_is_marked_interrupted(tmp_path: Path) -> None:
    store = RunStore(tmp_path / "runs.db")
    model = ScriptedModel([{"tool_calls": [{"name": "add", "arguments": {"a": 1, "b": 1}}]}])
    with pytest.raises(UserError, match="no reply left"):
        Agent(model, [add], store=store).run("t", run_id="r")
    record = store.get("r")
    assert record.status == "interrupted" and record.reason == "interrupted: UserError"
    assert record.steps == 1


def test_an_abandoned_iterator_marks_the_run_interrupted(tmp_path: Path) -> None:
    store = RunStore(tmp_path / "runs.db")
    gen = Agent(ScriptedModel(["done"], native_tools=True), store=store).iter("t", run_id="r")
    assert isinstance(next(gen), RunStarted)
    gen.close()
    assert store.get("r").status == "interrupted"


def test_two_stores_on_one_file_see_each_others_runs(tmp_path: Path) -> None:
    a, b = RunStore(tmp_path / "runs.db"), RunStore(tmp_path / "runs.db")
    Agent(ScriptedModel(["one"], native_tools=True), store=a).run("t", run_id="from-a")
    Agent(ScriptedModel(["two"], native_tools=True), store=b).run("t", run_id="from-b")
    assert {r.id for r in a.runs()} == {r.id for r in b.runs()} == {"from-a", "from-b"}
    finished = [d for d in b.events("from-a") if d["kind"] == "run_finished"]
    assert isinstance(event_from_dict(finished[0]), RunFinished)


def test_unknown_event_kinds_are_kept_but_not_rebuilt() -> None:
    assert event_from_dict({"kind": "from_a_newer_version", "x": 1}) is None
    assert event_from_dict({"kind": "step_started"}) is None  # fields missing
