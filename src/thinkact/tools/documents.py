"""Text out of documents (PDF, DOCX, plain text) and paging of long text.

PDF text carries `[page N]` markers and DOCX tables come out as `a | b | c` rows, so a
reviewer can quote and cite where a clause is. The parsers are imported when first used.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from typing import Any

DOCUMENT_SUFFIXES = (".pdf", ".docx", ".txt", ".md")
PAGE_CHARS = 10_000


class DocumentError(ValueError):
    """A file that cannot be turned into text; the message says why."""


@dataclass(frozen=True, slots=True)
class Document:
    text: str
    kind: str  # "PDF", "DOCX", "text"
    pages: int | None = None  # PDF only
    note: str = ""  # e.g. the encoding that was detected


def suffix_of(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    return "." + name.rsplit(".", 1)[-1].lower() if "." in name.lstrip(".") else ""


def extract(data: bytes, suffix: str) -> Document:
    """The text of a file's bytes, by its suffix (anything unknown is tried as text)."""
    if suffix == ".pdf":
        return _pdf(data)
    if suffix == ".docx":
        return _docx(data)
    return _text(data)


def pdf_page_count(data: bytes) -> int:
    import pypdf
    from pypdf.errors import PyPdfError

    try:
        return len(pypdf.PdfReader(io.BytesIO(data)).pages)
    except (PyPdfError, ValueError, KeyError, TypeError, OSError) as e:
        raise DocumentError(f"not a readable PDF ({e})") from None


def _pdf(data: bytes) -> Document:
    import pypdf
    from pypdf.errors import PyPdfError

    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise DocumentError("the PDF is encrypted with a password; it cannot be read")
        parts: list[str] = []
        found = False
        for i, page in enumerate(reader.pages, 1):
            text = _tidy(page.extract_text() or "")
            found = found or bool(text.strip())
            parts.append(f"[page {i}]\n{text}".rstrip())
    except DocumentError:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, OSError) as e:
        raise DocumentError(f"not a readable PDF ({type(e).__name__}: {e})") from None
    if not found:  # pages without a text layer: images of pages, as a scanner makes them
        return Document("", "PDF", len(parts), "scanned")
    return Document("\n\n".join(parts), "PDF", len(parts))


def _docx(data: bytes) -> Document:
    import docx
    from docx.opc.exceptions import PackageNotFoundError
    from docx.table import Table

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
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError) as e:
        raise DocumentError(f"not a readable DOCX ({type(e).__name__}: {e})") from None
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


def _text(data: bytes) -> Document:
    try:
        return Document(_tidy(data.decode("utf-8-sig")), "text")
    except UnicodeDecodeError:
        pass
    if b"\x00" in data[:8192] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DocumentError("a binary file, not text; it cannot be read as a document")
    from charset_normalizer import from_bytes

    matches = list(from_bytes(data))
    if not matches:
        raise DocumentError("a binary file or an unknown text encoding; it cannot be read")
    best = matches[0]
    # Short Western texts are ambiguous among single-byte code pages (é reads as ķ in
    # cp775); Windows-1252 is by far the likeliest, so it wins when it reads as cleanly.
    western = next(
        (m for m in matches if m.encoding == "cp1252" and m.chaos <= best.chaos + 0.1), None
    )
    chosen = western or best
    return Document(_tidy(str(chosen)), "text", note=f"encoding {chosen.encoding}")


def _tidy(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def window(text: str, offset: int, size: int = PAGE_CHARS) -> tuple[str, int]:
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


def page_at(text: str, offset: int) -> int | None:
    """The `[page N]` a position falls on (None for text without page markers)."""
    found = None
    for m in re.finditer(r"^\[page (\d+)\]$", text[: offset + 1], re.MULTILINE):
        found = int(m.group(1))
    return found


__all__ = [
    "DOCUMENT_SUFFIXES",
    "PAGE_CHARS",
    "Document",
    "DocumentError",
    "extract",
    "page_at",
    "pdf_page_count",
    "suffix_of",
    "window",
]
