"""The real embedded model reviews a short document end to end (slow: ~1-3 minutes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from thinkact.apps.legal import NOTICES, SUMMARY, build_review
from thinkact.apps.legal.reports import digest_notices, status_in
from thinkact.events import Event, ToolFinished
from thinkact.tools.runtime import approve_all

pytest.importorskip("llama_cpp", reason="the embedded model needs llama-cpp-python")
pytestmark = pytest.mark.model

CONTRACT = """\
CONSULTING AGREEMENT

This Agreement is made between Alder Consulting Ltd (the "Consultant") and Birch Foods plc
(the "Client").

1. Services
1.1 The Consultant shall advise the Client on supply-chain planning.

2. Term
2.1 This Agreement starts on 1 June 2025 and continues until the project is complete.

3. Fees
3.1 The Client shall pay the Consultant's invoices within thirty (30) days of receipt.

4. Governing Law
4.1 This Agreement is governed by the laws of England and Wales, and the courts of London
have exclusive jurisdiction.
"""


@pytest.mark.timeout(900)
def test_local_model_reviews_a_short_contract(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "consulting_agreement.txt").write_text(CONTRACT, encoding="utf-8")
    review = build_review(folder, model="local", approve=approve_all)
    events: list[Event] = []
    review.agent.reporters.append(events.append)
    result = review.run()

    called = [e.call.name for e in events if isinstance(e, ToolFinished)]
    assert result.reason == "final_answer", (result.reason, called)
    assert "check_clauses" in called and "write_notices" in called
    notices = (folder / NOTICES).read_text(encoding="utf-8")
    assert "consulting_agreement.txt" in notices and len(notices.encode()) >= 500
    # The planted gap: no termination clause. The model reports it, with some severity.
    assert "termination" in notices.lower()
    summary = (folder / SUMMARY).read_text(encoding="utf-8")
    assert status_in(summary) == digest_notices(notices, review.review.documents).status
