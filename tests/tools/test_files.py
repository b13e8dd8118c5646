"""File tools on real documents: PDF (fpdf2), DOCX (python-docx), text in several encodings."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import docx
import pytest
from fpdf import FPDF
from hypothesis import given, settings
from hypothesis import strategies as st

from thinkact.config import AgentConfig
from thinkact.errors import ToolRetry
from thinkact.tools.base import Tool
from thinkact.tools.documents import window
from thinkact.tools.files import PAGE_CHARS, file_tools
from thinkact.tools.sandbox import SandboxError, Workspace

PAGES = [
    "MASTER SERVICES AGREEMENT between Acme Ltd and Beta GmbH.",
    "Payment terms: invoices are payable within 30 days of receipt.",
    "Governing law: this agreement is governed by the laws of England.",
]


def make_pdf(path: Path, pages: list[str]) -> None:
    pdf = FPDF()
    pdf.set_font("Helvetica", size=12)
    for text in pages:
        pdf.add_page()
        pdf.multi_cell(0, 8, text)
    pdf.output(str(path))


def make_scanned_pdf(path: Path) -> None:
    pdf = FPDF()
    for _ in range(2):
        pdf.add_page()
        pdf.rect(20, 20, 100, 60, style="F")  # a page of pictures, no text layer
    pdf.output(str(path))


def make_docx(path: Path) -> None:
    d = docx.Document()
    d.add_heading("Terms of Service", level=1)
    d.add_paragraph("These terms govern the use of the service.")
    d.add_heading("Fees", level=2)
    table = d.add_table(rows=3, cols=3)
    rows = [("Plan", "Price", "Refund"), ("Basic", "10 EUR", "none"), ("Pro", "30 EUR", "14 days")]
    for r, values in enumerate(rows):
        for c, value in enumerate(values):
            table.cell(r, c).text = value
    d.add_paragraph("Refunds are handled at our discretion.")
    d.save(str(path))


def tools_for(ws: Workspace) -> dict[str, Tool]:
    return {t.name: t for t in file_tools(ws)}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    make_pdf(tmp_path / "contract.pdf", PAGES)
    make_docx(tmp_path / "terms.docx")
    (tmp_path / "policy.txt").write_text("Privacy policy.\nWe keep data for 2 years.\n")
    (tmp_path / "notes.csv").write_text("a,b\n1,2\n")
    (tmp_path / ".secret.md").write_text("hidden")
    return tmp_path


# --- read_file ----------------------------------------------------------------------------------


def test_pdf_text_comes_back_with_page_markers(folder: Path) -> None:
    out = tools_for(Workspace(folder))["read_file"].call({"path": "contract.pdf"})
    assert out.startswith("[page 1]\n")
    assert re.search(r"\n\n\[contract\.pdf: PDF, 3 pages, [\d,]+ chars: the whole file\]$", out)
    for i, text in enumerate(PAGES, 1):
        assert f"[page {i}]\n{text}" in out
    assert out.index("[page 1]") < out.index("[page 2]") < out.index("[page 3]")


def test_docx_text_keeps_headings_and_tables_in_order(folder: Path) -> None:
    out = tools_for(Workspace(folder))["read_file"].call({"path": "terms.docx"})
    body = out.rsplit("\n\n[", 1)[0]
    assert body.index("# Terms of Service") < body.index("## Fees") < body.index("[table 1]")
    assert "[table 1]\nPlan | Price | Refund\nBasic | 10 EUR | none\nPro | 30 EUR | 14 days" in body
    assert body.rstrip().endswith("Refunds are handled at our discretion.")


def test_docx_merged_cells_appear_once(tmp_path: Path) -> None:
    d = docx.Document()
    t = d.add_table(rows=2, cols=3)
    t.cell(0, 0).merge(t.cell(0, 2)).text = "Header across"
    for c, v in enumerate(("x", "y", "z")):
        t.cell(1, c).text = v
    d.save(str(tmp_path / "m.docx"))
    out = tools_for(Workspace(tmp_path))["read_file"].call({"path": "m.docx"})
    assert "Header across\nx | y | z" in out


def test_scanned_pdf_says_it_has_no_text(tmp_path: Path) -> None:
    make_scanned_pdf(tmp_path / "scan.pdf")
    out = tools_for(Workspace(tmp_path))["read_file"].call({"path": "scan.pdf"})
    assert "scan.pdf cannot be read (scanned): no text layer on its 2 pages" in out
    assert "OCR" in out


@pytest.mark.parametrize("encoding", ["cp1252", "utf-16", "utf-8-sig", "utf-8"])
def test_text_encodings_are_detected(tmp_path: Path, encoding: str) -> None:
    text = "Société Générale, café, naïve, 100 €. " * 20
    (tmp_path / "doc.txt").write_bytes(text.encode(encoding))
    out = tools_for(Workspace(tmp_path))["read_file"].call({"path": "doc.txt"})
    assert out.rsplit("\n\n[", 1)[0] == text.strip()
    assert "\ufeff" not in out


def test_unreadable_files_give_a_reason(tmp_path: Path) -> None:
    (tmp_path / "bin.txt").write_bytes(bytes(range(256)) * 40)
    (tmp_path / "broken.pdf").write_bytes(b"%PDF-1.4 this is not really a pdf")
    (tmp_path / "broken.docx").write_bytes(b"PK not a zip")
    read = tools_for(Workspace(tmp_path))["read_file"]
    for name, reason in [
        ("bin.txt", "(binary): binary data, not text"),
        ("broken.pdf", "(unreadable): not a readable PDF"),
        ("broken.docx", "(unreadable): not a readable DOCX"),
    ]:
        # An observation, not an error: bad files in a row must not stop a review.
        assert f"{name} cannot be read {reason}" in read.call({"path": name})


def test_missing_and_escaping_paths_are_observations(folder: Path) -> None:
    read = tools_for(Workspace(folder))["read_file"]
    with pytest.raises(SandboxError, match="does not exist"):
        read.call({"path": "nope.pdf"})
    with pytest.raises(SandboxError, match="outside the workspace"):
        read.call({"path": "../../etc/passwd"})


# --- paging ---------------------------------------------------------------------------------------


def _page_body(out: str) -> tuple[str, int | None]:
    """The text of one read_file page and the offset it says to read next."""
    tail_at = out.rfind("\n\n[")
    body, tail = out[:tail_at], out[tail_at + 2 :]
    m = re.search(r"call read_file with offset=(\d+) for more", tail)
    return body, int(m.group(1)) if m else None


def test_paging_covers_every_character_exactly_once(tmp_path: Path) -> None:
    words = [f"w{i}" + ("\n" if i % 13 == 0 else " ") for i in range(9000)]
    text = "".join(words).strip()
    (tmp_path / "long.txt").write_text(text)
    read = tools_for(Workspace(tmp_path))["read_file"]
    first = read.call({"path": "long.txt"})
    assert f"of {len(text):,}; call read_file with offset=" in first
    parts, offset, calls = [], 0, 0
    while offset is not None:
        out = read.call({"path": "long.txt", "offset": offset})
        body, nxt = _page_body(out)
        assert f"chars {offset:,}–" in out
        assert len(body) <= PAGE_CHARS and len(out) <= AgentConfig().max_observation_chars
        parts.append(body)
        offset, calls = nxt, calls + 1
    assert "".join(parts) == text
    assert calls == len(parts) >= len(text) // PAGE_CHARS
    assert out.endswith(f"of {len(text):,}: end of file]")


def test_paging_a_pdf_names_the_page_it_continues(tmp_path: Path) -> None:
    long_pages = [f"Clause {p}. " + "lorem ipsum dolor " * 500 for p in range(1, 5)]
    make_pdf(tmp_path / "big.pdf", long_pages)
    read = tools_for(Workspace(tmp_path))["read_file"]
    _, nxt = _page_body(read.call({"path": "big.pdf"}))
    assert nxt is not None
    second = read.call({"path": "big.pdf", "offset": nxt})
    assert re.search(r"chars [\d,]+–[\d,]+ of [\d,]+ \(pages? \d(–\d)?\)", second)


def test_offset_outside_the_text_is_explained(folder: Path) -> None:
    read = tools_for(Workspace(folder))["read_file"]
    with pytest.raises(ToolRetry, match=r"outside policy\.txt, which has 41 characters"):
        read.call({"path": "policy.txt", "offset": 5000})
    assert read.call({"path": "policy.txt", "offset": 41}) == (
        "[end of file: all 41 characters are read]"
    )
    with pytest.raises(ToolRetry):
        read.call({"path": "policy.txt", "offset": -1})


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=3000), st.integers(1, 400))
def test_windows_partition_any_text(text: str, size: int) -> None:
    parts, offset = [], 0
    while offset < len(text):
        chunk, end = window(text, offset, size)
        assert 0 < len(chunk) <= size and end == offset + len(chunk)
        parts.append(chunk)
        offset = end
    assert "".join(parts) == text


# --- list_files -----------------------------------------------------------------------------------


def test_list_files_shows_documents_with_sizes_and_counts(folder: Path) -> None:
    out = tools_for(Workspace(folder))["list_files"].call({})
    lines = out.splitlines()
    assert lines[0] == "3 documents in '.':"
    assert re.fullmatch(r"- contract\.pdf \([\d.]+ KB, 3 pages\)", lines[1])
    assert lines[2] == "- policy.txt (42 B, 41 chars)"
    assert re.fullmatch(r"- terms\.docx \([\d.]+ KB\)", lines[3])
    assert "notes.csv" not in out and ".secret.md" not in out


def test_list_files_all_files_pattern_and_subfolders(folder: Path) -> None:
    (folder / "sub").mkdir()
    (folder / "sub" / "annex.md").write_text("# Annex")
    ls = tools_for(Workspace(folder))["list_files"]
    everything = ls.call({"all_files": True})
    assert "notes.csv" in everything and ".secret.md" in everything
    assert "- sub/annex.md" in ls.call({})
    assert ls.call({"pattern": "*.pdf"}).splitlines()[1:] == [
        line for line in ls.call({}).splitlines() if "contract.pdf" in line
    ]
    assert ls.call({"folder": "sub"}).splitlines()[0] == "1 document in 'sub':"
    assert "No documents in '.' matching '*.xlsx'" in ls.call({"pattern": "*.xlsx"})
    with pytest.raises(SandboxError, match="does not exist"):
        ls.call({"folder": "missing"})


# --- write_file ----------------------------------------------------------------------------


def test_write_file_creates_folders_and_reports_bytes(folder: Path) -> None:
    tools = tools_for(Workspace(folder))
    assert tools["write_file"].needs_approval and not tools["read_file"].needs_approval
    out = tools["write_file"].call({"path": "out/LEGAL_NOTICES.md", "content": "# Notices ✓\n"})
    assert out == "Wrote 14 bytes to out/LEGAL_NOTICES.md (new file)."
    assert (folder / "out" / "LEGAL_NOTICES.md").read_text() == "# Notices ✓\n"
    again = tools["write_file"].call({"path": "out/LEGAL_NOTICES.md", "content": "v2"})
    assert again == "Wrote 2 bytes to out/LEGAL_NOTICES.md (replaced 14 bytes)."
    assert not [p for p in (folder / "out").iterdir() if p.name.startswith(".tmp-")]


def test_write_file_never_overwrites_documents_under_review(folder: Path) -> None:
    before = (folder / "contract.pdf").read_bytes()
    write = tools_for(Workspace(folder))["write_file"]
    with pytest.raises(SandboxError, match="protected"):
        write.call({"path": "contract.pdf", "content": "gone"})
    assert (folder / "contract.pdf").read_bytes() == before
    # protected patterns narrow the protection; allow_overwrite lifts it
    ws = Workspace(folder, protected=["*.pdf", "*.docx"])
    ws.write("policy.txt", b"rewritten")
    with pytest.raises(SandboxError, match="protected"):
        ws.write("contract.pdf", b"x")
    Workspace(folder, allow_overwrite=True).write("contract.pdf", b"x")
    assert (folder / "contract.pdf").read_bytes() == b"x"


def test_write_file_to_a_separate_output_folder(tmp_path: Path) -> None:
    docs, out = tmp_path / "docs", tmp_path / "out"
    docs.mkdir()
    out.mkdir()
    tools = {t.name: t for t in file_tools(Workspace(docs), output=Workspace(out))}
    tools["write_file"].call({"path": "REVIEW_SUMMARY.md", "content": "ok"})
    assert (out / "REVIEW_SUMMARY.md").read_text() == "ok"
    assert not (docs / "REVIEW_SUMMARY.md").exists()


# --- a write killed midway --------------------------------------------------------------------

_WRITER = textwrap.dedent(
    """
    import resource, signal, sys
    from thinkact.tools.sandbox import Workspace
    if sys.argv[2] != "0":
        limit = int(sys.argv[2])
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
        if sys.argv[4] == "kill":  # Python ignores SIGXFSZ; the default action kills
            signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
    ws = Workspace(sys.argv[1], allow_overwrite=True, max_write_bytes=2**30)
    ws.write("report.md", b"N" * int(sys.argv[3]))
    """
)
OLD = b"old report, complete\n" * 100


def test_a_write_killed_by_the_kernel_midway_leaves_the_old_file(tmp_path: Path) -> None:
    (tmp_path / "report.md").write_bytes(OLD)
    # The file-size limit makes the kernel kill the writer (SIGXFSZ) inside its write().
    proc = subprocess.run(
        [sys.executable, "-c", _WRITER, str(tmp_path), str(2**20), str(8 * 2**20), "kill"],
        capture_output=True,
    )
    assert proc.returncode == -signal.SIGXFSZ
    assert (tmp_path / "report.md").read_bytes() == OLD
    stray = [p for p in tmp_path.iterdir() if p.name.startswith(".tmp-")]
    assert len(stray) == 1 and stray[0].stat().st_size == 2**20  # killed mid-write


def test_a_write_failing_midway_is_an_observation_and_leaves_nothing(tmp_path: Path) -> None:
    (tmp_path / "report.md").write_bytes(OLD)
    proc = subprocess.run(
        [sys.executable, "-c", _WRITER, str(tmp_path), str(2**20), str(8 * 2**20), "fail"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 1
    assert "SandboxError: could not write 'report.md': File too large" in proc.stderr
    assert (tmp_path / "report.md").read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.md"]


def test_a_writer_sigkilled_midway_leaves_the_old_file(tmp_path: Path) -> None:
    size = 96 * 2**20
    caught_midway = False
    for _ in range(5):  # until the kill lands while the temporary file is being written
        (tmp_path / "report.md").write_bytes(OLD)
        for p in tmp_path.glob(".tmp-*"):
            p.unlink()
        proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(tmp_path), "0", str(size), "-"])
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and proc.poll() is None:
            tmp = [p for p in tmp_path.iterdir() if p.name.startswith(".tmp-")]
            if tmp and 0 < tmp[0].stat().st_size < size:
                proc.send_signal(signal.SIGKILL)
                break
        proc.wait()
        content = (tmp_path / "report.md").read_bytes()
        assert content in (OLD, b"N" * size)  # old or new, never a mix
        if proc.returncode == -signal.SIGKILL and content == OLD:
            caught_midway = True
            break
    assert caught_midway


def test_parallel_reads_share_the_extraction_cache(tmp_path: Path) -> None:
    from thinkact.tools.runtime import ToolRuntime
    from thinkact.types import ToolCall

    make_pdf(tmp_path / "a.pdf", PAGES)
    make_docx(tmp_path / "b.docx")
    (tmp_path / "c.txt").write_text("x " * 30_000)
    runtime = ToolRuntime(file_tools(Workspace(tmp_path)), concurrency=8)
    batch = [
        ToolCall(f"c{i}", "read_file", {"path": path, "offset": offset})
        for i, (path, offset) in enumerate(
            [("a.pdf", 0), ("b.docx", 0), ("c.txt", 0), ("c.txt", 10_000)] * 4
        )
    ]
    outcomes = runtime.run(1, batch)
    assert not any(o.result.is_error for o in outcomes)
    assert len({o.result.content for o in outcomes}) == 4
