"""Build the legal evaluation set's documents from their Markdown sources, deterministically.

    .venv/bin/python bench/legal_set/make_set.py          # write docs/ and the page counts
    .venv/bin/python bench/legal_set/make_set.py --check  # rebuild, compare, write nothing

The manifest is `answers.json`: every project document (split `dev`, `heldout`, `fresh`,
`fresh2`, `fresh3` or `fresh4`, that is every split but `real`) named there as
`docs/<stem>.<ext>` is built from `src/<stem>.md` in the format its extension names:

- `.pdf`  fpdf2, A4, Times 11.5 pt, real page breaks (automatic, and `<!-- pagebreak -->`),
          "Page N of M" footers;
- `.docx` python-docx, with Word heading styles for `#`, `##`, `###` and page breaks;
- `.md`   the source itself (page-break markers removed);
- `.txt`  plain text, headings on their own lines, paragraphs wrapped at 78 columns.

Source syntax (one paragraph per line): `# ` title, `## ` section heading, `### ` sub-heading,
`- ` bullet, a line opening with `(a)`, `(ii)`... an indented sub-clause, `<!-- pagebreak -->`.
Sources are Latin-1 only (the PDF core fonts), so amounts read "EUR 500", not a euro sign.

`pages` in answers.json is rewritten from the build: the PDF's own page count for PDFs
(the real PDF included), and for every other file the page count of the same text laid out
as the PDF layout would print it. Timestamps inside PDF and DOCX files are fixed, so a
rebuild gives identical bytes.
"""

from __future__ import annotations

import io
import json
import re
import sys
import textwrap
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import docx
from docx.shared import Cm, Pt
from fpdf import FPDF
from fpdf.enums import XPos, YPos
from pypdf import PdfReader

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
ANSWERS = HERE / "answers.json"
FIXED_TIME = datetime(2025, 1, 6, 9, 0, 0, tzinfo=UTC)
ZIP_TIME = (2025, 1, 6, 9, 0, 0)
PAGEBREAK = "<!-- pagebreak -->"
SUBCLAUSE = re.compile(r"^\((?:[a-z]{1,2}|[ivx]{1,5}|[A-Z]|\d{1,2})\)\s")


@dataclass(frozen=True)
class Block:
    kind: str  # title | h1 | h2 | p | bullet | sub | break
    text: str = ""


def parse(source: str) -> list[Block]:
    blocks: list[Block] = []
    for raw in source.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line == PAGEBREAK:
            blocks.append(Block("break"))
        elif line.startswith("### "):
            blocks.append(Block("h2", line[4:].strip()))
        elif line.startswith("## "):
            blocks.append(Block("h1", line[3:].strip()))
        elif line.startswith("# "):
            blocks.append(Block("title", line[2:].strip()))
        elif line.startswith("- "):
            blocks.append(Block("bullet", line[2:].strip()))
        elif SUBCLAUSE.match(line):
            blocks.append(Block("sub", line))
        else:
            blocks.append(Block("p", line))
    return blocks


def latin1(text: str, name: str) -> str:
    try:
        text.encode("latin-1")
    except UnicodeEncodeError as exc:
        bad = text[exc.start : exc.end]
        raise SystemExit(f"{name}: character {bad!r} is not Latin-1 (PDF core fonts)") from exc
    return text


# --- PDF ------------------------------------------------------------------------------------


class _Pdf(FPDF):
    def footer(self) -> None:
        self.set_y(-15)
        self.set_font("Times", "", 9)
        self.cell(0, 8, f"Page {self.page_no()} of {{nb}}", align="C")


