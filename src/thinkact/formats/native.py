"""Native tool calling: tools travel as the provider's own tool calls."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from thinkact.demos import Example, demonstrate
from thinkact.errors import FormatError
from thinkact.formats.base import FINAL_ANSWER_TOOL, Parsed
from thinkact.formats.markup import not_an_answer
from thinkact.types import (
    AssistantMessage,
    Message,
    Reply,
    ToolMessage,
    ToolResult,
    ToolSpec,
    UserMessage,
)

_RULES = (
    "Work step by step. Call tools when they help; you may call several at once when they "
    "do not depend on each other. When you know the answer, call `final_answer` with it."
)


class NativeFormat:
    name = "native"
    native = True
    stop: tuple[str, ...] = ()
    counts_steps = True

    def system_prompt(
        self, tools: Sequence[ToolSpec], instructions: str, examples: Sequence[Example] = ()
    ) -> str:
        shown = demonstrate(examples, _reply, _results)
        parts = [instructions.strip(), _RULES, shown]
        return "\n\n".join(p for p in parts if p)

    def parse(self, reply: Reply, tools: Sequence[ToolSpec]) -> Parsed:
        thought = reply.text.strip()
        if reply.tool_calls and not _answers(reply):
            return Parsed(thought, reply.tool_calls)  # the common case: calls only
        final = [c for c in reply.tool_calls if c.name == FINAL_ANSWER_TOOL]
        calls = tuple(c for c in reply.tool_calls if c.name != FINAL_ANSWER_TOOL)
        if calls:  # a final answer beside real calls waits until their results are seen
            return Parsed(thought, calls)
        names = [t.name for t in tools]
        if final:
            answer = _text(final[0].arguments.get("answer"))
            if why := not_an_answer(answer, names):
                raise FormatError(f"{why} Call `final_answer` with the answer itself.")
            return Parsed(thought, (), answer)
        if thought:
            if why := not_an_answer(thought, names):  # a server that writes calls as text
                raise FormatError(f"{why} Call a tool, or call `final_answer` with your answer.")
            return Parsed("", (), thought)
        raise FormatError(
            "Your reply was empty. Call a tool, or call `final_answer` with your answer."
        )

    def assistant_message(self, reply: Reply) -> AssistantMessage:
        if not _answers(reply):
            return AssistantMessage(reply.text, reply.tool_calls)
        calls = tuple(c for c in reply.tool_calls if c.name != FINAL_ANSWER_TOOL)
        if calls:
            return AssistantMessage(reply.text, calls)
        # Keep history valid for every API: a final_answer call never gets a result, so it
        # is stored as plain text.
        answer = _text(reply.tool_calls[0].arguments.get("answer"))
        text = f"{reply.text}\n\n{answer}".strip() if reply.text else answer
        return AssistantMessage(text)

    def observation(self, results: Sequence[ToolResult], note: str) -> list[Message]:
        out: list[Message] = [ToolMessage(tuple(results))]
        if note:
            out.append(UserMessage(note))
        return out

    def feedback(self, message: str, note: str) -> list[Message]:
        return [UserMessage(f"{message}\n\n{note}".strip())]

    def grammar(
        self, tools: Sequence[ToolSpec], *, final_only: bool = False, calls_only: bool = False
    ) -> str | None:
        return None

    def json_schema(
        self, tools: Sequence[ToolSpec], *, final_only: bool = False, calls_only: bool = False
    ) -> Mapping[str, Any] | None:
        return None


def _answers(reply: Reply) -> bool:
    """Whether the reply calls `final_answer` (a plain loop: this runs every step)."""
    for call in reply.tool_calls:  # noqa: SIM110
        if call.name == FINAL_ANSWER_TOOL:
            return True
    return False


def _text(answer: Any) -> str:
    """A final answer's text: a typed answer (an object, a list, a number) as JSON."""
    if isinstance(answer, str):
        return answer
    return "" if answer is None else json.dumps(answer, ensure_ascii=False)


def _reply(thought: str, calls: Sequence[tuple[str, Mapping[str, Any]]], answer: str | None) -> str:
    """One reply of a worked example as plain text: native calls cannot be written in a
    system prompt."""
    if answer is not None:
        calls = ((FINAL_ANSWER_TOOL, {"answer": answer}),)
    shown = [f"Call: {n}({json.dumps(dict(a), ensure_ascii=False)})" for n, a in calls]
    return "\n".join([f"Thought: {thought}", *shown])


def _results(results: Sequence[tuple[str, str]]) -> str:
    if len(results) == 1:
        return f"Result: {results[0][1]}"
    return "\n".join(f"Result of {tool}: {text}" for tool, text in results)
