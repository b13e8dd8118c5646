"""Each kind of document on a short text: `detect()` gives the kind, and `review_document`
with a deterministic reader (legal_doubles.reader) gives each item its verdict and, by the
rubric, its severity: a present clause is no finding, a missing essential clause is as
serious as the kind's checklist says, a vague or risky one is a WARNING, and an item that
does not apply is `not_applicable`."""

from __future__ import annotations

from pathlib import Path

import pytest
from legal_doubles import stepwise

from thinkact.apps.legal.checklist import Item, kind, kinds
from thinkact.apps.legal.documents import Document, Passage, load_document
from thinkact.apps.legal.evidence import rank, sentences, verify_quote
from thinkact.apps.legal.judge import StepwiseJudge
from thinkact.apps.legal.kinds import UNNAMED, detect
from thinkact.apps.legal.reviewer import DocumentReview, review_document
from thinkact.testing import FunctionModel
from thinkact.tools.sandbox import Workspace
from thinkact.types import ModelRequest

SERVICES = """\
CONSULTING AGREEMENT

This Agreement is made between Alder Consulting Ltd (the "Consultant") and Birch Foods plc
(the "Client").

1. Services
1.1 The Consultant shall advise the Client on supply-chain planning.

2. Fees
2.1 The Client shall pay the Consultant's invoices promptly.

3. Governing Law
3.1 This Agreement is governed by the laws of England and Wales.
"""

SAAS = """\
SUBSCRIPTION AGREEMENT

This Agreement is made between Cloudy Ltd (the "Provider") and Rowan Retail plc (the
"Customer").

1. Subscription
1.1 The Customer subscribes to the Platform for an initial term of 12 months.
1.2 The subscription renews automatically for successive terms of 12 months.

2. Fees
2.1 The Customer shall pay the subscription fees annually in advance, within 30 days of
invoice.

3. Limitation of Liability
3.1 Neither party is liable for indirect damages, and each party's total liability shall not
exceed the fees paid in the 12 months before the claim.
"""

NDA = """\
MUTUAL NON-DISCLOSURE AGREEMENT

This Agreement is made between Ash Labs Ltd and Cedar Bio GmbH.

1. Purpose
1.1 The parties will discuss a possible joint venture.

2. Duration
2.1 The obligations under this Agreement last for three (3) years from the Effective Date.

3. Governing Law
3.1 This Agreement is governed by the laws of the State of New York.
"""

EMPLOYMENT = """\
OFFER LETTER

Dear Ms Rivera,

1. Position
1.1 We are pleased to offer you the position of Data Analyst, reporting to the Head of
Finance.

2. Notice
2.1 Either party may end your employment by giving 30 days' written notice.

3. Restrictions After Employment
3.1 For 36 months after your employment ends you shall not work for a competitor of the
Company.
"""

LICENCE = """\
END USER LICENCE AGREEMENT

1. Licence Grant
1.1 The Licensor grants you a non-exclusive licence to use the Software on one device.

2. Restrictions
2.1 You may not copy, modify or reverse engineer the Software.

3. Fees
3.1 The licence fee is EUR 49, payable within 14 days of purchase.
"""

DPA = """\
DATA PROCESSING AGREEMENT

1. Instructions
1.1 The Processor shall process Personal Data only on the documented instructions of the
Controller.

2. Security
2.1 The Processor shall implement appropriate technical and organisational measures,
including encryption of Personal Data at rest.

3. Personal Data Breach
3.1 The Processor shall notify the Controller of a personal data breach within 48 hours.
"""

FREE_TERMS = """\
TERMS OF SERVICE

1. Using the Service
1.1 The Service is free of charge.
1.2 You may not use the Service for unlawful purposes.

2. Governing Law
2.1 These Terms are governed by the laws of Ireland.
"""

PAID_TERMS = """\
TERMS OF SERVICE

1. Plans
1.1 Premium plans cost EUR 9 per month, billed monthly in advance.

2. Governing Law
2.1 These Terms are governed by the laws of Ireland.
"""

PRIVACY = """\
PRIVACY POLICY

1. Who we are
1.1 Acme Analytics Ltd is the controller of your personal data under the UK GDPR.

2. What we collect
2.1 We collect your name, email address and IP address.

3. Your rights
3.1 You have the right to access and delete your data.

4. Contact
4.1 Email privacy@acme.example with any questions.
"""

