"""What the text formats (xml, react, json, code) share.

A format keeps no state: `parse` gets the tools it parses against, whose schemas tolerant
parsing needs (a plain-string argument fits a one-parameter tool, and a missing argument
list is fine for a tool that requires none). So one Format serves any number of runs at
once, each with its own tools (PEV's parallel steps).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from thinkact.demos import Example, ExampleStep, demonstrate
from thinkact.errors import FormatError
from thinkact.formats.base import (
    FINAL_ANSWER_TOOL,
    Parsed,
    answer_rule,
    call_key,
    unknown_tool_message,
)
from thinkact.formats.jsonish import JsonishError, decode, find_value, loads, strip_fences
from thinkact.formats.prompt import compose, example_arguments, render_tools
from thinkact.types import (
    AssistantMessage,
    Message,
    Reply,
    ToolCall,
    ToolResult,
    ToolSpec,
    UserMessage,
)

# Calls as a worked example shows them: (tool name, arguments) in order.
Shown = Sequence[tuple[str, Mapping[str, Any]]]
# The tools a reply is parsed against: name -> JSON schema of the arguments.
Schemas = Mapping[str, Mapping[str, Any]]

MAX_ERROR = 480  # characters of a FormatError message: the model reads every one

_TOOL_CALL_TAG = re.compile(r"<tool_call>(.*?)(?:</tool_call>|\Z)", re.DOTALL | re.IGNORECASE)


def fail(message: str) -> FormatError:
    """A FormatError whose message is bounded, whatever went into it."""
    if len(message) > MAX_ERROR:
        message = message[: MAX_ERROR - 1] + "…"
    return FormatError(message)


def short(text: str, n: int = 40) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= n else text[: n - 1] + "…")


def call_id(text: str, index: int) -> str:
    """Stable ids: the same reply gives the same ids, so replays and traces line up."""
    digest = hashlib.sha1(text.encode("utf-8", "replace")).hexdigest()[:8]
    return f"call_{digest}_{index}"


def schemas_of(tools: Sequence[ToolSpec]) -> Schemas:
    """The tools a reply may call (the final answer has its own syntax), by name."""
    return {t.name: t.parameters for t in tools if t.name != FINAL_ANSWER_TOOL}


def clean_name(raw: str) -> str:
    """A tool name as models write it: maybe quoted, in backticks, bold, with a trailing dot."""
    name = raw.strip().strip("`*'\"").strip()
    return name.rstrip(".:;,").strip()


class TextFormat:
    """Base of the text formats: the system prompt, observations, feedback, parsing
    helpers. A format supplies its reply syntax (`format_text`, `final_only_text`),
    how it writes one reply (`render_reply`) and one observation (`render_result`)."""

    name = "text"
    native = False
    stop: tuple[str, ...] = ()
    format_text = ""
    final_only_text = ""
    note_first = False  # the step note before an observation or feedback, not after
    counts_steps = True

    def system_prompt(
        self, tools: Sequence[ToolSpec], instructions: str, examples: Sequence[Example] = ()
    ) -> str:
        real = real_tools(tools)
        if not real:
            return compose(instructions, self.final_only_text, answer_rule(tools))
        if not examples:  # the syntax with the first tool: a call, its result, an answer
            first = real[0]
            # A call alone ("I should start with X.") was copied as every later reply too:
            # the model echoed its first step instead of answering from the result.
            steps = (
                ExampleStep(
                    f"I need what {first.name} returns for this.",
                    first.name,
                    example_arguments(first.parameters),
                    "...",
                ),
                ExampleStep("The result above answers the task.", answer="..."),
            )
            examples = (Example("", steps),)
        return compose(
            instructions,
            "You can use these tools:\n" + render_tools(real),
            self.format_text,
            answer_rule(tools),
            self.demonstrate(examples, real),
        )

    def demonstrate(self, examples: Sequence[Example], tools: Sequence[ToolSpec] = ()) -> str:
        """Worked examples as the replies and observations this format exchanges."""
        return demonstrate(
            examples,
            lambda thought, calls, answer: self.render_reply(thought, calls, answer, tools),
            lambda shown: self.render_results([ToolResult("", t, text) for t, text in shown]),
        )

    def render_reply(
        self,
        thought: str,
        calls: Shown,
        answer: str | None = None,
        tools: Sequence[ToolSpec] = (),
    ) -> str:
        """One reply in this format: the thought, then the calls or the final answer."""
        raise NotImplementedError

    # --- tools -------------------------------------------------------------------------

    def resolve(self, raw: str, schemas: Schemas) -> str:
        """The tool a name means: exact, else the only case-insensitive match; or an error."""
        name = clean_name(raw)
        if name in schemas or name == FINAL_ANSWER_TOOL:
            return name
        folded = [t for t in schemas if t.lower() == name.lower().replace(" ", "_")]
        if len(folded) == 1:
            return folded[0]
        if name.lower() == FINAL_ANSWER_TOOL:
            return FINAL_ANSWER_TOOL
        if not name:
            raise fail(f"The tool name is empty. {unknown_tool_message('', schemas)}")
        raise fail(unknown_tool_message(name[:60], schemas))

    @staticmethod
    def _properties(name: str, schemas: Schemas) -> tuple[list[str], list[str]] | None:
        """(all parameter names, required ones) of a known tool, else None."""
        schema = schemas.get(name)
        if schema is None:
            return None
        props = schema.get("properties")
        names = list(props) if isinstance(props, Mapping) else []
        required = schema.get("required")
        return names, [r for r in required if r in names] if isinstance(required, list) else []

    def all_arguments(
        self, reply: Reply, found: Sequence[tuple[str, str | None]], where: str, schemas: Schemas
    ) -> list[tuple[str, dict[str, Any]]]:
        """Each found call with its arguments. A reply cut short (max_tokens, or the local
        model's repetition stop) may end inside its last call: the calls before it stand."""
        out: list[tuple[str, dict[str, Any]]] = []
        for i, (name, raw) in enumerate(found):
            try:
                out.append((name, self.arguments(name, raw, where, schemas)))
            except FormatError:
                if not (out and i == len(found) - 1 and reply.stop_reason == "max_tokens"):
                    raise
        return out

    def arguments(self, name: str, raw: str | None, where: str, schemas: Schemas) -> dict[str, Any]:
        """Parse a tool's argument text. `where` names the tag/label for error messages."""
        known = self._properties(name, schemas)
        if raw is None or not raw.strip():
            if known is not None and known[1]:
                example = json.dumps({k: "..." for k in known[1]})
                raise fail(f"{where} for {name!r} is missing. It needs a JSON object: {example}.")
            return {}
        body = strip_fences(raw).strip()
        try:
            value = loads(body)
        except JsonishError as e:
            value = self._recover(name, body, e, where, schemas)
        return self.to_arguments(name, value, where, schemas)

    def _recover(
        self, name: str, body: str, error: JsonishError, where: str, schemas: Schemas
    ) -> Any:
        """Arguments that are not one clean JSON value: JSON followed by prose, or a plain
        string meant for a one-parameter tool."""
        if body.startswith(("{", "[")):
            try:
                return decode(body)[0]
            except JsonishError:
                pass
        else:
            single = self.single_param(name, schemas)
            if single is not None:
                return {single: _unquote(body)}
        raise fail(f"Invalid JSON in {where} for {name!r}: {error}")

    def to_arguments(self, name: str, value: Any, where: str, schemas: Schemas) -> dict[str, Any]:
        if isinstance(value, dict):
            return value
        if isinstance(value, str):  # arguments sent as a JSON string holding the object
            try:
                inner = loads(value)
            except JsonishError:
                inner = None
            if isinstance(inner, dict):
                return inner
        single = self.single_param(name, schemas)
        if single is not None and value is not None:
            return {single: value}
        if value is None:
            return {}
        raise fail(
            f"{where} for {name!r} must be a JSON object of arguments, like "
            f'{{"name": value}}; got {short(json.dumps(value, default=str))}.'
        )

    def single_param(self, name: str, schemas: Schemas) -> str | None:
        """The parameter a tool's one plain argument goes to, if it has such a parameter."""
        if name == FINAL_ANSWER_TOOL:  # `final_answer` called as a tool takes one answer
            return "answer"
        known = self._properties(name, schemas)
        if known is None:
            return None
        names, required = known
        if len(names) == 1:
            return names[0]
        return required[0] if len(required) == 1 else None

    def calls(self, text: str, found: Sequence[tuple[str, dict[str, Any]]]) -> tuple[ToolCall, ...]:
        """The calls of one reply; a call written twice in it (small models loop on their
        own last pair) is made once."""
        seen: dict[str, tuple[str, dict[str, Any]]] = {}
        for name, args in found:
            seen.setdefault(call_key(name, args), (name, args))
        return tuple(
            ToolCall(call_id(text, i), name, args) for i, (name, args) in enumerate(seen.values())
        )

    def tool_call_tags(self, text: str, schemas: Schemas) -> Parsed | None:
        """Qwen-style `<tool_call>{"name": .., "arguments": ..}</tool_call>`, which small
        models trained on it write even when asked for another format."""
        found: list[tuple[str, dict[str, Any]]] = []
        for m in _TOOL_CALL_TAG.finditer(text):
            try:
                value, _, _ = find_value(m.group(1), "{")
            except JsonishError:
                continue
            if isinstance(value, dict) and isinstance(value.get("name"), str):
                name = self.resolve(value["name"], schemas)
                raw_args = value.get("arguments", value.get("parameters"))
                found.append((name, self.to_arguments(name, raw_args, "arguments", schemas)))
        if not found:
            return None
        thought = text[: text.lower().find("<tool_call>")].strip()
        return finish(thought, text, found, self)

    # --- messages ------------------------------------------------------------------

    def cut(self, text: str) -> str:
        """The reply up to where an invented observation (or a premature answer) starts."""
        return text

    def assistant_message(self, reply: Reply) -> AssistantMessage:
        return AssistantMessage(self.cut(reply.text).rstrip())

    def render_result(self, result: ToolResult, several: bool) -> str:
        raise NotImplementedError

    def render_results(self, results: Sequence[ToolResult]) -> str:
        several = len(results) > 1
        return "\n".join(self.render_result(r, several) for r in results)

    def observation(self, results: Sequence[ToolResult], note: str) -> list[Message]:
        return [UserMessage(self._noted(self.render_results(results), note))]

    def feedback(self, message: str, note: str) -> list[Message]:
        return [UserMessage(self._noted(message, note).strip())]

    def _noted(self, text: str, note: str) -> str:
        """The text with the step note ("[Step 3 of 10]") after it, or before (`note_first`)."""
        if not note:
            return text
        return f"{note}\n\n{text}" if self.note_first else f"{text}\n\n{note}"

    def json_schema(
        self, tools: Sequence[ToolSpec], *, final_only: bool = False, calls_only: bool = False
    ) -> Mapping[str, Any] | None:
        return None


def real_tools(tools: Sequence[ToolSpec]) -> list[ToolSpec]:
    """The tools the model may call (the final answer has its own syntax)."""
    return [t for t in tools if t.name != FINAL_ANSWER_TOOL]


def finish(
    thought: str, text: str, found: Sequence[tuple[str, dict[str, Any]]], fmt: TextFormat
) -> Parsed:
    """Calls, or a final answer when the model called `final_answer` as if it were a tool."""
    real = [(n, a) for n, a in found if n != FINAL_ANSWER_TOOL]
    if real:
        return Parsed(thought, fmt.calls(text, real))
    args = found[0][1]
    answer = args.get("answer", next(iter(args.values()), "") if len(args) == 1 else args)
    return Parsed(thought, (), answer_text(answer))


def answer_text(value: Any) -> str:
    if isinstance(value, str):
        return value.strip()
    if value is None:
        return ""
    return json.dumps(value, ensure_ascii=False, default=str)


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`":
        return text[1:-1]
    return text
