"""The research assistant: a question answered with the calculator and Wikipedia.

    agent = research_agent("local", corpus="pages.jsonl")
    sources = Sources()
    agent.reporters.append(sources)
    answer = agent.run("How old was Einstein when he won the Nobel Prize?").final_answer
    sources.titles        # ["Albert Einstein", "Nobel Prize in Physics"]

Online MediaWiki when no corpus is given; with a corpus, always offline. Several
independent searches in one reply run in parallel (the tool runtime does it).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from thinkact.agent import Agent, Reporter
from thinkact.config import OBSERVATION_HINT, AgentConfig
from thinkact.demos import Example, ExampleStep
from thinkact.events import Event, ToolFinished
from thinkact.formats.base import Format
from thinkact.models.base import Model

INSTRUCTIONS = (
    "You are a research assistant. Answer the user's question with facts you find: "
    "`search_wikipedia` shows the beginning of the best matching page, `lookup` finds the "
    "next sentence with a keyword in the page you read last, and `calculator` does "
    "arithmetic. Search for several pages at once when they do not depend on each other. "
    "Base the answer on what you read, and say so when you could not find it."
)
SEARCH_TOOL = "search_wikipedia"


def two_hop_example(search: str = SEARCH_TOOL) -> Example:
    """A worked two-hop search on invented pages: find the first entity, read the bridge
    to the second in what came back, search that, answer. Without it, small models copy
    the format's one-line example ("I should start with search.") as their every thought."""
    return Example(
        "In which city was the director of the film The Silent Harbor born?",
        (
            ExampleStep(
                "I need the director of The Silent Harbor first, then where that person was born.",
                search,
                {"query": "The Silent Harbor"},
                "[The Silent Harbor] The Silent Harbor is a 1998 drama film directed by "
                "Maren Holt. It follows a lighthouse keeper on the Baltic coast.",
            ),
            ExampleStep(
                "The director is Maren Holt. Now I need where Maren Holt was born.",
                search,
                {"query": "Maren Holt"},
                "[Maren Holt] Maren Holt (born 4 May 1961 in Uppsala) is a Swedish film "
                "director and screenwriter.",
            ),
            ExampleStep("Maren Holt, the director, was born in Uppsala.", answer="Uppsala"),
        ),
    )


_TITLE = re.compile(r"^\[(.+?)\] ", re.MULTILINE)


def research_tools(
    *,
    corpus: str | os.PathLike[str] | Sequence[tuple[str, Sequence[str]]] | None = None,
    online: bool | None = None,
    **mediawiki: Any,
) -> list[Any]:
    """calculator, search_wikipedia and lookup. A corpus means offline."""
    from thinkact.tools.calculator import calculator
    from thinkact.tools.wikipedia import choose_backend, wikipedia_tools

    if corpus is not None and online is None:
        online = False
    backend = choose_backend(corpus=corpus, online=online, **mediawiki)
    if online is False:
        # Build the offline BM25 index now: OfflineWiki builds it lazily on the first search,
        # and two parallel first searches race on it (one fails with an AttributeError).
        backend.search("index")
    return [calculator, *wikipedia_tools(backend, search_name=SEARCH_TOOL)]


def research_agent(
    model: Model | str | None = None,
    *,
    corpus: str | os.PathLike[str] | Sequence[tuple[str, Sequence[str]]] | None = None,
    online: bool | None = None,
    format: str | Format = "auto",
    config: AgentConfig | None = None,
    reporters: Sequence[Reporter] = (),
    **mediawiki: Any,
) -> Agent:
    return Agent(
        model,
        research_tools(corpus=corpus, online=online, **mediawiki),
        format=format,
        instructions=INSTRUCTIONS,
        examples=[two_hop_example()],
        # One question, one answer: the hint keeps small models from echoing their last call.
        config=config or AgentConfig(max_steps=12, observation_hint=OBSERVATION_HINT),
        reporters=reporters,
    )


@dataclass
class Sources:
    """A reporter that collects the titles of the pages a run read, in order, once each."""

    titles: list[str] = field(default_factory=list)

    def __call__(self, event: Event) -> None:
        if not isinstance(event, ToolFinished) or event.result.is_error:
            return
        if event.call.name != SEARCH_TOOL:
            return
        match = _TITLE.search(event.result.content)
        if match and match.group(1) not in self.titles:
            self.titles.append(match.group(1))


def with_sources(answer: str, titles: Sequence[str]) -> str:
    """The answer followed by the pages it was based on."""
    if not titles:
        return answer
    return answer.rstrip() + "\n\nSources: " + "; ".join(titles)


__all__ = ["INSTRUCTIONS", "Sources", "research_agent", "research_tools", "with_sources"]
