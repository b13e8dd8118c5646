"""GPT, or any OpenAI-compatible server, through the official `openai` SDK (Chat Completions).

    OpenAIModel("gpt-4o-mini")                                    # key from OPENAI_API_KEY
    OpenAIModel("qwen2.5", base_url="http://localhost:11434/v1")   # Ollama, vLLM, llama.cpp

With a `base_url` that is not api.openai.com, `OPENAI_API_KEY` is not sent (a local server
must not receive your OpenAI key): pass `api_key=` or set `THINKACT_OPENAI_API_KEY` if the
server wants one; otherwise a placeholder is sent. `THINKACT_OPENAI_BASE_URL` sets a default
base URL for `openai:MODEL`. The SDK's own `OPENAI_BASE_URL` is honoured too, and with it
`OPENAI_API_KEY`, since that pair is the SDK's convention for pointing it elsewhere.

Tool call arguments that are not a JSON object are kept as `{"__invalid_json__": text}`
(see `thinkact.models.wire.RAW_ARGUMENTS`): the call stays paired with its result and the
model gets a validation error it can fix.
"""

from __future__ import annotations

import importlib
import json
import os
import re
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from typing import Any
from urllib.parse import urlparse

from thinkact.errors import ModelError, ToolsUnsupportedError, UserError
from thinkact.models import capabilities as caps_
from thinkact.models import http_errors
from thinkact.models.pricing import OPENAI_CONTEXT_WINDOW, context_window_for, usage_with_cost
from thinkact.models.wire import (
    Clients,
    TruncatedBody,
    arguments_text,
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

_PATH = "/chat/completions"
BASE_URL_ENV = "THINKACT_OPENAI_BASE_URL"
KEY_ENV = "THINKACT_OPENAI_API_KEY"
PLACEHOLDER_KEY = "not-needed"

_STOP: dict[str, StopReason] = {
    "stop": "end",
    "tool_calls": "tool_calls",
    "function_call": "tool_calls",
    "length": "max_tokens",
    "content_filter": "error",
}
# Reasoning models refuse `temperature` and `stop` (gpt-5-chat-* are chat models).
_REASONING = re.compile(r"^(o\d|gpt-[5-9](?!.*-chat))")


def _is_openai(base_url: str | None) -> bool:
    return base_url is None or urlparse(base_url).hostname == "api.openai.com"


# --- canonical -> wire ---------------------------------------------------------------------


def to_messages(messages: Sequence[Message]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for m in messages:
        if isinstance(m, SystemMessage | UserMessage):
            out.append({"role": m.role, "content": m.content})
        elif isinstance(m, AssistantMessage):
            msg: dict[str, Any] = {"role": "assistant", "content": m.content or None}
            if m.tool_calls:
                msg["tool_calls"] = [
                    {
                        "id": safe_call_id(c.id),
                        "type": "function",
                        "function": {"name": c.name, "arguments": arguments_text(c.arguments)},
                    }
                    for c in m.tool_calls
                ]
            elif not m.content:
                msg["content"] = ""
            out.append(msg)
        elif isinstance(m, ToolMessage):
            out.extend(
                {"role": "tool", "tool_call_id": safe_call_id(r.call_id), "content": r.content}
                for r in m.results
            )
    return out


def to_params(
    model: str,
    request: ModelRequest,
    *,
    compatible: bool = False,
    constrained: bool = False,
    schema_field: str | None = "json_schema",
    grammar: bool = True,
) -> dict[str, Any]:
    """The request body (the keyword arguments of `client.chat.completions.create`).

    `compatible` (a server that is not OpenAI): the long-standing `max_tokens` field, which
    Ollama, vLLM and llama.cpp read; OpenAI itself wants `max_completion_tokens`.
    `constrained`: pass the format's JSON schema the way `schema_field` says (see
    `capabilities.schema_params`; None: not at all) or else its GBNF grammar as `grammar`
    (read by llama.cpp's servers only), unless `grammar` is False.
    """
    params: dict[str, Any] = {"model": model, "messages": to_messages(request.messages)}
    reasoning = not compatible and bool(_REASONING.match(model))
    params["max_tokens" if compatible else "max_completion_tokens"] = request.max_tokens
    if not reasoning:
        params["temperature"] = request.temperature
        if request.frequency_penalty:
            params["frequency_penalty"] = request.frequency_penalty
        if request.stop:
            params["stop"] = list(request.stop[:4])  # the API takes at most four
    if request.tools:
        params["tools"] = [
            {
                "type": "function",
                "function": {
                    "name": t.name,
                    "description": t.description,
                    "parameters": dict(t.parameters),
                },
            }
            for t in request.tools
        ]
        params["tool_choice"] = request.tool_choice
    if constrained and request.json_schema is not None and schema_field:
        params.update(caps_.schema_params(schema_field, request.json_schema))
    elif constrained and request.grammar and grammar:
        params["grammar"] = request.grammar
    return params


# --- wire -> canonical ---------------------------------------------------------------------


def from_completion(data: Any, model: str, *, priced: bool = True) -> Reply:
    """A Reply from a Chat Completions response body; ValueError if it is not one."""
    if not isinstance(data, Mapping):
        raise ValueError(f"expected a JSON object, got {type(data).__name__}")
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], Mapping):
        error = data.get("error")
        if error:
            msg = error.get("message") if isinstance(error, Mapping) else error
            raise ValueError(f"error in body: {msg}")
        raise ValueError("no `choices` in the response")
    choice = choices[0]
    message = choice.get("message")
    if not isinstance(message, Mapping):
        raise ValueError("no `message` in the first choice")
    calls: list[ToolCall] = []
    for i, tc in enumerate(message.get("tool_calls") or ()):
        fn = tc.get("function") if isinstance(tc, Mapping) else None
        if not isinstance(fn, Mapping):
            continue
        calls.append(
            ToolCall(
                # Some compatible servers omit ids; ours must be unique within the reply.
                id=str(tc.get("id") or f"call_{i}"),
                name=str(fn.get("name") or ""),
                arguments=parse_arguments(fn.get("arguments")),
            )
        )
    u = data.get("usage")
    u = u if isinstance(u, Mapping) else {}
    details = u.get("prompt_tokens_details")
    cached = count(details.get("cached_tokens")) if isinstance(details, Mapping) else 0
    prompt = count(u.get("prompt_tokens"))
    usage = usage_with_cost(
        model,
        uncached_input=max(prompt - cached, 0),
        output=count(u.get("completion_tokens")),
        cache_read=cached,
        priced=priced,
    )
    stop = _STOP.get(str(choice.get("finish_reason")), "end")
    if calls and stop == "end":
        stop = "tool_calls"
    text = message.get("content")
    return Reply(text if isinstance(text, str) else "", tuple(calls), usage, stop)


