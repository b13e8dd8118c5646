"""AnthropicModel through the real `anthropic` SDK, answered by a MockTransport in the
Messages API's wire format."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import httpx2
import pytest
from api_fakes import (  # noqa: F401
    FakeAPI,
    claude,
    claude_error,
    cut,
    hermetic_sdk_env,
    text,
    tool_use,
)

from thinkact import Agent, AgentConfig, RetryPolicy, tool
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
    TransientError,
)
from thinkact.events import RetryScheduled, ToolFinished
from thinkact.models.anthropic import AnthropicModel, to_messages
from thinkact.types import (
    AssistantMessage,
    Message,
    ModelRequest,
    SystemMessage,
    ToolCall,
    ToolMessage,
    ToolResult,
    ToolSpec,
    UserMessage,
)

ADD = ToolSpec(
    "add",
    "Add two integers.",
    {
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
        "required": ["a", "b"],
    },
)
FAST = AgentConfig(retry=RetryPolicy(max_attempts=4, base_delay=0.001, jitter=False))


def model(api: FakeAPI, **kw: Any) -> AnthropicModel:
    return AnthropicModel(
        "claude-sonnet-4-6", api_key="sk-ant-test", http_client=api.client(), **kw
    )


def ask(text_: str = "Hi") -> ModelRequest:
    return ModelRequest([SystemMessage("Be brief."), UserMessage(text_)])


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


# --- plain replies and the request on the wire ------------------------------------------


def test_plain_text_reply_and_request_wire_format() -> None:
    api = FakeAPI(claude(text("Hello there.")))
    reply = model(api).complete(ask())

    assert reply.text == "Hello there."
    assert reply.tool_calls == ()
    assert reply.stop_reason == "end"
    (req,) = api.requests
    assert req.method == "POST" and req.url.path == "/v1/messages"
    assert req.headers["authorization"] == "Bearer sk-ant-test"
    assert "anthropic-version" in req.headers
    assert req.headers["x-stainless-retry-count"] == "0"
    body = api.bodies[0]
    assert body["model"] == "claude-sonnet-4-6"
    assert body["max_tokens"] == 1024
    assert body["system"] == [{"type": "text", "text": "Be brief."}]
    assert body["messages"] == [{"role": "user", "content": [{"type": "text", "text": "Hi"}]}]
    # No tools, no tool_choice; API version 2026-10-21 refuses sampling parameters.
    assert "tools" not in body and "tool_choice" not in body and "temperature" not in body


def test_one_tool_call() -> None:
    api = FakeAPI(claude(text("Let me add."), tool_use("toolu_01A", "add", {"a": 2, "b": 3})))
    reply = model(api).complete(ModelRequest([UserMessage("2+3?")], tools=(ADD,)))

    assert reply.text == "Let me add."
    assert reply.tool_calls == (ToolCall("toolu_01A", "add", {"a": 2, "b": 3}),)
    assert reply.stop_reason == "tool_calls"
    body = api.bodies[0]
    assert body["tools"] == [
        {"name": "add", "description": "Add two integers.", "input_schema": dict(ADD.parameters)}
    ]
    assert body["tool_choice"] == {"type": "auto"}


def test_several_tool_calls_in_one_reply() -> None:
    api = FakeAPI(
        claude(
            tool_use("toolu_1", "add", {"a": 1, "b": 2}),
            tool_use("toolu_2", "add", {"a": 3, "b": 4}),
            tool_use("toolu_3", "add", {"a": 5, "b": 6}),
        )
    )
    reply = model(api).complete(ModelRequest([UserMessage("sums")], tools=(ADD,)))
    assert [c.id for c in reply.tool_calls] == ["toolu_1", "toolu_2", "toolu_3"]
    assert [dict(c.arguments) for c in reply.tool_calls] == [
        {"a": 1, "b": 2},
        {"a": 3, "b": 4},
        {"a": 5, "b": 6},
    ]


@pytest.mark.parametrize(
    ("choice", "wire"), [("auto", "auto"), ("required", "any"), ("none", "none")]
)
def test_tool_choice(choice: Any, wire: str) -> None:
    api = FakeAPI(claude(text("ok")))
    model(api).complete(ModelRequest([UserMessage("x")], tools=(ADD,), tool_choice=choice))
    assert api.bodies[0]["tool_choice"] == {"type": wire}


def test_text_formats_send_stop_sequences_and_no_tools() -> None:
    api = FakeAPI(claude(text("Thought: multiply\nAction: calc"), stop_reason="stop_sequence"))
    req = ModelRequest([UserMessage("x")], stop=("\nObservation:", "<observation>", "  "))
    reply = model(api).complete(req)
    body = api.bodies[0]
    # Whitespace-only stop sequences are refused by the API, so they are dropped.
    assert body["stop_sequences"] == ["\nObservation:", "<observation>"]
    assert "tools" not in body
    assert reply.stop_reason == "stop_sequence"


# --- history translation --------------------------------------------------------------


HISTORY: list[Message] = [
    SystemMessage("sys"),
    UserMessage("What is (1+2) and (3+4)?"),
    AssistantMessage(
        "Adding both.",
        (ToolCall("toolu_1", "add", {"a": 1, "b": 2}), ToolCall("toolu_2", "add", {"a": 3})),
    ),
    ToolMessage(
        (
            ToolResult("toolu_1", "add", "3"),
            ToolResult("toolu_2", "add", "TOOL ERROR: ValidationError: 'b' missing", True),
        )
    ),
    UserMessage("[Step 2 of 20]"),
]


def test_tool_results_and_step_note_merge_into_one_user_turn() -> None:
    system, turns = to_messages(HISTORY)
    assert system == "sys"
    assert [t["role"] for t in turns] == ["user", "assistant", "user"]
    assert turns[1]["content"] == [
        {"type": "text", "text": "Adding both."},
        {"type": "tool_use", "id": "toolu_1", "name": "add", "input": {"a": 1, "b": 2}},
        {"type": "tool_use", "id": "toolu_2", "name": "add", "input": {"a": 3}},
    ]
    assert turns[2]["content"] == [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "3", "is_error": False},
        {
            "type": "tool_result",
            "tool_use_id": "toolu_2",
            "content": "TOOL ERROR: ValidationError: 'b' missing",
            "is_error": True,
        },
        {"type": "text", "text": "[Step 2 of 20]"},
    ]


def test_ids_the_api_would_refuse_are_mapped_the_same_way_on_call_and_result() -> None:
    _, turns = to_messages(
        [
            UserMessage("x"),
            AssistantMessage("", (ToolCall("call 0/1", "add", {}),)),
            ToolMessage((ToolResult("call 0/1", "add", ""),)),
        ]
    )
    use_id = turns[1]["content"][0]["id"]
    result = turns[2]["content"][0]
    assert use_id == result["tool_use_id"] and use_id.replace("_", "").isalnum()
    assert result["content"] == "(no output)"  # the API refuses empty content
    assert turns[1]["content"][0]["type"] == "tool_use"  # no empty text block before it


def test_empty_assistant_text_gets_a_placeholder() -> None:
    _, turns = to_messages([UserMessage("x"), AssistantMessage(""), UserMessage("again")])
    assert turns[1] == {"role": "assistant", "content": [{"type": "text", "text": "(empty)"}]}


# --- usage, cost and caching ------------------------------------------------------------


def test_usage_with_cache_tokens_and_cost() -> None:
    api = FakeAPI(
        claude(text("ok"), input_tokens=50, output_tokens=20, cache_read=1000, cache_write=200)
    )
    usage = model(api).complete(ask()).usage
    assert usage.input_tokens == 1250  # uncached + read + written: every prompt token
    assert usage.cached_tokens == 1000
    assert usage.output_tokens == 20
    # Sonnet 4.6: $3 in, $0.30 cache read, $3.75 cache write, $15 out per million.
    assert usage.cost == pytest.approx((50 * 3 + 1000 * 0.3 + 200 * 3.75 + 20 * 15) / 1e6)


def test_unknown_model_has_no_cost() -> None:
    api = FakeAPI(claude(text("ok")))
    m = AnthropicModel("claude-unreleased-9", api_key="k", http_client=api.client())
    assert m.complete(ask()).usage.cost is None


def test_prompt_caching_marks_system_and_conversation_end() -> None:
    api = FakeAPI(claude(text("a")), claude(text("b")))
    model(api, prompt_caching=True).complete(ModelRequest(HISTORY, tools=(ADD,)))
    model(api).complete(ModelRequest(HISTORY, tools=(ADD,)))
    cached, plain = api.bodies
    assert cached["system"][-1]["cache_control"] == {"type": "ephemeral"}
    assert cached["messages"][-1]["content"][-1]["cache_control"] == {"type": "ephemeral"}
    assert "cache_control" not in json.dumps(plain)


def test_prompt_caching_without_system_marks_the_last_tool() -> None:
    api = FakeAPI(claude(text("a")))
    model(api, prompt_caching=True).complete(ModelRequest([UserMessage("x")], tools=(ADD,)))
    assert api.bodies[0]["tools"][-1]["cache_control"] == {"type": "ephemeral"}


# --- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("response", "error"),
    [
        (claude_error(400, "invalid_request_error", "messages: bad"), BadRequestError),
        (
            claude_error(
                400, "invalid_request_error", "prompt is too long: 210000 tokens > 200000"
            ),
            ContextTooLongError,
        ),
        (claude_error(404, "not_found_error", "model: claude-nope"), NotFoundError),
        (claude_error(429, "rate_limit_error", "slow down"), RateLimitError),
        (claude_error(500, "api_error", "boom"), ServerError),
        (claude_error(529, "overloaded_error", "Overloaded"), OverloadedError),
    ],
)
def test_http_errors_map_onto_ours(response: httpx.Response, error: type[Exception]) -> None:
    api = FakeAPI(response)
    with pytest.raises(error) as info:
        model(api).complete(ask())
    assert isinstance(info.value, ModelError) and info.value.provider == "anthropic"
    assert info.value.status == response.status_code
    assert len(api.requests) == 1  # the SDK did not retry on its own


def test_auth_failure_is_clear_and_not_retried() -> None:
    api = FakeAPI(claude_error(401, "authentication_error", "invalid x-api-key"), claude(text("x")))
    events: list[object] = []
    agent = Agent(model(api), tools=[add], config=FAST, reporters=[events.append])
    with pytest.raises(AuthenticationError) as info:
        agent.run("2+3?")
    assert "ANTHROPIC_API_KEY" in str(info.value) and "invalid x-api-key" in str(info.value)
    assert len(api.requests) == 1
    assert not any(isinstance(e, RetryScheduled) for e in events)


def test_missing_key_fails_at_the_first_call_without_a_request(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    monkeypatch.setenv("ANTHROPIC_CONFIG_DIR", str(tmp_path))  # no profile on disk either
    api = FakeAPI(claude(text("x")))
    m = AnthropicModel("claude-sonnet-4-6", http_client=api.client())  # constructing is fine
    with pytest.raises(AuthenticationError, match="set ANTHROPIC_API_KEY"):
        m.complete(ask())
    assert api.requests == []


def test_rate_limit_with_retry_after_then_success_through_agent() -> None:
    api = FakeAPI(
        claude_error(429, "rate_limit_error", "slow down", headers={"retry-after-ms": "20"}),
        claude(tool_use("toolu_9", "final_answer", {"answer": "5"})),
    )
    events: list[object] = []
    result = Agent(model(api), tools=[add], config=FAST, reporters=[events.append]).run("2+3?")
    assert result.final_answer == "5"
    retries = [e for e in events if isinstance(e, RetryScheduled)]
    assert len(retries) == 1
    assert retries[0].delay == pytest.approx(0.02)  # the server's hint, not our backoff
    assert "RateLimitError" in retries[0].error
    assert len(api.requests) == 2
    assert api.bodies[0] == api.bodies[1]  # the same request again


def test_server_error_twice_then_success_through_agent() -> None:
    api = FakeAPI(
        claude_error(500, "api_error", "Internal server error"),
        claude_error(503, "api_error", "unavailable"),
        claude(tool_use("toolu_9", "final_answer", {"answer": "ok"})),
    )
    events: list[object] = []
    result = Agent(model(api), tools=[add], config=FAST, reporters=[events.append]).run("x")
    assert result.ok and result.final_answer == "ok"
    assert [e.attempt for e in events if isinstance(e, RetryScheduled)] == [1, 2]
    assert len(api.requests) == 3


def test_timeout_maps_to_model_timeout_and_is_retried() -> None:
    api = FakeAPI(
        httpx.ReadTimeout("read timed out"),
        claude(tool_use("toolu_9", "final_answer", {"answer": "late"})),
    )
    events: list[object] = []
    result = Agent(model(api), tools=[add], config=FAST, reporters=[events.append]).run("x")
    assert result.final_answer == "late"
    (retry,) = [e for e in events if isinstance(e, RetryScheduled)]
    assert "ModelTimeoutError" in retry.error


def test_timeout_error_message() -> None:
    api = FakeAPI(httpx.ReadTimeout("read timed out"))
    with pytest.raises(ModelTimeoutError, match=r"did not answer within 7 s.*timeout="):
        model(api, timeout=7.0).complete(ask())


def test_connection_error() -> None:
    api = FakeAPI(httpx.ConnectError("[Errno 111] Connection refused"))
    with pytest.raises(ModelConnectionError, match="could not reach Anthropic"):
        model(api).complete(ask())


def test_malformed_json_body_is_a_clear_error_not_retried() -> None:
    api = FakeAPI(
        httpx.Response(
            200, content=b"<html>gateway</html>", headers={"content-type": "application/json"}
        )
    )
    with pytest.raises(ModelError, match="not a valid response") as info:
        model(api).complete(ask())
    assert not isinstance(info.value, TransientError)


def test_wrong_shape_body_is_a_clear_error() -> None:
    api = FakeAPI(httpx.Response(200, json={"id": "x", "content": None}))
    with pytest.raises(ModelError, match="no `content` list"):
        model(api).complete(ask())


# --- a whole run, sync and async --------------------------------------------------------


def test_full_agent_run_with_native_tools() -> None:
    api = FakeAPI(
        claude(
            text("Two sums at once."),
            tool_use("toolu_A", "add", {"a": 1, "b": 2}),
            tool_use("toolu_B", "add", {"a": 3, "b": "four"}),
        ),
        claude(tool_use("toolu_C", "add", {"a": 3, "b": 4})),
        claude(text("Done."), tool_use("toolu_D", "final_answer", {"answer": "3 and 7"})),
    )
    result = Agent(model(api), tools=[add], config=FAST).run("What are 1+2 and 3+4?")
    assert result.final_answer == "3 and 7" and result.steps == 3

    second = api.bodies[1]
    assert [t["role"] for t in second["messages"]] == ["user", "assistant", "user"]
    names = [t["name"] for t in second["tools"]]
    assert names == ["add", "final_answer"]
    results = second["messages"][2]["content"]
    assert [b.get("tool_use_id") for b in results[:2]] == ["toolu_A", "toolu_B"]
    assert results[0]["content"] == "3" and results[0]["is_error"] is False
    assert results[1]["is_error"] is True and "ValidationError" in results[1]["content"]
    assert results[2]["type"] == "text" and "[Step 2 of" in results[2]["text"]

    third = api.bodies[2]["messages"]
    assert [t["role"] for t in third] == ["user", "assistant", "user", "assistant", "user"]
    assert third[4]["content"][0] == {
        "type": "tool_result",
        "tool_use_id": "toolu_C",
        "content": "7",
        "is_error": False,
    }


def test_async_run_with_async_http_client() -> None:
    api = FakeAPI(
        claude(tool_use("toolu_A", "add", {"a": 20, "b": 22})),
        claude(tool_use("toolu_B", "final_answer", {"answer": "42"})),
    )
    m = AnthropicModel("claude-haiku-4-5", api_key="k", async_http_client=api.async_client())
    result = asyncio.run(Agent(m, tools=[add], config=FAST).arun("20+22?"))
    assert result.final_answer == "42"
    assert api.bodies[1]["messages"][2]["content"][0]["content"] == "42"
    assert api.requests[0].headers["x-stainless-async"].startswith("async")


def test_async_errors_map_too() -> None:
    api = FakeAPI(claude_error(529, "overloaded_error", "Overloaded", {"retry-after": "3"}))
    m = AnthropicModel("claude-haiku-4-5", api_key="k", async_http_client=api.async_client())
    with pytest.raises(OverloadedError) as info:
        asyncio.run(m.acomplete(ask()))
    assert info.value.retry_after == 3.0


def test_an_httpx2_client_is_used_as_is() -> None:
    seen: list[str] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        seen.append(request.url.path)
        return httpx2.Response(200, json=json.loads(claude(text("via httpx2")).content))

    client = httpx2.Client(transport=httpx2.MockTransport(handler))
    m = AnthropicModel("claude-sonnet-4-6", api_key="k", http_client=client)
    assert m.complete(ask()).text == "via httpx2"
    assert seen == ["/v1/messages"]


# --- token counting ---------------------------------------------------------------------


def test_count_tokens_is_a_local_estimate_and_exact_is_opt_in() -> None:
    api = FakeAPI(httpx.Response(200, json={"input_tokens": 321}))
    m = model(api)
    req = ModelRequest(HISTORY, tools=(ADD,))
    estimate = m.count_tokens(req)
    assert estimate > 0 and api.requests == []  # no network for the estimate
    assert m.count_tokens_exact(req) == 321
    (sent,) = api.requests
    assert sent.url.path == "/v1/messages/count_tokens"
    assert set(api.bodies[0]) == {"model", "messages", "system", "tools", "tool_choice"}


def test_context_window() -> None:
    assert AnthropicModel("claude-haiku-4-5").context_window == 200_000
    assert AnthropicModel("claude-sonnet-4-6").context_window == 1_000_000
    assert AnthropicModel("claude-x", context_window=50_000).context_window == 50_000


def test_agent_with_a_text_format() -> None:
    api = FakeAPI(
        claude(
            text('Thought: add them\nAction: add\nAction Input: {"a": 2, "b": 3}'),
            stop_reason="stop_sequence",
        ),
        claude(text("Thought: I know it\nFinal Answer: 5")),
    )
    result = Agent(model(api), tools=[add], format="react", config=FAST).run("2+3?")
    assert result.final_answer == "5"
    first, second = api.bodies
    assert first["stop_sequences"] and all(s.strip() for s in first["stop_sequences"])
    assert "add" in first["system"][0]["text"]  # the tools are described in the prompt
    roles = [t["role"] for t in second["messages"]]
    assert roles == ["user", "assistant", "user"]  # still alternating
    assert "5" in second["messages"][2]["content"][-1]["text"]


def test_a_tool_input_nested_5000_deep_is_an_observation_not_a_recursion_error() -> None:
    ran: list[int] = []

    @tool
    def count(a: Any) -> str:
        """Count."""
        ran.append(1)
        return "counted"

    deep = "[" * 5000 + "]" * 5000
    body = json.loads(claude(tool_use("toolu_d", "count", {"a": "DEEP"})).content)
    raw = json.dumps(body).replace('"DEEP"', deep).encode()
    api = FakeAPI(
        httpx.Response(200, content=raw, headers={"content-type": "application/json"}),
        claude(tool_use("toolu_f", "final_answer", {"answer": "gave up"})),
    )
    events: list[object] = []
    agent = Agent(model(api), tools=[count], config=FAST, reporters=[events.append])
    assert agent.run("x").final_answer == "gave up" and ran == []
    (finished,) = [e for e in events if isinstance(e, ToolFinished)]
    assert finished.result.is_error and "nested too deeply" in finished.result.content
    turns = api.bodies[1]["messages"]
    assert turns[-1]["content"][0]["tool_use_id"] == "toolu_d"


@pytest.mark.parametrize("use_async", [False, True])
def test_a_truncated_body_is_retried_and_each_tool_runs_once(use_async: bool) -> None:
    ran: list[int] = []

    @tool
    def launch(n: int) -> str:
        """Launch once."""
        ran.append(n)
        return "launched"

    first = claude(tool_use("toolu_l", "launch", {"n": 1}))
    last = claude(tool_use("toolu_f", "final_answer", {"answer": "done"}))
    api = FakeAPI(cut(first), cut(first, 0.2), first, cut(last, 0.9), cut(last), last)
    events: list[object] = []
    if use_async:
        m = AnthropicModel("claude-haiku-4-5", api_key="k", async_http_client=api.async_client())
        agent = Agent(m, tools=[launch], config=FAST, reporters=[events.append])
        result = asyncio.run(agent.arun("x"))
    else:
        agent = Agent(model(api), tools=[launch], config=FAST, reporters=[events.append])
        result = agent.run("x")
    assert result.final_answer == "done" and ran == [1]
    retries = [e for e in events if isinstance(e, RetryScheduled)]
    assert len(retries) == 4 and all("cut short" in e.error for e in retries)
    assert len(api.requests) == 6
