"""JSONL traces: every event, in order, with run id, seq and UTC time; full observations;
lines on disk at the end of every step."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from thinkact import Agent, tool
from thinkact.events import Event, StepFinished
from thinkact.testing import ScriptedModel
from thinkact.ui.trace import JsonlTrace, event_line, read_trace

LONG = "".join(f"row {i:05d} " for i in range(6000))  # 60,000 characters


@tool
def dump(name: str) -> str:
    """Return a very long text."""
    return LONG


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


def scripted() -> ScriptedModel:
    return ScriptedModel(
        [
            {"text": "look", "tool_calls": [{"name": "dump", "arguments": {"name": "big"}}]},
            {"tool_calls": [{"name": "add", "arguments": {"a": 2, "b": 3}}]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "5"}}]},
        ]
    )


def test_every_event_is_a_line_in_order_with_run_id_seq_and_time(tmp_path: Path) -> None:
    path = tmp_path / "traces" / "run.jsonl"
    seen: list[Event] = []
    with JsonlTrace(path) as trace:
        result = Agent(scripted(), [dump, add], reporters=[trace, seen.append]).run("go")
    records = read_trace(path)
    assert [r["kind"] for r in records] == [e.kind for e in seen]
    assert [r["seq"] for r in records] == list(range(1, len(seen) + 1))
    assert {r["run_id"] for r in records} == {result.run_id}
    assert records[0]["kind"] == "run_started" and records[-1]["kind"] == "run_finished"
    for r in records:
        moment = datetime.fromisoformat(r["ts"].replace("Z", "+00:00"))
        assert r["ts"].endswith("Z") and moment.utcoffset() == timedelta(0)
    # Each line is the event's own dict plus run_id, seq and ts.
    for r, e in zip(records, seen, strict=True):
        assert {k: v for k, v in r.items() if k not in ("seq", "ts")} == json.loads(
            json.dumps({"run_id": result.run_id, **e.to_dict()})
        )
    finished = [r for r in records if r["kind"] == "tool_finished"]
    assert finished[0]["result"]["content"] == LONG  # never shortened
    assert finished[1]["result"]["content"] == "5"
    assert records[-1]["final_answer"] == "5" and records[-1]["reason"] == "final_answer"


def test_lines_are_on_disk_when_each_step_ends(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    trace = JsonlTrace(path)
    counts: list[tuple[int, int]] = []
    emitted = 0

    def check(event: Event) -> None:
        nonlocal emitted
        emitted += 1
        if isinstance(event, StepFinished):
            # Another process reading the file sees every line written so far.
            counts.append((len(path.read_text(encoding="utf-8").splitlines()), emitted))

    Agent(scripted(), [dump, add], reporters=[trace, check]).run("go")
    trace.close()
    assert len(counts) == 3
    assert all(on_disk == so_far for on_disk, so_far in counts)


def test_timestamps_come_from_the_clock_given() -> None:
    stream = io.StringIO()
    start = datetime(2026, 1, 31, 23, 59, 59, 999000, tzinfo=UTC)
    ticks = iter(start + timedelta(milliseconds=i) for i in range(1000))
    trace = JsonlTrace(stream, now=lambda: next(ticks))
    Agent(scripted(), [dump, add], reporters=[trace]).run("go")
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert lines[0]["ts"] == "2026-01-31T23:59:59.999Z"
    assert lines[1]["ts"] == "2026-02-01T00:00:00.000Z"


def test_a_trace_file_holds_several_runs_each_counted_from_one(tmp_path: Path) -> None:
    path = tmp_path / "runs.jsonl"
    ids = []
    for _ in range(2):
        with JsonlTrace(path) as trace:
            ids.append(Agent(scripted(), [dump, add], reporters=[trace]).run("go").run_id)
    records = read_trace(path)
    starts = [i for i, r in enumerate(records) if r["kind"] == "run_started"]
    assert len(starts) == 2 and records[starts[1]]["seq"] == 1
    assert records[starts[1] - 1]["run_id"] == ids[0]
    assert records[-1]["run_id"] == ids[1]


def test_values_json_cannot_carry_are_written_as_text() -> None:
    from thinkact.events import ToolStarted
    from thinkact.types import ToolCall

    event = ToolStarted(1, ToolCall("c", "t", {"when": datetime(2026, 1, 1, tzinfo=UTC)}))
    line = event_line(event, run_id="r", seq=1, ts=datetime(2026, 1, 1, tzinfo=UTC))
    assert json.loads(line)["call"]["arguments"]["when"] == "2026-01-01 00:00:00+00:00"


def test_reading_a_trace_cut_by_a_crash_keeps_the_whole_lines(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with JsonlTrace(path) as trace:
        Agent(scripted(), [dump, add], reporters=[trace]).run("go")
    whole = read_trace(path)
    with path.open("a", encoding="utf-8") as f:
        f.write('{"run_id": "r", "seq": 99, "kind": "step_sta')
    assert read_trace(path) == whole
