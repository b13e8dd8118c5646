"""Tools from plain functions: name, description, JSON schema and validation via pydantic."""

from __future__ import annotations

import inspect
import json
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, get_type_hints, overload

from thinkact.events import Event
from thinkact.types import ToolSpec

if TYPE_CHECKING:  # pydantic loads when the first tool is made, not on `import thinkact`
    import pydantic


@dataclass(eq=False)
class ToolContext:
    """Handed to a tool that declares a parameter annotated `ToolContext`.

    `state` lives for one run and is shared by its tools (e.g. the last page read, for
    `lookup`); `emit` sends an event to the run's consumers (e.g. progress trackers).
    """

    run_id: str = ""
    step: int = 0
    state: dict[str, Any] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)

    def emit(self, event: Event) -> None:
        self.events.append(event)


_ARGS_HEADER = re.compile(r"^\s*(Args|Arguments|Parameters)\s*:\s*$")
_ARG_LINE = re.compile(r"^\s*\*{0,2}(\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$")
_SPHINX_PARAM = re.compile(r"^\s*:param\s+(?:[\w\[\], |]+\s+)?(\w+)\s*:\s*(.*)$")


def parse_docstring(doc: str | None) -> tuple[str, dict[str, str]]:
    """Return (summary, {param: description}) from a Google- or Sphinx-style docstring."""
    if not doc:
        return "", {}
    lines = inspect.cleandoc(doc).splitlines()
    summary: list[str] = []
    for line in lines:
        if not line.strip() or _ARGS_HEADER.match(line) or _SPHINX_PARAM.match(line):
            break
        summary.append(line.strip())
    params: dict[str, str] = {}
    current: str | None = None
    arg_indent: int | None = None
    in_args = False
    for line in lines:
        if _ARGS_HEADER.match(line):
            in_args, arg_indent, current = True, None, None
            continue
        sphinx = _SPHINX_PARAM.match(line)
        if sphinx:
            current = sphinx.group(1)
            params[current] = sphinx.group(2).strip()
            continue
        if not in_args or not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if indent == 0:  # the next section (Returns:, Raises:, ...)
            in_args, current = False, None
            continue
        if arg_indent is None:
            arg_indent = indent
        m = _ARG_LINE.match(line)
        if m and indent <= arg_indent:
            current = m.group(1)
            params[current] = m.group(2).strip()
        elif current:
            params[current] = (params[current] + " " + line.strip()).strip()
    return " ".join(summary), params


def _inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """Inline `$defs` so every schema is self-contained (grammars and small APIs need it)."""
    defs = schema.pop("$defs", {})

    def walk(node: Any, depth: int = 0) -> Any:
        if depth > 32:  # recursive models: stop inlining, leave an open object
            return {"type": "object"}
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                target = dict(defs.get(ref.split("/")[-1], {}))
                extra = {k: v for k, v in node.items() if k != "$ref"}
                return walk({**target, **extra}, depth + 1)
            return {k: walk(v, depth) for k, v in node.items() if k != "title"}
        if isinstance(node, list):
            return [walk(v, depth) for v in node]
        return node

    out: dict[str, Any] = walk(schema)
    return out


def _to_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if value is None:
        return "OK"
    if type(value) is int or type(value) is float:  # the common case, without json
        return repr(value)
    pydantic = sys.modules.get("pydantic")  # a pydantic model can only come from it
    if pydantic is not None and isinstance(value, pydantic.BaseModel):
        return str(value.model_dump_json())
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)


def format_validation_error(err: pydantic.ValidationError) -> str:
    """One line per problem, naming the argument, what was wrong and what was given."""
    parts = []
    for e in err.errors(include_url=False):
        loc = ".".join(str(p) for p in e["loc"]) or "arguments"
        given = e.get("input")
        shown = json.dumps(given, default=str)[:80] if e["type"] != "missing" else None
        parts.append(f"argument '{loc}': {e['msg']}" + (f" (got {shown})" if shown else ""))
    return "; ".join(parts)


INVALID_JSON_KEY = "__invalid_json__"
"""Providers keep a call whose arguments were not JSON as {INVALID_JSON_KEY: raw_text}, so the
call stays paired with its result and the model hears what was wrong."""


_PLAIN_TYPES = (str, int, float, bool)
Plain = tuple[tuple[str, type, bool, Any], ...]  # (name, type, required, default) per field


