"""check_clauses: per clause, on the bundled examples and on hand-written snippets."""

from __future__ import annotations

from pathlib import Path

import pytest

from thinkact.apps.legal.clauses import EXPECTED, check_document, detect_kind
from thinkact.apps.legal.documents import load_document, segment, split_pages
from thinkact.apps.legal.tools import Review, documents_in
from thinkact.errors import ToolRetry
from thinkact.tools.base import ToolContext
from thinkact.tools.sandbox import Workspace

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "legal_docs"


def statuses(text: str, kind: str = "contract", name: str = "doc.txt") -> dict[str, str]:
    doc = segment(name, [text])
    report = check_document(doc, kind)  # type: ignore[arg-type]
    return {r.clause: r.status for r in report.results}


def status(clause: str, text: str, kind: str = "contract") -> str:
    return statuses(text, kind)[clause]


@pytest.fixture(scope="module")
def examples() -> dict[str, object]:
    ws = Workspace(EXAMPLES)
    return {name: check_document(load_document(ws, name)) for name in documents_in(ws)}


# --- the bundled examples: the planted problems and the sound clauses ------------------------


def test_examples_are_the_three_documents() -> None:
    assert documents_in(Workspace(EXAMPLES)) == [
        "contract_v1.pdf",
        "privacy_policy.txt",
        "terms_of_service.docx",
    ]


def test_contract_no_termination_and_vague_payment(examples: dict[str, object]) -> None:
    report = examples["contract_v1.pdf"]
    got = {r.clause: r.status for r in report.results}  # type: ignore[attr-defined]
    assert report.kind == "contract" and report.pages == 3  # type: ignore[attr-defined]
    assert got == {
        "term_termination": "missing",
        "payment_terms": "vague",
        "limitation_of_liability": "present",
        "indemnity": "present",
        "governing_law": "present",
        "confidentiality": "present",
    }
    term = report.result("term_termination")  # type: ignore[attr-defined]
    assert term.evidence.location == "page 1, clause 3.1 (Term)"
    assert term.evidence.quote.startswith("This Agreement commences on the Effective Date")
    pay = report.result("payment_terms")  # type: ignore[attr-defined]
    assert pay.evidence.location == "page 1, clause 4.2 (Fees and Payment)"
    assert "from time to time" in pay.evidence.quote
    cap = report.result("limitation_of_liability")  # type: ignore[attr-defined]
    assert cap.evidence.location.startswith("page 2, clause 8.3")


def test_terms_unclear_refunds(examples: dict[str, object]) -> None:
    report = examples["terms_of_service.docx"]
    got = {r.clause: r.status for r in report.results}  # type: ignore[attr-defined]
    assert report.kind == "terms"  # type: ignore[attr-defined]
    assert got["refund_policy"] == "vague"
    sound = ("term_termination", "payment_terms", "limitation_of_liability", "indemnity")
    assert {k: v for k, v in got.items() if k != "refund_policy"} == dict.fromkeys(
        (*sound, "governing_law"), "present"
    )
    refund = report.result("refund_policy")  # type: ignore[attr-defined]
    assert refund.evidence.quote == (
        "Refunds may be considered at our discretion in appropriate circumstances."
    )
    assert refund.evidence.location == "clause 3.1 (Refunds)"
    pay = report.result("payment_terms")  # type: ignore[attr-defined]
    assert "within fourteen (14) days" in pay.evidence.quote


def test_privacy_gdpr_gaps_and_missing_dpo(examples: dict[str, object]) -> None:
    report = examples["privacy_policy.txt"]
    got = {r.clause: r.status for r in report.results}  # type: ignore[attr-defined]
    assert report.kind == "privacy"  # type: ignore[attr-defined]
    assert got == {
        "lawful_basis": "vague",
        "data_subject_rights": "present",
        "retention": "vague",
        "international_transfers": "vague",
        "dpo_contact": "missing",
        "breach_notice": "present",
    }
    retention = report.result("retention")  # type: ignore[attr-defined]
    assert retention.evidence.location == "section 6. How long we keep your data"
    dpo = report.result("dpo_contact")  # type: ignore[attr-defined]
    assert "contact form" in dpo.evidence.quote


