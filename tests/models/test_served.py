"""The embedded model served by llama-cpp-python's OpenAI-compatible server (default chat
format), a real subprocess shared by this module: the setup of issue 28, where `auto`
once chose native, the model wrote `<tools></tools>` and the run "completed" with it."""

from __future__ import annotations

import importlib.util
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from thinkact import Agent, AgentConfig
from thinkact.events import Event, FormatFailed, Notice
from thinkact.loop import FELL_BACK
from thinkact.models.capabilities import Capabilities, CapabilityCache, cache_key
from thinkact.models.openai import OpenAIModel
from thinkact.tools.calculator import calculator

pytestmark = pytest.mark.model

TASK = "What is 17 * 23 + 4?"
SERVER_DEPS = ("fastapi", "uvicorn", "sse_starlette", "starlette_context", "pydantic_settings")
START_TIMEOUT = 180.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of llama-cpp-python's server on the embedded GGUF."""
    from thinkact.models.local import quiet_openmp, threads_from_env
    from thinkact.models.weights import ensure_model, local_status

    status = local_status()
    if status.llama_cpp is None:
        pytest.skip("llama-cpp-python is not installed (run scripts/bootstrap.sh)")
    missing = [m for m in SERVER_DEPS if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(
            f"llama-cpp-python's server needs {', '.join(missing)}: pip install -e '.[dev]'"
        )
    if not status.assembled and status.parts_found < status.parts_total:
        pytest.skip(f"embedded model weights missing: {'; '.join(status.problems())}")
    path = ensure_model()
    port = _free_port()
    log = tmp_path_factory.mktemp("served") / "server.log"
    argv = [sys.executable, "-m", "llama_cpp.server", "--model", str(path)]
    threads = str(threads_from_env())  # the server's default is half the CPUs
    argv += ["--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096"]
    argv += ["--n_threads", threads, "--n_threads_batch", threads]
    quiet_openmp()  # the server process inherits it: its threads sleep while they wait
    with log.open("wb") as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        _wait_ready(proc, url, log)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _wait_ready(proc: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            tail = log.read_text(errors="replace")[-2000:]
            pytest.fail(f"llama-cpp-python's server exited ({proc.returncode}):\n{tail}")
        try:
            if httpx.get(f"{url}/models", timeout=2.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    pytest.fail(f"llama-cpp-python's server did not start in {START_TIMEOUT:.0f} s")


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("THINKACT_HOME", str(tmp_path))
    for name in ("OPENAI_BASE_URL", "THINKACT_OPENAI_BASE_URL", "THINKACT_OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)


def stream(agent: Agent, task: str = TASK) -> tuple[list[Event], Any]:
    items = list(agent.stream(task))
    return [e for e in items[:-1] if isinstance(e, Event)], items[-1]


@pytest.mark.timeout(600)
def test_auto_on_the_served_model_probes_it_and_picks_a_text_format(served: str) -> None:
    """The probe finds that this server returns calls as text, so `auto` picks a text
    format (the run that answers in it is the fallback test's, after its refusal)."""
    model = OpenAIModel("qwen", base_url=served)
    agent = Agent(model, tools=[calculator], config=AgentConfig(max_steps=6))
    caps = model.capabilities()
    assert caps is not None and not caps.tool_calls and caps.grammar  # calls come back as text
    assert agent.format.name == "xml"
    assert CapabilityCache().get(cache_key(served, "qwen")) == caps  # probed once, then kept


@pytest.mark.timeout(600)
def test_a_server_that_refuses_tools_falls_back_and_answers(served: str) -> None:
    """A proxy in front of the real server answers 400 to any request with tools; the
    cache says tool calls work (so the run starts native and meets the refusal)."""
    real = httpx.Client(timeout=300.0)

    def refusing(request: httpx.Request) -> httpx.Response:
        if "tools" in json.loads(request.content):
            return httpx.Response(
                400, json={"error": {"message": "this server does not support tools"}}
            )
        forwarded = real.send(
            real.build_request(
                request.method,
                request.url,
                content=request.content,
                headers={"content-type": "application/json"},
            )
        )
        return httpx.Response(
            forwarded.status_code,
            content=forwarded.content,
            headers={"content-type": "application/json"},
        )

    known = Capabilities(True, grammar=True, probed_at=time.time())
    CapabilityCache().put(cache_key(served, "qwen"), known)
    client = httpx.Client(transport=httpx.MockTransport(refusing))
    model = OpenAIModel("qwen", base_url=served, http_client=client)
    agent = Agent(model, tools=[calculator], config=AgentConfig(max_steps=6))
    assert agent.format.name == "native"
    events, result = stream(agent)
    notices = [e for e in events if isinstance(e, Notice) and e.reason == FELL_BACK]
    assert len(notices) == 1 and notices[0].step == 1
    assert result.ok and "395" in result.final_answer


@pytest.mark.timeout(600)
def test_a_native_reply_of_tags_is_resampled_never_a_success(served: str) -> None:
    sent: list[dict[str, Any]] = []

    def record(request: httpx.Request) -> None:
        sent.append(json.loads(request.read()))

    client = httpx.Client(timeout=300.0, event_hooks={"request": [record]})
    model = OpenAIModel("qwen", base_url=served, http_client=client)
    # the first request as `thinkact run` sends it (its step note too); two errors in a row
    # end the run with one more turn: three requests at most, the later ones told and hotter
    config = AgentConfig(max_consecutive_errors=2, max_reply_tokens=64)
    events, result = stream(Agent(model, tools=[calculator], format="native", config=config))
    failed = [e for e in events if isinstance(e, FormatFailed)]
    assert failed  # the model wrote markup (`<tools></tools>`) or a call as text
    assert sent[1]["temperature"] >= 0.7 > sent[0]["temperature"]
    assert failed[0].message in json.dumps(sent[1]["messages"])
    if result.ok:  # a resampled reply that really answers counts, as it should
        assert "395" in result.final_answer
    else:
        assert result.final_answer is None