LEASE = """\
LEASE AGREEMENT

This Agreement is made between XYZ LLC, a Delaware limited liability company (the
"Landlord"), and Jane Doe (the "Tenant").

1. Rent
1.1 The Tenant shall pay rent of USD 1,500 on the first day of each month.

2. Term
2.1 The lease runs for 12 months, and either party may terminate it on 60 days' written
notice.
"""

PRESENT = ("present", None)
# kind, text, {item: (verdict, severity of its finding or None)}
CASES = [
    ("services", SERVICES, {
        "term_termination": ("missing", "CRITICAL"),
        "payment_terms": ("vague", "WARNING"),
        "governing_law": PRESENT,
    }),
    ("saas", SAAS, {
        "payment_terms": PRESENT,
        "limitation_of_liability": PRESENT,  # capped for each party: not one-sided
        "auto_renewal": ("risky", "WARNING"),  # renews with no way out
        "governing_law": ("missing", "CRITICAL"),
    }),
    ("nda", NDA, {
        "confidential_information": ("missing", "CRITICAL"),
        "confidentiality_term": PRESENT,
        "governing_law": PRESENT,
    }),
    ("employment", EMPLOYMENT, {
        "compensation": ("missing", "CRITICAL"),
        "position_duties": PRESENT,
        "non_compete": ("risky", "WARNING"),  # 36 months: longer than 24
    }),
    ("licence", LICENCE, {
        "licence_grant": PRESENT,
        "payment_terms": PRESENT,  # a fee is charged: the item applies
        "governing_law": ("missing", "WARNING"),
    }),
    ("dpa", DPA, {
        "subprocessors": ("missing", "CRITICAL"),
        "security_measures": PRESENT,
        "breach_notification": PRESENT,
    }),
    ("terms", FREE_TERMS, {
        "payment_terms": ("not_applicable", None),  # free: the "paid" fact does not hold
        "refund_policy": ("not_applicable", None),
        "governing_law": PRESENT,
    }),
    ("privacy", PRIVACY, {
        "lawful_basis": ("missing", "CRITICAL"),
        "controller_identity": PRESENT,
        "data_subject_rights": PRESENT,
    }),
    ("general", LEASE, {
        "limitation_of_liability": ("missing", "CRITICAL"),  # "limited liability company"
        "payment_terms": PRESENT,
        "term_termination": PRESENT,
    }),
]  # fmt: skip


def load(tmp_path: Path, text: str, name: str = "doc.txt") -> Document:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return load_document(Workspace(tmp_path), name)


def review(tmp_path: Path, text: str, name: str = "doc.txt") -> DocumentReview:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return review_document(Workspace(tmp_path), name, stepwise())


def item_of(kid: str, item_id: str) -> Item:
    return next(n.item for n in kind(kid).needs if n.item.id == item_id)


@pytest.mark.parametrize(("kid", "text", "expected"), CASES, ids=[c[0] for c in CASES])
def test_each_kind_is_detected_and_reviewed_by_its_checklist(
    tmp_path: Path, kid: str, text: str, expected: dict[str, tuple[str, str | None]]
) -> None:
    doc = load(tmp_path, text)
    assert detect(doc).kind.id == kid

    result = review_document(Workspace(tmp_path), "doc.txt", stepwise())
    assert result.reviewed and result.kind == kid
    assert [v.item for v in result.verdicts] == [n.item.id for n in kind(kid).needs]
    verdicts = {v.item: v for v in result.verdicts}
    findings = {f.item: f for f in result.findings()}
    for item, (verdict, severity) in expected.items():
        assert verdicts[item].verdict == verdict, (item, verdicts[item])
        assert (findings[item].severity if item in findings else None) == severity, item
    # Every quote is a sentence of the document, cited where it stands.
    for v in result.verdicts:
        if v.quote:
            assert v.verified and verify_quote(doc, v.quote).verified, v
            assert v.location.startswith("clause "), v


def test_an_nda_is_not_asked_about_payment(tmp_path: Path) -> None:
    result = review(tmp_path, NDA)
    assert "payment_terms" not in {v.item for v in result.verdicts}
    assert all(f.item != "payment_terms" for f in result.findings())


