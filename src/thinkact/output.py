"""Typed results: what `Agent(output_type=...)` asks the final answer to be.

An output type is a pydantic model, any other type pydantic's TypeAdapter knows (`int`,
`list[str]`, a TypedDict, ...), or a JSON schema given as a dict (checked with jsonschema).
The model is shown its JSON schema: native models as the final-answer tool's `answer`
parameter, text formats in the system prompt and, where they have a grammar (the local
model), in the grammar of the answer. The answer is read as JSON the way models write it
(fenced, among prose), checked, and becomes `RunResult.output`; `final_answer` is its JSON.
A check that fails goes back to the model as any failed validation does.

    OutputType(Person).read('```json\\n{"name": "Ada", "age": 36}\\n```')
    -> ('{"name":"Ada","age":36}', Person(name='Ada', age=36))
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from thinkact.errors import UserError
from thinkact.formats.jsonish import JsonishError, find_value, loads, strip_fences

__all__ = ["OutputError", "OutputType", "inline_refs"]

MAX_ERRORS = 4  # problems named in one message: the model reads every one
MAX_MESSAGE = 600  # characters of the message
_MAX_REF_DEPTH = 8  # a recursive model's schema is unrolled this deep, then left open


class OutputError(ValueError):
    """An answer that is not a valid output; the message is written for the model."""


class OutputType:
    """One output type: its JSON schema (local `$ref`s inlined, so every reader of it,
    the grammar builder included, sees the whole shape) and how to read an answer."""

    def __init__(self, kind: Any) -> None:
        self.kind = kind
        if isinstance(kind, Mapping):
            self.name = str(kind.get("title") or "the schema")
            self._check = _json_schema_checker(kind)
            raw: Mapping[str, Any] = kind
            self._dump: Callable[[Any], str] = _dump_json
        else:
            from pydantic import TypeAdapter
            from pydantic.errors import PydanticUserError

            self.name = getattr(kind, "__name__", None) or str(kind)
            try:
                adapter = TypeAdapter(kind)
                raw = adapter.json_schema()
            except (PydanticUserError, TypeError) as e:
                raise UserError(
                    f"output_type {self.name} has no JSON schema: {str(e).splitlines()[0]}"
                ) from None
            self._check = _pydantic_checker(adapter)
            self._dump = lambda value: adapter.dump_json(value, by_alias=True).decode()
        self.schema: dict[str, Any] = inline_refs(raw)

    def parse(self, answer: str) -> Any:
        """The answer as a value of this type; OutputError says why it is not one."""
        first: OutputError | None = None
        for value in _readings(answer, self.schema):
            try:
                return self._check(value)
            except OutputError as e:
                first = first or e
        if first is not None:
            raise first
        raise OutputError(f"Your final answer is not JSON: {_not_json(answer)}.")

    def read(self, answer: str) -> tuple[str, Any]:
        """(the answer as JSON, its value); the answer unchanged and None if it is invalid."""
        try:
            value = self.parse(answer)
        except OutputError:
            return answer, None
        return self._dump(value), value

    def validator(self) -> Callable[[str], str | None]:
        """A Validator (thinkact.effects) of answers: None if valid, else what is wrong."""

        def output_type(answer: str) -> str | None:
            try:
                self.parse(answer)
            except OutputError as e:
                return _bounded(f"{e} Give the final answer again as JSON matching the schema.")
            return None

        return output_type


def _readings(answer: str, schema: Mapping[str, Any]) -> list[Any]:
    """What the answer may mean, most likely first: the whole (fences removed) as JSON,
    the first JSON object or array in it, and the text itself as a string."""
    out: list[Any] = []
    try:
        out.append(loads(answer.strip()))  # strict JSON first: its strings may hold ```
    except JsonishError:
        opener = "[" if schema.get("type") == "array" else "{["
        with contextlib.suppress(JsonishError):
            out.append(find_value(strip_fences(answer), opener)[0])
    if not (out and isinstance(out[0], str)) and schema.get("type") not in ("object", "array"):
        out.append(answer.strip())  # an enum of strings, a date: written without quotes
    return out


def _not_json(answer: str) -> str:
    try:
        loads(answer.strip())
    except JsonishError as e:
        return str(e)
    return "no JSON value found"


def _pydantic_checker(adapter: Any) -> Callable[[Any], Any]:
    from pydantic import ValidationError

    def check(value: Any) -> Any:
        try:
            return adapter.validate_python(value)
        except ValidationError as e:
            problems = [
                f"{_where(err.get('loc', ()))}{err.get('msg', 'invalid')} "
                f"(got {_short(err.get('input'))})"
                for err in e.errors(include_url=False)
            ]
            raise OutputError(_problems(problems)) from None

    return check


def _json_schema_checker(schema: Mapping[str, Any]) -> Callable[[Any], Any]:
    from jsonschema.exceptions import SchemaError
    from jsonschema.validators import validator_for

    cls = validator_for(schema)
    try:
        cls.check_schema(dict(schema))
    except SchemaError as e:
        where = "/".join(str(p) for p in e.path)
        raise UserError(
            f"the output schema is not a valid JSON Schema: {e.message}"
            + (f" (at {where})" if where else "")
        ) from None
    validator = cls(schema)

    def check(value: Any) -> Any:
        errors = sorted(validator.iter_errors(value), key=lambda e: list(map(str, e.path)))
        if errors:
            raise OutputError(_problems([f"{_where(e.path)}{e.message}" for e in errors]))
        return value

    return check


def _problems(problems: list[str]) -> str:
    n = len(problems)
    shown = "; ".join(problems[:MAX_ERRORS]) + (f"; and {n - MAX_ERRORS} more" if n > 4 else "")
    return f"Your final answer does not match the schema ({n} problem{'s' * (n > 1)}): {shown}."


def _where(path: Any) -> str:
    parts = [str(p) for p in path]
    return f"{'.'.join(parts)}: " if parts else ""


def _short(value: Any, n: int = 40) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= n else text[: n - 1] + "…"


def _bounded(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


def _dump_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def inline_refs(schema: Mapping[str, Any]) -> dict[str, Any]:
    """The schema with its local `$ref`s (`#/$defs/X`, `#/definitions/X`) replaced by what
    they name, and the definitions dropped: pydantic writes nested models as refs, which
    the grammar builder and some APIs do not follow. A recursive ref is unrolled
    `_MAX_REF_DEPTH` deep, then left as any value."""
    defs: dict[str, Any] = {}
    for key in ("$defs", "definitions"):
        found = schema.get(key)
        if isinstance(found, Mapping):
            defs.update({f"#/{key}/{name}": sub for name, sub in found.items()})

    def walk(node: Any, depth: int) -> Any:
        if isinstance(node, Mapping):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref in defs:
                if depth >= _MAX_REF_DEPTH:
                    return {}
                rest = {k: walk(v, depth) for k, v in node.items() if k != "$ref"}
                return {**walk(defs[ref], depth + 1), **rest}
            return {k: walk(v, depth) for k, v in node.items() if k not in ("$defs", "definitions")}
        if isinstance(node, list):
            return [walk(v, depth) for v in node]
        return node

    out: dict[str, Any] = walk(schema, 0)
    return out
