"""Replies made of markup only are not answers.

A served model that does not really do tool calls writes the scaffolding instead: the tags
of its chat template (`<tools></tools>`), a tool call's template
(`<tool_call>{"name": <function-name>, "arguments": <args-json-object>}</tool_call>`), or a
call as JSON text. Taken as a final answer, any of these ended a run as a success with
nothing in it; every format turns them into a FormatError instead, so the model is told,
and the next reply is sampled hotter (policies/resample.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping
from typing import Any

_TAG = re.compile(r"<\s*/?\s*[A-Za-z_][\w:.|-]*(?:\s[^<>]*)?/?\s*>")
_FENCE = re.compile(r"```[\w-]*")
_WORD = re.compile(r"[^\W_]+")
# The words of tool-call templates: a reply of these alone, among markup, names no answer.
_TEMPLATE = frozenset(
    {"tool", "tools", "call", "calls", "name", "names", "arguments", "argument", "args"}
    | {"parameters", "params", "function", "functions", "json", "object", "type", "value"}
)
_CALL_TAGS = re.compile(r"<\s*/?\s*(tool_?call|function_?call|tools?)\b", re.I)


def not_an_answer(text: str, tools: Collection[str] = ()) -> str | None:
    """Why `text` cannot be a final answer (a sentence for the model), or None if it may
    be one. `tools`: the run's tool names (a call to one of them written as JSON text)."""
    if not text.strip():
        return "Your final answer is empty."
    bare = _TAG.sub(" ", text)
    tagged = bare != text
    if tagged and not any(c.isalnum() for c in bare):
        return f"Your final answer {_shown(text)} is only markup, with no answer in it."
    marked = tagged or "```" in text or "{" in text
    words = _WORD.findall(bare.lower())
    if marked and words and all(w in _TEMPLATE for w in words):
        return f"Your final answer {_shown(text)} is a tool-call template, not an answer."
    name = _written_call(text, tools)
    if name is not None:
        return (
            f"Your final answer is a call of {name!r} written as text, which runs nothing "
            "and answers nothing."
        )
    return None


def _written_call(text: str, tools: Collection[str]) -> str | None:
    """The tool a reply calls in JSON text (`{"name": ..., "arguments": ...}`, in tags or
    a fence), if it is only that: a tool of the run, or any name inside call tags."""
    inner = _FENCE.sub(" ", _TAG.sub(" ", text)).strip()
    if not inner.startswith(("{", "[")):
        return None
    try:
        value: Any = json.loads(inner)
    except (ValueError, RecursionError):  # not JSON, or nested past the parser's depth
        return None
    for item in value if isinstance(value, list) else [value]:
        if not isinstance(item, Mapping):
            return None
        fn = item.get("function")
        call = fn if isinstance(fn, Mapping) else item
        name = call.get("name")
        shaped = isinstance(name, str) and ("arguments" in call or "parameters" in call)
        if shaped and (name in tools or _CALL_TAGS.search(text)):
            return str(name)
    return None


def _shown(text: str) -> str:
    one = " ".join(text.split())
    return repr(one if len(one) <= 60 else one[:59] + "…")


__all__ = ["not_an_answer"]