def test_paid_terms_of_service_need_payment_terms_and_a_refund_policy(tmp_path: Path) -> None:
    result = review(tmp_path, PAID_TERMS)
    verdicts = {v.item: v.verdict for v in result.verdicts}
    assert verdicts["payment_terms"] == "present"
    assert verdicts["refund_policy"] == "missing"
    refund = next(f for f in result.findings() if f.item == "refund_policy")
    assert refund.severity == "WARNING" and refund.recommendation.startswith("Add a refund")


def test_a_provider_closing_accounts_at_will_is_risky_only_where_users_pay(
    tmp_path: Path,
) -> None:
    closing = (
        "\n3. Your account\n3.1 We may permanently close your account at any time and for any "
        "reason, with immediate effect.\n"
    )
    paid = {v.item: v for v in review(tmp_path, PAID_TERMS + closing).verdicts}
    assert paid["term_termination"].verdict == "risky"
    assert "close your account" in paid["term_termination"].quote
    free = {v.item: v for v in review(tmp_path, FREE_TERMS + closing).verdicts}
    assert free["term_termination"].verdict == "present"  # the norm of a free service


def test_a_notice_under_no_gdpr_like_law_is_not_asked_for_lawful_bases(tmp_path: Path) -> None:
    us = PRIVACY.replace(" under the UK GDPR", "").replace("personal data", "information")
    verdicts = {v.item: v for v in review(tmp_path, us).verdicts}
    assert verdicts["lawful_basis"].verdict == "not_applicable"
    assert verdicts["international_transfers"].verdict == "not_applicable"
    assert verdicts["data_subject_rights"].verdict == "present"


def test_a_limited_liability_company_is_not_a_limitation_of_liability(tmp_path: Path) -> None:
    capped = (
        LEASE + "\n3. Liability\n3.1 XYZ's liability under this lease shall not exceed USD 5,000.\n"
    )
    liability = item_of("general", "limitation_of_liability")

    def candidates(text: str) -> list[str]:
        doc = load(tmp_path, text)
        found = rank(sentences(doc), liability.headings, liability.words, liability.not_words)
        return [c.sentence.text for c in found]

    assert candidates(LEASE) == []  # the company's form is no clause
    assert candidates(capped) == [
        "3.1 XYZ's liability under this lease shall not exceed USD 5,000."
    ]


def test_a_defense_of_claims_heading_ranks_as_an_indemnity(tmp_path: Path) -> None:
    text = SERVICES + (
        "\n4. Defense of Claims\n4.1 The Consultant will, at its own cost, handle any "
        "third-party claim that its advice infringes the rights of another.\n"
    )
    doc = load(tmp_path, text)
    indemnity = item_of("services", "indemnity")
    found = rank(sentences(doc), indemnity.headings, indemnity.words, indemnity.not_words)
    # None of the indemnity's words is in it: the heading alone makes it the candidate.
    assert found and found[0].sentence.passage.section == "4. Defense of Claims"
    assert found[0].sentence.text.startswith("4.1 The Consultant will, at its own cost")

    result = review(tmp_path, text)
    verdict = next(v for v in result.verdicts if v.item == "indemnity")
    assert verdict.verdict == "present"
    assert verdict.location == "clause 4.1 (Defense of Claims)"


def test_a_kind_is_known_by_the_terms_it_uses_throughout(tmp_path: Path) -> None:
    """No title any kind lists and only two of a kind's cues, but each a defined term used
    again and again: that kind. Used in passing, or two kinds' terms at once: general."""
    body = "".join(
        f"{i}. The Recipient shall keep the Confidential Information of the Owner secret "
        f"in matter {i}.\n"
        for i in range(1, 7)
    )
    undertaking = load(tmp_path, f"DEED POLL IN FAVOUR OF THE OWNER\n\n{body}")
    assert detect(undertaking).kind.id == "nda"
    assert "used throughout" in detect(undertaking).why
    once = load(tmp_path, "MEMORANDUM\n\n1. The Recipient keeps Confidential Information.\n")
    assert detect(once).kind.id == "general"
    both = body + "".join(f"{i}. The Employee reports to the Employer.\n" for i in range(6))
    assert detect(load(tmp_path, f"MEMORANDUM\n\n{both}")).kind.id == "general"


@pytest.mark.parametrize(
    "title", ["Confidentiality Undertaking", "Deed of Confidentiality", "Secrecy Undertaking"]
)
def test_undertakings_and_deeds_of_confidentiality_are_ndas(tmp_path: Path, title: str) -> None:
    text = f"{title}\n\nbetween Zeta AG and Omega GmbH\n\n1. Zeta will share drawings with Omega.\n"
    assert detect(load(tmp_path, text)).kind.id == "nda"


