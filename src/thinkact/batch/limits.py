"""Rate limits shared by every worker of a batch: one token bucket per provider.

A bucket is keyed by the provider and its base URL (`bucket_key`), so two models of one
account share it and a local server has its own. A worker *reserves* before each request
and sleeps for the delay it is given; the bucket itself never sleeps, so the same bucket
serves threads (`LocalLimiter`) and, inside an actor, Ray workers on other machines (the
delay is computed on the bucket's clock, not the caller's). A 429 pauses the bucket: every
worker waits, not just the one that was told to.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

# Without the server's retry-after, a 429 pauses 1 s, doubling per 429 in a row, up to this.
MAX_PAUSE = 60.0


@dataclass(frozen=True, slots=True)
class RateLimits:
    """A provider's limits per minute (None: unlimited). A bucket holds a minute's worth,
    so a fresh batch may spend one minute's budget at once, as the providers allow."""

    requests_per_minute: float | None = None
    tokens_per_minute: float | None = None

    def __post_init__(self) -> None:
        for name in ("requests_per_minute", "tokens_per_minute"):
            value = getattr(self, name)
            if value is not None and not value > 0:
                raise ValueError(f"{name} must be above 0, got {value}")


@dataclass(frozen=True, slots=True)
class BucketStats:
    """What a bucket did: requests reserved, those that had to wait and for how long in all,
    and the 429s reported to it."""

    requests: int = 0
    waits: int = 0
    waited: float = 0.0
    throttled: int = 0


class TokenBucket:
    """Requests and tokens per minute, plus a pause after a 429. Not thread-safe: a Limiter
    holds the lock."""

    def __init__(self, limits: RateLimits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self._requests = limits.requests_per_minute or 0.0
        self._tokens = limits.tokens_per_minute or 0.0
        self._updated = clock()
        self._paused_until = 0.0
        self._streak = 0  # 429s in a row
        self.stats = BucketStats()

    def _refill(self, now: float) -> None:
        elapsed = max(0.0, now - self._updated)
        self._updated = now
        rpm, tpm = self.limits.requests_per_minute, self.limits.tokens_per_minute
        if rpm:
            self._requests = min(rpm, self._requests + elapsed * rpm / 60)
        if tpm:
            self._tokens = min(tpm, self._tokens + elapsed * tpm / 60)

    def reserve(self, tokens: int = 0) -> float:
        """Take one request and `tokens` (an estimate) now; returns the seconds the caller
        must wait before sending it (0: go). Reserving in debt is what orders the waiters:
        each one's delay covers those who reserved before it."""
        now = self.clock()
        self._refill(now)
        delay = max(0.0, self._paused_until - now)
        rpm, tpm = self.limits.requests_per_minute, self.limits.tokens_per_minute
        if rpm:
            self._requests -= 1
            delay = max(delay, -self._requests * 60 / rpm)
        if tpm:
            self._tokens -= tokens
            delay = max(delay, -self._tokens * 60 / tpm)
        s = self.stats
        self.stats = BucketStats(
            s.requests + 1, s.waits + (delay > 0), s.waited + delay, s.throttled
        )
        return delay

    def settle(self, tokens: int) -> None:
        """Correct a reservation by what the reply really used (positive: more than
        estimated); a reply also ends a run of 429s."""
        self._streak = 0
        if self.limits.tokens_per_minute:
            self._refill(self.clock())
            self._tokens -= tokens

    def backoff(self, retry_after: float | None = None) -> float:
        """A 429: pause the bucket for the server's retry-after (else 1 s, doubling per 429
        in a row) and drop the burst allowance, so the workers come back at the steady
        rate rather than all at once. Returns the pause."""
        now = self.clock()
        self._refill(now)
        self._streak += 1
        pause = retry_after if retry_after is not None else 2.0 ** (self._streak - 1)
        pause = min(max(pause, 0.0), MAX_PAUSE)
        self._paused_until = max(self._paused_until, now + pause)
        self._requests = min(self._requests, 0.0)
        s = self.stats
        self.stats = BucketStats(s.requests, s.waits, s.waited, s.throttled + 1)
        return pause


class Limiter(Protocol):
    """The buckets of a batch, by key. Local (`LocalLimiter`) or an actor (Ray)."""

    def reserve(self, key: str, tokens: int) -> float: ...

    def settle(self, key: str, tokens: int) -> None: ...

    def backoff(self, key: str, retry_after: float | None) -> float: ...

    def stats(self) -> dict[str, BucketStats]: ...


class LocalLimiter:
    """Buckets shared by the threads of one process. `limits` is one RateLimits for every
    provider or a mapping from bucket key (`openai`, `openai@http://host/v1`, ...) to its
    own; a key not in the mapping gets `RateLimits()` (no limit, but 429s still pause)."""

    def __init__(
        self,
        limits: RateLimits | Mapping[str, RateLimits] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limits = limits or RateLimits()
        self.clock = clock
        self._buckets: dict[str, TokenBucket] = {}
        self._lock = threading.Lock()

    def _bucket(self, key: str) -> TokenBucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            limits = (
                self.limits
                if isinstance(self.limits, RateLimits)
                else self.limits.get(key, RateLimits())
            )
            bucket = self._buckets[key] = TokenBucket(limits, self.clock)
        return bucket

    def reserve(self, key: str, tokens: int) -> float:
        with self._lock:
            return self._bucket(key).reserve(tokens)

    def settle(self, key: str, tokens: int) -> None:
        with self._lock:
            self._bucket(key).settle(tokens)

    def backoff(self, key: str, retry_after: float | None) -> float:
        with self._lock:
            return self._bucket(key).backoff(retry_after)

    def stats(self) -> dict[str, BucketStats]:
        with self._lock:
            return {key: b.stats for key, b in self._buckets.items()}


def bucket_key(model_name: str) -> str:
    """The bucket of a model string: its provider, plus the base URL where it has one
    (`openai:gpt-4o@http://h/v1` -> `openai@http://h/v1`; `anthropic:claude-x` ->
    `anthropic`)."""
    provider, _, rest = model_name.partition(":")
    _, at, base_url = rest.partition("@")
    return f"{provider}@{base_url}" if at and base_url else provider
