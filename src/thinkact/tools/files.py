"""File tools bound to a workspace: list_files, read_file, write_file, mark_step_complete."""

from __future__ import annotations

import fnmatch
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

from thinkact.errors import ToolRetry
from thinkact.events import ProgressMarked
from thinkact.tools.base import Tool, ToolContext
from thinkact.tools.documents import (
    DOCUMENT_SUFFIXES,
    PAGE_CHARS,
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
    """The four file tools over `workspace`; `write_file` writes into `output` if given."""
    out = output or workspace
    docs: _Cache[tuple[str, int, int, int], Document] = _Cache(16)
    counts: _Cache[tuple[str, int, int, int], str] = _Cache(512)

    def load(path: str) -> tuple[FileInfo, Document]:
        info, data = workspace.read(path)
        try:
            return info, docs.get_or(info.key, lambda: extract(data, suffix_of(info.path)))
        except DocumentError as e:
            raise ToolRetry(f"'{info.path}' cannot be read: {e}") from None

    def count(info: FileInfo) -> str:
        suffix = suffix_of(info.path)
        if info.size > _COUNT_LIMIT or suffix not in (".pdf", ".txt", ".md"):
            return ""

        def measure() -> str:
            data = workspace.read(info.path)[1]
            if suffix == ".pdf":
                try:
                    n = pdf_page_count(data)
                except DocumentError:
                    return "unreadable PDF"
                return f"{n} page" + ("s" if n != 1 else "")
            try:
                return f"{len(extract(data, suffix).text):,} chars"
            except DocumentError:
                return "not text"

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

        Long text comes in parts of 10,000 characters; the end of each part says which
        offset to read next.

        Args:
            path: file path relative to the workspace root, e.g. "contract.pdf".
            offset: character position to start from (0 for the beginning).
        """
        info, doc = load(path)
        total = len(doc.text)
        about = doc.kind + (f", {doc.pages} page" + "s" * (doc.pages != 1) if doc.pages else "")
        if doc.note == "scanned":
            return (
                f"{info.path} ({about}) has no text layer: it looks like a scanned document. "
                "Its text cannot be read without OCR; say so in your report."
            )
        if total == 0:
            return f"{info.path} ({about}) is empty."
        if offset < 0 or offset >= total:
            raise ToolRetry(
                f"offset={offset} is outside {info.path}, which has {total:,} characters; "
                "use an offset from 0 to " + f"{total - 1}"
            )
        chunk, end = window(doc.text, offset, page_chars)
        head = f"{info.path} ({about}, {total:,} chars)"
        if offset == 0 and end == total:
            return f"{head}\n\n{chunk}"
        page = page_at(doc.text, offset) if offset else None
        head += f", chars {offset:,}–{end:,}" + (f" (from page {page})" if page else "") + ":"
        if end < total:
            tail = (
                f"[chars {offset:,}–{end:,} of {total:,}; "
                f"call read_file with offset={end} for more]"
            )
        else:
            tail = f"[chars {offset:,}–{end:,} of {total:,}: end of file]"
        return f"{head}\n\n{chunk}\n\n{tail}"

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

    def mark_step_complete(step_name: str, ctx: ToolContext) -> str:
        """Declare a step of the workflow complete, so progress is shown to the user.

        Args:
            step_name: the step's name, e.g. "scan documents".
        """
        name = " ".join(step_name.split())
        if not name:
            raise ToolRetry("step_name is empty; give the name of the step you completed")
        ctx.emit(ProgressMarked(name))
        return f"Step '{name}' marked complete."

    return [
        Tool.from_function(list_files, idempotent=True),
        Tool.from_function(read_file, idempotent=True),
        Tool.from_function(write_file, needs_approval=True),
        Tool.from_function(mark_step_complete),
    ]


__all__ = ["file_tools", "human_size"]
