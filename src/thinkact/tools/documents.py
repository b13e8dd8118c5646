"""Text out of documents (PDF, DOCX, plain text) and paging of long text.

PDF text carries `[page N]` markers and DOCX tables come out as `a | b | c` rows, so a
reviewer can quote and cite where a clause is. The parsers are imported when first used.
"""

from __future__ import annotations

import io
import logging
import re
from dataclasses import dataclass
from typing import Any, Literal

DOCUMENT_SUFFIXES = (".pdf", ".docx", ".txt", ".md")
# pypdf takes from a hundredth to a tenth of a second a page: beyond this many pages a PDF
# would hold a review for minutes, so it is reported rather than read.
MAX_PDF_PAGES = 2_000

Reason = Literal["empty", "scanned", "encrypted", "binary", "unreadable", "too_large"]


class DocumentError(ValueError):
    """A file that cannot be turned into text.

    `reason` is what callers branch on: "empty" (no text at all), "scanned" (a PDF
    without a text layer), "encrypted" (needs a password), "binary" (not text, e.g. an
    image named .txt), "unreadable" (a corrupt PDF or DOCX) or "too_large". The message
    says it in a few words, fit to show a model or a user.
    """

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason: Reason = reason

    def __reduce__(self) -> tuple[Any, ...]:  # pickled back from isolated tools
        return (type(self), (self.reason, str(self)))


@dataclass(frozen=True, slots=True)
class Document:
    text: str
    kind: str  # "PDF", "DOCX", "text"
    pages: int | None = None  # PDF only
    note: str = ""  # e.g. the encoding that was detected


def suffix_of(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    return "." + name.rsplit(".", 1)[-1].lower() if "." in name.lstrip(".") else ""


def extract(data: bytes, suffix: str, *, max_pages: int = MAX_PDF_PAGES) -> Document:
    """The text of a file's bytes, by its suffix (anything unknown is tried as text).

    Raises DocumentError for anything without text to read; a Document always has some.
    """
    if not data.strip():
        raise DocumentError("empty", "the file is empty" + (" but for blank space" if data else ""))
    if suffix == ".pdf":
        doc = _pdf(data, max_pages)
    elif suffix == ".docx":
        doc = _docx(data)
    else:
        doc = _text(data)
    if not doc.text.strip():
        raise DocumentError("empty", f"the {doc.kind} file has no text in it")
    return doc


def pdf_page_count(data: bytes) -> int:
    """Pages of a PDF, without reading their text (DocumentError: unreadable or encrypted)."""
    reader = _open_pdf(data)
    try:
        return len(reader.pages)
    except Exception as e:  # see the note below
        raise _unreadable("PDF", e) from None


# Parsers meet any bytes a folder holds: past the errors they document, a malformed file
# raises whatever it trips on inside them (RecursionError, struct.error, zlib.error, ...).
# Each one is a file that cannot be read, never a crash: hence the broad excepts below.


def _unreadable(kind: str, e: BaseException) -> DocumentError:
    detail = str(e).strip().splitlines()[0][:120] if str(e).strip() else ""
    why = type(e).__name__ + (f": {detail}" if detail else "")
    return DocumentError("unreadable", f"not a readable {kind} ({why})")


def _open_pdf(data: bytes) -> Any:
    """A pypdf reader, decrypted if an empty password opens it."""
    import pypdf
    from pypdf.errors import DependencyError

    # pypdf logs what it repairs ("EOF marker not found"); with no handler configured,
    # Python prints that on stderr, over the progress display. A handler of its own keeps
    # it out of the terminal while an application's logging still receives it.
    log = logging.getLogger("pypdf")
    if not log.handlers:
        log.addHandler(logging.NullHandler())
    locked = DocumentError("encrypted", "the PDF is protected by a password; it cannot be opened")
    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        if not reader.is_encrypted:
            return reader
    except Exception as e:
        raise _unreadable("PDF", e) from None
    try:
        opened = reader.decrypt("")  # PDFs locked only against editing open without one
    except DependencyError:  # AES without the `cryptography` package
        raise DocumentError(
            "encrypted", "the PDF is encrypted with AES, which needs the cryptography package"
        ) from None
    except Exception:
        raise locked from None
    if not opened:
        raise locked
    return reader


def _pdf(data: bytes, max_pages: int) -> Document:
    reader = _open_pdf(data)
    try:
        count = len(reader.pages)
    except Exception as e:
        raise _unreadable("PDF", e) from None
    if count == 0:
        raise DocumentError("empty", "the PDF has no pages")
    if count > max_pages:
        raise DocumentError(
            "too_large", f"the PDF has {count:,} pages; at most {max_pages:,} are read"
        )
    texts = [_page_text(reader, i) for i in range(count)]
    if not any(t for t in texts):
        if all(t is None for t in texts):
            raise DocumentError("unreadable", "not a readable PDF (no page could be read)")
        # Pages without a text layer: images of pages, as a scanner makes them.
        pages = f"{count} page" + ("s" if count != 1 else "")
        raise DocumentError(
            "scanned",
            f"no text layer on its {pages}: a scanned PDF, readable only after OCR",
        )
    parts = [
        f"[page {i}]\n" + (t if t is not None else "(the text of this page could not be read)")
        for i, t in enumerate(texts, 1)
    ]
    return Document("\n\n".join(p.rstrip() for p in parts), "PDF", count)


def _page_text(reader: Any, index: int) -> str | None:
    """A page's tidied text ("" for none); None when the page cannot be read: one bad page
    must not cost the others."""
    try:
        return _tidy(reader.pages[index].extract_text() or "")
    except Exception:
        return None


_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # the container of .doc and of locked Office files
_ENCRYPTED_PACKAGE = "EncryptedPackage".encode("utf-16-le")


def _docx(data: bytes) -> Document:
    import docx
    from docx.table import Table

    if data.startswith(_OLE):  # not a ZIP: a password-protected DOCX, or a .doc renamed
        if _ENCRYPTED_PACKAGE in data:
            raise DocumentError("encrypted", "the DOCX is protected by a password")
        raise DocumentError("unreadable", "an old Word .doc file, not a DOCX")
    try:
        document = docx.Document(io.BytesIO(data))
        parts: list[str] = []
        tables = 0
        for block in document.iter_inner_content():
            if isinstance(block, Table):
                tables += 1
                parts.append(f"[table {tables}]\n{_table_text(block)}")
                continue
            text = block.text.strip()
            if not text:
                continue
            style = (block.style.name if block.style is not None else "") or ""
            level = re.fullmatch(r"Heading (\d)", style)
            if level:
                text = "#" * int(level.group(1)) + " " + text
            elif style == "Title":
                text = "# " + text
            elif style.startswith("List"):
                text = "- " + text
            parts.append(text)
    except Exception as e:
        raise _unreadable("DOCX", e) from None
    return Document(_tidy("\n\n".join(parts)), "DOCX")


def _table_text(table: Any) -> str:
    rows: list[str] = []
    for row in table.rows:
        cells: list[str] = []
        seen: set[int] = set()
        for cell in row.cells:  # a merged cell repeats: keep it once
            if id(cell._tc) in seen:
                continue
            seen.add(id(cell._tc))
            cells.append(" ".join(cell.text.split()))
        rows.append(" | ".join(cells))
    return "\n".join(rows)


# Files named .txt that are something else, by their first bytes.
_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"PK\x03\x04", "a ZIP archive (or a DOCX)"),
    (b"%PDF-", "a PDF (name it .pdf)"),
    (b"\x1f\x8b", "a gzip archive"),
    (_OLE, "an Office file"),
)
_BOMS = (b"\xff\xfe", b"\xfe\xff")  # UTF-16 and UTF-32: NUL bytes are their text


