"""The research assistant: sources from tool events, and `thinkact ask` end to end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from thinkact.apps.research import Sources, research_agent, with_sources
from thinkact.testing import ScriptedModel

PAGES = [
    {
        "title": "Eiffel Tower",
        "text": "The Eiffel Tower is a tower in Paris. It was designed by the company of "
        "Gustave Eiffel. It opened in 1889.",
    },
    {
        "title": "Gustave Eiffel",
        "sentences": ["Gustave Eiffel was a French engineer.", "He was born in Dijon in 1832."],
    },
    {"title": "Dijon", "text": "Dijon is a city in eastern France."},
]


def _corpus(tmp_path: Path) -> Path:
    file = tmp_path / "corpus.jsonl"
    file.write_text("".join(json.dumps(p) + "\n" for p in PAGES))
    return file


def _search(query: str) -> dict[str, object]:
    return {"name": "search_wikipedia", "arguments": {"query": query}}


def test_agent_answers_offline_with_its_sources(tmp_path: Path) -> None:
    model = ScriptedModel(
        [
            {"tool_calls": [_search("Eiffel Tower"), _search("Gustave Eiffel")]},
            {"tool_calls": [{"name": "calculator", "arguments": {"expression": "1889 - 1832"}}]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "Dijon, aged 57"}}]},
        ]
    )
    sources = Sources()
    agent = research_agent(model, corpus=_corpus(tmp_path), format="native", reporters=[sources])
    result = agent.run("Where was the designer of the Eiffel Tower born?")
    assert result.final_answer == "Dijon, aged 57"
    assert sources.titles == ["Eiffel Tower", "Gustave Eiffel"]
    # both searches came back in one turn: they were one reply's parallel calls
    tool_turn = model.requests[1].messages[-2]
    assert [r.name for r in tool_turn.results] == ["search_wikipedia", "search_wikipedia"]  # type: ignore[union-attr]
    assert "57" in model.requests[2].messages[-2].results[0].content  # type: ignore[union-attr]
    assert {t.name for t in model.requests[0].tools} >= {"calculator", "lookup", "search_wikipedia"}
    # a worked two-hop example, shown beside native tools as plain text
    system = model.requests[0].messages[0].content  # type: ignore[union-attr]
    assert 'Call: search_wikipedia({"query": "Maren Holt"})' in system


def test_pages_not_found_and_errors_are_not_sources(tmp_path: Path) -> None:
    model = ScriptedModel(
        [
            {"tool_calls": [_search("Quantum chromodynamics xyzzy")]},
            {"tool_calls": [_search("   ")]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "unknown"}}]},
        ]
    )
    sources = Sources()
    research_agent(model, corpus=_corpus(tmp_path), reporters=[sources]).run("q")
    assert sources.titles == []
    assert with_sources("unknown", []) == "unknown"
    assert with_sources("Dijon", ["A", "B"]) == "Dijon\n\nSources: A; B"


def _ask(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    env.pop("THINKACT_MODEL", None)
    return subprocess.run(
        [sys.executable, "-m", "thinkact", "ask", *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )


def test_thinkact_ask_end_to_end_offline(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    replies = [
        {"tool_calls": [_search("Eiffel Tower"), _search("Gustave Eiffel")]},
        {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "In Dijon."}}]},
    ]
    (tmp_path / "replies.json").write_text(json.dumps(replies))
    question = "Where was the designer of the Eiffel Tower born?"
    done = _ask(tmp_path, question, "--corpus", str(corpus), "--model", "scripted:replies.json")
    assert done.returncode == 0, done.stderr
    assert "In Dijon." in done.stdout
    assert "Sources: Eiffel Tower; Gustave Eiffel" in done.stdout
    assert "He was born in Dijon in 1832." in done.stdout  # the observation was shown

    quiet = _ask(
        tmp_path, question, "--corpus", str(corpus), "--model", "scripted:replies.json", "-q"
    )
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stdout == "In Dijon.\nSources: Eiffel Tower; Gustave Eiffel\n"


def test_thinkact_ask_reports_a_missing_corpus_clearly(tmp_path: Path) -> None:
    (tmp_path / "replies.json").write_text(json.dumps(["x"]))
    done = _ask(tmp_path, "q", "--corpus", "nowhere.jsonl", "--model", "scripted:replies.json")
    assert done.returncode == 2
    assert "cannot read the corpus nowhere.jsonl" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_example_corpus_answers_the_readme_question() -> None:
    corpus = Path(__file__).resolve().parents[2] / "examples" / "wiki_sample.jsonl"
    model = ScriptedModel(
        [
            {"tool_calls": [_search("Dune")]},
            {"tool_calls": [_search("Frank Herbert")]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "1920"}}]},
        ]
    )
    sources = Sources()
    agent = research_agent(model, corpus=corpus, format="native", reporters=[sources])
    assert agent.run("Who wrote Dune and when was he born?").final_answer == "1920"
    assert sources.titles == ["Dune (novel)", "Frank Herbert"]  # "Dune" finds the novel
    assert "October 8, 1920" in model.requests[2].messages[-2].results[0].content  # type: ignore[union-attr]
