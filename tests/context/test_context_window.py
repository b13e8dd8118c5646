"""Context budget: long runs fit the window, tool calls stay with their results."""

from __future__ import annotations

from typing import Any

import pytest

from thinkact import Agent, AgentConfig, tool
from thinkact.context import SUMMARY_PROMPT, ContextWindow, estimate_message_tokens
from thinkact.errors import ContextTooLongError
from thinkact.events import ContextTrimmed, RunFinished, ToolFinished
from thinkact.models import anthropic as anthropic_wire
from thinkact.models import openai as openai_wire
from thinkact.testing import FunctionModel, estimate_tokens
from thinkact.types import (
    AssistantMessage,
    Message,
    ModelRequest,
    SystemMessage,
    ToolCall,
    ToolMessage,
    ToolResult,
    UserMessage,
)

TASK = "Measure every sample with `probe` and report the total."


@tool
def probe(n: int, size: int = 40) -> str:
    """Measure sample n.

    Args:
        n: the sample number
        size: how many characters of detail to return
    """
    return f"sample {n}: value={n * 7 % 13} " + "detail " * (size // 7)


@tool
def read_text(name: str, offset: int = 0) -> str:
    """Read a long text from `offset` (characters)."""
    return ("0123456789" * 10_000)[offset:]


def anthropic_rule_violations(messages: list[Message]) -> list[str]:
    """Every tool_use is answered by a tool_result in the very next (user) turn, and every
    tool_result answers a tool_use of the turn just before. Checked on the real wire form."""
    _, turns = anthropic_wire.to_messages(messages)
    problems = []
    if turns and turns[0]["role"] != "user":
        problems.append("the first turn is not a user turn")
    for i, turn in enumerate(turns):
        if i and turns[i - 1]["role"] == turn["role"]:
            problems.append(f"turns {i - 1} and {i} are both {turn['role']}")
        uses = {b["id"] for b in turn["content"] if b["type"] == "tool_use"}
        if uses:
            nxt = turns[i + 1]["content"] if i + 1 < len(turns) else []
            answered = {b["tool_use_id"] for b in nxt if b["type"] == "tool_result"}
            if uses - answered:
                problems.append(f"turn {i}: tool_use {sorted(uses - answered)} unanswered")
        results = {b["tool_use_id"] for b in turn["content"] if b["type"] == "tool_result"}
        if results:
            before = turns[i - 1]["content"] if i else []
            asked = {b["id"] for b in before if b["type"] == "tool_use"}
            if results - asked:
                problems.append(f"turn {i}: tool_result {sorted(results - asked)} orphaned")
    return problems


def openai_rule_violations(messages: list[Message]) -> list[str]:
    """An assistant message with tool_calls is followed at once by one tool message per
    call id, and every tool message answers a call of the assistant message before it."""
    wire = openai_wire.to_messages(messages)
    problems = []
    open_ids: set[str] = set()
    for i, m in enumerate(wire):
        if m["role"] == "tool":
            if m["tool_call_id"] not in open_ids:
                problems.append(f"message {i}: tool result {m['tool_call_id']} orphaned")
            open_ids.discard(m["tool_call_id"])
            continue
        if open_ids:
            problems.append(f"message {i}: calls {sorted(open_ids)} have no tool message")
            open_ids = set()
        if m["role"] == "assistant":
            open_ids = {c["id"] for c in m.get("tool_calls") or ()}
    return problems


def long_run_model(steps: int, big_every: int = 17) -> FunctionModel:
    """Asks for `steps` steps of probes (two at once every fifth step, a huge result now and
    then), then answers."""

    def reply(request: ModelRequest) -> dict[str, Any]:
        n = sum(1 for r in model.requests if r.messages[0].content != SUMMARY_PROMPT)
        if request.messages[0].content == SUMMARY_PROMPT:
            return {"text": f"Probed samples up to about {n}; values vary."}
        if n > steps:
            return {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "total"}}]}
        size = 30_000 if n % big_every == 0 else 40 + (n * 37) % 300
        calls = [{"id": f"c{n}a", "name": "probe", "arguments": {"n": n, "size": size}}]
        if n % 5 == 0:
            calls.append({"id": f"c{n}b", "name": "probe", "arguments": {"n": -n}})
        return {"text": f"Step {n}: probing.", "tool_calls": calls}

    model = FunctionModel(reply, context_window=2_000)
    return model


