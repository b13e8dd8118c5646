"""An MCP server's tools as thinkact Tools: name, description and input schema as the server
lists them, arguments checked against that schema before the call, results as text.

The tools are async (`is_async`), so the runtime's timeout cancels the request itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import pydantic

from thinkact.tools.base import INVALID_JSON_KEY, Tool, ToolArgumentError, ToolContext

if TYPE_CHECKING:
    import mcp.types as mcp_types


class Caller(Protocol):
    """What a tool calls through: its server (see server.McpServer)."""

    def call(self, name: str, arguments: Mapping[str, Any] | None = None) -> str: ...

    async def acall(self, name: str, arguments: Mapping[str, Any] | None = None) -> str: ...


class _AnyArguments(pydantic.BaseModel):
    """Unused: the server's JSON schema checks the arguments (see McpTool.validate)."""

    model_config = pydantic.ConfigDict(extra="allow")


@dataclass(eq=False)
class McpTool(Tool):
    """A tool served by an MCP server. `remote_name` is its name there (the local `name` may
    carry a prefix and has characters that tool APIs refuse replaced)."""

    server: Caller | None = field(default=None, repr=False)
    remote_name: str = ""
    checker: Callable[[Any], None] | None = field(default=None, repr=False)

    def validate(self, arguments: Mapping[str, Any]) -> dict[str, Any]:
        raw = arguments.get(INVALID_JSON_KEY)
        if raw is not None and len(arguments) == 1:
            raise ToolArgumentError(
                f"the arguments were not valid JSON ({str(raw)[:200]!r}); send one JSON object "
                f"with these keys: {', '.join(self.parameters.get('properties', {})) or 'none'}"
            )
        given = coerce(dict(arguments), self.parameters)
        if self.checker is not None:
            self.checker(given)
        return given

    def call(self, arguments: Mapping[str, Any], ctx: ToolContext | None = None) -> str:
        assert self.server is not None
        return self.server.call(self.remote_name, self.validate(arguments))

    async def acall(self, arguments: Mapping[str, Any], ctx: ToolContext | None = None) -> str:
        assert self.server is not None
        return await self.server.acall(self.remote_name, self.validate(arguments))


_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")


def local_name(name: str, prefix: str = "") -> str:
    """Tool APIs accept `[A-Za-z0-9_-]{1,64}`; MCP names may also hold dots and slashes."""
    return _UNSAFE.sub("_", prefix + name)[:64] or "tool"


def to_tool(
    listed: mcp_types.Tool,
    server: Caller,
    *,
    prefix: str = "",
    needs_approval: bool | Collection[str] = False,
    timeout: float | None = None,
    max_calls: int | None = None,
) -> McpTool:
    """The thinkact Tool for one tool a server listed. `needs_approval`: for every tool, or
    for the tools named (by their name on the server)."""
    schema = dict(listed.input_schema or {})
    parameters = clean_schema(schema)
    name = local_name(listed.name, prefix)
    approval = (
        needs_approval
        if isinstance(needs_approval, bool)
        else listed.name in needs_approval or name in needs_approval
    )
    hints = listed.annotations
    description = listed.description or (hints.title if hints and hints.title else "") or name

    async def fn(**arguments: Any) -> str:  # the Tool called as a function: tool(a=1)
        return await server.acall(listed.name, arguments)

    return McpTool(
        name=name,
        description=description.strip(),
        parameters=parameters,
        fn=fn,
        args_model=_AnyArguments,
        needs_approval=approval,
        timeout=timeout,
        max_calls=max_calls,
        # Safe to run again when a killed run resumes: the server says it changes nothing.
        idempotent=bool(hints and (hints.read_only_hint or hints.idempotent_hint)),
        is_async=True,
        server=server,
        remote_name=listed.name,
        checker=schema_checker(schema),
    )


# --- schemas -------------------------------------------------------------------------------

_NAMED = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_VALUES = ("default", "enum", "const", "examples")  # data, not schemas: kept as given


