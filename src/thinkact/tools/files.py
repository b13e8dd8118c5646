"""File tools bound to a workspace: list_files, read_file, write_file. (A workflow's
mark_step_complete is thinkact.workflow's.)"""

from __future__ import annotations

import fnmatch
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

from thinkact.config import AgentConfig
from thinkact.errors import ToolRetry
from thinkact.tools.base import Tool
from thinkact.tools.documents import (
    DOCUMENT_SUFFIXES,
    Document,
    DocumentError,
    extract,
    page_at,
    pdf_page_count,
    suffix_of,
    window,
)
from thinkact.tools.sandbox import FileInfo, Workspace

MAX_LISTED = 200
# A part of a document and the line after it fit the loop's default observation cap, so
# the loop never cuts a part: what it cuts is never shown (see context.cap_result).
FOOTER_ROOM = 1_000
PAGE_CHARS = AgentConfig().max_observation_chars - FOOTER_ROOM
_COUNT_LIMIT = 8 * 2**20  # list_files counts pages/chars only for files up to this size
K = TypeVar("K")
V = TypeVar("V")


class _Cache(Generic[K, V]):
    """A small thread-safe LRU: extracted text is reused while paging through a document
    (parallel calls may read at once)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get_or(self, key: K, make: Callable[[], V]) -> V:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = make()  # outside the lock: a slow PDF must not block other reads
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return value


def human_size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    value = n / 1024
    for unit in ("KB", "MB"):
        if value < 1024:
            return f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GB"


def file_tools(
    workspace: Workspace, *, output: Workspace | None = None, page_chars: int = PAGE_CHARS
) -> list[Tool]:
    """The four file tools over `workspace`; `write_file` writes into `output` if given.

    `read_file` shows long text in parts of at most `page_chars` characters, each followed
    by a line that says where the next starts: keep a part and that line under the loop's
    observation cap (`AgentConfig.max_observation_chars`) or the loop cuts the part.
    """
    if page_chars < 1:
        raise ValueError(f"page_chars must be at least 1, got {page_chars}")
    out = output or workspace
    docs: _Cache[tuple[str, int, int, int], Document | DocumentError] = _Cache(16)
    counts: _Cache[tuple[str, int, int, int], str] = _Cache(512)

    def load(path: str) -> tuple[FileInfo, Document | DocumentError]:
        info, data = workspace.read(path)
        return info, docs.get_or(info.key, lambda: _extract_or_error(data, info.path))

    def count(info: FileInfo) -> str:
        suffix = suffix_of(info.path)
        if info.size > _COUNT_LIMIT or suffix not in (".pdf", ".txt", ".md"):
            return ""

        def measure() -> str:
            data = workspace.read(info.path)[1]
            try:
                if suffix == ".pdf":
                    n = pdf_page_count(data)
                    return f"{n} page" + ("s" if n != 1 else "")
                return f"{len(extract(data, suffix).text):,} chars"
            except DocumentError as e:
                return _COUNT_LABELS.get(e.reason, "unreadable")

        try:
            return counts.get_or(info.key, measure)
        except ToolRetry:  # vanished or swapped since the listing
            return ""

    def list_files(folder: str = ".", pattern: str | None = None, all_files: bool = False) -> str:
        """List the documents in a folder of the workspace (and its subfolders).

        Args:
            folder: folder to list, relative to the workspace root.
            pattern: optional glob on the file name or path, e.g. "*.pdf" or "contracts/*".
            all_files: list every file, not only documents (.pdf .docx .txt .md).
        """
        found: list[FileInfo] = []
        more = 0
        for info in workspace.files(folder, hidden=all_files):
            if not all_files and suffix_of(info.path) not in DOCUMENT_SUFFIXES:
                continue
            if pattern and not (
                fnmatch.fnmatch(info.path, pattern)
                or fnmatch.fnmatch(info.path.rsplit("/", 1)[-1], pattern)
            ):
                continue
            if len(found) < MAX_LISTED:
                found.append(info)
            else:
                more += 1
        what = ("file" if all_files else "document") + ("s" if len(found) + more != 1 else "")
        where = f"'{folder}'" + (f" matching '{pattern}'" if pattern else "")
        if not found:
            hint = "" if all_files else "; call list_files with all_files=true to see every file"
            return f"No {what} in {where}{hint}."
        lines = [f"{len(found) + more} {what} in {where}:"]
        for info in found:
            extra = count(info)
            lines.append(
                f"- {info.path} ({human_size(info.size)}" + (f", {extra})" if extra else ")")
            )
        if more:
            lines.append(f"... and {more} more; narrow the listing with pattern or folder.")
        return "\n".join(lines)

    def read_file(path: str, offset: int = 0) -> str:
        """Read a document's text: PDF (with [page N] markers), DOCX (with tables), TXT or MD.

        Long text comes in parts; the line after each part says which offset to read next.

        Args:
            path: file path relative to the workspace root, e.g. "contract.pdf".
            offset: character position to start from (0 for the beginning).
        """
        info, doc = load(path)
        if isinstance(doc, DocumentError):
            # An observation, not an error: a folder with a few bad files in a row must not
            # reach the loop's limit of consecutive errors and stop the review.
            return (
                f"{info.path} cannot be read ({doc.reason}): {doc}. "
                "Do not read it again; say that it could not be read."
            )
        total = len(doc.text)
        start = offset
        if start < 0 or start > total:
            raise ToolRetry(
                f"offset={offset} is outside {info.path}, which has {total:,} characters; "
                f"use an offset from 0 to {total - 1}"
            )
        if start == total:  # short, without the path: the loop must never cut this one
            return f"[end of file: all {total:,} characters are read]"
        chunk, end = window(doc.text, start, page_chars)
        return f"{chunk}\n\n{_footer(info.path, doc, start, end)}"

    def write_file(path: str, content: str) -> str:
        """Write a text file in the workspace (folders are created as needed).

        Existing documents under review are never overwritten.

        Args:
            path: file path relative to the workspace root, e.g. "LEGAL_NOTICES.md".
            content: the full text to write.
        """
        result = out.write(path, content.encode("utf-8"))
        was = "new file" if result.replaced is None else f"replaced {result.replaced:,} bytes"
        return f"Wrote {result.bytes_written:,} bytes to {result.path} ({was})."

    return [
        Tool.from_function(list_files, idempotent=True),
        Tool.from_function(read_file, idempotent=True),
        Tool.from_function(write_file, needs_approval=True),
    ]


_COUNT_LABELS = {"empty": "empty", "binary": "not text", "encrypted": "encrypted"}


def _extract_or_error(data: bytes, path: str) -> Document | DocumentError:
    """Failures are kept too: a model that reads a scanned PDF again is told again at once."""
    try:
        return extract(data, suffix_of(path))
    except DocumentError as e:
        return e


def _footer(path: str, doc: Document, start: int, end: int) -> str:
    """The line after a part: what the document is, which characters (and pages) the part
    holds, and the offset to read on from. Always last, so that a cut result still starts
    at `start` and the loop's pointer (start + cap) is exact."""
    total = len(doc.text)
    about = doc.kind + (f", {doc.pages} page" + "s" * (doc.pages != 1) if doc.pages else "")
    if start == 0 and end == total:
        return f"[{path}: {about}, {total:,} chars: the whole file]"
    held = f"[{path}: {about}; chars {start:,}–{end:,} of {total:,}{_pages(doc, start, end)}"
    if end < total:
        return f"{held}; call read_file with offset={end} for more]"
    return f"{held}: end of file]"


def _pages(doc: Document, start: int, end: int) -> str:
    """Where a part of a PDF's text falls, as " (pages 3–5)"; "" for text without pages."""
    first, last = page_at(doc.text, start), page_at(doc.text, end - 1)
    if first is None or last is None:
        return ""
    return f" (page {first})" if first == last else f" (pages {first}–{last})"


__all__ = ["PAGE_CHARS", "file_tools", "human_size"]
