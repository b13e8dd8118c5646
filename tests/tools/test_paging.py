"""Paging without gaps: read page by page, a document is shown whole, each character once,
whatever the loop's observation cap. The reader follows the pointers it is shown, as a
model should; the loop (with its cap) is the real one."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from thinkact import Agent, AgentConfig
from thinkact.context import cap_result
from thinkact.testing import FunctionModel
from thinkact.tools.documents import extract, window
from thinkact.tools.files import PAGE_CHARS, file_tools
from thinkact.tools.sandbox import Workspace
from thinkact.types import ModelRequest, ToolCall, ToolMessage, ToolResult

NEXT = re.compile(r"call read_file with offset=(\d+) for more\]$")
END_NOTE = "[end of file: all "


def numbered_text(chars: int, *, lines: bool) -> str:
    """Unique tokens (t00001 t00002 ...), in lines of twelve or on one line."""
    tokens: list[str] = []
    size, i = 0, 0
    while size < chars:
        i += 1
        sep = "\n" if lines and i % 12 == 0 else " "
        tokens.append(f"t{i:05d}{sep}")
        size += len(tokens[-1])
    return "".join(tokens).strip()


class PointerFollower:
    """A model that reads doc.txt from the start and then calls read_file with whatever
    offset the last observation points at, until none does; it keeps every observation."""

    def __init__(self) -> None:
        self.observations: list[str] = []
        self._seen: set[str] = set()

    def __call__(self, request: ModelRequest) -> dict[str, Any]:
        results = [r for m in request.messages if isinstance(m, ToolMessage) for r in m.results]
        for r in results:
            if r.call_id not in self._seen:
                self._seen.add(r.call_id)
                self.observations.append(r.content)
        if not results:
            return call("read_file", path="doc.txt")
        m = NEXT.search(results[-1].content)
        if m is None:
            return call("final_answer", answer="read")
        return call("read_file", path="doc.txt", offset=int(m.group(1)))


def call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "arguments": arguments}]}


def read_through_the_loop(folder: Path, config: AgentConfig) -> list[str]:
    reader = PointerFollower()
    result = Agent(FunctionModel(reader), file_tools(Workspace(folder)), config=config).run(
        "Read doc.txt to the end."
    )
    assert result.ok, result.reason
    return reader.observations


def one_line_body(shown: str) -> str:
    """The document text of an observation of a text without line breaks or brackets:
    what comes before the first line break (a footer, whole or cut, or the loop's note)."""
    return "" if shown.startswith(END_NOTE) else shown.split("\n", 1)[0]


def test_a_long_text_is_shown_whole_and_once_under_the_default_cap(tmp_path: Path) -> None:
    text = numbered_text(55_000, lines=True)
    (tmp_path / "doc.txt").write_text(text)
    shown = read_through_the_loop(tmp_path, AgentConfig(max_steps=40))
    assert len(shown) >= 55_000 // PAGE_CHARS
    bodies = []
    for out in shown:
        assert len(out) <= AgentConfig().max_observation_chars  # never cut by the loop
        assert "cut at" not in out
        bodies.append(out[: out.rindex("\n\n[doc.txt: text; chars ")])
    assert "".join(bodies) == text
    assert shown[-1].endswith(f"of {len(text):,}: end of file]")


def test_a_small_cap_cuts_parts_yet_every_character_is_shown_once(tmp_path: Path) -> None:
    text = numbered_text(55_000, lines=False)
    (tmp_path / "doc.txt").write_text(text)
    shown = read_through_the_loop(tmp_path, AgentConfig(max_steps=60, max_observation_chars=2_500))
    assert all("cut at 2,500 of" in out for out in shown[:-1])
    assert "".join(one_line_body(out) for out in shown) == text


def test_a_cap_that_cuts_into_the_line_after_a_part_loses_nothing(tmp_path: Path) -> None:
    text = numbered_text(55_000, lines=False)
    (tmp_path / "doc.txt").write_text(text)
    first_end = window(text, 0, PAGE_CHARS)[1]
    cap = first_end + 5  # the part fits, the line after it does not: the loop drops that line
    shown = read_through_the_loop(tmp_path, AgentConfig(max_steps=40, max_observation_chars=cap))
    assert shown[0].startswith(text[:first_end] + "\n\n[… cut at")
    assert shown[0].endswith(f"offset={first_end} for more]")
    assert "".join(one_line_body(out) for out in shown) == text


def follow_with_a_cap(folder: Path, cap: int, page_chars: int) -> list[str]:
    """The loop's paging without a model: each result cut as the loop cuts it."""
    read = {t.name: t for t in file_tools(Workspace(folder), page_chars=page_chars)}["read_file"]
    shown: list[str] = []
    offset: int | None = 0
    while offset is not None:
        assert len(shown) < 5_000, "paging does not advance"
        c = ToolCall(f"c{len(shown)}", "read_file", {"path": "doc.txt", "offset": offset})
        out = read.call(c.arguments)
        shown.append(cap_result(ToolResult(c.id, c.name, out, False), c, cap, True).content)
        m = NEXT.search(shown[-1])
        offset = int(m.group(1)) if m else None
    return shown


@settings(max_examples=150, deadline=None)
@given(
    st.text(alphabet="ab é€\t", min_size=1, max_size=1_500).filter(str.strip),
    st.integers(60, 600),  # the end-of-file note (under 60 chars) is never cut
    st.integers(10, 400),
)
@example("a" * 21, 60, 10)  # each cut falls in the line after the part: once, no progress
def test_any_cap_and_page_size_show_every_character_once(
    text: str, cap: int, page_chars: int
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "doc.txt").write_text(text, encoding="utf-8")
        expected = extract(text.encode("utf-8"), ".txt").text
        shown = follow_with_a_cap(Path(folder), cap, page_chars)
    assert "".join(one_line_body(out) for out in shown) == expected


@pytest.mark.parametrize("page_chars", [0, -5])
def test_a_page_must_hold_a_character(tmp_path: Path, page_chars: int) -> None:
    with pytest.raises(ValueError, match="page_chars must be at least 1"):
        file_tools(Workspace(tmp_path), page_chars=page_chars)


def test_the_default_page_and_its_footer_fit_the_default_cap() -> None:
    assert AgentConfig().max_observation_chars >= PAGE_CHARS + 1_000
