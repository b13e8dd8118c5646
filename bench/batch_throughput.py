"""Batch throughput: N scripted tasks (a calculator call, then an answer) on threads,
processes and a local Ray cluster, and N API tasks whose first request each gets a 429.

Prints tasks per second for each executor (wall time of `run_batch`, from the first task
sent to the last result written; a Ray cluster's start is counted apart). The scripted
tasks measure the engine's own cost per task, not a model's. With --ray off, Ray is not
needed.

    .venv/bin/python bench/batch_throughput.py [--tasks 200] [--concurrency 4] [--no-ray]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from thinkact.batch import LocalExecutor, run_batch
from thinkact.models.base import Model


def scripted(folder: Path, n: int) -> Path:
    (folder / "s").mkdir(parents=True)
    lines = []
    for i in range(n):
        script = folder / "s" / f"{i}.json"
        calc = {"name": "calculator", "arguments": {"expression": f"{i} * 7"}}
        answer = {"name": "final_answer", "arguments": {"answer": str(i * 7)}}
        script.write_text(json.dumps([{"tool_calls": [calc]}, {"tool_calls": [answer]}]))
        task = {"id": f"t{i}", "prompt": f"{i} * 7?", "model": f"scripted:{script}"}
        lines.append(json.dumps({**task, "tools": "calculator"}))
    (folder / "tasks.jsonl").write_text("\n".join(lines) + "\n")
    return folder / "tasks.jsonl"


class Throttled:
    """An OpenAI model on a MockTransport: each prompt's first request gets a 429 with
    retry-after 0.2 s."""

    def __call__(self, name: str) -> Model:
        from thinkact.models.openai import OpenAIModel

        seen: set[str] = set()

        def handle(request: httpx.Request) -> httpx.Response:
            body = json.loads(request.content)
            prompt = next(m["content"] for m in body["messages"] if m["role"] == "user")
            if prompt not in seen:
                seen.add(prompt)
                error = {"error": {"message": "slow down", "type": "requests"}}
                return httpx.Response(429, json=error, headers={"retry-after": "0.2"})
            msg = {"role": "assistant", "content": "ok"}
            return httpx.Response(
                200,
                json={
                    "id": "x",
                    "object": "chat.completion",
                    "created": 1,
                    "model": "gpt-4o-mini",
                    "choices": [{"index": 0, "message": msg, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 1, "total_tokens": 11},
                },
            )

        client = httpx.Client(transport=httpx.MockTransport(handle))
        return OpenAIModel("gpt-4o-mini", api_key="bench", http_client=client)


def measure(name: str, executor: Any, tasks: Path, out: Path, **kw: Any) -> None:
    summary = run_batch(tasks, out, executor=executor, **kw)
    rate = (summary.ok + summary.failed) / summary.seconds
    line = f"{name:<28} {summary.ok:>4} ok {summary.failed:>3} failed {summary.seconds:7.2f} s"
    limits = "; ".join(
        f"{k}: {v['throttled']} 429s, {v['waits']} waits, {v['waited']:.1f} s waited"
        for k, v in summary.limits.items()
        if v["throttled"]
    )
    print(f"{line} {rate:8.1f} tasks/s {limits}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tasks", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    n, c = args.tasks, args.concurrency
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        tasks = scripted(root / "scripted", n)
        api = root / "api.jsonl"
        api.write_text(
            "".join(
                json.dumps({"id": f"q{i}", "prompt": f"q{i}", "model": "openai:gpt-4o-mini"}) + "\n"
                for i in range(n)
            )
        )
        print(f"{n} tasks, concurrency {c}")
        measure(f"threads x{c}", LocalExecutor(c), tasks, root / "o1")
        measure(f"processes x{c}", LocalExecutor(c, processes=True), tasks, root / "o2")
        measure(f"threads x{c}, 429 each", LocalExecutor(c), api, root / "o3", models=Throttled())
        if not args.no_ray:
            import ray

            from thinkact.batch.ray_executor import RayExecutor

            start = time.perf_counter()
            ray.init(include_dashboard=False, log_to_driver=False, logging_level="ERROR")
            print(f"(Ray cluster started in {time.perf_counter() - start:.1f} s)")
            measure(f"ray x{c}", RayExecutor(c), tasks, root / "o4")
            ray.shutdown()


if __name__ == "__main__":
    main()
