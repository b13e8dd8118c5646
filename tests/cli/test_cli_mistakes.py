"""Ordinary mistakes on the command line end in one line and exit code 2, never a
traceback (issue 25): an output place that cannot be written, a tool given as a file or
as a module in the current folder."""

from __future__ import annotations

import json
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from thinkact.cli import EXIT_USAGE, main

ADD_MODULE = '''
from thinkact import tool


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b
'''

REPLIES = [
    {"tool_calls": [{"name": "add", "arguments": {"a": 2, "b": 3}}]},
    {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "5"}}]},
]


@pytest.fixture(autouse=True)
def _forget_tool_modules() -> Iterator[None]:
    """Each test imports its own `mytools`: none may find another test's in sys.modules."""
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        del sys.modules[name]


def scripted(tmp_path: Path, replies: list[object]) -> str:
    path = tmp_path / "replies.json"
    path.write_text(json.dumps({"format": "native", "replies": replies}), encoding="utf-8")
    return f"scripted:{path}"


def unwritable(tmp_path: Path) -> Path:
    """A place no one can create: a folder under a read-only folder, or, as root (who may
    write anywhere), under a regular file."""
    if os.geteuid() == 0:
        (tmp_path / "file.txt").write_text("a file, not a folder")
        return tmp_path / "file.txt" / "sub"
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    return locked / "sub"


def one_line_error(capsys: pytest.CaptureFixture[str], *expected: str) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    for text in expected:
        assert text in err
    return err


def test_review_out_in_an_unwritable_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.txt").write_text("A short agreement between two parties.")
    out = unwritable(tmp_path)
    model = scripted(tmp_path, [{"text": "nothing to say"}])
    code = main(["review", str(folder), "--out", str(out), "--yes", "-q", "--model", model])
    assert code == EXIT_USAGE
    one_line_error(capsys, str(out))


def test_runs_export_to_an_unwritable_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mytools.py").write_text(ADD_MODULE, encoding="utf-8")
    model = scripted(tmp_path, REPLIES)
    assert main(["run", "add 2 and 3", "-t", "mytools:add", "-q", "--model", model]) == 0
    capsys.readouterr()
    target = unwritable(tmp_path) / "events.jsonl"
    assert main(["runs", "export", "last", "--jsonl", str(target)]) == EXIT_USAGE
    one_line_error(capsys, f"cannot write {target}")


@pytest.mark.parametrize("spec", ["./mytools.py:add", "mytools.py:add", "./mytools:add"])
def test_a_tool_given_as_a_file(
    spec: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mytools.py").write_text(ADD_MODULE, encoding="utf-8")
    model = scripted(tmp_path, REPLIES)
    assert main(["run", "add 2 and 3", "-t", spec, "-q", "--model", model]) == 0
    assert capsys.readouterr().out.strip() == "5"


def test_a_tool_from_a_module_in_the_current_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    # As under the `thinkact` script: the current folder is not on the import path.
    monkeypatch.setattr("sys.path", [p for p in sys.path if p not in ("", ".", str(tmp_path))])
    (tmp_path / "cwd_tools_mod.py").write_text(ADD_MODULE, encoding="utf-8")
    model = scripted(tmp_path, REPLIES)
    assert main(["run", "add 2 and 3", "-t", "cwd_tools_mod:add", "-q", "--model", model]) == 0
    assert capsys.readouterr().out.strip() == "5"


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("./missing.py:add", "is not a file"),
        ("no_such_module_here:add", "not on the import path, nor in"),
        (".mytools:add", "relative module name"),
        ("mytools:", "give module:function"),
        ("mytools:nope", "has no 'nope'"),
        ("./broken.py:add", "raised SyntaxError"),
        ("./raises.py:add", "raised RuntimeError: at import"),
    ],
)
def test_a_tool_that_cannot_be_loaded_is_one_line(
    spec: str,
    expected: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mytools.py").write_text(ADD_MODULE, encoding="utf-8")
    (tmp_path / "broken.py").write_text("def add(a, b:\n", encoding="utf-8")
    (tmp_path / "raises.py").write_text("raise RuntimeError('at import')\n", encoding="utf-8")
    model = scripted(tmp_path, REPLIES)
    assert main(["run", "add 2 and 3", "-t", spec, "-q", "--model", model]) == EXIT_USAGE
    one_line_error(capsys, expected)


def test_a_trace_file_in_an_unwritable_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trace = unwritable(tmp_path) / "trace.jsonl"
    model = scripted(tmp_path, [{"tool_calls": [{"name": "final_answer", "arguments": {}}]}])
    assert main(["run", "hi", "-q", "--model", model, "--trace", str(trace)]) == EXIT_USAGE
    one_line_error(capsys)
