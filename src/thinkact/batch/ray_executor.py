"""RayExecutor: a batch on a Ray cluster (`pip install 'thinkact[ray]'`).

Each worker is an actor, so what its Work holds (the embedded model, API clients) is made
once per worker process; each job is a task on one of them, and results stream back as they
finish (`ray.wait`). The limiter's buckets live in one more actor that every worker asks
before a request, so rate limits and 429 pauses are shared across machines.

`address` (or RAY_ADDRESS) connects to a running cluster (`ray start --head`); without one,
a local cluster is started for the batch and stopped after it.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Iterable, Iterator
from typing import Any

from thinkact.batch.executor import Done, Limits, WorkerFactory
from thinkact.batch.limits import BucketStats, LocalLimiter
from thinkact.errors import UserError

# Clusters from `ray start` use token authentication by default since Ray 2.59, and a
# client sends its token only when told to.
_AUTH_HINT = (
    ". If the cluster uses token authentication, set RAY_AUTH_MODE=token (the token is read "
    "from ~/.ray/auth_token, or RAY_AUTH_TOKEN)"
)


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise UserError(
            "--executor ray needs Ray: pip install 'thinkact[ray]' (or pip install ray)"
        ) from None
    return ray


class RayLimiter:
    """The Limiter seam over the bucket actor (a Limiter in the workers' processes)."""

    def __init__(self, actor: Any) -> None:
        self.actor = actor

    def reserve(self, key: str, tokens: int) -> float:
        delay: float = _ray().get(self.actor.reserve.remote(key, tokens))
        return delay

    def settle(self, key: str, tokens: int) -> None:
        self.actor.settle.remote(key, tokens)  # nobody waits on a correction

    def backoff(self, key: str, retry_after: float | None) -> float:
        pause: float = _ray().get(self.actor.backoff.remote(key, retry_after))
        return pause

    def stats(self) -> dict[str, BucketStats]:
        stats: dict[str, BucketStats] = _ray().get(self.actor.stats.remote())
        return stats


class _Worker:
    """One actor: makes its Work once, then runs the jobs sent to it."""

    def __init__(self, factory: WorkerFactory, limiter: Any) -> None:
        self.work = factory(RayLimiter(limiter))

    def run(self, payload: Any) -> Any:
        return self.work(payload)


class RayExecutor:
    """`concurrency` actors on the cluster at `address` (else RAY_ADDRESS, else a local
    cluster started here). `cpus_per_worker`: what each actor asks of the cluster (default:
    an even share of its CPUs, at most 1, so every worker fits)."""

    name = "ray"

    def __init__(
        self,
        concurrency: int = 4,
        *,
        address: str | None = None,
        limits: Limits = None,
        cpus_per_worker: float | None = None,
        init_options: dict[str, Any] | None = None,
    ) -> None:
        if concurrency < 1:
            raise ValueError(f"concurrency must be 1 or more, got {concurrency}")
        self.concurrency = concurrency
        self.address = address or os.environ.get("RAY_ADDRESS") or None
        self.limits = limits
        self.cpus_per_worker = cpus_per_worker
        self.init_options = init_options or {}
        self._limiter: RayLimiter | None = None
        self._stats: dict[str, Any] = {}

    def limiter_stats(self) -> dict[str, Any]:
        if self._limiter is not None:
            # Once the actor is gone with the batch, its last figures stay.
            with contextlib.suppress(Exception):
                self._stats = dict(self._limiter.stats())
        return self._stats

    def _connect(self) -> bool:
        """Connect (or start a local cluster); True when this call started Ray."""
        ray = _ray()
        if ray.is_initialized():
            return False
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": logging.ERROR,  # Ray's own notices would break the progress bar
        }
        options.update(self.init_options)
        if self.address:
            _check_reachable(self.address)
        try:
            # "local": a cluster of our own, even where `ray start` left one to find.
            ray.init(address=self.address or "local", **options)
        except ConnectionError as e:
            auth = "" if os.environ.get("RAY_AUTH_MODE") else _AUTH_HINT
            raise UserError(f"cannot reach the Ray cluster at {self.address}: {e}{auth}") from None
        return True

    def map(
        self,
        factory: WorkerFactory,
        jobs: Iterable[tuple[str, Any]],
        *,
        stop_on_error: bool = False,
    ) -> Iterator[Done]:
        ray = _ray()
        started = self._connect()
        cpus = self.cpus_per_worker
        if cpus is None:
            total = float(ray.cluster_resources().get("CPU", 1.0))
            cpus = min(1.0, total / self.concurrency)
        bucket = ray.remote(num_cpus=0)(LocalLimiter).remote(self.limits)
        self._limiter = RayLimiter(bucket)
        worker_class = ray.remote(num_cpus=cpus)(_Worker)
        workers = [worker_class.remote(factory, bucket) for _ in range(self.concurrency)]
        pending = iter(jobs)
        running: dict[Any, tuple[str, Any]] = {}  # object ref -> (key, actor)
        stopped = False

        def submit(actor: Any) -> None:
            job = None if stopped else next(pending, None)
            if job is not None:
                running[actor.run.remote(job[1])] = (job[0], actor)

        try:
            for actor in workers:
                submit(actor)
            while running:
                ready, _ = ray.wait(list(running), num_returns=1)
                key, actor = running.pop(ready[0])
                try:
                    done = Done(key, ray.get(ready[0]))
                except ray.exceptions.RayActorError as e:
                    # The worker process died (killed, out of memory): a fresh one goes on.
                    done = Done(key, error=RuntimeError(f"the Ray worker died: {e}"))
                    actor = worker_class.remote(factory, bucket)
                    workers.append(actor)
                except ray.exceptions.RayTaskError as e:
                    done = Done(key, error=_cause(e))
                except Exception as e:
                    done = Done(key, error=e)
                stopped = stopped or (done.error is not None and stop_on_error)
                yield done
                submit(actor)
        finally:
            self.limiter_stats()
            self._limiter = None  # a call after shutdown would start Ray again
            for actor in [*workers, bucket]:
                ray.kill(actor)
            if started:
                ray.shutdown()


def _cause(error: Any) -> BaseException:
    """The exception the job raised, rather than Ray's wrapper of it."""
    cause = getattr(error, "cause", None)
    return cause if isinstance(cause, BaseException) else error


def _check_reachable(address: str) -> None:
    """A cluster's HOST:PORT answers, or a clear error now: Ray itself retries an address
    that does not answer for minutes. `auto` (the cluster `ray start` left on this machine)
    is left to Ray, which fails fast without one."""
    import socket

    rest = address.removeprefix("ray://")
    host, _, port = rest.rpartition(":")
    if not host or not port.isdigit():
        return
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except OSError as e:
        raise UserError(
            f"cannot reach the Ray cluster at {address} ({e.strerror or e}); start one with "
            "`ray start --head` and give its address (--ray-address or RAY_ADDRESS)"
        ) from None
