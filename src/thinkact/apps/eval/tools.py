"""The suites' tools, from thinkact's built-ins: the calculator (GSM8K), and per-item
`search`/`lookup` over a HotpotQA item's 10 paragraphs with the offline BM25 encyclopedia
(the ReAct paper's Search[entity] / Lookup[keyword] setting)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from thinkact.tools.base import Tool

if TYPE_CHECKING:  # the tools' modules load when a suite asks for them
    from thinkact.tools.wikipedia import WikiBackend, WikiSearch


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
    from thinkact.tools.wikipedia import wikipedia_tools

    wiki = OfflineWiki(context)
    wiki.search("index")  # build the lazy BM25 index now: parallel first searches race on it
    backend: WikiBackend = wiki if read is None else _Noting(wiki, read)
    return tuple(wikipedia_tools(backend, search_name="search"))


class _Noting:
    """A backend that notes the title of each page its searches open."""

    def __init__(self, backend: WikiBackend, read: list[str]) -> None:
        self.backend, self.read = backend, read
        self.name = backend.name

    def search(self, query: str) -> WikiSearch:
        found = self.backend.search(query)
        if found.page is not None:
            self.read.append(found.page.title)
        return found