class StreamedCompletion:
    """A Chat Completions body rebuilt from its `chat.completion.chunk`s (text, tool calls
    by index, the finish reason, the usage chunk), so `from_completion` reads a streamed
    reply exactly as it reads the same reply whole."""

    def __init__(self) -> None:
        self.text: list[str] | None = None
        self.calls: dict[int, dict[str, Any]] = {}
        self.finish: Any = None
        self.usage: Any = None

    def add(self, chunk: Any) -> str:
        """Take one chunk; the text it adds to the reply, if any."""
        if not isinstance(chunk, Mapping):
            return ""
        if isinstance(chunk.get("usage"), Mapping):  # the last chunk, with include_usage
            self.usage = chunk["usage"]
        choices = chunk.get("choices")
        if not isinstance(choices, list) or not choices or not isinstance(choices[0], Mapping):
            return ""
        choice = choices[0]
        if choice.get("finish_reason"):
            self.finish = choice["finish_reason"]
        delta = choice.get("delta")
        if not isinstance(delta, Mapping):
            return ""
        for tc in delta.get("tool_calls") or ():
            if not isinstance(tc, Mapping):
                continue
            index = tc.get("index")
            if not isinstance(index, int):  # a server that sends no index: an id starts a call
                last = max(self.calls, default=-1)
                index = last + 1 if tc.get("id") or last < 0 else last
            call = self.calls.setdefault(
                index, {"id": None, "type": "function", "function": {"name": "", "arguments": ""}}
            )
            call["id"] = tc.get("id") or call["id"]
            fn = tc.get("function")
            fn = fn if isinstance(fn, Mapping) else {}
            for key in ("name", "arguments"):
                if isinstance(fn.get(key), str):
                    call["function"][key] += fn[key]
        content = delta.get("content")
        if not isinstance(content, str):
            return ""
        if self.text is None:
            self.text = []
        self.text.append(content)
        return content

    def completion(self) -> dict[str, Any]:
        text = "".join(self.text) if self.text is not None else None
        message: dict[str, Any] = {"role": "assistant", "content": text}
        if self.calls:
            message["tool_calls"] = [self.calls[i] for i in sorted(self.calls)]
        choice = {"index": 0, "message": message, "finish_reason": self.finish}
        return {"choices": [choice], "usage": self.usage}


# --- the model -----------------------------------------------------------------------------