def test_render_is_one_line_per_clause_with_quotes(examples: dict[str, object]) -> None:
    text = examples["contract_v1.pdf"].render()  # type: ignore[attr-defined]
    lines = text.splitlines()
    assert lines[0] == (
        "contract_v1.pdf (contract, 3 pages): 6 clauses checked, 4 present, 1 vague, 1 missing."
    )
    assert len(lines) == 7
    assert lines[1].startswith("- Term and termination: MISSING.")
    assert "(page 1, clause 3.1 (Term))" in lines[1]
    assert len(text) < 2000  # it is read by a 1.5B model on 2 cores


# --- hand-written snippets, clause by clause -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Either party may terminate this Agreement on 30 days' written notice.", "present"),
        ("We may terminate the agreement immediately if you breach clause 4.", "present"),
        ("The Company may terminate this agreement at its discretion.", "vague"),
        ("This Agreement commences on 1 May and shall continue until completion.", "missing"),
        ("The parties agree on the scope of work.", "missing"),
    ],
)
def test_term_termination(text: str, expected: str) -> None:
    assert status("term_termination", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The Client shall pay each invoice within thirty (30) days of receipt.", "present"),
        ("Invoices are payable net 45.", "present"),
        ("Payment is due within 14 business days of the invoice date.", "present"),
        ("The Client shall pay the fees promptly.", "vague"),
        ("Payment will be made within a reasonable period.", "vague"),
        ("The parties will cooperate in good faith.", "missing"),
    ],
)
def test_payment_terms(text: str, expected: str) -> None:
    assert status("payment_terms", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Each party's aggregate liability shall not exceed EUR 100,000.", "present"),
        ("Liability is limited to the fees paid in the last 12 months.", "present"),
        ("Neither party shall be liable for indirect loss.", "vague"),
        ("The Supplier provides the services.", "missing"),
    ],
)
def test_limitation_of_liability(text: str, expected: str) -> None:
    assert status("limitation_of_liability", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The Supplier shall indemnify the Client against third-party claims.", "present"),
        ("You agree to hold us harmless from any claim.", "present"),
        ("The Supplier provides the services.", "missing"),
    ],
)
def test_indemnity(text: str, expected: str) -> None:
    assert status("indemnity", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("This Agreement is governed by the laws of France. The courts of Paris have "
         "exclusive jurisdiction.", "present"),
        ("This Agreement is governed by the laws of France.", "vague"),
        ("Disputes go to arbitration in Geneva.", "vague"),
        ("The Supplier provides the services.", "missing"),
    ],
)  # fmt: skip
def test_governing_law(text: str, expected: str) -> None:
    assert status("governing_law", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Each party shall keep the other's Confidential Information confidential.", "present"),
        ("The Recipient shall not disclose Confidential Information to anyone.", "present"),
        ('"Confidential Information" means business information.', "vague"),
        ("The Supplier provides the services.", "missing"),
    ],
)
def test_confidentiality(text: str, expected: str) -> None:
    assert status("confidentiality", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("You may cancel within 14 days for a full refund.", "present"),
        ("All fees are non-refundable.", "present"),
        ("Refunds are granted on a case-by-case basis.", "vague"),
        ("We may issue refunds at our discretion.", "vague"),
        ("We offer refunds.", "vague"),
        ("Fees are billed monthly.", "missing"),
    ],
)
def test_refund_policy(text: str, expected: str) -> None:
    assert status("refund_policy", text, "terms") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We process account data because it is necessary for the performance of a contract "
         "with you (Art. 6(1)(b) GDPR).", "present"),
        ("Our legal basis for analytics is our legitimate interest.", "present"),
        ("We send newsletters if you consent.", "vague"),
        ("We use your data to run the service.", "missing"),
    ],
)  # fmt: skip
def test_lawful_basis(text: str, expected: str) -> None:
    assert status("lawful_basis", text, "privacy") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("You have the right of access, rectification, erasure, restriction of processing, "
         "portability, and to object. You may lodge a complaint with a supervisory "
         "authority.", "present"),
        ("You can ask us to delete your data or to correct it via the right of access.",
         "vague"),
        ("We use your data to run the service.", "missing"),
    ],
)  # fmt: skip
def test_data_subject_rights(text: str, expected: str) -> None:
    assert status("data_subject_rights", text, "privacy") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We retain account data for 6 years after the account is closed.", "present"),
        ("We keep personal data for as long as necessary.", "vague"),
        ("Data is kept while your account is open.", "vague"),
        ("We use your data to run the service.", "missing"),
    ],
)
def test_retention(text: str, expected: str) -> None:
    assert status("retention", text, "privacy") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Transfers outside the EEA rely on the EU Standard Contractual Clauses.", "present"),
        ("We transfer data to the United States under an adequacy decision.", "present"),
        ("Your data may be transferred to other countries.", "vague"),
        ("We use your data to run the service.", "missing"),
    ],
)
def test_international_transfers(text: str, expected: str) -> None:
    assert status("international_transfers", text, "privacy") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Our Data Protection Officer can be reached at dpo@example.com.", "present"),
        ("We have appointed a DPO.", "vague"),
        ("Write to privacy@example.com with questions.", "vague"),
        ("Please use the contact form on our website.", "missing"),
    ],
)
def test_dpo_contact(text: str, expected: str) -> None:
    assert status("dpo_contact", text, "privacy") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We notify the supervisory authority of a personal data breach within 72 hours.",
         "present"),
        ("Affected users are informed of a data breach without undue delay.", "present"),
        ("We will tell you about any security incident.", "vague"),
        ("We use encryption.", "missing"),
    ],
)  # fmt: skip
def test_breach_notice(text: str, expected: str) -> None:
    assert status("breach_notice", text, "privacy") == expected


