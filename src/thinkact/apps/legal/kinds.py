"""Which kind of document a text is, from its title, its opening (parties, recitals) and its
headings, by the phrases each kind's checklist file lists. Anything else is a general
contract."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from thinkact.apps.legal.checklist import Kind, kinds
from thinkact.apps.legal.documents import Document
from thinkact.apps.legal.evidence import normalise, phrase, titled

OPENING_CHARS = 600
REPEATED = 5  # uses of a cue that make it the text's own term
CUES_NEEDED = 3  # of a kind's usual terms, for the text to be of that kind
UNNAMED = "no more specific kind recognised"


@dataclass(frozen=True, slots=True)
class Detected:
    kind: Kind
    why: str  # "title: 'Mutual Non-Disclosure Agreement'", for the report


TITLE_CHARS = 60  # how far a title with no line of its own may run
_ABOUT_DATA = re.compile(r"\b(?:data|processing|personal|privacy|information)\b")
_PDF_TERMS = re.compile(r"\bterms\b(?! of (?:engagement|reference|business|employment))")


def _head(doc: Document) -> str:
    """The title line: the document's first heading, else its first line."""
    for line in (doc.title, *(p.text for p in doc.passages[:1])):
        if line.strip():
            return normalise(line).lower()[:160]
    return ""


def detect(doc: Document) -> Detected:
    """The kind with the longest title phrase in the title line, else in the first heading
    (a letter's, under its letterhead), else in the opening, else
    the kind whose body cues the text has most of (at least three), else the one kind two of
    whose cues the text uses throughout, else general."""
    head = _head(doc)
    opening = normalise(" ".join(p.text for p in doc.passages))[:OPENING_CHARS].lower()
    headings = " | ".join(dict.fromkeys(p.section for p in doc.passages if p.section)).lower()
    # a letter's first heading is its title when the title line is the letterhead
    first = next((p.section for p in doc.passages if p.section), "")
    first = normalise(first).lower()[:160] if first != doc.title else ""
    candidates = [k for k in kinds().values() if k.id != "general"]
    for where, text in (("title", head), ("first heading", first), ("opening", opening)):
        # A title that names a general contract ("Yarn Supply Agreement") settles it too,
        # whatever confidentiality or service terms its body uses; an opening's mention of
        # a lease or a supply does not.
        named = [
            (k, (*k.titles, *k.headline) if where != "opening" else k.titles)
            for k in (candidates if where == "opening" else kinds().values())
        ]
        best = max(
            ((len(t), k, t) for k, titles in named for t in titles if _names(text, t)),
            default=None,
            key=lambda x: x[0],
        )
        if best is not None:
            # "Terms for Piano Tuning and Repair Visits": a title word that only names the
            # work ("repair") does not outweigh a title that calls itself terms
            if best[2] not in best[1].titles and _titled_terms(head):
                return Detected(kinds()["terms"], "the title calls it terms")
            return _narrowed(doc, Detected(best[1], f"{where} says '{best[2]}'"), best[2])
    body = normalise(" ".join(p.text for p in doc.passages)).lower() + " " + headings
    # A kind's terms confined to one section are that section's subject (the confidentiality
    # article of a distribution agreement), not the document's.
    sections = _sections(doc)
    candidates = [k for k in candidates if _spread(sections, k.cues)]
    counts = [(sum(1 for c in k.cues if phrase(c).search(body)), k) for k in candidates]
    score, chosen = max(counts, key=lambda x: x[0], default=(0, None))
    # Processing terms inside a contract for work or a subscription (the Article 28 clause of
    # a services agreement) are a clause of it: the work or the service is the document's
    # subject, unless the title speaks of the data.
    work = max(
        ((n, k) for n, k in counts if k.id in ("services", "saas") and n >= CUES_NEEDED),
        default=(0, None),
        key=lambda x: x[0],
    )[1]
    if (
        chosen is not None
        and chosen.id == "dpa"
        and work is not None
        and not _ABOUT_DATA.search(head[:TITLE_CHARS])
    ):
        return Detected(work, "its usual terms appear, beside processing terms")
    if chosen is not None and score >= CUES_NEEDED:
        return Detected(chosen, f"{score} of its usual terms appear")
    # Or two of one kind's terms are the text's own defined terms ("the Recipient" used
    # throughout), which a text of another kind uses only in passing.
    uses = [([len(phrase(c).findall(body)) for c in _own(k.cues)], k) for k in candidates]
    defined = [k for found, k in uses if sum(n >= REPEATED for n in found) >= 2]
    if len(defined) == 1:
        return Detected(defined[0], "its usual terms are used throughout")
    if _calls_itself_terms(doc, head):
        return Detected(kinds()["terms"], "the title calls it terms")
    general = kinds()["general"]
    said = next((t for t in general.titles if _names(head, t)), None)
    return Detected(general, f"title says '{said}'" if said else UNNAMED)