def layout_pdf(blocks: list[Block], title: str) -> _Pdf:
    pdf = _Pdf(format="A4")
    pdf.set_creation_date(FIXED_TIME)
    pdf.set_title(title)
    pdf.set_author("thinkact legal evaluation set")
    pdf.set_margins(25, 22, 25)
    pdf.set_auto_page_break(True, margin=22)
    pdf.add_page()
    width = pdf.w - pdf.l_margin - pdf.r_margin
    bottom = pdf.h - 22
    for block in blocks:
        if block.kind == "break":
            pdf.add_page()
            continue
        if block.kind in ("h1", "h2") and pdf.get_y() > bottom - 24:
            pdf.add_page()  # keep a heading with the text under it
        if block.kind == "title":
            pdf.set_font("Times", "B", 15)
            pdf.multi_cell(width, 8, block.text, align="C", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
            pdf.ln(4)
        elif block.kind == "h1":
            pdf.ln(3)
            pdf.set_font("Times", "B", 12)
            pdf.multi_cell(width, 7, block.text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
            pdf.ln(1)
        elif block.kind == "h2":
            pdf.ln(1)
            pdf.set_font("Times", "BI", 11.5)
            pdf.multi_cell(width, 6.5, block.text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        else:
            indent = 0 if block.kind == "p" else 8
            text = f"-  {block.text}" if block.kind == "bullet" else block.text
            pdf.set_font("Times", "", 11.5)
            pdf.set_x(pdf.l_margin + indent)
            pdf.multi_cell(width - indent, 6.2, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
            pdf.ln(2)
    return pdf


def build_pdf(blocks: list[Block], title: str) -> bytes:
    return bytes(layout_pdf(blocks, title).output())


def printed_pages(blocks: list[Block], title: str) -> int:
    pdf = layout_pdf(blocks, title)
    pdf.output()
    return int(pdf.pages_count)


# --- DOCX -----------------------------------------------------------------------------------


def build_docx(blocks: list[Block], title: str) -> bytes:
    document = docx.Document()
    props = document.core_properties
    props.title = title
    props.author = "thinkact legal evaluation set"
    props.last_modified_by = "thinkact legal evaluation set"
    props.created = FIXED_TIME.replace(tzinfo=None)
    props.modified = FIXED_TIME.replace(tzinfo=None)
    props.revision = 1
    style = document.styles["Normal"]
    style.font.name = "Times New Roman"
    style.font.size = Pt(11.5)
    for block in blocks:
        if block.kind == "break":
            document.add_page_break()
        elif block.kind == "title":
            document.add_heading(block.text, level=0)
        elif block.kind == "h1":
            document.add_heading(block.text, level=1)
        elif block.kind == "h2":
            document.add_heading(block.text, level=2)
        elif block.kind == "bullet":
            document.add_paragraph(block.text, style="List Bullet")
        elif block.kind == "sub":
            paragraph = document.add_paragraph(block.text)
            paragraph.paragraph_format.left_indent = Cm(1)
        else:
            document.add_paragraph(block.text)
    raw = io.BytesIO()
    document.save(raw)
    return _fixed_zip(raw.getvalue())


def _fixed_zip(data: bytes) -> bytes:
    """The same archive with every entry's timestamp fixed (python-docx stamps the time)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            entry = zipfile.ZipInfo(info.filename, date_time=ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            dst.writestr(entry, src.read(info.filename))
    return out.getvalue()


# --- MD and TXT -----------------------------------------------------------------------------


def build_md(source: str) -> bytes:
    lines = [line for line in source.splitlines() if line.strip() != PAGEBREAK]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip() + "\n"
    return text.encode("utf-8")


def build_txt(blocks: list[Block]) -> bytes:
    out: list[str] = []
    for block in blocks:
        if block.kind == "break":
            continue
        if block.kind == "title":
            out += [block.text.upper(), ""]
        elif block.kind in ("h1", "h2"):
            if out and out[-1] != "":
                out.append("")
            out += [block.text, ""]
        elif block.kind == "bullet":
            out += textwrap.wrap(block.text, 78, initial_indent="  * ", subsequent_indent="    ")
            out.append("")
        elif block.kind == "sub":
            out += textwrap.wrap(block.text, 78, initial_indent="    ", subsequent_indent="    ")
            out.append("")
        else:
            out += textwrap.wrap(block.text, 78)
            out.append("")
    return ("\n".join(out).rstrip() + "\n").encode("utf-8")


# --- the set ----------------------------------------------------------------------------------


def build(stem: str, ext: str) -> tuple[bytes, int]:
    """The file's bytes and its page count."""
    path = SRC / f"{stem}.md"
    source = path.read_text(encoding="utf-8")
    blocks = parse(latin1(source, path.name))
    titles = [b.text for b in blocks if b.kind == "title"]
    title = titles[0] if titles else stem
    if ext == "pdf":
        data = build_pdf(blocks, title)
        return data, len(PdfReader(io.BytesIO(data)).pages)
    pages = printed_pages(blocks, title)
    if ext == "docx":
        return build_docx(blocks, title), pages
    if ext == "md":
        return build_md(source), pages
    if ext == "txt":
        return build_txt(blocks), pages
    raise SystemExit(f"{stem}: no builder for .{ext}")


def real_pages(path: Path) -> int:
    """Pages of a real document: its own count for a PDF, else as our PDF layout prints it."""
    if path.suffix == ".pdf":
        return len(PdfReader(path).pages)
    text = path.read_text(encoding="utf-8")
    text = text.encode("latin-1", errors="replace").decode("latin-1")
    blocks = parse(text)
    return printed_pages(blocks, path.stem)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    entries = json.loads(ANSWERS.read_text(encoding="utf-8"))
    problems: list[str] = []
    for entry in entries:
        target = HERE / entry["file"]
        if entry["split"] == "real":
            pages = real_pages(target)
        else:
            stem, ext = target.stem, target.suffix.lstrip(".")
            data, pages = build(stem, ext)
            if check:
                if not target.exists() or target.read_bytes() != data:
                    problems.append(f"{entry['file']}: differs from a fresh build")
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
        if entry.get("pages") != pages:
            problems.append(f"{entry['file']}: pages {entry.get('pages')} -> {pages}")
            entry["pages"] = pages
        print(f"{pages:3d}  {entry['split']:8s} {entry['kind']:10s} {entry['file']}")
    if check:
        for problem in problems:
            print("MISMATCH", problem)
        return 1 if problems else 0
    ANSWERS.write_text(json.dumps(entries, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
