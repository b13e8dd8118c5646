"""A small MediaWiki API client: full-text search, then the best page's plain-text extract.

Pass `client=httpx.Client(transport=...)` to test it or to route it through a proxy.
Every failure (timeout, no network, HTTP error, API error) raises `WikipediaError`,
whose message the model can act on.
"""

from __future__ import annotations

import re
import threading
from typing import Any

import httpx

from thinkact import __version__
from thinkact.tools.wikipedia import (
    WikiPage,
    WikipediaError,
    WikiSearch,
    normalize_title,
    split_sentences,
)

DEFAULT_USER_AGENT = (
    f"thinkact/{__version__} (ReAct agent library; https://pypi.org/project/thinkact/) "
    f"httpx/{httpx.__version__}"
)
_HEADING = re.compile(r"^\s*==+[^=].*?==+\s*$", re.MULTILINE)


class MediaWiki:
    """Wikipedia (or any MediaWiki with TextExtracts) over its action API."""

    name = "wikipedia"

    def __init__(
        self,
        *,
        language: str = "en",
        user_agent: str = DEFAULT_USER_AGENT,
        timeout: float = 10.0,
        client: httpx.Client | None = None,
        api_url: str | None = None,
        results: int = 5,
    ) -> None:
        if not re.fullmatch(r"[a-z][a-z0-9-]{1,20}", language):
            raise ValueError(f"not a Wikipedia language code: {language!r}")
        self.language = language
        self.api_url = api_url or f"https://{language}.wikipedia.org/w/api.php"
        self.user_agent = user_agent
        self.timeout = timeout
        self.results = results
        self._client = client
        self._lock = threading.Lock()

    @property
    def client(self) -> httpx.Client:
        with self._lock:  # parallel searches share one connection pool
            if self._client is None:
                self._client = httpx.Client(follow_redirects=True)
            return self._client

    def _get(self, params: dict[str, Any], timeout: float | None = None) -> dict[str, Any]:
        params = {**params, "format": "json", "formatversion": "2", "maxlag": "5"}
        wait = self.timeout if timeout is None else timeout
        try:
            r = self.client.get(
                self.api_url,
                params=params,
                headers={"User-Agent": self.user_agent, "Accept": "application/json"},
                timeout=wait,
            )
        except httpx.TimeoutException:
            raise WikipediaError(
                f"Wikipedia did not answer within {wait:g} s; try again, or answer from "
                "what you already know"
            ) from None
        except httpx.HTTPError as e:
            raise WikipediaError(
                f"Wikipedia cannot be reached ({type(e).__name__}: {e}); "
                "answer from what you already know"
            ) from None
        if r.status_code == 429:
            raise WikipediaError("Wikipedia is limiting our requests (HTTP 429); wait, then retry")
        if r.status_code >= 400:
            raise WikipediaError(f"Wikipedia answered HTTP {r.status_code}; try again later")
        try:
            data = r.json()
        except ValueError:
            raise WikipediaError("Wikipedia answered something that is not JSON") from None
        if not isinstance(data, dict):
            raise WikipediaError("Wikipedia answered an unexpected JSON shape")
        error = data.get("error")
        if isinstance(error, dict):
            code, info = error.get("code", "error"), error.get("info", "")
            if code == "maxlag":
                raise WikipediaError("Wikipedia is overloaded right now (maxlag); retry soon")
            raise WikipediaError(f"Wikipedia API error '{code}': {info}")
        return data

    def search(self, query: str) -> WikiSearch:
        data = self._get(
            {
                "action": "query",
                "list": "search",
                "srsearch": query,
                "srlimit": str(self.results),
                "srprop": "",
                "srinfo": "suggestion",
            }
        )
        q = data.get("query") or {}
        titles = [h["title"] for h in q.get("search") or () if isinstance(h, dict) and "title" in h]
        suggestion = (q.get("searchinfo") or {}).get("suggestion")
        if not titles:
            return WikiSearch(None, (), suggestion)
        wanted = normalize_title(query)
        best = next((t for t in titles if normalize_title(t) == wanted), titles[0])
        page = self.page(best)
        others = tuple(t for t in titles if t != best)
        if page is None:  # deleted between search and fetch
            return WikiSearch(None, tuple(titles), suggestion)
        return WikiSearch(page, others, suggestion)

    def page(self, title: str) -> WikiPage | None:
        """A page's plain text (redirects followed); None if it does not exist."""
        data = self._get(
            {
                "action": "query",
                "prop": "extracts|info",
                "inprop": "url",
                "explaintext": "1",
                "exsectionformat": "wiki",
                "redirects": "1",
                "titles": title,
            }
        )
        pages = (data.get("query") or {}).get("pages") or []
        if not pages or not isinstance(pages[0], dict) or pages[0].get("missing"):
            return None
        p = pages[0]
        text = str(p.get("extract") or "")
        first = _HEADING.search(text)
        intro_text = text[: first.start()] if first else text
        intro = split_sentences(intro_text)
        rest = split_sentences(_HEADING.sub("\n", text[first.start() :])) if first else ()
        url = str(p.get("fullurl") or "")
        return WikiPage(str(p.get("title") or title), intro + rest, len(intro), url)

    def reachable(self, timeout: float = 3.0) -> bool:
        """One cheap request: is the API answering?"""
        try:
            self._get({"action": "query", "meta": "siteinfo"}, timeout=timeout)
        except WikipediaError:
            return False
        return True


__all__ = ["DEFAULT_USER_AGENT", "MediaWiki"]
