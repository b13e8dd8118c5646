"""The labelled evaluation set in bench/legal_set/ and its scorer (thinkact.apps.legal.scoring)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from thinkact.apps.legal.scoring import (
    ITEMS_BY_KIND,
    KINDS,
    SEVERITIES,
    SPLITS,
    STATUSES,
    DocumentKey,
    DocumentOutcome,
    ExpectedProblem,
    ScoredFinding,
    load_answer_key,
    rubric_severity,
    score,
)

SET = Path(__file__).resolve().parents[3] / "bench" / "legal_set"


@pytest.fixture(scope="module")
def keys() -> list[DocumentKey]:
    return load_answer_key(SET)


# the splits of documents written for this project (built by make_set.py from src/)
PROJECT_SPLITS = tuple(s for s in SPLITS if s != "real")


def project(keys: list[DocumentKey]) -> list[DocumentKey]:
    return [k for k in keys if k.split in PROJECT_SPLITS]


# --- the key ------------------------------------------------------------------------------------


def test_every_entry_uses_known_kinds_items_statuses_and_severities(
    keys: list[DocumentKey],
) -> None:
    for key in keys:
        assert key.kind in KINDS, key.file
        allowed = ITEMS_BY_KIND[key.kind]
        for problem in key.expected:
            assert problem.item in allowed, (key.file, problem.item)
            assert problem.status in STATUSES, (key.file, problem.status)
            assert problem.severity in SEVERITIES, (key.file, problem.severity)
            assert problem.note.strip(), key.file
        for item in key.must_not_flag:
            assert item in allowed, (key.file, item)
        assert not {p.item for p in key.expected} & set(key.must_not_flag), key.file


def test_expected_severities_follow_the_rubric(keys: list[DocumentKey]) -> None:
    for key in keys:
        for problem in key.expected:
            wanted = rubric_severity(key.kind, problem.item, problem.status)
            assert problem.severity == wanted, (key.file, problem.item)


def test_every_file_exists(keys: list[DocumentKey]) -> None:
    for key in keys:
        assert (SET / key.file).is_file(), key.file
    for key in project(keys):
        stem = Path(key.file).stem
        assert (SET / "src" / f"{stem}.md").is_file(), f"no source for {key.file}"


def test_each_split_is_nonempty_and_every_kind_is_in_dev_and_heldout(
    keys: list[DocumentKey],
) -> None:
    splits = Counter(k.split for k in keys)
    assert splits["dev"] and splits["heldout"] and splits["fresh"] and splits["fresh2"]
    assert splits["fresh3"] and splits["fresh4"] and splits["fresh5"] and splits["fresh6"]
    assert splits["fresh7"]
    assert splits["real"]
    assert 0.3 <= splits["dev"] / (splits["dev"] + splits["heldout"]) <= 0.5
    for kind in KINDS:
        assert {k.split for k in keys if k.kind == kind} >= {"dev", "heldout"}, kind


def test_project_documents_cover_kinds_formats_and_lengths(keys: list[DocumentKey]) -> None:
    docs = project(keys)
    assert len(docs) >= 20
    kinds = Counter(k.kind for k in docs)
    assert all(kinds[kind] >= 2 for kind in KINDS), kinds
    formats = Counter(k.format for k in docs)
    assert all(formats[fmt] >= 4 for fmt in ("pdf", "docx", "md", "txt")), formats
    pages = [k.pages for k in docs]
    assert max(pages) >= 30 and all(1 <= p <= 40 for p in pages)
    assert sum(1 for p in pages if 5 <= p <= 10) >= 3
    assert sum(1 for p in pages if p <= 4) > len(pages) / 2


def test_clean_controls_and_planted_problems(keys: list[DocumentKey]) -> None:
    docs = project(keys)
    clean = [k for k in docs if k.clean]
    assert len(clean) >= 6 and len({k.kind for k in clean}) >= 6
    assert all(not k.expected for k in clean)
    planted = [k for k in docs if not k.clean]
    assert all(1 <= len(k.expected) <= 3 for k in planted)
    problems = [p for k in planted for p in k.expected]
    assert 55 <= len(problems) <= 1940
    tuned_on = [p for k in planted if k.split in ("dev", "heldout") for p in k.expected]
    assert 30 <= len(tuned_on) <= 45
    assert {p.status for p in problems} == set(STATUSES)
    assert all(not k.expected and not k.clean for k in keys if k.split == "real")


def test_fresh_documents_cover_every_kind_with_controls_and_mixed_problems(
    keys: list[DocumentKey],
) -> None:
    """The `fresh` split: written after the reviewer's judge was built, kept for reporting."""
    fresh = [k for k in keys if k.split == "fresh"]
    assert len(fresh) == 12
    assert {k.kind for k in fresh} == set(KINDS)
    assert all(Path(k.file).parent.name == "docs" for k in fresh)
    assert all(Path(k.file).stem.split("_")[0] == k.kind for k in fresh)
    formats = Counter(k.format for k in fresh)
    assert all(formats[fmt] >= 2 for fmt in ("pdf", "docx", "md", "txt")), formats
    pages = [k.pages for k in fresh]
    assert sum(1 for p in pages if 8 <= p <= 12) == 1
    assert sum(1 for p in pages if 2 <= p <= 5) >= len(pages) - 2
    clean = [k for k in fresh if k.clean]
    assert len(clean) == 3 and all(not k.expected and k.must_not_flag for k in clean)
    planted = [k for k in fresh if not k.clean]
    assert all(1 <= len(k.expected) <= 2 for k in planted)
    statuses = Counter(p.status for k in planted for p in k.expected)
    assert sum(statuses.values()) >= 12
    assert all(statuses[status] >= 3 for status in ("missing", "vague", "risky")), statuses
    names = Counter(Path(k.file).stem.split("_")[-1] for k in project(keys))
    assert all(n == 1 for n in names.values()), "an invented name is used twice"


