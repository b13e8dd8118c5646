"""The suites' tools: thinkact's calculator, and per-item `search`/`lookup` over a HotpotQA
item's 10 paragraphs (the ReAct paper's Search[entity] / Lookup[keyword] setting).

The paragraph tools keep their state (the page read last, the lookup cursor) in a closure
made for one item, so they work the same under thinkact's runtime and the seed loop.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from thinkact.errors import ToolRetry
from thinkact.tools.base import Tool

_WORD = re.compile(r"\w+")
_STOP = frozenset(
    ["a", "an", "the", "of", "in", "on", "at", "to", "for", "and", "or", "is", "was", "by"]
)


def calculator_tool() -> Tool:
    from thinkact.tools.calculator import calculator

    return calculator


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


@dataclass
class Paragraphs:
    """A tiny encyclopedia of (title, sentences) pages with the paper's two actions."""

    pages: dict[str, list[str]]
    current: str | None = None
    _keyword: str = ""
    _hits: list[str] = field(default_factory=list)
    _next: int = 0

    @classmethod
    def of(cls, context: Sequence[tuple[str, Sequence[str]]]) -> Paragraphs:
        return cls({title: [s.strip() for s in sents if s.strip()] for title, sents in context})

    def _rank(self, query: str) -> list[tuple[float, str]]:
        q = _words(query)
        ranked = []
        for title, sentences in self.pages.items():
            in_title = len(q & _words(title))
            in_text = len(q & _words(" ".join(sentences)))
            ranked.append((2.0 * in_title + in_text, title))
        return sorted(ranked, key=lambda x: -x[0])

    def search(self, entity: str) -> str:
        wanted = entity.strip().lower()
        if not wanted:
            raise ToolRetry("search needs an entity, e.g. search(entity='Eiffel Tower').")
        exact = next((t for t in self.pages if t.lower() == wanted), None)
        if exact is None:
            ranked = self._rank(entity)
            if not ranked or ranked[0][0] == 0:
                titles = ", ".join(self.pages)
                return f"Could not find [{entity}]. Pages you can search: {titles}."
            exact = ranked[0][1]
            others = [t for _, t in ranked[1:4]]
            note = f"(No page titled [{entity}]; closest: [{exact}]. Similar: {others}.)\n"
        else:
            note = ""
        self.current, self._keyword, self._hits, self._next = exact, "", [], 0
        return f"{note}[{exact}] " + " ".join(self.pages[exact])

    def lookup(self, keyword: str) -> str:
        if self.current is None:
            return "No page read yet: search for a page first, then look up keywords in it."
        key = keyword.strip().lower()
        if not key:
            raise ToolRetry("lookup needs a keyword.")
        if key != self._keyword:
            sentences = self.pages[self.current]
            self._keyword, self._next = key, 0
            self._hits = [s for s in sentences if key in s.lower()]
        if self._next >= len(self._hits):
            return f"No more results for [{keyword}] in [{self.current}]."
        self._next += 1
        return f"(Result {self._next} / {len(self._hits)}) {self._hits[self._next - 1]}"


def paragraph_tools(context: Sequence[tuple[str, Sequence[str]]]) -> tuple[Tool, ...]:
    book = Paragraphs.of(context)

    def search(entity: str) -> str:
        """Find the encyclopedia page about an entity and show its text.

        Args:
            entity: the page title or entity to search for, e.g. "Eiffel Tower".
        """
        return book.search(entity)

    def lookup(keyword: str) -> str:
        """Find the next sentence containing a keyword in the page read last.

        Args:
            keyword: a word or phrase to find in the current page.
        """
        return book.lookup(keyword)

    return (
        Tool.from_function(search, idempotent=True),
        Tool.from_function(lookup),
    )
