"""One retry policy for every provider: exponential backoff with full jitter."""

from __future__ import annotations

import random
from dataclasses import dataclass

from thinkact.errors import TransientError


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """Retry transient model errors (rate limits, 5xx, timeouts, connection errors).

    The server's `retry-after` wins over our backoff when it is within `max_delay`.
    Retrying stops after `max_attempts` calls in all or `max_total_wait` seconds of waiting.
    """

    max_attempts: int = 5
    base_delay: float = 1.0
    max_delay: float = 30.0
    max_total_wait: float = 120.0
    jitter: bool = True

    def delay(self, attempt: int, error: BaseException, waited: float) -> float | None:
        """Seconds to wait before call number `attempt + 1`, or None to give up."""
        if not isinstance(error, TransientError) or attempt >= self.max_attempts:
            return None
        backoff = min(self.max_delay, self.base_delay * 2.0 ** (attempt - 1))
        if self.jitter:
            backoff = random.uniform(backoff / 2, backoff)
        if error.retry_after is not None:
            backoff = min(max(error.retry_after, 0.0), self.max_delay)
        if waited + backoff > self.max_total_wait:
            return None
        return backoff


NO_RETRY = RetryPolicy(max_attempts=1)
