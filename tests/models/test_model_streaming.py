"""Streaming through the real SDKs, answered by a MockTransport in each API's streaming wire
format (sse_fakes.py): the pieces come in order, the Reply equals the one the same answer
gives unstreamed, stop sequences hold, errors mid-stream are our usual ModelErrors, and an
Agent(streaming=True) yields the pieces as events that the store and traces leave out."""

from __future__ import annotations

import asyncio
import io
import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from api_fakes import FakeAPI, call, chat, claude, hermetic_sdk_env, text, tool_use  # noqa: F401
from hypothesis import given
from hypothesis import strategies as st
from sse_fakes import SSE, chat_events, chat_stream, claude_events, claude_stream, sse

from thinkact import Agent, AgentConfig, RetryPolicy, tool
from thinkact.errors import ModelConnectionError, OverloadedError, RateLimitError, ServerError
from thinkact.events import ModelReplied, RetryScheduled, TextDelta
from thinkact.models.anthropic import AnthropicModel
from thinkact.models.base import Streaming
from thinkact.models.openai import OpenAIModel
from thinkact.models.stream import StopFilter
from thinkact.store import RunStore
from thinkact.types import ModelRequest, Reply, UserMessage
from thinkact.ui.trace import JsonlTrace

FAST = AgentConfig(retry=RetryPolicy(max_attempts=3, base_delay=0.001, jitter=False))
ASK = ModelRequest([UserMessage("What is 2+3?")])


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


def claude_model(api: FakeAPI) -> AnthropicModel:
    return AnthropicModel(
        api_key="sk-ant-test", http_client=api.client(), async_http_client=api.async_client()
    )


def gpt_model(api: FakeAPI, base_url: str | None = None) -> OpenAIModel:
    return OpenAIModel(
        api_key="sk-test",
        base_url=base_url,
        http_client=api.client(),
        async_http_client=api.async_client(),
    )


def collect(items: Any) -> tuple[list[str], Reply]:
    pieces = list(items)
    assert isinstance(pieces[-1], Reply) and all(isinstance(p, str) for p in pieces[:-1])
    return pieces[:-1], pieces[-1]


async def acollect(items: Any) -> tuple[list[str], Reply]:
    return collect([item async for item in items])


CLAUDE_REPLIES: list[tuple[dict[str, Any], ...]] = [
    (text("The sum of 2 and 3 is 5."),),
    (text("I will add them."), tool_use("toolu_01", "add", {"a": 2, "b": 3})),
    (tool_use("toolu_01", "add", {"a": 2, "b": 3}), tool_use("toolu_02", "add", {"a": 1, "b": 1})),
    (tool_use("toolu_03", "now", {}),),  # no input_json_delta at all: input {}
]


@pytest.mark.parametrize("content", CLAUDE_REPLIES)
def test_anthropic_stream_gives_the_reply_complete_gives(
    content: tuple[dict[str, Any], ...],
) -> None:
    api = FakeAPI(claude(*content, cache_read=4), claude_stream(*content, cache_read=4))
    m = claude_model(api)
    whole = m.complete(ASK)
    pieces, reply = collect(m.stream(ASK))
    assert reply == whole
    assert "".join(pieces) == whole.text and (len(pieces) > 1 or not whole.text)
    assert api.bodies[1] == {**api.bodies[0], "stream": True}
    assert isinstance(m, Streaming)


@pytest.mark.parametrize(
    "reply",
    [
        ("It is 5.",),
        (None, call("call_1", "add", {"a": 2, "b": 3})),
        (
            "Adding.",
            call("call_1", "add", {"a": 2, "b": 3}),
            call("call_2", "add", {"a": 1, "b": 9}),
        ),
    ],
)
def test_openai_stream_gives_the_reply_complete_gives(reply: tuple[Any, ...]) -> None:
    api = FakeAPI(chat(*reply, cached_tokens=3), chat_stream(*reply, cached_tokens=3))
    m = gpt_model(api)
    whole = m.complete(ASK)
    pieces, streamed = collect(m.stream(ASK))
    assert streamed == whole
    assert "".join(pieces) == whole.text
    body = api.bodies[1]
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
    assert {k: v for k, v in body.items() if not k.startswith("stream")} == api.bodies[0]


def test_tool_call_deltas_without_an_index_are_told_apart_by_their_ids() -> None:
    events = chat_events(None)[:1]  # the role chunk
    for tc in (
        {"id": "call_1", "type": "function", "function": {"name": "add", "arguments": ""}},
        {"function": {"arguments": '{"a": 2,'}},
        {"function": {"arguments": ' "b": 3}'}},
        {"id": "call_2", "type": "function", "function": {"name": "add", "arguments": "{}"}},
    ):
        events.append(chat_events("x")[1])
        events[-1][1]["choices"][0]["delta"] = {"tool_calls": [tc]}
    events += chat_events(None, finish_reason="tool_calls")[-3:]
    api = FakeAPI(httpx.Response(200, content=sse(events), headers=SSE))
    _, reply = collect(gpt_model(api).stream(ASK))
    calls = [(c.id, c.name, dict(c.arguments)) for c in reply.tool_calls]
    assert calls == [("call_1", "add", {"a": 2, "b": 3}), ("call_2", "add", {})]