def test_a_title_that_calls_itself_terms_is_terms_of_service(tmp_path: Path) -> None:
    text = ("WOODSHOP ACADEMY - MEMBERSHIP TERMS\n\nThese Membership Terms are an agreement "
            "between you and Woodshop LLC.\n\n1. You may cancel at any time.\n")  # fmt: skip
    assert detect(load(tmp_path, text)).kind.id == "terms"
    memo = "SHIPPING MEMORANDUM\n\n1. Goods are shipped on the agreed terms.\n"
    assert detect(load(tmp_path, memo)).kind.id == "general"
    subtitled = ("# Booking Terms - Farm Tours and Lunches\n\n1. These terms apply when you book "
                 "a tour with us.\n")  # fmt: skip
    assert detect(load(tmp_path, subtitled)).kind.id == "terms"
    dashed = "# Shipping Terms Agreed - Annex\n\n1. Goods are shipped FOB.\n"
    assert detect(load(tmp_path, dashed)).kind.id == "general"
    hire = ("# Hire Terms for Canoes and Paddleboards\n\n1. These terms apply when you hire "
            "a canoe from us.\n")  # fmt: skip
    assert detect(load(tmp_path, hire)).kind.id == "terms"
    membership = ("GENERAL CONDITIONS OF MEMBERSHIP - RIVERSIDE POTTERY STUDIO\n\n1. Members "
                  "may use the wheels and kilns during opening hours.\n")  # fmt: skip
    assert detect(load(tmp_path, membership)).kind.id == "terms"
    of_the_place = ("# Membership Terms of Kuohuranta Lake Sauna\n\n1. Membership gives you "
                    "access to the saunas.\n")  # fmt: skip
    assert detect(load(tmp_path, of_the_place)).kind.id == "terms"


def test_a_headline_word_is_a_whole_word() -> None:
    first = Passage("Paddle Club Membership Terms Please read these terms carefully before "
                    "you join.", 1, "", "")  # fmt: skip
    doc = Document("terms.pdf", "", 2, (first, Passage("1. You may cancel.", 1, "", "")))
    assert detect(doc).kind.id == "terms"  # not services ("care" in "carefully")


def test_a_pdf_title_that_runs_into_its_first_line_and_calls_itself_terms() -> None:
    first = Passage("Harbour Kite School - Booking Terms These booking terms apply to every "
                    "lesson you book with us.", 1, "", "")  # fmt: skip
    doc = Document("terms.pdf", "", 2, (first, Passage("1. You may cancel.", 1, "", "")))
    assert detect(doc).kind.id == "terms"
    letter = Passage("Shipping memorandum. Goods are shipped on the agreed terms. They are "
                     "paid within 30 days.", 1, "", "")  # fmt: skip
    assert detect(Document("memo.pdf", "", 1, (letter,))).kind.id == "general"


def test_a_notice_titled_by_how_it_handles_your_personal_information_is_privacy(
    tmp_path: Path,
) -> None:
    text = ("How Acme Handles Your Personal Information\n\nAcme provides salary-backed loans to "
            "employees through employer partnerships. Your employer and your salary are used to "
            "assess the position; benefits are paid monthly.\n")  # fmt: skip
    assert detect(load(tmp_path, text)).kind.id == "privacy"


def test_one_kinds_terms_confined_to_one_section_do_not_make_the_document(
    tmp_path: Path,
) -> None:
    sections = [
        ("Appointment", "The Supplier appoints the Distributor for the Territory."),
        ("Orders", "The Distributor orders Products by Purchase Order."),
        ("Prices", "Prices are in Schedule B and are paid within 30 days of invoice."),
        ("Confidential Information", "The Receiving Party keeps the Disclosing Party's "
         "Confidential Information secret; the Recipient may tell its advisers."),
        ("Term", "This Agreement lasts three years."),
    ]  # fmt: skip
    text = _articles("MASTER DISTRIBUTION AGREEMENT", sections)
    assert detect(load(tmp_path, text)).kind.id == "general"


def _articles(title: str, sections: list[tuple[str, str]]) -> str:
    """A contract of numbered articles under `title`."""
    return f"{title}\n\n" + "\n\n".join(
        f"ARTICLE {i} - {heading.upper()}\n\n{body}"
        for i, (heading, body) in enumerate(sections, 1)
    )