def _plain_fields(model: type[pydantic.BaseModel]) -> Plain | None:
    """The fields, when the model is as `@tool` makes it from plain `str`, `int`, `float`
    and `bool` parameters: extra arguments forbidden, no constraints, aliases or validators,
    immutable defaults. pydantic returns a value of exactly its field's type unchanged (and
    a default as it is), so such arguments can be checked by their types alone. None: any
    other model (pydantic decides)."""
    import pydantic

    decorators = model.__pydantic_decorators__
    if (
        dict(model.model_config) != {"extra": "forbid"}
        or model.model_post_init is not pydantic.BaseModel.model_post_init
        or any(
            getattr(decorators, k)
            for k in ("validators", "field_validators", "root_validators", "model_validators")
        )
    ):
        return None
    fields: list[tuple[str, type, bool, Any]] = []
    for name, f in model.model_fields.items():
        kind, required = f.annotation, f.is_required()
        simple = (
            isinstance(kind, type)
            and kind in _PLAIN_TYPES
            and not f.metadata
            and f.alias is None
            and f.validation_alias is None
            and f.default_factory is None
            and not f.validate_default
            and (required or f.default is None or type(f.default) in _PLAIN_TYPES)
        )
        if not simple:
            return None
        assert isinstance(kind, type)
        fields.append((name, kind, required, None if required else f.default))
    return tuple(fields)


def _plain_kwargs(plain: Plain, arguments: Mapping[str, Any]) -> dict[str, Any] | None:
    """What pydantic would return for `arguments`, if each is of its field's exact type
    and every required one is there; None otherwise (pydantic decides)."""
    kwargs: dict[str, Any] = {}
    given = 0
    for name, kind, required, default in plain:
        if name in arguments:
            value = arguments[name]
            if type(value) is not kind:
                return None
            kwargs[name] = value
            given += 1
        elif required:
            return None
        else:
            kwargs[name] = default
    return kwargs if given == len(arguments) else None  # else: arguments that are no field


class ToolArgumentError(ValueError):
    """The model's arguments do not fit the tool's schema."""


