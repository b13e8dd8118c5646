"""Time to the first visible token against time to the whole reply, on the embedded model.

    .venv/bin/python bench/stream_latency.py [--task "What is 2+2?"] [--runs 1]

Runs `Agent("local", streaming=True)` (the default format, no tools) on the task, as
`thinkact run` does on a terminal, and prints for its first step: seconds to the first
TextDelta the console shows (the first visible token), seconds to the whole reply
(ModelReplied), and seconds to the end of the run. The first run is cold (the weights load
inside its first model call, as for a fresh `thinkact run`); the others are warm (the
engine loaded, its KV cache dropped with `forget()` so each prompt is evaluated again).
"""

from __future__ import annotations

import argparse
import time

from thinkact import Agent
from thinkact.events import ModelReplied, TextDelta
from thinkact.models.local import LocalModel


def one_run(model: LocalModel, task: str) -> tuple[float | None, float | None, float, str]:
    """(first visible token, whole first reply, whole run) in seconds, and the answer."""
    agent = Agent(model, streaming=True)
    start = time.perf_counter()
    first: float | None = None
    replied: float | None = None
    answer = ""
    for item in agent.stream(task):
        now = time.perf_counter() - start
        if isinstance(item, TextDelta) and first is None and item.text.strip():
            first = now
        elif isinstance(item, ModelReplied) and replied is None:
            replied = now
        elif not hasattr(item, "kind"):  # the RunResult
            answer = str(getattr(item, "final_answer", "") or "")
    return first, replied, time.perf_counter() - start, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--task", default="What is 2+2?")
    parser.add_argument("--runs", type=int, default=1, help="warm runs after the cold one")
    args = parser.parse_args()
    model = LocalModel()
    print(f"task: {args.task!r} on {model.name} (threads {model.n_threads})")
    print(f"{'run':<6} {'first token':>12} {'whole reply':>12} {'whole run':>10}  answer")
    for i in range(1 + args.runs):
        if i:
            model.forget()
        first, replied, total, answer = one_run(model, args.task)
        label = "cold" if i == 0 else f"warm{i}"
        shown = [f"{x:11.1f}s" if x is not None else f"{'-':>12}" for x in (first, replied)]
        print(f"{label:<6} {shown[0]} {shown[1]} {total:9.1f}s  {answer[:40]!r}")


if __name__ == "__main__":
    main()
