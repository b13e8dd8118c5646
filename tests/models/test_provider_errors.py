"""The HTTP error mapping every provider shares."""

from __future__ import annotations

import email.utils

import pytest

from thinkact.errors import (
    AuthenticationError,
    BadRequestError,
    ContextTooLongError,
    ModelError,
    ModelTimeoutError,
    NotFoundError,
    OverloadedError,
    RateLimitError,
    ServerError,
    TransientError,
)
from thinkact.models.http_errors import Provider, from_status, parse_retry_after

CLAUDE = Provider("Anthropic", "ANTHROPIC_API_KEY", "claude-x")
LOCAL = Provider("OpenAI-compatible", "THINKACT_OPENAI_API_KEY", "qwen", "http://h:1/v1")


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({"retry-after": "7"}, 7.0),
        ({"Retry-After": "0.5"}, 0.5),
        ({"retry-after-ms": "250"}, 0.25),
        ({"retry-after-ms": "250", "retry-after": "9"}, 0.25),  # the finer one wins
        ({"retry-after-ms": "junk", "retry-after": "2"}, 2.0),
        ({"retry-after": "-3"}, 0.0),
        ({"retry-after": "soon"}, None),
        ({}, None),
        (None, None),
    ],
)
def test_parse_retry_after(headers: dict[str, str] | None, expected: float | None) -> None:
    assert parse_retry_after(headers) == expected


def test_parse_retry_after_http_date() -> None:
    now = 1_700_000_000.0
    when = email.utils.formatdate(now + 30, usegmt=True)
    assert parse_retry_after({"retry-after": when}, now=now) == pytest.approx(30.0)


@pytest.mark.parametrize(
    ("status", "body", "error"),
    [
        (400, {"error": {"message": "bad field"}}, BadRequestError),
        (401, {"error": {"message": "invalid key"}}, AuthenticationError),
        (403, {"error": {"message": "no access"}}, AuthenticationError),
        (404, {"error": {"message": "no model"}}, NotFoundError),
        (408, None, ModelTimeoutError),
        (413, {"error": {"message": "request too large"}}, ContextTooLongError),
        (422, {"error": {"message": "unprocessable"}}, BadRequestError),
        (429, {"error": {"message": "slow"}}, RateLimitError),
        (500, "<html>oops</html>", ServerError),
        (502, None, ServerError),
        (503, {"error": {"type": "overloaded_error", "message": "busy"}}, OverloadedError),
        (529, {"error": {"message": "Overloaded"}}, OverloadedError),
    ],
)
def test_status_mapping(status: int, body: object, error: type[ModelError]) -> None:
    e = from_status(CLAUDE, status, {"retry-after": "4"}, body)
    assert type(e) is error
    assert e.status == status and e.provider == "anthropic"
    if isinstance(e, TransientError):
        assert e.retry_after == 4.0


def test_messages_say_what_to_do() -> None:
    auth = str(from_status(CLAUDE, 401, {}, {"error": {"message": "invalid x-api-key"}}))
    assert "ANTHROPIC_API_KEY" in auth and "invalid x-api-key" in auth
    assert "check the model name 'claude-x'" in str(from_status(CLAUDE, 404, {}, None))
    assert "http://h:1/v1" in str(from_status(LOCAL, 404, {}, None))
    long = str(from_status(CLAUDE, 400, {}, {"error": {"message": "prompt is too long"}}))
    assert "shorten" in long
    limited = from_status(CLAUDE, 429, {"retry-after": "12"}, None)
    assert "retry after 12 s" in str(limited)


@pytest.mark.parametrize(
    "message",
    [
        "This model's maximum context length is 8192 tokens. However, you requested 9000",
        "prompt is too long: 210000 tokens > 200000 maximum",
        "the request exceeds the available context size, try increasing it",
        "Input is too long for requested model.",
    ],
)
def test_context_overflow_wordings(message: str) -> None:
    assert isinstance(
        from_status(LOCAL, 400, {}, {"error": {"message": message}}), ContextTooLongError
    )


def test_string_error_bodies() -> None:
    e = from_status(LOCAL, 400, {}, {"error": "model 'x' not found, try pulling it first"})
    assert "try pulling it first" in str(e)


def test_quota_is_not_transient() -> None:
    body = {"error": {"message": "quota", "code": "insufficient_quota"}}
    e = from_status(CLAUDE, 429, {}, body)
    assert not isinstance(e, TransientError) and "billing" in str(e)
    assert not isinstance(from_status(CLAUDE, 402, {}, None), TransientError)
