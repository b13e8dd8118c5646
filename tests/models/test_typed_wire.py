"""Typed results over the SDKs (issue 26): the output type's schema travels in the request
body as the final-answer tool's `answer` parameter, and the answer comes back as a value."""

from __future__ import annotations

from typing import Any

from api_fakes import FakeAPI, call, chat, claude, hermetic_sdk_env, tool_use  # noqa: F401
from pydantic import BaseModel

from thinkact import Agent
from thinkact.models.anthropic import AnthropicModel
from thinkact.models.openai import OpenAIModel


class Person(BaseModel):
    name: str
    age: int


class Team(BaseModel):
    lead: Person
    size: int


TEAM = {"lead": {"name": "Ada", "age": 36}, "size": 2}


def answer_schema(tools: list[dict[str, Any]], key: str) -> Any:
    (final,) = [t for t in tools if (t.get("function", t)["name"]) == "final_answer"]
    params = final.get("function", final)[key]
    assert params["required"] == ["answer"]
    return params["properties"]["answer"]


def test_anthropic_request_carries_the_schema_and_the_answer_is_typed() -> None:
    api = FakeAPI(
        claude(tool_use("toolu_1", "final_answer", {"answer": TEAM})),
    )
    model = AnthropicModel("claude-sonnet-4-6", api_key="sk-ant-test", http_client=api.client())
    result = Agent(model, output_type=Team).run("Who leads the team?")
    assert result.output == Team.model_validate(TEAM)
    (body,) = api.bodies
    schema = answer_schema(body["tools"], "input_schema")
    assert schema["required"] == ["lead", "size"]
    assert schema["properties"]["lead"]["properties"]["age"]["type"] == "integer"  # inlined


def test_openai_request_carries_the_schema_and_a_correction_is_asked_for() -> None:
    api = FakeAPI(
        chat(None, call("call_1", "final_answer", {"answer": {"lead": {"name": "Ada"}}})),
        chat(None, call("call_2", "final_answer", {"answer": TEAM})),
    )
    model = OpenAIModel("gpt-4o-mini", api_key="sk-test", http_client=api.client())
    result = Agent(model, output_type=Team).run("Who leads the team?")
    assert result.ok and result.output == Team.model_validate(TEAM)
    first, second = api.bodies
    schema = answer_schema(first["tools"], "parameters")
    assert schema["properties"]["size"] == {"title": "Size", "type": "integer"}
    told = second["messages"][-1]
    assert told["role"] == "user" and "<validation_failed>" in told["content"]
    assert "lead.age: Field required" in told["content"]
    assert "size: Field required" in told["content"]
