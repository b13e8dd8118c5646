"""The two reports, rendered from structured reviews: the status rule, what each report
shows of findings and of documents not reviewed, and the validators on real files."""

from __future__ import annotations

import re
from pathlib import Path

from legal_doubles import stepwise

from thinkact.apps.legal.documents import load_document
from thinkact.apps.legal.evidence import verify_quote
from thinkact.apps.legal.judge import ItemVerdict
from thinkact.apps.legal.prompts import NOTICES, SUMMARY
from thinkact.apps.legal.reports import overall, render_notices, render_summary, status_in
from thinkact.apps.legal.reviewer import DocumentReview, review_document
from thinkact.apps.legal.validators import check_notices, check_summary, review_validators
from thinkact.tools.sandbox import Workspace

PAYMENT_QUOTE = "4.2 The Client shall pay each invoice in a timely manner."

CONTRACT = DocumentReview(
    "contract_v1.pdf",
    "services",
    "title says 'services agreement'",
    3,
    (
        ItemVerdict("payment_terms", "vague", PAYMENT_QUOTE, "page 1, clause 4.2 (Fees)",
                    "No deadline for payment.", verified=True),
        ItemVerdict("term_termination", "missing", reason="No sentence ends it."),
        ItemVerdict("governing_law", "present", "9.1 Governed by the laws of England.",
                    "page 3, clause 9.1", verified=True),
        ItemVerdict("warranties", "missing", reason="No warranty."),
        ItemVerdict("auto_renewal", "missing"),  # "none" in services: no finding
    ),
)  # fmt: skip
INFO_ONLY = DocumentReview(
    "nda.txt", "nda", "title", None, (ItemVerdict("return_of_information", "missing"),)
)
UNREADABLE = DocumentReview("scan.pdf", error="'scan.pdf' has no text layer (a scanned PDF)")
TERMS = DocumentReview(
    "terms.md",
    "terms",
    "title",
    None,
    (ItemVerdict("payment_terms", "not_applicable", reason="not paid"),),
)


def test_the_overall_status_follows_the_worst_finding_and_unreviewed_documents() -> None:
    assert overall([CONTRACT, INFO_ONLY]) == "CRITICAL ISSUES"
    assert overall([INFO_ONLY]) == "APPROVED"  # INFO is worth knowing, not a problem
    assert overall([INFO_ONLY, UNREADABLE]) == "REQUIRES ATTENTION"
    assert overall([TERMS]) == "APPROVED"


def test_findings_come_from_verdicts_by_the_rubric() -> None:
    found = [(f.item, f.verdict, f.severity) for f in CONTRACT.findings()]
    assert found == [
        ("payment_terms", "vague", "WARNING"),
        ("term_termination", "missing", "CRITICAL"),
        ("warranties", "missing", "INFO"),
    ]
    dropped = DocumentReview(
        "x.txt", "services", "", None, (ItemVerdict("payment_terms", "vague", dropped=True),)
    )
    assert dropped.findings() == []  # an unverified quote: no finding stands
    assert UNREADABLE.findings() == [] and not UNREADABLE.reviewed


def test_a_review_survives_its_round_trip_through_the_cache_format() -> None:
    for review in (CONTRACT, UNREADABLE, TERMS):
        assert DocumentReview.from_dict(review.to_dict()) == review


def test_notices_list_findings_by_severity_with_quote_location_and_fix() -> None:
    text = render_notices([CONTRACT, UNREADABLE, TERMS], folder="legal_docs")
    assert text.startswith("# Legal Notices\n\nReview of 3 document(s) in `legal_docs`: ")
    assert "1 critical, 1 warning, 1 info" in text
    contract = text[text.index("## contract_v1.pdf") : text.index("## scan.pdf")]
    assert "*Services agreement, 3 pages*" in contract
    assert "5 clauses checked" in contract
    order = [
        contract.index(f"### {i}. {s}") for i, s in enumerate(["CRITICAL", "WARNING", "INFO"], 1)
    ]
    assert order == sorted(order)
    assert f'- **Quote:** "{PAYMENT_QUOTE}" (page 1, clause 4.2 (Fees))' in contract
    assert "- **Recommendation:** Set a concrete payment deadline" in contract
    assert "Governed by the laws of England" not in contract  # present: no finding
    assert "## scan.pdf\n\n**Not reviewed:** 'scan.pdf' has no text layer" in text
    terms = text[text.index("## terms.md") :]
    assert "0 clauses checked" in terms and "No findings" in terms  # not applicable


