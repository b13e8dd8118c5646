"""Record and replay: a recorded run replays to the same events; any change fails loudly."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from thinkact import Agent, tool
from thinkact.errors import AuthenticationError, ReplayMismatch, UserError
from thinkact.events import Event, RunFinished
from thinkact.models.replay import RecordingModel, ReplayModel
from thinkact.testing import FunctionModel, ScriptedModel
from thinkact.types import ModelRequest, UserMessage


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@tool
def multiply(a: int, b: int) -> int:
    """Multiply two integers."""
    return a * b


SCRIPT: list[Any] = [
    {
        "text": "First the product.",
        "tool_calls": [
            {"id": "m1", "name": "multiply", "arguments": {"a": 17, "b": 23}},
            {"id": "a1", "name": "add", "arguments": {"a": 1, "b": 1}},
        ],
        "usage": {"input_tokens": 120, "output_tokens": 30, "cost": 0.001},
    },
    {"tool_calls": [{"id": "a2", "name": "add", "arguments": {"a": 391, "b": 4}}]},
    {"tool_calls": [{"id": "f", "name": "final_answer", "arguments": {"answer": "395"}}]},
]
INSTRUCTIONS = "Use the tools for all arithmetic."


def stable(events: list[Event]) -> list[dict[str, Any]]:
    """Events without what a clock decides."""
    out = []
    for e in events:
        d = e.to_dict()
        for key in ("duration", "elapsed"):
            d.pop(key, None)
        out.append(d)
    return out


def record(path: Path) -> list[Event]:
    model = RecordingModel(ScriptedModel(SCRIPT), path)
    agent = Agent(model, [add, multiply], instructions=INSTRUCTIONS)
    return list(agent.iter("What is 17 * 23 + 4?", run_id="rec"))


def test_a_recorded_run_replays_to_the_same_events(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    recorded = record(path)
    replay = ReplayModel(path)
    agent = Agent(replay, [add, multiply], instructions=INSTRUCTIONS)
    replayed = list(agent.iter("What is 17 * 23 + 4?", run_id="rec"))
    assert stable(replayed) == stable(recorded)
    assert replay.remaining == 0
    replay.check_finished()
    assert replay.name == "scripted" and replay.native_tools


def test_the_recording_holds_each_request_and_reply(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    record(path)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["thinkact_recording"] == 1 and lines[0]["model"] == "scripted"
    assert [len(e["request"]["messages"]) for e in lines[1:]] == [2, 5, 8]
    assert lines[1]["reply"]["tool_calls"][0]["name"] == "multiply"
    assert lines[1]["reply"]["usage"]["cost"] == 0.001


def test_a_changed_prompt_fails_with_a_diff(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    record(path)
    agent = Agent(ReplayModel(path), [add, multiply], instructions="Be quick about it.")
    with pytest.raises(ReplayMismatch) as info:
        agent.run("What is 17 * 23 + 4?")
    message = str(info.value)
    assert "request #1 differs from the one recorded" in message
    assert "--- recorded request #1" in message and "+++ this run's request #1" in message
    assert any(line.startswith("-") and INSTRUCTIONS in line for line in message.splitlines())
    assert any(line.startswith("+") and "Be quick" in line for line in message.splitlines())


def test_a_changed_tool_result_fails_at_the_next_request(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    record(path)

    @tool
    def add(a: int, b: int) -> int:  # a regression in a tool
        """Add two integers."""
        return a + b + 1

    with pytest.raises(ReplayMismatch, match=r"request #2 differs") as info:
        Agent(ReplayModel(path), [add, multiply], instructions=INSTRUCTIONS).run(
            "What is 17 * 23 + 4?"
        )
    lines = [line.replace(" ", "") for line in str(info.value).splitlines()]
    assert '-"content":"2",' in lines and '+"content":"3",' in lines


def test_asking_more_than_was_recorded_fails(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    record(path)
    replay = ReplayModel(path)
    agent = Agent(replay, [add, multiply], instructions=INSTRUCTIONS)
    agent.run("What is 17 * 23 + 4?")
    with pytest.raises(ReplayMismatch, match="holds only 3"):
        agent.run("What is 17 * 23 + 4?")


def test_a_run_that_stops_early_is_caught(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    inner = ScriptedModel(SCRIPT)
    Agent(RecordingModel(inner, path), [add, multiply]).run("What is 17 * 23 + 4?")
    replay = ReplayModel(path)
    replay.complete(inner.requests[0])
    with pytest.raises(ReplayMismatch, match=r"made 1 requests, but .* recorded 3"):
        replay.check_finished()


def test_model_errors_are_recorded_and_replayed(tmp_path: Path) -> None:
    def refuse(request: ModelRequest) -> str:
        raise AuthenticationError("bad key", provider="anthropic", status=401)

    path = tmp_path / "err.jsonl"
    with pytest.raises(AuthenticationError):
        Agent(RecordingModel(FunctionModel(refuse), path)).run("hi")
    with pytest.raises(AuthenticationError, match="bad key") as info:
        Agent(ReplayModel(path)).run("hi")
    assert info.value.provider == "anthropic" and info.value.status == 401


def test_async_runs_replay_too(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    recorded = record(path)
    agent = Agent(ReplayModel(path), [add, multiply], instructions=INSTRUCTIONS)
    result = asyncio.run(agent.arun("What is 17 * 23 + 4?", run_id="rec"))
    assert result.final_answer == "395"
    finished = next(e for e in recorded if isinstance(e, RunFinished))
    assert result.usage == finished.usage


def test_time_left_in_a_warning_does_not_break_a_replay(tmp_path: Path) -> None:
    def asking(note: str) -> ModelRequest:
        return ModelRequest(messages=(UserMessage(f"task\n\n[Budget running low: {note}]"),))

    path = tmp_path / "run.jsonl"
    recorder = RecordingModel(FunctionModel(lambda r: "done"), path)
    recorder.complete(asking("12 seconds left. Finish soon."))
    recorder.complete(asking("3 seconds left. Finish soon."))
    replay = ReplayModel(path)
    assert replay.complete(asking("9 seconds left. Finish soon.")).text == "done"
    with pytest.raises(ReplayMismatch, match="request #2 differs"):
        replay.complete(asking("3 minutes left. Finish soon."))


def test_bad_recordings_are_user_errors(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="not found"):
        ReplayModel(tmp_path / "missing.jsonl")
    (tmp_path / "bad.jsonl").write_text("{not json\n", encoding="utf-8")
    with pytest.raises(UserError, match="not a thinkact recording"):
        ReplayModel(tmp_path / "bad.jsonl")
    (tmp_path / "other.jsonl").write_text('{"kind": "run_started"}\n', encoding="utf-8")
    with pytest.raises(UserError, match="no header"):
        ReplayModel(tmp_path / "other.jsonl")


def test_token_counts_are_recorded_and_replayed(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    inner = ScriptedModel(SCRIPT)
    model = RecordingModel(inner, path)
    request = ModelRequest(messages=())
    n = model.count_tokens(request)
    assert ReplayModel(path).count_tokens(request) == n
