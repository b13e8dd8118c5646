"""HTTP failures of any provider -> `thinkact.errors`, with messages that say what to do.

Providers catch their SDK's exceptions and hand the pieces (status, headers, body) here, so
every provider maps a 429 or a "context too long" the same way and no SDK type leaks out.
Retrying is not done here: the loop retries `TransientError`s under its `RetryPolicy`.
"""

from __future__ import annotations

import email.utils
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from thinkact.errors import (
    AuthenticationError,
    BadRequestError,
    ContextTooLongError,
    ModelConnectionError,
    ModelError,
    ModelTimeoutError,
    NotFoundError,
    OverloadedError,
    RateLimitError,
    ServerError,
)

# Phrases servers use for "the prompt does not fit": OpenAI, Anthropic, vLLM, llama.cpp, TGI.
_CONTEXT_MARKERS = (
    "context_length_exceeded",
    "maximum context length",
    "context window",
    "prompt is too long",
    "exceed_context_size",
    "exceeds the available context size",
    "too many tokens",
    "input is too long",
)


@dataclass(frozen=True, slots=True)
class Provider:
    """Who failed, for messages: `label` ("Anthropic"), `key_env` to set, `model` asked for."""

    label: str
    key_env: str
    model: str
    base_url: str | None = None

    @property
    def where(self) -> str:
        return f"the server at {self.base_url}" if self.base_url else self.label


def parse_retry_after(headers: Mapping[str, str] | None, now: float | None = None) -> float | None:
    """Seconds to wait from `retry-after-ms` or `retry-after` (seconds or an HTTP date)."""
    if not headers:
        return None
    lower = {k.lower(): v for k, v in headers.items()}
    ms = lower.get("retry-after-ms")
    if ms is not None:
        try:
            return max(float(ms) / 1000.0, 0.0)
        except ValueError:
            pass
    value = lower.get("retry-after")
    if value is None:
        return None
    try:
        return max(float(value), 0.0)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return max(when.timestamp() - (time.time() if now is None else now), 0.0)


def _error_fields(body: Any) -> tuple[str, str, str]:
    """(message, type, code) from an error body in the OpenAI or Anthropic shape."""
    err = body.get("error") if isinstance(body, Mapping) else None
    if isinstance(err, Mapping):
        return (
            str(err.get("message") or ""),
            str(err.get("type") or ""),
            str(err.get("code") or ""),
        )
    if isinstance(err, str):  # some compatible servers: {"error": "model not found"}
        return err, "", ""
    if isinstance(body, Mapping) and body.get("message"):
        return str(body["message"]), str(body.get("type") or ""), str(body.get("code") or "")
    if isinstance(body, str):
        return body.strip()[:300], "", ""
    return "", "", ""


def is_context_error(text: str) -> bool:
    low = text.lower()
    return any(m in low for m in _CONTEXT_MARKERS)


def from_status(
    p: Provider,
    status: int,
    headers: Mapping[str, str] | None,
    body: Any,
    fallback: str = "",
) -> ModelError:
    """The error for an HTTP error response."""
    message, etype, code = _error_fields(body)
    detail = message or fallback or f"HTTP {status}"
    said = f"{p.where} said: {detail}"
    kw: dict[str, Any] = {"provider": p.label.lower(), "status": status}
    retry_after = parse_retry_after(headers)

    if status in (401, 403):
        what = "rejected the API key" if status == 401 else "refused access"
        if p.base_url:
            fix = f"check the key your server expects (api_key=... or {p.key_env})"
        else:
            fix = f"check {p.key_env} (or pass api_key=...)"
            if status == 403:
                fix += f" and that the key may use {p.model!r}"
        return AuthenticationError(f"{p.where} {what} ({status}): {fix}. {said}", **kw)
    if status == 402 or code == "insufficient_quota":
        # OpenAI sends quota exhaustion as 429; retrying cannot help, so it is not transient.
        return ModelError(
            f"{p.where}: the account is out of credit or quota; check billing. {said}", **kw
        )
    if status == 429:
        hint = f" (retry after {retry_after:g} s)" if retry_after is not None else ""
        return RateLimitError(
            f"rate limited by {p.where}{hint}. {said}", retry_after=retry_after, **kw
        )
    if status == 413 or is_context_error(f"{detail} {code} {etype}"):
        return ContextTooLongError(
            f"the request is too long for {p.model!r}: shorten the history or the documents "
            f"(or use a model with a larger context window). {said}",
            **kw,
        )
    if status == 404:
        if p.base_url:
            fix = (
                f"check that {p.base_url} serves an OpenAI-compatible API "
                f"(it usually ends in /v1) and has a model {p.model!r}"
            )
        else:
            fix = f"check the model name {p.model!r} (see `thinkact models`)"
        return NotFoundError(f"not found (404): {fix}. {said}", **kw)
    if status == 529 or etype == "overloaded_error":
        return OverloadedError(
            f"{p.where} is overloaded; try again later. {said}", retry_after=retry_after, **kw
        )
    if status == 408:
        return ModelTimeoutError(
            f"{p.where} timed out (408). {said}", retry_after=retry_after, **kw
        )
    if status >= 500 or status == 409:
        return ServerError(
            f"{p.where} had a server error ({status}). {said}", retry_after=retry_after, **kw
        )
    return BadRequestError(f"{p.where} refused the request ({status}): {detail}", **kw)


