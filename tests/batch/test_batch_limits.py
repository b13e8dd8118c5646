"""Token buckets on a fake clock, the 429 pause shared by every worker, and the model
wrapper that waits its turn."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from thinkact.batch import LocalLimiter, RateLimitedModel, RateLimits, TokenBucket, bucket_key
from thinkact.errors import RateLimitError
from thinkact.testing import FunctionModel
from thinkact.types import ModelRequest, UserMessage


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_requests_per_minute_allow_a_minutes_burst_then_the_steady_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(RateLimits(requests_per_minute=60), clock)
    assert [bucket.reserve() for _ in range(60)] == [0.0] * 60
    # in debt: each next request waits one more second (60 a minute)
    assert [bucket.reserve() for _ in range(3)] == [1.0, 2.0, 3.0]
    clock.now = 10.0  # ten seconds refill ten requests: the debt of three is paid
    assert bucket.reserve() == 0.0
    assert bucket.stats.waits == 3 and bucket.stats.waited == 6.0


def test_tokens_per_minute_count_the_estimate_then_what_the_reply_used() -> None:
    clock = Clock()
    bucket = TokenBucket(RateLimits(tokens_per_minute=600), clock)
    assert bucket.reserve(500) == 0.0
    bucket.settle(200)  # the reply used 200 more than estimated: 100 in debt
    assert bucket.reserve(50) == pytest.approx(15.0)  # 150 in debt at 10 tokens a second


def test_a_429_pauses_the_bucket_and_doubles_without_retry_after() -> None:
    clock = Clock()
    bucket = TokenBucket(RateLimits(requests_per_minute=600), clock)
    assert bucket.backoff(2.5) == 2.5
    assert bucket.reserve() == 2.5  # everyone waits, whoever was told
    clock.now = 3.0
    assert bucket.backoff(None) == 2.0  # the second 429 in a row, no hint
    assert bucket.backoff(None) == 4.0
    bucket.settle(0)  # a reply ends the run of 429s
    assert bucket.backoff(None) == 1.0
    assert bucket.backoff(10_000) == 60.0  # capped
    assert bucket.stats.throttled == 5


@given(
    rpm=st.integers(1, 600),
    gaps=st.lists(st.floats(0, 5, allow_nan=False), min_size=1, max_size=200),
)
def test_requests_sent_never_exceed_the_rate(rpm: int, gaps: list[float]) -> None:
    """Sent at now + delay, requests in any span of T seconds from the start are at most a
    minute's burst plus T's worth."""
    clock = Clock()
    bucket = TokenBucket(RateLimits(requests_per_minute=rpm), clock)
    sent = []
    for gap in gaps:
        clock.now += gap
        sent.append(clock.now + bucket.reserve())
    for t in sent:
        assert sum(s <= t for s in sent) <= rpm + rpm * t / 60 + 1e-6


def test_buckets_are_per_provider_and_base_url() -> None:
    assert bucket_key("openai:gpt-4o-mini") == "openai"
    assert bucket_key("openai:qwen@http://h:8080/v1") == "openai@http://h:8080/v1"
    assert bucket_key("anthropic:claude-x") == "anthropic"
    assert bucket_key("local") == "local"
    clock = Clock()
    limiter = LocalLimiter(
        {"openai": RateLimits(requests_per_minute=1)}, clock
    )  # only OpenAI is limited
    assert limiter.reserve("openai", 0) == 0.0
    assert limiter.reserve("openai", 0) == 60.0
    assert limiter.reserve("anthropic", 0) == 0.0
    limiter.backoff("anthropic", 5.0)
    assert limiter.reserve("anthropic", 0) == 5.0
    assert set(limiter.stats()) == {"openai", "anthropic"}


def _request(text: str = "hi") -> ModelRequest:
    return ModelRequest(messages=(UserMessage(text),))


def test_a_429_seen_by_one_worker_makes_the_others_wait() -> None:
    clock = Clock()
    limiter = LocalLimiter(RateLimits(), clock)
    answers: list[Any] = [RateLimitError("slow down", retry_after=3.0), "fine"]

    def flaky(request: ModelRequest) -> Any:
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    slept: list[float] = []
    first = RateLimitedModel(FunctionModel(flaky, name="openai:a"), limiter, sleep=slept.append)
    other = RateLimitedModel(FunctionModel(lambda r: "ok", name="openai:b"), limiter)
    assert first.complete(_request()).text == "fine"  # sent again after the pause
    assert slept == [3.0]
    assert limiter.reserve(other.key, 0) == 3.0  # the same bucket: the other waits too
    assert limiter.stats()["openai"].throttled == 1


def test_the_wrapper_gives_up_after_its_attempts_and_forwards_the_rest() -> None:
    def always(request: ModelRequest) -> Any:
        raise RateLimitError("no", retry_after=0.0)

    inner = FunctionModel(always, name="openai:x", preferred_format="xml")
    model = RateLimitedModel(inner, LocalLimiter(), attempts=3, sleep=lambda s: None)
    with pytest.raises(RateLimitError):
        model.complete(_request())
    assert len(inner.requests) == 3
    assert (model.name, model.native_tools, model.preferred_format) == ("openai:x", True, "xml")
    assert not hasattr(model, "stream")  # a stream would go around the bucket


async def _acomplete(model: RateLimitedModel) -> str:
    return (await model.acomplete(_request())).text


def test_async_requests_wait_their_turn_too() -> None:
    import asyncio

    clock = Clock()
    limiter = LocalLimiter(RateLimits(requests_per_minute=6000), clock)
    calls: list[Any] = [RateLimitError("x", retry_after=0.01), "yes"]

    def reply(request: ModelRequest) -> Any:
        answer = calls.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    model = RateLimitedModel(FunctionModel(reply, name="openai:m"), limiter)
    assert asyncio.run(_acomplete(model)) == "yes"


def test_executors_and_limits_import_nothing_above_them() -> None:
    """Evaluations (apps/) run on these: they must not pull in the command line or the
    agent."""
    import json
    import subprocess
    import sys

    probe = (
        "import json, sys\nimport thinkact.batch.executor, thinkact.batch.ray_executor\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = set(json.loads(out.stdout))
    assert not {"thinkact.commands", "thinkact.apps", "thinkact.agent", "ray"} & loaded
