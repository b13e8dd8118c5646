"""A 60-page generated contract: read with every page, reviewed to the end, and its one
vague payment clause (on page 40) found and cited by page and clause."""

from __future__ import annotations

from pathlib import Path

import pytest
from fpdf import FPDF
from legal_doubles import stepwise

from thinkact.apps.legal.documents import load_document
from thinkact.apps.legal.reviewer import review_document
from thinkact.tools.sandbox import Workspace

PAGES = 60
PAYMENT_PAGE = 40
SECTIONS = ["Scope of Work", "Personnel", "Reporting", "Meetings", "Records", "Standards"]
VAGUE = "The Customer shall pay the Supplier's invoices in a timely manner."


def section(page: int) -> str:
    return "Payment" if page == PAYMENT_PAGE else SECTIONS[page % len(SECTIONS)]


def long_contract() -> bytes:
    """One numbered section a page, three numbered clauses each; no word of payment
    anywhere but on the payment page."""
    pdf = FPDF()
    pdf.set_font("Helvetica", size=11)
    for page in range(1, PAGES + 1):
        pdf.add_page()
        if page == 1:
            pdf.multi_cell(0, 8, "MASTER SERVICES AGREEMENT\n\n")
        pdf.multi_cell(0, 7, f"{page}. {section(page)}\n")
        for k in range(1, 4):
            text = (
                VAGUE
                if (page, k) == (PAYMENT_PAGE, 1)
                else f"The Supplier shall carry out the work set out in Schedule {page}, part "
                f"{k}, with the skill and care expected of a competent supplier of such work, "
                "and shall keep the Customer informed of its progress."
            )
            pdf.multi_cell(0, 6, f"{page}.{k} {text}\n")
    return bytes(pdf.output())


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("long")
    (path / "msa.pdf").write_bytes(long_contract())
    return path


def test_every_page_is_read_with_its_sections_and_clauses(folder: Path) -> None:
    doc = load_document(Workspace(folder), "msa.pdf")
    assert doc.pages == PAGES and doc.title == "MASTER SERVICES AGREEMENT"
    for page in range(1, PAGES + 1):
        here = [p for p in doc.passages if p.page == page]
        assert {p.section for p in here} == {f"{page}. {section(page)}"}, page
        assert [p.clause for p in here] == [f"{page}.1", f"{page}.2", f"{page}.3"], page


def test_the_vague_payment_clause_is_found_on_its_page(folder: Path) -> None:
    result = review_document(Workspace(folder), "msa.pdf", stepwise())

    assert result.reviewed and result.kind == "services" and result.pages == PAGES
    payment = next(v for v in result.verdicts if v.item == "payment_terms")
    assert payment.verdict == "vague" and payment.verified
    assert payment.quote == f"{PAYMENT_PAGE}.1 {VAGUE}"
    assert payment.location == f"page {PAYMENT_PAGE}, clause {PAYMENT_PAGE}.1 (Payment)"
    finding = next(f for f in result.findings() if f.item == "payment_terms")
    assert finding.severity == "WARNING" and finding.location == payment.location