def _text(data: bytes) -> Document:
    what = next((name for magic, name in _SIGNATURES if data.startswith(magic)), None)
    if what is not None:
        raise DocumentError("binary", f"binary data, not text: {what}")
    if b"\x00" in data[:8192] and not data.startswith(_BOMS):
        text = _utf16_unmarked(data)
        if text is None or _mostly_control(text):
            raise DocumentError("binary", "binary data, not text")
        return Document(_tidy(text), "text", note="encoding utf-16")
    try:
        return _checked(Document(_tidy(data.decode("utf-8-sig")), "text"))
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes

    matches = list(from_bytes(data))
    if not matches:
        raise DocumentError("binary", "binary data or an unknown encoding, not text")
    best = matches[0]
    # Short Western texts are ambiguous among single-byte code pages (é reads as ķ in
    # cp775); Windows-1252 is by far the likeliest, so it wins when it reads as cleanly.
    western = next(
        (m for m in matches if m.encoding == "cp1252" and m.chaos <= best.chaos + 0.1), None
    )
    chosen = western or best
    return _checked(Document(_tidy(str(chosen)), "text", note=f"encoding {chosen.encoding}"))


def _utf16_unmarked(data: bytes) -> str | None:
    """UTF-16 without a byte-order mark: Latin-script text has a NUL in every other byte."""
    sample = data[:8192]
    for encoding, high in (("utf-16-le", sample[1::2]), ("utf-16-be", sample[::2])):
        if len(data) % 2 == 0 and high and high.count(0) >= len(high) * 0.7:
            try:
                return data.decode(encoding)
            except UnicodeDecodeError:
                return None
    return None


def _mostly_control(text: str) -> bool:
    """Control characters beyond tabs and line breaks, in more than one char in ten: bytes
    that decode, as almost any do, without being text."""
    sample = text[:8192]
    control = sum(1 for ch in sample if (ch < " " and ch not in "\t\n\r\f") or ch == "\x7f")
    return control * 10 > len(sample)


def _checked(doc: Document) -> Document:
    if _mostly_control(doc.text):
        raise DocumentError("binary", "binary data, not text")
    return doc


def _tidy(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def window(text: str, offset: int, size: int) -> tuple[str, int]:
    """`text[offset:end]` and `end`: at most `size` chars, ending at a line or word break
    when one falls in the last fifth, so words are not cut. Consecutive windows from 0
    cover every character exactly once."""
    end = offset + size
    if end >= len(text):
        return text[offset:], len(text)
    floor = offset + size * 4 // 5
    cut = text.rfind("\n", floor, end)
    if cut < 0:
        cut = text.rfind(" ", floor, end)
    if cut >= 0:
        end = cut + 1
    return text[offset:end], end


_PAGE_MARK = re.compile(r"^\[page (\d+)\]$", re.MULTILINE)


def page_at(text: str, offset: int) -> int | None:
    """The `[page N]` a position falls on, a marker's own line included (None for text
    without page markers)."""
    line_end = text.find("\n", offset)
    found = None
    for m in _PAGE_MARK.finditer(text, 0, line_end if line_end >= 0 else len(text)):
        found = int(m.group(1))
    return found


__all__ = [
    "DOCUMENT_SUFFIXES",
    "MAX_PDF_PAGES",
    "Document",
    "DocumentError",
    "Reason",
    "extract",
    "page_at",
    "pdf_page_count",
    "suffix_of",
    "window",
]
