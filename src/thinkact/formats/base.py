"""The Format seam: how actions travel between the loop and a model."""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from thinkact.demos import Example
from thinkact.types import (
    AssistantMessage,
    Message,
    Reply,
    ToolCall,
    ToolResult,
    ToolSpec,
    quick_init,
)

FINAL_ANSWER_TOOL = "final_answer"


@dataclass(frozen=True, slots=True)
class Parsed:
    """A reply understood: the model's reasoning and either actions or a final answer."""

    thought: str = ""
    calls: tuple[ToolCall, ...] = ()
    final_answer: str | None = None


@runtime_checkable
class Format(Protocol):
    """Renders tools and observations for a model and parses its replies.

    `parse` raises `FormatError` with a message written for the model (which tag is missing,
    which JSON is invalid and where, which tool is unknown and which exist). A format keeps
    no state between calls: every method gets the tools it is about, so one Format serves
    runs with different tools at once.
    """

    name: str
    native: bool  # True: tools travel as the provider's tool calls, not in the text
    stop: tuple[str, ...]  # where generation must end so the model cannot invent observations
    counts_steps: bool  # whether the model is shown "[Step 3 of 10]" (if the config says so)

    def system_prompt(
        self, tools: Sequence[ToolSpec], instructions: str, examples: Sequence[Example] = ()
    ) -> str:
        """Instructions, tools as this format shows them, its reply syntax, and worked
        examples in that syntax."""
        ...

    def parse(self, reply: Reply, tools: Sequence[ToolSpec]) -> Parsed:
        """The reply as calls of `tools` (or a final answer); FormatError if it is neither."""
        ...

    def assistant_message(self, reply: Reply) -> AssistantMessage:
        """The reply as it is kept in history (text cut where an invented observation starts)."""
        ...

    def observation(self, results: Sequence[ToolResult], note: str) -> list[Message]:
        """Messages that carry tool results back, with `note` (step count, warnings) appended."""
        ...

    def feedback(self, message: str, note: str) -> list[Message]:
        """Messages that tell the model something that is not a tool result (format errors)."""
        ...

    def grammar(
        self, tools: Sequence[ToolSpec], *, final_only: bool = False, calls_only: bool = False
    ) -> str | None:
        """A GBNF grammar of valid replies, for constrained local decoding (None if n/a);
        `final_only`: a final answer and no call, `calls_only`: calls and no answer."""
        ...

    def json_schema(
        self, tools: Sequence[ToolSpec], *, final_only: bool = False, calls_only: bool = False
    ) -> Mapping[str, Any] | None:
        """A JSON schema of valid replies, where the format's replies are JSON (else None)."""
        ...


def unknown_tool_message(name: str, tool_names: Collection[str]) -> str:
    """Names the tool asked for and the ones that exist, in a bounded message."""
    names = sorted(tool_names)
    shown: list[str] = []
    for n in names:  # the model reads every error: keep it short however many tools exist
        if sum(len(s) + 2 for s in shown) + len(n) > 300:
            break
        shown.append(n)
    more = len(names) - len(shown)
    known = ", ".join(shown) + (f" (and {more} more)" if more else "") if names else "(none)"
    asked = name if len(name) <= 60 else name[:59] + "…"
    return f"Unknown tool {asked!r}. Available tools: {known}."


def call_key(name: str, arguments: Mapping[str, Any]) -> str:
    """Calls with the same key are the same call (argument order does not matter)."""
    return f"{name}\0{json.dumps(arguments, sort_keys=True, default=str)}"


def repeated_calls(calls: Sequence[ToolCall]) -> dict[str, ToolCall]:
    """A call written again in the same reply, by its id -> the first one like it. Small
    models loop on their own last pair; the call is made once (text formats drop the copy
    when they parse; native calls keep their ids, each of which needs a result)."""
    first: dict[str, ToolCall] = {}
    repeats: dict[str, ToolCall] = {}
    for call in calls:
        earlier = first.setdefault(call_key(call.name, call.arguments), call)
        if earlier is not call:
            repeats[call.id] = earlier
    return repeats


def repeat_result(call: ToolCall, first: ToolCall, result: ToolResult) -> ToolResult:
    """The result of a repeated call: it points at the first's result, which it shares."""
    text = f"Same call as {first.id} earlier in this reply, which ran once: see its result."
    return ToolResult(call.id, call.name, text, result.is_error)


_PLAIN_ANSWER = {"type": "string", "description": "The final answer."}


def final_answer_spec(schema: Mapping[str, Any] | None = None) -> ToolSpec:
    """The final answer as a tool: native formats call it; with `schema` (a typed result,
    thinkact.output) text formats find it among their tools for their prompt and grammar."""
    if schema is None:  # one value for every run (so its token estimate is made once)
        return _PLAIN_SPEC
    return _answer_spec(schema)


def _answer_spec(schema: Mapping[str, Any] | None) -> ToolSpec:
    return ToolSpec(
        FINAL_ANSWER_TOOL,
        "Give the final answer to the task and end the run.",
        {
            "type": "object",
            "properties": {"answer": _PLAIN_ANSWER if schema is None else dict(schema)},
            "required": ["answer"],
            "additionalProperties": False,
        },
    )


_PLAIN_SPEC = _answer_spec(None)


def answer_schema(tools: Sequence[ToolSpec]) -> Mapping[str, Any] | None:
    """The JSON schema a typed final answer must match, from a `final_answer_spec` among
    `tools`; None for a plain answer."""
    for t in tools:
        if t.name == FINAL_ANSWER_TOOL:
            props = t.parameters.get("properties")
            answer = props.get("answer") if isinstance(props, Mapping) else None
            if isinstance(answer, Mapping) and answer != _PLAIN_ANSWER:
                return answer
    return None


def _untitled(node: Any) -> Any:
    """A schema without its "title"s (pydantic gives every field one: a small model reads
    them all), property names kept."""
    if isinstance(node, Mapping):
        return {
            k: {p: _untitled(s) for p, s in v.items()}
            if k == "properties" and isinstance(v, Mapping)
            else _untitled(v)
            for k, v in node.items()
            if k != "title"
        }
    return [_untitled(v) for v in node] if isinstance(node, list) else node


def answer_rule(tools: Sequence[ToolSpec]) -> str:
    """What a text format's prompt says of a typed final answer ("" for a plain one)."""
    schema = answer_schema(tools)
    if schema is None:
        return ""
    shown = json.dumps(_untitled(schema), ensure_ascii=False, separators=(",", ":"))
    return f"Your final answer must be one JSON value, on one line, matching this schema:\n{shown}"


quick_init(Parsed)
