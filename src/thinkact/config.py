"""Run settings. Every policy is on by default and every one can be changed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from thinkact.retry import RetryPolicy

# Said after each observation when `observation_hint=OBSERVATION_HINT`: on short tasks
# (one question, one answer) small models otherwise echo their last call after its result
# arrives, or stop a step short. Off by default: in a multi-step workflow (the legal
# review) it talks a 1.5B model into answering after its first tool call.
OBSERVATION_HINT = (
    "Check the result against what the task asks: if it answers it, give your final answer; "
    "if not, take the next step."
)


@dataclass(frozen=True, slots=True)
class AgentConfig:
    max_steps: int = 20
    show_step_count: bool = True  # "[Step 3 of 20]" after every observation
    observation_hint: str = ""  # said after each observation but the last (see above)
    max_consecutive_errors: int = 3  # format errors and steps whose tool calls all failed
    loop_detection: bool = True  # repeats and oscillations (see loop_guard): nudge, then stop
    # Nudges before a loop stops the run. 0 stops at the first loop: the embedded 1.5B model
    # made the same call again after 64 of 67 nudges (GSM8K and HotpotQA traces).
    loop_nudges: int = 1
    force_final_answer: bool = True  # at the step limit, one more turn with tools disabled
    max_validation_retries: int = 2
    max_reply_tokens: int = 1024
    temperature: float = 0.0
    retry_temperature: float = 0.7  # at least this after an error or a turned-down reply
    # A reply cut in a degenerate repetition is resampled with this frequency penalty too:
    # at 0.7 alone the embedded model wrote the same item forty times again (BFCL
    # live_simple 28, a Chinese order of four items); with 1.0 it wrote each item once.
    cut_frequency_penalty: float = 1.0
    tool_concurrency: int = 8
    # Before a tool runs, ask the model (one short call per tool) whether it does what the
    # task asks; a "no" is not run (see screen.py). For small models that call a tool for
    # every request (BFCL's irrelevance items). Judged against the whole task, so for
    # one-request tasks: a workflow's intermediate step may be judged not to fit.
    screen_calls: bool = False
    # The mirror of screening: a first answer given with no tool, though tools exist, is
    # checked by the same questions about each tool; if one fits, the model is told so and
    # replies again with calls only (see screen.fitting). For small models that decline
    # requests a tool fits (BFCL: 31 of the embedded model's 38 misses on `simple`).
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
        d = asdict(self)
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
