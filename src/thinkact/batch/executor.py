"""Where a batch's work runs: the Executor seam, and threads or processes on this machine.

An executor takes a `WorkerFactory` and jobs `(key, payload)`. It calls the factory once
per worker (a thread, a process, a Ray actor) with the batch's shared `Limiter`, so what is
costly to make (the embedded model) is made once per worker, not per job; each job's
payload goes to one worker's `Work`, and a `Done` comes back as soon as it finishes, in the
order jobs finish. A job that raises comes back as a Done with its error; the executor goes
on unless told to stop at the first error. Ray's executor is in ray_executor.py.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from thinkact.batch.limits import Limiter, LocalLimiter, RateLimits

Work = Callable[[Any], Any]
Limits = RateLimits | Mapping[str, RateLimits] | None


class WorkerFactory(Protocol):
    """Makes one worker's Work, inside that worker (for processes and Ray it must pickle)."""

    def __call__(self, limiter: Limiter) -> Work: ...


@dataclass(frozen=True, slots=True)
class Done:
    """A finished job: the Work's return value, or the error it raised."""

    key: str
    value: Any = None
    error: BaseException | None = None


class Executor(Protocol):
    name: str
    concurrency: int

    def map(
        self,
        factory: WorkerFactory,
        jobs: Iterable[tuple[str, Any]],
        *,
        stop_on_error: bool = False,
    ) -> Iterator[Done]:
        """Run every job (or, with `stop_on_error`, none after the first error: those
        running still come back) and yield each as it finishes."""
        ...

    def limiter_stats(self) -> dict[str, Any]:
        """The shared buckets' figures after (or during) the last map."""
        ...


class LocalExecutor:
    """`concurrency` threads in this process, each with its own Work, sharing one limiter.
    With `processes=True`, worker processes instead (for CPU-bound tools or one model
    engine per core), sharing the limiter through a manager process."""

    def __init__(self, concurrency: int = 4, *, limits: Limits = None, processes: bool = False):
        if concurrency < 1:
            raise ValueError(f"concurrency must be 1 or more, got {concurrency}")
        self.concurrency = concurrency
        self.limits = limits
        self.processes = processes
        self.name = "processes" if processes else "threads"
        self._limiter: Any = None
        self._stats: dict[str, Any] = {}  # the last figures of a limiter now gone

    def limiter_stats(self) -> dict[str, Any]:
        return self._stats if self._limiter is None else dict(self._limiter.stats())

    def map(
        self,
        factory: WorkerFactory,
        jobs: Iterable[tuple[str, Any]],
        *,
        stop_on_error: bool = False,
    ) -> Iterator[Done]:
        if self.processes:
            from thinkact.batch.processes import map_in_processes

            return map_in_processes(self, factory, jobs, stop_on_error=stop_on_error)
        self._limiter = LocalLimiter(self.limits)
        return self._threads(factory, jobs, self._limiter, stop_on_error)

    def _threads(
        self,
        factory: WorkerFactory,
        jobs: Iterable[tuple[str, Any]],
        limiter: Limiter,
        stop_on_error: bool,
    ) -> Iterator[Done]:
        pending = iter(jobs)
        lock = threading.Lock()
        stop = threading.Event()
        done: queue.Queue[Done | None] = queue.Queue()
        fatal: list[BaseException] = []

        def worker() -> None:
            try:
                work = factory(limiter)
            except BaseException as e:  # no worker, no jobs: raised to the caller
                fatal.append(e)
                stop.set()
                done.put(None)
                return
            while not stop.is_set():
                with lock:
                    job = next(pending, None)
                if job is None:
                    break
                key, payload = job
                try:
                    done.put(Done(key, work(payload)))
                except BaseException as e:
                    done.put(Done(key, error=e))
                    if stop_on_error or not isinstance(e, Exception):
                        stop.set()
            done.put(None)

        # Daemon threads: Ctrl-C in the caller ends the process without waiting for them.
        threads = [
            threading.Thread(target=worker, daemon=True, name=f"batch-worker-{i}")
            for i in range(self.concurrency)
        ]
        for t in threads:
            t.start()
        running = len(threads)
        try:
            while running:
                item = done.get()
                if item is None:
                    running -= 1
                else:
                    yield item
        finally:
            stop.set()  # the caller stopped early: take no more jobs
        if fatal:
            raise fatal[0]
