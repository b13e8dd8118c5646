"""Named sets of policies. A preset is a function of the run's `Setup` that returns fresh
policies (they keep per-run state), so one preset serves every run of an agent.

`small_local` is what small local models need, switched by the run's AgentConfig as
before: validation (always), resampling (always), the loop guard (`loop_detection`), the
decline check (`decline_check`), call screening (`screen_calls`), the observation hint
(`observation_hint`) and summaries (`summarize`). `Agent(policies="auto")` takes it on
`local` models; `standard` is the set every other model gets, today the same one (API
models were measured with it), kept apart so the two can differ.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from thinkact.config import AgentConfig
from thinkact.effects import Validator
from thinkact.errors import UserError
from thinkact.policies.base import Policy
from thinkact.policies.decline import DeclineCheck
from thinkact.policies.hint import ObservationHint
from thinkact.policies.loop_guard import LoopGuard
from thinkact.policies.resample import Resample
from thinkact.policies.screen import Screening
from thinkact.policies.summary import Summarize
from thinkact.policies.validation import Validation


@dataclass(frozen=True, slots=True)
class Setup:
    """What a preset builds a run's policies from."""

    config: AgentConfig = field(default_factory=AgentConfig)
    validators: tuple[Validator, ...] = ()
    # Tools whose successful result is the run's answer (Tool.return_direct): name -> the
    # answer its output gives.
    direct: Mapping[str, Callable[[str], str]] = field(default_factory=dict)


Preset = Callable[[Setup], Sequence[Policy]]


def small_local(setup: Setup) -> list[Policy]:
    """The policies the run's config turns on, in the order their hooks must run: the
    decline check before validation sees an answer, validation's note before the loop
    guard's before the hint, the loop guard before screening asks about a call."""
    cfg = setup.config
    policies: list[Policy] = []
    screening = Screening() if cfg.screen_calls else None
    if cfg.decline_check:
        policies.append(DeclineCheck(screening))
    policies.append(
        Validation(setup.validators, direct=setup.direct, retries=cfg.max_validation_retries)
    )
    if cfg.loop_detection:
        policies.append(LoopGuard(cfg.loop_nudges))
    if screening is not None:
        policies.append(screening)
    if cfg.observation_hint:
        policies.append(ObservationHint(cfg.observation_hint))
    policies.append(Resample(cfg.retry_temperature, cfg.cut_frequency_penalty))
    if cfg.summarize:
        policies.append(Summarize())
    return policies


standard = small_local

PRESETS: dict[str, Preset] = {"small_local": small_local, "standard": standard}


def preset(name: str) -> Preset:
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise UserError(f"unknown policy preset {name!r}; choose one of: {known}") from None


def is_local(model_name: str) -> bool:
    """The embedded llama.cpp model (`local`, `local:/path/model.gguf`)."""
    return model_name == "local" or model_name.startswith("local:")


__all__ = ["PRESETS", "Preset", "Setup", "is_local", "preset", "small_local", "standard"]
