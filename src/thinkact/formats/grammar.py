"""GBNF grammars (llama.cpp) from JSON schemas, for constrained local decoding.

Every string, array, map and number in a generated grammar has an upper bound, so a model
that follows the grammar always finishes within a bounded number of characters. Constructs
this module does not translate (patterns, `not`, tuples, ...) fall back to a generic bounded
JSON value: the grammar may then accept more than the schema, never less.

    GrammarBuilder().schema_grammar({"type": "object", "properties": {...}, "required": [...]})
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "MAX_ANSWER",
    "MAX_ITEMS",
    "MAX_PARALLEL",
    "MAX_REASONING",
    "MAX_STRING",
    "GrammarBuilder",
    "literal",
    "observation_start",
    "parallel_calls",
    "schema_to_gbnf",
]

# Characters of reasoning before an action: room for the usual few sentences, yet a reply
# that falls into repeating a sentence closes the tag and acts before the repetition stop
# cuts it (bench/NOTES.md).
MAX_REASONING = 600
MAX_ANSWER = 4000  # characters of a final answer
MAX_STRING = 3000  # characters of one string argument (file contents need room)
MAX_ITEMS = 32  # items of an array, entries of a map
MAX_PARALLEL = 8  # tool calls in one reply
_MAX_SCHEMA_DEPTH = 12  # deeper schemas fall back to a generic value
_MAX_LENGTH = 20_000  # a schema's own maxLength is honoured up to this
_GENERIC_DEPTH = 3  # nesting levels of a generic JSON value

_PRIMITIVES = {
    "space": '| " " | "\\n" [ \\t]{0,20}',
    "char": '[^"\\\\\\x7F\\x00-\\x1F] | "\\\\" (["\\\\/bfnrt] | "u" [0-9a-fA-F]{4})',
    "integer": '"-"? ([0-9] | [1-9] [0-9]{1,15})',
    "number": 'integer ("." [0-9]{1,16})? ([eE] [-+]? [0-9]{1,3})?',
    "boolean": '"true" | "false"',
    "null": '"null"',
}
_DEPENDS = {"number": ("integer",), "string": ("char",)}


def literal(text: str) -> str:
    """A GBNF string literal matching `text` exactly."""
    out = []
    for c in text:
        if c in '"\\':
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "\t":
            out.append("\\t")
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\x{ord(c):02X}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def observation_start(word: str) -> str:
    """An optional start of an observation after a reply: the format's stop sequence ends
    the reply there. Without that way out, a model about to write its own observation was
    led into more calls instead, with results it made up ("144 - 7" after "12 * 12 - 7")."""
    return f'("\\n"{{1,2}} {literal(word)})?'


def parallel_calls(action: str, observation: str) -> str:
    """One to MAX_PARALLEL calls of rule `action`, then maybe the start of an observation."""
    return f'{action} ("\\n" {action}){{0,{MAX_PARALLEL - 1}}} {observation_start(observation)}'


def _rule_name(hint: str) -> str:
    name = re.sub(r"[^A-Za-z0-9-]+", "-", hint).strip("-").lower()
    return name[:40] or "r"


def _bound(value: Any, default: int, cap: int) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return min(value, cap)
    return default


class GrammarBuilder:
    """Collects named rules (identical bodies share one name) and renders a grammar."""

    def __init__(self, *, max_string: int = MAX_STRING, max_items: int = MAX_ITEMS) -> None:
        self.max_string = max_string
        self.max_items = max_items
        self.rules: dict[str, str] = {}
        self._names: dict[str, str] = {}

    # --- rules ----------------------------------------------------------------------

    def rule(self, hint: str, body: str) -> str:
        """Add a rule (or reuse the one with the same body); returns its name."""
        if body in self._names:
            return self._names[body]
        base = _rule_name(hint)
        name, n = base, 1
        while name in self.rules or name in _PRIMITIVES or name == "root":
            n += 1
            name = f"{base}-{n}"
        self.rules[name] = body
        self._names[body] = name
        return name

    def primitive(self, name: str) -> str:
        for dep in _DEPENDS.get(name, ()):
            self.primitive(dep)
        if name not in self.rules:
            self.rules[name] = _PRIMITIVES[name]
            self._names[_PRIMITIVES[name]] = name
        return name

    def string(self, min_len: int = 0, max_len: int | None = None) -> str:
        hi = self.max_string if max_len is None else max_len
        lo = min(min_len, hi)
        self.primitive("char")
        return self.rule(
            f"string-{hi}" if lo == 0 else f"string-{lo}-{hi}", f'"\\"" char{{{lo},{hi}}} "\\""'
        )

    def render(self, root: str) -> str:
        lines = [f"root ::= {root}"]
        lines += [f"{name} ::= {body}" for name, body in self.rules.items()]
        return "\n".join(lines) + "\n"

    # --- JSON schema -> rule --------------------------------------------------------

    def value(self, depth: int = _GENERIC_DEPTH) -> str:
        """A generic JSON value, nested at most `depth` levels, every part bounded."""
        scalar = " | ".join(
            [self.string(), self.primitive("number"), self.primitive("boolean"), "null"]
        )
        self.primitive("null")
        if depth <= 0:
            return self.rule("json-value-0", scalar)
        inner = self.value(depth - 1)
        sp = self.primitive("space")
        k = self.max_items - 1
        obj = (
            f'"{{" {sp} ({self.string()} {sp} ":" {sp} {inner} '
            f'({sp} "," {sp} {self.string()} {sp} ":" {sp} {inner}){{0,{k}}})? {sp} "}}"'
        )
        arr = f'"[" {sp} ({inner} ({sp} "," {sp} {inner}){{0,{k}}})? {sp} "]"'
        return self.rule(f"json-value-{depth}", f"{obj} | {arr} | {scalar}")

    def schema(self, schema: Any, hint: str = "value", depth: int = 0) -> str:
        """A rule (or primitive) name for values matching `schema`."""
        if not isinstance(schema, Mapping) or depth > _MAX_SCHEMA_DEPTH:
            return self.value()
        if "const" in schema:
            return self._literals(hint, [schema["const"]])
        if isinstance(schema.get("enum"), list) and schema["enum"]:
            return self._literals(hint, schema["enum"])
        branches = schema.get("anyOf") or schema.get("oneOf")
        if isinstance(branches, list) and branches:
            alts = [self.schema(b, f"{hint}-{i}", depth + 1) for i, b in enumerate(branches)]
            return self.rule(hint, " | ".join(dict.fromkeys(alts)))
        all_of = schema.get("allOf")
        if isinstance(all_of, list) and len(all_of) == 1:
            return self.schema(all_of[0], hint, depth + 1)
        if all_of or "$ref" in schema or "not" in schema:
            return self.value()
        kind = schema.get("type")
        if isinstance(kind, list) and kind:
            alts = [self.schema({**schema, "type": t}, f"{hint}-{t}", depth + 1) for t in kind]
            return self.rule(hint, " | ".join(dict.fromkeys(alts)))
        if kind == "string":
            hi = _bound(schema.get("maxLength"), self.max_string, _MAX_LENGTH)
            return self.string(_bound(schema.get("minLength"), 0, hi), hi)
        if kind == "number" and schema.get("format") in ("float", "double"):
            # Written as a float ("1.0", not "1"): where a float is wanted, a checker that
            # compares Python types rejects an int (inside an array, say).
            whole = self.primitive("integer")
            return self.rule("float", f'{whole} "." [0-9]{{1,16}} ([eE] [-+]? [0-9]{{1,3}})?')
        if kind in ("integer", "number", "boolean", "null"):
            return self.primitive(kind)
        if kind == "array":
            return self._array(schema, hint, depth)
        if kind == "object" or "properties" in schema:
            return self._object(schema, hint, depth)
        return self.value()

    def _literals(self, hint: str, values: Sequence[Any]) -> str:
        try:
            alts = [literal(json.dumps(v, ensure_ascii=False)) for v in values]
        except (TypeError, ValueError):
            return self.value()
        return self.rule(hint, " | ".join(dict.fromkeys(alts)))

    def _array(self, schema: Mapping[str, Any], hint: str, depth: int) -> str:
        items = schema.get("items", {})
        if "prefixItems" in schema or not isinstance(items, Mapping):
            return self.value()
        hi = _bound(schema.get("maxItems"), self.max_items, self.max_items)
        lo = min(_bound(schema.get("minItems"), 0, hi), hi)
        sp = self.primitive("space")
        if hi == 0:
            return self.rule(hint, f'"[" {sp} "]"')
        item = self.schema(items, f"{hint}-item", depth + 1)
        more = f'({sp} "," {sp} {item}){{{max(lo - 1, 0)},{hi - 1}}}'
        inner = f"{item} {more}" if lo else f"({item} {more})?"
        return self.rule(hint, f'"[" {sp} {inner} {sp} "]"')

    def _object(self, schema: Mapping[str, Any], hint: str, depth: int) -> str:
        sp = self.primitive("space")
        props = schema.get("properties")
        if not isinstance(props, Mapping) or not props:
            extra = schema.get("additionalProperties", True)
            if extra is False:
                return self.rule(hint, f'"{{" {sp} "}}"')
            val = (
                self.schema(extra, f"{hint}-value", depth + 1)
                if isinstance(extra, Mapping)
                else self.value()
            )
            key = self.string()
            kv = f'{key} {sp} ":" {sp} {val}'
            body = f'"{{" {sp} ({kv} ({sp} "," {sp} {kv}){{0,{self.max_items - 1}}})? {sp} "}}"'
            return self.rule(hint, body)
        required_raw = schema.get("required")
        required_set = set(required_raw) if isinstance(required_raw, list) else set()
        pairs: dict[str, str] = {}
        for name, sub in props.items():
            val = self.schema(sub, f"{hint}-{name}", depth + 1)
            pairs[str(name)] = (
                f'{literal(json.dumps(str(name), ensure_ascii=False))} {sp} ":" {sp} {val}'
            )
        required = [k for k in pairs if k in required_set]
        optional = [k for k in pairs if k not in required_set]
        sep = f'{sp} "," {sp}'
        if required:
            body = f" {sep} ".join(pairs[k] for k in required)
            body += "".join(f" ({sep} {pairs[k]})?" for k in optional)
            return self.rule(hint, f'"{{" {sp} {body} {sp} "}}"')
        # Only optional keys: any subset, in order, without a leading comma. Tail rules keep
        # the grammar linear in the number of keys.
        alts: list[str] = []
        tail = ""
        for i in range(len(optional) - 1, -1, -1):
            alts.append(f"{pairs[optional[i]]} {tail}".strip())
            if i > 0:
                body = f"({sep} {pairs[optional[i]]})? {tail}".strip()
                tail = self.rule(f"{hint}-after-{optional[i - 1]}", body)
        alts.reverse()
        return self.rule(hint, f'"{{" {sp} ({" | ".join(alts)})? {sp} "}}"')

    def schema_grammar(self, schema: Any, hint: str = "value") -> str:
        return self.render(self.schema(schema, hint))


def schema_to_gbnf(schema: Any, *, max_string: int = MAX_STRING) -> str:
    """A whole grammar whose root is one JSON value matching `schema`."""
    return GrammarBuilder(max_string=max_string).schema_grammar(schema)
