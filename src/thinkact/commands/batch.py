"""`thinkact batch TASKS.jsonl --out DIR`: many tasks at once, here or on a Ray cluster.

    thinkact batch tasks.jsonl --out runs/b1 --concurrency 8 --model openai:gpt-4o-mini \\
        --rpm 500 --tpm 200000
    thinkact batch tasks.jsonl --out runs/b1 --resume
    thinkact batch tasks.jsonl --out runs/b1 --executor ray --ray-address auto

Each line of TASKS.jsonl is a task: {"id", "prompt" | "review", "model", "tools", "format",
"max_steps", ...}; the options give what a line leaves out. Results go to DIR/results.jsonl
and DIR/traces/ID.jsonl as tasks finish.
"""

from __future__ import annotations

import argparse
from typing import Any

from thinkact.commands.common import add_model_options, positive_float, positive_int


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "batch",
        help="run many tasks at once (threads, processes or a Ray cluster)",
        description="Run every task of TASKS.jsonl (one JSON object a line: a prompt or a "
        "review folder, with its settings) and write each result as it finishes. "
        "Exit code: 0 every task answered, 1 some failed (see results.jsonl), 2 bad options.",
    )
    parser.add_argument("tasks", metavar="TASKS.jsonl", help="the tasks, one JSON object a line")
    parser.add_argument("--out", required=True, metavar="DIR", help="where results go")
    parser.add_argument(
        "--concurrency", "-c", type=positive_int, default=4, metavar="N", help="tasks at once (4)"
    )
    parser.add_argument(
        "--executor",
        choices=["local", "ray"],
        default="local",
        help="local: threads (or --processes) here; ray: a Ray cluster (thinkact[ray])",
    )
    parser.add_argument(
        "--processes", action="store_true", help="local: worker processes instead of threads"
    )
    parser.add_argument(
        "--ray-address",
        metavar="ADDR",
        help="the Ray cluster to join (default: $RAY_ADDRESS, else a local one started here)",
    )
    parser.add_argument(
        "--resume", action="store_true", help="skip the tasks DIR already has results for"
    )
    add_model_options(parser)
    parser.add_argument("--tools", "-t", default="", metavar="A,B", help="tools of every task")
    parser.add_argument("--max-steps", type=positive_int, metavar="N", help="turns per task")
    parser.add_argument("--max-tokens", type=positive_int, metavar="N", help="tokens per task")
    parser.add_argument("--max-cost", type=positive_float, metavar="USD", help="spend per task")
    parser.add_argument("--max-seconds", type=positive_float, metavar="S", help="seconds per task")
    parser.add_argument(
        "--rpm", type=positive_float, metavar="N", help="requests per minute to each provider"
    )
    parser.add_argument("--tpm", type=positive_float, metavar="N", help="tokens per minute to each")
    parser.add_argument("--yes", "-y", action="store_true", help="let tools that need approval run")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def make_executor(args: argparse.Namespace, limits: Any = None) -> Any:
    """The executor --executor names (also `thinkact eval`'s)."""
    if args.executor == "ray":
        from thinkact.batch.ray_executor import RayExecutor

        return RayExecutor(args.concurrency, address=args.ray_address, limits=limits)
    from thinkact.batch import LocalExecutor

    return LocalExecutor(args.concurrency, limits=limits, processes=args.processes)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from thinkact.batch import RateLimits, TaskSpec, run_batch
    from thinkact.commands.common import make_console
    from thinkact.errors import UserError

    if args.processes and args.executor != "local":
        raise UserError("--processes is for --executor local (Ray runs workers of its own)")
    tasks = Path(args.tasks)
    if not tasks.is_file():
        raise UserError(f"{tasks} is not a file: give the tasks as JSON lines")
    defaults = TaskSpec(
        "defaults",
        model=args.model,
        format=None if args.format == "auto" else args.format,
        tools=tuple(n.strip() for n in args.tools.split(",") if n.strip()),
        max_steps=args.max_steps,
        max_tokens=args.max_tokens,
        max_cost=args.max_cost,
        max_seconds=args.max_seconds,
    )
    limits = RateLimits(args.rpm, args.tpm)
    executor = make_executor(args, limits)
    console = make_console(stderr=True)
    progress = None if args.quiet else _Progress(console, str(tasks.name))
    with progress or _nothing():
        summary = run_batch(
            tasks,
            args.out,
            executor=executor,
            defaults=defaults,
            resume=args.resume,
            approve=args.yes,
            on_start=progress.start if progress else None,
            on_result=progress.advance if progress else None,
        )
    ran = summary.ok + summary.failed
    rate = f", {ran / summary.seconds:.2f} tasks/s" if summary.seconds > 0 and ran else ""
    console.print(
        f"{summary.total} tasks: {summary.ok} ok, {summary.failed} failed, "
        f"{summary.skipped} done before; {summary.seconds:.1f} s{rate}",
        highlight=False,
    )
    for key, stats in summary.limits.items():
        if stats.get("throttled") or stats.get("waits"):
            console.print(
                f"{key}: {stats['throttled']} rate-limit answers, {stats['waits']} requests "
                f"waited {stats['waited']:.1f} s in all",
                highlight=False,
                markup=False,
            )
    console.print(f"results: {args.out}/results.jsonl, traces: {args.out}/traces/", markup=False)
    return 0 if summary.failed == 0 else 1


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


class _Progress:
    """The bar: done of all, ok and failed, tasks per second since this start, ETA."""

    def __init__(self, console: Any, title: str) -> None:
        import time

        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.clock = time.monotonic
        self.bar = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("ok {task.fields[ok]} failed {task.fields[failed]}"),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=console,
        )
        self.task = self.bar.add_task(title, total=None, ok=0, failed=0, rate="- tasks/s")
        self.ok = self.failed = 0
        self.started = self.clock()

    def start(self, total: int, done: int) -> None:
        # Only the tasks to run count on the bar: done ones would skew rate and ETA.
        self.started = self.clock()
        title = self.bar.tasks[0].description + (f" ({done} done before)" if done else "")
        self.bar.update(self.task, total=total - done, completed=0, description=title)

    def advance(self, result: Any) -> None:
        self.ok += result.ok
        self.failed += not result.ok
        elapsed = max(self.clock() - self.started, 1e-9)
        rate = f"{(self.ok + self.failed) / elapsed:.2f} tasks/s"
        self.bar.update(self.task, advance=1, ok=self.ok, failed=self.failed, rate=rate)

    def __enter__(self) -> _Progress:
        self.bar.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.bar.__exit__(None, None, None)
