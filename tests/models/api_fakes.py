"""A fake API server for provider tests: a MockTransport handler that answers queued
responses in the providers' real wire formats and records every request it receives."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest

# Settings that would point the SDKs elsewhere or lend them credentials on a developer's
# machine; tests must not depend on them (tests/conftest.py already drops the API keys).
_SDK_ENV = (
    "ANTHROPIC_AUTH_TOKEN",
    "ANTHROPIC_BASE_URL",
    "ANTHROPIC_PROFILE",
    "ANTHROPIC_CUSTOM_HEADERS",
    "OPENAI_BASE_URL",
    "OPENAI_ORG_ID",
    "OPENAI_PROJECT_ID",
    "THINKACT_OPENAI_BASE_URL",
    "THINKACT_OPENAI_API_KEY",
)


@pytest.fixture(autouse=True)
def hermetic_sdk_env(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Import this into a test module to run its tests without SDK settings from outside."""
    for name in _SDK_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("ANTHROPIC_CONFIG_DIR", str(tmp_path_factory.mktemp("anthropic-config")))


Answer = httpx.Response | Exception | Callable[[httpx.Request], httpx.Response]


class FakeAPI:
    def __init__(self, *answers: Answer) -> None:
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if not self.answers:
            return httpx.Response(599, json={"error": {"message": "FakeAPI: no answer left"}})
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        if isinstance(answer, httpx.Response):
            return answer
        return answer(request)

    def client(self) -> httpx.Client:
        return httpx.Client(transport=httpx.MockTransport(self))

    def async_client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(transport=httpx.MockTransport(self))

    @property
    def bodies(self) -> list[Any]:
        return [json.loads(r.content) for r in self.requests]


def cut(response: httpx.Response, keep: float = 0.5) -> httpx.Response:
    """The same 200 with its JSON body cut short, as when a connection drops mid-body."""
    body = response.content
    return httpx.Response(
        response.status_code,
        content=body[: int(len(body) * keep)],
        headers={"content-type": "application/json"},
    )


# --- Anthropic Messages API -------------------------------------------------------------


def text(t: str) -> dict[str, Any]:
    return {"type": "text", "text": t}


def tool_use(id: str, name: str, input: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "id": id, "name": name, "input": input}


def claude(
    *content: dict[str, Any],
    stop_reason: str | None = None,
    model: str = "claude-sonnet-4-6",
    input_tokens: int = 10,
    output_tokens: int = 5,
    cache_read: int | None = None,
    cache_write: int | None = None,
    headers: dict[str, str] | None = None,
) -> httpx.Response:
    if stop_reason is None:
        stop_reason = "tool_use" if any(b["type"] == "tool_use" for b in content) else "end_turn"
    body = {
        "id": "msg_01XFDUDYJgAACzvnptvVoYEL",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": list(content),
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "cache_creation_input_tokens": cache_write,
            "cache_read_input_tokens": cache_read,
        },
    }
    return httpx.Response(200, json=body, headers={"request-id": "req_1", **(headers or {})})


def claude_error(
    status: int, type: str, message: str, headers: dict[str, str] | None = None
) -> httpx.Response:
    body = {"type": "error", "error": {"type": type, "message": message}}
    return httpx.Response(status, json=body, headers=headers or {})


# --- OpenAI Chat Completions ------------------------------------------------------------


def call(id: str, name: str, arguments: dict[str, Any] | str) -> dict[str, Any]:
    args = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {"id": id, "type": "function", "function": {"name": name, "arguments": args}}


def chat(
    content: str | None = None,
    *tool_calls: dict[str, Any],
    finish_reason: str | None = None,
    model: str = "gpt-4o-mini-2024-07-18",
    prompt_tokens: int = 20,
    completion_tokens: int = 7,
    cached_tokens: int | None = None,
) -> httpx.Response:
    message: dict[str, Any] = {"role": "assistant", "content": content, "refusal": None}
    if tool_calls:
        message["tool_calls"] = list(tool_calls)
    usage: dict[str, Any] = {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
    }
    if cached_tokens is not None:
        usage["prompt_tokens_details"] = {"cached_tokens": cached_tokens, "audio_tokens": 0}
    body = {
        "id": "chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG",
        "object": "chat.completion",
        "created": 1741570283,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": message,
                "logprobs": None,
                "finish_reason": finish_reason or ("tool_calls" if tool_calls else "stop"),
            }
        ],
        "usage": usage,
        "system_fingerprint": "fp_06737a9306",
    }
    return httpx.Response(200, json=body)


def openai_error(
    status: int,
    message: str,
    type: str = "invalid_request_error",
    code: str | None = None,
    headers: dict[str, str] | None = None,
) -> httpx.Response:
    body = {"error": {"message": message, "type": type, "param": None, "code": code}}
    return httpx.Response(status, json=body, headers=headers or {})