# "Membership Terms", "Booking Terms - Farm Tours", "Booking Terms for Storm Walks",
# "Membership Terms: Ribe", "Membership Terms of Kuohuranta Lake Sauna": a title that names
# itself terms
_TERMS_TITLE = re.compile(r"\bterms(?:$|\s*:|\s+[-\u2013\u2014(]|\s+for\s|\s+of\s)")


def _titled_terms(head: str) -> bool:
    return bool(_TERMS_TITLE.search(head.rstrip(" .:")))


def _calls_itself_terms(doc: Document, head: str) -> bool:
    """A title that names itself terms, and nothing more specific, is terms of service (a
    PDF's title runs on into its first lines)."""
    return _titled_terms(head) or (
        not doc.title and bool(_PDF_TERMS.search(head.split(". ")[0][:TITLE_CHARS]))
    )


_LETTERS = "ABCDEFGHIJ"


def kind_question(doc: Document) -> str:
    """What a model is asked when the words name no kind: the document's opening and
    headings, and each kind's `about` by letter (general last)."""
    opening = normalise(" ".join([doc.title, *(p.text for p in doc.passages)]))[:700]
    headings = " | ".join(dict.fromkeys(p.section for p in doc.passages if p.section))[:500]
    options = "\n".join(f"{_LETTERS[i]}. {k.about}" for i, k in enumerate(kinds().values()))
    return (
        f"Document opening:\n{opening}\n\nIts headings: {headings}\n\nWhich kind of document "
        f"is it?\n{options}\nAnswer with one letter."
    )


def kind_answer(reply: str, title: str = "") -> Detected | None:
    """The kind a model's reply names by its letter; None for general or no answer: a
    small model calls most contracts general, so only a more specific answer counts, and
    not one the document's `title` rules out (a "Grow-Out Agreement" is no terms of
    service)."""
    m = re.match(r"\W*([A-J])\b", reply.strip())
    choices = list(kinds().values())
    at = _LETTERS.index(m.group(1)) if m is not None else len(choices)
    if at >= len(choices):
        return None
    chosen = choices[at]
    if chosen.id == "general" or titled(title, chosen.never_titled):
        return None
    return Detected(chosen, f"the model read it as {chosen.about.split(' (')[0]}")


def _narrowed(doc: Document, found: Detected, title: str) -> Detected:
    """The kind that takes over a generic title ("Service Agreement") when the text uses its
    word throughout ("subscription")."""
    narrowing = [k for k in kinds().values() if title in k.narrows]
    if not narrowing:  # most titles: no need to read the whole text again
        return found
    body = normalise(" ".join(p.text for p in doc.passages)).lower()
    for k in narrowing:
        if len(phrase(k.narrowed_by).findall(body)) >= REPEATED:
            return Detected(k, f"title says '{title}', for a {k.narrowed_by}")
    return found


# "read them with our Privacy Statement": another document the text refers to, not its name
_REFERENCE = re.compile(r"(?:\bour|\byour|\bsee the)\s+$")


def _names(text: str, title: str) -> bool:
    """Whether a title phrase stands in the text, as whole words (plurals too: "care" is
    not "carefully"), other than as a reference to another document of ours."""
    whole = _whole(title)
    return any(not _REFERENCE.search(text[: m.start()]) for m in whole.finditer(text))


@cache
def _whole(title: str) -> re.Pattern[str]:
    return re.compile(phrase(title).pattern + r"(?:s|es)?(?![a-z])")


def _sections(doc: Document) -> list[str]:
    """Each section's text, normalised and lower case."""
    texts: dict[str, list[str]] = {}
    for p in doc.passages:
        texts.setdefault(p.section, []).append(p.text)
    return [normalise(" ".join(t)).lower() for t in texts.values()]


def _spread(sections: list[str], cues: tuple[str, ...]) -> bool:
    """Whether the cues appear in at least two sections (any, in a text of fewer than three)."""
    if len(sections) < 3:
        return True
    found = 0
    for low in sections:
        if any(phrase(c).search(low) for c in cues):
            found += 1
            if found >= 2:
                return True
    return False


def _own(cues: tuple[str, ...]) -> list[str]:
    """The cues less those that extend another ("the services" after "the service"): both
    would count the same words."""
    return [c for c in cues if not any(o != c and c.startswith(o) for o in cues)]