def test_an_agreement_for_services_is_a_services_agreement_by_its_title_alone(
    tmp_path: Path,
) -> None:
    text = ("Agreement for Brand and Wayfinding Design Services\n\nBetween Tegfryn Studio and "
            "the Trust.\n\n1. The Designer will prepare concepts.\n")  # fmt: skip
    assert detect(load(tmp_path, text)).kind.id == "services"
    terms = ("Members' Handbook\n\nOur services are open to members. These terms apply to "
             "your membership and your subscription.\n\n1. You pay monthly.\n")  # fmt: skip
    assert detect(load(tmp_path, terms)).kind.id != "services"


def test_terms_that_refer_to_our_privacy_statement_are_not_a_privacy_notice(
    tmp_path: Path,
) -> None:
    text = ("Lumen Pottery Club Terms\n\nLumen runs pottery classes. Please read these terms "
            "with our Privacy Statement, which explains how we handle your personal "
            "information.\n\n1. Your account\n\nYou need an account.\n")  # fmt: skip
    assert detect(load(tmp_path, text)).kind.id == "terms"
    notice = ("Lumen Pottery Club\n\nThis Privacy Statement explains how Lumen handles your "
              "personal information.\n\n1. What we collect\n\nYour name.\n")  # fmt: skip
    assert detect(load(tmp_path, notice)).kind.id == "privacy"


def test_a_contract_for_the_work_of_a_contractor_is_a_services_agreement(tmp_path: Path) -> None:
    body = "".join(
        f"{i}. Contractor will do the Work on schedule {i}, and the Work is checked by Owner.\n"
        for i in range(1, 7)
    )
    text = f"FENCING AGREEMENT\n\nbetween Owner and Contractor.\n\n{body}"
    assert detect(load(tmp_path, text)).kind.id == "services"


def test_work_done_for_the_client_is_a_services_agreement(tmp_path: Path) -> None:
    """A title that names only the work (signs, lettering) and a text that speaks of the
    Client, the Works and a contractor: a contract for work, not some other contract."""
    body = "".join(
        f"## {i}. Part {i}\n\n{i}.1 The Painter shall carry out the Works for the Client as "
        f"set out in part {i}.\n\n"
        for i in range(1, 5)
    )
    text = (
        "AGREEMENT FOR PAINTED SIGNAGE AND WINDOW LETTERING\n\nbetween the Painter and the "
        f"Client.\n\n{body}\n## 5. Others\n\nThe Painter may use a contractor.\n"
    )
    assert detect(load(tmp_path, text)).kind.id == "services"


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("Operator Agreement under the Protection of Personal Information Act", "dpa"),
        ("Lakeside Growers - How We Handle Members' Information", "privacy"),
        ("Agreement on the Processing of Personal Data", "dpa"),
        ("Contract for the Provision of Access to the Stay Software Service", "saas"),
        ("Subscription Contract for the Harbourline Booking Platform", "saas"),
        ("Riverside Tennis Centre: Personal Information Protection Notice", "privacy"),
        ("Letter of Appointment: Senior Furniture Designer", "employment"),
        ("Sponsorship Agreement for the Harbour Regatta", "general"),
        ("Agreement for the Reconditioning and Building of Traditional Dories", "services"),
        ("Engine Overhaul Agreement", "services"),
        ("Agreement for the Cleaning of Rainwater Tanks", "services"),
        ("Contract for the Creation of a Radio Jingle", "services"),
        ("Boat Hire Agreement", "general"),
        ("Agreement for the Design and Supply of Interpretation Panels", "services"),
        ("Agreement for the Supply of Interpretation Panels", "general"),
        ("Terms for Boiler Servicing Visits", "terms"),
        ("Agreement for Boiler Servicing", "services"),
        ("Agreement for Boiler Servicing on the terms below", "services"),
        # a DPA named by its German form, whose opening cites the subscription it serves
        ("Agreement on Processing on Behalf of a Controller pursuant to Art. 28 GDPR\n\nUnder "
         "the Software Subscription Agreement of 1 May, the Processor hosts the data", "dpa"),
    ],
)  # fmt: skip
def test_the_title_names_the_kind(tmp_path: Path, title: str, kind: str) -> None:
    text = f"{title}\n\nBetween the parties named below.\n\n1. Scope\n\nThe scope is set out.\n"
    assert detect(load(tmp_path, text)).kind.id == kind


