"""How long importing thinkact takes, in fresh interpreters: best of N runs (the machine's
other load only ever adds time).

    .venv/bin/python bench/import_time.py [--runs 10]

Prints, per statement, the best `-X importtime` total of the top module and the best wall
time of the statement itself, and which heavy packages it loaded. Target (issue 25):
`import thinkact` <= 150 ms; it was about 200 ms when everything was imported eagerly.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys

STATEMENTS = [
    "import thinkact",
    "from thinkact import UserError",
    "from thinkact import tool",
    "from thinkact import Agent, AgentConfig, tool",
]
HEAVY = ("asyncio", "pydantic", "rich", "httpx", "anthropic", "openai", "llama_cpp", "bm25s")

_PROBE = """
import json, sys, time
start = time.perf_counter()
exec({statement!r})
wall = time.perf_counter() - start
print(json.dumps([wall, sorted({{m.split(".")[0] for m in sys.modules}})]))
"""


def importtime_ms(module: str) -> float:
    """The cumulative `-X importtime` figure of `module` (microseconds in the output)."""
    err = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        capture_output=True,
        text=True,
        check=True,
    ).stderr
    match = re.search(rf"\|\s*(\d+) \| {re.escape(module)}$", err, re.MULTILINE)
    return int(match.group(1)) / 1000 if match else float("nan")


def wall_ms(statement: str) -> tuple[float, list[str]]:
    out = subprocess.run(
        [sys.executable, "-c", _PROBE.format(statement=statement)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    wall, modules = json.loads(out)
    return wall * 1000, [m for m in modules if m in HEAVY]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    best = min(importtime_ms("thinkact") for _ in range(args.runs))
    print(f"-X importtime thinkact: best of {args.runs} {best:7.1f} ms   (target <= 150 ms)")
    for statement in STATEMENTS:
        runs = [wall_ms(statement) for _ in range(args.runs)]
        ms = min(r[0] for r in runs)
        print(f"{statement:<46} {ms:7.1f} ms   loads: {', '.join(runs[0][1]) or '-'}")


if __name__ == "__main__":
    main()
