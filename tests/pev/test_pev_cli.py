"""`thinkact run --pattern pev` end to end in a real subprocess, on a scripted model."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_run_with_the_pev_pattern(tmp_path: Path) -> None:
    plan = {"steps": [{"id": "s1", "goal": "compute 17 * 23 + 4", "tools": ["calculator"]}]}
    replies = [
        {"text": json.dumps(plan)},
        {"tool_calls": [{"name": "calculator", "arguments": {"expression": "17 * 23 + 4"}}]},
        {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "395"}}]},
    ]
    script = tmp_path / "pev.json"
    script.write_text(json.dumps(replies))
    trace = tmp_path / "trace.jsonl"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "thinkact",
            "run",
            "What is 17 * 23 + 4?",
            "--pattern",
            "pev",
            "--model",
            f"scripted:{script}",
            "--tools",
            "calculator",
            "--trace",
            str(trace),
            "--no-store",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "📋 PLAN" in out and "s1. compute 17 * 23 + 4 [tools: calculator]" in out
    assert "Step s1: compute 17 * 23 + 4" in out and "[s1]" in out
    assert "calculator" in out and "✅ Step s1 passed" in out
    assert "✅ COMPLETED" in out and "395" in out
    kinds = [json.loads(line)["kind"] for line in trace.read_text().splitlines()]
    assert kinds[0] == "run_started" and kinds[-1] == "run_finished"
    assert {"plan_proposed", "plan_step_started", "sub_run", "plan_step_finished"} <= set(kinds)
    nested = [
        json.loads(line)
        for line in trace.read_text().splitlines()
        if json.loads(line)["kind"] == "sub_run"
    ]
    assert any(
        n["event"]["kind"] == "tool_finished" and n["event"]["result"]["content"] == "395"
        for n in nested
    )


def test_a_pev_run_is_stored_and_shown(tmp_path: Path) -> None:
    plan = {"steps": [{"id": "s1", "goal": "compute 2 + 2", "tools": ["calculator"]}]}
    replies = [
        {"text": json.dumps(plan)},
        {"tool_calls": [{"name": "calculator", "arguments": {"expression": "2 + 2"}}]},
        {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "4"}}]},
    ]
    script = tmp_path / "pev.json"
    script.write_text(json.dumps(replies))
    db = tmp_path / "runs.db"

    def thinkact(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "thinkact", *args],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
        )

    ran = thinkact(
        "run",
        "2 + 2?",
        "--pattern",
        "pev",
        "--model",
        f"scripted:{script}",
        "--tools",
        "calculator",
        "--db",
        str(db),
        "-q",
    )
    assert ran.returncode == 0 and ran.stdout.strip() == "4", ran.stderr
    shown = thinkact("runs", "show", "last", "--db", str(db))
    assert shown.returncode == 0, shown.stderr
    assert (
        "📋 PLAN" in shown.stdout and "[s1]" in shown.stdout and "✅ Step s1 passed" in shown.stdout
    )
