"""Which kind of document a text is, from its title, its opening (parties, recitals) and its
headings, by the phrases each kind's checklist file lists. Anything else is a general
contract."""

from __future__ import annotations

from dataclasses import dataclass

from thinkact.apps.legal.checklist import Kind, kinds
from thinkact.apps.legal.documents import Document
from thinkact.apps.legal.evidence import normalise, phrase

OPENING_CHARS = 600


@dataclass(frozen=True, slots=True)
class Detected:
    kind: Kind
    why: str  # "title: 'Mutual Non-Disclosure Agreement'", for the report


def _head(doc: Document) -> str:
    """The title line: the document's first heading, else its first line."""
    for line in (doc.title, *(p.text for p in doc.passages[:1])):
        if line.strip():
            return normalise(line).lower()[:160]
    return ""


def detect(doc: Document) -> Detected:
    """The kind with the longest title phrase in the title line, else in the opening, else
    the kind whose body cues the text has most of (at least three), else general."""
    head = _head(doc)
    opening = normalise(" ".join(p.text for p in doc.passages))[:OPENING_CHARS].lower()
    headings = " | ".join(dict.fromkeys(p.section for p in doc.passages if p.section)).lower()
    candidates = [k for k in kinds().values() if k.id != "general"]
    for where, text in (("title", head), ("opening", opening)):
        best = max(
            ((len(t), k, t) for k in candidates for t in k.titles if phrase(t).search(text)),
            default=None,
            key=lambda x: x[0],
        )
        if best is not None:
            return Detected(best[1], f"{where} says '{best[2]}'")
    body = normalise(" ".join(p.text for p in doc.passages)).lower() + " " + headings
    counts = [(sum(1 for c in k.cues if phrase(c).search(body)), k) for k in candidates]
    score, chosen = max(counts, key=lambda x: x[0])
    if score >= 3:
        return Detected(chosen, f"{score} of its usual terms appear")
    return Detected(kinds()["general"], "no more specific kind recognised")
