"""Run budgets beyond steps: tokens, cost (from `Usage.cost`) and wall time.

The model is told what remains once a quarter or less is left; when one is spent the loop
gives the run a forced final answer, as it does at the step limit.
"""

from __future__ import annotations

from dataclasses import dataclass

from thinkact.config import AgentConfig
from thinkact.types import Usage

LOW = 0.25  # warn the model when this share of a budget is left


@dataclass(frozen=True, slots=True)
class Budget:
    max_tokens: int | None = None
    max_cost: float | None = None
    max_seconds: float | None = None

    @classmethod
    def from_config(cls, cfg: AgentConfig) -> Budget:
        return cls(cfg.max_tokens, cfg.max_cost, cfg.max_seconds)

    @property
    def active(self) -> bool:
        return not (self.max_tokens is None and self.max_cost is None and self.max_seconds is None)

    def spent(self, usage: Usage, elapsed: float) -> str | None:
        """The reason a budget ends the run (`budget_tokens|budget_cost|budget_time`)."""
        if self.max_tokens is not None and usage.total_tokens >= self.max_tokens:
            return "budget_tokens"
        if self.max_cost is not None and usage.cost is not None and usage.cost >= self.max_cost:
            return "budget_cost"
        if self.max_seconds is not None and elapsed >= self.max_seconds:
            return "budget_time"
        return None

    def warning(self, usage: Usage, elapsed: float) -> str:
        """What the model is told when little is left ("" when all is well)."""
        left: list[str] = []
        if self.max_tokens is not None:
            remaining = self.max_tokens - usage.total_tokens
            if remaining < self.max_tokens * LOW:
                left.append(f"{max(remaining, 0)} tokens")
        if self.max_cost is not None and usage.cost is not None:
            remaining_cost = self.max_cost - usage.cost
            if remaining_cost < self.max_cost * LOW:
                left.append(f"${max(remaining_cost, 0):.4f}")
        if self.max_seconds is not None:
            remaining_s = self.max_seconds - elapsed
            if remaining_s < self.max_seconds * LOW:
                left.append(f"{max(remaining_s, 0):.0f} seconds")
        if not left:
            return ""
        return f"[Budget running low: {', '.join(left)} left. Finish soon.]"


def forced_final_message(reason: str) -> str:
    what = {
        "budget_tokens": "Your token budget is spent.",
        "budget_cost": "Your cost budget is spent.",
        "budget_time": "Your time budget is spent.",
        "loop": "You kept repeating the same action, so tools are now disabled.",
        "error_cap": "Too many errors in a row, so tools are now disabled.",
    }.get(reason, "You have no steps left.")
    return (
        f"{what} Do not call any tool. Give your final answer now, "
        "based on what you have found so far."
    )
