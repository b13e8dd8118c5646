"""Risky wording no single phrase can hold, read from a whole sentence, by family: liability
(an indemnity that reaches the protected party's own fault, one side's liability left
unlimited, ...), information and data (data used for the recipients' own ends, ...), and term,
payment and law (a long automatic renewal, ...). Each reading is named in the checklists'
`risky_match` lists ("{own_fault}", "{long_renewal}", ...) through `values.states`."""

from __future__ import annotations

from collections.abc import Callable

from thinkact.apps.legal.risky_wording.data import DATA
from thinkact.apps.legal.risky_wording.liability import LIABILITY
from thinkact.apps.legal.risky_wording.terms import TERMS

READINGS: dict[str, Callable[[str], bool]] = {**LIABILITY, **DATA, **TERMS}
