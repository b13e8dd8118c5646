"""One retry policy for every provider: exponential backoff with full jitter."""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from thinkact.effects import CallModel, Effect, Sleep
from thinkact.errors import TransientError
from thinkact.events import RetryScheduled
from thinkact.types import ModelRequest, Reply

if TYPE_CHECKING:
    from thinkact.models.base import Model


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


def retrying(
    request: ModelRequest, policy: RetryPolicy, step: int = 0
) -> Generator[Effect, Any, Reply]:
    """One model call under `policy`, sans-IO like the loop: it yields `CallModel`, and per
    transient error (thrown in by the driver) `RetryScheduled` and `Sleep`, then returns the
    reply; a final error propagates. `step`: the reply is the step's own (a driver may
    stream it); a streamed call that fails, even after some text, is retried the same way."""
    attempt, waited = 0, 0.0
    while True:
        attempt += 1
        try:
            reply: Reply = yield CallModel(request, step)
            return reply
        except TransientError as e:
            delay = policy.delay(attempt, e, waited)
            if delay is None:
                raise
            yield RetryScheduled(attempt, delay, f"{type(e).__name__}: {e}")
            yield Sleep(delay)
            waited += delay


async def acomplete_retrying(
    model: Model,
    request: ModelRequest,
    policy: RetryPolicy,
    on_retry: Callable[[RetryScheduled], None] | None = None,
) -> Reply:
    """`retrying` driven for callers outside the loop (the PEV planner and judge)."""
    import asyncio

    gen = retrying(request, policy)
    effect = next(gen)
    while True:
        try:
            if isinstance(effect, CallModel):
                try:
                    reply = await model.acomplete(effect.request)
                except TransientError as e:
                    effect = gen.throw(e)
                    continue
                effect = gen.send(reply)
            elif isinstance(effect, Sleep):
                await asyncio.sleep(effect.seconds)
                effect = next(gen)
            else:
                if isinstance(effect, RetryScheduled) and on_retry is not None:
                    on_retry(effect)
                effect = next(gen)
        except StopIteration as done:
            result: Reply = done.value
            return result
