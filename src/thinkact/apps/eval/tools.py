"""The suites' tools, from thinkact's built-ins: the calculator (GSM8K), and per-item
`search`/`lookup` over a HotpotQA item's 10 paragraphs with the offline BM25 encyclopedia
(the ReAct paper's Search[entity] / Lookup[keyword] setting)."""

from __future__ import annotations

from collections.abc import Sequence

from thinkact.tools.base import Tool


def calculator_tool() -> Tool:
    from thinkact.tools.calculator import calculator

    return calculator


def paragraph_tools(context: Sequence[tuple[str, Sequence[str]]]) -> tuple[Tool, ...]:
    """`search(query)` and `lookup(keyword)` over these pages only. The page read last lives
    in the run's ToolContext state, so each item starts with none."""
    from thinkact.tools.offline_wiki import OfflineWiki
    from thinkact.tools.wikipedia import wikipedia_tools

    wiki = OfflineWiki(context)
    wiki.search("index")  # build the lazy BM25 index now: parallel first searches race on it
    return tuple(wikipedia_tools(wiki, search_name="search"))
