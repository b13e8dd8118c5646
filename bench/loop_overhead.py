"""CPU the loop spends per step: a model that builds each reply when it is called (a call
of the tool `add`, and after N-1 of them a plain-text answer), one tool, N steps. The same
workload as the peer scripts of issue 25, so the figures compare.

Prints, for N=50 and N=200, the CPU time per step (`time.process_time`, median and best of
the runs: other load on the machine only ever adds time), the same in units of the time
`sum(range(1000))` takes just before and after each run (so figures from different machines,
or from one machine under changing load, compare), and the ratio of the last 10 steps'
mean wall time to the first 10's (near 1.0: no per-step work grows with the history).
Target (issue 25): <= 25 us per step at N=50 and N=200.

    .venv/bin/python bench/loop_overhead.py [--runs 30]
"""

from __future__ import annotations

import argparse
import statistics
import time
import timeit

from thinkact import Agent, AgentConfig, tool
from thinkact.events import StepFinished
from thinkact.types import ModelRequest, Reply, ToolCall


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


class Counting:
    """A model that answers each request with a reply made for it: a call of `add`, and
    after `n - 1` of them the answer as plain text."""

    name = "bench"
    native_tools = True
    context_window = 128_000
    preferred_format = None

    def __init__(self, n: int) -> None:
        self.n = n
        self.calls = 0

    def complete(self, request: ModelRequest) -> Reply:
        self.calls += 1
        if self.calls < self.n:
            call = ToolCall(f"call_{self.calls}", "add", {"a": self.calls, "b": 1})
            return Reply("", (call,), stop_reason="tool_calls")
        return Reply(f"The sum is {self.calls}.")

    async def acomplete(self, request: ModelRequest) -> Reply:
        return self.complete(request)

    def count_tokens(self, request: ModelRequest) -> int:
        return 0


def one_run(n: int) -> tuple[float, list[float]]:
    """CPU seconds per step, and each step's wall time."""
    agent = Agent(Counting(n), [add], config=AgentConfig(max_steps=n + 1))
    marks: list[float] = []
    cpu, wall = time.process_time(), time.perf_counter()
    for event in agent.iter("count"):
        if isinstance(event, StepFinished):
            marks.append(time.perf_counter())
    cpu = time.process_time() - cpu
    assert len(marks) == n, f"{len(marks)} steps, not {n}"
    steps = [b - a for a, b in zip([wall, *marks], marks, strict=False)]
    return cpu / n, steps


def reference() -> float:
    """Seconds `sum(range(1000))` takes here and now (best of a few)."""
    return min(timeit.repeat("sum(range(1000))", number=200, repeat=3)) / 200


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args().runs
    refs: list[float] = []
    for n in (50, 200):
        one_run(n)  # warm-up
        per_step, units, first, last = [], [], [], []
        for _ in range(runs):
            before = reference()
            cpu, steps = one_run(n)
            ref = (before + reference()) / 2
            refs.append(ref)
            per_step.append(cpu)
            units.append(cpu / ref)
            first.append(statistics.fmean(steps[:10]))
            last.append(statistics.fmean(steps[-10:]))
        median, best = statistics.median(per_step) * 1e6, min(per_step) * 1e6
        ratio = statistics.median(last) / statistics.median(first)
        print(
            f"N={n:<4} CPU {median:6.1f} us/step (best {best:5.1f}) = "
            f"{statistics.median(units):4.2f} sums   last10/first10 = {ratio:.2f}"
        )
    print(f"(one sum = sum(range(1000)): {statistics.median(refs) * 1e6:.1f} us here)")


if __name__ == "__main__":
    main()
