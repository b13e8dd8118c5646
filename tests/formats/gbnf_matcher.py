"""A small GBNF interpreter for tests: does a grammar accept a whole string?

It reads the subset of llama.cpp's GBNF our grammars use (one rule per line, literals,
character classes, rule references, groups, `|`, `?`, `*`, `+`, `{m,n}`) and matches by
computing the set of end positions of each piece, so ambiguity costs nothing but time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import pytest

_ESC = {"n": "\n", "r": "\r", "t": "\t", "\\": "\\", '"': '"', "[": "[", "]": "]", "-": "-"}
_ESC["/"] = "/"


@dataclass(frozen=True)
class Lit:
    text: str


@dataclass(frozen=True)
class Cls:
    negated: bool
    ranges: tuple[tuple[str, str], ...]

    def ok(self, c: str) -> bool:
        inside = any(a <= c <= b for a, b in self.ranges)
        return inside != self.negated


@dataclass(frozen=True)
class Ref:
    name: str


@dataclass(frozen=True)
class Seq:
    items: tuple[object, ...]


@dataclass(frozen=True)
class Alt:
    options: tuple[Seq, ...]


@dataclass(frozen=True)
class Rep:
    node: object
    lo: int
    hi: int | None


class _Parser:
    def __init__(self, text: str) -> None:
        self.s, self.i = text, 0

    def ws(self) -> None:
        while self.i < len(self.s) and self.s[self.i] in " \t":
            self.i += 1

    def char(self) -> str:
        c = self.s[self.i]
        if c != "\\":
            self.i += 1
            return c
        e = self.s[self.i + 1]
        if e == "x":
            self.i += 4
            return chr(int(self.s[self.i - 2 : self.i], 16))
        if e == "u":
            self.i += 6
            return chr(int(self.s[self.i - 4 : self.i], 16))
        self.i += 2
        return _ESC[e]

    def alt(self) -> Alt:
        options = [self.seq()]
        while self.i < len(self.s) and self.s[self.i] == "|":
            self.i += 1
            options.append(self.seq())
        return Alt(tuple(options))

    def seq(self) -> Seq:
        items: list[object] = []
        while True:
            self.ws()
            if self.i >= len(self.s) or self.s[self.i] in "|)":
                return Seq(tuple(items))
            items.append(self.postfix(self.atom()))

    def atom(self) -> object:
        c = self.s[self.i]
        if c == '"':
            self.i += 1
            out = []
            while self.s[self.i] != '"':
                out.append(self.char())
            self.i += 1
            return Lit("".join(out))
        if c == "[":
            self.i += 1
            negated = self.s[self.i] == "^"
            self.i += negated
            ranges = []
            while self.s[self.i] != "]":
                a = self.char()
                b = a
                if self.s[self.i] == "-" and self.s[self.i + 1] != "]":
                    self.i += 1
                    b = self.char()
                ranges.append((a, b))
            self.i += 1
            return Cls(negated, tuple(ranges))
        if c == "(":
            self.i += 1
            inner = self.alt()
            assert self.s[self.i] == ")", self.s[self.i :]
            self.i += 1
            return inner
        m = re.compile(r"[A-Za-z0-9-]+").match(self.s, self.i)
        assert m, f"bad grammar at {self.s[self.i : self.i + 20]!r}"
        self.i = m.end()
        return Ref(m.group())

    def postfix(self, node: object) -> object:
        while self.i < len(self.s):
            c = self.s[self.i]
            if c == "?":
                node = Rep(node, 0, 1)
            elif c == "*":
                node = Rep(node, 0, None)
            elif c == "+":
                node = Rep(node, 1, None)
            elif c == "{":
                end = self.s.index("}", self.i)
                lo_s, _, hi_s = self.s[self.i + 1 : end].partition(",")
                lo = int(lo_s)
                hi = lo if "," not in self.s[self.i : end] else (int(hi_s) if hi_s else None)
                node = Rep(node, lo, hi)
                self.i = end
            else:
                return node
            self.i += 1
        return node


def parse_grammar(grammar: str) -> dict[str, Alt]:
    rules: dict[str, Alt] = {}
    for line in grammar.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, _, body = line.partition("::=")
        p = _Parser(body)
        rules[name.strip()] = p.alt()
        assert p.i == len(body), f"trailing text in rule {name}: {body[p.i :]!r}"
    for alt in rules.values():  # every referenced rule exists
        _check_refs(alt, rules)
    return rules


def _check_refs(node: object, rules: dict[str, Alt]) -> None:
    if isinstance(node, Ref):
        assert node.name in rules, f"undefined rule {node.name}"
    elif isinstance(node, Alt):
        for o in node.options:
            _check_refs(o, rules)
    elif isinstance(node, Seq):
        for item in node.items:
            _check_refs(item, rules)
    elif isinstance(node, Rep):
        _check_refs(node.node, rules)


def accepts(grammar: str, text: str, root: str = "root") -> bool:
    rules = parse_grammar(grammar)

    @cache
    def rule_ends(name: str, i: int) -> frozenset[int]:
        return ends(rules[name], i)

    def ends(node: object, i: int) -> frozenset[int]:
        if isinstance(node, Lit):
            return frozenset([i + len(node.text)]) if text.startswith(node.text, i) else frozenset()
        if isinstance(node, Cls):
            return frozenset([i + 1]) if i < len(text) and node.ok(text[i]) else frozenset()
        if isinstance(node, Ref):
            return rule_ends(node.name, i)
        if isinstance(node, Alt):
            out: set[int] = set()
            for o in node.options:
                out |= ends(o, i)
            return frozenset(out)
        if isinstance(node, Seq):
            positions = frozenset([i])
            for item in node.items:
                positions = frozenset(e for p in positions for e in ends(item, p))
                if not positions:
                    break
            return positions
        assert isinstance(node, Rep)
        result: set[int] = set()
        frontier, seen = frozenset([i]), set[int]()
        count = 0
        while frontier:
            if count >= node.lo:
                result |= frontier
            if node.hi is not None and count >= node.hi:
                break
            seen |= frontier
            nxt = frozenset(e for p in frontier for e in ends(node.node, p))
            if count >= node.lo:
                nxt = nxt - seen  # past the minimum, revisiting a position adds nothing
            frontier, count = nxt, count + 1
        return frozenset(result)

    return len(text) in rule_ends(root, 0)


def llama_parses(grammar: str) -> bool:
    """llama.cpp's GBNF parser (no model needed: the vocabulary is only used to sample)."""
    llama_cpp = pytest.importorskip("llama_cpp")
    sampler = llama_cpp.llama_sampler_init_grammar(None, grammar.encode(), b"root")
    if not sampler:
        return False
    llama_cpp.llama_sampler_free(sampler)
    return True
