"""Quotes are checked against the document: `verify_quote` forgives whitespace, quotation
marks and Markdown emphasis but no made-up word; `VerdictJudge` asks once more for a
quote it cannot find, then drops the verdict, so no finding stands on an invented quote."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from thinkact.apps.legal.documents import segment
from thinkact.apps.legal.evidence import verify_quote
from thinkact.apps.legal.judge import ItemVerdict, VerdictJudge
from thinkact.apps.legal.reviewer import DocumentReview, review_document
from thinkact.testing import FunctionModel
from thinkact.tools.sandbox import Workspace
from thinkact.types import AssistantMessage, ModelRequest

DOC = segment(
    "services.md",
    [
        "# Services Agreement\n\n## 4. Fees\n\n"
        "4.1 The Client shall pay each invoice within **thirty (30) days** of receipt, "
        'and "Late Fees" accrue at 2% a month.\n\n'
        "4.2 Disputed amounts are paid when the dispute is resolved.\n"
    ],
)


@pytest.mark.parametrize(
    "quote",
    [
        "The Client shall pay each invoice within thirty (30) days of receipt",  # no **
        "The Client shall pay each invoice within **thirty (30) days** of receipt",
        "The Client  shall pay\n   each invoice within thirty (30) days",  # whitespace
        "and “Late Fees” accrue at 2% a month.",  # curly quotation marks
        '"The Client shall pay each invoice"',  # the quote's own quotation marks
        "The Client shall pay ... “Late Fees” accrue",  # parts, in order
        "The Client shall pay … at 2% a month",  # a typographic ellipsis
    ],
)
def test_the_documents_own_words_are_verified_where_they_stand(quote: str) -> None:
    check = verify_quote(DOC, quote)
    assert check.verified and check.location == "clause 4.1 (Fees)"


@pytest.mark.parametrize(
    "quote",
    [
        "The Client shall pay each invoice within sixty (60) days of receipt",  # made up
        "The Client shall pay every invoice promptly",
        "accrue at 2% a month ... The Client shall pay",  # parts out of order
        "The Client shall pay ... when the dispute is resolved",  # parts of two clauses
        "the Client",  # in the text, but too short to prove anything
        "pay ... 30",
        "",
    ],
)
def test_other_words_are_not(quote: str) -> None:
    assert verify_quote(DOC, quote).verified is False


CONTRACT = """\
CONSULTING AGREEMENT

1. Services
1.1 The Consultant shall advise the Client on supply-chain planning.

2. Fees
2.1 The Client shall pay the Consultant's invoices once its treasury approves them.

3. Term
3.1 Either party may terminate this Agreement on 30 days' written notice.
"""
REAL = "2.1 The Client shall pay the Consultant's invoices once its treasury approves them."
MADE_UP = "The Client shall pay within a reasonable time."
AGAIN = "That quote is not in the document word for word."


def verdicts(payment_quotes: list[str]) -> FunctionModel:
    """An API model: a JSON verdict per item. On payment terms it says "vague" with the
    quotes given, one per attempt; on every other item "present" with its first
    candidate sentence, word for word."""
    asked: Counter[str] = Counter()

    def reply(request: ModelRequest) -> str:
        prompt = str(request.messages[-1].content)  # type: ignore[union-attr]
        if "Answer yes or no" in prompt:
            return "yes"
        prompt = str(request.messages[1].content)  # type: ignore[union-attr]
        label = re.search(r'may hold the clause "(.*?)"', prompt)
        assert label is not None and request.json_schema is not None
        asked[label[1]] += 1
        if label[1] == "Payment terms":
            quote = payment_quotes[asked[label[1]] - 1]
            return json.dumps({"status": "vague", "quote": quote, "reason": "No deadline."})
        first = re.search(r"^\[1\] (?:\([^)]*\) )?(.*)$", prompt, re.M)
        assert first is not None
        return json.dumps({"status": "present", "quote": first[1], "reason": "It is there."})

    return FunctionModel(reply, name="api")


def payment_requests(model: FunctionModel) -> list[ModelRequest]:
    return [r for r in model.requests if 'clause "Payment terms"' in str(r.messages[1].content)]  # type: ignore[union-attr]


def run(tmp_path: Path, model: FunctionModel) -> DocumentReview:
    (tmp_path / "contract.txt").write_text(CONTRACT, encoding="utf-8")
    return review_document(Workspace(tmp_path), "contract.txt", VerdictJudge(model))


def test_a_made_up_quote_is_asked_for_again_and_a_real_one_stands(tmp_path: Path) -> None:
    model = verdicts([MADE_UP, REAL])
    result = run(tmp_path, model)

    payment = next(v for v in result.verdicts if v.item == "payment_terms")
    assert (payment.verdict, payment.quote, payment.verified) == ("vague", REAL, True)
    assert payment.location == "clause 2.1 (Fees)" and not payment.dropped
    first, second = payment_requests(model)
    assert AGAIN not in str(first.messages[-1].content)  # type: ignore[union-attr]
    assert str(second.messages[-1].content).startswith(AGAIN)  # type: ignore[union-attr]
    told = second.messages[-2]
    assert isinstance(told, AssistantMessage) and MADE_UP in told.content
    finding = next(f for f in result.findings() if f.item == "payment_terms")
    assert (finding.severity, finding.quote) == ("WARNING", REAL)


def test_a_quote_made_up_twice_is_dropped_and_no_finding_stands(tmp_path: Path) -> None:
    model = verdicts([MADE_UP, "The Client pays late fees of 5% a month."])
    result = run(tmp_path, model)

    payment = next(v for v in result.verdicts if v.item == "payment_terms")
    assert payment.dropped and not payment.verified and payment.quote == ""
    assert len(payment_requests(model)) == 2  # asked once more, not again and again
    assert "payment_terms" not in {f.item for f in result.findings()}
    # The other items' verdicts, quoted word for word, stand.
    termination = next(v for v in result.verdicts if v.item == "term_termination")
    assert termination.verdict == "present" and termination.verified


def test_a_finding_whose_quote_is_not_verified_does_not_stand() -> None:
    verdicts = (
        ItemVerdict("payment_terms", "vague", "Updates", "start of document", "open", False),
        ItemVerdict("governing_law", "missing", reason="no governing law"),
        ItemVerdict("term_termination", "vague", "on reasonable notice", "clause 3", "", True),
    )
    review = DocumentReview("a.txt", "services", verdicts=verdicts)
    assert [(f.item, f.verdict) for f in review.findings()] == [
        ("governing_law", "missing"),
        ("term_termination", "vague"),
    ]


def test_what_the_text_shows_is_decided_the_same_for_an_api_model(tmp_path: Path) -> None:
    (tmp_path / "contract.txt").write_text(
        CONTRACT.replace("once its treasury approves them", "when convenient"), encoding="utf-8"
    )
    model = verdicts([MADE_UP])
    result = review_document(Workspace(tmp_path), "contract.txt", VerdictJudge(model))
    payment = next(v for v in result.verdicts if v.item == "payment_terms")
    assert (payment.verdict, payment.verified) == ("vague", True)
    assert "when convenient" in payment.quote and payment_requests(model) == []
