"""Wikipedia tools as in the ReAct paper: `search_wikipedia(query)` shows a page's intro,
`lookup(keyword)` finds the next sentence with the keyword in the page read last.

The backend is a Protocol: `MediaWiki` (online, thinkact.tools.mediawiki) or `OfflineWiki`
(a local corpus ranked with BM25, thinkact.tools.offline_wiki). Both give the same
observations, so agents and evaluations behave alike with or without a network.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from thinkact.errors import ToolRetry
from thinkact.tools.base import Tool, ToolContext

if TYPE_CHECKING:
    import httpx

INTRO_SENTENCES = 5
_PAGE_KEY = "wikipedia.page"
_LOOKUP_KEY = "wikipedia.lookup"


class WikipediaError(ToolRetry):
    """The encyclopedia could not answer (network, HTTP or API error); says what to do."""


@dataclass(frozen=True, slots=True)
class WikiPage:
    title: str
    sentences: tuple[str, ...]
    intro: int | None = None  # how many leading sentences form the intro (None: unknown)
    url: str = ""


@dataclass(frozen=True, slots=True)
class WikiSearch:
    """A search's outcome: the best page (None if nothing matched) and other titles."""

    page: WikiPage | None
    similar: tuple[str, ...] = ()
    suggestion: str | None = None  # a spelling the backend suggests


class WikiBackend(Protocol):
    name: str

    def search(self, query: str) -> WikiSearch: ...


_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])")
_ABBREVIATIONS = re.compile(r"\b(?:[A-Z]|Mr|Mrs|Ms|Dr|St|Jr|Sr|No|vs|etc|e\.g|i\.e|U\.S)\.$")


def split_sentences(text: str) -> tuple[str, ...]:
    """Sentences of plain text, good enough for lookup (keeps "Dr. X" and "U.S. Army")."""
    out: list[str] = []
    for block in re.split(r"\n\s*\n|\n(?=\S)", text):
        block = " ".join(block.split())
        if not block:
            continue
        start = 0
        for m in _SENTENCE_END.finditer(block):
            if _ABBREVIATIONS.search(block[start : m.start()]):
                continue
            out.append(block[start : m.start()].strip())
            start = m.end()
        out.append(block[start:].strip())
    return tuple(s for s in out if s)


def normalize_title(title: str) -> str:
    return " ".join(title.replace("_", " ").split()).casefold()


def render_search(query: str, found: WikiSearch, intro_sentences: int = INTRO_SENTENCES) -> str:
    """The observation for a search, the same for every backend."""
    if found.page is None:
        hint = f" Did you mean '{found.suggestion}'?" if found.suggestion else ""
        if found.similar:
            shown = ", ".join(f"'{t}'" for t in found.similar)
            return f"Could not find '{query}'. Similar: [{shown}].{hint}"
        return f"Could not find '{query}' and no similar pages.{hint} Try other keywords."
    page = found.page
    n = len(page.sentences)
    shown_n = min(intro_sentences, page.intro if page.intro else n)
    text = " ".join(page.sentences[:shown_n]) or "(the page has no text)"
    lines = [f"[{page.title}] {text}"]
    if n > shown_n:
        lines.append(
            f"(Showing {shown_n} of {n} sentences; call lookup with a keyword to find more "
            "in this page.)"
        )
    if found.similar:
        lines.append("Other results: " + "; ".join(found.similar))
    if page.url:
        lines.append(f"Source: {page.url}")
    return "\n".join(lines)


def wikipedia_tools(
    backend: WikiBackend,
    *,
    search_name: str = "search_wikipedia",
    lookup_name: str = "lookup",
    intro_sentences: int = INTRO_SENTENCES,
) -> list[Tool]:
    """`search_wikipedia(query)` and `lookup(keyword)` over `backend`. The page read last
    lives in the run's `ToolContext.state`, so parallel runs do not mix their pages."""

    def search_wikipedia(query: str, ctx: ToolContext) -> str:
        """Search Wikipedia and show the intro of the best matching page.

        Args:
            query: an entity or topic, e.g. "Albert Einstein".
        """
        query = " ".join(query.split())
        if not query:
            raise ToolRetry("query is empty; give an entity or topic to search for")
        found = backend.search(query)
        if found.page is not None:
            ctx.state[_PAGE_KEY] = found.page
            ctx.state.pop(_LOOKUP_KEY, None)
        return render_search(query, found, intro_sentences)

    def lookup(keyword: str, ctx: ToolContext) -> str:
        """Find the next sentence containing a keyword in the page read last.

        Args:
            keyword: a word or phrase to find, e.g. "born".
        """
        page: WikiPage | None = ctx.state.get(_PAGE_KEY)
        if page is None:
            raise ToolRetry(f"no page has been read yet; call {search_name} first")
        key = " ".join(keyword.split()).casefold()
        if not key:
            raise ToolRetry("keyword is empty; give a word to look for in the page")
        prev = ctx.state.get(_LOOKUP_KEY)
        if prev is not None and prev[0] == (page.title, key):
            hits, index = prev[1], prev[2]
        else:
            hits = tuple(s for s in page.sentences if key in s.casefold())
            index = 0
        ctx.state[_LOOKUP_KEY] = ((page.title, key), hits, index + 1)
        if index >= len(hits):
            if not hits:
                return f"No results for '{keyword}' in [{page.title}]."
            return f"No more results for '{keyword}' in [{page.title}]."
        return f"(Result {index + 1} / {len(hits)}) {hits[index]}"

    return [
        Tool.from_function(search_wikipedia, name=search_name, idempotent=True),
        Tool.from_function(lookup, name=lookup_name, idempotent=True),
    ]


def choose_backend(
    *,
    corpus: str | os.PathLike[str] | Sequence[tuple[str, Sequence[str]]] | None = None,
    online: bool | None = None,
    client: httpx.Client | None = None,
    language: str = "en",
    probe_timeout: float = 3.0,
    **mediawiki: Any,
) -> WikiBackend:
    """Online MediaWiki or the offline corpus.

    `online=True` / `False` forces one. With `online=None`: no corpus means online; with a
    corpus, online only if Wikipedia answers a quick probe (so `ask --corpus` works offline).
    `corpus` is a JSONL path or an in-memory list of `(title, sentences)`.
    """
    from thinkact.errors import UserError
    from thinkact.tools.mediawiki import MediaWiki
    from thinkact.tools.offline_wiki import OfflineWiki

    def offline() -> WikiBackend:
        if corpus is None:
            raise UserError("an offline Wikipedia needs a corpus (JSONL of {title, text})")
        if isinstance(corpus, str | os.PathLike):
            return OfflineWiki.from_jsonl(corpus)
        return OfflineWiki(corpus)

    if online is False:
        return offline()
    wiki = MediaWiki(language=language, client=client, **mediawiki)
    if online is True or corpus is None:
        return wiki
    return wiki if wiki.reachable(probe_timeout) else offline()


__all__ = [
    "WikiBackend",
    "WikiPage",
    "WikiSearch",
    "WikipediaError",
    "choose_backend",
    "normalize_title",
    "render_search",
    "split_sentences",
    "wikipedia_tools",
]
