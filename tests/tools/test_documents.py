"""Bad files are classified, never fatal: each gives a DocumentError with a short message
and a `reason` to branch on. Every case is a real file (fpdf2, pypdf, python-docx, Pillow)."""

from __future__ import annotations

import io
import pickle
import random
import re
import zipfile
from pathlib import Path

import docx
import pypdf
import pytest
from fpdf import FPDF
from PIL import Image

from thinkact.tools.documents import Document, DocumentError, extract
from thinkact.tools.files import file_tools
from thinkact.tools.sandbox import Workspace


def pdf_bytes(pages: list[str]) -> bytes:
    pdf = FPDF()
    pdf.set_font("Helvetica", size=11)
    for text in pages:
        pdf.add_page()
        pdf.multi_cell(0, 6, text)
    return bytes(pdf.output())


def scanned_pdf() -> bytes:
    pdf = FPDF()
    for _ in range(2):
        pdf.add_page()
        pdf.rect(20, 20, 100, 60, style="F")  # a picture of a page, no text layer
    return bytes(pdf.output())


def encrypted_pdf(user_password: str, owner_password: str | None = None) -> bytes:
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(pdf_bytes(["Secret terms."]))))
    writer.encrypt(user_password, owner_password)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def docx_bytes(*paragraphs: str) -> bytes:
    d = docx.Document()
    for text in paragraphs:
        d.add_paragraph(text)
    out = io.BytesIO()
    d.save(out)
    return out.getvalue()


def png_bytes() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 20), "white").save(out, format="PNG")
    return out.getvalue()


def zip_bytes() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("readme.txt", "plain text inside an archive " * 20)
    return out.getvalue()


def reason_of(data: bytes, suffix: str, **kwargs: int) -> tuple[str, str]:
    with pytest.raises(DocumentError) as caught:
        extract(data, suffix, **kwargs)
    return caught.value.reason, str(caught.value)


# --- empty ------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".txt", ".md", ".pdf", ".docx", ".csv"])
@pytest.mark.parametrize("data", [b"", b" \n\t\r\n  "])
def test_empty_and_blank_files_are_empty(suffix: str, data: bytes) -> None:
    reason, message = reason_of(data, suffix)
    assert reason == "empty"
    assert message.startswith("the file is empty")


def test_a_docx_without_text_and_a_pdf_without_pages_are_empty() -> None:
    assert reason_of(docx_bytes(), ".docx") == ("empty", "the DOCX file has no text in it")
    assert reason_of(docx_bytes("   ", ""), ".docx")[0] == "empty"
    out = io.BytesIO()
    pypdf.PdfWriter().write(out)
    assert reason_of(out.getvalue(), ".pdf") == ("empty", "the PDF has no pages")


def test_whitespace_only_utf16_text_is_empty() -> None:
    assert reason_of("   \n\n  ".encode("utf-16"), ".txt")[0] == "empty"


# --- scanned and encrypted PDFs ---------------------------------------------------------


def test_a_pdf_without_a_text_layer_is_scanned() -> None:
    reason, message = reason_of(scanned_pdf(), ".pdf")
    assert reason == "scanned"
    assert message == "no text layer on its 2 pages: a scanned PDF, readable only after OCR"


def test_a_password_protected_pdf_is_encrypted() -> None:
    reason, message = reason_of(encrypted_pdf("secret"), ".pdf")
    assert reason == "encrypted"
    assert "password" in message


def test_a_pdf_locked_only_against_editing_is_read() -> None:
    doc = extract(encrypted_pdf("", owner_password="owner"), ".pdf")
    assert doc.text == "[page 1]\nSecret terms."


# --- binary -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "what"),
    [
        (png_bytes, "a PNG image"),
        (zip_bytes, "a ZIP archive"),
        (lambda: docx_bytes("Terms."), "a ZIP archive (or a DOCX)"),
        (lambda: pdf_bytes(["Terms."]), "a PDF (name it .pdf)"),
    ],
)
def test_a_text_file_that_is_really_something_else_is_binary(make: object, what: str) -> None:
    assert callable(make)
    reason, message = reason_of(make(), ".txt")
    assert reason == "binary"
    assert message.startswith(f"binary data, not text: {what}")


@pytest.mark.parametrize(
    "data",
    [
        bytes(range(256)) * 40,  # NUL bytes
        random.Random(7).randbytes(5000).replace(b"\x00", b"\x01"),  # no NUL, no encoding
        bytes(range(1, 32)) * 100,  # valid UTF-8, but control characters
    ],
    ids=["nul-bytes", "random-bytes", "control-chars"],
)
def test_bytes_that_are_not_text_are_binary(data: bytes) -> None:
    reason, message = reason_of(data, ".txt")
    assert reason == "binary"
    assert message.startswith("binary data")


