"""A run on a server that refuses tools goes on in a text format within the same step; a
reply made of markup is never an answer (issue 28)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from api_fakes import hermetic_sdk_env  # noqa: F401
from served_fakes import Served, served_model, xml_steps

from thinkact import Agent
from thinkact.errors import BadRequestError, ToolsUnsupportedError
from thinkact.events import Event, FormatFailed, Notice
from thinkact.loop import FELL_BACK
from thinkact.models.capabilities import Capabilities, CapabilityCache, cache_key
from thinkact.tools.calculator import calculator

URL = "http://127.0.0.1:8765/v1"
TASK = "What is 17 * 23 + 4?"


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("THINKACT_HOME", str(tmp_path))
    return tmp_path / "servers.json"


def run(agent: Agent) -> tuple[list[Event], object]:
    items = list(agent.stream(TASK))
    return [e for e in items[:-1] if isinstance(e, Event)], items[-1]


@pytest.mark.parametrize("status", [400, 500])
def test_tools_refused_mid_run_switch_to_the_text_format_in_the_same_step(status: int) -> None:
    # The cache says tool calls work (the server changed since): the first request fails.
    CapabilityCache().put(cache_key(URL, "qwen"), Capabilities(True, grammar=True, probed_at=4e9))
    server = Served(tools=status, grammar=True, replies=list(xml_steps("17 * 23 + 4", "395")))
    agent = Agent(served_model(server), tools=[calculator])
    assert agent.format.name == "native"
    events, result = run(agent)
    assert result.final_answer == "395" and result.ok  # type: ignore[attr-defined]
    notices = [e for e in events if isinstance(e, Notice) and e.reason == FELL_BACK]
    assert len(notices) == 1 and notices[0].step == 1
    assert f"HTTP {status}" in notices[0].message and "xml" in notices[0].message
    first, *rest = server.runs()
    assert "tools" in first  # refused once, not retried even as a 500
    assert len(rest) == 2 and all("tools" not in b for b in rest)
    assert all(b.get("grammar") for b in rest)  # the server's grammar keeps xml valid
    assert "<final_answer>" in rest[0]["messages"][0]["content"]  # xml's system prompt
    cached = CapabilityCache().get(cache_key(URL, "qwen"))
    assert cached is not None and not cached.tool_calls  # the next run starts in xml
    assert Agent(served_model(server), tools=[calculator]).format.name == "xml"


def test_auto_on_a_server_that_refuses_tools_starts_in_xml() -> None:
    server = Served(tools=400, replies=list(xml_steps("17 * 23 + 4", "395")))
    agent = Agent(served_model(server), tools=[calculator])
    assert agent.format.name == "xml"
    events, result = run(agent)
    assert result.final_answer == "395"  # type: ignore[attr-defined]
    assert not any(isinstance(e, Notice) and e.reason == FELL_BACK for e in events)


def test_an_explicit_native_run_falls_back_too_and_says_so() -> None:
    server = Served(tools=500, replies=list(xml_steps("2 + 2", "4")))
    agent = Agent(served_model(server), tools=[calculator], format="native")
    events, result = run(agent)
    assert result.final_answer == "4"  # type: ignore[attr-defined]
    assert [e.reason for e in events if isinstance(e, Notice)] == [FELL_BACK]


def test_an_error_naming_tools_from_openai_itself_is_not_a_fallback() -> None:
    from api_fakes import FakeAPI, openai_error

    from thinkact.models.openai import OpenAIModel

    api = FakeAPI(openai_error(400, "Invalid 'tools[0].function.name'"))
    model = OpenAIModel("gpt-4o-mini", api_key="sk-test", http_client=api.client())
    with pytest.raises(BadRequestError) as caught:
        Agent(model, tools=[calculator]).run(TASK)
    assert not isinstance(caught.value, ToolsUnsupportedError)
    assert len(api.requests) == 1


# --- markup is not an answer -----------------------------------------------------------


def test_a_native_reply_of_tags_is_resampled_and_the_answer_after_counts() -> None:
    server = Served(tools="calls", replies=["<tools></tools>", "395"])
    agent = Agent(served_model(server), tools=[calculator], format="native")
    events, result = run(agent)
    failed = [e for e in events if isinstance(e, FormatFailed)]
    assert len(failed) == 1 and "only markup" in failed[0].message
    first, second = server.runs()
    assert second["temperature"] >= 0.7 > first["temperature"]  # sampled, not the same again
    assert "only markup" in json.dumps(second["messages"])  # the model was told
    assert result.final_answer == "395" and result.ok  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "reply",
    [
        "<tools></tools>",
        "",
        '<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>',
        '```json\n{"name": "calculator", "arguments": {"expression": "17 * 23 + 4"}}\n```',
    ],
)
def test_a_native_run_of_markup_never_ends_in_success(reply: str) -> None:
    server = Served(tools="calls", replies=[reply] * 10)
    agent = Agent(served_model(server), tools=[calculator], format="native")
    events, result = run(agent)
    assert not result.ok  # type: ignore[attr-defined]
    assert result.final_answer is None  # type: ignore[attr-defined]
    assert sum(isinstance(e, FormatFailed) for e in events) >= 2
