"""One JSON object a turn: `{"thought", "action", "arguments"}` or `{"thought", "final_answer"}`.

A JSON list of action objects is several parallel calls. The object may sit in a code fence
or among prose; keys are matched loosely (`tool`/`name` for `action`, `args`/`parameters`/
`action_input` for `arguments`, `answer` for `final_answer`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from thinkact.formats.base import Parsed, answer_schema
from thinkact.formats.grammar import (
    MAX_ANSWER,
    MAX_PARALLEL,
    MAX_REASONING,
    GrammarBuilder,
    observation_start,
)
from thinkact.formats.jsonish import JsonishError, decode, find_value
from thinkact.formats.markup import not_an_answer
from thinkact.formats.text import (
    Schemas,
    Shown,
    TextFormat,
    answer_text,
    fail,
    finish,
    real_tools,
    schemas_of,
)
from thinkact.types import Reply, ToolResult, ToolSpec

_THOUGHT = ("thought", "reasoning", "thinking")
_FINAL = ("final_answer", "answer", "finalanswer", "final")
_ACTION = ("action", "tool", "tool_name", "name", "function", "action_name")
_ARGS = ("arguments", "args", "parameters", "params", "action_input", "input", "tool_input")
_MANY = ("actions", "tool_calls", "calls")
_LIST_START = re.compile(r"\s*(?:```[\w+-]*\s*)?\[")
_OBSERVATION = re.compile(r"^[ \t]*observation\b", re.IGNORECASE | re.MULTILINE)
_SHAPES = (
    '{"thought": "...", "action": "tool name", "arguments": {...}} or '
    '{"thought": "...", "final_answer": "your answer"}'
)

_FORMAT = """\
Reply with one JSON object and nothing else. To call a tool:
{"thought": "what you know so far and what to do next", "action": "tool name", \
"arguments": {...}}
Then stop. The result comes back as "Observation: ..."; never write one yourself. To run \
independent tools at once, reply with a JSON list of such objects.
When you know the answer, reply:
{"thought": "why this answers the task", "final_answer": "your answer"}"""

_FINAL_ONLY = """\
Reply with one JSON object and nothing else:
{"thought": "why this answers the task", "final_answer": "your answer"}"""


def _first(obj: Mapping[str, Any], keys: Sequence[str]) -> tuple[str, Any] | None:
    for k in keys:
        if k in obj:
            return k, obj[k]
    return None


def _normal(obj: Mapping[Any, Any]) -> dict[str, Any]:
    return {re.sub(r"[ -]", "_", str(k).strip().lower()): v for k, v in obj.items()}


def _locate(text: str) -> tuple[Any, int, int]:
    """The reply's JSON value and where it is; a leading list wins over objects in it."""
    m = _LIST_START.match(text)
    if m:
        try:
            value, end = decode(text, m.end() - 1)
        except JsonishError:
            value, end = None, 0
        if value and isinstance(value, list) and all(isinstance(v, Mapping) for v in value):
            return value, m.end() - 1, end
        try:  # "[1] As noted, {...}": the bracket was prose, the object is the reply
            return find_value(text, "{")
        except JsonishError:
            if value is None:
                raise
            return value, m.end() - 1, end
    return find_value(text, "{")


