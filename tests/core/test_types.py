from __future__ import annotations

import json

from thinkact.types import (
    AssistantMessage,
    ModelRequest,
    Reply,
    SystemMessage,
    ToolCall,
    ToolMessage,
    ToolResult,
    Usage,
    UserMessage,
    message_from_dict,
    message_to_dict,
)


def test_messages_round_trip_through_json() -> None:
    messages = [
        SystemMessage("be brief"),
        UserMessage("What is 2+2?"),
        AssistantMessage("let me add", (ToolCall("c1", "add", {"a": 2, "b": 2}),)),
        ToolMessage((ToolResult("c1", "add", "4"), ToolResult("c2", "x", "boom", True))),
        AssistantMessage("4"),
    ]
    text = json.dumps([message_to_dict(m) for m in messages])
    assert [message_from_dict(d) for d in json.loads(text)] == messages


def test_reply_round_trip_and_usage_sum() -> None:
    reply = Reply("hi", (ToolCall("1", "t", {"x": [1, 2]}),), Usage(10, 5, 3, 0.01), "tool_calls")
    assert Reply.from_dict(json.loads(json.dumps(reply.to_dict()))) == reply
    total = Usage(1, 2, 0, None) + Usage(3, 4, 1, 0.5)
    assert total == Usage(4, 6, 1, 0.5)
    assert total.total_tokens == 10
    assert (Usage() + Usage()).cost is None


def test_a_request_names_its_frequency_penalty_only_when_set() -> None:
    """Replay compares recorded requests as dicts: ones recorded before the field existed
    (no penalty) must still match."""
    plain = ModelRequest([UserMessage("hi")]).to_dict()
    assert "frequency_penalty" not in plain
    penalised = ModelRequest([UserMessage("hi")], frequency_penalty=1.0).to_dict()
    assert penalised == {**plain, "frequency_penalty": 1.0}


def test_unknown_role_is_a_clear_error() -> None:
    try:
        message_from_dict({"role": "robot", "content": "x"})
    except ValueError as e:
        assert "robot" in str(e)
    else:
        raise AssertionError("expected ValueError")


def test_config_to_dict_is_what_asdict_gives_with_labels_as_json_gives_them() -> None:
    from dataclasses import asdict

    from thinkact.config import AgentConfig
    from thinkact.retry import RetryPolicy

    for cfg in (
        AgentConfig(),
        AgentConfig(max_steps=3, max_cost=1.5, retry=RetryPolicy(max_attempts=2, jitter=False)),
        AgentConfig(labels=(("folder", "a"), ("b", "c")), observation_hint="check"),
    ):
        expected = {**asdict(cfg), "labels": [list(p) for p in cfg.labels]}
        assert cfg.to_dict() == expected
        assert list(cfg.to_dict()) == list(expected)
        assert AgentConfig.from_dict(json.loads(json.dumps(cfg.to_dict()))) == cfg