def timeout(p: Provider, seconds: float | None) -> ModelTimeoutError:
    limit = f" within {seconds:g} s" if seconds else ""
    return ModelTimeoutError(
        f"{p.where} did not answer{limit}; raise `timeout=` if replies are long.",
        provider=p.label.lower(),
    )


def connection(p: Provider, cause: BaseException) -> ModelConnectionError:
    where = p.base_url or p.label
    reason = str(cause.__cause__ or cause) or type(cause).__name__
    fix = "is the server running?" if p.base_url else "check your network connection."
    return ModelConnectionError(
        f"could not reach {where}: {reason}; {fix}", provider=p.label.lower()
    )


def invalid_response(p: Provider, why: str, status: int | None = None) -> ModelError:
    """A 200 whose body is not the API's JSON: a wrong base URL or a broken proxy."""
    fix = (
        f" Check that {p.base_url} is an OpenAI-compatible endpoint (it usually ends in /v1)."
        if p.base_url
        else ""
    )
    return ModelError(
        f"{p.where} sent a reply that is not a valid response: {why}.{fix}",
        provider=p.label.lower(),
        status=status,
    )


def cut_short(p: Provider, why: str) -> ModelConnectionError:
    """A 200 whose JSON body ends too early (the connection dropped mid-body): retried."""
    return ModelConnectionError(
        f"{p.where} sent a reply that was cut short: {why}", provider=p.label.lower()
    )


def missing_key(p: Provider, why: str = "") -> AuthenticationError:
    return AuthenticationError(
        f"no {p.label} API key: set {p.key_env} (or pass api_key=...). "
        "`thinkact models` shows which providers are ready." + (f" ({why})" if why else ""),
        provider=p.label.lower(),
    )


def from_sdk(sdk: Any, p: Provider, seconds: float | None, e: Exception) -> Exception:
    """Our error for what an official SDK raised. `anthropic` and `openai` share their
    exception names (both are generated the same way); unknown exceptions pass through."""
    if isinstance(e, ModelError):
        return e
    if isinstance(e, sdk.APITimeoutError):
        return timeout(p, seconds)
    if isinstance(e, sdk.APIConnectionError):
        return connection(p, e)
    if isinstance(e, sdk.APIStatusError):
        return from_status(p, e.status_code, e.response.headers, e.body, getattr(e, "message", ""))
    if isinstance(e, sdk.APIResponseValidationError | ValueError):
        return invalid_response(p, f"{type(e).__name__}: {e}")
    if isinstance(e, sdk.APIError):  # an error chunk in a stream (no status): the server's
        return ServerError(
            f"{p.where} failed mid-reply: {getattr(e, 'message', e)}", provider=p.label.lower()
        )
    import httpx2  # the SDKs' transport, which raises its own errors while a stream is read

    if isinstance(e, httpx2.TimeoutException):
        return timeout(p, seconds)
    if isinstance(e, httpx2.TransportError):  # the connection dropped mid-stream: transient
        return connection(p, e)
    return e