def test_processing_terms_inside_a_contract_for_work_leave_it_a_services_agreement(
    tmp_path: Path,
) -> None:
    text = (
        "Agreement for the Digitisation of the Parish Archive\n\n"
        "1. Scope\nThe Contractor shall scan the registers and deliver the Deliverables "
        "as images. The Services are described in Schedule 1.\n\n"
        "2. Data protection\nThe Contractor acts as processor for the Council, the controller, "
        "under Article 28. It shall help the Council answer each data subject and report any "
        "personal data breach.\n\n"
        "3. Delivery\nThe Deliverables are checked by the Council; the processor shall keep the "
        "registers safe.\n"
    )
    assert detect(load(tmp_path, text)).kind.id == "services"


def test_processing_terms_inside_a_subscription_leave_it_a_saas_agreement(tmp_path: Path) -> None:
    text = (
        "Ashgrain Workshop Terms\n\n"
        "1. The Service\nThe Customer buys a subscription to the hosted application for its "
        "Subscription Term. Customer Data stays the Customer's.\n\n"
        "2. Data protection\nWe act as processor for the Customer, the controller, under "
        "Article 28. We help the Customer answer each data subject.\n\n"
        "3. Security\nThe processor reports any personal data breach to the controller and "
        "tells it of each sub-processor.\n\n"
        "4. Fees\nThe subscription fees are paid yearly in advance.\n"
    )
    assert detect(load(tmp_path, text)).kind.id == "saas"


def test_a_markdown_title_that_calls_itself_terms_before_a_colon_is_terms(tmp_path: Path) -> None:
    text = "# Membership Terms: Harbour Rowing Club\n\nThese terms apply to members.\n"
    assert detect(load(tmp_path, text, "doc.md")).kind.id == "terms"


def test_a_long_title_in_capitals_on_the_first_line_of_a_text_file_is_its_title(
    tmp_path: Path,
) -> None:
    text = (
        "HARBOUR LIGHT POTTERY WORKS - STUDIO MEMBERSHIP, CLASS AND KILN FIRING TERMS\n\n"
        "These terms govern your membership of our studio.\n\nOpening hours\n\n"
        "The studio is open from 9 am to 9 pm.\n"
    )
    doc = load(tmp_path, text, "doc.txt")
    assert (
        doc.title == "HARBOUR LIGHT POTTERY WORKS - STUDIO MEMBERSHIP, CLASS AND KILN FIRING TERMS"
    )
    assert detect(doc).kind.id == "terms"


UNNAMED_TEXT = """\
ARRANGEMENT BETWEEN THE TRUST AND HOLLOWAY SYSTEMS

1. What Holloway does
Holloway keeps the Trust's pupil records on its servers and acts only on the Trust's written
instructions.
"""


def _asked(answer: str) -> tuple[StepwiseJudge, list[ModelRequest]]:
    """A judge whose model answers `answer` to the question of the document's kind (and
    NONE to every other)."""
    seen: list[ModelRequest] = []

    def reply(request: ModelRequest) -> str:
        seen.append(request)
        return answer if "Which kind of document is it?" in str(request.messages[-1]) else "NONE"

    return StepwiseJudge(FunctionModel(reply, native_tools=False)), seen


def test_a_document_whose_words_name_no_kind_is_read_by_the_model(tmp_path: Path) -> None:
    (tmp_path / "doc.txt").write_text(UNNAMED_TEXT, encoding="utf-8")
    assert detect(load(tmp_path, UNNAMED_TEXT)).why == UNNAMED
    judge, seen = _asked("F")
    result = review_document(Workspace(tmp_path), "doc.txt", judge)
    assert result.kind == "dpa" and result.kind_why.startswith("the model read it as")
    assert "a data processing agreement" in str(seen[0].messages[-1])
    # a small model's "general" (or no letter) keeps the general checklist
    for answer in ("I", "I think so", "", "Z"):
        judge, _ = _asked(answer)
        review = review_document(Workspace(tmp_path), "doc.txt", judge)
        assert (review.kind, review.kind_why) == ("general", UNNAMED), answer


