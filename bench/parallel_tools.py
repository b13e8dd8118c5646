"""Parallel tool calls: one reply with 8 calls of a tool that waits 0.5 s on I/O.

Runs through `Agent` + `ScriptedModel` (sync `run` and async `arun`), and prints the wall
time of the tool step against the sequential sum of the tool durations.
Target: <= 0.7 s for the 8 calls (sequentially they would take 4 s).
"""

from __future__ import annotations

import asyncio
import time

from thinkact import Agent, tool
from thinkact.events import ToolFinished, ToolStarted
from thinkact.testing import ScriptedModel

CALLS = 8
WAIT = 0.5


@tool
def fetch(url: str) -> str:
    """Fetch a page (simulated: waits on I/O for half a second)."""
    time.sleep(WAIT)  # a blocking wait that releases the GIL, as socket reads do
    return f"contents of {url}"


@tool
async def afetch(url: str) -> str:
    """Fetch a page without blocking the event loop."""
    await asyncio.sleep(WAIT)
    return f"contents of {url}"


def script(name: str) -> ScriptedModel:
    reply = {
        "tool_calls": [
            {"name": name, "arguments": {"url": f"https://example.org/{i}"}} for i in range(CALLS)
        ]
    }
    final = {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "done"}}]}
    return ScriptedModel([reply, final])


def measure_sync() -> tuple[float, float]:
    agent = Agent(script("fetch"), [fetch])
    started = finished = 0.0
    sequential = 0.0
    for event in agent.iter("fetch 8 pages"):
        if isinstance(event, ToolStarted) and not started:
            started = time.perf_counter()
        elif isinstance(event, ToolFinished):
            finished = time.perf_counter()
            sequential += event.duration
    return finished - started, sequential


async def measure_async() -> tuple[float, float]:
    agent = Agent(script("afetch"), [afetch])
    started = finished = 0.0
    sequential = 0.0
    async for event in agent.aiter("fetch 8 pages"):
        if isinstance(event, ToolStarted) and not started:
            started = time.perf_counter()
        elif isinstance(event, ToolFinished):
            finished = time.perf_counter()
            sequential += event.duration
    return finished - started, sequential


def main() -> None:
    print(f"{CALLS} calls of a tool waiting {WAIT} s, in one model reply (target <= 0.7 s)")
    for label, (wall, sequential) in (
        ("sync tool, Agent.run  ", measure_sync()),
        ("async tool, Agent.arun", asyncio.run(measure_async())),
    ):
        verdict = "ok" if wall <= 0.7 else "SLOW"
        print(f"  {label}: wall {wall:.3f} s, sequential sum {sequential:.3f} s  [{verdict}]")


if __name__ == "__main__":
    main()
