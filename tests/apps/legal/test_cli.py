"""`thinkact review` end to end through the CLI, on a scripted model file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from legal_scripts import structured_trace

from thinkact.apps.legal import NOTICES, SUMMARY
from thinkact.cli import main


def script(tmp_path: Path, replies: list[str]) -> str:
    path = tmp_path / "replies.json"
    path.write_text(json.dumps({"replies": replies}), encoding="utf-8")
    return f"scripted:{path}"


def test_review_writes_both_reports(
    legal_docs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    model = script(tmp_path, structured_trace())
    code = main(["review", str(legal_docs), "--model", model, "--yes", "--out", str(out)])
    printed = capsys.readouterr().out
    assert code == 0
    assert "❌ CRITICAL ISSUES" in (out / SUMMARY).read_text(encoding="utf-8")
    assert (out / NOTICES).stat().st_size > 500
    assert "✅ Write REVIEW_SUMMARY.md" in printed  # the tracker, as plain lines
    assert f"reports written: {out / NOTICES}" in printed
    assert "Overall status: ❌ CRITICAL ISSUES" in printed


def test_plan_with_yes_is_shown_and_used(
    legal_docs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = "<plan>\n1. list_files\n2. check_clauses x3\n3. write both reports\n</plan>"
    model = script(tmp_path, [plan, *structured_trace()])
    code = main(["review", str(legal_docs), "--model", model, "--plan", "--yes", "-q"])
    captured = capsys.readouterr()
    assert code == 0
    assert "2. check_clauses x3" in captured.out
    assert captured.out.rstrip().endswith("❌ CRITICAL ISSUES: 8 findings.")


def test_plan_needs_a_terminal_or_yes(
    legal_docs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = script(tmp_path, ["<plan>1. x</plan>"])
    assert main(["review", str(legal_docs), "--model", model, "--plan"]) == 2
    assert "--plan asks you to approve the plan" in capsys.readouterr().err


def test_without_yes_and_without_a_terminal_the_review_does_not_start(
    legal_docs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Its writes would all be denied: stopped before the model (tests/cli/test_no_terminal.py).
    model = script(tmp_path, structured_trace())
    assert main(["review", str(legal_docs), "--model", model, "-q"]) == 2
    assert "add --yes" in capsys.readouterr().err
    assert not (legal_docs / NOTICES).exists()


def test_missing_folder_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = script(tmp_path, ["x"])
    assert main(["review", str(tmp_path / "nope"), "--model", model, "--yes"]) == 2
    assert "is not a folder" in capsys.readouterr().err
