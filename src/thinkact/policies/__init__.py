"""Optional behaviour beside the loop core, one policy a module (see base.py for the seam).

loop_guard   repeats and oscillations: nudge, then stop
validation   answers checked by validators; answers given by return_direct tools
resample     resampling after an error or a turned-down reply; cut replies asked again
screen       call screening, with grounding of the calls' values (grounding.py)
decline      the decline check: an answer without a tool that fits is asked again
hint         the observation hint
summary      summarising trim
presets      named sets of them (`small_local`, `standard`)
"""

from thinkact.policies.base import BasePolicy, Hook, Policy, Replaced, Turn, Verdict
from thinkact.policies.presets import PRESETS, Preset, Setup, preset, small_local, standard

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
