"""An offline encyclopedia: pages from a JSONL file or memory, ranked with BM25 (bm25s).

    OfflineWiki.from_jsonl("corpus.jsonl")        # lines of {title, text} or {title, sentences}
    OfflineWiki([("Paris", ["Paris is ...", ...]), ...])   # e.g. a HotpotQA item's paragraphs

A query that names a title exactly opens that page, as Wikipedia's search does; else, of
the best BM25 matches over title and text, the one whose title the query contains ("Pete
Doherty bands"), or the best. The next matches are listed as similar.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Iterable, Sequence
from typing import Any

from thinkact.errors import UserError
from thinkact.tools.wikipedia import WikiPage, WikiSearch, normalize_title, split_sentences


class OfflineWiki:
    name = "offline"

    def __init__(self, pages: Iterable[tuple[str, Sequence[str] | str]], *, results: int = 5):
        """`pages`: `(title, sentences)` pairs; a plain string is split into sentences."""
        self.pages: list[WikiPage] = []
        for title, body in pages:
            sentences = (
                split_sentences(body)
                if isinstance(body, str)
                else tuple(s.strip() for s in body if s.strip())
            )
            self.pages.append(WikiPage(str(title), sentences))
        self.results = results
        self._by_title = {normalize_title(p.title): i for i, p in enumerate(self.pages)}
        # Titles as words, without a disambiguation ("Creed (band)" -> "creed"), to find
        # them inside a query.
        self._title_words = [_words(_DISAMBIGUATION.sub("", p.title)) for p in self.pages]
        self._ranker: tuple[Any, Any] | None = None  # (tokenizer, index), built on first use
        self._lock = threading.Lock()  # parallel searches must not build it twice

    @classmethod
    def from_jsonl(cls, path: str | os.PathLike[str], *, results: int = 5) -> OfflineWiki:
        pages: list[tuple[str, Sequence[str] | str]] = []
        try:
            with open(path, encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    if not line.strip():
                        continue
                    pages.append(_parse_line(line, path, n))
        except OSError as e:
            raise UserError(f"cannot read the corpus {os.fspath(path)}: {e.strerror}") from None
        if not pages:
            raise UserError(f"the corpus {os.fspath(path)} has no pages")
        return cls(pages, results=results)

    def _build(self) -> tuple[Any, Any]:
        import bm25s
        from bm25s.tokenization import Tokenizer

        with self._lock:
            if self._ranker is None:
                tokenizer = Tokenizer(stopwords="en")
                # The title twice: a page about X should outrank pages that merely mention X.
                docs = [f"{p.title}. {p.title}. " + " ".join(p.sentences) for p in self.pages]
                ids = tokenizer.tokenize(docs, return_as="ids", show_progress=False)
                index = bm25s.BM25()
                index.index(ids, show_progress=False)
                self._ranker = (tokenizer, index)
            return self._ranker

    def rank(self, query: str, k: int) -> list[int]:
        """Indexes of the pages that best match `query`, best first (score > 0 only)."""
        if not self.pages:
            return []
        tokenizer, index = self._ranker or self._build()
        ids = tokenizer.tokenize([query], update_vocab=False, return_as="ids", show_progress=False)
        docs, scores = index.retrieve(ids, k=min(k, len(self.pages)), show_progress=False)
        return [int(d) for d, s in zip(docs[0], scores[0], strict=True) if s > 0]

    def search(self, query: str) -> WikiSearch:
        exact = self._by_title.get(normalize_title(query))
        ranked = self.rank(query, self.results + 1)
        if exact is None:
            exact = self._named_in(query, ranked)
        if exact is None and not ranked:
            return WikiSearch(None)
        best = exact if exact is not None else ranked[0]
        others = tuple(self.pages[i].title for i in ranked if i != best)[: self.results - 1]
        return WikiSearch(self.pages[best], others)

    def _named_in(self, query: str, ranked: Sequence[int]) -> int | None:
        """Of the best BM25 matches, the one whose title the query contains (the longest
        title, then the better ranked). BM25 sent "Pete Doherty bands" to a DVD page that
        says "bands" more often than Pete Doherty's own page, third in the ranking, which
        the small model never found after. Only ranked pages: in a large corpus a page
        titled "When" must not answer "When was Einstein born?"."""
        words = f" {_words(query)} "
        named = [i for i in ranked if self._title_words[i] and f" {self._title_words[i]} " in words]
        if not named:
            return None
        return min(named, key=lambda i: -len(self._title_words[i]))


_DISAMBIGUATION = re.compile(r"\s*\([^)]*\)\s*$")
_WORD = re.compile(r"\w+")


def _words(text: str) -> str:
    return " ".join(_WORD.findall(text.casefold()))


def _parse_line(line: str, path: str | os.PathLike[str], n: int) -> tuple[str, Sequence[str] | str]:
    where = f"{os.fspath(path)}:{n}"
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        raise UserError(f"{where}: not valid JSON ({e.msg})") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("title"), str):
        raise UserError(f'{where}: expected {{"title": ..., "text" or "sentences": ...}}')
    if isinstance(obj.get("sentences"), list):
        return obj["title"], [str(s) for s in obj["sentences"]]
    if isinstance(obj.get("text"), str):
        return obj["title"], obj["text"]
    raise UserError(f"{where}: page '{obj['title']}' has neither 'text' nor 'sentences'")


__all__ = ["OfflineWiki"]
