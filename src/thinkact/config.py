"""Run settings. Every policy is on by default and every one can be changed."""

from __future__ import annotations

from dataclasses import dataclass, field

from thinkact.retry import RetryPolicy


@dataclass(frozen=True, slots=True)
class AgentConfig:
    max_steps: int = 20
    show_step_count: bool = True  # "[Step 3 of 20]" after every observation
    max_consecutive_errors: int = 3  # format errors and steps whose tool calls all failed
    loop_detection: bool = True  # same call 3x in a row or A/B/A/B: nudge, then stop
    force_final_answer: bool = True  # at the step limit, one more turn with tools disabled
    max_validation_retries: int = 2
    max_reply_tokens: int = 1024
    temperature: float = 0.0
    tool_concurrency: int = 8
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    # Budgets beyond steps (None: unlimited). The model is warned when little is left.
    max_tokens: int | None = None
    max_cost: float | None = None
    max_seconds: float | None = None
