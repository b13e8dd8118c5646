"""The harness: run a solver over a suite's items, score each, and write as it goes.

An output folder holds `run.json` (what was run), `results.jsonl` (one line per item,
appended and flushed as each item ends), `summary.json` (rewritten after every item) and
`traces/<run_id>.jsonl` (every event of an item's run). A killed run resumes where it
stopped: items already in `results.jsonl` are skipped, a torn last line is dropped.

With more than one `Worker` (`thinkact eval --jobs N`), items run N at a time, each worker
with its own solver and model (an API client may be shared; the embedded model needs an
engine per worker), and lines are written in the order items finish. They run on the batch
engine's executors (thinkact.batch): threads over the workers given, or any executor with a
factory that makes each worker where it runs (`--executor ray`: remote.py's EvalWorkers).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import IO, Any

from thinkact.apps.eval.base import Attempt, Item, ItemResult, Score, Solver, Suite
from thinkact.apps.eval.stats import summarize
from thinkact.batch.executor import Executor, WorkerFactory
from thinkact.batch.limits import Limiter
from thinkact.errors import BadRequestError, UserError
from thinkact.types import JSON, Usage

RESULTS = "results.jsonl"
SUMMARY = "summary.json"
RUN = "run.json"
# What must match for --resume to continue a run rather than mix two different ones. The
# limit may grow: the items run so far are a prefix of the longer run's items.
_SAME_RUN_KEYS = ("suite", "data", "model", "format", "agent", "offset", "seed")


def select(items: Iterable[Item], *, offset: int = 0, limit: int | None = None) -> list[Item]:
    stop = None if limit is None else offset + limit
    return list(islice(items, offset, stop))


def read_results(path: Path) -> list[ItemResult]:
    """Complete lines of a results file; a line torn by a kill is ignored."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            out.append(ItemResult.from_dict(json.loads(line)))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            continue
    return out


def _write_atomic(path: Path, data: Any) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False, default=str), encoding="utf-8")
    os.replace(tmp, path)


def summary_dict(spec: Mapping[str, Any], results: Sequence[ItemResult]) -> JSON:
    groups = sorted({r.group for r in results if r.group})
    return {
        **dict(spec),
        **summarize(results).to_dict(),
        "groups": {g: summarize([r for r in results if r.group == g]).to_dict() for g in groups},
    }


@dataclass(frozen=True)
class Worker:
    """What runs items: a solver, and what empties its model's cache before each item (the
    local model's KV cache must not carry one item's state into the next, or results
    depend on the items' order)."""

    solver: Solver
    fresh: Callable[[], None] | None = None


