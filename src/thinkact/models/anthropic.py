"""Claude through the official `anthropic` SDK (Messages API).

    AnthropicModel("claude-sonnet-4-6")                    # key from ANTHROPIC_API_KEY
    AnthropicModel("claude-haiku-4-5", prompt_caching=True)
    AnthropicModel("claude-sonnet-4-6", base_url="https://gateway.example/anthropic")

Translation is pure (`to_params`, `from_message`), so sync and async share it. The SDK's own
retries are off: the loop retries every provider under one `RetryPolicy`.

API version 2026-10-21 (sent by SDK 2.x) refuses sampling parameters, so `temperature` is sent
only to SDKs whose `messages.create` still takes it.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from typing import Any

from thinkact.errors import UserError
from thinkact.models import http_errors
from thinkact.models.pricing import ANTHROPIC_CONTEXT_WINDOW, context_window_for, usage_with_cost
from thinkact.models.wire import (
    Clients,
    TruncatedBody,
    as_plain,
    count,
    load_body,
    parse_arguments,
    safe_call_id,
)
from thinkact.tokens import estimate_tokens
from thinkact.types import (
    AssistantMessage,
    Message,
    ModelRequest,
    Reply,
    StopReason,
    SystemMessage,
    ToolCall,
    ToolMessage,
    UserMessage,
)

_PATH = "/v1/messages"
DEFAULT_MODEL = "claude-sonnet-4-6"  # claude-sonnet-4-5 reaches end of life on 2026-11-30

_STOP: dict[str, StopReason] = {
    "end_turn": "end",
    "tool_use": "tool_calls",
    "max_tokens": "max_tokens",
    "stop_sequence": "stop_sequence",
    "model_context_window_exceeded": "max_tokens",
    "pause_turn": "end",
    "refusal": "end",
}
_TOOL_CHOICE = {"auto": "auto", "required": "any", "none": "none"}
_EPHEMERAL = {"type": "ephemeral"}
_EMPTY = "(empty)"  # the API refuses empty text blocks


# --- canonical -> wire ---------------------------------------------------------------------


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text if text.strip() else _EMPTY}


def to_messages(messages: Sequence[Message]) -> tuple[str, list[dict[str, Any]]]:
    """(system prompt, alternating user/assistant turns).

    Tool results and the note that follows them (a ToolMessage then a UserMessage) become
    one user turn, tool results first: the API wants strict alternation and wants a turn's
    `tool_result` blocks ahead of its text.
    """
    system: list[str] = []
    turns: list[dict[str, Any]] = []

    def add(role: str, blocks: list[dict[str, Any]]) -> None:
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"].extend(blocks)
        else:
            turns.append({"role": role, "content": blocks})

    for m in messages:
        if isinstance(m, SystemMessage):
            system.append(m.content)
        elif isinstance(m, UserMessage):
            add("user", [_text(m.content)])
        elif isinstance(m, AssistantMessage):
            blocks = [_text(m.content)] if m.content.strip() or not m.tool_calls else []
            blocks += [
                {
                    "type": "tool_use",
                    "id": safe_call_id(c.id),
                    "name": c.name,
                    "input": dict(c.arguments),
                }
                for c in m.tool_calls
            ]
            add("assistant", blocks)
        elif isinstance(m, ToolMessage):
            add(
                "user",
                [
                    {
                        "type": "tool_result",
                        "tool_use_id": safe_call_id(r.call_id),
                        "content": r.content or "(no output)",
                        "is_error": r.is_error,
                    }
                    for r in m.results
                ],
            )
    for turn in turns:
        if turn["role"] == "user":
            turn["content"].sort(key=lambda b: b["type"] != "tool_result")  # stable
    if turns and turns[-1]["role"] == "assistant":  # a prefill may not end in whitespace
        last = turns[-1]["content"][-1]
        if last["type"] == "text":
            last["text"] = last["text"].rstrip() or _EMPTY
    return "\n\n".join(s for s in system if s.strip()), turns


def to_params(
    model: str,
    request: ModelRequest,
    *,
    prompt_caching: bool = False,
    temperature: bool = False,
) -> dict[str, Any]:
    """Keyword arguments for `client.messages.create` (`temperature`: send it)."""
    system, turns = to_messages(request.messages)
    params: dict[str, Any] = {"model": model, "max_tokens": request.max_tokens, "messages": turns}
    if temperature:
        params["temperature"] = request.temperature
    tools = [
        {
            "name": t.name,
            "description": t.description,
            "input_schema": {"type": "object", **dict(t.parameters)},
        }
        for t in request.tools
    ]
    if tools:
        params["tools"] = tools
        params["tool_choice"] = {"type": _TOOL_CHOICE[request.tool_choice]}
    if system:
        params["system"] = [_text(system)]
    stops = [s for s in request.stop if s.strip()]  # the API refuses whitespace-only ones
    if stops:
        params["stop_sequences"] = stops
    if prompt_caching:
        _mark_cache(params)
    return params


def _mark_cache(params: dict[str, Any]) -> None:
    """Cache breakpoints: end of the system prompt (which covers the tools before it, or the
    last tool when there is no system prompt) and end of the conversation, so each turn reads
    the previous turn's prefix from the cache."""
    if params.get("system"):
        params["system"][-1]["cache_control"] = _EPHEMERAL
    elif params.get("tools"):
        params["tools"][-1]["cache_control"] = _EPHEMERAL
    turns = params["messages"]
    if turns and turns[-1]["content"]:
        turns[-1]["content"][-1]["cache_control"] = _EPHEMERAL


