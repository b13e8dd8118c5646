"""Grounded arguments: the numbers and web addresses in a tool call should come from the
conversation.

A small model that calls a tool which does not fit the request fills the arguments in with
values of its own. Before a screened call runs (see screen.py), each number in its
arguments is looked for in what the run has seen: the task, the tools' descriptions and the
observations, never the model's own replies. Written numbers count ("twice", "a dozen",
"3.5 million", "20%" as 0.2, "50mH" as 0.05), and 0 and 1 always pass: they are every
tool's defaults, not evidence of anything. A web address is looked for by its host: given a
generic HTTP tool and a request it cannot serve, a small model writes a service of its own.
A host counts as given when the text names it or its site ("api.example.com" by
"example.com").

A call the model makes after it had declined, told by the decline check that a tool fits
(see decline.py), is suspect from the start, and is held to the request alone: `not_given`
finds each string none of whose words the request has, and each number it does not give
(numbers in the tools' descriptions do not count). An argument equal to its declared
default passes: it is the call without it. (bench/NOTES.md: how often right calls use a
number the request does not give.)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from thinkact.types import Message, ToolMessage, ToolSpec, UserMessage

_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mn": 1e6, "million": 1e6}
_SCALE |= {"b": 1e9, "bn": 1e9, "billion": 1e9, "trillion": 1e12, "hundred": 1e2}
_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "sixty": 60, "hundred": 100, "thousand": 1000,
    "dozen": 12, "half": 0.5, "quarter": 0.25, "twice": 2, "double": 2, "pair": 2,
    "triple": 3, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "decade": 10,
    "century": 100, "week": 7, "weekly": 7, "fortnight": 14, "monthly": 12, "quarterly": 4,
}  # fmt: skip
# Digits not inside a word or another number ("A(3,4)" is 3 and 4; "1,200" is 1200),
# with an optional scale word after them.
_NUMBER = re.compile(
    r"(?<![A-Za-z0-9.])[-−]?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?([eE][-+]?\d+)?"
    r"(?:\s*(thousand|million|billion|trillion|hundred|k|mn|m|bn|b)\b)?",
    re.IGNORECASE,
)
# A number also stands for itself as a percentage and with a metric prefix: "20%" is 0.2,
# "50mH" 0.05, "100µF" 0.0001.
_AS = (1.0, 1e-2, 1e2, 1e-3, 1e3, 1e-6, 1e6)
_WORD = re.compile(r"[a-z]+")
# Words in any script: letters and digits (`\w` without `_`). Words of other scripts than
# Latin are looked for inside the text too: Chinese and Japanese do not separate words.
_TOKEN = re.compile(r"[^\W_]+")
_FREE = frozenset({0.0, 1.0})
# The host of a web address anywhere in a string (a bare URL or one inside a command).
_HOST = re.compile(r"\b(?:https?|wss?|ftp)://(?:[^/\s@]*@)?([a-z0-9.-]+)", re.IGNORECASE)
_IP = re.compile(r"[\d.]+")


@dataclass(frozen=True)
class Given:
    """What a run was given (task, tools, results) as grounding looks values up in it: the
    numbers it mentions and, for web addresses, its text."""

    numbers: frozenset[float]
    text: str  # lower case

    @classmethod
    def of(cls, text: str) -> Given:
        return cls(mentioned(text), text.lower())


def mentioned(text: str) -> frozenset[float]:
    """The numbers a text mentions, each also as its negative, a percentage, with a
    metric prefix and scaled by the word after it ("3 million")."""
    out: set[float] = set()
    for m in _NUMBER.finditer(text):
        value = float(m.group(1).replace(",", "") + (m.group(2) or "") + (m.group(3) or ""))
        scale = _SCALE[m.group(4).lower()] if m.group(4) else 1.0
        for v in (value, value * scale):
            out.update(x for a in _AS for x in (v * a, -v * a))
    out.update(float(_WORDS[w]) for w in _WORD.findall(text.lower()) if w in _WORDS)
    return frozenset(out)


def _leaves(value: Any) -> Iterator[Any]:
    """The scalars in an argument value, nested ones too."""
    if isinstance(value, Mapping):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _leaves(v)
    else:
        yield value


def numbers_in(value: Any) -> list[float]:
    """The numbers in an argument value, nested ones too (booleans are not numbers)."""
    return [
        float(v) for v in _leaves(value) if isinstance(v, int | float) and not isinstance(v, bool)
    ]


def ungrounded(arguments: Mapping[str, Any], given: Given) -> dict[str, Any]:
    """The arguments holding a number `given` does not have (0 and 1 pass), or a web
    address on a host it never names."""
    return {
        name: value
        for name, value in arguments.items()
        if _new_number(value, given.numbers)
        or any(not _named(h, given.text) for h in hosts_in(value))
    }


def _new_number(value: Any, seen: frozenset[float]) -> bool:
    return any(n not in _FREE and not _close(n, seen) for n in numbers_in(value))


def hosts_in(value: Any) -> list[str]:
    """The hosts of the web addresses in an argument value, nested ones too."""
    return [m.group(1).lower().strip(".") for s in strings_in(value) for m in _HOST.finditer(s)]


def _named(host: str, text: str) -> bool:
    """Whether a (lower-case) text names a host, or the site it is on ("example.com" names
    "api.example.com"; an IP address only as itself)."""
    host = host.removeprefix("www.")
    if host in text:
        return True
    labels = host.split(".")
    return len(labels) > 2 and not _IP.fullmatch(host) and ".".join(labels[-2:]) in text


def _close(n: float, seen: frozenset[float]) -> bool:
    return n in seen or any(abs(n - s) <= 1e-9 * max(1.0, abs(s)) for s in seen)


def strings_in(value: Any) -> list[str]:
    """The strings in an argument value, nested ones too."""
    return [v for v in _leaves(value) if isinstance(v, str)]


def unstated(arguments: Mapping[str, Any], text: str) -> dict[str, Any]:
    """The arguments holding a string none of whose words `text` has ("Seattle, WA" is
    stated by "in Seattle"; a word of four letters or more also by one it begins, or that
    begins it: "panda" by "pandas"; a word not in ASCII also by the text holding it:
    "肯德基" by "我想在肯德基买"). A string with no words at all passes."""
    lowered = text.lower()
    said = set(_TOKEN.findall(lowered))
    stems = [w for w in said if len(w) >= 4]

    def stated(word: str) -> bool:
        if word in said or (not word.isascii() and word in lowered):
            return True
        return len(word) >= 4 and any(w.startswith(word) or word.startswith(w) for w in stems)

    def ok(s: str) -> bool:
        words = _TOKEN.findall(s.lower())
        return not words or any(stated(w) for w in words)

    return {
        name: value
        for name, value in arguments.items()
        if not all(ok(s) for s in strings_in(value))
    }


def not_given(
    arguments: Mapping[str, Any], text: str, schema: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The arguments holding a string or a number that `text` does not give. An argument
    equal to the default `schema` declares for it is not one: it is the same call as one
    that leaves it out (`max_results=10` where 10 is the default)."""
    props = (schema or {}).get("properties")
    props = props if isinstance(props, Mapping) else {}

    def default(name: str, value: Any) -> bool:
        sub = props.get(name)
        return isinstance(sub, Mapping) and "default" in sub and _same(sub["default"], value)

    rest = {k: v for k, v in arguments.items() if not default(k, v)}
    seen = mentioned(text)
    return unstated(rest, text) | {k: v for k, v in rest.items() if _new_number(v, seen)}


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values: 10 and 10.0 are, "0.3" and 0.3 or True and 1 are not."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return float(a) == float(b)
    return type(a) is type(b) and bool(a == b)


def seen_text(messages: Iterable[Message], specs: Iterable[ToolSpec], instructions: str) -> str:
    """What the run has been told: the user's instructions, the tools, the task and the
    observations. Not the model's replies, nor the system prompt a format wrote: its
    worked examples have numbers of their own (20 euros)."""
    parts = [instructions, *(f"{s.description} {json.dumps(s.parameters)}" for s in specs)]
    for m in messages:
        if isinstance(m, ToolMessage):
            parts.extend(r.content for r in m.results)
        elif isinstance(m, UserMessage):
            parts.append(m.content)
    return "\n".join(parts)


__all__ = [
    "Given",
    "hosts_in",
    "mentioned",
    "not_given",
    "numbers_in",
    "seen_text",
    "strings_in",
    "ungrounded",
    "unstated",
]
