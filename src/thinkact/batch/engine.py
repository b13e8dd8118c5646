"""Run a batch: the tasks not finished yet go to an executor, and each result is written
the moment it comes back (its trace, then its line in results.jsonl).

A killed batch resumes with `resume=True`: tasks with a result line are skipped; a task
that was running when the batch was killed has none, so it runs again from its start.
"""

from __future__ import annotations

import datetime
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from thinkact.batch.executor import Executor, LocalExecutor
from thinkact.batch.results import Outcome, ResultsWriter, TaskResult
from thinkact.batch.runner import BatchWorker
from thinkact.batch.spec import BadLine, TaskSpec, load_tasks
from thinkact.errors import UserError
from thinkact.models.base import Model

BATCH = "batch.json"


@dataclass(frozen=True, slots=True)
class BatchSummary:
    """How a batch went: tasks in all, skipped as done before (--resume), ok and failed
    among those run now, wall-clock seconds, and the rate limiter's figures per bucket."""

    total: int
    skipped: int
    ok: int
    failed: int
    seconds: float
    limits: dict[str, Any] = field(default_factory=dict)


def run_batch(
    tasks: str | os.PathLike[str] | Sequence[TaskSpec | BadLine],
    out: str | os.PathLike[str],
    *,
    executor: Executor | None = None,
    defaults: TaskSpec | None = None,
    resume: bool = False,
    approve: bool = False,
    models: Callable[[str], Model] | None = None,
    on_start: Callable[[int, int], None] | None = None,
    on_result: Callable[[TaskResult], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> BatchSummary:
    """Run `tasks` (a TASKS.jsonl path or parsed tasks) into the folder `out`.

    `defaults` fills the settings a task leaves out (model, tools, format, limits); the
    model defaults to $THINKACT_MODEL, else the embedded one; `models` makes a model from
    its string in each worker (default: resolve_model; it must pickle for processes and
    Ray). `on_start(total, done)` is called once, `on_result` after each result line is
    written."""
    source: Sequence[TaskSpec | BadLine] = (
        load_tasks(tasks) if isinstance(tasks, str | os.PathLike) else tasks
    )
    folder = Path(out)
    executor = executor or LocalExecutor(4)
    fallback = defaults or TaskSpec("defaults")
    model = fallback.model or os.environ.get("THINKACT_MODEL") or "local"
    fallback = replace(fallback, model=model)
    start = clock()
    with _open(folder, resume) as writer:
        done = {r.id for r in writer.done}
        here = Path.cwd()
        todo = [
            t if isinstance(t, BadLine) else t.with_defaults(fallback).anchored(here)
            for t in source
            if t.id not in done
        ]
        _write_spec(folder, tasks, executor, resume)
        if on_start:
            on_start(len(source), len(source) - len(todo))
        ok = failed = 0
        worker = BatchWorker(str(folder.resolve()), approve=approve, models=models)
        for finished in executor.map(worker, [(t.id, t) for t in todo]):
            outcome = finished.value
            if finished.error is not None or not isinstance(outcome, Outcome):
                error = finished.error or TypeError(f"a worker returned {outcome!r}")
                outcome = Outcome(
                    TaskResult(
                        finished.key,
                        "failed",
                        reason="error",
                        error=f"{type(error).__name__}: {error}",
                    )
                )
            writer.write(outcome)
            ok += outcome.result.ok
            failed += not outcome.result.ok
            if on_result:
                on_result(outcome.result)
    return BatchSummary(
        total=len(source),
        skipped=len(source) - len(todo),
        ok=ok,
        failed=failed,
        seconds=round(clock() - start, 3),
        limits={k: _plain(v) for k, v in executor.limiter_stats().items()},
    )


def _open(folder: Path, resume: bool) -> ResultsWriter:
    results = folder / "results.jsonl"
    if results.exists() and results.stat().st_size and not resume:
        raise UserError(
            f"{folder} already holds results; pass --resume to go on with that batch "
            "or choose another --out folder"
        )
    return ResultsWriter(folder)


def _write_spec(folder: Path, tasks: Any, executor: Executor, resume: bool) -> None:
    spec = {
        "tasks": str(Path(tasks).resolve()) if isinstance(tasks, str | os.PathLike) else None,
        "executor": executor.name,
        "concurrency": executor.concurrency,
        "resumed": resume,
        "started": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
    }
    (folder / BATCH).write_text(json.dumps(spec, indent=2) + "\n", encoding="utf-8")


def _plain(stats: Any) -> Any:
    from dataclasses import asdict, is_dataclass

    return asdict(stats) if is_dataclass(stats) and not isinstance(stats, type) else stats
