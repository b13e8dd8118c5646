"""The two reports: rendering, reading back, status rules, and the validators on real files."""

from __future__ import annotations

from pathlib import Path

from thinkact.apps.legal.reports import (
    NOTICES,
    SUMMARY,
    Finding,
    digest_notices,
    render_notices,
    render_summary,
    status_for,
    status_in,
)
from thinkact.apps.legal.validators import check_notices, check_summary, review_validators
from thinkact.tools.sandbox import Workspace

DOCS = ["contract_v1.pdf", "privacy_policy.txt", "terms_of_service.docx"]


def finding(doc: str, severity: str, clause: str, **kw: str) -> Finding:
    return Finding(
        document=doc,
        severity=severity,  # type: ignore[arg-type]
        clause=clause,
        problem=kw.get("problem", f"{clause} is a problem."),
        recommendation=kw.get("recommendation", f"Fix the {clause.lower()} clause."),
        quote=kw.get("quote", ""),
        location=kw.get("location", ""),
    )


FINDINGS = [
    finding("contract_v1.pdf", "WARNING", "Payment terms", quote="pay in a timely manner",
            location="page 1, clause 4.2"),
    finding("contract_v1.pdf", "CRITICAL", "Termination", location="page 1, clause 3.1"),
    finding("privacy_policy.txt", "CRITICAL", "DPO contact"),
    finding("terms_of_service.docx", "INFO", "Governing law"),
]  # fmt: skip


def test_notices_render_sections_findings_and_sorted_severities() -> None:
    text = render_notices(DOCS, FINDINGS, folder="legal_docs")
    assert text.startswith("# Legal Notices\n\nReview of 3 document(s) in `legal_docs`: "
                           "2 critical, 1 warning, 1 info.")  # fmt: skip
    contract = text[text.index("## contract_v1.pdf") : text.index("## privacy_policy.txt")]
    assert contract.index("### 1. CRITICAL: Termination") < contract.index(
        "### 2. WARNING: Payment terms"
    )
    assert '- **Quote:** "pay in a timely manner" (page 1, clause 4.2)' in contract
    assert "- **Location:** page 1, clause 3.1" in contract
    assert "- **Recommendation:** Fix the termination clause." in contract
    assert len(text.encode()) > 500


def test_a_document_without_findings_still_gets_its_section() -> None:
    text = render_notices(DOCS, FINDINGS[:2])
    assert "## terms_of_service.docx\n\nNo findings" in text


def test_digest_counts_labels_per_document_of_any_markdown() -> None:
    ours = digest_notices(render_notices(DOCS, FINDINGS), DOCS)
    assert ours.counts == {"CRITICAL": 2, "WARNING": 1, "INFO": 1}
    assert ours.per_document["contract_v1.pdf"] == {"CRITICAL": 1, "WARNING": 1, "INFO": 0}
    assert ours.status == "CRITICAL ISSUES"
    handwritten = (
        "# Notices\n\n## Contract_v1.pdf\n- WARNING: payment vague\n\n"
        "## privacy_policy.txt\n- WARNING: retention\n- INFO: cookies\n"
    )
    theirs = digest_notices(handwritten, DOCS)
    assert theirs.counts == {"CRITICAL": 0, "WARNING": 2, "INFO": 1}
    assert theirs.per_document["privacy_policy.txt"]["WARNING"] == 1
    assert theirs.status == "REQUIRES ATTENTION"


def test_status_rules_and_status_lines() -> None:
    assert status_for({"CRITICAL": 1, "WARNING": 3}) == "CRITICAL ISSUES"
    assert status_for({"WARNING": 1}) == "REQUIRES ATTENTION"
    assert status_for({"INFO": 4}) == "APPROVED"
    assert status_in("**Overall status: ❌ CRITICAL ISSUES**") == "CRITICAL ISSUES"
    assert status_in("Status: requires attention") == "REQUIRES ATTENTION"
    assert status_in("nothing to say") is None


def test_summary_render() -> None:
    text = render_summary(
        "CRITICAL ISSUES",
        {"CRITICAL": 2, "WARNING": 1, "INFO": 0},
        {"contract_v1.pdf": {"CRITICAL": 1, "WARNING": 1, "INFO": 0}, "b.txt": {}},
        ["Add a termination clause.", " "],
    )
    assert "**Overall status: ❌ CRITICAL ISSUES**" in text
    assert "| CRITICAL | 2 |" in text and "| INFO | 0 |" in text
    assert "- contract_v1.pdf: 1 CRITICAL, 1 WARNING" in text
    assert "- b.txt: no findings" in text
    assert text.rstrip().endswith("1. Add a termination clause.")


# --- validators, on files in a real folder ------------------------------------------------


def write(folder: Path, name: str, text: str) -> None:
    (folder / name).write_text(text, encoding="utf-8")


def test_validators_pass_on_consistent_reports(tmp_path: Path) -> None:
    write(tmp_path, NOTICES, render_notices(DOCS, FINDINGS))
    write(tmp_path, SUMMARY, render_summary("CRITICAL ISSUES", {"CRITICAL": 2}, {}, ["x"]))
    ws = Workspace(tmp_path)
    assert [v("done") for v in review_validators(ws, DOCS)] == [None, None]


def test_notices_validator_reasons(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    assert check_notices(ws, DOCS) == f"{NOTICES} does not exist. Write it before you finish."
    write(tmp_path, NOTICES, "# Notices\nCRITICAL: all bad")
    reason = check_notices(ws, DOCS)
    assert reason is not None and "has only 27 bytes; it must have at least 500" in reason
    write(tmp_path, NOTICES, render_notices(DOCS[:2], FINDINGS[:3]))
    assert check_notices(ws, DOCS) == (
        f"{NOTICES} does not name every reviewed document: terms_of_service.docx missing."
    )
    write(tmp_path, NOTICES, "\n".join(f"## {d}\nAll fine here. " * 20 for d in DOCS))
    assert "uses no severity label" in (check_notices(ws, DOCS) or "")


def test_summary_validator_wants_a_status_consistent_with_the_notices(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    write(tmp_path, NOTICES, render_notices(DOCS, FINDINGS))
    assert check_summary(ws, DOCS) == f"{SUMMARY} does not exist. Write it before you finish."
    write(tmp_path, SUMMARY, "# Summary\nAll good.")
    assert "has no overall status line" in (check_summary(ws, DOCS) or "")
    write(tmp_path, SUMMARY, "**Overall status: ✅ APPROVED**")
    assert check_summary(ws, DOCS) == (
        f"{SUMMARY} says ✅ APPROVED but {NOTICES} has 2 CRITICAL, 1 WARNING, 1 INFO, so the "
        "status must be ❌ CRITICAL ISSUES."
    )


def test_validators_are_named_for_the_event(tmp_path: Path) -> None:
    names = [v.__name__ for v in review_validators(Workspace(tmp_path), DOCS)]  # type: ignore[attr-defined]
    assert names == ["legal_notices", "review_summary"]
