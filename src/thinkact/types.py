"""Canonical values: messages, tool calls and results, usage, model requests and replies.

Every provider translates these to and from its wire format; everything else in thinkact
speaks only these. All are frozen dataclasses and round-trip through JSON-ready dicts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class ToolCall:
    """One call the model asked for. `id` is the provider's id (or one we made up)."""

    id: str
    name: str
    arguments: Mapping[str, Any]

    def to_dict(self) -> JSON:
        return {"id": self.id, "name": self.name, "arguments": dict(self.arguments)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> ToolCall:
        return cls(id=str(d["id"]), name=str(d["name"]), arguments=dict(d.get("arguments") or {}))


@dataclass(frozen=True, slots=True)
class ToolResult:
    """What a tool call produced, as the model will see it."""

    call_id: str
    name: str
    content: str
    is_error: bool = False

    def to_dict(self) -> JSON:
        return {
            "call_id": self.call_id,
            "name": self.name,
            "content": self.content,
            "is_error": self.is_error,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> ToolResult:
        return cls(
            call_id=str(d["call_id"]),
            name=str(d["name"]),
            content=str(d["content"]),
            is_error=bool(d.get("is_error", False)),
        )


@dataclass(frozen=True, slots=True)
class Usage:
    """Tokens a call (or a whole run) used; `cost` in USD when the price is known."""

    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    cost: float | None = None

    def __add__(self, other: Usage) -> Usage:
        if other.cost is None and not (
            other.input_tokens or other.output_tokens or other.cached_tokens
        ):
            return self  # a reply that reports nothing (scripted models, some servers)
        cost = (
            None
            if self.cost is None and other.cost is None
            else (self.cost or 0.0) + (other.cost or 0.0)
        )
        return Usage(
            self.input_tokens + other.input_tokens,
            self.output_tokens + other.output_tokens,
            self.cached_tokens + other.cached_tokens,
            cost,
        )

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def to_dict(self) -> JSON:
        return {
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "cached_tokens": self.cached_tokens,
            "cost": self.cost,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Usage:
        cost = d.get("cost")
        return cls(
            int(d.get("input_tokens", 0)),
            int(d.get("output_tokens", 0)),
            int(d.get("cached_tokens", 0)),
            None if cost is None else float(cost),
        )


# --- messages ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SystemMessage:
    content: str
    role: Literal["system"] = field(default="system", init=False)


@dataclass(frozen=True, slots=True)
class UserMessage:
    content: str
    role: Literal["user"] = field(default="user", init=False)


@dataclass(frozen=True, slots=True)
class AssistantMessage:
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    role: Literal["assistant"] = field(default="assistant", init=False)


@dataclass(frozen=True, slots=True)
class ToolMessage:
    """The results of one assistant turn's tool calls (native tool calling only).

    Kept together because every API requires a call's result right after the call.
    """

    results: tuple[ToolResult, ...]
    role: Literal["tool"] = field(default="tool", init=False)


Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage


def quick_init(*classes: type) -> None:
    """Give frozen, slotted dataclasses an `__init__` that fills their slots directly.
    The generated one calls `object.__setattr__` for every field (a frozen class refuses
    plain assignment), and the loop builds a dozen such values a step; equality, hashing,
    `replace`, pickling and immutability are unchanged."""
    import dataclasses

    for cls in classes:
        params: list[str] = []
        lines: list[str] = []
        env: dict[str, Any] = {"_MISSING": dataclasses.MISSING}
        for f in dataclasses.fields(cls):
            slot = next(k.__dict__[f.name] for k in cls.__mro__ if f.name in k.__dict__)
            env[f"_set_{f.name}"] = slot.__set__
            if f.default_factory is not dataclasses.MISSING:
                env[f"_make_{f.name}"] = f.default_factory
                value = f"_make_{f.name}()"
                if f.init:
                    params.append(f"{f.name}=_MISSING")
                    value = f"{value} if {f.name} is _MISSING else {f.name}"
            elif f.default is not dataclasses.MISSING:
                env[f"_default_{f.name}"] = f.default
                value = f.name if f.init else f"_default_{f.name}"
                if f.init:
                    params.append(f"{f.name}=_default_{f.name}")
            else:
                value = f.name
                params.append(f.name)
            lines.append(f"    _set_{f.name}(self, {value})")
        if hasattr(cls, "__post_init__"):
            lines.append("    self.__post_init__()")
        body = "\n".join(lines) or "    pass"
        exec(f"def __init__(self, {', '.join(params)}):\n{body}", env)
        env["__init__"].__qualname__ = f"{cls.__qualname__}.__init__"
        cls.__init__ = env["__init__"]  # type: ignore[misc]


def message_to_dict(m: Message) -> JSON:
    if isinstance(m, AssistantMessage):
        return {
            "role": "assistant",
            "content": m.content,
            "tool_calls": [c.to_dict() for c in m.tool_calls],
        }
    if isinstance(m, ToolMessage):
        return {"role": "tool", "results": [r.to_dict() for r in m.results]}
    return {"role": m.role, "content": m.content}


def message_from_dict(d: Mapping[str, Any]) -> Message:
    role = d.get("role")
    if role == "system":
        return SystemMessage(str(d["content"]))
    if role == "user":
        return UserMessage(str(d["content"]))
    if role == "assistant":
        calls = tuple(ToolCall.from_dict(c) for c in d.get("tool_calls") or ())
        return AssistantMessage(str(d.get("content") or ""), calls)
    if role == "tool":
        return ToolMessage(tuple(ToolResult.from_dict(r) for r in d["results"]))
    raise ValueError(f"unknown message role: {role!r}")


# --- the Model seam's values ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """What a model is told about a tool: name, description and JSON schema of arguments."""

    name: str
    description: str
    parameters: Mapping[str, Any]

    def to_dict(self) -> JSON:
        return {"name": self.name, "description": self.description, "parameters": self.parameters}


@dataclass(frozen=True, slots=True)
class ModelRequest:
    """One call to a model.

    `tools` is set only for native tool calling; text formats put tools in the system prompt.
    `grammar` (GBNF) and `json_schema` let a local model constrain its output.
    `frequency_penalty` (OpenAI's meaning; the local model and OpenAI-compatible servers
    honour it, Anthropic's API has none) lowers tokens the reply has already written often.
    """

    messages: Sequence[Message]
    tools: tuple[ToolSpec, ...] = ()
    max_tokens: int = 1024
    stop: tuple[str, ...] = ()
    temperature: float = 0.0
    grammar: str | None = None
    json_schema: Mapping[str, Any] | None = None
    tool_choice: Literal["auto", "required", "none"] = "auto"
    frequency_penalty: float = 0.0

    def to_dict(self) -> JSON:
        out: JSON = {
            "messages": [message_to_dict(m) for m in self.messages],
            "tools": [t.to_dict() for t in self.tools],
            "max_tokens": self.max_tokens,
            "stop": list(self.stop),
            "temperature": self.temperature,
            "grammar": self.grammar,
            "json_schema": self.json_schema,
            "tool_choice": self.tool_choice,
        }
        if self.frequency_penalty:  # only when set: recordings made before it still replay
            out["frequency_penalty"] = self.frequency_penalty
        return out


StopReason = Literal["end", "tool_calls", "max_tokens", "stop_sequence", "error"]


@dataclass(frozen=True, slots=True)
class Reply:
    """A model's answer: text, native tool calls, usage and why generation stopped."""

    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    usage: Usage = Usage()
    stop_reason: StopReason = "end"

    def to_dict(self) -> JSON:
        return {
            "text": self.text,
            "tool_calls": [c.to_dict() for c in self.tool_calls],
            "usage": self.usage.to_dict(),
            "stop_reason": self.stop_reason,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Reply:
        return cls(
            text=str(d.get("text") or ""),
            tool_calls=tuple(ToolCall.from_dict(c) for c in d.get("tool_calls") or ()),
            usage=Usage.from_dict(d.get("usage") or {}),
            stop_reason=d.get("stop_reason", "end"),
        )


quick_init(ToolCall, ToolResult, Usage, UserMessage, AssistantMessage, ToolMessage)
quick_init(ModelRequest, Reply)
