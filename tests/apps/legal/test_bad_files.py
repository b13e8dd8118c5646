"""Files that cannot be reviewed (empty, binary, corrupt, encrypted, scanned) are listed in
both reports as not reviewed, with the reason, and the review of the others goes on."""

from __future__ import annotations

import io
from pathlib import Path

from fpdf import FPDF
from legal_doubles import CLEAN_CONTRACT, judge_prompts, reviewer
from pypdf import PdfReader, PdfWriter

from thinkact.apps.legal import NOTICES, SUMMARY, build_review
from thinkact.events import Event, ToolFinished
from thinkact.tools.runtime import approve_all

# file -> words of the reason it was not reviewed
REASONS = {
    "binary.txt": "binary data, not text",
    "corrupt.pdf": "not a readable PDF",
    "empty.txt": "the file is empty",
    "encrypted.pdf": "protected by a password",
    "scanned.pdf": "no text layer",
}


def pdf_with_text(text: str) -> bytes:
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=12)
    pdf.multi_cell(0, 6, text)
    return bytes(pdf.output())


def encrypted_pdf() -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf_with_text("1. Fees\nPay in 30 days."))))
    writer.encrypt("secret")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def scanned_pdf() -> bytes:
    """A page image stand-in: a drawn shape and no text layer."""
    pdf = FPDF()
    pdf.add_page()
    pdf.rect(20, 20, 120, 160, style="F")
    return bytes(pdf.output())


def section(markdown: str, heading: str) -> str:
    start = markdown.index(f"{heading}\n")
    end = markdown.find("\n## ", start + len(heading))
    return markdown[start : end if end >= 0 else None]


def test_bad_files_are_listed_as_not_reviewed_and_the_review_goes_on(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "good.txt").write_text(CLEAN_CONTRACT, encoding="utf-8")
    (folder / "empty.txt").write_bytes(b"")
    (folder / "binary.txt").write_bytes(bytes(range(256)) * 8)
    (folder / "corrupt.pdf").write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog >> garbage\n")
    (folder / "encrypted.pdf").write_bytes(encrypted_pdf())
    (folder / "scanned.pdf").write_bytes(scanned_pdf())
    out = tmp_path / "out"
    model = reviewer()
    review = build_review(folder, model=model, out=out, approve=approve_all)
    events: list[Event] = []
    review.agent.reporters.append(events.append)
    result = review.run()

    assert result.ok and result.reason == "final_answer"
    reviewed = next(
        e.result.content
        for e in events
        if isinstance(e, ToolFinished) and e.call.name == "review_document"
    )
    assert "All 6 documents reviewed" in reviewed
    notices = (out / NOTICES).read_text(encoding="utf-8")
    summary = (out / SUMMARY).read_text(encoding="utf-8")
    for name, reason in REASONS.items():
        assert f"{name}: NOT REVIEWED" in reviewed  # the model is told too
        assert section(notices, f"## {name}").startswith(f"## {name}\n\n**Not reviewed:** ")
        assert reason in section(notices, f"## {name}"), name
        line = next(line for line in summary.splitlines() if line.startswith(f"- {name}"))
        assert line.startswith(f"- {name}: **not reviewed** (") and reason in line, line
    good = section(notices, "## good.txt")
    assert "*Services agreement*" in good and "No findings" in good
    assert "- good.txt (Services agreement): no findings" in summary
    # No finding anywhere, but five documents were not reviewed: not APPROVED.
    assert "**Overall status: ⚠️ REQUIRES ATTENTION**" in summary
    assert "| CRITICAL | 0 |" in summary and "| WARNING | 0 |" in summary
    # Only the good document may be put to the model (its text decides every item, so the
    # model may not be asked at all).
    prompts = judge_prompts(model)
    assert all(p.startswith("Document: CONSULTING AGREEMENT") for p in prompts)