# --- wire -> canonical ---------------------------------------------------------------------


def from_message(data: Any, model: str) -> Reply:
    """A Reply from a Messages API response body; ValueError if it is not one."""
    if not isinstance(data, Mapping):
        raise ValueError(f"expected a JSON object, got {type(data).__name__}")
    content = data.get("content")
    if not isinstance(content, list):
        error = data.get("error")
        if isinstance(error, Mapping) and error.get("message"):
            raise ValueError(f"error in body: {error['message']}")
        raise ValueError("no `content` list in the response")
    texts: list[str] = []
    calls: list[ToolCall] = []
    for block in content:
        if not isinstance(block, Mapping):
            continue
        kind = block.get("type")
        if kind == "text":
            texts.append(str(block.get("text") or ""))
        elif kind == "tool_use":
            calls.append(
                ToolCall(
                    id=str(block.get("id") or f"toolu_{len(calls)}"),
                    name=str(block.get("name") or ""),
                    arguments=parse_arguments(block.get("input")),
                )
            )
    u = data.get("usage")
    u = u if isinstance(u, Mapping) else {}
    usage = usage_with_cost(
        model,
        uncached_input=count(u.get("input_tokens")),
        output=count(u.get("output_tokens")),
        cache_read=count(u.get("cache_read_input_tokens")),
        cache_write=count(u.get("cache_creation_input_tokens")),
    )
    stop = _STOP.get(str(data.get("stop_reason")), "end")
    if calls and stop == "end":
        stop = "tool_calls"
    return Reply("".join(texts), tuple(calls), usage, stop)


class StreamedMessage:
    """A Messages API body rebuilt from its stream's events (message_start,
    content_block_start/delta/stop, message_delta, message_stop), so `from_message` reads a
    streamed reply exactly as it reads the same reply whole."""

    def __init__(self) -> None:
        self.body: dict[str, Any] = {"content": []}
        self.json: dict[int, list[str]] = {}  # a tool_use block's input, as it comes
        self.ended = False

    def add(self, event: Any) -> str:
        """Take one event; the text it adds to the reply, if any."""
        if not isinstance(event, Mapping):
            return ""
        kind, content = event.get("type"), self.body["content"]
        if kind == "message_start" and isinstance(event.get("message"), Mapping):
            self.body = {**event["message"], "content": []}
        elif kind == "content_block_start" and isinstance(event.get("content_block"), Mapping):
            content.append(dict(event["content_block"]))
        elif kind == "content_block_delta" and content and isinstance(event.get("delta"), Mapping):
            block, delta = self._block(event), event["delta"]
            if delta.get("type") == "text_delta" and isinstance(delta.get("text"), str):
                block["text"] = str(block.get("text") or "") + delta["text"]
                return str(delta["text"])
            if delta.get("type") == "input_json_delta":
                self.json.setdefault(id(block), []).append(str(delta.get("partial_json") or ""))
        elif kind == "content_block_stop" and content:
            block = self._block(event)
            if id(block) in self.json:  # `parse_arguments` reads the text as a whole body would
                block["input"] = "".join(self.json.pop(id(block)))
        elif kind == "message_delta":
            delta = event.get("delta")
            if isinstance(delta, Mapping) and "stop_reason" in delta:
                self.body["stop_reason"] = delta["stop_reason"]
            usage = event.get("usage")
            if isinstance(usage, Mapping):  # counts so far: they replace message_start's
                before = self.body.get("usage")
                before = before if isinstance(before, Mapping) else {}
                self.body["usage"] = {**before, **{k: v for k, v in usage.items() if v is not None}}
        elif kind == "message_stop":
            self.ended = True
        return ""

    def _block(self, event: Mapping[str, Any]) -> dict[str, Any]:
        content: list[dict[str, Any]] = self.body["content"]
        index = event.get("index")
        return (
            content[index] if isinstance(index, int) and 0 <= index < len(content) else content[-1]
        )


