"""The streamed twins of `api_fakes.claude` and `api_fakes.chat`: the same reply as the
server-sent events each API streams (Anthropic's message_start ... message_stop, OpenAI's
chat.completion.chunk lines ending in a usage chunk and [DONE])."""

from __future__ import annotations

import json
from typing import Any

import httpx

SSE = {"content-type": "text/event-stream"}


def pieces(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def sse(events: list[tuple[str | None, Any]]) -> bytes:
    out = []
    for name, data in events:
        head = f"event: {name}\n" if name else ""
        body = data if isinstance(data, str) else json.dumps(data)
        out.append(f"{head}data: {body}\n\n")
    return "".join(out).encode()


def claude_events(
    *content: dict[str, Any],
    stop_reason: str | None = None,
    model: str = "claude-sonnet-4-6",
    input_tokens: int = 10,
    output_tokens: int = 5,
    cache_read: int | None = None,
    cache_write: int | None = None,
    size: int = 3,
) -> list[tuple[str | None, Any]]:
    """The Messages API's stream of a message with `content` (text and tool_use blocks)."""
    if stop_reason is None:
        stop_reason = "tool_use" if any(b["type"] == "tool_use" for b in content) else "end_turn"
    usage = {
        "input_tokens": input_tokens,
        "output_tokens": 1,
        "cache_creation_input_tokens": cache_write,
        "cache_read_input_tokens": cache_read,
    }
    message = {
        "id": "msg_01XFDUDYJgAACzvnptvVoYEL",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": usage,
    }
    events: list[tuple[str | None, Any]] = [
        ("message_start", {"type": "message_start", "message": message})
    ]
    for i, block in enumerate(content):
        if block["type"] == "text":
            start, deltas = (
                {"type": "text", "text": ""},
                [{"type": "text_delta", "text": p} for p in pieces(block["text"], size)],
            )
        else:
            start = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
            raw = json.dumps(block["input"]) if block["input"] else ""
            deltas = [{"type": "input_json_delta", "partial_json": p} for p in pieces(raw, size)]
        events.append(
            (
                "content_block_start",
                {"type": "content_block_start", "index": i, "content_block": start},
            )
        )
        if i == 0:
            events.append(("ping", {"type": "ping"}))
        events += [
            ("content_block_delta", {"type": "content_block_delta", "index": i, "delta": d})
            for d in deltas
        ]
        events.append(("content_block_stop", {"type": "content_block_stop", "index": i}))
    events.append(
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": stop_reason, "stop_sequence": None},
                "usage": {"output_tokens": output_tokens},
            },
        )
    )
    events.append(("message_stop", {"type": "message_stop"}))
    return events


def claude_stream(*content: dict[str, Any], **kwargs: Any) -> httpx.Response:
    return httpx.Response(200, content=sse(claude_events(*content, **kwargs)), headers=SSE)


def chat_events(
    content: str | None = None,
    *tool_calls: dict[str, Any],
    finish_reason: str | None = None,
    model: str = "gpt-4o-mini-2024-07-18",
    prompt_tokens: int = 20,
    completion_tokens: int = 7,
    cached_tokens: int | None = None,
    size: int = 3,
) -> list[tuple[str | None, Any]]:
    """Chat Completions' stream of a reply: content pieces, tool calls by index (id and name
    first, then their arguments in pieces), the finish reason, the usage chunk, [DONE]."""
    head = {
        "id": "chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG",
        "object": "chat.completion.chunk",
        "created": 1741570283,
        "model": model,
        "system_fingerprint": "fp_06737a9306",
    }

    def chunk(delta: dict[str, Any], finish: str | None = None) -> tuple[None, Any]:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
        return None, {**head, "choices": [choice], "usage": None}

    events = [
        chunk(
            {"role": "assistant", "content": "" if content is not None else None, "refusal": None}
        )
    ]
    if content:
        events += [chunk({"content": p}) for p in pieces(content, size)]
    for i, tc in enumerate(tool_calls):
        fn = tc["function"]
        first = {
            "index": i,
            "id": tc["id"],
            "type": "function",
            "function": {"name": fn["name"], "arguments": ""},
        }
        events.append(chunk({"tool_calls": [first]}))
        events += [
            chunk({"tool_calls": [{"index": i, "function": {"arguments": p}}]})
            for p in pieces(fn["arguments"], size)
        ]
    events.append(chunk({}, finish_reason or ("tool_calls" if tool_calls else "stop")))
    usage: dict[str, Any] = {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
    }
    if cached_tokens is not None:
        usage["prompt_tokens_details"] = {"cached_tokens": cached_tokens, "audio_tokens": 0}
    events.append((None, {**head, "choices": [], "usage": usage}))
    events.append((None, "[DONE]"))
    return events


def chat_stream(
    content: str | None = None, *tool_calls: dict[str, Any], **kwargs: Any
) -> httpx.Response:
    return httpx.Response(
        200, content=sse(chat_events(content, *tool_calls, **kwargs)), headers=SSE
    )
