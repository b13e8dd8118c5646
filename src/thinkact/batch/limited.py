"""A model behind a batch's shared rate limits."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from thinkact.batch.limits import Limiter, bucket_key
from thinkact.errors import RateLimitError
from thinkact.models.base import Model
from thinkact.tokens import estimate_tokens
from thinkact.types import ModelRequest, Reply

# 429s one request survives here before the run's own retries see the error.
RATE_LIMIT_ATTEMPTS = 10


class RateLimitedModel:
    """Wraps a model: each request first reserves its place in the provider's bucket and
    waits its turn; a 429 pauses the whole bucket (every worker, not only this one) and the
    request is sent again once the pause is over. Other errors pass through to the run's
    retry policy. Everything else is the wrapped model's."""

    def __init__(
        self,
        model: Model,
        limiter: Limiter,
        *,
        key: str | None = None,
        attempts: int = RATE_LIMIT_ATTEMPTS,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.model = model
        self.limiter = limiter
        self.key = key or bucket_key(model.name)
        self.attempts = max(1, attempts)
        self.sleep = sleep
        self.name = model.name
        self.native_tools = model.native_tools
        self.context_window = model.context_window

    def __getattr__(self, name: str) -> Any:  # preferred_format, forget, seed, ...
        if name in ("stream", "astream"):  # every request goes through the bucket
            raise AttributeError(name)
        return getattr(self.model, name)

    def _settle(self, estimate: int, reply: Reply) -> None:
        used = reply.usage.input_tokens + reply.usage.output_tokens
        self.limiter.settle(self.key, used - estimate if used else 0)

    def complete(self, request: ModelRequest) -> Reply:
        estimate = estimate_tokens(request)
        for attempt in range(1, self.attempts + 1):
            delay = self.limiter.reserve(self.key, estimate)
            if delay > 0:
                self.sleep(delay)
            try:
                reply = self.model.complete(request)
            except RateLimitError as e:
                self.limiter.backoff(self.key, e.retry_after)
                if attempt == self.attempts:
                    raise
                continue
            self._settle(estimate, reply)
            return reply
        raise AssertionError("unreachable")  # the last attempt returns or raises

    async def acomplete(self, request: ModelRequest) -> Reply:
        estimate = estimate_tokens(request)
        for attempt in range(1, self.attempts + 1):
            delay = self.limiter.reserve(self.key, estimate)
            if delay > 0:
                await asyncio.sleep(delay)
            try:
                reply = await self.model.acomplete(request)
            except RateLimitError as e:
                self.limiter.backoff(self.key, e.retry_after)
                if attempt == self.attempts:
                    raise
                continue
            self._settle(estimate, reply)
            return reply
        raise AssertionError("unreachable")

    def count_tokens(self, request: ModelRequest) -> int:
        return self.model.count_tokens(request)