def test_summary_states_status_counts_documents_and_top_recommendations() -> None:
    text = render_summary([CONTRACT, UNREADABLE, INFO_ONLY])
    assert "**Overall status: ❌ CRITICAL ISSUES**" in text
    assert "| CRITICAL | 1 |" in text and "| WARNING | 1 |" in text and "| INFO | 2 |" in text
    assert "- contract_v1.pdf (Services agreement, 3 pages): 1 CRITICAL, 1 WARNING, 1 INFO" in text
    assert "- scan.pdf: **not reviewed** (" in text
    recommendations = text[text.index("## Top recommendations") :]
    assert "1. contract_v1.pdf: Add a termination clause" in recommendations
    assert "2. contract_v1.pdf: Set a concrete payment deadline" in recommendations
    assert "3." not in recommendations  # INFO findings are not top recommendations
    assert "None: no changes needed." in render_summary([INFO_ONLY])
    assert status_in(text) == "CRITICAL ISSUES"


# --- validators, on files in a real folder ------------------------------------------------


def test_validators_pass_on_reports_rendered_from_the_reviews(tmp_path: Path) -> None:
    reviews = [CONTRACT, UNREADABLE]
    (tmp_path / NOTICES).write_text(render_notices(reviews), encoding="utf-8")
    (tmp_path / SUMMARY).write_text(render_summary(reviews), encoding="utf-8")
    validators = review_validators(
        Workspace(tmp_path), ["contract_v1.pdf", "scan.pdf"], lambda: reviews
    )
    assert [v.__name__ for v in validators] == ["legal_notices", "review_summary"]  # type: ignore[attr-defined]
    assert [v("done") for v in validators] == [None, None]


def test_validators_say_which_tool_to_call(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    docs = ["contract_v1.pdf", "scan.pdf"]
    assert "call write_notices" in (check_notices(ws, docs) or "")
    (tmp_path / NOTICES).write_text(render_notices([CONTRACT]), encoding="utf-8")
    assert (
        check_notices(ws, docs) == f"{NOTICES} does not cover scan.pdf: call write_notices again."
    )
    assert "call write_summary" in (check_summary(ws, lambda: [CONTRACT]) or "")
    # Written before a later review found a CRITICAL problem: its status is stale.
    (tmp_path / SUMMARY).write_text(render_summary([INFO_ONLY]), encoding="utf-8")
    assert check_summary(ws, lambda: [CONTRACT]) == (
        f"{SUMMARY} does not state ❌ CRITICAL ISSUES: call write_summary again."
    )


def test_a_quote_that_starts_mid_sentence_is_shown_word_for_word(tmp_path: Path) -> None:
    goods = (
        "the Supplier shall deliver the goods described in the order form to the premises "
        "named by the Customer, with all manuals, certificates and other documents that a "
        "careful buyer of such goods would reasonably expect to receive with them, "
    )
    (tmp_path / "supply.txt").write_text(
        "SUPPLY AGREEMENT\n\n2. Fees\n2.1 Once " + goods * 2 + "and the Customer shall pay "
        "the Supplier's invoices in a timely manner.\n",
        encoding="utf-8",
    )
    workspace = Workspace(tmp_path)
    review = review_document(workspace, "supply.txt", stepwise())
    payment = next(v for v in review.verdicts if v.item == "payment_terms")
    assert payment.verdict == "vague" and payment.quote[:1].islower()  # a window of it
    doc = load_document(workspace, "supply.txt")
    quotes = re.findall(r'^- \*\*Quote:\*\* "(.*)" \(', render_notices([review]), re.M)
    assert quotes and all(verify_quote(doc, q).verified for q in quotes), quotes
