"""Shared by the batch tests: scripted tasks whose tool counts its calls, results made
comparable across runs, and an OpenAI model (on an httpx MockTransport) that answers each
prompt's first request with a 429."""

from __future__ import annotations

import json
import threading
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from thinkact.batch import read_results
from thinkact.models.base import Model

TOOL = Path(__file__).resolve().parent / "side_effect_tool.py"


def scripted_tasks(
    folder: Path, n: int, *, counter: Path, hold: Path | None = None, hold_after: int = 0
) -> Path:
    """n tasks, each with its own script: call `mark` once, then answer with its id."""
    scripts = folder / "scripts"
    scripts.mkdir(parents=True, exist_ok=True)
    lines = []
    for i in range(n):
        task = f"t{i:03d}"
        args: dict[str, Any] = {"task": task, "counter": str(counter)}
        if hold is not None:
            args |= {"hold": str(hold), "hold_after": hold_after}
        script = scripts / f"{task}.json"
        replies = [
            {"tool_calls": [{"name": "mark", "arguments": args}]},
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": f"done {task}"}}]},
        ]
        script.write_text(json.dumps({"format": "native", "replies": replies}))
        line = {"id": task, "prompt": f"Mark {task}.", "model": f"scripted:{script}"}
        lines.append(json.dumps({**line, "tools": f"{TOOL}:mark"}))
    tasks = folder / "tasks.jsonl"
    tasks.write_text("\n".join(lines) + "\n")
    return tasks


def counts(counter: Path) -> Counter[str]:
    return Counter(counter.read_text().split()) if counter.exists() else Counter()


def comparable(out: Path) -> list[dict[str, Any]]:
    """The result lines less what differs between two runs of the same work (timing, the
    run's random id), in id order."""
    rows = [r.to_dict() for r in read_results(out / "results.jsonl")]
    for row in rows:
        del row["seconds"], row["run_id"]
    return sorted(rows, key=lambda r: r["id"])


def _completion(text: str) -> dict[str, Any]:
    message = {"role": "assistant", "content": text, "refusal": None}
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4o-mini",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 20, "completion_tokens": 5, "total_tokens": 25},
    }


@dataclass(frozen=True)
class ThrottledOpenAI:
    """Makes (per worker, from a model string) an OpenAIModel whose fake server answers
    the first request of each prompt with a 429 and `retry_after`, then the prompt back.
    It pickles, for Ray workers."""

    retry_after: float = 0.05
    loads: str = ""  # a file that gets this process's id each time a model is made

    def __call__(self, name: str) -> Model:
        import os

        from thinkact.models.openai import OpenAIModel

        if self.loads:
            with open(self.loads, "a") as f:
                f.write(f"{os.getpid()}\n")

        seen: set[str] = set()
        lock = threading.Lock()

        def handle(request: httpx.Request) -> httpx.Response:
            body = json.loads(request.content)
            user = next(m["content"] for m in body["messages"] if m["role"] == "user")
            prompt = user.split("\n")[0]  # the task, without the step note after it
            with lock:
                first = prompt not in seen
                seen.add(prompt)
            if first:
                error = {"message": "Rate limit reached", "type": "requests", "code": None}
                headers = {"retry-after": str(self.retry_after)}
                return httpx.Response(429, json={"error": error}, headers=headers)
            return httpx.Response(200, json=_completion(f"answer to {prompt}"))

        client = httpx.Client(transport=httpx.MockTransport(handle))
        return OpenAIModel("gpt-4o-mini", api_key="test", http_client=client)


def openai_tasks(folder: Path, n: int) -> Path:
    tasks = folder / "api_tasks.jsonl"
    tasks.write_text(
        "".join(
            json.dumps({"id": f"q{i}", "prompt": f"question {i}", "model": "openai:gpt-4o-mini"})
            + "\n"
            for i in range(n)
        )
    )
    return tasks


def calculator_reply(request: Any) -> Any:
    """Calls the calculator on the question's expression, then answers what it returned."""
    from thinkact.types import ToolMessage

    results = [m for m in request.messages if isinstance(m, ToolMessage)]
    if results:
        answer = results[-1].results[0].content
        return {"tool_calls": [{"name": "final_answer", "arguments": {"answer": answer}}]}
    question = next(m.content for m in request.messages if m.role == "user")
    expr = question.split("\n")[0].removeprefix("How much is ").removesuffix("?")
    return {"tool_calls": [{"name": "calculator", "arguments": {"expression": expr}}]}


@dataclass(frozen=True)
class CalculatorModels:
    """Makes, from any model string, a FunctionModel that answers by calculator_reply (a
    reply that depends on the request only, so items may run anywhere in any order)."""

    def __call__(self, name: str) -> Model:
        from thinkact.testing import FunctionModel

        return FunctionModel(calculator_reply, name="calculator-double")
