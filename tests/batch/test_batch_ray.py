"""Batches and evaluations on a real local Ray cluster (started once for this module, two
CPUs): the same results as on threads, shared 429 pauses, eval --executor ray."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray
from batch_helpers import (
    CalculatorModels,
    ThrottledOpenAI,
    comparable,
    counts,
    openai_tasks,
    scripted_tasks,
)

from thinkact.apps.eval import Harness, Worker, get_suite, load_items, read_results
from thinkact.apps.eval.remote import EvalWorkers
from thinkact.apps.eval.solver import ThinkactSolver
from thinkact.batch import LocalExecutor, run_batch
from thinkact.batch import read_results as batch_results
from thinkact.batch.ray_executor import RayExecutor
from thinkact.cli import main

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module", autouse=True)
def cluster() -> Iterator[None]:
    # The workers import this folder's helpers (the test doubles they make models with).
    path = os.pathsep.join(p for p in (str(HERE), os.environ.get("PYTHONPATH", "")) if p)
    ray.init(
        address="local",  # our own, whatever cluster this machine may have running
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": path}},
    )
    yield
    ray.shutdown()


def test_200_scripted_tasks_give_the_same_results_on_ray_as_on_threads(tmp_path: Path) -> None:
    rows = []
    for name, executor in (("local", LocalExecutor(4)), ("ray", RayExecutor(2))):
        counter = tmp_path / f"{name}.txt"
        tasks = scripted_tasks(tmp_path / name, 200, counter=counter)
        summary = run_batch(tasks, tmp_path / name / "out", executor=executor)
        assert (summary.ok, summary.failed) == (200, 0)
        assert len(counts(counter)) == 200 and set(counts(counter).values()) == {1}
        assert len(list((tmp_path / name / "out" / "traces").iterdir())) == 200
        rows.append(comparable(tmp_path / name / "out"))
    assert rows[0] == rows[1]


def test_429s_pause_every_ray_worker_and_every_task_finishes(tmp_path: Path) -> None:
    summary = run_batch(
        openai_tasks(tmp_path, 12),
        tmp_path / "out",
        executor=RayExecutor(2),
        # a pause long enough to outlast an actor's round trip on a loaded machine, so the
        # request after each 429 always finds the bucket still paused
        models=ThrottledOpenAI(retry_after=0.5, loads=str(tmp_path / "loads.txt")),
    )
    assert (summary.ok, summary.failed) == (12, 0)
    stats = summary.limits["openai"]  # the bucket actor's figures
    assert stats["throttled"] == 12 and stats["waits"] >= 12
    # One model per worker process (each actor keeps its own), not one per task.
    loads = (tmp_path / "loads.txt").read_text().split()
    assert len(loads) == len(set(loads)) == 2 and str(os.getpid()) not in loads


def test_the_command_line_runs_a_batch_on_ray(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tasks = scripted_tasks(tmp_path, 6, counter=tmp_path / "c.txt")
    out = tmp_path / "out"
    command = ["batch", str(tasks), "--out", str(out), "--executor", "ray", "-c", "2", "-q"]
    assert main(command) == 0
    assert "6 tasks: 6 ok, 0 failed" in capsys.readouterr().err
    assert set(counts(tmp_path / "c.txt").values()) == {1}
    assert main([*command, "--resume"]) == 0  # all done: nothing runs again
    assert "6 done before" in capsys.readouterr().err
    assert set(counts(tmp_path / "c.txt").values()) == {1}


def test_eval_on_ray_gives_the_same_results_as_jobs(tmp_path: Path) -> None:
    data = tmp_path / "train.jsonl"
    questions = [(f"How much is {a} * {a + 3}?", a * (a + 3)) for a in range(1, 9)]
    data.write_text(
        "".join(json.dumps({"question": q, "answer": f"#### {a}"}) + "\n" for q, a in questions)
    )
    suite = get_suite("gsm8k")
    items = load_items(suite, data)
    spec = {
        "suite": "gsm8k",
        "data": str(data),
        "model": "m",
        "format": "native",
        "agent": "thinkact",
    }
    models = CalculatorModels()

    def solver() -> ThinkactSolver:
        return ThinkactSolver(models("m"), format="native")

    jobs = Harness(suite, solver(), tmp_path / "jobs", spec=spec, helpers=[Worker(solver())])
    on_ray = Harness(
        suite,
        solver(),
        tmp_path / "ray",
        spec=spec,
        executor=RayExecutor(2),
        factory=EvalWorkers("gsm8k", "m", format="native", models=models),
    )
    assert jobs.run(items)["accuracy"] == on_ray.run(items)["accuracy"] == 1.0

    def rows(out: Path) -> list[dict[str, Any]]:
        got = [r.to_dict() for r in read_results(out / "results.jsonl")]
        return sorted(({**r, "seconds": 0, "run_id": ""} for r in got), key=lambda r: r["id"])

    assert rows(tmp_path / "jobs") == rows(tmp_path / "ray") and len(rows(tmp_path / "ray")) == 8
    assert len(list((tmp_path / "ray" / "traces").iterdir())) == 8


def test_thinkact_eval_executor_ray_matches_jobs(tmp_path: Path) -> None:
    data = tmp_path / "train.jsonl"
    data.write_text(
        "".join(
            json.dumps({"question": f"How much is {n} + 0?", "answer": f"#### {n}"}) + "\n"
            for n in (7, 8, 7, 9)
        )
    )
    script = tmp_path / "seven.json"  # the same answer to every item, whichever runs it
    answer = {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "7"}}]}
    script.write_text(json.dumps({"format": "native", "replies": [answer] * 8}))
    base = [
        "eval",
        "gsm8k",
        "--data",
        str(data),
        "--model",
        f"scripted:{script}",
        "--jobs",
        "2",
        "-q",
    ]
    assert main([*base, "--out", str(tmp_path / "a")]) == 0
    assert main([*base, "--out", str(tmp_path / "b"), "--executor", "ray"]) == 0
    a, b = (
        sorted((r.id, r.prediction, r.score) for r in read_results(tmp_path / d / "results.jsonl"))
        for d in "ab"
    )
    assert a == b and [s for _, _, s in a] == [1.0, 0.0, 1.0, 0.0]


def test_a_batch_killed_on_ray_resumes_without_running_a_finished_task_again(
    tmp_path: Path,
) -> None:
    """A `thinkact batch` process on this module's cluster is killed while both workers
    hold in their tool call; --resume runs the tasks without a result line, and only those."""
    counter, hold = tmp_path / "count.txt", tmp_path / "hold"
    hold.touch()
    tasks = scripted_tasks(tmp_path, 30, counter=counter, hold=hold, hold_after=12)
    out = tmp_path / "out"
    command = [sys.executable, "-m", "thinkact", "batch", str(tasks), "--out", str(out)]
    env = {
        **os.environ,
        "RAY_ADDRESS": ray.get_runtime_context().gcs_address,
        "RAY_AUTH_MODE": "token",  # this cluster's token is in ~/.ray/auth_token
    }
    proc = subprocess.Popen(
        [*command, "--executor", "ray", "-c", "2", "-q"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 180
        # 11 tasks finish; the 12th and 13th calls hold (one per worker).
        while not (
            sum(counts(counter).values()) == 13 and len(batch_results(out / "results.jsonl")) == 11
        ):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    finished = {r.id for r in batch_results(out / "results.jsonl")}
    in_flight = set(counts(counter)) - finished
    assert len(finished) == 11 and len(in_flight) == 2
    hold.unlink()
    summary = run_batch(tasks, out, executor=RayExecutor(2), resume=True)
    assert (summary.skipped, summary.ok, summary.failed) == (11, 19, 0)
    assert sorted(r.id for r in batch_results(out / "results.jsonl")) == sorted(
        f"t{i:03d}" for i in range(30)
    )
    ran = counts(counter)
    assert {t for t, n in ran.items() if n > 1} == in_flight  # only those killed mid-way
    assert all(ran[t] == 1 for t in finished)
