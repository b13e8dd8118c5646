"""A document as the clause checker sees it: passages of text, each with its location.

A location is what a reviewer cites: the page (PDF), the section heading and the clause
number where the text has them ("page 1, clause 4.2 (Fees and Payment)").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from thinkact.errors import ToolRetry
from thinkact.tools.documents import DocumentError, extract, suffix_of
from thinkact.tools.sandbox import Workspace

# "4. Fees and Payment", "SECTION 4 - Payment", "Article 12 - Protection from Claims",
# "Article 11 (Term and Termination)", "Schedule A: Rates", "§ 3 Fees", "IV. Payment
# Terms", "12. Contact us": short, no final full stop.
_AFTER_NUMBER = r"(?:\.?\s+(?:[-\u2013\u2014:]\s+)?|\s*[-\u2013\u2014:]\s+)"
_HEADING = re.compile(
    rf"^(?:(?:(?i:section|article|clause|part)\s+|\u00a7\s*)?(\d{{1,2}})(?:\.0)?{_AFTER_NUMBER}"
    r"|(?:(?i:section|article|part)\s+)?([IVX]{1,5})\.\s+"
    # "A. Who we are", "C. THE FEES": a lettered heading of one to eight words
    r"|[A-Z]\.\s+(?=(?:\S+\s+){0,7}\S+$)"
    # "E3. Designs and Branded Ranges": a chapter's lettered number, the same
    r"|[A-Z]-?\d{1,2}\.\s+(?=(?:\S+\s+){0,7}\S+$)"
    rf"|(?i:schedule|annex|appendix|exhibit)\s+(?:[IVX]{{1,5}}|[A-Z]|\d{{1,2}}){_AFTER_NUMBER})"
    r"(?P<open>\()?(?P<title>[A-Z][^.;:]{1,70}?)(?(open)\))$"
)
# "Part Four: Who we share your data with", "Schedule Two - Rates"
_WORD_NUMBERED = re.compile(
    r"^(?i:part|article|section|chapter|schedule|annex|appendix)\s+(?i:one|two|three|four|five"
    r"|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen"
    r"|eighteen|nineteen|twenty)\s*[-\u2013\u2014:.]\s+[A-Z][^.;:]{1,70}$"
)
_CAPS_HEADING = re.compile(r"^[A-Z][A-Z0-9 ,&'()/-]{3,80}$")
# "FIRST CLAUSE (Subject matter)", "Second Article - Fees", "FOURTH: PAY AND HOURS": clauses
# numbered in words
_ORDINAL = (
    r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth"
    r"|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth"
)
_ORDINAL_HEADING = re.compile(
    rf"^(?i:{_ORDINAL})(?:\s+(?i:clause|article|section|part))?\s*(?:[-\u2013\u2014:.]\s+|\()"
    r"[A-Z][^.;:]{1,70}$"
)
# "4.2 ...", "E3.1 ...", "F-2. ...", "A.2 ...", or a run-in article "Article 8. Reports and payment.
# Within twenty days ..."
_CLAUSE = re.compile(
    r"^(?:(\d{1,2}\.\d{1,2}(?:\.\d{1,2})?|[A-Z]-?\d{1,2}(?:\.\d{1,2}){1,2}|[A-Z]-?\d{1,2}(?=\.)"
    r"|[A-Z]\.\d{1,2}(?:\.\d{1,2})?)\.?"
    r"|(?i:article|section|clause)\s+(\d{1,3})\.)\s+\S"
)
_ITEM = re.compile(r"^(\d{1,2})[.)]\s+(\S.*)$")
_LETTERED = re.compile(r"^\((?:[a-z]|[ivx]{1,4})\)\s+[A-Z]")
# Abbreviations that never end a sentence ("St. Augustine", "No. 4", "e.g. Sundays").
_NO_END = ("St", "Mr", "Mrs", "Ms", "Dr", "No", "Nos", "Art", "Sec", "cl", "para", "e.g", "i.e")
_SENTENCE_END = re.compile(
    "".join(rf"(?<!\b{a}\.)" for a in _NO_END) + r"(?<=[.!?])\s+(?=[A-Z(\"'])"
)


@dataclass(frozen=True, slots=True)
class Passage:
    """One paragraph or numbered clause, with where it stands."""

    text: str
    page: int | None  # 1-based, PDFs only
    section: str  # "4. Fees and Payment" or ""
    clause: str  # "4.2" or ""
    # the numbered heading above an unnumbered one, for a clause numbered under it ("Part
    # 10 - Your rights" for 10.1 under "Access")
    part: str = ""

    @property
    def location(self) -> str:
        parts = []
        if self.page is not None:
            parts.append(f"page {self.page}")
        if self.clause:
            named = f" ({_section_name(self.section)})" if self.section else ""
            parts.append(f"clause {self.clause}{named}")
        elif self.section:
            parts.append(f"section {self.section}")
        return ", ".join(parts) or "start of document"

    def sentences(self) -> list[str]:
        return [s.strip() for s in _SENTENCE_END.split(self.text) if s.strip()]


@dataclass(frozen=True, slots=True)
class Document:
    name: str
    title: str
    pages: int | None
    passages: tuple[Passage, ...]

    @property
    def text(self) -> str:
        return "\n".join(p.text for p in self.passages)


def _section_name(section: str) -> str:
    m = _HEADING.match(section)
    return m.group("title").strip() if m else section


_PAGE_MARK = re.compile(r"^\[page (\d+)\]$", re.MULTILINE)
_TABLE_MARK = re.compile(r"^\[table \d+\]$")
_MD_HEADING = re.compile(r"^#{1,6}\s+")
_PAGE_FOOTER = re.compile(r"^(?i:page)\s+\d{1,4}(?:\s+(?i:of)\s+\d{1,4})?$")


def split_pages(text: str) -> list[str]:
    """Text with `[page N]` markers (PDFs, as `read_file` shows them) -> one text a page."""
    parts = _PAGE_MARK.split(text)
    if len(parts) == 1:
        return [text]
    return [parts[i + 1] for i in range(1, len(parts) - 1, 2)]


def segment(name: str, pages: list[str], *, paged: bool | None = None) -> Document:
    """Split page texts into passages: a heading starts a section, "4.2 ..." a clause, and
    wrapped lines (PDF) join until one of those or a blank line. `paged`: cite page numbers
    (default: when there is more than one page)."""
    paged = len(pages) > 1 if paged is None else paged
    passages: list[Passage] = []
    section, clause, title = "", "", ""
    part, part_number = "", ""  # the last numbered heading, and its number
    title_wraps = False  # the line before was the title's, in capitals: it may carry on
    buf: list[str] = []  # lines of the passage being gathered
    prev = ""  # the last line of text (not a heading)
    listed = False  # the passage being gathered starts with a list bullet
    list_next: int | None = None  # the number the next item of a numbered list would have
    buf_page: int | None = None  # the page the passage being gathered starts on
    carried = False  # the last page ended inside a sentence
    page_lines = [page.splitlines() for page in pages]
    for number, lines in enumerate(page_lines, start=1):
        page_no = number if paged else None
        if carried:  # the sentence the last page cut carries on here
            lines = lines[_text_at(lines) :]
        # the page's end closes its last passage, unless a sentence it cuts carries on
        carried = number < len(pages) and _runs_on(lines, page_lines[number])
        lines = lines[: _text_end(lines)] if carried else [*lines, ""]
        for at, raw in enumerate(lines):
            line = raw.strip()
            marked = _MD_HEADING.match(line)  # DOCX headings come as "# Title", "## 1. Terms"
            line = line[marked.end() :] if marked else line.removeprefix("- ")
            if _PAGE_FOOTER.match(line):  # "Page 2 of 12" inside a sentence cut by the page
                continue
            numbered = (
                _HEADING.match(line) or _WORD_NUMBERED.match(line) or _ORDINAL_HEADING.match(line)
            )
            # a numbered paragraph whose first line wraps into a lower-case one is no heading
            # ("16. We do not use your data for automated decision-making that has legal or")
            wraps = at + 1 < len(lines) and lines[at + 1][:1].islower()
            heading = bool(numbered) and not line.endswith(",") and not (wraps and not marked)
            item = _ITEM.match(line)
            if item and not marked and _list_item(item, prev, list_next, heading):
                heading, list_next = False, int(item.group(1)) + 1
            # a line in capitals that carries on a shouted sentence ("... LOSS OF OR" before
            # "DAMAGE TO CLIENT'S RAFTS, HOWEVER CAUSED") is no heading
            shouted_on = bool(buf and prev) and prev[-1] not in ".:;?!"
            # (the document's first line may be a long title: "LONG COVE KILN WORKS - STUDIO
            # MEMBERSHIP, CLASS AND FIRING TERMS")
            most = 16 if not (title or passages or buf) else 10
            caps = bool(_CAPS_HEADING.match(line)) and len(line.split()) <= most and not shouted_on
            is_heading = heading or caps or bool(marked and len(line) <= 80)
            # a PDF's short line between a sentence's end and a numbered paragraph heads it
            # ("What each party promises" before "19. The Owner confirms ...")
            standalone = False
            if paged and not is_heading and _bare(line) and (not buf or prev.endswith(".")):
                after = lines[at + 1].strip() if at + 1 < len(lines) else ""
                standalone = is_heading = bool(_ITEM.match(after) or _CLAUSE.match(after))
            # "3.0 tons per acre" that carries on a sentence is no clause number
            clause_start = _CLAUSE.match(line) if not _carries_on(prev, buf) else None
            # a PDF's numbered title on a line of its own ("A3.4 Deletion in the ordinary
            # course" before "When the Controller ..."): a heading, not its clause's first words
            if paged and clause_start is not None and not is_heading:
                after = lines[at + 1].strip() if at + 1 < len(lines) else ""
                if _numbered_title(line[clause_start.end() - 1 :], after):
                    standalone = is_heading = True
                    clause_start = None
            # "2. Licensor may terminate ..." or "(b) After the 2029 vintage ..." after a
            # sentence's end, outside a list: a paragraph of its own (an article's "1.",
            # "2.", or its "(a)", "(b)" when a PDF runs them together)
            numbered_alone = bool(item) and list_next is None
            paragraph = (numbered_alone or bool(_LETTERED.match(line))) and prev.endswith(".")
            if buf and (
                not line or _TABLE_MARK.match(line) or is_heading or clause_start or paragraph
            ):
                if not paged and not line and not listed and len(buf) == 1 and _bare(buf[0], 10):
                    # A short line standing alone: a plain-text heading ("About this policy").
                    title, section = (title, buf[0]) if title else (buf[0], section)
                    clause, list_next = "", None
                else:
                    text = re.sub(r"\s+", " ", " ".join(buf)).strip()
                    under = section != part and clause.split(".")[0] == part_number
                    passages.append(Passage(text, buf_page, section, clause, part if under else ""))
                buf = []
            if not line or _TABLE_MARK.match(line):
                title_wraps = title_wraps and bool(line)
                continue
            if is_heading:
                if caps and title_wraps and not heading:  # "MASTER AGREEMENT FOR ..." "SERVICES"
                    title = f"{title} {line}"
                elif not title and not heading and not standalone:
                    title, title_wraps = line, caps
                    continue
                else:
                    section, clause, list_next = line, "", None
                    top = _HEADING.match(line) if heading else None
                    if top is not None and top.group(1):
                        part, part_number = line, top.group(1)
                title_wraps = False
                continue
            title_wraps = False
            if clause_start:
                clause = clause_start.group(1) or clause_start.group(2)
            if not buf:
                listed = raw.lstrip().startswith(("- ", "* ", "• "))
                buf_page = page_no
            buf.append(line)
            prev = line
    return Document(name, title, len(pages) if paged else None, tuple(passages))


# Not a heading: a sentence's end, a label and its value ("Date: 1 May 2025"), a list (","),
# brackets, an address, a year, a page number.
_BARE_NOT = re.compile(r"[.;!?'\"]$|[:,@{}\[\]()<>|]|\b\d{4}\b|^\W|^\d|^[Pp]age \d")


# A question standing alone heads what answers it ("What happens if you leave?").
_QUESTION_NOT = re.compile(r"[.;:!?'\"@{}\[\]<>|]|\b\d{4}\b|^\W|^\d")


def _is_text(line: str) -> bool:
    s = line.strip()
    return bool(s) and not _PAGE_FOOTER.match(s)


def _text_at(lines: list[str]) -> int:
    """The index of a page's first line of text (not blank, not a page number)."""
    return next((i for i, line in enumerate(lines) if _is_text(line)), len(lines))


