"""The real embedded model reviews a one-page contract end to end (slow: minutes on 2
cores; skipped where llama-cpp-python or the weights are missing)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from thinkact.apps.legal import NOTICES, SUMMARY, build_review
from thinkact.apps.legal.documents import load_document
from thinkact.apps.legal.evidence import verify_quote
from thinkact.models.weights import local_status
from thinkact.tools.runtime import approve_all
from thinkact.tools.sandbox import Workspace

pytestmark = pytest.mark.model

# No termination clause (CRITICAL in a services agreement); a clear governing law.
CONTRACT = """\
CONSULTING AGREEMENT

This Agreement is made between Alder Consulting Ltd (the "Consultant") and Birch Foods plc
(the "Client").

1. Services
1.1 The Consultant shall advise the Client on supply-chain planning.

2. Fees
2.1 The Client shall pay the Consultant's invoices within thirty (30) days of receipt.

3. Governing Law
3.1 This Agreement is governed by the laws of England and Wales, and the courts of London
have exclusive jurisdiction.
"""


@pytest.fixture
def local_model() -> None:
    status = local_status()
    if status.llama_cpp is None:
        pytest.skip("llama-cpp-python is not installed (run scripts/bootstrap.sh)")
    if not status.assembled and status.parts_found < status.parts_total:
        pytest.skip(f"embedded model weights missing: {'; '.join(status.problems())}")


@pytest.mark.timeout(1200)
def test_the_local_model_reviews_a_one_page_contract(tmp_path: Path, local_model: None) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "consulting_agreement.txt").write_text(CONTRACT, encoding="utf-8")
    review = build_review(folder, model="local", approve=approve_all)
    result = review.run()

    assert (folder / NOTICES).is_file() and (folder / SUMMARY).is_file(), result.reason
    (done,) = review.review.all_reviews()
    assert done.reviewed and done.kind == "services", done
    termination = [f for f in done.findings() if f.item == "term_termination"]
    assert [f.severity for f in termination] == ["CRITICAL"], done.verdicts
    notices = (folder / NOTICES).read_text(encoding="utf-8")
    assert "CRITICAL: Term and termination (missing)" in notices
    doc = load_document(Workspace(folder), "consulting_agreement.txt")
    for quote in re.findall(r'^- \*\*Quote:\*\* "(.*)" \(', notices, re.M):
        assert verify_quote(doc, quote).verified, quote
    assert "❌ CRITICAL ISSUES" in (folder / SUMMARY).read_text(encoding="utf-8")
