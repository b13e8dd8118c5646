"""Optional behaviour beside the loop core, one policy a module (see base.py for the seam).

    loop_guard   repeats and oscillations: nudge, then stop
    validation   answers checked by validators; answers given by return_direct tools
    resample     resampling after an error or a turned-down reply; cut replies asked again
    screen       call screening, with grounding of the calls' values (grounding.py)
    decline      the decline check: an answer without a tool that fits is asked again
    hint         the observation hint
    summary      summarising trim
    presets      named sets of them (`small_local`, `standard`)

The seam's names load with the package; the presets (and the policies they build) when
first named, so the loop core, which needs only the seam, loads none of them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from thinkact.policies.base import BasePolicy, Hook, Policy, Replaced, Turn, Verdict

if TYPE_CHECKING:
    from thinkact.policies.presets import (
        PRESETS,
        Preset,
        Setup,
        preset,
        small_local,
        standard,
    )

_PRESETS = ("PRESETS", "Preset", "Setup", "preset", "small_local", "standard")


def __getattr__(name: str) -> Any:
    if name in _PRESETS:
        return getattr(importlib.import_module("thinkact.policies.presets"), name)
    raise AttributeError(f"module 'thinkact.policies' has no attribute {name!r}")


__all__ = [
    "PRESETS",
    "BasePolicy",
    "Hook",
    "Policy",
    "Preset",
    "Replaced",
    "Setup",
    "Turn",
    "Verdict",
    "preset",
    "small_local",
    "standard",
]
