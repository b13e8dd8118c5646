"""`thinkact eval legal`: the review document by document against a small answer key
written here, through the library (`LegalEval`, with the deterministic reader) and the
CLI (a scripted model, on documents judged without a model call)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from legal_doubles import CLEAN_CONTRACT, GAPS_CONTRACT, UNJUDGED_LEASE, prompt_of, reader, stepwise

from thinkact.apps.legal.evaluate import RESULTS, LegalEval
from thinkact.apps.legal.reviewer import DocumentReview
from thinkact.cli import main
from thinkact.types import ModelRequest


def key(file: str, kind: str, expected: list[tuple[str, str, str]], **kw: Any) -> dict[str, Any]:
    return {
        "file": file,
        "kind": kind,
        "split": kw.get("split", "dev"),
        "pages": 1,
        "clean": not expected,
        "expected": [
            {"item": item, "status": status, "severity": severity, "note": "planted"}
            for item, status, severity in expected
        ],
        "must_not_flag": kw.get("must_not_flag", []),
    }


@pytest.fixture
def labelled(tmp_path: Path) -> Path:
    data = tmp_path / "set"
    data.mkdir()
    (data / "gaps.txt").write_text(GAPS_CONTRACT, encoding="utf-8")
    (data / "clean.txt").write_text(CLEAN_CONTRACT, encoding="utf-8")
    answers = [
        key(
            "gaps.txt",
            "services",
            [("term_termination", "missing", "CRITICAL"), ("payment_terms", "vague", "WARNING")],
            must_not_flag=["governing_law", "limitation_of_liability"],
        ),
        key("clean.txt", "services", [], split="heldout", must_not_flag=["payment_terms"]),
    ]
    (data / "answers.json").write_text(json.dumps(answers), encoding="utf-8")
    return data


def test_the_review_scores_against_the_key(labelled: Path, tmp_path: Path) -> None:
    out = tmp_path / "eval"
    seen: list[DocumentReview] = []
    score = LegalEval(labelled, out, stepwise()).run(on_document=seen.append)

    assert [r.document for r in seen] == ["gaps.txt", "clean.txt"]
    overall = score.split("all")
    assert (overall.documents, overall.completed) == (2, 2)
    assert (overall.recall, overall.exact_severity_rate) == (1.0, 1.0)
    assert overall.false_flags == 0 and overall.false_flags_per_clean_max == 0
    assert overall.quotes_checked == overall.quotes_verified == 1  # the vague payment clause
    assert overall.unlabelled == 4  # gaps.txt's other missing clauses: the key is silent
    assert score.split("heldout").documents == 1
    assert len((out / RESULTS).read_text(encoding="utf-8").splitlines()) == 2
    assert "| recall | 2/2 (100%) |" in (out / "summary.md").read_text(encoding="utf-8")


def test_resume_skips_the_documents_already_scored(labelled: Path, tmp_path: Path) -> None:
    out = tmp_path / "eval"
    LegalEval(labelled, out, stepwise(), limit=1).run()  # gaps.txt only

    def refuse_gaps(request: ModelRequest) -> str:
        assert "SERVICES AGREEMENT" not in prompt_of(request)
        return reader(request)

    score = LegalEval(labelled, out, stepwise(refuse_gaps)).run(resume=True)
    assert score.split("all").completed == 2 and score.split("all").recall == 1.0
    lines = (out / RESULTS).read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["document"] for line in lines] == ["gaps.txt", "clean.txt"]


def test_a_missing_clause_the_key_expects_counts_as_missed(tmp_path: Path) -> None:
    data = tmp_path / "set"
    data.mkdir()
    (data / "clean.txt").write_text(CLEAN_CONTRACT, encoding="utf-8")
    answers = [key("clean.txt", "services", [("payment_terms", "vague", "WARNING")])]
    (data / "answers.json").write_text(json.dumps(answers), encoding="utf-8")
    score = LegalEval(data, tmp_path / "eval", stepwise()).run()
    assert score.split("all").recall == 0.0
    assert [(p.file, p.item) for p in score.missed] == [("clean.txt", "payment_terms")]


def test_eval_legal_on_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "set"
    data.mkdir()
    (data / "lease.txt").write_text(UNJUDGED_LEASE.format("ONE", 4), encoding="utf-8")
    expected = [
        ("term_termination", "missing", "CRITICAL"),
        ("payment_terms", "missing", "CRITICAL"),
        ("governing_law", "missing", "WARNING"),  # the checklist says CRITICAL
    ]
    (data / "answers.json").write_text(json.dumps([key("lease.txt", "general", expected)]))
    replies = tmp_path / "replies.json"
    replies.write_text(json.dumps({"replies": ["NONE"]}), encoding="utf-8")
    out = tmp_path / "eval"
    argv = ["eval", "legal", "--data", str(data), "--model", f"scripted:{replies}"]
    assert main([*argv, "--out", str(out)]) == 0

    printed = capsys.readouterr().err
    assert re.search(r"lease\.txt \[\d+ s\] CRITICAL term_termination \(missing\)", printed)
    assert "| documents completed | 1/1 |" in printed
    assert "| recall | 3/3 (100%) |" in printed
    assert "| exact severity | 2/3 (67%) |" in printed
    assert "lease.txt: governing_law expected WARNING, found CRITICAL" in printed
    assert (out / "summary.md").is_file()


def test_eval_legal_needs_an_answer_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replies = tmp_path / "replies.json"
    replies.write_text(json.dumps({"replies": ["NONE"]}), encoding="utf-8")
    argv = ["eval", "legal", "--data", str(tmp_path), "--model", f"scripted:{replies}"]
    assert main(argv) == 2
    assert "has no answers.json" in capsys.readouterr().err