def test_a_model_cannot_make_an_agreement_a_notice_one_side_publishes(tmp_path: Path) -> None:
    letters = {k.id: "ABCDEFGHIJ"[i] for i, k in enumerate(kinds().values())}
    text = UNNAMED_TEXT.replace("ARRANGEMENT BETWEEN", "QUAIL REARING AGREEMENT BETWEEN")
    (tmp_path / "doc.txt").write_text(text, encoding="utf-8")
    assert detect(load(tmp_path, text)).why == UNNAMED
    for kid in ("terms", "privacy"):
        judge, _ = _asked(letters[kid])
        review = review_document(Workspace(tmp_path), "doc.txt", judge)
        assert (review.kind, review.kind_why) == ("general", UNNAMED), kid
    (tmp_path / "doc.txt").write_text(UNNAMED_TEXT, encoding="utf-8")  # no such title
    judge, _ = _asked(letters["terms"])
    assert review_document(Workspace(tmp_path), "doc.txt", judge).kind == "terms"


def test_a_title_that_names_a_general_contract_needs_no_question(tmp_path: Path) -> None:
    text = UNNAMED_TEXT.replace("ARRANGEMENT BETWEEN", "TERM LOAN AGREEMENT BETWEEN")
    (tmp_path / "doc.txt").write_text(text, encoding="utf-8")
    judge, seen = _asked("F")
    result = review_document(Workspace(tmp_path), "doc.txt", judge)
    assert (result.kind, result.kind_why) == ("general", "title says 'loan'")
    assert not any("Which kind" in str(r.messages[-1]) for r in seen)


def test_a_service_agreement_for_a_subscription_is_saas_and_a_care_agreement_services(
    tmp_path: Path,
) -> None:
    saas = "SERVICE AGREEMENT - PARISH BOOKINGS\n\n" + (
        "1. The Supplier provides the booking system as a subscription. The subscription "
        "fee is annual. The subscription renews. Subscription users log in. The subscription "
        "includes support.\n"
    )
    assert detect(load(tmp_path, saas)).kind.id == "saas"
    services = "SERVICE AGREEMENT - BELL ROPES\n\n1. The Ringer keeps the ropes in order.\n"
    assert detect(load(tmp_path, services)).kind.id == "services"
    care = "CLOCK CARE AGREEMENT\n\n1. The Keeper winds and adjusts the tower clock.\n"
    assert detect(load(tmp_path, care)).kind.id == "services"
    restored = "ORGAN RESTORATION AGREEMENT\n\n1. The Builder restores the pipes and bellows.\n"
    assert detect(load(tmp_path, restored)).kind.id == "services"


def test_a_contractors_staff_and_insurance_do_not_make_a_contract_of_employment(
    tmp_path: Path,
) -> None:
    text = (
        "AGREEMENT FOR THE RETHATCHING OF A COTTAGE\n\n"
        "1. THE WORKS\n\nThe Thatcher and its employees shall strip and rethatch the roof.\n\n"
        "2. PAYMENT\n\nThe Customer pays 20 per cent on the start date and the rest on "
        "completion.\n\n"
        "3. INSURANCE\n\nThe Thatcher shall maintain public liability insurance and employer's "
        "liability insurance.\n"
    )
    assert detect(load(tmp_path, text)).kind.id != "employment"
    contract = text.replace("AGREEMENT FOR THE RETHATCHING OF A COTTAGE", "AGREEMENT").replace(
        "The Thatcher and its employees shall strip", "The Employer employs the Employee to strip"
    )
    assert detect(load(tmp_path, contract)).kind.id == "employment"


def test_a_title_that_names_a_general_contract_outweighs_confidentiality_terms_in_its_body(
    tmp_path: Path,
) -> None:
    sections = [
        ("Definitions", "Confidential Information has the meaning given in clause 4."),
        ("Supply", "The Supplier sells Yarn to the Buyer under Orders."),
        ("Prices", "The Buyer pays each invoice within 30 days."),
        ("Confidentiality", "The receiving party keeps the Confidential Information of the "
         "disclosing party secret."),
        ("Notices", "A notice goes to the address of the recipient in Schedule 5."),
    ]  # fmt: skip
    text = _articles("YARN SUPPLY AGREEMENT", sections)
    found = detect(load(tmp_path, text))
    assert (found.kind.id, found.why) == ("general", "title says 'supply agreement'")
    # the same body under a title that names no kind is read by its terms
    assert detect(load(tmp_path, text.replace("YARN SUPPLY", "YARN"))).kind.id == "nda"