@pytest.mark.parametrize("summarize", [False, True])
def test_a_200_step_run_fits_a_small_window_and_never_splits_a_call(summarize: bool) -> None:
    model = long_run_model(200)
    config = AgentConfig(max_steps=250, max_reply_tokens=300, summarize=summarize)
    agent = Agent(model, [probe], config=config)
    events = list(agent.iter(TASK))

    finished = events[-1]
    assert isinstance(finished, RunFinished)
    assert finished.reason == "final_answer" and finished.steps == 201
    budget = 2_000 - 300
    step_requests = [r for r in model.requests if r.messages[0].content != SUMMARY_PROMPT]
    assert len(step_requests) == 201
    for request in model.requests:
        assert estimate_tokens(request) <= budget
    for i, request in enumerate(step_requests):
        messages = list(request.messages)
        assert isinstance(messages[0], SystemMessage)
        assert isinstance(messages[1], UserMessage) and messages[1].content.startswith(TASK)
        assert anthropic_rule_violations(messages) == [], i
        assert openai_rule_violations(messages) == [], i
        if i:  # the newest results are always there
            latest = next(m for m in reversed(messages) if isinstance(m, ToolMessage))
            assert latest.results[0].call_id == f"c{i}a"
    trims = [e for e in events if isinstance(e, ContextTrimmed)]
    assert len(trims) > 20
    assert all(t.dropped_messages > 0 and t.kept_tokens <= budget for t in trims)
    assert all(t.summarized is summarize for t in trims)
    later = step_requests[-1].messages
    if summarize:
        assert later[2].content.startswith("[Summary of the earlier steps")  # type: ignore[union-attr]
        assert "Probed samples" in later[2].content  # type: ignore[union-attr]
    else:
        assert "earlier messages were removed" in later[2].content  # type: ignore[union-attr]


def test_a_huge_observation_is_cut_with_a_pointer_and_the_event_keeps_it_whole() -> None:
    replies = iter(
        [
            {"tool_calls": [{"id": "r1", "name": "read_text", "arguments": {"name": "a"}}]},
            {"tool_calls": [{"id": "p1", "name": "probe", "arguments": {"n": 1, "size": 50_000}}]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "ok"}}]},
        ]
    )
    model = FunctionModel(lambda request: next(replies))
    agent = Agent(model, [read_text, probe], config=AgentConfig(max_observation_chars=8_000))
    events = list(agent.iter("read it"))

    seen = [r for m in model.requests[-1].messages if isinstance(m, ToolMessage) for r in m.results]
    paged, generic = seen
    assert len(paged.content) < 8_200 and paged.content.startswith("0123456789")
    assert paged.content.endswith(
        "[… cut at 8,000 of 100,000 chars; call read_text with offset=8000 for more]"
    )
    assert generic.content.endswith("the rest was cut; ask for it in parts]")
    whole = [e.result for e in events if isinstance(e, ToolFinished)]
    assert len(whole[0].content) == 100_000


def test_the_cap_shrinks_with_a_small_window() -> None:
    replies = iter(
        [
            {"tool_calls": [{"id": "r1", "name": "read_text", "arguments": {"name": "a"}}]},
            {"text": "done"},
        ]
    )
    model = FunctionModel(lambda request: next(replies), context_window=1_500)
    Agent(model, [read_text], config=AgentConfig(max_reply_tokens=200)).run("read it")
    result = next(m for m in model.requests[-1].messages if isinstance(m, ToolMessage))
    assert "call read_text with offset=" in result.results[0].content
    assert estimate_tokens(model.requests[-1]) <= 1_300


def test_a_task_larger_than_the_window_is_a_clear_error() -> None:
    model = FunctionModel(lambda request: "never", context_window=600)
    agent = Agent(model, [probe], config=AgentConfig(max_reply_tokens=100))
    events: list[Any] = []
    agent.reporters.append(events.append)
    with pytest.raises(ContextTooLongError, match="context budget of 500 tokens"):
        agent.run("x" * 4_000)
    assert model.requests == []
    assert isinstance(events[-1], RunFinished) and events[-1].reason == "model_error"


def test_a_window_smaller_than_the_reply_reserve_is_a_user_error() -> None:
    from thinkact.errors import UserError

    model = FunctionModel(lambda request: "never", context_window=500)
    with pytest.raises(UserError, match="max_reply_tokens"):
        Agent(model, config=AgentConfig(max_reply_tokens=1_000)).run("hi")