def test_async_streams_match_the_sync_ones() -> None:
    blocks = (text("I will add them."), tool_use("toolu_01", "add", {"a": 2, "b": 3}))
    api = FakeAPI(claude_stream(*blocks), claude_stream(*blocks))
    m = claude_model(api)
    assert asyncio.run(acollect(m.astream(ASK))) == collect(m.stream(ASK))
    calls = (call("call_1", "add", {"a": 2, "b": 3}),)
    api = FakeAPI(chat_stream("Adding.", *calls), chat_stream("Adding.", *calls))
    g = gpt_model(api)
    assert asyncio.run(acollect(g.astream(ASK))) == collect(g.stream(ASK))


def test_usage_comes_from_the_last_events() -> None:
    api = FakeAPI(claude_stream(text("Five."), input_tokens=120, output_tokens=33))
    _, reply = collect(claude_model(api).stream(ASK))
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (120, 33)
    api = FakeAPI(chat_stream("Five.", prompt_tokens=40, completion_tokens=2, cached_tokens=8))
    _, reply = collect(gpt_model(api).stream(ASK))
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (40, 2)
    assert reply.usage.cached_tokens == 8


# --- errors ------------------------------------------------------------------------------


def broken(
    events: list[tuple[str | None, Any]], keep: int, last: tuple[str | None, Any]
) -> httpx.Response:
    return httpx.Response(200, content=sse([*events[:keep], last]), headers=SSE)


