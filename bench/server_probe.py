"""The calculator task on llama-cpp-python's OpenAI-compatible server, the embedded GGUF:
how long the probe takes, and a run where native tool calls work against one where
they do not (issue 28).

Cases, each on a fresh capability cache and a server started for it:
  native     the same server behind a tool-call parser (`hermes`, below), as vLLM's
             `--tool-call-parser hermes` or llama.cpp's `--jinja` serve Qwen2.5: tool
             calls come back structured and the probe picks native
  auto       default chat format (calls come back as text): the probe picks xml under
             the server's grammar
  xml-free   the same server, xml named outright and the grammar off (the issue's 42 s)
  fallback   the same server behind a proxy that answers 400 to tools, with a cache that
             says tool calls work: the run starts native and switches in step 1

    flock /tmp/thinkact-model.lock .venv/bin/python bench/server_probe.py [--repeat 2]

Prints, per case: the probe's seconds (where it ran), the format used, each run's seconds,
steps, model requests and answer.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

import httpx

from thinkact import Agent, AgentConfig
from thinkact.events import ModelReplied, Notice
from thinkact.models.capabilities import Capabilities, CapabilityCache, cache_key
from thinkact.models.local import quiet_openmp, threads_from_env
from thinkact.models.openai import OpenAIModel
from thinkact.models.weights import ensure_model
from thinkact.tools.calculator import calculator

TASK = "What is 17 * 23 + 4?"


@contextmanager
def server(chat_format: str | None) -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    threads = str(threads_from_env())
    argv = [sys.executable, "-m", "llama_cpp.server", "--model", str(ensure_model())]
    argv += ["--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096"]
    argv += ["--n_threads", threads, "--n_threads_batch", threads]
    if chat_format:
        argv += ["--chat_format", chat_format]
    quiet_openmp()  # as thinkact's own engine: the server's threads sleep while they wait
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 180
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the server did not start ({' '.join(argv)})")
            try:
                if httpx.get(f"{url}/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def refusing_tools(url: str) -> httpx.Client:
    """A client whose server answers 400 to a request with tools and forwards the rest."""
    real = httpx.Client(timeout=600)

    def handle(request: httpx.Request) -> httpx.Response:
        if "tools" in json.loads(request.content):
            body = {"error": {"message": "this server does not support tools"}}
            return httpx.Response(400, json=body)
        headers = {"content-type": "application/json"}
        out = real.post(str(request.url), content=request.content, headers=headers)
        return httpx.Response(out.status_code, content=out.content, headers=headers)

    return httpx.Client(transport=httpx.MockTransport(handle))


_CALL = re.compile(r"<tool_call>\s*(\{.*?\})\s*</tool_call>", re.S)


def hermes(url: str) -> httpx.Client:
    """A client whose server parses tool calls the way Qwen2.5 writes them: the tools go
    into the system prompt in Qwen's own words, calls and results into the text, and each
    `<tool_call>{...}</tool_call>` in a reply comes back as a structured call."""
    real = httpx.Client(timeout=600)

    def handle(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        tools = body.pop("tools", None)
        body.pop("tool_choice", None)
        messages: list[dict[str, Any]] = []
        for m in body["messages"]:
            if m["role"] == "tool":
                said = f"<tool_response>\n{m['content']}\n</tool_response>"
                if messages and messages[-1].get("tool_results"):
                    messages[-1]["content"] += "\n" + said
                else:
                    messages.append({"role": "user", "content": said, "tool_results": True})
                continue
            m = dict(m)
            for c in m.pop("tool_calls", None) or ():
                fn = c["function"]
                call = {"name": fn["name"], "arguments": json.loads(fn["arguments"] or "{}")}
                m["content"] = (
                    f"{m.get('content') or ''}\n<tool_call>\n{json.dumps(call)}\n</tool_call>"
                )
            messages.append(m)
        for m in messages:
            m.pop("tool_results", None)
        if tools:
            listed = "\n".join(json.dumps(t) for t in tools)
            block = (
                "\n\n# Tools\n\nYou may call one or more functions to assist with the user "
                "query.\n\nYou are provided with function signatures within <tools></tools> "
                f"XML tags:\n<tools>\n{listed}\n</tools>\n\nFor each function call, return a "
                "json object with function name and arguments within <tool_call></tool_call> "
                'XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": '
                "<args-json-object>}\n</tool_call>"
            )
            if messages and messages[0]["role"] == "system":
                messages[0] = {**messages[0], "content": messages[0]["content"] + block}
            else:
                messages.insert(0, {"role": "system", "content": block.strip()})
        body["messages"] = messages
        headers = {"content-type": "application/json"}
        out = real.post(str(request.url), content=json.dumps(body), headers=headers)
        data = out.json()
        for choice in data.get("choices") or ():
            message = choice.get("message") or {}
            text = message.get("content") or ""
            found = [m.group(1) for m in _CALL.finditer(text)]
            bare = text.strip().removeprefix("```json").strip("`").strip()
            tagged = bool(found)
            if not tagged and bare.startswith("{") and '"arguments"' in bare:
                found = [bare]  # the 1.5B model often leaves the tags out
            calls = []
            for i, raw in enumerate(found):
                try:
                    call = json.loads(raw)
                except ValueError:
                    continue
                args = json.dumps(call.get("arguments") or {})
                fn = {"name": call.get("name", ""), "arguments": args}
                calls.append({"id": f"call_{i}", "type": "function", "function": fn})
            if calls:
                message["tool_calls"] = calls
                message["content"] = (_CALL.sub("", text).strip() or None) if tagged else None
                choice["finish_reason"] = "tool_calls"
        return httpx.Response(out.status_code, json=data)

    return httpx.Client(transport=httpx.MockTransport(handle))


def run_once(make: Callable[[], OpenAIModel], fmt: str) -> dict[str, Any]:
    model = make()
    t0 = time.perf_counter()
    agent = Agent(model, tools=[calculator], format=fmt, config=AgentConfig(max_steps=6))
    probe = time.perf_counter() - t0
    t1 = time.perf_counter()
    notes, result = [], None
    for item in agent.stream(TASK):
        if isinstance(item, Notice):
            notes.append(item.reason)
        if isinstance(item, ModelReplied):  # progress, on a machine where a step takes long
            took = time.perf_counter() - t1
            print(f"    step {item.step}: {took:.0f} s {item.text[:60]!r}", file=sys.stderr)
        result = item
    return {
        "probe": probe,
        "format": agent.format.name,
        "run": time.perf_counter() - t1,
        "steps": getattr(result, "steps", 0),
        "answer": getattr(result, "final_answer", None),
        "ok": getattr(result, "ok", False),
        "notices": notes,
    }


def case(name: str, chat_format: str | None, repeat: int) -> list[dict[str, Any]]:
    rows = []
    with server(chat_format) as url:
        for _ in range(repeat):
            with tempfile.TemporaryDirectory() as home:
                os.environ["THINKACT_HOME"] = home  # a fresh cache: the probe runs
                if name == "fallback":
                    known = Capabilities(True, grammar=True, probed_at=time.time())
                    CapabilityCache().put(cache_key(url, "qwen"), known)
                    row = run_once(
                        partial(OpenAIModel, "qwen", base_url=url, http_client=refusing_tools(url)),
                        "auto",
                    )
                elif name == "native":
                    row = run_once(
                        partial(OpenAIModel, "qwen", base_url=url, http_client=hermes(url)),
                        "auto",
                    )
                elif name == "xml-free":
                    row = run_once(
                        partial(OpenAIModel, "qwen", base_url=url, constrained=False), "xml"
                    )
                else:
                    row = run_once(partial(OpenAIModel, "qwen", base_url=url), "auto")
            rows.append(row)
            print(f"  {name}: {json.dumps(row, default=str)}", flush=True)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument(
        "--cases", default="native,auto,xml-free,fallback", help="comma-separated, in order"
    )
    args = parser.parse_args()
    results = {}
    for name in args.cases.split(","):
        results[name] = case(name, None, args.repeat)
    print(f"\ncalculator task ({TASK!r}), {threads_from_env()} server threads, median of runs")
    print(f"{'case':<10} {'format':<7} {'probe s':>8} {'run s':>7} {'steps':>5}  answer")
    for name, rows in results.items():
        probe = statistics.median(r["probe"] for r in rows)
        run = statistics.median(r["run"] for r in rows)
        answers = ", ".join(str(r["answer"]) for r in rows)
        print(
            f"{name:<10} {rows[0]['format']:<7} {probe:>8.1f} {run:>7.1f} "
            f"{rows[0]['steps']:>5}  {answers}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
