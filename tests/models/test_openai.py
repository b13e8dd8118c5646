"""OpenAIModel through the real `openai` SDK, answered by a MockTransport in the Chat
Completions wire format; also as a client of OpenAI-compatible servers."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from api_fakes import FakeAPI, call, chat, cut, hermetic_sdk_env, openai_error  # noqa: F401

from thinkact import Agent, AgentConfig, RetryPolicy, tool
from thinkact.errors import (
    AuthenticationError,
    ContextTooLongError,
    ModelConnectionError,
    ModelError,
    ModelTimeoutError,
    NotFoundError,
    RateLimitError,
    ServerError,
    TransientError,
)
from thinkact.events import RetryScheduled, ToolFinished
from thinkact.models.openai import OpenAIModel, to_messages
from thinkact.models.wire import RAW_ARGUMENTS
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
LOCAL = "http://localhost:8080/v1"


def model(api: FakeAPI, name: str = "gpt-4o-mini", **kw: Any) -> OpenAIModel:
    kw.setdefault("api_key", "sk-test")
    return OpenAIModel(name, http_client=api.client(), **kw)


def ask(text_: str = "Hi") -> ModelRequest:
    return ModelRequest([SystemMessage("Be brief."), UserMessage(text_)])


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


# --- replies and the request on the wire ------------------------------------------------


def test_plain_text_reply_and_request_wire_format() -> None:
    api = FakeAPI(chat("Hello there."))
    reply = model(api).complete(ask())
    assert reply.text == "Hello there." and reply.tool_calls == ()
    assert reply.stop_reason == "end"
    (req,) = api.requests
    assert req.url.path == "/v1/chat/completions"
    assert req.headers["authorization"] == "Bearer sk-test"
    assert req.headers["x-stainless-retry-count"] == "0"
    body = api.bodies[0]
    assert body["model"] == "gpt-4o-mini"
    assert body["messages"] == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Hi"},
    ]
    assert body["max_completion_tokens"] == 1024 and body["temperature"] == 0.0
    assert "tools" not in body and "tool_choice" not in body and "stop" not in body


def test_one_tool_call() -> None:
    api = FakeAPI(chat(None, call("call_abc", "add", {"a": 2, "b": 3})))
    reply = model(api).complete(ModelRequest([UserMessage("2+3?")], tools=(ADD,)))
    assert reply.tool_calls == (ToolCall("call_abc", "add", {"a": 2, "b": 3}),)
    assert reply.text == "" and reply.stop_reason == "tool_calls"
    body = api.bodies[0]
    assert body["tools"] == [
        {
            "type": "function",
            "function": {
                "name": "add",
                "description": "Add two integers.",
                "parameters": dict(ADD.parameters),
            },
        }
    ]
    assert body["tool_choice"] == "auto"


def test_parallel_tool_calls() -> None:
    api = FakeAPI(
        chat(
            "Both at once.",
            call("call_1", "add", {"a": 1, "b": 2}),
            call("call_2", "add", {"a": 3, "b": 4}),
        )
    )
    reply = model(api).complete(ModelRequest([UserMessage("x")], tools=(ADD,)))
    assert [(c.id, dict(c.arguments)) for c in reply.tool_calls] == [
        ("call_1", {"a": 1, "b": 2}),
        ("call_2", {"a": 3, "b": 4}),
    ]
    assert reply.text == "Both at once."


@pytest.mark.parametrize("choice", ["auto", "required", "none"])
def test_tool_choice(choice: Any) -> None:
    api = FakeAPI(chat("ok"))
    model(api).complete(ModelRequest([UserMessage("x")], tools=(ADD,), tool_choice=choice))
    assert api.bodies[0]["tool_choice"] == choice


def test_text_formats_send_stop() -> None:
    api = FakeAPI(chat("Thought: hmm\nAction: add"))
    model(api).complete(ModelRequest([UserMessage("x")], stop=("\nObservation:",)))
    assert api.bodies[0]["stop"] == ["\nObservation:"]


def test_frequency_penalty_is_sent_only_when_set() -> None:
    api = FakeAPI(chat("ok"), chat("ok"))
    model(api).complete(ModelRequest([UserMessage("x")]))
    model(api).complete(ModelRequest([UserMessage("x")], frequency_penalty=1.0))
    assert "frequency_penalty" not in api.bodies[0]
    assert api.bodies[1]["frequency_penalty"] == 1.0


def test_reasoning_models_get_no_temperature_or_stop() -> None:
    api = FakeAPI(chat("ok", model="o4-mini"))
    model(api, "o4-mini").complete(ModelRequest([UserMessage("x")], stop=("Observation:",)))
    body = api.bodies[0]
    assert "temperature" not in body and "stop" not in body
    assert body["max_completion_tokens"] == 1024


def test_history_with_tool_results_and_step_note() -> None:
    history: list[Message] = [
        SystemMessage("sys"),
        UserMessage("q"),
        AssistantMessage(
            "", (ToolCall("call_1", "add", {"a": 1, "b": 2}), ToolCall("call_2", "add", {}))
        ),
        ToolMessage(
            (
                ToolResult("call_1", "add", "3"),
                ToolResult("call_2", "add", "TOOL ERROR: ValidationError: ...", True),
            )
        ),
        UserMessage("[Step 2 of 20]"),
    ]
    assert to_messages(history) == [
        {"role": "system", "content": "sys"},
        {"role": "user", "content": "q"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "add", "arguments": '{"a": 1, "b": 2}'},
                },
                {
                    "id": "call_2",
                    "type": "function",
                    "function": {"name": "add", "arguments": "{}"},
                },
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "3"},
        {"role": "tool", "tool_call_id": "call_2", "content": "TOOL ERROR: ValidationError: ..."},
        {"role": "user", "content": "[Step 2 of 20]"},
    ]


def test_usage_with_cached_tokens_and_cost() -> None:
    api = FakeAPI(chat("ok", prompt_tokens=2000, completion_tokens=100, cached_tokens=1500))
    usage = model(api).complete(ask()).usage
    assert (usage.input_tokens, usage.cached_tokens, usage.output_tokens) == (2000, 1500, 100)
    # gpt-4o-mini: $0.15 in, $0.075 cached, $0.60 out per million.
    assert usage.cost == pytest.approx((500 * 0.15 + 1500 * 0.075 + 100 * 0.6) / 1e6)


# --- malformed tool arguments -----------------------------------------------------------


def test_malformed_arguments_keep_the_call_with_its_raw_text() -> None:
    api = FakeAPI(chat(None, call("call_x", "add", '{"a": 1, "b": ')))
    reply = model(api).complete(ModelRequest([UserMessage("x")], tools=(ADD,)))
    assert reply.tool_calls == (ToolCall("call_x", "add", {RAW_ARGUMENTS: '{"a": 1, "b": '}),)


def test_malformed_arguments_become_a_validation_error_the_model_sees() -> None:
    api = FakeAPI(
        chat(None, call("call_x", "add", '{"a": 1, "b": 2')),  # missing brace
        chat(None, call("call_y", "add", '{"a": 1, "b": 2}')),
        chat(None, call("call_z", "final_answer", {"answer": "3"})),
    )
    events: list[object] = []
    result = Agent(model(api), tools=[add], config=FAST, reporters=[events.append]).run("1+2?")
    assert result.final_answer == "3"

    finished = [e for e in events if isinstance(e, ToolFinished)]
    assert finished[0].result.is_error and "ValidationError" in finished[0].result.content
    assert "not valid JSON" in finished[0].result.content
    assert finished[1].result.content == "3"

    sent = api.bodies[1]["messages"]
    # The bad call goes back verbatim and its result is paired with it by id.
    assert sent[2]["tool_calls"][0]["function"]["arguments"] == '{"a": 1, "b": 2'
    assert sent[3]["role"] == "tool" and sent[3]["tool_call_id"] == "call_x"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("", {}), ("[1, 2]", {RAW_ARGUMENTS: "[1, 2]"}), ("null", {RAW_ARGUMENTS: "null"})],
)
def test_arguments_that_are_not_an_object(raw: str, expected: dict[str, Any]) -> None:
    api = FakeAPI(chat(None, call("c", "add", raw)))
    (c,) = model(api).complete(ModelRequest([UserMessage("x")], tools=(ADD,))).tool_calls
    assert dict(c.arguments) == expected


def test_compatible_server_without_ids_gets_unique_ids() -> None:
    body = json.loads(chat(None, call("", "add", {"a": 1}), call("", "add", {"a": 2})).content)
    for tc in body["choices"][0]["message"]["tool_calls"]:
        del tc["id"]
    api = FakeAPI(httpx.Response(200, json=body))
    reply = model(api, base_url=LOCAL).complete(ModelRequest([UserMessage("x")], tools=(ADD,)))
    assert [c.id for c in reply.tool_calls] == ["call_0", "call_1"]


# --- compatible servers -----------------------------------------------------------------


def test_base_url_needs_no_key_and_never_gets_the_openai_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-real-openai-key")
    api = FakeAPI(chat("hi from qwen", model="qwen2.5"))
    m = OpenAIModel("qwen2.5", base_url=LOCAL, http_client=api.client())
    assert m.name == f"openai:qwen2.5@{LOCAL}"
    reply = m.complete(ask())
    assert reply.text == "hi from qwen"
    assert reply.usage.cost is None  # a local server has no price
    (req,) = api.requests
    assert str(req.url) == f"{LOCAL}/chat/completions"
    assert req.headers["authorization"] == "Bearer not-needed"
    body = api.bodies[0]
    assert body["max_tokens"] == 1024 and "max_completion_tokens" not in body


def test_base_url_from_environment_and_its_own_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("THINKACT_OPENAI_BASE_URL", LOCAL)
    monkeypatch.setenv("THINKACT_OPENAI_API_KEY", "vllm-secret")
    api = FakeAPI(chat("ok"))
    OpenAIModel("llama3", http_client=api.client()).complete(ask())
    assert api.requests[0].headers["authorization"] == "Bearer vllm-secret"
    assert str(api.requests[0].url).startswith(LOCAL)


def test_the_sdks_own_base_url_variable_keeps_its_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "https://proxy.example/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-for-the-proxy")
    api = FakeAPI(chat("ok"))
    m = OpenAIModel("gpt-4o-mini", http_client=api.client())
    assert m.compatible and m.name == "openai:gpt-4o-mini@https://proxy.example/v1"
    m.complete(ask())
    assert str(api.requests[0].url) == "https://proxy.example/v1/chat/completions"
    assert api.requests[0].headers["authorization"] == "Bearer sk-for-the-proxy"


def test_compatible_server_404_suggests_the_base_url() -> None:
    api = FakeAPI(httpx.Response(404, text="404 page not found"))
    with pytest.raises(NotFoundError, match="/v1"):
        model(api, "qwen2.5", base_url="http://localhost:11434").complete(ask())


def test_html_instead_of_json_is_a_clear_error() -> None:
    api = FakeAPI(httpx.Response(200, text="<!doctype html><h1>Ollama is running</h1>"))
    with pytest.raises(ModelError, match=r"not a valid response.*ends in /v1") as info:
        model(api, "qwen2.5", base_url="http://localhost:11434").complete(ask())
    assert not isinstance(info.value, TransientError)


def test_error_object_inside_a_200_body() -> None:
    api = FakeAPI(httpx.Response(200, json={"error": {"message": "model 'x' not loaded"}}))
    with pytest.raises(ModelError, match="model 'x' not loaded"):
        model(api, base_url=LOCAL).complete(ask())


def test_llama_cpp_context_overflow() -> None:
    api = FakeAPI(
        openai_error(
            400,
            "the request exceeds the available context size, try increasing it",
            type="exceed_context_size_error",
        )
    )
    with pytest.raises(ContextTooLongError):
        model(api, base_url=LOCAL).complete(ask())


# --- errors and retries -----------------------------------------------------------------


def test_openai_context_length_exceeded() -> None:
    api = FakeAPI(
        openai_error(
            400,
            "This model's maximum context length is 128000 tokens.",
            code="context_length_exceeded",
        )
    )
    with pytest.raises(ContextTooLongError, match="shorten"):
        model(api).complete(ask())


def test_auth_failure_is_clear_and_not_retried() -> None:
    api = FakeAPI(openai_error(401, "Incorrect API key provided: sk-test.", code="invalid_api_key"))
    events: list[object] = []
    agent = Agent(model(api), tools=[add], config=FAST, reporters=[events.append])
    with pytest.raises(AuthenticationError, match="OPENAI_API_KEY"):
        agent.run("x")
    assert len(api.requests) == 1
    assert not any(isinstance(e, RetryScheduled) for e in events)


def test_missing_key_fails_at_the_first_call_without_a_request() -> None:
    api = FakeAPI(chat("x"))
    m = OpenAIModel("gpt-4o-mini", http_client=api.client())  # constructing is fine
    with pytest.raises(AuthenticationError, match="set OPENAI_API_KEY"):
        m.complete(ask())
    assert api.requests == []


def test_quota_exhausted_429_is_not_transient() -> None:
    api = FakeAPI(
        openai_error(
            429,
            "You exceeded your current quota.",
            type="insufficient_quota",
            code="insufficient_quota",
        )
    )
    with pytest.raises(ModelError, match="billing") as info:
        model(api).complete(ask())
    assert not isinstance(info.value, TransientError)


def test_rate_limit_with_retry_after_then_success_through_agent() -> None:
    api = FakeAPI(
        openai_error(429, "Rate limit reached", type="requests", headers={"retry-after": "0.03"}),
        chat(None, call("call_f", "final_answer", {"answer": "done"})),
    )
    events: list[object] = []
    result = Agent(model(api), tools=[add], config=FAST, reporters=[events.append]).run("x")
    assert result.final_answer == "done"
    (retry,) = [e for e in events if isinstance(e, RetryScheduled)]
    assert retry.delay == pytest.approx(0.03) and "RateLimitError" in retry.error
    assert len(api.requests) == 2


def test_server_error_twice_then_success_through_agent() -> None:
    api = FakeAPI(
        openai_error(500, "The server had an error", type="server_error"),
        openai_error(502, "Bad gateway", type="server_error"),
        chat(None, call("call_f", "final_answer", {"answer": "ok"})),
    )
    events: list[object] = []
    result = Agent(model(api), tools=[add], config=FAST, reporters=[events.append]).run("x")
    assert result.ok
    assert [e.attempt for e in events if isinstance(e, RetryScheduled)] == [1, 2]
    assert len(api.requests) == 3


def test_retries_are_bounded() -> None:
    api = FakeAPI(*[openai_error(503, "busy", type="server_error") for _ in range(5)])
    cfg = AgentConfig(retry=RetryPolicy(max_attempts=3, base_delay=0.001, jitter=False))
    with pytest.raises(ServerError, match="503"):
        Agent(model(api), tools=[add], config=cfg).run("x")
    assert len(api.requests) == 3


def test_timeout_and_connection_errors() -> None:
    api = FakeAPI(httpx.ConnectTimeout("timed out"), httpx.ConnectError("refused"))
    m = model(api, base_url=LOCAL, timeout=5.0)
    with pytest.raises(ModelTimeoutError, match="within 5 s"):
        m.complete(ask())
    with pytest.raises(ModelConnectionError, match="is the server running"):
        m.complete(ask())


def test_rate_limit_error_unit() -> None:
    api = FakeAPI(openai_error(429, "slow", headers={"retry-after-ms": "1500"}))
    with pytest.raises(RateLimitError) as info:
        model(api).complete(ask())
    assert info.value.retry_after == 1.5 and info.value.status == 429


# --- a whole run, sync and async --------------------------------------------------------


def test_full_agent_run_with_parallel_native_tools() -> None:
    api = FakeAPI(
        chat(
            "Two sums.",
            call("call_A", "add", {"a": 1, "b": 2}),
            call("call_B", "add", {"a": 3, "b": 4}),
        ),
        chat(None, call("call_C", "final_answer", {"answer": "3 and 7"})),
    )
    result = Agent(model(api), tools=[add], config=FAST).run("1+2 and 3+4?")
    assert result.final_answer == "3 and 7" and result.steps == 2
    sent = api.bodies[1]["messages"]
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "tool", "tool", "user"]
    assert [t["id"] for t in sent[2]["tool_calls"]] == ["call_A", "call_B"]
    assert [(m["tool_call_id"], m["content"]) for m in sent[3:5]] == [
        ("call_A", "3"),
        ("call_B", "7"),
    ]
    assert "[Step 2 of" in sent[5]["content"]
    assert [t["function"]["name"] for t in api.bodies[1]["tools"]] == ["add", "final_answer"]


def test_async_run() -> None:
    api = FakeAPI(
        chat(None, call("call_A", "add", {"a": 20, "b": 22})),
        chat(None, call("call_B", "final_answer", {"answer": "42"})),
    )
    m = OpenAIModel("gpt-4o-mini", api_key="k", async_http_client=api.async_client())
    result = asyncio.run(Agent(m, tools=[add], config=FAST).arun("20+22?"))
    assert result.final_answer == "42"
    assert api.bodies[1]["messages"][3] == {
        "role": "tool",
        "tool_call_id": "call_A",
        "content": "42",
    }


def test_count_tokens_and_context_window() -> None:
    m = OpenAIModel("gpt-4.1-mini", api_key="k")
    req = ModelRequest([UserMessage("x" * 400)], tools=(ADD,))
    assert 100 <= m.count_tokens(req) < 200  # the ~4 characters a token estimate
    assert m.context_window == 1_047_576
    assert OpenAIModel("gpt-4o-mini", api_key="k").context_window == 128_000
    assert OpenAIModel("qwen2.5", base_url=LOCAL, context_window=32_768).context_window == 32_768


def test_agent_with_a_text_format() -> None:
    api = FakeAPI(
        chat('Thought: add them\nAction: add\nAction Input: {"a": 2, "b": 3}'),
        chat("Thought: I know it\nFinal Answer: 5"),
    )
    result = Agent(model(api), tools=[add], format="react", config=FAST).run("2+3?")
    assert result.final_answer == "5"
    first, second = api.bodies
    assert first["stop"] == ["Observation:", "\nObservation"]
    assert "add" in first["messages"][0]["content"]
    assert [m["role"] for m in second["messages"]] == ["system", "user", "assistant", "user"]
    assert "5" in second["messages"][3]["content"]


def test_constrained_decoding_on_a_compatible_server() -> None:
    schema = {"type": "object", "properties": {"answer": {"type": "string"}}}
    api = FakeAPI(chat('{"answer": "4"}'), chat("ok"), chat("ok"))
    m = model(api, "qwen2.5", base_url=LOCAL, constrained=True)
    m.complete(ModelRequest([UserMessage("x")], json_schema=schema, grammar="root ::= x"))
    m.complete(ModelRequest([UserMessage("x")], grammar='root ::= "Final Answer: " [a-z]+'))
    model(api, "qwen2.5", base_url=LOCAL).complete(ModelRequest([UserMessage("x")], grammar="r"))
    with_schema, with_grammar, plain = api.bodies
    assert with_schema["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "reply", "schema": schema},
    }
    assert "grammar" not in with_schema
    assert with_grammar["grammar"] == 'root ::= "Final Answer: " [a-z]+'
    assert "grammar" not in plain and "response_format" not in plain  # opt-in only


# --- arguments nested too deep ----------------------------------------------------------

DEEP = "[" * 5000 + "]" * 5000


@pytest.mark.parametrize("use_async", [False, True])
def test_arguments_nested_5000_deep_are_an_observation_not_a_recursion_error(
    use_async: bool,
) -> None:
    ran: list[int] = []

    @tool
    def count(a: Any) -> str:
        """Count."""
        ran.append(1)
        return "counted"

    api = FakeAPI(
        chat(None, call("call_d", "count", '{"a": ' + DEEP + "}")),
        chat(None, call("call_f", "final_answer", {"answer": "gave up"})),
    )
    events: list[object] = []
    if use_async:
        m = OpenAIModel("gpt-4o-mini", api_key="k", async_http_client=api.async_client())
        agent = Agent(m, tools=[count], config=FAST, reporters=[events.append])
        result = asyncio.run(agent.arun("x"))
    else:
        agent = Agent(model(api), tools=[count], config=FAST, reporters=[events.append])
        result = agent.run("x")
    assert result.final_answer == "gave up" and ran == []
    (finished,) = [e for e in events if isinstance(e, ToolFinished)]
    assert finished.result.is_error and "nested too deeply" in finished.result.content
    sent = api.bodies[1]["messages"]  # the model saw it, paired with its call
    assert sent[3]["role"] == "tool" and "nested too deeply" in sent[3]["content"]


# --- a 200 whose body is cut short ------------------------------------------------------


@pytest.mark.parametrize("use_async", [False, True])
def test_a_truncated_body_is_retried_and_each_tool_runs_once(use_async: bool) -> None:
    ran: list[int] = []

    @tool
    def launch(n: int) -> str:
        """Launch once."""
        ran.append(n)
        return "launched"

    first = chat(None, call("call_l", "launch", {"n": 1}))
    last = chat(None, call("call_f", "final_answer", {"answer": "done"}))
    api = FakeAPI(cut(first), cut(first, 0.1), first, cut(last, 0.9), cut(last), last)
    events: list[object] = []
    if use_async:
        m = OpenAIModel("gpt-4o-mini", api_key="k", async_http_client=api.async_client())
        agent = Agent(m, tools=[launch], config=FAST, reporters=[events.append])
        result = asyncio.run(agent.arun("x"))
    else:
        agent = Agent(model(api), tools=[launch], config=FAST, reporters=[events.append])
        result = agent.run("x")
    assert result.final_answer == "done" and ran == [1]
    retries = [e for e in events if isinstance(e, RetryScheduled)]
    assert len(retries) == 4 and all("cut short" in e.error for e in retries)
    assert len(api.requests) == 6


@pytest.mark.parametrize("body", [b"", b"{", b'{"choices": [{"message": {"content": "hal'])
def test_a_body_cut_anywhere_is_transient(body: bytes) -> None:
    api = FakeAPI(httpx.Response(200, content=body))
    with pytest.raises(ModelConnectionError, match="cut short"):
        model(api).complete(ask())
