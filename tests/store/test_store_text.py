"""The run store keeps any Python string: lone surrogates (a reply cut inside an emoji, a
file name that is not UTF-8), control characters, its own escape character."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thinkact import Agent, tool
from thinkact.events import Event, ModelReplied, ToolFinished
from thinkact.store import RunStore, event_from_dict
from thinkact.store.db import from_db, to_db
from thinkact.testing import FunctionModel
from thinkact.types import ModelRequest, ToolMessage

# Lone halves of a pair, both halves side by side (two code points, not one character),
# surrogateescape'd bytes, NUL and other controls, the store's own escape character.
AWKWARD = ["\ud83d", "\ude00", "\udce9", "\udc80", "\x00", "\x1b", "\r", "\ue000", "é", "😀"]
TEXT = st.text(
    st.one_of(
        st.sampled_from(AWKWARD),
        st.characters(categories=["Cs", "Cc", "Co", "Ll", "Lo", "So", "Zs", "Nd"]),
    ),
    max_size=24,
)


@given(TEXT)
def test_to_db_is_utf8_and_reads_back_the_same(text: str) -> None:
    stored = to_db(text)
    stored.encode("utf-8")  # what SQLite needs
    assert from_db(stored) == text


def scripted(thought: str, argument: str, answer: str) -> FunctionModel:
    """Calls `echo` once, then answers: the same reply whenever it is asked."""

    def reply(request: ModelRequest) -> dict[str, Any]:
        if any(isinstance(m, ToolMessage) for m in request.messages):
            return {"tool_calls": [{"name": "final_answer", "arguments": {"answer": answer}}]}
        call = {"id": "c1", "name": "echo", "arguments": {"text": argument}}
        return {"text": thought, "tool_calls": [call]}

    return FunctionModel(reply)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(task=TEXT, thought=TEXT, argument=TEXT, suffix=TEXT, answer=TEXT)
def test_any_text_through_a_stored_run_reads_back_and_resumes(
    task: str, thought: str, argument: str, suffix: str, answer: str
) -> None:
    ran: list[str] = []

    @tool
    def echo(text: str) -> str:
        """Echo the text."""
        ran.append(text)
        return text + suffix

    def stop_after_the_tool(event: Event) -> None:
        if isinstance(event, ToolFinished):
            raise KeyboardInterrupt

    with tempfile.TemporaryDirectory() as tmp:
        store = RunStore(Path(tmp) / "runs.db")
        seen: list[Event] = []
        agent = Agent(
            scripted(thought, argument, answer),
            [echo],
            reporters=[seen.append, stop_after_the_tool],
            store=store,
        )
        with pytest.raises(KeyboardInterrupt):
            agent.run(task, run_id="r1")
        stored = list(store.events("r1"))
        assert stored == [e.to_dict() for e in seen]
        assert [event_from_dict(d) for d in stored] == seen
        replied = next(e for e in seen if isinstance(e, ModelReplied))
        assert replied.text == thought and replied.actions[0].arguments == {"text": argument}

        answer = "A" + answer  # an answer with no letter or digit is sent back
        resumed = Agent(scripted(thought, argument, answer), [echo], store=store).resume("r1")
        assert resumed.final_answer == answer
        assert ran == [argument]  # the stored result was reused, not recomputed
        record = store.get("r1")
        assert record.task == task and record.final_answer == resumed.final_answer
        finished = [d for d in store.events("r1") if d["kind"] == "tool_finished"]
        assert finished[0]["result"]["content"] == argument + suffix
        out = Path(tmp) / "trace.jsonl"
        store.export_jsonl("r1", out)
        lines = out.read_text(encoding="utf-8").splitlines()  # U+2028 and the like escaped
        assert [json.loads(line)["kind"] for line in lines] == [
            d["kind"] for d in store.events("r1")
        ]
        store.close()


def test_a_file_name_that_is_not_utf8_is_stored(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / os.fsdecode(b"caf\xe9.txt")).write_text("x")

    @tool
    def list_names() -> str:
        """The files in the folder."""
        return "\n".join(sorted(os.listdir(folder)))

    def reply(request: ModelRequest) -> dict[str, Any]:
        results = [r for m in request.messages if isinstance(m, ToolMessage) for r in m.results]
        if results:
            return {
                "tool_calls": [
                    {"name": "final_answer", "arguments": {"answer": results[0].content}}
                ]
            }
        return {"tool_calls": [{"name": "list_names", "arguments": {}}]}

    store = RunStore(tmp_path / "runs.db")
    result = Agent(FunctionModel(reply), [list_names], store=store).run("list", run_id="f")
    assert result.final_answer == "caf\udce9.txt"
    assert store.get("f").final_answer == "caf\udce9.txt"
