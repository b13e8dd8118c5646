"""Readings of one sentence built from patterns: it says something, says it without what
would make it concrete or fair, or affirms it with no negation before it. The open and risky
wording readings (`open_wording`, `risky_wording`) are made with these."""

from __future__ import annotations

import re
from collections.abc import Callable

from thinkact.apps.legal.evidence import normalise


def saying(said: re.Pattern[str]) -> Callable[[str], bool]:
    """A reading of a sentence that says `said`, whatever else it says."""

    def read(text: str) -> bool:
        return bool(said.search(normalise(text).lower()))

    return read


def said_without(said: re.Pattern[str], unless: re.Pattern[str]) -> Callable[[str], bool]:
    """A reading of a sentence that says `said` and nothing of `unless` (what would make it
    concrete or fair)."""

    def read(text: str) -> bool:
        low = normalise(text).lower()
        return bool(said.search(low)) and not unless.search(low)

    return read


# A negation reaches the end of its clause, or a new grant after a comma ("is not required to
# return it, may retain the samples and may continue to use them").
_DENIED_BEFORE = re.compile(
    r"\b(?:not|never|no|nor|cannot|neither)\b"
    r"(?:(?!,\s+(?:and\s+|but\s+)?(?:may|can|shall|will)\s)[^.;])*$"
)


def affirmed(pattern: re.Pattern[str], text: str, *, denied_within: bool = False) -> bool:
    """Whether `pattern` matches where no negation in the same clause comes before the match
    (or, with `denied_within`, before its end: "do not apply to disputes that arose before")."""
    low = normalise(text).lower()
    return any(
        not _DENIED_BEFORE.search(low[: m.end() if denied_within else m.start()])
        for m in pattern.finditer(low)
    )


def affirming(pattern: re.Pattern[str], *, denied_within: bool = False) -> Callable[[str], bool]:
    """A reading of a sentence that affirms `pattern` (`affirmed`)."""

    def read(text: str) -> bool:
        return affirmed(pattern, text, denied_within=denied_within)

    return read
