"""Per-step overhead of the loop: scripted model, one tool `add`, N steps.

Prints microseconds per step (median of 20 runs) and the ratio of the last 10 steps' mean
to the first 10's (near 1.0 means no per-step work grows with the history).
Target: <= 30 us/step at N=50 and N=200, ratio <= 1.3.
"""

from __future__ import annotations

import statistics
import time

from thinkact import Agent, AgentConfig, tool
from thinkact.events import StepFinished
from thinkact.testing import ScriptedModel


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


def one_run(n: int) -> tuple[float, list[float]]:
    script: list[object] = [
        {"tool_calls": [{"name": "add", "arguments": {"a": i, "b": 1}}]} for i in range(n - 1)
    ]
    script.append({"tool_calls": [{"name": "final_answer", "arguments": {"answer": "done"}}]})
    agent = Agent(ScriptedModel(script), [add], config=AgentConfig(max_steps=n + 1))  # type: ignore[arg-type]
    marks: list[float] = []
    start = time.perf_counter()
    for event in agent.iter("count"):
        if isinstance(event, StepFinished):
            marks.append(time.perf_counter())
    total = time.perf_counter() - start
    steps = [b - a for a, b in zip([start, *marks], marks, strict=False)]
    return total / n, steps


def main() -> None:
    for n in (50, 200):
        one_run(n)  # warm-up
        per_step, first, last = [], [], []
        for _ in range(20):
            avg, steps = one_run(n)
            per_step.append(avg)
            first.append(statistics.fmean(steps[:10]))
            last.append(statistics.fmean(steps[-10:]))
        us = statistics.median(per_step) * 1e6
        ratio = statistics.median(last) / statistics.median(first)
        print(f"N={n:<4} {us:7.1f} us/step   last10/first10 = {ratio:.2f}")


if __name__ == "__main__":
    main()
