"""The providers over real sockets: a small Chat Completions / Messages server on 127.0.0.1
(loopback is the only network tests may use). Exercises the SDKs' own transports, timeouts
and connection errors, which a MockTransport skips."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from api_fakes import hermetic_sdk_env  # noqa: F401

from thinkact import Agent, AgentConfig, RetryPolicy, tool
from thinkact.errors import ModelConnectionError, ModelTimeoutError
from thinkact.models.anthropic import AnthropicModel
from thinkact.models.openai import OpenAIModel
from thinkact.types import ModelRequest, UserMessage


@dataclass
class Canned:
    body: dict[str, Any]
    status: int = 200
    delay: float = 0.0


@dataclass
class Server:
    url: str
    answers: list[Canned] = field(default_factory=list)
    seen: list[tuple[str, dict[str, str], dict[str, Any]]] = field(default_factory=list)


def _completion(message: dict[str, Any], finish: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "qwen2.5",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": 30, "completion_tokens": 9, "total_tokens": 39},
    }


def tool_call(id: str, name: str, args: dict[str, Any]) -> Canned:
    fn = {"name": name, "arguments": json.dumps(args)}
    msg = {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": id, "type": "function", "function": fn}],
    }
    return Canned(_completion(msg, "tool_calls"))


@pytest.fixture
def server() -> Iterator[Server]:
    state = Server("")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as real servers do

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
            state.seen.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            answer = state.answers.pop(0) if state.answers else Canned({"error": "empty"}, 500)
            time.sleep(answer.delay)
            data = json.dumps(answer.body).encode()
            try:
                self.send_response(answer.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except OSError:
                pass  # the client gave up (timeout tests)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()


@tool
def multiply(a: int, b: int) -> int:
    """Multiply two integers."""
    return a * b


FAST = AgentConfig(retry=RetryPolicy(max_attempts=2, base_delay=0.001, jitter=False))


def test_agent_run_against_a_compatible_server(server: Server) -> None:
    server.answers += [
        tool_call("call_1", "multiply", {"a": 17, "b": 23}),
        tool_call("call_2", "final_answer", {"answer": "391"}),
    ]
    model = OpenAIModel("qwen2.5", base_url=f"{server.url}/v1")
    # native named: `auto` would first ask the server what it does (test_server_caps.py)
    agent = Agent(model, tools=[multiply], format="native", config=FAST)
    result = agent.run("What is 17 * 23?")
    assert result.final_answer == "391"
    assert [path for path, _, _ in server.seen] == ["/v1/chat/completions"] * 2
    headers, body = server.seen[1][1], server.seen[1][2]
    assert headers["authorization"] == "Bearer not-needed"
    assert body["messages"][3] == {"role": "tool", "tool_call_id": "call_1", "content": "391"}


def test_slow_server_times_out(server: Server) -> None:
    server.answers.append(
        Canned(_completion({"role": "assistant", "content": "late"}, "stop"), delay=1.0)
    )
    model = OpenAIModel("qwen2.5", base_url=f"{server.url}/v1", timeout=0.2)
    start = time.monotonic()
    with pytest.raises(ModelTimeoutError, match=r"within 0\.2 s"):
        model.complete(ModelRequest([UserMessage("hi")]))
    assert time.monotonic() - start < 0.9
    assert len(server.seen) == 1  # the SDK did not retry on its own


def test_nothing_listening_is_a_connection_error() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # free once closed: nothing listens there
    model = OpenAIModel("qwen2.5", base_url=f"http://127.0.0.1:{port}/v1")
    with pytest.raises(ModelConnectionError, match="is the server running"):
        model.complete(ModelRequest([UserMessage("hi")]))


def test_one_model_in_several_event_loops(server: Server) -> None:
    answer = _completion({"role": "assistant", "content": "ok"}, "stop")
    server.answers += [Canned(answer), Canned(answer), Canned(answer)]
    model = OpenAIModel("qwen2.5", base_url=f"{server.url}/v1")
    request = ModelRequest([UserMessage("hi")])
    for _ in range(3):  # each asyncio.run has its own loop; pooled connections must not leak
        assert asyncio.run(model.acomplete(request)).text == "ok"


def test_anthropic_over_a_socket(server: Server) -> None:
    server.answers.append(
        Canned(
            {
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "claude-haiku-4-5",
                "content": [{"type": "text", "text": "Hello from the socket."}],
                "stop_reason": "end_turn",
                "usage": {"input_tokens": 12, "output_tokens": 6},
            }
        )
    )
    model = AnthropicModel("claude-haiku-4-5", api_key="sk-ant-x", base_url=server.url)
    reply = model.complete(ModelRequest([UserMessage("hi")]))
    assert reply.text == "Hello from the socket." and reply.usage.cost is not None
    path, headers, _ = server.seen[0]
    assert path == "/v1/messages" and headers["authorization"] == "Bearer sk-ant-x"
