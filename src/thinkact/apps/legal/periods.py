"""Periods a text states, counted in months ("two (2) years" -> 24, "a 12-month period"
-> 12), for the readings that weigh how long something lasts."""

from __future__ import annotations

import re

from thinkact.apps.legal.evidence import normalise

_UNITS = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
]  # fmt: skip
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
_NUMBER_WORDS = {w: i + 1 for i, w in enumerate(_UNITS)}
_UNIT = re.compile(r"(year|month|week|season|harvest)s?\b")
_NUMBER_TOKEN = re.compile(r"\d+|[a-z]+")
# words that may stand between a number and its unit ("three (3) contract years", "twelve
# consecutive months")
_QUALIFIERS = frozenset({
    "calendar", "contract", "consecutive", "full", "financial", "fiscal", "subscription",
    "billing", "accounting", "trading", "licence", "license", "lease", "service",
})  # fmt: skip
# a season or a harvest comes once a year
_MONTHS = {"year": 12.0, "month": 1.0, "week": 12 / 52, "season": 12.0, "harvest": 12.0}


def months_in(text: str) -> list[float]:
    """The periods a text states, in months ("two (2) years" -> 24, "thirty-six months"
    -> 36, "a 12-month period" -> 12); a unit with no number before it ("each year")
    states none."""
    low = normalise(text).lower()
    out = []
    for m in _UNIT.finditer(low):
        before = _NUMBER_TOKEN.findall(low[max(0, m.start() - 40) : m.start()])
        if before and before[-1] in _QUALIFIERS:
            before.pop()
        before = before[-2:]
        n = _number(before)
        if n is not None and not (n > 100 and m.group(1) in ("season", "harvest")):
            out.append(n * _MONTHS[m.group(1)])
    return out


# "30 days", "thirty (30) days", "(30) calendar days"
_DAYS = re.compile(
    r"\b(\d+)\)?\s*(?:\(\d+\)\s*)?(?:calendar\s+|business\s+|working\s+|banking\s+)?days\b"
)


# "ninety days", "one hundred and twenty calendar days": a count of days in words only
_WORDED_DAYS = re.compile(r"((?:[a-z]+[\s-]+){1,6}?)(?:calendar\s+|business\s+|working\s+)?days\b")


def months_and_days_in(text: str) -> list[float]:
    """The periods a text states in months, counts of days too ("180 days", "one hundred
    and eighty days" -> 6), for the readings that weigh a deadline or a cap's measure."""
    low = normalise(text).lower()
    days = [int(d) for d in _DAYS.findall(low)]
    for m in _WORDED_DAYS.finditer(low):
        n = _worded(_NUMBER_TOKEN.findall(m.group(1)))
        if n is not None:
            days.append(n)
    return months_in(text) + [d / 30 for d in days]


def _worded(tokens: list[str]) -> int | None:
    """The number the last words spell, up to the hundreds: "ninety", "twenty five", "one
    hundred and twenty"; None if they spell none."""
    words = list(tokens)
    value = 0
    if words and words[-1] in _NUMBER_WORDS:
        value = _NUMBER_WORDS[words.pop()]
    if words and words[-1] in _TENS:
        value += _TENS[words.pop()]
    if value and words and words[-1] == "and":
        words.pop()
    if len(words) >= 2 and words[-1] == "hundred" and words[-2] in (*_NUMBER_WORDS, "a"):
        value += 100 * _NUMBER_WORDS.get(words[-2], 1)
    return value or None


def _number(tokens: list[str]) -> int | None:
    """The number the last tokens before a unit spell: "30", "(30)", "six", "thirty six"."""
    if tokens and tokens[-1].isdigit():
        return int(tokens[-1])
    return _worded(tokens)