def test_an_error_event_mid_stream_is_our_error_after_the_pieces() -> None:
    overloaded = (
        "error",
        {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
    )
    api = FakeAPI(broken(claude_events(text("Hello there, friend.")), 5, overloaded))
    got: list[Any] = []
    with pytest.raises(OverloadedError):
        for item in claude_model(api).stream(ASK):
            got.append(item)
    assert got == ["Hel", "lo "]
    error = (None, {"error": {"message": "The server had an error", "type": "server_error"}})
    api = FakeAPI(broken(chat_events("Hello there"), 2, error))
    with pytest.raises(ServerError, match="server had an error"):
        list(gpt_model(api).stream(ASK))


def test_a_stream_cut_short_is_a_transient_connection_error() -> None:
    events = claude_events(text("Hello there, friend."))
    api = FakeAPI(httpx.Response(200, content=sse(events[:-2]), headers=SSE))
    with pytest.raises(ModelConnectionError, match="cut short"):
        list(claude_model(api).stream(ASK))
    chunks = chat_events("Hello there")
    api = FakeAPI(httpx.Response(200, content=sse(chunks[:3]), headers=SSE))
    with pytest.raises(ModelConnectionError, match="cut short"):
        list(gpt_model(api).stream(ASK))


def test_an_error_before_the_stream_is_mapped_as_for_complete() -> None:
    limited = httpx.Response(
        429,
        json={"type": "error", "error": {"type": "rate_limit_error", "message": "slow down"}},
        headers={"retry-after": "7"},
    )
    with pytest.raises(RateLimitError) as info:
        list(claude_model(FakeAPI(limited)).stream(ASK))
    assert info.value.retry_after == 7


def test_the_agent_retries_a_stream_that_failed_mid_reply() -> None:
    overloaded = (
        "error",
        {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
    )
    api = FakeAPI(
        broken(claude_events(text("The answer")), 4, overloaded),
        claude_stream(text("The answer is 5.")),
    )
    events = list(Agent(claude_model(api), [add], config=FAST, streaming=True).iter("2+3?"))
    kinds = [e.kind for e in events if e.kind in ("text_delta", "retry_scheduled", "model_replied")]
    assert kinds == ["text_delta", "retry_scheduled", *["text_delta"] * 6, "model_replied"]
    retry = next(i for i, e in enumerate(events) if isinstance(e, RetryScheduled))
    after = "".join(e.text for e in events[retry:] if isinstance(e, TextDelta))
    assert after == "The answer is 5."


# --- through the agent -------------------------------------------------------------------


def test_agent_streams_each_steps_reply_as_events_before_the_whole_reply(tmp_path: Path) -> None:
    api = FakeAPI(
        claude_stream(text("I will add 2 and 3."), tool_use("toolu_01", "add", {"a": 2, "b": 3})),
        claude_stream(text("2 + 3 = 5.")),
    )
    seen: list[str] = []
    trace = io.StringIO()
    with RunStore(tmp_path / "runs.db") as store:
        agent = Agent(
            claude_model(api),
            [add],
            config=FAST,
            store=store,
            streaming=True,
            reporters=[lambda e: seen.append(e.kind), JsonlTrace(trace)],
        )
        items = list(agent.stream("What is 2 + 3?"))
        result = items[-1]
        stored = [e["kind"] for e in store.events(result.run_id)]
    events = items[:-1]
    assert result.final_answer == "2 + 3 = 5."
    for step, whole in ((1, "I will add 2 and 3."), (2, "2 + 3 = 5.")):
        deltas = [e for e in events if isinstance(e, TextDelta) and e.step == step]
        replied = next(e for e in events if isinstance(e, ModelReplied) and e.step == step)
        assert "".join(d.text for d in deltas) == whole == replied.text
        assert events.index(deltas[-1]) < events.index(replied)
    assert "text_delta" in seen  # reporters get the pieces ...
    assert "text_delta" not in stored and "model_replied" in stored  # ... the store does not
    assert "text_delta" not in trace.getvalue() and "model_replied" in trace.getvalue()
    assert all(b["stream"] for b in api.bodies)


def test_agent_without_streaming_calls_complete() -> None:
    api = FakeAPI(claude(text("5.")))
    events = list(Agent(claude_model(api), [add], config=FAST).iter("2+3?"))
    assert not any(isinstance(e, TextDelta) for e in events)
    assert "stream" not in api.bodies[0]


def test_async_agent_streams_too() -> None:
    api = FakeAPI(chat_stream("The sum is 5."))

    async def go() -> list[Any]:
        agent = Agent(gpt_model(api), [add], config=FAST, streaming=True)
        return [e async for e in agent.astream("2+3?")]

    items = asyncio.run(go())
    assert "".join(e.text for e in items if isinstance(e, TextDelta)) == "The sum is 5."
    assert items[-1].final_answer == "The sum is 5."


def react_server(reply: str) -> Callable[[httpx.Request], httpx.Response]:
    """An OpenAI-compatible server that ignores `stop`: it streams the whole `reply`."""

    def answer(request: httpx.Request) -> httpx.Response:
        if json.loads(request.content).get("stream"):
            return chat_stream(reply, size=4)
        return chat(reply)

    return answer


def test_stop_sequences_hold_for_what_is_streamed() -> None:
    invented = (
        'Thought: I need to add.\nAction: add\nAction Input: {"a": 2, "b": 3}\n'
        "Observation: 7\nThought: so it is 7.\nFinal Answer: 7"
    )
    url = "http://127.0.0.1:8080/v1"
    api = FakeAPI(*[react_server(invented)] * 8)  # (a server may be probed first)
    m = gpt_model(api, base_url=url)
    config = AgentConfig(max_steps=1, force_final_answer=False)

    def first_step(streaming: bool) -> tuple[str, ModelReplied]:
        agent = Agent(m, [add], format="react", config=config, streaming=streaming)
        events = list(agent.iter("What is 2 + 3?"))
        shown = "".join(e.text for e in events if isinstance(e, TextDelta))
        return shown, next(e for e in events if isinstance(e, ModelReplied))

    shown, streamed = first_step(True)
    _, whole = first_step(False)
    assert shown == invented[: invented.index("\nObservation")]  # the first of the stops
    assert streamed.text == whole.text and streamed.actions == whole.actions
    assert streamed.final_answer == whole.final_answer is None
    asked = [b for b in api.bodies if "stop" in b]
    assert [b["stop"] for b in asked] == [["Observation:", "\nObservation"]] * 2


# --- the stop filter ---------------------------------------------------------------------


@given(
    st.text(alphabet="abO:<n \n", max_size=40),
    st.lists(st.integers(min_value=0, max_value=40), max_size=8),
    st.lists(st.sampled_from(["Observation:", "\nObservation", "<obs", "ab"]), max_size=3),
)
def test_the_pieces_shown_are_the_text_up_to_the_first_stop(
    whole: str, cuts: list[int], stops: list[str]
) -> None:
    bounds = sorted({0, len(whole), *(min(c, len(whole)) for c in cuts)})
    shown = StopFilter(stops)
    out = "".join(shown.feed(whole[a:b]) for a, b in itertools.pairwise(bounds))
    out += shown.finish(whole)
    ends = [i for s in stops if (i := whole.find(s)) >= 0]
    assert out == whole[: min(ends)] if ends else out == whole


def test_the_filter_holds_a_possible_stop_until_it_knows() -> None:
    shown = StopFilter(["\nObservation:"])
    assert shown.feed("Action: add\nObs") == "Action: add"
    assert shown.feed("erved it") == "\nObserved it"
    assert shown.feed("\nObservation: 7") == ""
    assert shown.finish("anything") == ""
