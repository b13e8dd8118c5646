"""Run figures: accuracy with a 95% Wilson interval and the per-item means."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from thinkact.apps.eval.base import ItemResult
from thinkact.types import JSON

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval: unlike p ± z·se it stays inside [0, 1] and is honest at
    small N and at 0% or 100%, which is where our runs live."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class Summary:
    n: int
    accuracy: float
    ci_low: float
    ci_high: float
    parse_failure_rate: float  # items with at least one reply that did not parse
    mean_steps: float
    tokens_in: int
    tokens_out: int
    seconds_per_item: float
    metrics: dict[str, float]  # means of suite extras (EM, F1)

    def to_dict(self) -> JSON:
        return {
            "n": self.n,
            "accuracy": self.accuracy,
            "ci95": [self.ci_low, self.ci_high],
            "parse_failure_rate": self.parse_failure_rate,
            "mean_steps": self.mean_steps,
            "tokens_in": self.tokens_in,
            "tokens_out": self.tokens_out,
            "seconds_per_item": self.seconds_per_item,
            "metrics": self.metrics,
        }


def summarize(results: Sequence[ItemResult]) -> Summary:
    n = len(results)
    if n == 0:
        return Summary(0, 0.0, 0.0, 1.0, 0.0, 0.0, 0, 0, 0.0, {})
    # Accuracy counts exact successes; partial scores (F1) live in `metrics`.
    correct = sum(1 for r in results if r.score >= 1.0)
    low, high = wilson(correct, n)
    keys = sorted({k for r in results for k in r.metrics})
    metrics = {k: sum(r.metrics.get(k, 0.0) for r in results) / n for k in keys}
    return Summary(
        n=n,
        accuracy=correct / n,
        ci_low=low,
        ci_high=high,
        parse_failure_rate=sum(1 for r in results if r.parse_failures) / n,
        mean_steps=sum(r.steps for r in results) / n,
        tokens_in=sum(r.tokens_in for r in results),
        tokens_out=sum(r.tokens_out for r in results),
        seconds_per_item=sum(r.seconds for r in results) / n,
        metrics=metrics,
    )
