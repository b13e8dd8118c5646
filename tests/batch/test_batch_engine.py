"""Batches on this machine: threads and processes, failures recorded, resume, 429s, and the
command line killed mid-way then resumed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from batch_helpers import ThrottledOpenAI, comparable, counts, openai_tasks, scripted_tasks

from thinkact.batch import (
    BatchWorker,
    LocalExecutor,
    LocalLimiter,
    TaskSpec,
    read_results,
    run_batch,
)
from thinkact.cli import main
from thinkact.errors import UserError


def final(answer: str) -> dict[str, Any]:
    return {"tool_calls": [{"name": "final_answer", "arguments": {"answer": answer}}]}


def test_every_task_runs_once_and_gets_a_result_line_and_a_trace(tmp_path: Path) -> None:
    counter = tmp_path / "count.txt"
    tasks = scripted_tasks(tmp_path, 200, counter=counter)
    seen: list[str] = []
    summary = run_batch(
        tasks,
        tmp_path / "out",
        executor=LocalExecutor(4),
        on_result=lambda r: seen.append(r.id),
    )
    assert (summary.total, summary.ok, summary.failed, summary.skipped) == (200, 200, 0, 0)
    rows = comparable(tmp_path / "out")
    assert [r["id"] for r in rows] == [f"t{i:03d}" for i in range(200)]
    assert all(r["answer"] == f"done {r['id']}" and r["status"] == "ok" for r in rows)
    assert set(counts(counter).values()) == {1} and len(counts(counter)) == 200
    assert sorted(seen) == [r["id"] for r in rows]
    trace = (tmp_path / "out" / "traces" / "t007.jsonl").read_text().splitlines()
    kinds = [json.loads(line)["kind"] for line in trace]
    assert kinds[0] == "run_started" and kinds[-1] == "run_finished"
    assert "tool_finished" in kinds


def test_failures_are_recorded_and_the_batch_goes_on(tmp_path: Path) -> None:
    script = tmp_path / "s.json"
    script.write_text(json.dumps([final("The answer is 4.")]))
    lines = [
        {"id": "good", "prompt": "2+2?", "model": f"scripted:{script}"},
        {"id": "no-key", "prompt": "hi", "model": "anthropic:claude-sonnet-4-5"},
        {"id": "no-tool", "prompt": "hi", "model": f"scripted:{script}", "tools": "nosuch"},
        {"id": "no-folder", "review": str(tmp_path / "missing"), "model": f"scripted:{script}"},
        {"id": "no-model", "prompt": "hi", "model": "nosuch:x"},
    ]
    tasks = tmp_path / "tasks.jsonl"
    text = "".join(json.dumps(line) + "\n" for line in lines)
    tasks.write_text(text.replace("\n", "\n{oops\n", 1))  # line 2 is not JSON
    summary = run_batch(tasks, tmp_path / "out", executor=LocalExecutor(2))
    assert (summary.ok, summary.failed) == (1, 5)
    got = {r.id: r for r in read_results(tmp_path / "out" / "results.jsonl")}
    assert got["good"].answer == "The answer is 4." and got["good"].ok
    assert got["line-2"].reason == "bad_line" and "line 2 is not JSON" in got["line-2"].error
    assert (
        "AuthenticationError" in got["no-key"].error and "ANTHROPIC_API_KEY" in got["no-key"].error
    )
    assert "unknown tool 'nosuch'" in got["no-tool"].error
    assert "is not a folder" in got["no-folder"].error and got["no-folder"].kind == "review"
    assert "unknown model 'nosuch:x'" in got["no-model"].error
    assert all(
        r.status == "failed" and r.reason in ("error", "bad_line")
        for r in got.values()
        if r.id != "good"
    )


def test_resume_skips_finished_tasks_and_a_new_batch_needs_a_new_folder(tmp_path: Path) -> None:
    counter = tmp_path / "count.txt"
    tasks = scripted_tasks(tmp_path, 10, counter=counter)
    out = tmp_path / "out"
    first = [line for line in tasks.read_text().splitlines()[:4]]
    part = tmp_path / "part.jsonl"
    part.write_text("\n".join(first) + "\n")
    run_batch(part, out, executor=LocalExecutor(2))
    with open(out / "results.jsonl", "a") as f:
        f.write('{"id": "t009", "status": "o')  # a line torn by a kill: not a result
    with pytest.raises(UserError, match="--resume"):
        run_batch(tasks, out, executor=LocalExecutor(2))
    summary = run_batch(tasks, out, executor=LocalExecutor(2), resume=True)
    assert (summary.total, summary.skipped, summary.ok) == (10, 4, 6)
    assert set(counts(counter).values()) == {1} and len(counts(counter)) == 10
    assert [r["id"] for r in comparable(out)] == [f"t{i:03d}" for i in range(10)]


def test_processes_give_the_same_results_as_threads(tmp_path: Path) -> None:
    results = []
    for name, executor in (
        ("threads", LocalExecutor(2)),
        ("procs", LocalExecutor(2, processes=True)),
    ):
        tasks = scripted_tasks(tmp_path / name, 12, counter=tmp_path / f"{name}.txt")
        run_batch(tasks, tmp_path / name / "out", executor=executor)
        assert set(counts(tmp_path / f"{name}.txt").values()) == {1}
        results.append(comparable(tmp_path / name / "out"))
    assert results[0] == results[1] and len(results[0]) == 12


def test_429s_pause_every_worker_and_every_task_finishes(tmp_path: Path) -> None:
    executor = LocalExecutor(4)
    summary = run_batch(
        openai_tasks(tmp_path, 16),
        tmp_path / "out",
        executor=executor,
        models=ThrottledOpenAI(retry_after=0.05),
    )
    assert (summary.ok, summary.failed) == (16, 0)
    stats = summary.limits["openai"]
    assert stats["throttled"] == 16  # each task's first request was refused once
    assert stats["waits"] >= 16  # and the requests after each 429 waited out its pause
    rows = comparable(tmp_path / "out")
    assert all(r["answer"] == f"answer to question {r['id'][1:]}" for r in rows)


def test_a_worker_keeps_its_models_but_makes_scripted_ones_per_task(tmp_path: Path) -> None:
    script = tmp_path / "s.json"
    script.write_text(json.dumps([final("one answer")]))
    work = BatchWorker(str(tmp_path), models=ThrottledOpenAI(retry_after=0.0))(LocalLimiter())
    for i in range(3):
        assert work(TaskSpec(f"a{i}", prompt=f"q{i}", model="openai:gpt-4o-mini")).result.ok
    assert work.loaded == 1  # type: ignore[attr-defined]
    work = BatchWorker(str(tmp_path))(LocalLimiter())
    for i in range(3):  # each task gets the script from its first reply
        outcome = work(TaskSpec(f"s{i}", prompt="q", model=f"scripted:{script}"))
        assert outcome.result.answer == "one answer"
    assert work.loaded == 3  # type: ignore[attr-defined]


def test_the_command_line_runs_a_batch_and_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tasks = scripted_tasks(tmp_path, 5, counter=tmp_path / "c.txt")
    out = tmp_path / "out"
    assert main(["batch", str(tasks), "--out", str(out), "-c", "2", "-q"]) == 0
    err = capsys.readouterr().err
    assert "5 tasks: 5 ok, 0 failed, 0 done before" in err
    assert main(["batch", str(tasks), "--out", str(out), "-q"]) == 2  # needs --resume
    assert main(["batch", str(tasks), "--out", str(out), "-q", "--resume"]) == 0
    assert "5 done before" in capsys.readouterr().err
    assert main(["batch", str(tmp_path / "none.jsonl"), "--out", str(out)]) == 2
    assert "is not a file" in capsys.readouterr().err


def test_killed_then_resumed_nothing_finished_runs_twice(tmp_path: Path) -> None:
    """A real `thinkact batch` process is killed while four tasks hold in their tool call;
    --resume runs every task without a result line, and only those."""
    counter, hold = tmp_path / "count.txt", tmp_path / "hold"
    hold.touch()
    tasks = scripted_tasks(tmp_path, 60, counter=counter, hold=hold, hold_after=20)
    out = tmp_path / "out"
    command = [
        sys.executable,
        "-m",
        "thinkact",
        "batch",
        str(tasks),
        "--out",
        str(out),
        "-c",
        "4",
        "-q",
    ]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        # 19 tasks finish; the 20th to 23rd calls hold (one per worker thread).
        while not (
            sum(counts(counter).values()) == 23 and len(read_results(out / "results.jsonl")) == 19
        ):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    finished = {r.id for r in read_results(out / "results.jsonl")}
    in_flight = set(counts(counter)) - finished
    assert len(in_flight) == 4
    hold.unlink()
    done = subprocess.run([*command, "--resume"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    results = read_results(out / "results.jsonl")
    assert sorted(r.id for r in results) == [f"t{i:03d}" for i in range(60)]  # once each
    ran = counts(counter)
    assert {t for t, n in ran.items() if n > 1} == in_flight  # only those killed mid-way
    assert all(ran[t] == 1 for t in finished)


def test_a_review_task_writes_its_reports_beside_the_results(tmp_path: Path) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "apps" / "legal"))
    try:
        from legal_doubles import CLEAN_CONTRACT, DONE, reviewer
    finally:
        sys.path.pop(0)
    from thinkact.apps.legal import NOTICES, SUMMARY

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "clean.txt").write_text(CLEAN_CONTRACT, encoding="utf-8")
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(json.dumps({"id": "nda", "review": str(docs), "model": "reviewer"}) + "\n")
    out = tmp_path / "out"
    summary = run_batch(tasks, out, executor=LocalExecutor(1), models=lambda name: reviewer())
    assert (summary.ok, summary.failed) == (1, 0)
    (result,) = read_results(out / "results.jsonl")
    assert (result.kind, result.answer, result.reason) == ("review", DONE, "final_answer")
    assert (out / "reviews" / "nda" / NOTICES).is_file()
    assert (out / "reviews" / "nda" / SUMMARY).is_file()
    assert not (docs / NOTICES).exists()  # the folder reviewed is left as it was


def test_eval_legal_refuses_ray(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "answers.json").write_text("{}")
    assert main(["eval", "legal", "--data", str(tmp_path), "--executor", "ray"]) == 2
    assert "--executor ray is for the others" in capsys.readouterr().err