@dataclass(eq=False)
class Tool:
    """A callable the model may use. Build one with `@tool` or `Tool.from_function`."""

    name: str
    description: str
    parameters: dict[str, Any]
    fn: Callable[..., Any]
    args_model: type[pydantic.BaseModel]
    needs_approval: bool = False
    timeout: float | None = None
    max_calls: int | None = None
    idempotent: bool = False
    isolate: bool = False
    context_param: str | None = None
    is_async: bool = False
    # A successful call ends the run with the tool's output as the final answer (checked
    # by the run's validators like any answer), as LangChain's `return_direct`: for tools
    # whose output is the answer, such as a word problem's program (PAL). `answer_from`
    # picks the answer out of the output (default: all of it).
    return_direct: bool = False
    answer_from: Callable[[str], str] | None = None
    _spec: ToolSpec | None = field(default=None, repr=False)
    _plain: Plain | None = field(default=None, repr=False)
    _plain_of: type | None = field(default=None, repr=False)  # the args_model it is of

    @classmethod
    def from_function(
        cls,
        fn: Callable[..., Any],
        *,
        name: str | None = None,
        description: str | None = None,
        needs_approval: bool = False,
        timeout: float | None = None,
        max_calls: int | None = None,
        idempotent: bool = False,
        isolate: bool = False,
        return_direct: bool = False,
    ) -> Tool:
        """Build a tool from `fn`'s signature, type hints and docstring.

        `isolate` runs a sync tool in a worker process so that its timeout can kill it.
        """
        import pydantic

        summary, param_docs = parse_docstring(fn.__doc__)
        hints = get_type_hints(fn, include_extras=True)
        fields_: dict[str, Any] = {}
        context_param = None
        for pname, p in inspect.signature(fn).parameters.items():
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                continue
            ann = hints.get(pname, Any)
            if ann is ToolContext:
                context_param = pname
                continue
            default = ... if p.default is p.empty else p.default
            fields_[pname] = (
                ann,
                pydantic.Field(default=default, description=param_docs.get(pname)),
            )
        tool_name = name or fn.__name__
        model = pydantic.create_model(
            f"{tool_name}_arguments",
            __config__=pydantic.ConfigDict(extra="forbid"),
            **fields_,
        )
        schema = _inline_refs(model.model_json_schema())
        schema.setdefault("properties", {})
        schema.pop("additionalProperties", None)
        schema["additionalProperties"] = False
        return cls(
            name=tool_name,
            description=description or summary or tool_name,
            parameters=schema,
            fn=fn,
            args_model=model,
            needs_approval=needs_approval,
            timeout=timeout,
            max_calls=max_calls,
            idempotent=idempotent,
            isolate=isolate,
            context_param=context_param,
            is_async=inspect.iscoroutinefunction(fn),
            return_direct=return_direct,
        )

    @property
    def spec(self) -> ToolSpec:
        if self._spec is None:
            self._spec = ToolSpec(self.name, self.description, self.parameters)
        return self._spec

    def direct_answer(self, output: str) -> str:
        """The final answer a successful call gives when the tool is return_direct."""
        return output if self.answer_from is None else self.answer_from(output)

    def validate(self, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """Check and coerce the model's arguments; raises ToolArgumentError."""
        raw = arguments.get(INVALID_JSON_KEY)
        if raw is not None and len(arguments) == 1:
            raise ToolArgumentError(
                f"the arguments were not valid JSON, or were nested too deeply "
                f"({str(raw)[:200]!r}); send one JSON object with these keys: "
                f"{', '.join(self.parameters.get('properties', {})) or 'none'}"
            )
        plain = self._plain
        if self._plain_of is not self.args_model:
            plain = self._plain = _plain_fields(self.args_model)
            self._plain_of = self.args_model
        kwargs = None if plain is None else _plain_kwargs(plain, arguments)
        if kwargs is not None:
            return kwargs
        try:
            parsed = self.args_model.model_validate(dict(arguments))
        except Exception as e:
            import pydantic  # loaded already: args_model is a pydantic model

            if not isinstance(e, pydantic.ValidationError):
                raise
            raise ToolArgumentError(format_validation_error(e)) from None
        # The fields' values, as getattr gives them, and the extra arguments a model that
        # allows them kept (pydantic holds those apart from the fields).
        return {**parsed.__dict__, **(parsed.__pydantic_extra__ or {})}

    def _kwargs(self, arguments: Mapping[str, Any], ctx: ToolContext | None) -> dict[str, Any]:
        kwargs = self.validate(arguments)
        if self.context_param is not None:
            kwargs[self.context_param] = ctx or ToolContext()
        return kwargs

    def call(self, arguments: Mapping[str, Any], ctx: ToolContext | None = None) -> str:
        """Validate and run a sync tool; returns its output as text. Exceptions propagate."""
        if self.is_async:
            raise TypeError(f"tool {self.name!r} is async: use acall()")
        if self.context_param is None:
            return _to_text(self.fn(**self.validate(arguments)))
        return _to_text(self.fn(**self._kwargs(arguments, ctx)))

    async def acall(self, arguments: Mapping[str, Any], ctx: ToolContext | None = None) -> str:
        kwargs = self._kwargs(arguments, ctx)
        if self.is_async:
            return _to_text(await self.fn(**kwargs))
        return _to_text(self.fn(**kwargs))

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Calling the tool object calls the plain function, so decorated code stays usable."""
        return self.fn(*args, **kwargs)


@overload
def tool(fn: Callable[..., Any], /) -> Tool: ...


@overload
def tool(
    *,
    name: str | None = None,
    description: str | None = None,
    needs_approval: bool = False,
    timeout: float | None = None,
    max_calls: int | None = None,
    idempotent: bool = False,
    isolate: bool = False,
    return_direct: bool = False,
) -> Callable[[Callable[..., Any]], Tool]: ...


def tool(
    fn: Callable[..., Any] | None = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    needs_approval: bool = False,
    timeout: float | None = None,
    max_calls: int | None = None,
    idempotent: bool = False,
    isolate: bool = False,
    return_direct: bool = False,
) -> Tool | Callable[[Callable[..., Any]], Tool]:
    """Decorator: `@tool` or `@tool(timeout=5, max_calls=3)` turns a function into a Tool."""

    def make(f: Callable[..., Any]) -> Tool:
        return Tool.from_function(
            f,
            name=name,
            description=description,
            needs_approval=needs_approval,
            timeout=timeout,
            max_calls=max_calls,
            idempotent=idempotent,
            isolate=isolate,
            return_direct=return_direct,
        )

    return make(fn) if fn is not None else make


def as_tool(obj: Tool | Callable[..., Any]) -> Tool:
    return obj if isinstance(obj, Tool) else Tool.from_function(obj)


def error_text(exc: BaseException) -> str:
    """The observation a failing tool produces: `TOOL ERROR: <Type>: <message>`."""
    from thinkact.errors import ToolRetry

    if isinstance(exc, ToolRetry):
        return f"TOOL ERROR: {exc}"
    kind = "ValidationError" if isinstance(exc, ToolArgumentError) else type(exc).__name__
    kind = getattr(exc, "type_name", kind)  # carried back from an isolated worker
    msg = str(exc) or "(no message)"
    return f"TOOL ERROR: {kind}: {msg}"
