"""Approval without surprises: prompts show their keys, and a run that has no terminal to
ask says so (`thinkact review` before any model is loaded, `thinkact run` at the first
call it denies)."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from thinkact import tool
from thinkact.cli import main
from thinkact.commands.common import add_run_options, literal_input, make_approver
from thinkact.types import ToolCall


def screen() -> Console:
    return Console(file=io.StringIO(), width=80)


def shown(console: Console) -> str:
    out = console.file
    assert isinstance(out, io.StringIO)
    return out.getvalue()


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_run_options(parser)
    return parser.parse_args(list(argv))


@tool(needs_approval=True)
def delete(path: str) -> str:
    """Delete a file."""
    return f"deleted {path}"


def scripted(tmp_path: Path, replies: list[object]) -> str:
    path = tmp_path / "replies.json"
    path.write_text(json.dumps({"replies": replies}), encoding="utf-8")
    return f"scripted:{path}"


@pytest.fixture
def no_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # a pipe: not a terminal


# --- prompts show their keys ------------------------------------------------------------


def test_the_tool_approval_prompt_shows_its_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("a\n"))  # the user types "a"
    console = screen()
    approve = make_approver(parse(), console, interactive=True)  # the real console.input
    assert approve(ToolCall("c1", "delete", {"path": "a.txt"}), delete) == "always"
    assert "[y]es / [n]o / [a]lways for this tool: " in shown(console)


def test_a_plan_prompt_read_with_literal_input_shows_its_keys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("e\n"))
    console = screen()
    prompt = "Approve the plan? [Enter] approve · [e] edit · [a] abort: "
    assert literal_input(console)(prompt) == "e"
    assert prompt in shown(console)


# --- thinkact review: no terminal, no --yes ---------------------------------------------


def test_review_without_a_terminal_or_yes_stops_before_the_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_terminal: None
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "contract.txt").write_text("Payment within 30 days.")
    model = scripted(tmp_path, ["<final_answer>done</final_answer>"])
    trace = tmp_path / "trace.jsonl"
    assert main(["review", str(folder), "--model", model, "--trace", str(trace)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "error: the review asks you to approve writing its reports, and stdin is not a "
        "terminal: add --yes, or run it in a terminal"
    )
    assert not trace.exists()  # no run started: no event, no model call
    assert sorted(p.name for p in folder.iterdir()) == ["contract.txt"]


def test_review_stops_before_the_model_is_even_loaded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_terminal: None
) -> None:
    (tmp_path / "contract.txt").write_text("Payment within 30 days.")
    missing = f"scripted:{tmp_path / 'no-such-script.json'}"
    assert main(["review", str(tmp_path), "--model", missing]) == 2
    assert "add --yes" in capsys.readouterr().err
    # With --yes the same command goes on to load that model, and fails there.
    assert main(["review", str(tmp_path), "--model", missing, "--yes", "-q"]) == 2
    assert "scripted model file not found" in capsys.readouterr().err


def test_review_with_plan_says_what_it_would_ask(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_terminal: None
) -> None:
    model = scripted(tmp_path, ["<plan>1. x</plan>"])
    assert main(["review", str(tmp_path), "--model", model, "--plan"]) == 2
    assert "--plan asks you to approve the plan, and stdin is not a terminal" in (
        capsys.readouterr().err
    )


# --- thinkact run: denied calls say why -----------------------------------------------


def test_run_without_a_terminal_denies_writes_and_says_how_to_allow_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_terminal: None
) -> None:
    write = {"name": "write_file", "arguments": {"path": "out.md", "content": "x"}}
    model = scripted(
        tmp_path,
        [
            {"tool_calls": [write]},
            {"tool_calls": [write]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "not written"}}]},
        ],
    )
    argv = ["run", "write out.md", "--model", model, "--tools", "files", "-q", "--no-store"]
    assert main([*argv, "--workspace", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert captured.out == "not written\n"
    hint = "write_file: needs your approval and there is no terminal to ask: denied (add --yes"
    assert captured.err.count(hint) == 1  # once per tool, not once per call
    assert not (tmp_path / "out.md").exists()
