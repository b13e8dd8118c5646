"""What commands share (commands/common.py): tools by name, approval, reporters, quiet output."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from thinkact import Agent, AgentConfig, ToolContext, UserError, tool
from thinkact.commands.common import (
    add_run_options,
    agent_config,
    make_approver,
    make_output,
    report_quiet,
    resolve_tools,
)
from thinkact.events import Event, ToolDenied
from thinkact.loop import RunResult
from thinkact.testing import ScriptedModel
from thinkact.types import ToolCall, Usage
from thinkact.ui.console import ConsoleReporter
from thinkact.ui.trace import JsonlTrace
from thinkact.ui.workflow import documents_in

NOT_A_TOOL = 42


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_run_options(parser)
    return parser.parse_args(list(argv))


def console() -> Console:
    return Console(file=io.StringIO(), width=80, force_terminal=False)


def test_options_and_their_defaults() -> None:
    args = parse()
    assert (args.model, args.format, args.max_steps, args.trace) == (None, "auto", 20, None)
    assert (args.quiet, args.json, args.yes, args.tools, args.workspace) == (
        False,
        False,
        False,
        "",
        None,
    )
    with pytest.raises(SystemExit):
        parse("--quiet", "--json")  # one or the other
    assert not agent_config(args).screen_calls
    assert agent_config(parse("--screen-calls", "--max-steps", "3")) == AgentConfig(
        max_steps=3, screen_calls=True
    )


def test_built_in_tools_and_groups_resolve_by_name(tmp_path: Path) -> None:
    (tmp_path / "contract.pdf").write_bytes(b"%PDF-1.4 not really")
    (tmp_path / "notes.txt").write_text("Payment within 30 days.", encoding="utf-8")
    tools = resolve_tools("calculator, files", workspace=tmp_path)
    names = [t.name for t in tools]
    assert names == ["calculator", "list_files", "read_file", "write_file", "mark_step_complete"]
    assert tools[0].call({"expression": "17 * 23 + 4"}) == "395"
    listing = tools[1].call({})
    # The progress tracker understands the real listing.
    assert sorted(documents_in(listing)) == ["contract.pdf", "notes.txt"]
    assert "Payment within 30 days." in tools[2].call({"path": "notes.txt"})
    assert tools[3].needs_approval


def test_single_file_tools_share_one_workspace(tmp_path: Path) -> None:
    read_file, write_file = resolve_tools("read_file,write_file", workspace=tmp_path)
    write_file.call({"path": "out.md", "content": "hello"})
    assert "hello" in read_file.call({"path": "out.md"})
    assert (tmp_path / "out.md").read_text(encoding="utf-8") == "hello"


def test_tools_from_a_module(tmp_path: Path) -> None:
    (tool_,) = resolve_tools("thinkact.tools.calculator:calculator")
    assert tool_.name == "calculator"
    with pytest.raises(UserError, match="is not usable as a tool"):
        resolve_tools(f"{__name__}:NOT_A_TOOL")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nope", r"unknown tool 'nope'\. Built-in tools: calculator, list_files"),
        ("calculator,calculator", "tool given twice: calculator"),
        ("thinkact.nothing_here:f", "cannot import tool"),
        ("thinkact.tools.calculator:nothing", "has no 'nothing'"),
    ],
)
def test_bad_tool_names_are_user_errors(spec: str, message: str) -> None:
    with pytest.raises(UserError, match=message):
        resolve_tools(spec)


@tool(needs_approval=True)
def delete(path: str) -> str:
    """Delete a file."""
    return f"deleted {path}"


def call() -> ToolCall:
    return ToolCall("c1", "delete", {"path": "a.txt"})


def test_approval_yes_asks_nothing_and_no_terminal_denies() -> None:
    assert make_approver(parse("--yes"), console())(call(), delete) is True
    assert make_approver(parse(), console(), interactive=False)(call(), delete) is False


def test_approval_on_a_terminal_asks_until_it_understands() -> None:
    answers = iter(["maybe", "A"])
    screen = console()
    approve = make_approver(parse(), screen, ask=lambda prompt: next(answers), interactive=True)
    assert approve(call(), delete) == "always"
    assert 'Allow delete {"path": "a.txt"}?' in screen.file.getvalue()  # type: ignore[attr-defined]
    for answer, decision in (("y", True), ("no", False), ("", False)):
        approve = make_approver(parse(), console(), ask=lambda p, a=answer: a, interactive=True)
        assert approve(call(), delete) is decision


def test_a_denied_call_is_an_observation_and_an_event() -> None:
    model = ScriptedModel(
        [
            {"tool_calls": [{"name": "delete", "arguments": {"path": "a.txt"}}]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "not deleted"}}]},
        ]
    )
    seen: list[Event] = []
    approve = make_approver(parse(), console(), interactive=False)
    result = Agent(model, [delete], approve=approve, reporters=[seen.append]).run("clean up")
    assert result.final_answer == "not deleted"
    assert any(isinstance(e, ToolDenied) for e in seen)


def test_output_follows_the_options(tmp_path: Path) -> None:
    screen, stdout = console(), io.StringIO()
    with make_output(parse(), screen) as out:
        assert [type(r) for r in out.reporters] == [ConsoleReporter]
    with make_output(parse("--quiet"), screen) as out:
        assert out.reporters == []
    trace = tmp_path / "t.jsonl"
    extra = [lambda event: None]
    with make_output(
        parse("--json", "--trace", str(trace)), screen, stdout=stdout, extra=extra
    ) as out:
        assert [type(r) for r in out.reporters[:2]] == [JsonlTrace, JsonlTrace]
        assert out.reporters[2] is extra[0]
        model = ScriptedModel(["The answer."], native_tools=True)
        Agent(model, reporters=out.reporters).run("t")

    def without_time(text: str) -> list[dict[str, object]]:
        return [{k: v for k, v in json.loads(x).items() if k != "ts"} for x in text.splitlines()]

    # The same serialisation on stdout and in the file (each stamps its own time).
    assert without_time(stdout.getvalue()) == without_time(trace.read_text(encoding="utf-8"))


def test_quiet_prints_the_answer_and_says_why_a_run_stopped() -> None:
    stdout, errors = io.StringIO(), console()
    ok = RunResult("r", "42\n", "final_answer", 2, Usage(), 0.1, ())
    report_quiet(ok, stdout, errors)
    assert stdout.getvalue() == "42\n" and errors.file.getvalue() == ""  # type: ignore[attr-defined]
    stopped = RunResult("r", None, "loop", 5, Usage(), 0.1, ())
    report_quiet(stopped, stdout, errors)
    assert stdout.getvalue() == "42\n"
    assert errors.file.getvalue() == "run stopped: loop after 5 steps\n"  # type: ignore[attr-defined]


def test_wikipedia_tools_search_an_offline_corpus(tmp_path: Path) -> None:
    corpus = tmp_path / "wiki.jsonl"
    pages = [
        {"title": "Milhaud", "text": "Darius Milhaud was a French composer. He taught in Oakland."},
        {"title": "Oakland", "text": "Oakland is a city in California."},
    ]
    corpus.write_text("\n".join(json.dumps(p) for p in pages), encoding="utf-8")
    search, lookup = resolve_tools("wikipedia", corpus=corpus)
    assert (search.name, lookup.name) == ("search_wikipedia", "lookup")
    ctx = ToolContext()  # the page read last is kept per run, for lookup
    assert "French composer" in search.call({"query": "Darius Milhaud"}, ctx)
    assert "Oakland" in lookup.call({"keyword": "taught"}, ctx)
