"""Run settings: the core's limits, and the switches the policy presets read
(thinkact.policies.presets). Every one can be changed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from thinkact.retry import RetryPolicy

# Said after each observation when `observation_hint=OBSERVATION_HINT` (policies/hint.py):
# for short tasks; off by default, since in a multi-step workflow it can talk a small
# model into answering after its first tool call.
OBSERVATION_HINT = (
    "Check the result against what the task asks: if it answers it, give your final answer; "
    "if not, take the next step."
)


_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:  # `fields` is slow, and every run asks
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


@dataclass(frozen=True, slots=True)
class AgentConfig:
    max_steps: int = 20
    show_step_count: bool = True  # "[Step 3 of 20]" after every observation
    observation_hint: str = ""  # said after each observation but the last (see above)
    max_consecutive_errors: int = 3  # format errors and steps whose tool calls all failed
    loop_detection: bool = True  # repeats and oscillations (policies/loop_guard.py)
    loop_nudges: int = 1  # nudges before a loop stops the run (0: stop at the first loop)
    force_final_answer: bool = True  # at the step limit, one more turn with tools disabled
    max_validation_retries: int = 2
    max_reply_tokens: int = 1024
    temperature: float = 0.0
    retry_temperature: float = 0.7  # at least this after an error or a turned-down reply
    # A reply cut in a degenerate repetition is resampled with this frequency penalty too:
    # a higher temperature alone often repeats the same loop (policies/resample.py).
    cut_frequency_penalty: float = 1.0
    tool_concurrency: int = 8
    # Before a tool runs, ask the model (short calls per tool) whether it does what the
    # task asks; a "no" is not run (policies/screen.py). For one-request tasks.
    screen_calls: bool = False
    # The mirror of screening: a first answer given with no tool, though tools exist, is
    # checked by the same questions; if a tool fits, the model replies again with calls
    # only (policies/decline.py).
    decline_check: bool = False
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    # Budgets beyond steps (None: unlimited). The model is warned when little is left.
    max_tokens: int | None = None
    max_cost: float | None = None
    max_seconds: float | None = None
    # Context: the history is fitted into the window minus max_reply_tokens before each call.
    context_window: int | None = None  # None: the model's own window
    summarize: bool = False  # replace dropped turns by a model-written summary (one more call)
    max_observation_chars: int = 8000  # a longer tool result is cut, with a pointer to the rest

    # Free labels recorded with the run for whoever resumes it (the review: its folders).
    labels: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        # What asdict gives, without its deep copies: every other value is a scalar.
        d = {name: getattr(self, name) for name in _field_names(type(self))}
        d["retry"] = {name: getattr(self.retry, name) for name in _field_names(RetryPolicy)}
        d["labels"] = [list(pair) for pair in self.labels]  # as JSON gives it back
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> AgentConfig:
        """Inverse of `to_dict`; unknown keys (from a newer version) are ignored."""
        known = {f.name for f in fields(cls)}
        kwargs = {k: v for k, v in d.items() if k in known}
        if "labels" in kwargs:
            kwargs["labels"] = tuple((str(k), str(v)) for k, v in kwargs["labels"])
        if isinstance(kwargs.get("retry"), Mapping):
            retry_known = {f.name for f in fields(RetryPolicy)}
            kwargs["retry"] = RetryPolicy(
                **{k: v for k, v in kwargs["retry"].items() if k in retry_known}
            )
        return cls(**kwargs)
