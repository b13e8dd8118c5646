"""Batches: many tasks at once, on threads, processes or a Ray cluster.

    from thinkact.batch import LocalExecutor, RateLimits, run_batch
    summary = run_batch("tasks.jsonl", "out/", executor=LocalExecutor(
        8, limits=RateLimits(requests_per_minute=500, tokens_per_minute=200_000)))

Each task (a prompt or a review folder, one JSON object a line) gets a line in
out/results.jsonl and its events in out/traces/ID.jsonl as it finishes; `resume=True`
skips the tasks that have a result line. `RayExecutor` (thinkact.batch.ray_executor, with
`thinkact[ray]`) runs the same work on a Ray cluster.
"""

from __future__ import annotations

from thinkact.batch.engine import BatchSummary, run_batch
from thinkact.batch.executor import Done, Executor, LocalExecutor, WorkerFactory
from thinkact.batch.limited import RateLimitedModel
from thinkact.batch.limits import (
    BucketStats,
    Limiter,
    LocalLimiter,
    RateLimits,
    TokenBucket,
    bucket_key,
)
from thinkact.batch.results import Outcome, ResultsWriter, TaskResult, read_results
from thinkact.batch.runner import BatchWorker, TaskRunner
from thinkact.batch.spec import BadLine, TaskSpec, load_tasks, parse_task, parse_tasks

__all__ = [
    "BadLine",
    "BatchSummary",
    "BatchWorker",
    "BucketStats",
    "Done",
    "Executor",
    "Limiter",
    "LocalExecutor",
    "LocalLimiter",
    "Outcome",
    "RateLimitedModel",
    "RateLimits",
    "ResultsWriter",
    "TaskResult",
    "TaskRunner",
    "TaskSpec",
    "TokenBucket",
    "WorkerFactory",
    "bucket_key",
    "load_tasks",
    "parse_task",
    "parse_tasks",
    "read_results",
    "run_batch",
]
