"""Prompts for the embedded model: ChatML rendered by us, token-stable across turns.

The prompt's tokens are the concatenation of each message's tokens, and a message's tokens
depend on that message alone. So turn N+1's prompt starts with exactly the tokens of turn
N's, and llama.cpp's prefix match re-evaluates only what is new. Message text is tokenized
with special tokens off: a document that contains `<|im_end|>` cannot end its own turn.

Models whose chat template is not ChatML (`local:PATH.gguf`) get their own template rendered
with jinja2 instead; their cache reuse is only as stable as that template.

Native tools are written Qwen's way, and parsed back from what the model writes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from thinkact.types import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolCall,
    ToolMessage,
    ToolSpec,
)

DEFAULT_SYSTEM = "You are Qwen, created by Alibaba Cloud. You are a helpful assistant."
IM_START, IM_END = "<|im_start|>", "<|im_end|>"
_TOOLS_INTRO = (
    "\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n"
    "You are provided with function signatures within <tools></tools> XML tags:\n<tools>"
)
_TOOLS_OUTRO = (
    "\n</tools>\n\nFor each function call, return a json object with function name and "
    "arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n"
    # The GGUF's template doubles these braces (`{{"name": ...}}`); Qwen's original has
    # single ones. Measured: with doubled braces the model answered "<tools></tools>"
    # instead of calling the calculator; with single ones it made the call.
    '{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>'
)

Tokenize = Callable[[str], list[int]]


def _dumps(value: Any) -> str:
    # Key order kept, no ASCII escaping: what the model's own template (tojson) produces.
    return json.dumps(value, ensure_ascii=False)


def _call_json(call: ToolCall) -> str:
    return _dumps({"name": call.name, "arguments": dict(call.arguments)})


def chatml_turns(
    messages: Sequence[Message], tools: Sequence[ToolSpec] = ()
) -> list[tuple[str, str]]:
    """(role, body) of every turn, system first. Each depends on its own message only."""
    rest = list(messages)
    first = rest[0] if rest else None
    system = DEFAULT_SYSTEM
    if isinstance(first, SystemMessage):
        system = first.content
        rest.pop(0)
    if tools:
        specs = "".join("\n" + _dumps({"type": "function", "function": t.to_dict()}) for t in tools)
        system = f"{system}{_TOOLS_INTRO}{specs}{_TOOLS_OUTRO}"
    turns = [("system", system)]
    for m in rest:
        if isinstance(m, AssistantMessage):
            calls = [f"<tool_call>\n{_call_json(c)}\n</tool_call>" for c in m.tool_calls]
            turns.append(("assistant", "\n".join([m.content, *calls] if m.content else calls)))
        elif isinstance(m, ToolMessage):
            body = "\n".join(f"<tool_response>\n{r.content}\n</tool_response>" for r in m.results)
            turns.append(("user", body))
        else:
            turns.append((m.role, m.content))
    return turns


def render_prompt(messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> str:
    """The prompt as text, ending where the assistant's reply begins."""
    body = "".join(f"{IM_START}{r}\n{b}{IM_END}\n" for r, b in chatml_turns(messages, tools))
    return f"{body}{IM_START}assistant\n"


def chatml_tokens(
    messages: Sequence[Message],
    tools: Sequence[ToolSpec],
    tokenize: Tokenize,
    im_start: int,
    im_end: int,
) -> list[int]:
    """`render_prompt` as tokens, built turn by turn so every prefix is stable."""
    newline = tokenize("\n")
    out: list[int] = []
    for role, body in chatml_turns(messages, tools):
        out += [im_start, *tokenize(f"{role}\n"), *tokenize(body), im_end, *newline]
    return [*out, im_start, *tokenize("assistant\n")]


def hf_messages(messages: Sequence[Message]) -> list[dict[str, Any]]:
    """Messages as Hugging Face chat templates expect them (one `tool` message per result)."""
    out: list[dict[str, Any]] = []
    for m in messages:
        if isinstance(m, AssistantMessage):
            d: dict[str, Any] = {"role": "assistant", "content": m.content}
            if m.tool_calls:
                d["tool_calls"] = [
                    {"type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                    for c in m.tool_calls
                ]
            out.append(d)
        elif isinstance(m, ToolMessage):
            out += [{"role": "tool", "name": r.name, "content": r.content} for r in m.results]
        else:
            out.append({"role": m.role, "content": m.content})
    return out


def hf_tools(tools: Sequence[ToolSpec]) -> list[dict[str, Any]]:
    return [{"type": "function", "function": t.to_dict()} for t in tools]


def template_prompt(
    template: str,
    messages: Sequence[Message],
    tools: Sequence[ToolSpec],
    specials: Mapping[str, str],
) -> str:
    """Render a GGUF's own jinja chat template (for models that do not speak ChatML)."""
    import jinja2.sandbox

    env = jinja2.sandbox.ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True)
    env.filters["tojson"] = lambda v, indent=None: json.dumps(v, ensure_ascii=False, indent=indent)

    def raise_exception(message: str) -> None:
        raise ValueError(message)

    return env.from_string(template).render(
        messages=hf_messages(messages),
        tools=hf_tools(tools) or None,
        add_generation_prompt=True,
        raise_exception=raise_exception,
        **specials,
    )


# --- native tool calls written as text ---------------------------------------------------

# (opener, closer) of each way the model writes a call, tried in this order.
_STYLES = (
    (re.compile(r"<tool_call>\s*"), re.compile(r"\s*(?:</tool_call>|$)")),
    (re.compile(r"```(?:json|tool_call)?\s*"), re.compile(r"\s*```")),
    (re.compile(r'^[ \t]*(?=\{\s*"name")', re.MULTILINE), re.compile(r"")),
)
_DECODER = json.JSONDecoder()


def _as_call(obj: Any, call_id: str) -> ToolCall | None:
    if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
        return None
    args = obj.get("arguments", obj.get("parameters", {}))
    if isinstance(args, str):  # some models double-encode the arguments
        try:
            args = json.loads(args)
        except ValueError:
            return None
    if not isinstance(args, dict):
        return None
    return ToolCall(call_id, obj["name"], args)


def parse_tool_calls(text: str, prefix: str = "call") -> tuple[str, tuple[ToolCall, ...]]:
    """Tool calls in `<tool_call>` blocks (Qwen's convention), fenced JSON blocks, or bare
    `{"name": ..., "arguments": ...}` objects (what this model writes most often).

    Returns the text left around them and the calls. A block that is not a valid
    `{"name", "arguments"}` object stays in the text, so the model sees what it wrote.
    """
    for opener, closer in _STYLES:
        calls: list[ToolCall] = []
        kept: list[str] = []
        last = 0
        for match in opener.finditer(text):
            if match.start() < last:
                continue
            try:
                obj, end = _DECODER.raw_decode(text, match.end())
            except ValueError:
                continue
            close = closer.match(text, end)
            call = _as_call(obj, f"{prefix}_{len(calls)}") if close else None
            if call is None or close is None:
                continue
            calls.append(call)
            kept.append(text[last : match.start()])
            last = close.end()
        if calls:
            kept.append(text[last:])
            return "".join(kept).strip(), tuple(calls)
    return text, ()


__all__ = [
    "chatml_tokens",
    "chatml_turns",
    "hf_messages",
    "hf_tools",
    "parse_tool_calls",
    "render_prompt",
    "template_prompt",
]
