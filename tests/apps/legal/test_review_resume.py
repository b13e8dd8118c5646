"""An interrupted review resumes from the run store without redoing the documents it had
finished (their reviews are kept in OUT/.thinkact-review/), and ends with both reports:
through the library (`ReviewRun.resume`) and through the CLI (Ctrl-C, then
`thinkact resume RUN`)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from legal_doubles import (
    CLEAN_CONTRACT,
    GAPS_CONTRACT,
    UNJUDGED_LEASE,
    WORKFLOW,
    judge_prompts,
    prompt_of,
    reader,
    reviewer,
)

from thinkact.apps.legal import NOTICES, SUMMARY, build_review
from thinkact.apps.legal.tools import CACHE_FOLDER
from thinkact.cli import main
from thinkact.store import RunStore
from thinkact.tools.runtime import approve_all
from thinkact.types import ModelRequest

FIRST = "Document: CONSULTING AGREEMENT"  # a.txt's judge prompts start so
# a.txt: its vague payment clause is put to the model (for the finding's reason).
VAGUE_PAYMENT = CLEAN_CONTRACT.replace("within thirty (30) days of receipt", "in good time")
SECOND = "Document: SERVICES AGREEMENT"  # b.txt's


def ctrl_c_on_the_second_document(request: ModelRequest) -> str:
    """The reader, until the judge's first question on b.txt: then the user presses Ctrl-C."""
    if prompt_of(request).startswith(SECOND):
        raise KeyboardInterrupt
    return reader(request)


def test_a_resumed_review_does_not_redo_finished_documents(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.txt").write_text(VAGUE_PAYMENT, encoding="utf-8")
    (folder / "b.txt").write_text(GAPS_CONTRACT, encoding="utf-8")
    out, db = tmp_path / "out", tmp_path / "runs.db"
    first = reviewer(judge=ctrl_c_on_the_second_document)
    review = build_review(folder, model=first, out=out, approve=approve_all, store=RunStore(db))
    with pytest.raises(KeyboardInterrupt):
        review.run()

    assert any(p.startswith(FIRST) for p in judge_prompts(first))
    (record,) = RunStore(db).runs()
    assert record.status == "interrupted"
    assert len(list((out / CACHE_FOLDER).glob("*.json"))) == 1  # a.txt's review, kept

    again = reviewer()  # a fresh model, counting the judge's questions
    resumed = build_review(folder, model=again, out=out, approve=approve_all, store=RunStore(db))
    result = resumed.resume(record.id)

    assert result.ok and result.reason == "final_answer"
    asked = judge_prompts(again)
    assert not [p for p in asked if p.startswith(FIRST)]  # a.txt was not reviewed again
    assert [p for p in asked if p.startswith(SECOND)]
    assert RunStore(db).get(record.id).status == "done"
    notices = (out / NOTICES).read_text(encoding="utf-8")
    a_txt = notices[notices.index("## a.txt") : notices.index("## b.txt")]
    assert "WARNING: Payment terms (vague)" in a_txt, a_txt
    assert "CRITICAL: Term and termination (missing)" in notices[notices.index("## b.txt") :]
    assert "❌ CRITICAL ISSUES" in (out / SUMMARY).read_text(encoding="utf-8")


# Runs `thinkact review` in its own process and presses Ctrl-C (a real SIGINT) at the first
# file opened after a document's review was saved. (A scripted model counts as an API
# model, so the documents are reviewed side by side and either may be saved first.)
CTRL_C = """\
import os, signal, sys
from thinkact.cli import main

# Ctrl-C raises KeyboardInterrupt even if the test process ignores SIGINT (an ignored
# signal is inherited by child processes: a local Ray cluster started by an earlier test
# leaves it so).
signal.signal(signal.SIGINT, signal.default_int_handler)
saved = pressed = False

def hook(event, args):
    global saved, pressed
    if pressed or not args or not isinstance(args[0], (str, os.PathLike)):
        return
    path = os.fspath(args[0])
    if event == "os.rename" and ".thinkact-review" in path:
        saved = True
    elif event == "open" and saved:
        pressed = True
        signal.raise_signal(signal.SIGINT)

sys.addaudithook(hook)
sys.exit(main(sys.argv[1:]))
"""


def test_ctrl_c_in_the_cli_says_how_to_resume_and_thinkact_resume_finishes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, out, db = tmp_path / "docs", tmp_path / "out", tmp_path / "runs.db"
    folder.mkdir()
    # Reviewed without a judge call: the scripted replies are all the agent's.
    (folder / "a.txt").write_text(UNJUDGED_LEASE.format("ONE", 4), encoding="utf-8")
    (folder / "b.txt").write_text(UNJUDGED_LEASE.format("TWO", 6), encoding="utf-8")
    script = tmp_path / "replies.json"
    script.write_text(json.dumps({"replies": WORKFLOW}), encoding="utf-8")
    argv = [str(folder), "--yes", "--model", f"scripted:{script}", "--out", str(out)]
    stopped = subprocess.run(
        [sys.executable, "-c", CTRL_C, "review", *argv, "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert stopped.returncode == 130, stopped.stderr
    said = re.search(r"continue with `thinkact resume (\w+)`", " ".join(stopped.stderr.split()))
    assert said is not None, stopped.stderr
    run_id = said[1]
    assert RunStore(db).get(run_id).status == "interrupted"
    # stopped after a review was saved (the other one too, if it ended before the stop)
    assert 1 <= len(list((out / CACHE_FOLDER).glob("*.json"))) <= 2
    assert not (out / NOTICES).exists()

    assert main(["resume", run_id, "--db", str(db), "--yes"]) == 0
    printed = capsys.readouterr().out
    assert f"reports written: {out / NOTICES}" in " ".join(printed.split())
    notices = (out / NOTICES).read_text(encoding="utf-8")
    assert "## a.txt" in notices and "## b.txt" in notices and "Not reviewed" not in notices
    assert "**Overall status: ❌ CRITICAL ISSUES**" in (out / SUMMARY).read_text()
    assert RunStore(db).get(run_id).status == "done"
