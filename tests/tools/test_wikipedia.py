"""Wikipedia tools: the MediaWiki client through httpx.MockTransport with the API's real JSON
shapes, the BM25 offline backend on a small corpus, and lookup's state across calls."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from thinkact.agent import Agent
from thinkact.errors import ToolRetry, UserError
from thinkact.testing import ScriptedModel
from thinkact.tools.base import Tool, ToolContext
from thinkact.tools.mediawiki import MediaWiki
from thinkact.tools.offline_wiki import OfflineWiki
from thinkact.tools.wikipedia import (
    WikipediaError,
    choose_backend,
    split_sentences,
    wikipedia_tools,
)

EINSTEIN_EXTRACT = (
    "Albert Einstein (14 March 1879 – 18 April 1955) was a German-born theoretical "
    "physicist. He is best known for developing the theory of relativity. Einstein also "
    "made important contributions to quantum mechanics.\n\n\n== Life and career ==\n\n\n"
    "=== Early life ===\nEinstein was born in Ulm, in the Kingdom of Württemberg. "
    "His father was Hermann Einstein, a salesman and engineer.\n\n"
    "== Death ==\nEinstein died in Princeton, New Jersey, in 1955."
)
SEARCH_OK = {
    "batchcomplete": True,
    "continue": {"sroffset": 3, "continue": "-||"},
    "query": {
        "searchinfo": {"totalhits": 5321},
        "search": [
            {"ns": 0, "title": "Einstein family", "pageid": 3113},
            {"ns": 0, "title": "Albert Einstein", "pageid": 736},
            {"ns": 0, "title": "Hans Albert Einstein", "pageid": 1042583},
        ],
    },
}
PAGE_OK = {
    "batchcomplete": True,
    "query": {
        "redirects": [{"from": "albert einstein", "to": "Albert Einstein"}],
        "pages": [
            {
                "pageid": 736,
                "ns": 0,
                "title": "Albert Einstein",
                "contentmodel": "wikitext",
                "pagelanguage": "en",
                "touched": "2024-05-01T10:00:00Z",
                "lastrevid": 1221000000,
                "length": 190000,
                "fullurl": "https://en.wikipedia.org/wiki/Albert_Einstein",
                "canonicalurl": "https://en.wikipedia.org/wiki/Albert_Einstein",
                "extract": EINSTEIN_EXTRACT,
            }
        ],
    },
}
SEARCH_EMPTY = {
    "batchcomplete": True,
    "query": {
        "searchinfo": {
            "totalhits": 0,
            "suggestion": "albert einstein",
            "suggestionsnippet": "albert einstein",
        },
        "search": [],
    },
}
API_ERROR = {
    "error": {
        "code": "nosrsearch",
        "info": 'The "srsearch" parameter must be set.',
        "docref": "See https://en.wikipedia.org/w/api.php for API usage.",
    },
    "servedby": "mw-api-ext.eqiad.main-5d9f7",
}
MAXLAG = {
    "error": {
        "code": "maxlag",
        "info": "Waiting for 10.64.48.61: 5.3 seconds lagged.",
        "host": "10.64.48.61",
        "lag": 5.3,
        "type": "db",
    },
    "servedby": "mw1377",
}

Handler = Callable[[httpx.Request], httpx.Response]


def wiki(handler: Handler, **kw: Any) -> tuple[MediaWiki, list[httpx.Request]]:
    seen: list[httpx.Request] = []

    def record(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return handler(request)

    client = httpx.Client(transport=httpx.MockTransport(record))
    return MediaWiki(client=client, **kw), seen


def api(search: Any = SEARCH_OK, page: Any = PAGE_OK) -> Handler:
    def handle(request: httpx.Request) -> httpx.Response:
        params = request.url.params
        if params.get("list") == "search":
            return httpx.Response(200, json=search)
        if params.get("prop"):
            return httpx.Response(200, json=page)
        return httpx.Response(200, json={"batchcomplete": True, "query": {"general": {}}})

    return handle


def tools(backend: Any) -> tuple[Tool, Tool, ToolContext]:
    search, lookup = wikipedia_tools(backend)
    return search, lookup, ToolContext()


# --- MediaWiki ------------------------------------------------------------------------------------


def test_search_shows_the_intro_of_the_best_page() -> None:
    backend, seen = wiki(api(), user_agent="thinkact-tests/1.0 (ops@example.org)")
    search, _, ctx = tools(backend)
    out = search.call({"query": "albert einstein"}, ctx)
    assert out.splitlines() == [
        "[Albert Einstein] Albert Einstein (14 March 1879 – 18 April 1955) was a German-born "
        "theoretical physicist. He is best known for developing the theory of relativity. "
        "Einstein also made important contributions to quantum mechanics.",
        "(Showing 3 of 6 sentences; call lookup with a keyword to find more in this page.)",
        "Other results: Einstein family; Hans Albert Einstein",
        "Source: https://en.wikipedia.org/wiki/Albert_Einstein",
    ]
    first, second = seen
    assert first.url.host == "en.wikipedia.org" and first.url.path == "/w/api.php"
    assert first.url.params["srsearch"] == "albert einstein"
    assert first.url.params["format"] == "json" and first.url.params["formatversion"] == "2"
    assert second.url.params["titles"] == "Albert Einstein"  # the exact title, not the first
    assert second.url.params["explaintext"] == "1" and second.url.params["redirects"] == "1"
    assert all(r.headers["user-agent"] == "thinkact-tests/1.0 (ops@example.org)" for r in seen)


def test_lookup_walks_the_whole_page_including_sections() -> None:
    backend, _ = wiki(api())
    search, lookup, ctx = tools(backend)
    with pytest.raises(ToolRetry, match="call search_wikipedia first"):
        lookup.call({"keyword": "born"}, ctx)
    search.call({"query": "Albert Einstein"}, ctx)
    assert lookup.call({"keyword": "Einstein"}, ctx).startswith("(Result 1 / 5) Albert Einstein")
    assert lookup.call({"keyword": "born"}, ctx) == (
        "(Result 1 / 2) Albert Einstein (14 March 1879 – 18 April 1955) was a German-born "
        "theoretical physicist."
    )
    assert lookup.call({"keyword": "BORN"}, ctx) == (
        "(Result 2 / 2) Einstein was born in Ulm, in the Kingdom of Württemberg."
    )
    assert lookup.call({"keyword": "born"}, ctx) == (
        "No more results for 'born' in [Albert Einstein]."
    )
    assert lookup.call({"keyword": "Princeton"}, ctx) == (
        "(Result 1 / 1) Einstein died in Princeton, New Jersey, in 1955."
    )
    assert "==" not in " ".join(lookup.call({"keyword": "e"}, ctx) for _ in range(8))
    assert lookup.call({"keyword": "zebra"}, ctx) == "No results for 'zebra' in [Albert Einstein]."


def test_no_results_suggest_a_spelling() -> None:
    backend, seen = wiki(api(search=SEARCH_EMPTY))
    search, lookup, ctx = tools(backend)
    out = search.call({"query": "albert einstien"}, ctx)
    assert out == (
        "Could not find 'albert einstien' and no similar pages. "
        "Did you mean 'albert einstein'? Try other keywords."
    )
    assert len(seen) == 1  # no page fetch when nothing matched
    with pytest.raises(ToolRetry, match="no page has been read"):
        lookup.call({"keyword": "x"}, ctx)


def test_a_missing_page_lists_the_titles_found() -> None:
    missing = {
        "batchcomplete": True,
        "query": {"pages": [{"ns": 0, "title": "Einstein family", "missing": True}]},
    }
    backend, _ = wiki(api(page=missing))
    out = tools(backend)[0].call({"query": "einstein"}, ToolContext())
    assert out.startswith("Could not find 'einstein'. Similar: ['Einstein family', 'Albert")


def _raise(exc: type[httpx.TransportError]) -> Handler:
    def handle(request: httpx.Request) -> httpx.Response:
        raise exc("boom", request=request)

    return handle


@pytest.mark.parametrize(
    ("handler", "message"),
    [
        (_raise(httpx.ReadTimeout), "did not answer within 2 s"),
        (_raise(httpx.ConnectError), r"cannot be reached \(ConnectError"),
        (lambda r: httpx.Response(429, text="Too many requests"), "HTTP 429"),
        (lambda r: httpx.Response(503, text="<html>down</html>"), "HTTP 503"),
        (lambda r: httpx.Response(200, text="<html>not json</html>"), "not JSON"),
        (lambda r: httpx.Response(200, json=["odd"]), "unexpected JSON"),
        (lambda r: httpx.Response(200, json=API_ERROR), "API error 'nosrsearch'"),
        (
            lambda r: httpx.Response(200, json=MAXLAG, headers={"Retry-After": "5"}),
            "overloaded",
        ),
    ],
)
def test_failures_are_observations(handler: Handler, message: str) -> None:
    backend, _ = wiki(handler, timeout=2.0)
    search, _, ctx = tools(backend)
    with pytest.raises(WikipediaError, match=message) as err:
        search.call({"query": "anything"}, ctx)
    assert isinstance(err.value, ToolRetry)


def test_language_picks_the_host_and_bad_codes_are_refused() -> None:
    backend, seen = wiki(api(), language="de")
    backend.search("Einstein")
    assert seen[0].url.host == "de.wikipedia.org"
    with pytest.raises(ValueError, match="language code"):
        MediaWiki(language="de.evil.com/x?")


def test_empty_query_is_refused_before_any_request() -> None:
    backend, seen = wiki(api())
    with pytest.raises(ToolRetry, match="query is empty"):
        tools(backend)[0].call({"query": "   "}, ToolContext())
    assert seen == []


# --- offline ----------------------------------------------------------------------------------

PAGES = [
    (
        "Paris",
        "Paris is the capital and largest city of France. It has about 2.1 million residents.",
    ),
    ("Berlin", ["Berlin is the capital of Germany.", "It lies on the River Spree."]),
    (
        "Eiffel Tower",
        "The Eiffel Tower is a wrought-iron lattice tower in Paris. "
        "It was designed by Gustave Eiffel's company. It opened in 1889.",
    ),
    ("Gustave Eiffel", "Gustave Eiffel was a French civil engineer. He was born in Dijon in 1832."),
]


def test_offline_search_exact_title_then_bm25() -> None:
    search, lookup, ctx = tools(OfflineWiki(PAGES))
    out = search.call({"query": "eiffel tower"}, ctx)
    assert out.splitlines()[0] == (
        "[Eiffel Tower] The Eiffel Tower is a wrought-iron lattice tower in Paris. It was "
        "designed by Gustave Eiffel's company. It opened in 1889."
    )
    assert "Source:" not in out
    assert lookup.call({"keyword": "1889"}, ctx) == "(Result 1 / 1) It opened in 1889."
    best = search.call({"query": "engineer born in Dijon"}, ctx)
    assert best.startswith("[Gustave Eiffel] Gustave Eiffel was a French civil engineer.")
    assert lookup.call({"keyword": "born"}, ctx) == ("(Result 1 / 1) He was born in Dijon in 1832.")
    assert search.call({"query": "capital of Germany"}, ctx).startswith("[Berlin]")
    assert search.call({"query": "zzyzx qwerty"}, ctx) == (
        "Could not find 'zzyzx qwerty' and no similar pages. Try other keywords."
    )


def test_a_query_that_contains_a_title_opens_that_page() -> None:
    wiki = OfflineWiki(
        [
            (
                "Pete Doherty",
                "Peter Doherty (born 1979) is an English musician, songwriter, actor, poet, "
                "writer and artist. He is best known as co-frontman of The Libertines. He has "
                "also published journals, shown paintings and acted in films.",
            ),
            ("Up the Shambles", "A live DVD of the band Babyshambles, released without the bands."),
            ("Stalking Pete Doherty", "Stalking Pete Doherty is a film about Pete Doherty."),
            ("The Libertines", "The Libertines are a rock band formed by Carl and Pete Doherty."),
            ("Creed (band)", "Creed was an American rock band. It disbanded in 2004."),
            ("Creed", "A creed is a statement of shared beliefs."),
            ("Jonny Craig", "Jonny Craig has sung in Emarosa and Slaves."),
        ]
    )
    search, _, ctx = tools(wiki)
    # BM25 alone prefers a page that names him more often than his own page does
    assert wiki.pages[wiki.rank("Pete Doherty bands", 1)[0]].title == "Stalking Pete Doherty"
    assert search.call({"query": "Pete Doherty bands"}, ctx).startswith("[Pete Doherty]")
    # a title is named without its disambiguation; of equal titles the better ranked wins
    assert search.call({"query": "the Creed band members"}, ctx).startswith("[Creed (band)]")
    out = search.call({"query": "Jonny Craig and Pete Doherty bands"}, ctx)
    assert out.startswith(("[Jonny Craig]", "[Pete Doherty]"))
    # a title must be whole words of the query: "creedence" does not name Creed
    assert not search.call({"query": "creedence clearwater"}, ctx).startswith("[Creed")


def test_offline_corpus_from_jsonl(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    lines = [
        {
            "title": "Ada Lovelace",
            "text": "Ada Lovelace was an English mathematician. She wrote the first program.",
        },
        {
            "title": "Charles Babbage",
            "sentences": ["Charles Babbage designed the Analytical Engine.", " He was English. "],
        },
    ]
    corpus.write_text("\n".join(json.dumps(x) for x in lines) + "\n\n", encoding="utf-8")
    backend = choose_backend(corpus=corpus, online=False)
    assert isinstance(backend, OfflineWiki)
    search, lookup, ctx = tools(backend)
    assert search.call({"query": "Analytical Engine"}, ctx).startswith("[Charles Babbage]")
    assert lookup.call({"keyword": "english"}, ctx) == "(Result 1 / 1) He was English."


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"title": "A", "text": "x"}\nnot json\n', r"corpus\.jsonl:2: not valid JSON"),
        ('{"text": "no title"}\n', "expected"),
        ('{"title": "A"}\n', "neither 'text' nor 'sentences'"),
        ("\n\n", "has no pages"),
    ],
)
def test_bad_corpus_files_are_user_errors(tmp_path: Path, content: str, message: str) -> None:
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(content)
    with pytest.raises(UserError, match=message):
        OfflineWiki.from_jsonl(corpus)
    with pytest.raises(UserError, match="cannot read the corpus"):
        OfflineWiki.from_jsonl(tmp_path / "missing.jsonl")


# --- choosing a backend -------------------------------------------------------------------------


def test_choose_backend_probes_only_when_a_corpus_is_given() -> None:
    down = httpx.Client(transport=httpx.MockTransport(_raise(httpx.ConnectError)))
    up = httpx.Client(transport=httpx.MockTransport(api()))
    assert isinstance(choose_backend(corpus=PAGES, client=down), OfflineWiki)
    assert isinstance(choose_backend(corpus=PAGES, client=up), MediaWiki)
    assert isinstance(choose_backend(client=down), MediaWiki)  # no corpus: online, errors shown
    assert isinstance(choose_backend(corpus=PAGES, online=True, client=down), MediaWiki)
    with pytest.raises(UserError, match="needs a corpus"):
        choose_backend(online=False)


def test_split_sentences_keeps_abbreviations_together() -> None:
    text = "Dr. Smith met Mr. Jones in the U.S. Army. They talked.\nA new line. 3 cats slept."
    assert split_sentences(text) == (
        "Dr. Smith met Mr. Jones in the U.S. Army.",
        "They talked.",
        "A new line.",
        "3 cats slept.",
    )


# --- through an agent ----------------------------------------------------------------------------


def test_an_agent_searches_and_looks_up_offline() -> None:
    model = ScriptedModel(
        [
            {
                "tool_calls": [
                    {"name": "search_wikipedia", "arguments": {"query": "Gustave Eiffel"}}
                ]
            },
            {"tool_calls": [{"name": "lookup", "arguments": {"keyword": "born"}}]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "Dijon"}}]},
        ]
    )
    result = Agent(model, tools=wikipedia_tools(OfflineWiki(PAGES))).run("Where was he born?")
    assert result.final_answer == "Dijon"
    observations = [r.content for m in result.messages for r in getattr(m, "results", ())]
    assert observations[0].startswith("[Gustave Eiffel]")
    assert observations[1] == "(Result 1 / 1) He was born in Dijon in 1832."


def test_parallel_first_searches_build_one_index() -> None:
    """Regression: two searches in one reply used to build the BM25 index at once, and one
    could rank with the other's half-built tokenizer and find nothing."""
    from thinkact.tools.runtime import ToolRuntime
    from thinkact.types import ToolCall

    queries = ["engineer born in Dijon", "capital of Germany", "lattice tower", "largest city"]
    expected = ["[Gustave Eiffel]", "[Berlin]", "[Eiffel Tower]", "[Paris]"]
    for _ in range(15):
        runtime = ToolRuntime(wikipedia_tools(OfflineWiki(PAGES)))
        batch = [
            ToolCall(f"c{i}", "search_wikipedia", {"query": q}) for i, q in enumerate(queries * 2)
        ]
        outcomes = runtime.run(1, batch)
        found = [o.result.content[: len(e)] for o, e in zip(outcomes, expected * 2, strict=True)]
        assert found == expected * 2
