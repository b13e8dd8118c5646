"""The checklists as data (checklists/*.toml): every kind loads, names items that exist,
with valid severities; the rubric; and the answer key of bench/legal_set agrees with them.

The loader reads the package's own files and has no way to be given other text, so a
malformed file's ChecklistError is not tested here (only the unknown-kind one)."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import pytest

from thinkact.apps.legal.checklist import (
    KIND_IDS,
    SEVERITIES,
    VERDICTS,
    ChecklistError,
    kind,
    kinds,
    severity,
)
from thinkact.apps.legal.scoring import load_answer_key

SET = Path(__file__).resolve().parents[3] / "bench" / "legal_set"


def raw(name: str) -> dict[str, object]:
    folder = resources.files("thinkact.apps.legal").joinpath("checklists")
    return tomllib.loads(folder.joinpath(name).read_text("utf-8"))


def test_every_kind_loads_in_order_with_general_last() -> None:
    loaded = kinds()
    assert tuple(loaded) == KIND_IDS and KIND_IDS[-1] == "general"
    for kid, k in loaded.items():
        assert k.id == kid and k.name and k.needs, kid
        if kid != "general":  # detection needs something to go on
            assert k.titles and k.cues, kid


def test_each_kind_file_names_only_items_of_items_toml_with_valid_severities() -> None:
    items = {entry["id"] for entry in raw("items.toml")["item"]}  # type: ignore[attr-defined]
    facts = {entry["id"] for entry in raw("items.toml")["fact"]}  # type: ignore[attr-defined]
    for kid in KIND_IDS:
        data = raw(f"{kid}.toml")
        listed: dict[str, str] = data["items"]  # type: ignore[assignment]
        assert set(listed) <= items, (kid, set(listed) - items)
        assert set(listed.values()) <= {*SEVERITIES, "none"}, kid
        conditions: dict[str, str] = data.get("applies_if", {})  # type: ignore[assignment]
        assert set(conditions) <= set(listed) and set(conditions.values()) <= facts, kid
        loaded = kinds()[kid]
        assert [n.item.id for n in loaded.needs] == list(listed), kid  # file order kept
        for need in loaded.needs:
            wanted = listed[need.item.id]
            assert need.missing == (None if wanted == "none" else wanted), (kid, need.item.id)
            fact = conditions.get(need.item.id)
            assert (need.applies_if.id if need.applies_if else None) == fact


def test_items_say_what_the_judge_and_the_reports_need() -> None:
    for k in kinds().values():
        for need in k.needs:
            item = need.item
            assert item.label and item.what and (item.headings or item.words), item.id
            # a vague clause is told what it lacks and how to fix it; without a key element
            # only wording on its face makes one vague
            assert bool(item.concrete or item.vague_match) == bool(item.vague), item.id
            assert bool(item.vague) == bool(item.fix_vague), item.id
            if need.missing is not None:
                assert item.fix_missing, item.id  # a missing clause gets a recommendation
            if item.safe_match or item.max_months:
                assert item.safe and item.risk and item.fix_risky, item.id


def test_an_nda_has_no_payment_terms_and_paid_items_depend_on_the_paid_fact() -> None:
    nda = {n.item.id for n in kind("nda").needs}
    assert "payment_terms" not in nda and "confidential_information" in nda
    terms = {n.item.id: n for n in kind("terms").needs}
    for item in ("payment_terms", "refund_policy"):
        fact = terms[item].applies_if
        assert fact is not None and fact.id == "paid" and fact.element, item
    # a provider's exits are checked only where users pay
    exits = terms["term_termination"]
    assert not exits.risk_checked and exits.risk_if is not None and exits.risk_if.id == "paid"


def test_unknown_kind_is_a_checklist_error() -> None:
    with pytest.raises(ChecklistError, match="unknown kind 'lease'"):
        kind("lease")


@pytest.mark.parametrize(
    ("kid", "item", "verdict", "expected"),
    [
        ("nda", "confidential_information", "missing", "CRITICAL"),
        ("privacy", "lawful_basis", "missing", "CRITICAL"),
        ("employment", "compensation", "missing", "CRITICAL"),
        ("services", "term_termination", "missing", "CRITICAL"),
        ("services", "payment_terms", "vague", "WARNING"),
        ("saas", "auto_renewal", "risky", "WARNING"),
        ("saas", "auto_renewal", "missing", None),  # "none": its absence is fine
        ("services", "payment_terms", "present", None),
        ("terms", "refund_policy", "not_applicable", None),
    ],
)
def test_the_rubric(kid: str, item: str, verdict: str, expected: str | None) -> None:
    need = next(n for n in kind(kid).needs if n.item.id == item)
    assert severity(need, verdict) == expected  # type: ignore[arg-type]


def test_vague_and_risky_are_warnings_whatever_the_item() -> None:
    for k in kinds().values():
        for need in k.needs:
            assert severity(need, "vague") == severity(need, "risky") == "WARNING"
            assert severity(need, "present") is None
    assert set(VERDICTS) == {"present", "vague", "risky", "missing", "not_applicable"}


def test_the_answer_key_rates_every_planted_problem_as_the_checklists_do() -> None:
    """bench/legal_set's "exact severity" is only fair if the key and the rubric agree."""
    for key in load_answer_key(SET):
        needs = {n.item.id: n for n in kind(key.kind).needs}
        for problem in key.expected:
            assert problem.item in needs, (key.file, problem.item)
            rated = severity(needs[problem.item], problem.status)  # type: ignore[arg-type]
            assert rated == problem.severity, (key.file, problem.item, problem.status)