@functools.cache
def _takes_temperature() -> bool:
    import anthropic

    create = anthropic.resources.messages.Messages.create
    return "temperature" in inspect.signature(create).parameters


# --- the model -----------------------------------------------------------------------------


class AnthropicModel:
    """Claude over the Messages API, with native tool calls.

    `http_client` / `async_http_client` (httpx or httpx2 clients) replace the SDK's own, e.g.
    to test through `httpx.MockTransport`. `prompt_caching` marks the system prompt, tools
    and conversation prefix for Anthropic's prompt cache. `timeout` bounds one call.
    """

    native_tools = True
    preferred_format: str | None = None

    def __init__(
        self,
        model: str = DEFAULT_MODEL,
        *,
        api_key: str | None = None,
        http_client: Any = None,
        async_http_client: Any = None,
        prompt_caching: bool = False,
        timeout: float = 120.0,
        context_window: int | None = None,
        base_url: str | None = None,
    ) -> None:
        try:
            import anthropic  # noqa: F401  (fail here, not mid-run, if the SDK is missing)
        except ImportError:
            raise UserError("the Anthropic provider needs `pip install anthropic`") from None
        self.model = model
        # The base URL is part of the name, so a stored run resumes through the same proxy.
        self.name = f"anthropic:{model}@{base_url}" if base_url else f"anthropic:{model}"
        self.context_window = context_window or context_window_for(model, ANTHROPIC_CONTEXT_WINDOW)
        self.prompt_caching = prompt_caching
        self.timeout = timeout
        self._api_key = api_key
        self._base_url = base_url
        self._http = (http_client, async_http_client)
        self._clients = Clients(self._new_client)
        self._provider = http_errors.Provider("Anthropic", "ANTHROPIC_API_KEY", model)

    def __repr__(self) -> str:
        if self._base_url:
            return f"AnthropicModel({self.model!r}, base_url={self._base_url!r})"
        return f"AnthropicModel({self.model!r})"

    def _client(self, is_async: bool) -> Any:
        return self._clients.get(is_async)

    def _new_client(self, is_async: bool) -> Any:
        import anthropic

        from thinkact.models.http_bridge import sdk_client

        cls = anthropic.AsyncAnthropic if is_async else anthropic.Anthropic
        kwargs: dict[str, Any] = {"max_retries": 0, "timeout": self.timeout}
        if self._api_key is not None:
            kwargs["api_key"] = self._api_key
        if self._base_url is not None:
            kwargs["base_url"] = self._base_url
        http = sdk_client(self._http[is_async], is_async=is_async)
        if http is not None:
            kwargs["http_client"] = http
        try:
            client = cls(**kwargs)
        except anthropic.CredentialsError as e:  # no key, and no usable profile on disk
            raise http_errors.missing_key(self._provider, str(e)) from e
        creds = (getattr(client, a, None) for a in ("api_key", "auth_token", "credentials"))
        if not any(creds):
            raise http_errors.missing_key(self._provider)
        return client

    def require_key(self) -> None:
        """AuthenticationError now if no credentials are configured (no request is made),
        rather than at the first call, after a run has started."""
        self._client(False)

    def params(self, request: ModelRequest) -> dict[str, Any]:
        return to_params(
            self.model,
            request,
            prompt_caching=self.prompt_caching,
            temperature=_takes_temperature(),
        )

    # The SDK's low-level `post` (same auth, headers and errors as `messages.create`, whose
    # params ours already are) with the body as bytes: we read the JSON ourselves
    # (`load_body`), so a tool input nested too deep for Python's parser cannot raise
    # RecursionError inside the SDK; it becomes an error the model is shown.

    def complete(self, request: ModelRequest) -> Reply:
        client = self._client(False)
        params = self.params(request)
        try:
            body = client.post(_PATH, body=params, cast_to=bytes)
        except Exception as e:
            raise self._error(e) from e
        return self._reply(body)

    async def acomplete(self, request: ModelRequest) -> Reply:
        client = self._client(True)
        params = self.params(request)
        try:
            body = await client.post(_PATH, body=params, cast_to=bytes)
        except Exception as e:
            raise self._error(e) from e
        return self._reply(body)

    # Streaming goes through the same `post`, with the SDK's own SSE decoding and its errors
    # (an `error` event mid-stream raises as a status error would).

    def stream(self, request: ModelRequest) -> Iterator[str | Reply]:
        import anthropic

        message = StreamedMessage()
        try:
            events = self._client(False).post(
                _PATH,
                body={**self.params(request), "stream": True},
                cast_to=object,
                stream=True,
                stream_cls=anthropic.Stream[object],
            )
            with events:
                for event in events:
                    if piece := message.add(event):
                        yield piece
        except Exception as e:
            raise self._error(e) from e
        yield self._streamed(message)

    async def astream(self, request: ModelRequest) -> AsyncIterator[str | Reply]:
        import anthropic

        message = StreamedMessage()
        try:
            events = await self._client(True).post(
                _PATH,
                body={**self.params(request), "stream": True},
                cast_to=object,
                stream=True,
                stream_cls=anthropic.AsyncStream[object],
            )
            async with events:
                async for event in events:
                    if piece := message.add(event):
                        yield piece
        except Exception as e:
            raise self._error(e) from e
        yield self._streamed(message)

    def _streamed(self, message: StreamedMessage) -> Reply:
        if not message.ended:  # the connection dropped before message_stop: transient
            raise http_errors.cut_short(self._provider, "the stream ended before message_stop")
        try:
            return from_message(message.body, self.model)
        except (ValueError, TypeError, AttributeError) as e:
            raise http_errors.invalid_response(self._provider, str(e)) from e

    def count_tokens(self, request: ModelRequest) -> int:
        """A local estimate (~4 characters a token, see `thinkact.testing.estimate_tokens`);
        no network. `count_tokens_exact` asks the API."""
        return estimate_tokens(request)

    def count_tokens_exact(self, request: ModelRequest) -> int:
        """The API's own count (`messages.count_tokens`): exact, but a network call."""
        params = self.params(request)
        keep = ("model", "messages", "system", "tools", "tool_choice")
        try:
            result = self._client(False).messages.count_tokens(
                **{k: v for k, v in params.items() if k in keep}
            )
        except Exception as e:
            raise self._error(e) from e
        data = as_plain(result)
        if not isinstance(data, Mapping) or not isinstance(data.get("input_tokens"), int):
            raise http_errors.invalid_response(self._provider, "no `input_tokens` in the count")
        return int(data["input_tokens"])

    def _reply(self, body: bytes) -> Reply:
        try:
            return from_message(load_body(body), self.model)
        except TruncatedBody as e:  # the connection dropped mid-body: transient
            raise http_errors.cut_short(self._provider, str(e)) from e
        except (ValueError, TypeError, AttributeError) as e:
            raise http_errors.invalid_response(self._provider, str(e)) from e

    def _error(self, e: Exception) -> Exception:
        """Our error for whatever the SDK raised (unknown exceptions pass through)."""
        import anthropic

        return http_errors.from_sdk(anthropic, self._provider, self.timeout, e)