class Harness:
    def __init__(
        self,
        suite: Suite,
        solver: Solver,
        out: Path,
        *,
        spec: Mapping[str, Any],
        resume: bool = False,
        clock: Callable[[], float] = time.perf_counter,
        fresh: Callable[[], None] | None = None,
        helpers: Sequence[Worker] = (),
        executor: Executor | None = None,
        factory: WorkerFactory | None = None,
    ) -> None:
        self.suite = suite
        # Where items run at once: an executor, and a factory of workers for it (default:
        # threads, one per worker given).
        self.executor, self.factory = executor, factory
        # `helpers` run items beside the first worker, one item each at a time.
        self.workers = (Worker(solver, fresh), *helpers)
        self.out = out
        self.spec = dict(spec)
        self.resume = resume
        self.clock = clock

    def _prepare(self) -> list[ItemResult]:
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "traces").mkdir(exist_ok=True)
        results_file = self.out / RESULTS
        done = read_results(results_file)
        if results_file.exists() and results_file.stat().st_size and not self.resume:
            raise UserError(
                f"{self.out} already holds results; pass --resume to continue that run "
                "or choose another --out folder"
            )
        if self.resume and (self.out / RUN).exists():
            before = json.loads((self.out / RUN).read_text(encoding="utf-8"))
            changed = [k for k in _SAME_RUN_KEYS if before.get(k) != self.spec.get(k)]
            was, now = before.get("limit"), self.spec.get("limit")
            if now is not None and (was is None or now < was):
                changed.append("limit (smaller)")
            if changed:
                raise UserError(
                    f"cannot resume {self.out}: {', '.join(changed)} differ from the "
                    "interrupted run; use the same options or another --out folder"
                )
        # Rewrite without a torn last line so appends start on a clean line.
        results_file.write_text(
            "".join(json.dumps(r.to_dict(), ensure_ascii=False) + "\n" for r in done),
            encoding="utf-8",
        )
        _write_atomic(self.out / RUN, self.spec)
        return done

    def run(
        self,
        items: Sequence[Item],
        *,
        on_start: Callable[[int, int], None] | None = None,
        on_result: Callable[[ItemResult], None] | None = None,
    ) -> JSON:
        """Run every item not done yet; returns the summary (also written to summary.json)."""
        done = self._prepare()
        finished = {r.id for r in done}
        todo = [i for i in items if i.id not in finished]
        wanted = {i.id for i in items}
        results = [r for r in done if r.id in wanted]
        if on_start:
            on_start(len(items), len(items) - len(todo))
        with (self.out / RESULTS).open("a", encoding="utf-8") as f:

            def record(result: ItemResult) -> None:
                results.append(result)
                self._append(f, result)
                _write_atomic(self.out / SUMMARY, summary_dict(self.spec, results))
                if on_result:
                    on_result(result)

            if self.executor is None and (len(self.workers) == 1 or len(todo) < 2):
                for item in todo:
                    record(self.run_item(item))
            else:
                self._run_parallel(todo, record)
        summary = summary_dict(self.spec, results)
        _write_atomic(self.out / SUMMARY, summary)
        return summary

    def _run_parallel(self, todo: Sequence[Item], record: Callable[[ItemResult], None]) -> None:
        """Each worker takes the next item not taken yet; finished items are recorded one at
        a time. The first error stops the others taking items, and is raised once they are
        through with theirs (every item finished is written)."""
        from thinkact.batch.executor import LocalExecutor

        executor = self.executor or LocalExecutor(len(self.workers))
        factory = self.factory or _Handout(self.suite, self.workers, self.clock)
        errors: list[BaseException] = []
        for done in executor.map(factory, [(i.id, i) for i in todo], stop_on_error=True):
            if done.error is not None:
                errors.append(done.error)
                continue
            solved: Solved = done.value
            self._write_trace(solved)
            record(solved.result)
        if errors:
            raise errors[0]

    @staticmethod
    def _append(f: IO[str], result: ItemResult) -> None:
        f.write(json.dumps(result.to_dict(), ensure_ascii=False, default=str) + "\n")
        f.flush()
        os.fsync(f.fileno())

    def run_item(self, item: Item, worker: Worker | None = None) -> ItemResult:
        solved = solve_item(self.suite, worker or self.workers[0], item, self.clock)
        self._write_trace(solved)
        return solved.result

    def _write_trace(self, solved: Solved) -> None:
        if solved.result.run_id:
            path = self.out / "traces" / f"{solved.result.run_id}.jsonl"
            path.write_text(solved.trace, encoding="utf-8")


@dataclass(frozen=True, slots=True)
class Solved:
    """An item's result and its trace (JSON lines), sent back from where it ran."""

    result: ItemResult
    trace: str


def solve_item(
    suite: Suite, worker: Worker, item: Item, clock: Callable[[], float] = time.perf_counter
) -> Solved:
    """Pose one item to a worker's solver and score what it did."""
    task = suite.task(item)
    trace_lines: list[str] = []

    def trace(event: JSON) -> None:
        trace_lines.append(json.dumps({"t": time.time(), **event}, default=str))

    if worker.fresh is not None:
        worker.fresh()
    start = clock()
    try:
        attempt = worker.solver.solve(task, trace=trace)
    except BadRequestError as e:  # this item's request is wrong (too long...): score 0
        empty: Any = [] if task.one_turn else ""
        attempt = Attempt(empty, 0, Usage(), 0, "", f"model_error: {e}")
    seconds = clock() - start
    score = suite.score(item, attempt)
    if attempt.reason.startswith("model_error"):
        score = Score(0.0, {k: 0.0 for k in score.metrics}, attempt.reason)
    result = ItemResult(
        id=item.id,
        prediction=attempt.prediction,
        gold=item.gold,
        score=score.value,
        metrics=score.metrics,
        steps=attempt.steps,
        tokens_in=attempt.usage.input_tokens,
        tokens_out=attempt.usage.output_tokens,
        seconds=round(seconds, 3),
        parse_failures=attempt.parse_failures,
        run_id=attempt.run_id,
        reason=attempt.reason,
        detail=score.detail,
        group=str(item.data.get("category", "")),
    )
    return Solved(result, "".join(line + "\n" for line in trace_lines))


class ItemWork:
    """One worker's Work on the batch engine: items in, `Solved` out."""

    def __init__(
        self, suite: Suite, worker: Worker, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.suite, self.worker, self.clock = suite, worker, clock

    def __call__(self, item: Item) -> Solved:
        return solve_item(self.suite, self.worker, item, self.clock)


class _Handout:
    """The threads' WorkerFactory: hands each thread one of the workers made beforehand."""

    def __init__(self, suite: Suite, workers: Sequence[Worker], clock: Callable[[], float]) -> None:
        self.suite, self.free, self.clock = suite, list(workers), clock
        self.lock = threading.Lock()

    def __call__(self, limiter: Limiter) -> ItemWork:
        with self.lock:
            return ItemWork(self.suite, self.free.pop(0), self.clock)