class JsonFormat(TextFormat):
    name = "json"
    stop = ("Observation:", "\nObservation", '{"observation"')

    format_text = _FORMAT
    final_only_text = _FINAL_ONLY

    def render_reply(
        self,
        thought: str,
        calls: Shown,
        answer: str | None = None,
        tools: Sequence[ToolSpec] = (),
    ) -> str:
        if answer is not None:
            return json.dumps({"thought": thought, "final_answer": answer}, ensure_ascii=False)
        objs = [
            {"thought": thought if i == 0 else "", "action": n, "arguments": dict(a)}
            for i, (n, a) in enumerate(calls)
        ]
        return json.dumps(objs[0] if len(objs) == 1 else objs, ensure_ascii=False)

    def cut(self, text: str) -> str:
        m = _OBSERVATION.search(text)
        if m:
            text = text[: m.start()]
        try:
            _, _, end = _locate(text)
        except JsonishError:
            return text
        rest = text[end:]
        fence = rest.lstrip().startswith("```")
        return text[:end] + (rest[: rest.index("```") + 3] if fence else "")

    def parse(self, reply: Reply, tools: Sequence[ToolSpec]) -> Parsed:
        schemas = schemas_of(tools)
        text = self.cut(reply.text)
        if not text.strip():
            raise fail(f"Your reply was empty. Reply with one JSON object: {_SHAPES}.")
        try:
            value, start, _ = _locate(text)
        except JsonishError as e:
            tagged = self.tool_call_tags(text, schemas)
            if tagged is not None:
                return tagged
            if "{" not in text:
                raise fail(f"Your reply has no JSON object. Reply with one: {_SHAPES}.") from None
            raise fail(f"Your reply is not valid JSON: {e}") from None
        items = value if isinstance(value, list) else [value]
        if not items:
            raise fail(f"Your JSON list is empty. Reply with one JSON object: {_SHAPES}.")
        prose = text[:start].strip().strip("`").strip()
        thought = ""
        found: list[tuple[str, dict[str, Any]]] = []
        final: str | None = None
        for item in items:
            if not isinstance(item, Mapping):
                raise fail(
                    f"Each item of your JSON list must be an object like {_SHAPES}; got "
                    f"{type(item).__name__}."
                )
            obj = _normal(item)
            t = _first(obj, _THOUGHT)
            if t is not None and not thought:
                thought = answer_text(t[1])
            calls, answer = self._item(obj, schemas)
            found += calls
            if final is None and answer is not None:
                final = answer
        thought = thought or prose
        if found:
            return finish(thought, text, found, self)
        if final is not None:
            if why := not_an_answer(final, schemas):
                raise fail(f"{why} Reply with {_SHAPES}.")
            return Parsed(thought, (), final)
        keys = ", ".join(sorted({str(k) for i in items for k in i}))[:120] or "none"
        raise fail(
            f'Your JSON object has no "action" or "final_answer" key (it has: {keys}). '
            f"Reply with {_SHAPES}."
        )

    def _item(
        self, obj: dict[str, Any], schemas: Schemas
    ) -> tuple[list[tuple[str, dict[str, Any]]], str | None]:
        """The calls and final answer one object holds."""
        many = _first(obj, _MANY)
        if many is not None and isinstance(many[1], list):
            calls: list[tuple[str, dict[str, Any]]] = []
            for sub in many[1]:
                if isinstance(sub, Mapping):
                    calls += self._item(_normal(sub), schemas)[0]
            if calls:
                return calls, None
        action = _first(obj, _ACTION)
        if action is not None and action[1] is not None:
            name_value, args_value = action[1], _first(obj, _ARGS)
            if isinstance(name_value, Mapping):  # {"function": {"name": .., "arguments": ..}}
                inner = _normal(name_value)
                name_value = (_first(inner, ("name", "tool")) or (None, None))[1]
                args_value = _first(inner, _ARGS) or args_value
            if not isinstance(name_value, str):
                raise fail(f'"{action[0]}" must be a tool name as a string. Reply with {_SHAPES}.')
            name = self.resolve(name_value, schemas)
            if args_value is None:
                return [(name, self.arguments(name, None, '"arguments"', schemas))], None
            return [(name, self.to_arguments(name, args_value[1], '"arguments"', schemas))], None
        final = _first(obj, _FINAL)
        if final is not None:
            return [], answer_text(final[1])
        return [], None

    def render_result(self, result: ToolResult, several: bool) -> str:
        label = f"Observation ({result.name})" if several else "Observation"
        return f"{label}: {result.content}"

    def json_schema(
        self, tools: Sequence[ToolSpec], *, final_only: bool = False, calls_only: bool = False
    ) -> Mapping[str, Any] | None:
        real = real_tools(tools)
        thought = {"type": "string", "maxLength": MAX_REASONING}
        final = {
            "type": "object",
            "properties": {
                "thought": thought,
                # a typed answer is a JSON value of its own schema, not a string of it
                "final_answer": answer_schema(tools) or {"type": "string", "maxLength": MAX_ANSWER},
            },
            "required": ["thought", "final_answer"],
            "additionalProperties": False,
        }
        if final_only or not real:
            return final
        branches: list[dict[str, Any]] = [
            {
                "type": "object",
                "properties": {
                    "thought": thought,
                    "action": {"const": t.name},
                    "arguments": dict(t.parameters),
                },
                "required": ["thought", "action", "arguments"],
                "additionalProperties": False,
            }
            for t in real
        ]
        parallel = {
            "type": "array",
            "items": {"anyOf": branches},
            "minItems": 2,
            "maxItems": MAX_PARALLEL,
        }
        return {"anyOf": [*branches, parallel] if calls_only else [*branches, parallel, final]}

    def grammar(
        self, tools: Sequence[ToolSpec], *, final_only: bool = False, calls_only: bool = False
    ) -> str | None:
        schema = self.json_schema(tools, final_only=final_only, calls_only=calls_only)
        g = GrammarBuilder()
        return g.render(f"{g.schema(schema, 'reply')} {observation_start('Observation')}")
