"""Token, cost and time budgets: a warning when low, then a forced final answer."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx

from thinkact import Agent, AgentConfig, tool
from thinkact.events import ModelReplied, Notice, RunFinished
from thinkact.models.openai import OpenAIModel
from thinkact.testing import FunctionModel
from thinkact.types import ModelRequest, UserMessage


@tool
def probe(n: int) -> str:
    """Measure sample n."""
    return f"sample {n} = {n * 3}"


@tool
def slow_probe(n: int) -> str:
    """Measure sample n, slowly."""
    time.sleep(0.06)
    return f"sample {n} = {n * 3}"


def probing_model(usage: dict[str, Any], tool_name: str = "probe") -> FunctionModel:
    """Probes forever; answers only when the loop forbids tools (the forced final turn)."""

    def reply(request: ModelRequest) -> dict[str, Any]:
        if request.tool_choice == "none":
            return {"text": "Best answer so far: 42", "usage": usage}
        n = len(model.requests)
        call = {"id": f"c{n}", "name": tool_name, "arguments": {"n": n}}
        return {"tool_calls": [call], "usage": usage}

    model = FunctionModel(reply)
    return model


def notes_seen(model: FunctionModel) -> list[str]:
    return [m.content for r in model.requests for m in r.messages if isinstance(m, UserMessage)]


def assert_forced_final(events: list[Any], model: FunctionModel, reason: str) -> RunFinished:
    finished = events[-1]
    assert isinstance(finished, RunFinished)
    assert finished.reason == reason
    assert finished.final_answer == "Best answer so far: 42"
    assert model.requests[-1].tool_choice == "none"
    notices = [e for e in events if isinstance(e, Notice) and e.reason == reason]
    assert len(notices) == 1 and "budget is spent" in notices[0].message
    last_reply = [e for e in events if isinstance(e, ModelReplied)][-1]
    assert last_reply.final_answer == "Best answer so far: 42"
    return finished


def test_token_budget_warns_then_forces_a_final_answer() -> None:
    model = probing_model({"input_tokens": 80, "output_tokens": 20})
    agent = Agent(model, [probe], config=AgentConfig(max_steps=50, max_tokens=1_000))
    events = list(agent.iter("measure"))
    finished = assert_forced_final(events, model, "budget_tokens")
    assert finished.steps == 10  # 10 replies x 100 tokens reach 1,000
    assert finished.usage.total_tokens == 1_100  # the forced turn is paid for too
    assert any("Budget running low: 200 tokens left" in n for n in notes_seen(model))


def test_cost_budget_forces_a_final_answer() -> None:
    model = probing_model({"input_tokens": 10, "output_tokens": 5, "cost": 0.01})
    agent = Agent(model, [probe], config=AgentConfig(max_steps=50, max_cost=0.035))
    events = list(agent.iter("measure"))
    finished = assert_forced_final(events, model, "budget_cost")
    assert finished.steps == 4
    assert any("$0.0050 left" in n for n in notes_seen(model))


def test_time_budget_forces_a_final_answer() -> None:
    model = probing_model({}, tool_name="slow_probe")
    agent = Agent(model, [slow_probe], config=AgentConfig(max_steps=50, max_seconds=0.3))
    start = time.monotonic()
    events = list(agent.iter("measure"))
    finished = assert_forced_final(events, model, "budget_time")
    assert 3 <= finished.steps <= 8
    assert time.monotonic() - start < 2.0
    assert any("seconds left" in n for n in notes_seen(model))


def test_an_unpriced_model_says_the_cost_budget_cannot_hold() -> None:
    replies = iter([{"tool_calls": [{"name": "probe", "arguments": {"n": 1}}]}, {"text": "3"}])
    model = FunctionModel(lambda request: next(replies))
    events = list(Agent(model, [probe], config=AgentConfig(max_cost=1.0)).iter("measure"))
    notices = [e for e in events if isinstance(e, Notice) and e.reason == "cost_unknown"]
    assert len(notices) == 1 and "cannot be enforced" in notices[0].message
    assert isinstance(events[-1], RunFinished) and events[-1].reason == "final_answer"


def test_the_cost_budget_uses_the_providers_price_table() -> None:
    """gpt-4o-mini through the real provider over a fake transport: $0.15/M in, $0.60/M out,
    so each 100k-in/10k-out reply costs $0.021 and a $0.05 budget ends after three."""

    def handler(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        n = len(body["messages"])
        if body.get("tool_choice") == "none":
            message: dict[str, Any] = {"role": "assistant", "content": "Best answer so far: 42"}
        else:
            message = {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"call_{n}",
                        "type": "function",
                        "function": {"name": "probe", "arguments": json.dumps({"n": n})},
                    }
                ],
            }
        return httpx.Response(
            200,
            json={
                "id": f"chatcmpl-{n}",
                "object": "chat.completion",
                "created": 0,
                "model": "gpt-4o-mini",
                "choices": [
                    {
                        "index": 0,
                        "message": message,
                        "finish_reason": "stop" if message["content"] else "tool_calls",
                    }
                ],
                "usage": {
                    "prompt_tokens": 100_000,
                    "completion_tokens": 10_000,
                    "total_tokens": 110_000,
                },
            },
        )

    client = httpx.Client(transport=httpx.MockTransport(handler))
    model = OpenAIModel("gpt-4o-mini", api_key="sk-test", http_client=client)
    agent = Agent(model, [probe], config=AgentConfig(max_steps=20, max_cost=0.05))
    result = agent.run("measure")
    assert result.reason == "budget_cost"
    assert result.final_answer == "Best answer so far: 42"
    assert result.steps == 3
    assert result.usage.cost is not None and abs(result.usage.cost - 4 * 0.021) < 1e-9
