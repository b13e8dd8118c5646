"""Seconds the embedded model takes for one reply under each OpenMP wait policy, on an idle
machine and beside one busy process (a loop that keeps one core busy, as another job, a
test suite or a browser would).

Each policy runs in a fresh process (OpenMP reads it once, when llama.cpp loads): a prompt
of about 800 tokens and a reply of 60, twice, with the model's cache reset in between.
Prints the median of the replies per case. thinkact's local model sets `PASSIVE` unless
`OMP_WAIT_POLICY` is already set (`thinkact.models.local.quiet_openmp`).

    flock /tmp/thinkact-model.lock .venv/bin/python bench/openmp_wait.py [--repeat 2]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ONE_REPLY = r"""
import sys, time
from llama_cpp import Llama
llm = Llama(sys.argv[1], n_ctx=4096, n_threads=int(sys.argv[2]), n_threads_batch=int(sys.argv[2]),
            verbose=False)
text = open(sys.argv[3], encoding="utf-8").read()[:3000]
messages = [{"role": "user", "content": "Summarise this:\n" + text}]
for _ in range(2):
    llm.reset()
    start = time.perf_counter()
    llm.create_chat_completion(messages, max_tokens=60, temperature=0.0)
    print(time.perf_counter() - start, flush=True)
"""

BUSY = "while True: pass"


def replies(policy: str | None, model: str, threads: int, busy: bool) -> list[float]:
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    if policy is not None:
        env["OMP_WAIT_POLICY"] = policy
    readme = str(Path(__file__).resolve().parent.parent / "README.md")
    hog = subprocess.Popen([sys.executable, "-c", BUSY]) if busy else None
    try:
        out = subprocess.run(
            [sys.executable, "-c", ONE_REPLY, model, str(threads), readme],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    finally:
        if hog is not None:
            hog.kill()
            hog.wait()
    return [float(line) for line in out.split()]


def main() -> None:
    from thinkact.models.local import threads_from_env
    from thinkact.models.weights import ensure_model

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=1)
    repeat = parser.parse_args().repeat
    model, threads = str(ensure_model()), threads_from_env()
    print(f"{threads} threads, {os.cpu_count()} CPUs; seconds a reply (median)")
    for busy in (False, True):
        for policy in (None, "PASSIVE"):
            times: list[float] = []
            for _ in range(repeat):
                times += replies(policy, model, threads, busy)
            where = "one core busy" if busy else "idle"
            print(f"  {where:14} {policy or 'default':8} {statistics.median(times):6.1f} s")


if __name__ == "__main__":
    main()
