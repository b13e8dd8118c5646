"""Regenerate the example legal documents from their text sources.

    python scripts/make_examples.py            # writes examples/legal_docs/*.pdf, *.docx

The sources in `examples/legal_docs_src/` use a tiny markup: `# Title`, `## Heading`,
paragraphs separated by blank lines, `| a | b |` table rows, and `<<<PAGE>>>` for a page
break in the PDF. `privacy_policy.txt` is its own source. Needs fpdf2 and python-docx (the
dev extras).
"""

from __future__ import annotations

import argparse
import datetime as dt
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "examples" / "legal_docs_src"
OUT = ROOT / "examples" / "legal_docs"
# Fixed dates keep regenerated files identical when nothing in the sources changed.
STAMP = dt.datetime(2025, 3, 1, tzinfo=dt.UTC)


@dataclass(frozen=True)
class Block:
    kind: str  # title, heading, para, table, page
    text: str = ""
    rows: tuple[tuple[str, ...], ...] = ()


def parse(source: str) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] = []
    rows: list[tuple[str, ...]] = []

    def flush() -> None:
        if para:
            blocks.append(Block("para", " ".join(para)))
            para.clear()
        if rows:
            blocks.append(Block("table", rows=tuple(rows)))
            rows.clear()

    for raw in source.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line == "<<<PAGE>>>":
            flush()
            blocks.append(Block("page"))
        elif line.startswith("## "):
            flush()
            blocks.append(Block("heading", line[3:]))
        elif line.startswith("# "):
            flush()
            blocks.append(Block("title", line[2:]))
        elif line.startswith("|"):
            if para:
                flush()
            rows.append(tuple(c.strip() for c in line.strip("|").split("|")))
        else:
            para.append(line)
    flush()
    return blocks


def make_pdf(blocks: list[Block], path: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_creation_date(STAMP)
    pdf.set_auto_page_break(auto=True, margin=16)
    pdf.set_margins(22, 18, 22)
    pdf.add_page()
    for b in blocks:
        if b.kind == "page":
            pdf.add_page()
        elif b.kind == "title":
            pdf.set_font("Helvetica", "B", 15)
            pdf.multi_cell(0, 8, b.text, align="C", new_x="LMARGIN", new_y="NEXT")
            pdf.ln(4)
        elif b.kind == "heading":
            pdf.ln(2)
            pdf.set_font("Helvetica", "B", 11)
            pdf.multi_cell(0, 6, b.text, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(1)
        elif b.kind == "para":
            pdf.set_font("Helvetica", "", 10)
            pdf.multi_cell(0, 5, b.text, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(2)
        elif b.kind == "table":
            pdf.set_font("Helvetica", "", 10)
            with pdf.table() as table:
                for row in b.rows:
                    cells = table.row()
                    for cell in row:
                        cells.cell(cell)
            pdf.ln(2)
    pdf.output(str(path))


def make_docx(blocks: list[Block], path: Path) -> None:
    import docx

    document = docx.Document()
    props = document.core_properties
    props.created = props.modified = STAMP.replace(tzinfo=None)
    props.author = props.last_modified_by = "thinkact examples"
    for b in blocks:
        if b.kind == "title":
            document.add_heading(b.text, level=0)
        elif b.kind == "heading":
            document.add_heading(b.text, level=1)
        elif b.kind == "para":
            document.add_paragraph(b.text)
        elif b.kind == "table":
            table = document.add_table(rows=0, cols=len(b.rows[0]))
            table.style = "Table Grid"
            for row in b.rows:
                cells = table.add_row().cells
                for cell, text in zip(cells, row, strict=False):
                    cell.text = text
        elif b.kind == "page":
            document.add_page_break()
    document.save(str(path))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", type=Path, default=SRC)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    jobs = [("contract_v1.md", "contract_v1.pdf", make_pdf)]
    jobs.append(("terms_of_service.md", "terms_of_service.docx", make_docx))
    for src, dst, make in jobs:
        blocks = parse((args.src / src).read_text(encoding="utf-8"))
        make(blocks, args.out / dst)
        print(f"wrote {args.out / dst}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