class OpenAIModel:
    """Chat Completions with native tool calls, on OpenAI or a compatible server.

    `constrained=True` asks the server to decode under the text format's JSON schema or
    grammar (see `to_params`), so a small served model can only write valid actions; None
    (the default) does where `capabilities()` found that the server honours them.
    """

    native_tools = True
    preferred_format: str | None = None

    def __init__(
        self,
        model: str = "gpt-4o-mini",
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        http_client: Any = None,
        async_http_client: Any = None,
        timeout: float = 120.0,
        context_window: int | None = None,
        constrained: bool | None = None,
    ) -> None:
        try:
            import openai  # noqa: F401  (fail here, not mid-run, if the SDK is missing)
        except ImportError:
            raise UserError("the OpenAI provider needs `pip install openai`") from None
        self.model = model
        env_url = os.environ.get(BASE_URL_ENV) or os.environ.get("OPENAI_BASE_URL")
        self.base_url = base_url or env_url or None
        # OPENAI_BASE_URL + OPENAI_API_KEY is the SDK's own way to point elsewhere.
        self._sdk_env_url = not base_url and not os.environ.get(BASE_URL_ENV) and bool(env_url)
        self.compatible = not _is_openai(self.base_url)
        self.name = f"openai:{model}@{self.base_url}" if self.compatible else f"openai:{model}"
        default_window = OPENAI_CONTEXT_WINDOW
        self.context_window = context_window or (
            default_window if self.compatible else context_window_for(model, default_window)
        )
        self.timeout = timeout
        self.constrained = constrained
        self._caps: caps_.Capabilities | None = None
        self._api_key = api_key
        self._http = (http_client, async_http_client)
        self._clients = Clients(self._new_client)
        if self.compatible:
            self._provider = http_errors.Provider(
                "OpenAI-compatible", KEY_ENV, model, self.base_url
            )
        else:
            self._provider = http_errors.Provider("OpenAI", "OPENAI_API_KEY", model)

    def __repr__(self) -> str:
        return f"OpenAIModel({self.model!r}, base_url={self.base_url!r})"

    def _key(self) -> str | None:
        if self._api_key:
            return self._api_key
        if self.compatible:
            sdk_key = os.environ.get("OPENAI_API_KEY") if self._sdk_env_url else None
            return os.environ.get(KEY_ENV) or sdk_key or PLACEHOLDER_KEY
        return os.environ.get("OPENAI_API_KEY") or None

    def _client(self, is_async: bool) -> Any:
        return self._clients.get(is_async)

    def _new_client(self, is_async: bool) -> Any:
        import openai

        from thinkact.models.http_bridge import sdk_client

        key = self._key()
        if key is None:
            raise http_errors.missing_key(self._provider)
        cls = openai.AsyncOpenAI if is_async else openai.OpenAI
        kwargs: dict[str, Any] = {"api_key": key, "max_retries": 0, "timeout": self.timeout}
        if self.base_url:
            kwargs["base_url"] = self.base_url
        http = sdk_client(self._http[is_async], is_async=is_async)
        if http is not None:
            kwargs["http_client"] = http
        try:
            client = cls(**kwargs)
        except openai.OpenAIError as e:
            raise http_errors.missing_key(self._provider) from e
        return client

    def require_key(self) -> None:
        """AuthenticationError now if OpenAI needs a key and none is configured (no request
        is made); a server at another base URL needs none."""
        self._client(False)

    def capabilities(self, *, refresh: bool = False) -> caps_.Capabilities | None:
        """What this server does with tools, grammars and JSON schemas: probed on first use
        of its (base URL, model) and cached on disk (`thinkact.models.capabilities`); None
        for OpenAI itself, whose tool calls work. ModelError if the server cannot be asked."""
        if self.compatible and (self._caps is None or refresh):
            self._caps = caps_.learn(str(self.base_url), self.model, self._post, refresh=refresh)
        return self._caps

    def _post(self, body: dict[str, Any]) -> Any:
        """One body posted as is, its JSON reply read (the probe's questions)."""
        try:
            raw = self._client(False).post(_PATH, body=body, cast_to=bytes)
        except ModelError:
            raise
        except Exception as e:
            raise self._error(e) from e
        try:
            return load_body(raw)
        except ValueError as e:  # TruncatedBody is one
            raise http_errors.invalid_response(self._provider, str(e)) from e

    def params(self, request: ModelRequest) -> dict[str, Any]:
        learned, constrained = self._caps, self.constrained
        if constrained is None:
            constrained = learned is not None and (learned.grammar or learned.schema is not None)
        return to_params(
            self.model,
            request,
            compatible=self.compatible,
            constrained=constrained,
            schema_field=learned.schema if learned else "json_schema",
            grammar=learned.grammar if learned else True,
        )

    # `chat.completions.create` walks every message against the SDK's TypedDicts: ~25 ms a
    # call for a 60-message history, growing with it. Our params are plain JSON already, so
    # they go through the SDK's documented low-level `post` (same auth, headers and errors)
    # in ~2 ms. The body comes back as bytes: we read the JSON ourselves (`load_body`), so
    # a body nested too deep for Python's parser cannot raise RecursionError inside the SDK.

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

    # Streaming: the same `post` with `stream=True`, decoded by the SDK's own SSE stream (an
    # error chunk raises as a status error would); the usage comes in a last chunk.

    def stream(self, request: ModelRequest) -> Iterator[str | Reply]:
        import openai

        completion = StreamedCompletion()
        try:
            chunks = self._client(False).post(
                _PATH,
                body=self._stream_params(request),
                cast_to=object,
                stream=True,
                stream_cls=openai.Stream[object],
            )
            with chunks:
                for chunk in chunks:
                    if piece := completion.add(chunk):
                        yield piece
        except Exception as e:
            raise self._error(e) from e
        yield self._streamed(completion)

    async def astream(self, request: ModelRequest) -> AsyncIterator[str | Reply]:
        import openai

        completion = StreamedCompletion()
        try:
            chunks = await self._client(True).post(
                _PATH,
                body=self._stream_params(request),
                cast_to=object,
                stream=True,
                stream_cls=openai.AsyncStream[object],
            )
            async with chunks:
                async for chunk in chunks:
                    if piece := completion.add(chunk):
                        yield piece
        except Exception as e:
            raise self._error(e) from e
        yield self._streamed(completion)

    def _stream_params(self, request: ModelRequest) -> dict[str, Any]:
        return {**self.params(request), "stream": True, "stream_options": {"include_usage": True}}

    def _streamed(self, completion: StreamedCompletion) -> Reply:
        if completion.finish is None:  # the connection dropped before the last choice
            raise http_errors.cut_short(self._provider, "the stream ended before a finish_reason")
        try:
            return from_completion(completion.completion(), self.model, priced=not self.compatible)
        except (ValueError, TypeError, AttributeError) as e:
            raise http_errors.invalid_response(self._provider, str(e)) from e

    def count_tokens(self, request: ModelRequest) -> int:
        """With `tiktoken` installed and an OpenAI model: its tokenizer plus the documented
        per-message overhead. Otherwise the local estimate (`thinkact.testing.estimate_tokens`)."""
        if not self.compatible:
            exact = _tiktoken_count(self.model, request)
            if exact is not None:
                return exact
        return estimate_tokens(request)

    def _reply(self, body: bytes) -> Reply:
        try:
            return from_completion(load_body(body), self.model, priced=not self.compatible)
        except TruncatedBody as e:  # the connection dropped mid-body: transient
            raise http_errors.cut_short(self._provider, str(e)) from e
        except (ValueError, TypeError, AttributeError) as e:
            raise http_errors.invalid_response(self._provider, str(e)) from e

    def _error(self, e: Exception) -> Exception:
        """Our error for whatever the SDK raised (unknown exceptions pass through)."""
        import openai

        error = http_errors.from_sdk(openai, self._provider, self.timeout, e)
        if (
            self.compatible
            and isinstance(error, ModelError)
            and caps_.rejects_tools(error, str(self.base_url))
        ):
            # A server that claims tools but refuses them: runs go on in a text format.
            caps_.forget_tools(str(self.base_url), self.model)
            fallback = self._caps.text_format if self._caps else "xml"
            return ToolsUnsupportedError(
                str(error), provider=error.provider, status=error.status, fallback=fallback
            )
        return error


def _tiktoken_count(model: str, request: ModelRequest) -> int | None:
    """OpenAI's counting recipe: 3 tokens a message + its text + 3 to prime the reply."""
    try:
        tiktoken = importlib.import_module("tiktoken")  # optional, so not a typed import
    except ImportError:
        return None
    try:
        enc = tiktoken.encoding_for_model(model)
    except Exception:  # unknown model, or its encoding cannot be fetched (offline)
        return None
    total = 3
    for m in to_messages(request.messages):
        total += 3
        for value in m.values():
            if isinstance(value, str):
                total += len(enc.encode(value))
            elif value is not None:
                total += len(enc.encode(json.dumps(value)))
    for t in request.tools:
        total += len(enc.encode(json.dumps(t.to_dict())))
    return total
