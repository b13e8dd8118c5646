"""A tolerant JSON reader for what language models write.

Accepts strict JSON and the usual slips: markdown code fences, prose around the value,
trailing commas, single-quoted strings, Python literals (True/False/None), unquoted keys,
raw newlines inside strings, `//` and `#` comments. Anything else raises `JsonishError`, whose
message names the line, column and a short excerpt, so a model can fix its reply.

    loads('```json\\n{city: "Paris", \\'days\\': 3,}\\n```')   -> {"city": "Paris", "days": 3}
    find_value('I will call it with {"q": "x"} now.')         -> ({"q": "x"}, 20, 30)
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["MAX_DEPTH", "JsonishError", "decode", "find_value", "loads", "strip_fences", "too_deep"]

MAX_DEPTH = 64  # deeper nesting is an error, never a RecursionError
_MAX_ATTEMPTS = 16  # openers tried by find_value: bounded work on hostile text
_FENCE = re.compile(r"```[ \t]*[\w+-]*[ \t]*\r?\n?(.*?)(?:```|\Z)", re.DOTALL)
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_IDENT = re.compile(r"[A-Za-z_$][\w$-]*")
_LITERALS = {
    "true": True,
    "false": False,
    "null": None,
    "True": True,
    "False": False,
    "None": None,
}
_ESCAPES = {'"': '"', "'": "'", "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r"}
_ESCAPES["t"] = "\t"


class JsonishError(ValueError):
    """Invalid JSON: `reason`, where it happened (1-based line and column) and an excerpt."""

    def __init__(self, reason: str, text: str, pos: int) -> None:
        pos = max(0, min(pos, len(text)))
        self.reason = reason
        self.pos = pos
        self.line = text.count("\n", 0, pos) + 1
        self.column = pos - (text.rfind("\n", 0, pos) + 1) + 1
        start = max(0, pos - 25)
        before, after = text[start:pos], text[pos : pos + 25]
        self.excerpt = (
            f"{'…' if start else ''}{before}[HERE]{after}{'…' if pos + 25 < len(text) else ''}"
        )
        super().__init__(f"{reason} at line {self.line}, column {self.column}: {self.excerpt!r}")


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, reason: str, pos: int | None = None) -> JsonishError:
        return JsonishError(reason, self.text, self.pos if pos is None else pos)

    def skip(self) -> None:
        """Whitespace and comments."""
        text, n = self.text, len(self.text)
        while self.pos < n:
            c = text[self.pos]
            if c in " \t\r\n\ufeff\xa0":
                self.pos += 1
            elif c == "#" or text.startswith("//", self.pos):
                end = text.find("\n", self.pos)
                self.pos = n if end < 0 else end + 1
            elif text.startswith("/*", self.pos):
                end = text.find("*/", self.pos + 2)
                self.pos = n if end < 0 else end + 2
            else:
                return

    def value(self, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise self.fail(f"nesting deeper than {MAX_DEPTH} levels")
        self.skip()
        if self.pos >= len(self.text):
            raise self.fail("unexpected end of input: expected a value")
        c = self.text[self.pos]
        if c == "{":
            return self.obj(depth)
        if c == "[":
            return self.arr(depth)
        if c in "\"'":
            return self.string()
        m = _NUMBER.match(self.text, self.pos)
        if m:
            return self.number(m)
        m = _IDENT.match(self.text, self.pos)
        if m and m.group() in _LITERALS:
            self.pos = m.end()
            return _LITERALS[m.group()]
        if m:
            raise self.fail(f"unexpected word {m.group()[:20]!r}: strings need quotes")
        raise self.fail(f"unexpected character {c!r}: expected a value")

    def number(self, m: re.Match[str]) -> Any:
        s = m.group()
        self.pos = m.end()
        try:
            if re.fullmatch(r"[+-]?\d+", s):
                return int(s)
            return float(s)
        except ValueError:  # e.g. more digits than Python converts
            raise self.fail(f"number {s[:20]!r} is out of range", m.start()) from None

    def string(self) -> str:
        text, quote, start = self.text, self.text[self.pos], self.pos
        self.pos += 1
        out: list[str] = []
        n = len(text)
        while self.pos < n:
            c = text[self.pos]
            if c == quote:
                self.pos += 1
                return "".join(out)
            if c == "\\":
                self.pos += 1
                if self.pos >= n:
                    break
                e = text[self.pos]
                if e == "u":
                    hexa = text[self.pos + 1 : self.pos + 5]
                    if not re.fullmatch(r"[0-9a-fA-F]{4}", hexa):
                        raise self.fail("invalid \\u escape in string", self.pos - 1)
                    code = int(hexa, 16)
                    self.pos += 5
                    low = re.match(r"\\u(d[c-f][0-9a-f]{2})", text[self.pos : self.pos + 6], re.I)
                    if 0xD800 <= code < 0xDC00 and low:  # a surrogate pair is one character
                        code = 0x10000 + ((code - 0xD800) << 10) + (int(low.group(1), 16) - 0xDC00)
                        self.pos += 6
                    out.append(chr(code))
                    continue
                # An unknown escape keeps its backslash: "C:\docs" means what it says.
                out.append(_ESCAPES.get(e, "\\" + e))
                self.pos += 1
                continue
            out.append(c)
            self.pos += 1
        raise self.fail(f"unterminated string (opened with {quote})", start)

    def key(self) -> str:
        c = self.text[self.pos] if self.pos < len(self.text) else ""
        if c in ("'", '"'):
            return self.string()
        m = _IDENT.match(self.text, self.pos)
        if m:
            self.pos = m.end()
            return m.group()
        m = _NUMBER.match(self.text, self.pos)
        if m:
            self.pos = m.end()
            return m.group()
        if not c:
            raise self.fail("unexpected end of input: expected a key or '}'")
        raise self.fail(f"unexpected character {c!r}: expected a key in quotes")

    def obj(self, depth: int) -> dict[str, Any]:
        start = self.pos
        self.pos += 1
        out: dict[str, Any] = {}
        while True:
            self.skip()
            if self.pos >= len(self.text):
                raise self.fail("unexpected end of input: object opened here is not closed", start)
            if self.text[self.pos] == "}":
                self.pos += 1
                return out
            k = self.key()
            self.skip()
            if not self.text.startswith(":", self.pos):
                if self.text.startswith("=", self.pos):  # key=value: an unambiguous slip
                    pass
                else:
                    raise self.fail(f"expected ':' after key {k[:30]!r}")
            self.pos += 1
            out[k] = self.value(depth + 1)
            self.skip()
            if self.text.startswith(",", self.pos):
                self.pos += 1
            elif not self.text.startswith("}", self.pos):
                if self.pos >= len(self.text):
                    raise self.fail(
                        "unexpected end of input: object opened here is not closed", start
                    )
                raise self.fail("expected ',' or '}' after a value in an object")

    def arr(self, depth: int) -> list[Any]:
        start = self.pos
        self.pos += 1
        out: list[Any] = []
        while True:
            self.skip()
            if self.pos >= len(self.text):
                raise self.fail("unexpected end of input: array opened here is not closed", start)
            if self.text[self.pos] == "]":
                self.pos += 1
                return out
            out.append(self.value(depth + 1))
            self.skip()
            if self.text.startswith(",", self.pos):
                self.pos += 1
            elif not self.text.startswith("]", self.pos):
                if self.pos >= len(self.text):
                    raise self.fail(
                        "unexpected end of input: array opened here is not closed", start
                    )
                raise self.fail("expected ',' or ']' after a value in an array")


def strip_fences(text: str) -> str:
    """The inside of the first markdown code fence, or the text itself if it has none."""
    m = _FENCE.search(text)
    return m.group(1) if m else text


def decode(text: str, pos: int = 0) -> tuple[Any, int]:
    """Read one value starting at `pos` (after whitespace); returns (value, end)."""
    r = _Reader(text)
    r.pos = pos
    value = r.value(0)
    return value, r.pos


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether `value` nests containers deeper than `limit` levels (counted as `loads`
    does; the outermost container is level 0). Iterative: any depth is safe to ask about."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        if level > limit:
            return True
        stack.extend((c, level + 1) for c in children if isinstance(c, dict | list | tuple))
    return False


def _strict(text: str) -> tuple[bool, Any]:
    """(True, value) if `text` is strict JSON, else (False, None); too deep is an error."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return False, None
    if too_deep(value):  # strict JSON may nest as deep as the interpreter allows
        raise JsonishError(f"nesting deeper than {MAX_DEPTH} levels", text, 0)
    return True, value


def loads(text: str) -> Any:
    """Read a whole text as one value; fences and surrounding whitespace are allowed."""
    ok, value = _strict(text)  # the fast path: most replies are strict JSON (which may
    if ok:  # hold ``` inside strings)
        return value
    body = strip_fences(text)
    ok, value = _strict(body)
    if ok:
        return value
    r = _Reader(body)
    value = r.value(0)
    r.skip()
    if r.pos < len(body):
        raise r.fail("unexpected text after the value")
    return value


def find_value(text: str, openers: str = "{[") -> tuple[Any, int, int]:
    """The first object or array in free text: (value, start, end) as indices into `text`.

    A value that starts but is broken raises the error of the first such attempt, so the
    model hears about the JSON it meant, not about a later brace in its prose.
    """
    first: JsonishError | None = None
    pos = 0
    for _ in range(_MAX_ATTEMPTS):
        starts = [i for i in (text.find(c, pos) for c in openers) if i >= 0]
        if not starts:
            break
        start = min(starts)
        try:
            value, end = decode(text, start)
            return value, start, end
        except JsonishError as e:
            first = first or e
        pos = start + 1
    if first is not None:
        raise first
    raise JsonishError(f"no JSON {'object' if openers == '{' else 'value'} found", text, 0)
