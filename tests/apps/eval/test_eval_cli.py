"""`thinkact eval` in a subprocess: files written, summary printed, resume, bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def _eval(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120"}
    env.pop("THINKACT_MODEL", None)
    return subprocess.run(
        [sys.executable, "-m", "thinkact", "eval", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=60,
    )


def _calc(expr: str) -> dict[str, object]:
    return {"tool_calls": [{"name": "calculator", "arguments": {"expression": expr}}]}


def _final(answer: str) -> dict[str, object]:
    return {"tool_calls": [{"name": "final_answer", "arguments": {"answer": answer}}]}


def test_eval_gsm8k_then_resume(tmp_path: Path) -> None:
    rows = [
        {"question": "12 * 7?", "answer": "#### 84"},
        {"question": "100 - 1?", "answer": "#### 99"},
        {"question": "6 + 5?", "answer": "#### 11"},
    ]
    (tmp_path / "train.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (tmp_path / "a.json").write_text(
        json.dumps([_calc("12 * 7"), _final("84"), _calc("100 - 1"), _final("98")])
    )
    common = ["gsm8k", "--data", "train.jsonl", "--out", "out", "--format", "native", "-q"]
    # the model runs out of replies on the third item: the run stops there
    first = _eval(tmp_path, *common, "--model", "scripted:a.json")
    assert first.returncode == 2 and "no reply left" in first.stderr
    lines = (tmp_path / "out" / "results.jsonl").read_text().splitlines()
    assert [json.loads(x)["prediction"] for x in lines] == ["84", "98"]

    # the same folder without --resume is refused, nothing overwritten
    again = _eval(tmp_path, *common, "--model", "scripted:a.json")
    assert again.returncode == 2 and "--resume" in again.stderr
    # resuming with other options is refused
    other = _eval(tmp_path, *common, "--model", "scripted:a.json", "--limit", "1", "--resume")
    assert other.returncode == 2 and "limit" in other.stderr

    # --resume asks the model only about the item left
    (tmp_path / "a.json").write_text(json.dumps([_calc("6 + 5"), _final("11")]))
    resumed = _eval(tmp_path, *common, "--model", "scripted:a.json", "--resume")
    assert resumed.returncode == 0, resumed.stderr
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert (summary["n"], summary["accuracy"]) == (3, 2 / 3)
    assert summary["tokens_in"] >= 0 and summary["parse_failure_rate"] == 0.0
    assert "66.7%" in resumed.stderr  # the summary table
    lines = (tmp_path / "out" / "results.jsonl").read_text().splitlines()
    assert [json.loads(x)["id"] for x in lines] == ["train-0", "train-1", "train-2"]


def test_eval_reports_bad_input_clearly(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(json.dumps(["x"]))
    missing = _eval(tmp_path, "gsm8k", "--data", "nope.jsonl", "--model", "scripted:a.json")
    assert missing.returncode == 2 and "cannot read GSM8K data" in missing.stderr
    unknown = _eval(tmp_path, "mmlu", "--data", "x", "--model", "scripted:a.json")
    assert unknown.returncode == 2 and "unknown suite" in unknown.stderr
    assert "Traceback" not in missing.stderr + unknown.stderr


def test_eval_with_the_pev_agent_plans_then_solves(tmp_path: Path) -> None:
    (tmp_path / "train.jsonl").write_text(json.dumps({"question": "12 * 7?", "answer": "#### 84"}))
    plan = {"steps": [{"id": "s1", "goal": "compute 12 * 7", "tools": ["calculator"]}]}
    replies = [{"text": json.dumps(plan)}, _calc("12 * 7"), _final("84")]
    (tmp_path / "a.json").write_text(json.dumps(replies))
    common = ["gsm8k", "--data", "train.jsonl", "--out", "out", "--format", "native", "-q"]
    done = _eval(tmp_path, *common, "--agent", "pev", "--model", "scripted:a.json")
    assert done.returncode == 0, done.stderr
    (line,) = (tmp_path / "out" / "results.jsonl").read_text().splitlines()
    result = json.loads(line)
    assert (result["prediction"], result["score"], result["steps"]) == ("84", 1.0, 2)
    trace = (tmp_path / "out" / "traces" / f"{result['run_id']}.jsonl").read_text()
    assert '"kind": "plan_proposed"' in trace and '"kind": "sub_run"' in trace
    # BFCL items are one model turn: nothing to plan, said before any model is loaded.
    bfcl = _eval(tmp_path, "bfcl:simple", "--data", "x.whl", "--agent", "pev", "--model", "local")
    assert bfcl.returncode == 2 and "one-turn" in bfcl.stderr and "Traceback" not in bfcl.stderr


def test_gsm8k_runs_a_text_model_in_its_best_format_unless_told(tmp_path: Path) -> None:
    (tmp_path / "train.jsonl").write_text(json.dumps({"question": "6 + 5?", "answer": "#### 11"}))
    program = "Add them.\n```python\nprint(6 + 5)\n```"
    (tmp_path / "a.json").write_text(json.dumps([program, "It printed 11.\n#### 11"]))
    done = _eval(tmp_path, "gsm8k", "--data", "train.jsonl", "-q", "--model", "scripted:a.json")
    assert done.returncode == 0, done.stderr
    [out] = (tmp_path / "eval-runs").iterdir()
    summary = json.loads((out / "summary.json").read_text())
    assert (summary["format"], summary["accuracy"]) == ("code", 1.0)


def test_eval_runs_items_at_once_with_jobs(tmp_path: Path) -> None:
    rows = [{"question": f"{n} + 0?", "answer": f"#### {n}"} for n in range(5)]
    (tmp_path / "train.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    # One answer for every item, whichever job asks first: item 3 alone is right.
    (tmp_path / "a.json").write_text(json.dumps([_final("3")] * 5))
    common = ["gsm8k", "--data", "train.jsonl", "--out", "out", "--format", "native", "-q"]
    done = _eval(tmp_path, *common, "--model", "scripted:a.json", "--jobs", "3")
    assert done.returncode == 0, done.stderr
    lines = (tmp_path / "out" / "results.jsonl").read_text().splitlines()
    assert sorted(json.loads(x)["id"] for x in lines) == [f"train-{n}" for n in range(5)]
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert (summary["n"], summary["accuracy"], summary["jobs"]) == (5, 0.2, 3)
    zero = _eval(tmp_path, *common, "--model", "scripted:a.json", "--jobs", "0", "--resume")
    assert zero.returncode == 2 and "--jobs" in zero.stderr and "Traceback" not in zero.stderr