def _blind_split(keys: list[DocumentKey], split: str, count: int) -> list[DocumentKey]:
    """A split written blind to the reviewer: `count` documents in docs/, each named for
    its kind."""
    docs = [k for k in keys if k.split == split]
    assert len(docs) == count
    assert all(Path(k.file).parent.name == "docs" for k in docs)
    assert all(Path(k.file).stem.split("_")[0] == k.kind for k in docs)
    return docs


def _ten_with_three_controls(keys: list[DocumentKey], split: str) -> list[DocumentKey]:
    """A blind split of ten documents: every kind (at most two of one), each format at least
    twice, one document of 8 to 12 pages and the others 2 to 6, three clean controls with every
    item of their kind not to flag, and seven planted documents; returns the planted ones."""
    docs = _blind_split(keys, split, 10)
    assert {k.kind for k in docs} == set(KINDS)
    assert max(Counter(k.kind for k in docs).values()) <= 2
    formats = Counter(k.format for k in docs)
    assert all(formats[fmt] >= 2 for fmt in ("pdf", "docx", "md", "txt")), formats
    pages = [k.pages for k in docs]
    assert sum(1 for p in pages if 8 <= p <= 12) == 1
    assert sum(1 for p in pages if 2 <= p <= 6) == len(pages) - 1
    clean = [k for k in docs if k.clean]
    assert len(clean) == 3 and all(not k.expected for k in clean)
    assert all(set(k.must_not_flag) == set(ITEMS_BY_KIND[k.kind]) for k in clean)
    planted = [k for k in docs if not k.clean]
    assert len(planted) == 7 and all(k.must_not_flag for k in planted)
    return planted


def _assert_mixed_problems(
    planted: list[DocumentKey], per_document: int, low: int, high: int
) -> None:
    """1 to `per_document` problems a document, `low` to `high` in all, at least 3 of each
    status and 2 CRITICAL missing clauses."""
    assert all(1 <= len(k.expected) <= per_document for k in planted)
    problems = [p for k in planted for p in k.expected]
    assert low <= len(problems) <= high
    statuses = Counter(p.status for p in problems)
    assert all(statuses[status] >= 3 for status in ("missing", "vague", "risky")), statuses
    critical = [p for p in problems if p.status == "missing" and p.severity == "CRITICAL"]
    assert len(critical) >= 2


