"""`thinkact review` end to end through the CLI, on a scripted model file. (Without a
terminal and without --yes it stops before any model is loaded: tests/cli/test_no_terminal.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from legal_doubles import DONE, UNJUDGED_LEASE, WORKFLOW

from thinkact.apps.legal import NOTICES, SUMMARY
from thinkact.cli import main
from thinkact.config import AgentConfig
from thinkact.store import RunStore

PLAN = "1. list_files\n2. review_document on every document\n3. write_notices\n4. write_summary"


def script(tmp_path: Path, replies: list[str]) -> str:
    path = tmp_path / "replies.json"
    path.write_text(json.dumps({"replies": replies}), encoding="utf-8")
    return f"scripted:{path}"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    # Reviewed without a judge call: the scripted replies are all the agent's.
    (docs / "lease_one.txt").write_text(UNJUDGED_LEASE.format("ONE", 4), encoding="utf-8")
    (docs / "lease_two.md").write_text(UNJUDGED_LEASE.format("TWO", 6), encoding="utf-8")
    return docs


def test_review_writes_both_reports_and_records_the_run(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, db = tmp_path / "out", tmp_path / "runs.db"
    model = script(tmp_path, WORKFLOW)
    argv = ["review", str(folder), "--yes", "--model", model, "--out", str(out), "--db", str(db)]
    assert main(argv) == 0

    printed = " ".join(capsys.readouterr().out.split())
    assert f"✅ Write {SUMMARY}" in printed  # the progress panel, as plain lines
    assert f"reports written: {out / NOTICES}, {out / SUMMARY}" in printed
    assert "Overall status: ❌ CRITICAL ISSUES" in printed
    notices = (out / NOTICES).read_text(encoding="utf-8")
    for name in ("lease_one.txt", "lease_two.md"):
        section = notices[notices.index(f"## {name}") :]
        assert "*General contract*" in section
        assert "CRITICAL: Term and termination (missing)" in section
    assert not (folder / NOTICES).exists()  # the reports go to --out only
    # `thinkact resume` rebuilds a review from the labels of its stored run.
    (record,) = RunStore(db).runs()
    labels = dict(AgentConfig.from_dict(record.config).labels)
    assert labels["app"] == "review" and record.status == "done"
    assert (labels["folder"], labels["out"]) == (str(folder), str(out))


def test_plan_with_yes_is_shown_and_followed(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "runs.db"
    model = script(tmp_path, [f"<plan>\n{PLAN}\n</plan>", *WORKFLOW])
    argv = ["review", str(folder), "--model", model, "--plan", "--yes", "-q", "--db", str(db)]
    assert main(argv) == 0

    printed = capsys.readouterr().out
    assert "2. review_document on every document" in printed  # shown before the run
    assert printed.rstrip().endswith(DONE)  # -q: the final answer
    (record,) = RunStore(db).runs()
    assert record.task.endswith(f"Follow this approved plan:\n<plan>\n{PLAN}\n</plan>")
    assert (folder / NOTICES).exists() and (folder / SUMMARY).exists()


def test_a_missing_folder_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = script(tmp_path, WORKFLOW)
    assert main(["review", str(tmp_path / "nope"), "--model", model, "--yes", "--no-store"]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_a_folder_without_documents_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.csv").write_text("a,b\n", encoding="utf-8")
    model = script(tmp_path, WORKFLOW)
    assert main(["review", str(tmp_path), "--model", model, "--yes", "--no-store"]) == 2
    assert "no documents to review" in capsys.readouterr().err