def clean_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """The input schema, self-contained (local `$ref`s inlined: grammars and small APIs need
    it) and without titles, always an object with properties."""
    defs = {**schema.get("definitions", {}), **schema.get("$defs", {})}

    def walk(node: Any, depth: int) -> Any:
        if isinstance(node, list):
            return [walk(v, depth) for v in node]
        if not isinstance(node, Mapping):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(("#/$defs/", "#/definitions/")):
            if depth >= 32:  # a recursive type: leave an open object
                return {"type": "object"}
            target = defs.get(ref.rsplit("/", 1)[-1], {})
            node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
            depth += 1
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in ("title", "$schema", "$defs", "definitions", "$id", "$comment"):
                continue
            if key in _NAMED and isinstance(value, Mapping):
                out[key] = {name: walk(v, depth) for name, v in value.items()}
            elif key in _VALUES:
                out[key] = value
            else:
                out[key] = walk(value, depth)
        return out

    cleaned: dict[str, Any] = walk(schema, 0)
    cleaned["type"] = "object"
    if not isinstance(cleaned.get("properties"), dict):
        cleaned["properties"] = {}
    return cleaned


def schema_checker(schema: dict[str, Any]) -> Callable[[Any], None] | None:
    """A function raising ToolArgumentError when arguments do not fit `schema` (checked
    with jsonschema, every problem in one message). None if the schema is itself invalid:
    the server then judges the arguments alone."""
    from jsonschema import SchemaError
    from jsonschema.validators import validator_for

    try:
        cls = validator_for(schema)
        cls.check_schema(schema)
    except SchemaError:
        return None
    validator = cls(schema)

    def check(arguments: Any) -> None:
        problems = sorted(validator.iter_errors(arguments), key=lambda e: list(e.path))
        if not problems:
            return
        parts = []
        for e in problems[:5]:
            where = ".".join(str(p) for p in e.path)
            parts.append(f"argument '{where}': {e.message}" if where else e.message)
        raise ToolArgumentError("; ".join(parts))

    return check


def coerce(arguments: dict[str, Any], schema: Mapping[str, Any]) -> dict[str, Any]:
    """Numbers and booleans sent as strings ("3", "true") become numbers and booleans where
    the schema wants them, as pydantic's lax mode does for the function tools."""
    properties = schema.get("properties") or {}
    for key, value in arguments.items():
        wanted = properties.get(key, {}).get("type") if isinstance(value, str) else None
        text = value.strip() if isinstance(value, str) else ""
        try:
            if wanted == "integer" and re.fullmatch(r"[-+]?\d+", text):
                arguments[key] = int(text)
            elif wanted == "number" and text:
                arguments[key] = float(text) if not re.fullmatch(r"[-+]?\d+", text) else int(text)
            elif wanted == "boolean" and text.lower() in ("true", "false"):
                arguments[key] = text.lower() == "true"
        except ValueError:
            pass  # left as given: the schema check says what is wrong
    return arguments


# --- results -------------------------------------------------------------------------------


def result_text(result: mcp_types.CallToolResult) -> str:
    """The observation: text blocks as they are, other blocks described in one line,
    structured content as JSON when there is nothing else."""
    parts: list[str] = []
    for block in result.content:
        if block.type == "text":
            parts.append(block.text)
        elif block.type in ("image", "audio"):
            size = len(block.data) * 3 // 4  # base64
            parts.append(f"[{block.type}: {block.mime_type}, about {size} bytes]")
        elif block.type == "resource":
            inner = block.resource
            text = getattr(inner, "text", None)
            parts.append(text if text is not None else f"[resource {inner.uri}]")
        elif block.type == "resource_link":
            parts.append(f"[resource {block.uri}: {block.name}]")
    if not parts and result.structured_content is not None:
        parts.append(json.dumps(result.structured_content, ensure_ascii=False, default=str))
    return "\n".join(parts) if parts else "(no output)"


__all__ = ["McpTool", "clean_schema", "coerce", "local_name", "result_text", "to_tool"]
