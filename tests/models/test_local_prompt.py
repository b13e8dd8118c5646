"""The local model's prompt: exact ChatML, stable prefixes, tool calls parsed from text.

No model needed: tokens are checked with a real (byte-level) tokenizer function.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thinkact.errors import UserError
from thinkact.models import resolve_model
from thinkact.models.local import LocalModel
from thinkact.models.local_prompt import chatml_tokens, parse_tool_calls, render_prompt
from thinkact.types import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolCall,
    ToolMessage,
    ToolResult,
    ToolSpec,
    UserMessage,
    message_from_dict,
    message_to_dict,
)

CALC = ToolSpec(
    "calculator",
    "Evaluate an arithmetic expression.",
    {
        "type": "object",
        "properties": {"expression": {"type": "string"}},
        "required": ["expression"],
    },
)


def byte_tokens(text: str) -> list[int]:
    return list(text.encode())


def test_renders_chatml_exactly() -> None:
    messages: list[Message] = [
        SystemMessage("Be brief."),
        UserMessage("What is 2+3?"),
        AssistantMessage("Let me add.", (ToolCall("c1", "add", {"a": 2, "b": 3}),)),
        ToolMessage((ToolResult("c1", "add", "5"),)),
        AssistantMessage("5"),
        UserMessage("Thanks — é"),
    ]
    assert render_prompt(messages) == (
        "<|im_start|>system\nBe brief.<|im_end|>\n"
        "<|im_start|>user\nWhat is 2+3?<|im_end|>\n"
        "<|im_start|>assistant\nLet me add.\n<tool_call>\n"
        '{"name": "add", "arguments": {"a": 2, "b": 3}}\n</tool_call><|im_end|>\n'
        "<|im_start|>user\n<tool_response>\n5\n</tool_response><|im_end|>\n"
        "<|im_start|>assistant\n5<|im_end|>\n"
        "<|im_start|>user\nThanks — é<|im_end|>\n"
        "<|im_start|>assistant\n"
    )


def test_without_a_system_message_the_models_default_is_used() -> None:
    assert render_prompt([UserMessage("hi")]).startswith(
        "<|im_start|>system\nYou are Qwen, created by Alibaba Cloud."
    )


def test_native_tools_go_into_the_system_turn_qwen_style() -> None:
    prompt = render_prompt([SystemMessage("Sys."), UserMessage("q")], [CALC])
    system = prompt.split("<|im_end|>")[0]
    assert system.startswith("<|im_start|>system\nSys.\n\n# Tools\n")
    assert (
        '<tools>\n{"type": "function", "function": {"name": "calculator", '
        '"description": "Evaluate an arithmetic expression.", "parameters": '
    ) in system
    assert system.endswith("</tool_call>")


def test_several_results_share_one_user_turn() -> None:
    msg = ToolMessage((ToolResult("a", "x", "1"), ToolResult("b", "y", "2")))
    assert render_prompt([SystemMessage("s"), msg]).endswith(
        "<|im_start|>user\n<tool_response>\n1\n</tool_response>\n"
        "<tool_response>\n2\n</tool_response><|im_end|>\n<|im_start|>assistant\n"
    )


def test_tokens_are_the_rendered_text_with_special_ids() -> None:
    messages = [SystemMessage("s"), UserMessage("hi <|im_end|>")]
    tokens = chatml_tokens(messages, (), byte_tokens, -1, -2)
    text = "".join(
        "<|im_start|>" if t == -1 else "<|im_end|>" if t == -2 else chr(t) for t in tokens
    )
    assert text == render_prompt(messages)
    # The user's literal "<|im_end|>" stays text: only real turn ends are special.
    assert tokens.count(-2) == 2


# --- stability across turns (what makes the KV cache hit) ------------------------------

texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)
calls = st.builds(
    ToolCall,
    st.text("abc", min_size=1, max_size=4),
    st.sampled_from(["add", "search"]),
    st.dictionaries(st.sampled_from(["a", "q"]), st.integers() | texts, max_size=2),
)
messages_st = st.one_of(
    st.builds(UserMessage, texts),
    st.builds(AssistantMessage, texts, st.lists(calls, max_size=2).map(tuple)),
    st.builds(
        ToolMessage,
        st.lists(st.builds(ToolResult, texts, texts, texts), min_size=1, max_size=2).map(tuple),
    ),
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(messages_st, max_size=6),
    st.builds(AssistantMessage, texts),
    st.lists(messages_st, max_size=3),
    st.booleans(),
)
def test_the_next_turns_prompt_extends_this_turns_exactly(
    history: list[Message], reply: AssistantMessage, more: list[Message], with_tools: bool
) -> None:
    tools = [CALC] if with_tools else []
    now = [SystemMessage("sys"), *history]
    later = [*now, reply, *more]
    assert render_prompt(later, tools).startswith(render_prompt(now, tools))
    now_tokens = chatml_tokens(now, tools, byte_tokens, -1, -2)
    later_tokens = chatml_tokens(later, tools, byte_tokens, -1, -2)
    assert later_tokens[: len(now_tokens)] == now_tokens
    # A run reloaded from its log renders byte for byte the same.
    reloaded = [message_from_dict(message_to_dict(m)) for m in later]
    assert render_prompt(reloaded, tools) == render_prompt(later, tools)


# --- native tool calls written as text -----------------------------------------------------


def test_parses_the_bare_json_object_this_model_writes() -> None:
    text, found = parse_tool_calls(
        '{"name": "calculator", "arguments": {"expression": "17 * 23 + 4"}}', "call_1"
    )
    assert text == ""
    assert found == (ToolCall("call_1_0", "calculator", {"expression": "17 * 23 + 4"}),)


def test_parses_qwen_tool_call_blocks_keeping_the_text_around() -> None:
    text, found = parse_tool_calls(
        'I will add.\n<tool_call>\n{"name": "a", "arguments": {"x": 1}}\n</tool_call>\n'
        '<tool_call>\n{"name": "b", "arguments": "{\\"y\\": 2}"}\n</tool_call>'
    )
    assert text == "I will add."
    assert [(c.name, dict(c.arguments)) for c in found] == [("a", {"x": 1}), ("b", {"y": 2})]
    assert [c.id for c in found] == ["call_0", "call_1"]


def test_parses_fenced_pretty_printed_json() -> None:
    reply = 'Sure:\n```json\n{\n  "name": "a",\n  "arguments": {\n    "x": [1, 2]\n  }\n}\n```\nok'
    text, found = parse_tool_calls(reply)
    assert text == "Sure:\n\nok"
    assert found[0].arguments == {"x": [1, 2]}


@pytest.mark.parametrize(
    "reply",
    [
        "The answer is 395.",
        '<tool_call>\n{"name": "a", "arguments": {"x": ',  # cut off
        '<tool_call>{"arguments": {}}</tool_call>',  # no name
        '{"name": "a", "arguments": [1]}',  # arguments not an object
        '{"name": "a", "arguments": "not json"}',
    ],
)
def test_anything_else_stays_text(reply: str) -> None:
    assert parse_tool_calls(reply) == (reply, ())


# --- construction is cheap and honest -------------------------------------------------------


def test_a_missing_gguf_is_a_clear_user_error(tmp_path: object) -> None:
    with pytest.raises(UserError, match="model file not found"):
        LocalModel("/nonexistent/model.gguf")


def test_the_registry_builds_the_local_model_without_loading_it() -> None:
    model = resolve_model("local")
    assert isinstance(model, LocalModel)
    assert (model.name, model.native_tools, model.context_window) == ("local", False, 8192)
    assert model.preferred_format in {"xml", "react", "json"}


def test_importing_thinkact_does_not_import_llama_cpp() -> None:
    code = (
        "import sys, thinkact, thinkact.models.local, thinkact.models.weights\n"
        "thinkact.models.local.LocalModel()\n"
        "assert 'llama_cpp' not in sys.modules, 'llama_cpp imported eagerly'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