def _text_end(lines: list[str]) -> int:
    """The index just past a page's last line of text."""
    return next((i + 1 for i in range(len(lines) - 1, -1, -1) if _is_text(lines[i])), 0)


# A number in words before its figure, cut by the page ("... on the date falling six" /
# "(6) months after the Effective Date").
_WORD_BEFORE_FIGURE = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|eighteen"
    r"|twenty|thirty|forty|fifty|sixty|ninety|hundred)$"
)
_FIGURE_AFTER_WORD = re.compile(r"^\(\d+\)\s+[a-z]")


def _runs_on(lines: list[str], following: list[str]) -> bool:
    """Whether a sentence cut by a page's end (its `lines`) carries on at the top of the
    next (`following`): the page's last line ends in a lower-case word or a comma, and the
    next page's first line starts in lower case ("... the functionality of the Service or
    the" / "level of security."), or with the figure of the number the page ended on."""
    end, start = _text_end(lines), _text_at(following)
    if not end or start == len(following):
        return False
    last, first = lines[end - 1].strip(), following[start].strip()
    if _WORD_BEFORE_FIGURE.search(last) and _FIGURE_AFTER_WORD.match(first):
        return True
    return (last[-1:].islower() or last.endswith(",")) and first[:1].islower()


def _carries_on(prev: str, buf: list[str]) -> bool:
    """Whether the next line continues the passage's sentence: the last line ends in a word
    ("... stay within yields of" before "3.0 tons per acre")."""
    return bool(buf) and prev[-1:].isalpha() and prev[-1:].islower()


