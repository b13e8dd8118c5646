"""The suites' tools, from thinkact's built-ins: the calculator (GSM8K), and per-item
`search`/`lookup` over a HotpotQA item's 10 paragraphs with the offline BM25 encyclopedia
(the ReAct paper's Search[entity] / Lookup[keyword] setting)."""

from __future__ import annotations

from collections.abc import Sequence

from thinkact.tools.base import Tool


def calculator_tool() -> Tool:
    from thinkact.tools.calculator import calculator

    return calculator


def program_tool() -> Tool:
    """The calculator whose printed result is the answer (PAL: the program's output, not
    the model's retelling of it). In GSM8K's code setting the model overrode a right
    result with its own prose sum (624 printed, 1248 answered) and rounded a wrong 32.5 to
    33, which the whole-number check then passed; run this way, a fraction goes back."""
    from dataclasses import replace

    from thinkact.tools.calculator import calculator, result_value

    return replace(calculator, return_direct=True, answer_from=result_value)


def paragraph_tools(
    context: Sequence[tuple[str, Sequence[str]]], *, read: list[str] | None = None
) -> tuple[Tool, ...]:
    """`search(query)` and `lookup(keyword)` over these pages only. The page read last lives
    in the run's ToolContext state, so each item starts with none. `read`, if given, gets
    the title of every page a search opens."""
    from thinkact.tools.offline_wiki import OfflineWiki
    from thinkact.tools.wikipedia import WikiSearch, wikipedia_tools

    wiki = OfflineWiki(context)
    wiki.search("index")  # build the lazy BM25 index now: parallel first searches race on it
    if read is None:
        return tuple(wikipedia_tools(wiki, search_name="search"))
    opened = read

    class Noted:
        name = wiki.name

        def search(self, query: str) -> WikiSearch:
            found = wiki.search(query)
            if found.page is not None:
                opened.append(found.page.title)
            return found

    return tuple(wikipedia_tools(Noted(), search_name="search"))
