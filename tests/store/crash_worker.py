"""One run of the crash test, in its own process (see test_crash_resume.py).

    python crash_worker.py PARALLEL < jobs.jsonl

Each job: {"db", "run_id", "work", "action": "start"|"resume", "kill": [MODE, K]}.

The agent bumps a counter once per step (a non-idempotent tool that appends a line to a
file), checks the counter when a bump was interrupted, writes an output file atomically
(an idempotent tool) and answers. `event K` SIGKILLs this process when the K-th event is
stored; `tool K` SIGKILLs it inside the K-th bump, after the bump took effect; `output` inside
write_output, halfway through the temporary file.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from thinkact import Agent, Tool
from thinkact.events import Event
from thinkact.store import INTERRUPTED, RunStore
from thinkact.testing import FunctionModel
from thinkact.types import ModelRequest, ToolMessage

STEPS = 6
OUTPUT = "".join(f"line {i:05d} of the report\n" for i in range(8_000))  # ~200 kB


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def make_tools(work: Path, kill_in_bump: int | None, kill_in_output: bool = False) -> list[Tool]:
    counter = work / "counter.txt"
    bumps = [0]

    def bump(n: int) -> str:
        """Add step n to the counter (not idempotent)."""
        time.sleep(0.002)
        fd = os.open(counter, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, f"{n}\n".encode())
        finally:
            os.close(fd)
        bumps[0] += 1
        if bumps[0] == kill_in_bump:
            die()
        return f"bumped {n}"

    def check(n: int) -> str:
        """Whether step n is in the counter."""
        lines = counter.read_text().split() if counter.exists() else []
        return f"present {n}" if str(n) in lines else f"missing {n}"

    def write_output() -> str:
        """Write the report (atomically: a temporary file, then a rename)."""
        target = work / "output.txt"
        tmp = work / "output.txt.tmp"
        with tmp.open("w") as f:
            for i in range(0, len(OUTPUT), 20_000):
                f.write(OUTPUT[i : i + 20_000])
                f.flush()
                time.sleep(0.001)
                if kill_in_output:
                    die()
            os.fsync(f.fileno())
        os.replace(tmp, target)
        return "written"

    return [
        Tool.from_function(bump),
        Tool.from_function(check, idempotent=True),
        Tool.from_function(write_output, idempotent=True),
    ]


def decide(request: ModelRequest) -> dict[str, Any]:
    """A careful model: after an interrupted bump it checks, and bumps again only if the
    counter does not have it. Decides from the history alone, so a resumed run continues."""
    results = [r for m in request.messages if isinstance(m, ToolMessage) for r in m.results]
    done = {r.content.split()[1] for r in results if r.content.startswith(("bumped", "present"))}
    tag = len(request.messages)
    last = results[-1] if results else None
    if last is not None and last.content == INTERRUPTED and last.name == "bump":
        n = last.call_id.split("-")[1]
        return call("check", tag, n=int(n))
    if last is not None and last.content.startswith("missing"):
        return call("bump", tag, n=int(last.content.split()[1]))
    todo = [n for n in range(STEPS) if str(n) not in done]
    if todo:
        return call("bump", tag, n=todo[0])
    if not any(r.content == "written" for r in results):
        return call("write_output", tag)
    return {"text": "done"}


def call(name: str, tag: int, **args: Any) -> dict[str, Any]:
    n = args.get("n", "x")
    return {"tool_calls": [{"id": f"{name}-{n}-{tag}", "name": name, "arguments": args}]}


def run_one(job: dict[str, Any]) -> int:
    """One run (or resume), killed the way `job["kill"]` says."""
    mode, k = job["kill"]
    seen = [0]

    def killer(event: Event) -> None:
        seen[0] += 1
        if mode == "event" and seen[0] == k:
            die()  # the store has already written this event

    store = RunStore(job["db"])
    tools = make_tools(Path(job["work"]), k if mode == "tool" else None, mode == "output")
    agent = Agent(FunctionModel(decide), tools, reporters=[killer], store=store)
    run_id = job["run_id"]
    result = agent.resume(run_id) if job["action"] == "resume" else agent.run("t", run_id=run_id)
    return 0 if result.ok else 1


def serve(parallel: int) -> None:
    """Fork one child process per job line on stdin, `parallel` at a time.

    Forking from a process that has imported everything keeps 50 runs fast; each run is
    still its own process, killed for real. Prints `started RUN PID` and `exited RUN CODE`
    (CODE is -9 for SIGKILL)."""
    jobs = [json.loads(line) for line in sys.stdin if line.strip()]
    running: dict[int, str] = {}

    def reap() -> None:
        pid, status = os.wait()
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        print(f"exited {running.pop(pid)} {code}", flush=True)

    for job in jobs:
        while len(running) >= parallel:
            reap()
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                code = run_one(job)
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(code)
        running[pid] = job["run_id"]
        print(f"started {job['run_id']} {pid}", flush=True)
    while running:
        reap()


if __name__ == "__main__":
    serve(int(sys.argv[1]) if len(sys.argv) > 1 else 4)