def _bare(line: str, words: int = 8) -> bool:
    """Whether a line standing alone reads as a heading: one to eight words (ten between
    blank lines of plain text), starting with a capital letter, none of `_BARE_NOT`; or a
    question of up to fourteen words."""
    if not line[:1].isupper():
        return False
    if line.endswith("?"):
        return len(line.split()) <= 14 and not _QUESTION_NOT.search(line[:-1])
    return 1 <= len(line.split()) <= words and not _BARE_NOT.search(line)


_TITLE_CHARS = 60


def _numbered_title(title: str, after: str) -> bool:
    """Whether the words after a clause number are a title standing alone: one to eight
    words from a capital, no sentence's punctuation, a short line, and a sentence starting
    on the next line."""
    title = title.strip()
    return (
        title[:1].isupper()
        and 1 <= len(title.split()) <= 8
        and len(title) <= _TITLE_CHARS
        and not _BARE_NOT.search(title)
        and after[:1].isupper()
    )


def _list_item(item: re.Match[str], prev: str, list_next: int | None, heading: bool) -> bool:
    """Whether a numbered line is an item of a list ("you have the right to:" then "1. Request
    a copy of your data") rather than a section heading: it follows a colon or the list's
    previous item, and reads as a sentence (four words or more, mostly lower case), where a
    heading is short or in title case ("1. Definitions", "4. Fees and Payment")."""
    if not (prev.endswith(":") or int(item.group(1)) == list_next):
        return False
    if not heading:
        return True
    words = item.group(2).split()
    return len(words) >= 4 and sum(w[:1].islower() for w in words) * 2 > len(words)


def load_document(workspace: Workspace, path: str) -> Document:
    """Read and segment a document of the workspace; errors are ToolRetry for the model."""
    info, data = workspace.read(path)
    try:
        extracted = extract(data, suffix_of(info.path))
    except DocumentError as e:
        raise ToolRetry(f"'{info.path}' cannot be read: {e}") from None
    if extracted.note == "scanned":
        raise ToolRetry(f"'{info.path}' has no text layer (a scanned PDF); it needs OCR first")
    return segment(info.path, split_pages(extracted.text), paged=extracted.pages is not None)