def test_fresh2_documents_are_a_second_unseen_split_with_controls_and_mixed_problems(
    keys: list[DocumentKey],
) -> None:
    """The `fresh2` split: ten more documents written unseen, for reporting only."""
    fresh2 = _blind_split(keys, "fresh2", 10)
    assert {k.kind for k in fresh2} >= set(KINDS) - {"general"}
    formats = Counter(k.format for k in fresh2)
    assert all(formats[fmt] >= 2 for fmt in ("pdf", "docx", "md", "txt")), formats
    pages = [k.pages for k in fresh2]
    assert sum(1 for p in pages if 8 <= p <= 12) == 1
    assert sum(1 for p in pages if 2 <= p <= 6) == len(pages) - 1
    clean = [k for k in fresh2 if k.clean]
    assert len(clean) == 3 and all(not k.expected and k.must_not_flag for k in clean)
    _assert_mixed_problems([k for k in fresh2 if not k.clean], 3, 12, 14)


def test_fresh3_documents_are_a_third_unseen_split_with_controls_and_mixed_problems(
    keys: list[DocumentKey],
) -> None:
    """The `fresh3` split: ten more documents written unseen, for reporting only."""
    fresh3 = _blind_split(keys, "fresh3", 10)
    assert {k.kind for k in fresh3} == set(KINDS)
    formats = Counter(k.format for k in fresh3)
    assert all(formats[fmt] >= 2 for fmt in ("pdf", "docx", "md", "txt")), formats
    pages = [k.pages for k in fresh3]
    assert sum(1 for p in pages if 6 <= p <= 10) == 1
    assert sum(1 for p in pages if 2 <= p <= 5) == len(pages) - 1
    clean = [k for k in fresh3 if k.clean]
    assert len(clean) == 3 and all(not k.expected for k in clean)
    assert all(set(k.must_not_flag) == set(ITEMS_BY_KIND[k.kind]) for k in clean)
    _assert_mixed_problems([k for k in fresh3 if not k.clean], 3, 11, 14)


def test_fresh4_documents_are_a_fourth_unseen_split_with_controls_and_mixed_problems(
    keys: list[DocumentKey],
) -> None:
    """The `fresh4` split: eight more documents written unseen, for reporting only."""
    fresh4 = _blind_split(keys, "fresh4", 8)
    assert {k.kind for k in fresh4} >= set(KINDS) - {"general", "licence"}
    formats = Counter(k.format for k in fresh4)
    assert all(formats[fmt] == 2 for fmt in ("pdf", "docx", "md", "txt")), formats
    assert all(2 <= k.pages <= 6 for k in fresh4)
    clean = [k for k in fresh4 if k.clean]
    assert len(clean) == 2 and all(not k.expected for k in clean)
    assert all(set(k.must_not_flag) == set(ITEMS_BY_KIND[k.kind]) for k in clean)
    _assert_mixed_problems([k for k in fresh4 if not k.clean], 2, 9, 10)


def test_fresh5_documents_are_a_fifth_unseen_split_with_controls_and_mixed_problems(
    keys: list[DocumentKey],
) -> None:
    """The `fresh5` split: ten more documents written unseen, for reporting only."""
    planted = _ten_with_three_controls(keys, "fresh5")
    _assert_mixed_problems(planted, 3, 12, 14)


def test_fresh6_documents_are_a_sixth_unseen_split_with_controls_and_mixed_problems(
    keys: list[DocumentKey],
) -> None:
    """The `fresh6` split: ten more documents written unseen, for reporting only."""
    planted = _ten_with_three_controls(keys, "fresh6")
    _assert_mixed_problems(planted, 3, 12, 14)
    statuses = Counter(p.status for k in planted for p in k.expected)
    assert statuses == {"missing": 4, "vague": 5, "risky": 5}, statuses
    severities = Counter(p.severity for k in planted for p in k.expected)
    assert severities == {"CRITICAL": 3, "WARNING": 11}, severities


def test_fresh7_documents_are_a_seventh_unseen_split_with_controls_and_mixed_problems(
    keys: list[DocumentKey],
) -> None:
    """The `fresh7` split: ten more documents written unseen, for reporting only."""
    planted = _ten_with_three_controls(keys, "fresh7")
    assert all(
        set(k.must_not_flag) == set(ITEMS_BY_KIND[k.kind]) - {p.item for p in k.expected}
        for k in planted
    )
    _assert_mixed_problems(planted, 3, 12, 14)
    statuses = Counter(p.status for k in planted for p in k.expected)
    assert statuses == {"missing": 5, "vague": 4, "risky": 5}, statuses
    severities = Counter(p.severity for k in planted for p in k.expected)
    assert severities == {"CRITICAL": 3, "WARNING": 10, "INFO": 1}, severities


