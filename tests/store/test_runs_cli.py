"""`thinkact runs`, `thinkact resume` and `thinkact run --record/--replay`, end to end in
real processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from thinkact.store import RunStore

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "examples" / "scripted" / "demo.json"
TASK = "What is 17 * 23 + 4?"

TOOLS_MODULE = '''
import pathlib, time

def wait(marker: str) -> str:
    """Touch `marker`, then take a long time."""
    pathlib.Path(marker).write_text("started")
    time.sleep(60)
    return "late"
'''


def env_for(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "store_cli_tools.py").write_text(TOOLS_MODULE, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env.pop("THINKACT_MODEL", None)
    env |= {
        "PYTHONPATH": str(tmp_path),
        "THINKACT_HOME": str(tmp_path / "home"),
        "COLUMNS": "160",
        "PYTHONIOENCODING": "utf-8",
    }
    return env


def thinkact(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "thinkact", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=tmp_path,
        env=env_for(tmp_path),
        timeout=60,
    )


def write_script(path: Path, replies: list[Any]) -> None:
    path.write_text(json.dumps({"format": "native", "replies": replies}), encoding="utf-8")


def test_a_killed_cli_run_is_listed_shown_resumed_and_exported(tmp_path: Path) -> None:
    script = tmp_path / "model.json"
    marker = tmp_path / "marker"
    write_script(
        script,
        [
            {"tool_calls": [{"name": "calculator", "arguments": {"expression": "17 * 23"}}]},
            {"tool_calls": [{"name": "wait", "arguments": {"marker": str(marker)}}]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "395"}}]},
        ],
    )
    tools = "calculator,store_cli_tools:wait"
    command = [sys.executable, "-m", "thinkact", "run", TASK, "--model", f"scripted:{script}"]
    proc = subprocess.Popen(
        [*command, "--tools", tools, "--quiet"],
        cwd=tmp_path,
        env=env_for(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while not marker.exists():
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)

    listed = thinkact(tmp_path, "runs")
    assert listed.returncode == 0, listed.stderr
    header, row = listed.stdout.splitlines()
    assert header.split() == [
        *("RUN", "STATUS", "MODEL", "STEPS", "TOKENS", "COST", "DURATION", "STARTED", "TASK")
    ]
    assert row.split()[1:6] == ["killed", "scripted:model.json", "1", "0", "-"]
    assert row.endswith(TASK)
    store = RunStore(tmp_path / "home" / "runs.db")
    run_id = store.runs()[0].id

    # The resumed scripted model goes on from its third reply: the first two were used.
    resumed = thinkact(tmp_path, "resume", run_id[:6], "--tools", tools, "--quiet")
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.strip() == "395"
    record = store.get(run_id)
    assert record.status == "done" and record.steps == 3

    shown = thinkact(tmp_path, "runs", "show", run_id)
    assert shown.returncode == 0, shown.stderr
    assert "Resumed run" in shown.stdout and "interrupted" in shown.stdout
    assert "17 * 23" in shown.stdout and "395" in shown.stdout

    out = tmp_path / "trace.jsonl"
    exported = thinkact(tmp_path, "runs", "export", "last", "--jsonl", str(out))
    assert exported.returncode == 0, exported.stderr
    kinds = [json.loads(line)["kind"] for line in out.read_text(encoding="utf-8").splitlines()]
    assert kinds[0] == "run_started" and "run_resumed" in kinds and kinds[-1] == "run_finished"
    assert f"wrote {len(kinds)} events" in exported.stdout


def test_cli_errors_about_runs_are_one_line_usage_errors(tmp_path: Path) -> None:
    thinkact(tmp_path, "run", TASK, "--model", f"scripted:{DEMO}", "--tools", "calculator", "-q")
    missing = thinkact(tmp_path, "runs", "show", "nope")
    assert missing.returncode == 2 and "no run 'nope'" in missing.stderr
    done = thinkact(tmp_path, "resume", "last")
    assert done.returncode == 2 and "only a run that was killed" in done.stderr
    empty = thinkact(tmp_path, "runs", "--db", str(tmp_path / "other.db"))
    assert empty.returncode == 0 and "no runs in" in empty.stdout


def test_no_store_leaves_no_run(tmp_path: Path) -> None:
    args = ["run", TASK, "--model", f"scripted:{DEMO}", "--tools", "calculator", "-q"]
    assert thinkact(tmp_path, *args, "--no-store").returncode == 0
    assert not (tmp_path / "home" / "runs.db").exists()
    assert thinkact(tmp_path, *args).returncode == 0
    assert len(RunStore(tmp_path / "home" / "runs.db").runs()) == 1


def test_record_then_replay_with_no_model(tmp_path: Path) -> None:
    rec = tmp_path / "rec.jsonl"
    base = ["run", TASK, "--tools", "calculator", "--quiet", "--no-store"]
    recorded = thinkact(tmp_path, *base, "--model", f"scripted:{DEMO}", "--record", str(rec))
    assert recorded.returncode == 0, recorded.stderr
    assert len(rec.read_text(encoding="utf-8").splitlines()) == 4  # header + 3 calls

    replayed = thinkact(tmp_path, *base, "--replay", str(rec))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout == recorded.stdout and "395" in replayed.stdout

    changed = thinkact(tmp_path, *base, "--replay", str(rec), "--instructions", "Be brief.")
    assert changed.returncode == 1
    assert "ReplayMismatch: request #1 differs" in changed.stderr
    assert "+++ this run's request #1" in changed.stderr and "Be brief." in changed.stderr

    both = thinkact(tmp_path, *base, "--replay", str(rec), "--model", f"scripted:{DEMO}")
    assert both.returncode == 2 and "leave out --model" in both.stderr