def test_the_config_window_overrides_the_models() -> None:
    model = long_run_model(40)
    model.context_window = 1_000_000
    config = AgentConfig(max_steps=50, max_reply_tokens=100, context_window=900)
    events = list(Agent(model, [probe], config=config).iter(TASK))
    assert any(isinstance(e, ContextTrimmed) for e in events)
    assert max(estimate_tokens(r) for r in model.requests) <= 800


def test_real_token_counts_from_the_provider_make_trimming_stricter() -> None:
    """A provider whose tokenizer counts twice our estimate: after the first reply the
    window is kept by the provider's own count, not by ours."""

    def reply(request: ModelRequest) -> dict[str, Any]:
        n = len(model.requests)
        real = 2 * estimate_tokens(request)
        real_sizes.append(real)
        usage = {"input_tokens": real, "output_tokens": 10}
        if n > 60:
            return {"text": "done", "usage": usage}
        call = {"id": f"c{n}", "name": "probe", "arguments": {"n": n, "size": 200}}
        return {"tool_calls": [call], "usage": usage}

    real_sizes: list[int] = []
    model = FunctionModel(reply, context_window=3_000)
    Agent(model, [probe], config=AgentConfig(max_steps=80, max_reply_tokens=200)).run(TASK)
    assert max(real_sizes[1:]) <= 2_800
    assert max(estimate_tokens(r) for r in model.requests) <= 1_400 + 50


def test_each_message_is_counted_once_however_long_the_run() -> None:
    counted: list[Message] = []

    def count(m: Message) -> int:
        counted.append(m)
        return estimate_message_tokens(m)

    window = ContextWindow(400, count=count)
    history: list[Message] = [SystemMessage("rules"), UserMessage("task")]
    for i in range(500):
        call = ToolCall(f"c{i}", "probe", {"n": i})
        history.append(AssistantMessage("thinking " * 5, (call,)))
        history.append(ToolMessage((ToolResult(f"c{i}", "probe", "result " * 10),)))
        view = window.fit(history)
        assert sum(estimate_message_tokens(m) for m in view) <= 400
        assert isinstance(view[-2], AssistantMessage)
        assert view[-2].tool_calls[0].id == f"c{i}"
    assert len(counted) == len(history)


def test_nothing_is_dropped_while_the_history_fits() -> None:
    window = ContextWindow(10_000)
    history: list[Message] = [SystemMessage("rules"), UserMessage("task")]
    for i in range(20):
        history.append(AssistantMessage(f"step {i}"))
        history.append(UserMessage(f"observation {i}"))
        assert list(window.fit(history)) == history
        assert window.trim is None


def test_a_text_format_run_is_trimmed_by_whole_turns_too() -> None:
    """XML actions: an assistant turn and the observation after it go or stay together."""

    def reply(request: ModelRequest) -> str:
        n = len(model.requests)
        if n > 120:
            return "<reasoning>done</reasoning><final_answer>total</final_answer>"
        return (
            f"<reasoning>Sample {n} next.</reasoning><action>probe</action>"
            f'<parameters>{{"n": {n}, "size": {60 + n % 7 * 40}}}</parameters>'
        )

    model = FunctionModel(reply, native_tools=False, context_window=2_500)
    config = AgentConfig(max_steps=150, max_reply_tokens=300)
    result = Agent(model, [probe], format="xml", config=config).run(TASK)
    assert result.reason == "final_answer" and result.steps == 121
    trims = 0
    for i, request in enumerate(model.requests):
        assert estimate_tokens(request) <= 2_200
        messages = request.messages
        assert isinstance(messages[0], SystemMessage) and "probe" in messages[0].content
        assert messages[1].content.startswith(TASK)  # type: ignore[union-attr]
        trimmed = len(messages) > 2 and "were removed" in messages[2].content  # type: ignore[union-attr]
        kept = messages[3:] if trimmed else messages[2:]
        trims += trimmed
        # strictly alternating assistant turn / observation, newest observation last
        assert [m.role for m in kept] == ["assistant", "user"] * (len(kept) // 2)
        if i:
            assert f"sample {i}: " in kept[-1].content  # type: ignore[union-attr]
    assert trims > 80