def test_pdf_page_counts_match_the_files(keys: list[DocumentKey]) -> None:
    from pypdf import PdfReader

    for key in keys:
        if key.format == "pdf":
            assert len(PdfReader(SET / key.file).pages) == key.pages, key.file


def test_real_documents_carry_their_licence_notices(keys: list[DocumentKey]) -> None:
    real = SET / "real"
    assert (real / "LICENSE-mozilla.md").is_file()
    notice = (real / "NOTICE.md").read_text(encoding="utf-8")
    assert "CC BY-SA 3.0" in notice and "CC BY 4.0" in notice
    assert "f098c17556ff" in notice and "2a3068b6c0ab" in notice
    for key in keys:
        if key.split == "real":
            assert Path(key.file).name in notice, key.file


# --- the loader -----------------------------------------------------------------------------------


def _write_key(folder: Path, entries: object) -> Path:
    (folder / "answers.json").write_text(json.dumps(entries), encoding="utf-8")
    return folder


GOOD = {
    "file": "docs/a.md",
    "kind": "nda",
    "split": "dev",
    "pages": 2,
    "clean": False,
    "expected": [
        {"item": "return_of_information", "status": "missing", "severity": "INFO", "note": "x"}
    ],
    "must_not_flag": ["governing_law"],
}


def test_loader_reads_a_small_key(tmp_path: Path) -> None:
    (key,) = load_answer_key(_write_key(tmp_path, [GOOD]))
    assert key == DocumentKey(
        "docs/a.md",
        "nda",
        "dev",
        2,
        False,
        (ExpectedProblem("return_of_information", "missing", "INFO", "x"),),
        ("governing_law",),
    )


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"kind": "lease"}, "'kind'"),
        ({"split": "test"}, "'split'"),
        ({"pages": 0}, "'pages'"),
        ({"clean": "no"}, "'clean'"),
        ({"must_not_flag": ["refund_policy"]}, "'must_not_flag'"),
        ({"must_not_flag": ["return_of_information"]}, "'must_not_flag'"),
        (
            {
                "expected": [
                    {"item": "payment_terms", "status": "missing", "severity": "INFO", "note": "x"}
                ]
            },
            "'expected[0].item'",
        ),
        (
            {
                "expected": [
                    {"item": "governing_law", "status": "absent", "severity": "INFO", "note": "x"}
                ]
            },
            "'expected[0].status'",
        ),
        (
            {
                "expected": [
                    {"item": "governing_law", "status": "vague", "severity": "HIGH", "note": "x"}
                ]
            },
            "'expected[0].severity'",
        ),
        ({"clean": True}, "'clean'"),
        ({"extra": 1}, "'extra'"),
    ],
)
def test_loader_names_the_file_and_field_of_a_malformed_entry(
    tmp_path: Path, change: dict[str, object], field: str
) -> None:
    with pytest.raises(ValueError) as caught:
        load_answer_key(_write_key(tmp_path, [{**GOOD, **change}]))
    message = str(caught.value)
    assert "answers.json" in message and "docs/a.md" in message and field in message