def test_utf16_without_a_byte_order_mark_is_still_text() -> None:
    text = "Société Générale agrees to pay 100 € within 30 days.\n" * 10
    for encoding in ("utf-16-le", "utf-16-be"):
        assert extract(text.encode(encoding), ".txt").text == text.strip()


# --- unreadable (corrupt) ---------------------------------------------------------------


def test_corrupt_pdfs_are_unreadable() -> None:
    good = pdf_bytes(["Clause 1. Payment within 30 days."] * 3)
    for data in (b"%PDF-1.4 this is not really a pdf", good[: len(good) // 2]):
        reason, message = reason_of(data, ".pdf")
        assert reason == "unreadable"
        assert message.startswith("not a readable PDF (")


def test_corrupt_docx_files_are_unreadable() -> None:
    good = docx_bytes("Clause 1. Payment within 30 days.")
    broken_xml = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(good)) as src, zipfile.ZipFile(broken_xml, "w") as dst:
        for item in src.infolist():
            data = src.read(item)
            dst.writestr(
                item, b"<w:document><unclosed" if item.filename == "word/document.xml" else data
            )
    for data in (b"PK not a zip", zip_bytes(), good[: len(good) // 2], broken_xml.getvalue()):
        reason, message = reason_of(data, ".docx")
        assert reason == "unreadable"
        assert message.startswith("not a readable DOCX (")


def test_an_office_container_named_docx_is_named_for_what_it_is() -> None:
    # Password-protected Word files and old .doc files are OLE containers, not ZIPs.
    ole = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504)
    assert reason_of(ole + b"WordDocument", ".docx") == (
        "unreadable",
        "an old Word .doc file, not a DOCX",
    )
    locked = ole + "EncryptedPackage".encode("utf-16-le")
    assert reason_of(locked, ".docx") == ("encrypted", "the DOCX is protected by a password")


# --- too large ------------------------------------------------------------------------------


def test_a_pdf_with_too_many_pages_is_too_large() -> None:
    reason, message = reason_of(pdf_bytes([f"Page {i}." for i in range(6)]), ".pdf", max_pages=5)
    assert (reason, message) == ("too_large", "the PDF has 6 pages; at most 5 are read")


# --- long documents ---------------------------------------------------------------------


def test_a_sixty_page_contract_keeps_its_page_markers() -> None:
    clause = "The Supplier shall perform the services with reasonable skill and care. "
    pages = [f"Clause {p}.1 (marker-{p:03d}). " + clause * 30 for p in range(1, 61)]
    doc = extract(pdf_bytes(pages), ".pdf")
    assert doc.pages == 60
    markers = [int(n) for n in re.findall(r"^\[page (\d+)\]$", doc.text, re.MULTILINE)]
    assert markers == list(range(1, 61))
    for page, body in enumerate(re.split(r"^\[page \d+\]\n", doc.text, flags=re.MULTILINE)[1:], 1):
        assert body.startswith(f"Clause {page}.1 (marker-{page:03d}).")
        assert body.count("marker-") == 1


# --- the error itself and the tools that meet it ----------------------------------------


def test_a_document_error_survives_pickling_with_its_reason() -> None:
    error = pickle.loads(pickle.dumps(DocumentError("scanned", "no text layer")))
    assert (error.reason, str(error)) == ("scanned", "no text layer")


def test_read_file_reports_each_bad_file_and_list_files_labels_them(tmp_path: Path) -> None:
    files = {
        "empty.txt": b"",
        "scan.pdf": scanned_pdf(),
        "locked.pdf": encrypted_pdf("secret"),
        "image.txt": png_bytes(),
        "broken.docx": b"PK not a zip",
        "fine.md": b"# Terms\n\nPayment within 30 days.",
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    tools = {t.name: t for t in file_tools(Workspace(tmp_path))}
    for name, reason in [
        ("empty.txt", "empty"),
        ("scan.pdf", "scanned"),
        ("locked.pdf", "encrypted"),
        ("image.txt", "binary"),
        ("broken.docx", "unreadable"),
    ]:
        out = tools["read_file"].call({"path": name})
        assert out.startswith(f"{name} cannot be read ({reason}): ")
        assert out.endswith("Do not read it again; say that it could not be read.")
    listing = tools["list_files"].call({}).splitlines()[1:]
    by_name = {line[2:].split(" (", 1)[0]: line for line in listing}
    assert by_name["empty.txt"] == "- empty.txt (0 B, empty)"
    assert by_name["image.txt"].endswith(", not text)")
    assert by_name["locked.pdf"].endswith(", encrypted)")
    assert by_name["fine.md"].endswith(", 32 chars)")


def test_a_good_document_is_a_document() -> None:
    assert extract(b"Payment within 30 days.", ".txt") == Document(
        "Payment within 30 days.", "text"
    )
