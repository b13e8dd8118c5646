"""The tool list as text formats show it in the system prompt: short, stable, readable.

search: Search the web.
  - query (string, required): What to look for.
  - limit (integer, default 5)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from thinkact.types import ToolSpec

__all__ = ["compose", "describe_type", "example_arguments", "render_tools"]

_MAX_DESC_DEPTH = 4


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def describe_type(schema: Any, depth: int = 0) -> str:
    """A JSON schema in a few words: `string`, `list of integer`, `one of "a", "b"`, ..."""
    if not isinstance(schema, Mapping) or depth > _MAX_DESC_DEPTH:
        return "any JSON value"
    if "const" in schema:
        return _dump(schema["const"])
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return "one of " + ", ".join(_dump(v) for v in schema["enum"])
    branches = schema.get("anyOf") or schema.get("oneOf")
    if isinstance(branches, list) and branches:
        return " or ".join(dict.fromkeys(describe_type(b, depth + 1) for b in branches))
    all_of = schema.get("allOf")
    if isinstance(all_of, list) and len(all_of) == 1:
        return describe_type(all_of[0], depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list) and kind:
        return " or ".join(describe_type({**schema, "type": t}, depth + 1) for t in kind)
    if kind == "array":
        items = schema.get("items")
        return "list" if not items else f"list of {describe_type(items, depth + 1)}"
    if kind == "object" or "properties" in schema:
        props = schema.get("properties")
        if isinstance(props, Mapping) and props:
            required = schema.get("required") or []
            inner = ", ".join(
                f"{k}{'' if k in required else '?'}: {describe_type(v, depth + 1)}"
                for k, v in props.items()
            )
            return f"object {{{inner}}}"
        extra = schema.get("additionalProperties")
        if isinstance(extra, Mapping) and extra:
            return f"object of {describe_type(extra, depth + 1)}"
        return "object"
    if isinstance(kind, str):
        return kind
    return "any JSON value"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def render_tool(spec: ToolSpec) -> str:
    lines = [f"{spec.name}: {_one_line(spec.description)}".rstrip(": ")]
    params = spec.parameters
    props = params.get("properties") if isinstance(params, Mapping) else None
    if not isinstance(props, Mapping) or not props:
        lines.append("  (no arguments)")
        return "\n".join(lines)
    required = params.get("required") or []
    for name, sub in props.items():
        bits = [describe_type(sub)]
        if name in required:
            bits.append("required")
        elif isinstance(sub, Mapping) and "default" in sub:
            bits.append(f"default {_dump(sub['default'])}")
        desc = sub.get("description", "") if isinstance(sub, Mapping) else ""
        line = f"  - {name} ({', '.join(bits)})"
        lines.append(f"{line}: {_one_line(str(desc))}" if desc else line)
    return "\n".join(lines)


def render_tools(tools: Sequence[ToolSpec]) -> str:
    return "\n".join(render_tool(t) for t in tools)


def _example_value(schema: Any, depth: int = 0) -> Any:
    if not isinstance(schema, Mapping) or depth > _MAX_DESC_DEPTH:
        return "..."
    for key in ("default", "const"):
        if key in schema and schema[key] is not None:
            return schema[key]
    examples = schema.get("examples")
    if isinstance(examples, list) and examples:
        return examples[0]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return schema["enum"][0]
    branches = schema.get("anyOf") or schema.get("oneOf")
    if isinstance(branches, list) and branches:
        real = [b for b in branches if not (isinstance(b, Mapping) and b.get("type") == "null")]
        return _example_value((real or branches)[0], depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((t for t in kind if t != "null"), "null")
    if kind == "object" or "properties" in schema:
        return example_arguments(schema, depth + 1)
    simple = {"string": "...", "integer": 1, "number": 1.5, "boolean": True, "null": None}
    if kind == "array":
        return [_example_value(schema.get("items"), depth + 1)]
    return simple.get(str(kind), "...")


def example_arguments(schema: Mapping[str, Any], depth: int = 0) -> dict[str, Any]:
    """Arguments that fit `schema`, for the prompt's worked example: the required ones, or
    the first one when none is required (an example of `{}` teaches nothing)."""
    props = schema.get("properties")
    if not isinstance(props, Mapping):
        return {}
    required = schema.get("required") or []
    chosen = [k for k in props if k in required] or list(props)[:1]  # show at least one
    return {k: _example_value(props[k], depth) for k in chosen}


def compose(instructions: str, *parts: str) -> str:
    """The user's instructions first, then the format's sections, blank-line separated."""
    return "\n\n".join(p.strip() for p in (instructions, *parts) if p.strip())