def test_loader_rejects_a_missing_field_and_bad_json(tmp_path: Path) -> None:
    entry = {k: v for k, v in GOOD.items() if k != "must_not_flag"}
    with pytest.raises(ValueError, match="'must_not_flag': missing"):
        load_answer_key(_write_key(tmp_path, [entry]))
    (tmp_path / "answers.json").write_text("[{", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid JSON"):
        load_answer_key(tmp_path)
    with pytest.raises(ValueError, match="listed twice"):
        load_answer_key(_write_key(tmp_path, [GOOD, GOOD]))


# --- the scorer -----------------------------------------------------------------------------------

PROBLEM = DocumentKey(
    "docs/nda.md",
    "nda",
    "dev",
    3,
    False,
    (
        ExpectedProblem("confidentiality_term", "vague", "WARNING", "no period"),
        ExpectedProblem("return_of_information", "missing", "INFO", "absent"),
    ),
    ("governing_law", "confidential_information"),
)
CLEAN = DocumentKey("docs/clean.pdf", "terms", "heldout", 2, True, (), ("refund_policy",))
REAL = DocumentKey("real/tos.md", "terms", "real", 8, False, (), ("indemnity",))
LONG = DocumentKey("docs/long.pdf", "services", "heldout", 31, True, (), ())
KEYS = [PROBLEM, CLEAN, REAL, LONG]


def finding(item: str, status: str, severity: str, verified: bool = True) -> ScoredFinding:
    return ScoredFinding(item, status, severity, "" if status == "missing" else "a quote", verified)


def outcome(file: str, *findings: ScoredFinding, seconds: float = 10.0) -> DocumentOutcome:
    return DocumentOutcome(file, True, seconds, tuple(findings))


def perfect() -> list[DocumentOutcome]:
    return [
        outcome(
            "docs/nda.md",
            finding("confidentiality_term", "vague", "WARNING"),
            finding("return_of_information", "missing", "INFO"),
            seconds=20.0,
        ),
        outcome("docs/clean.pdf", seconds=5.0),
        outcome("real/tos.md", seconds=40.0),
        outcome("docs/long.pdf", seconds=90.0),
    ]


def test_a_perfect_run() -> None:
    result = score(KEYS, perfect())
    overall = result.split("all")
    assert (overall.found, overall.expected, overall.exact_severity) == (2, 2, 2)
    assert overall.recall == 1.0 and overall.exact_severity_rate == 1.0
    assert overall.false_flags == 0 and overall.unlabelled == 0
    assert overall.completed == overall.documents == 4
    assert overall.verified_quote_rate == 1.0 and overall.quotes_checked == 1
    assert overall.seconds_mean == pytest.approx(38.75)
    assert overall.seconds_max_short == 40.0  # the 31-page document is left out
    assert [g.name for g in result.splits] == ["all", "dev", "heldout", "real"]
    assert result.split("dev").recall == 1.0 and result.split("heldout").recall is None
    assert result.split("heldout").false_flags_per_clean_max == 0
    assert result.split("real").false_flags_per_real_mean == 0.0
    assert not (result.missed or result.wrong_severity or result.false_flags or result.unlabelled)


def test_a_miss() -> None:
    runs = perfect()
    runs[0] = outcome("docs/nda.md", finding("confidentiality_term", "vague", "WARNING"))
    result = score(KEYS, runs)
    assert result.split("dev").found == 1 and result.split("dev").recall == 0.5
    assert [(m.file, m.item) for m in result.missed] == [("docs/nda.md", "return_of_information")]
    assert "return_of_information" in result.render()


def test_a_missing_outcome_counts_as_not_completed() -> None:
    result = score(KEYS, perfect()[1:])
    assert result.split("dev").completed == 0 and result.split("dev").found == 0
    assert result.split("all").completed == 3


def test_a_false_flag_on_a_clean_document_and_on_must_not_flag() -> None:
    runs = perfect()
    runs[1] = outcome(
        "docs/clean.pdf",
        finding("refund_policy", "missing", "WARNING"),
        finding("refund_policy", "missing", "WARNING"),  # the same item twice counts once
        finding("governing_law", "vague", "WARNING"),
        finding("acceptable_use", "present", "INFO"),  # not a flag
    )
    runs[2] = outcome("real/tos.md", finding("indemnity", "missing", "WARNING"))
    runs[0] = outcome(
        "docs/nda.md",
        finding("confidentiality_term", "vague", "WARNING"),
        finding("return_of_information", "missing", "INFO"),
        finding("governing_law", "vague", "WARNING"),
        finding("term_termination", "risky", "WARNING"),  # neither expected nor excluded
    )
    result = score(KEYS, runs)
    heldout, real, overall = result.split("heldout"), result.split("real"), result.split("all")
    assert heldout.false_flags == 2
    assert heldout.false_flags_per_clean_max == 2 and heldout.false_flags_per_clean_mean == 1.0
    assert real.false_flags == 1 and real.false_flags_per_real_max == 1
    assert overall.false_flags == 4 and overall.unlabelled == 1
    reasons = Counter(f.reason for f in result.false_flags)
    assert reasons == {"clean document": 2, "must_not_flag": 2}
    assert [(u.file, u.item) for u in result.unlabelled] == [("docs/nda.md", "term_termination")]
    assert overall.recall == 1.0


def test_a_wrong_severity_is_found_but_not_exact() -> None:
    runs = perfect()
    runs[0] = outcome(
        "docs/nda.md",
        finding("confidentiality_term", "missing", "CRITICAL"),  # another status still matches
        finding("return_of_information", "missing", "INFO"),
    )
    result = score(KEYS, runs)
    dev = result.split("dev")
    assert dev.found == 2 and dev.exact_severity == 1 and dev.exact_severity_rate == 0.5
    (wrong,) = result.wrong_severity
    assert (wrong.item, wrong.severity, wrong.found_severities) == (
        "confidentiality_term",
        "WARNING",
        ("CRITICAL",),
    )


def test_an_unverified_quote() -> None:
    runs = perfect()
    runs[0] = outcome(
        "docs/nda.md",
        finding("confidentiality_term", "vague", "WARNING", verified=False),
        finding("return_of_information", "missing", "INFO", verified=False),  # not counted
    )
    runs[3] = outcome("docs/long.pdf", finding("indemnity", "present", "INFO", verified=True))
    result = score(KEYS, runs)
    overall = result.split("all")
    assert (overall.quotes_verified, overall.quotes_checked) == (1, 2)
    assert overall.verified_quote_rate == 0.5
    assert result.split("dev").verified_quote_rate == 0.0


def test_outcomes_match_by_path_suffix_or_unique_name_and_unknown_files_fail() -> None:
    runs = perfect()
    runs[0] = DocumentOutcome(
        "/tmp/x/bench/legal_set/docs/nda.md", True, 1.0, perfect()[0].findings
    )
    runs[1] = DocumentOutcome("clean.pdf", True, 1.0, ())
    assert score(KEYS, runs).split("all").recall == 1.0
    with pytest.raises(ValueError, match="matches no document"):
        score(KEYS, [outcome("docs/other.pdf")])
    with pytest.raises(ValueError, match="two outcomes"):
        score(KEYS, [outcome("docs/nda.md"), outcome("nda.md")])


def test_render_is_a_markdown_table_with_every_split() -> None:
    text = score(KEYS, perfect()).render()
    header = text.splitlines()[0]
    assert header.startswith("|") and all(
        name in header for name in ("all", "dev", "heldout", "real")
    )
    for label in ("recall", "exact severity", "false flags", "verified quotes", "seconds per doc"):
        assert label in text


def test_the_real_key_scores_perfectly_against_itself(keys: list[DocumentKey]) -> None:
    runs = [
        DocumentOutcome(
            k.file,
            True,
            1.0,
            tuple(finding(p.item, p.status, p.severity) for p in k.expected),
        )
        for k in keys
    ]
    overall = score(keys, runs).split("all")
    assert overall.recall == 1.0 and overall.exact_severity_rate == 1.0
    assert overall.false_flags == 0 and overall.completed == len(keys)


def test_generated_documents_match_their_sources(
    keys: list[DocumentKey], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One small document per format is rebuilt (make_set.py --check rebuilds them all)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("legal_make_set", SET / "make_set.py")
    assert spec is not None and spec.loader is not None
    make_set = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, make_set)  # dataclasses look their module up
    spec.loader.exec_module(make_set)
    smallest: dict[str, DocumentKey] = {}
    for key in sorted(project(keys), key=lambda k: k.pages):
        smallest.setdefault(key.format, key)
    assert set(smallest) == {"pdf", "docx", "md", "txt"}
    for key in smallest.values():
        path = SET / key.file
        data, pages = make_set.build(path.stem, key.format)
        assert data == path.read_bytes(), f"{key.file} is stale: run bench/legal_set/make_set.py"
        assert pages == key.pages, key.file


@pytest.mark.parametrize("split", [f"fresh{n}" for n in range(11, 137)])
def test_later_blind_splits_have_ten_documents_three_controls_and_mixed_problems(
    keys: list[DocumentKey], split: str
) -> None:
    """`fresh11` to `fresh136`: ten documents each, written unseen (`fresh11` to `fresh16` were
    then reported once unseen)."""
    planted = _ten_with_three_controls(keys, split)
    problems = [p for k in planted for p in k.expected]
    assert all(1 <= len(k.expected) <= 3 for k in planted)
    assert 10 <= len(problems) <= 14
    statuses = Counter(p.status for p in problems)
    assert all(statuses[status] >= 2 for status in ("missing", "vague", "risky")), statuses
