"""LocalExecutor with processes: a pool of worker processes (spawned, so no thread state is
forked), each making its Work once, with the limiter served by a manager process so the
buckets stay shared. A worker process that dies (killed, crashed in native code) fails the
jobs it held; the pool is started again for the rest."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.managers import BaseManager
from typing import TYPE_CHECKING, Any

from thinkact.batch.limits import LocalLimiter

if TYPE_CHECKING:
    from thinkact.batch.executor import Done, LocalExecutor, WorkerFactory

_work: Any = None  # this worker process's Work, made once by _start


class _Manager(BaseManager):
    pass


_Manager.register("Limiter", LocalLimiter)


def _start(factory: WorkerFactory, limiter: Any) -> None:
    global _work
    _work = factory(limiter)


def _run(payload: Any) -> Any:
    return _work(payload)


def map_in_processes(
    executor: LocalExecutor,
    factory: WorkerFactory,
    jobs: Iterable[tuple[str, Any]],
    *,
    stop_on_error: bool,
) -> Iterator[Done]:
    from thinkact.batch.executor import Done

    context = multiprocessing.get_context("spawn")
    manager = _Manager(ctx=context)
    manager.start()
    try:
        limiter = manager.Limiter(executor.limits)  # type: ignore[attr-defined]
        executor._limiter = limiter
        pending = iter(jobs)
        stopped = False
        while True:
            pool = ProcessPoolExecutor(
                executor.concurrency,
                mp_context=context,
                initializer=_start,
                initargs=(factory, limiter),
            )
            running: dict[Future[Any], str] = {}
            broken = False
            try:
                while True:
                    while not stopped and not broken and len(running) < executor.concurrency:
                        job = next(pending, None)
                        if job is None:
                            break
                        running[pool.submit(_run, job[1])] = job[0]
                    if not running:
                        break
                    finished, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in finished:
                        key = running.pop(future)
                        error = future.exception()
                        broken = broken or isinstance(error, BrokenProcessPool)
                        stopped = stopped or (error is not None and stop_on_error)
                        yield Done(key, error=error) if error else Done(key, future.result())
            finally:
                pool.shutdown(wait=not broken, cancel_futures=True)
            if not broken or stopped:
                return
    finally:
        executor._stats = executor.limiter_stats()
        executor._limiter = None  # its manager is about to go
        manager.shutdown()