# --- kinds, locations and hostile input ----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "text", "kind"),
    [
        ("privacy.txt", "Hello", "privacy"),
        ("doc.txt", "ACME PRIVACY NOTICE\n\nWe collect data.", "privacy"),
        ("tos.md", "Welcome", "terms"),
        ("x.txt", "These Terms and Conditions apply to the shop.", "terms"),
        ("nda.pdf", "MUTUAL NON-DISCLOSURE AGREEMENT", "contract"),
    ],
)
def test_detect_kind(name: str, text: str, kind: str) -> None:
    assert detect_kind(segment(name, [text])) == kind


def test_every_kind_checks_its_expected_clauses() -> None:
    for kind, clauses in EXPECTED.items():
        assert list(statuses("Nothing here.", kind)) == list(clauses)


def test_locations_name_page_clause_and_section() -> None:
    pages = split_pages(
        "[page 1]\nAGREEMENT\n4. Fees\n4.1 The Client shall pay within 30 days of\ninvoice.\n\n"
        "[page 2]\n9. Law\nThis Agreement is governed by the laws of Spain."
    )
    doc = segment("a.pdf", pages, paged=True)
    assert [(p.location, p.text) for p in doc.passages] == [
        ("page 1, clause 4.1 (Fees)", "4.1 The Client shall pay within 30 days of invoice."),
        ("page 2, section 9. Law", "This Agreement is governed by the laws of Spain."),
    ]
    assert doc.title == "AGREEMENT"


def test_long_sentences_are_quoted_short_around_the_match() -> None:
    text = "The Customer agrees " + "to many things, " * 20 + "and shall pay within 30 days."
    report = check_document(segment("a.txt", [text]), "contract")
    quote = report.result("payment_terms").evidence.quote  # type: ignore[union-attr]
    assert len(quote) <= 150 and "within 30 days" in quote and quote.startswith("...")


def test_bad_files_become_observations(tmp_path: Path) -> None:
    (tmp_path / "broken.pdf").write_bytes(b"%PDF-1.4 not really")
    (tmp_path / "empty.docx").write_bytes(b"PK\x03\x04 nope")
    review = Review(Workspace(tmp_path), Workspace(tmp_path), ["broken.pdf"])
    for name, words in [
        ("broken.pdf", "cannot be read"),
        ("empty.docx", "cannot be read"),
        ("missing.txt", "does not exist"),
        ("../etc/passwd", "outside the workspace"),
    ]:
        with pytest.raises(ToolRetry, match=words):
            review.check_clauses(name, ToolContext())
