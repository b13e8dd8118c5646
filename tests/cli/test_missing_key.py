"""A model that needs an API key and has none fails before the run starts: one line on
stderr, exit 2, nothing of the run printed."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from thinkact.cli import EXIT_USAGE, main
from thinkact.commands.common import ready_model


@pytest.fixture(autouse=True)
def no_credentials(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in (
        "ANTHROPIC_API_KEY",
        "ANTHROPIC_AUTH_TOKEN",
        "ANTHROPIC_PROFILE",
        "ANTHROPIC_BASE_URL",
        "OPENAI_API_KEY",
        "OPENAI_BASE_URL",
        "THINKACT_OPENAI_BASE_URL",
        "THINKACT_OPENAI_API_KEY",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("ANTHROPIC_CONFIG_DIR", str(tmp_path / "no-profiles"))


@pytest.mark.parametrize(
    ("model", "variable"),
    [
        ("anthropic:claude-sonnet-4-5", "ANTHROPIC_API_KEY"),
        ("openai:gpt-4o-mini", "OPENAI_API_KEY"),
    ],
)
def test_a_missing_key_fails_before_the_run_starts(
    model: str, variable: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["run", "What is 2 + 2?", "--model", model, "--no-store"])
    out, err = capsys.readouterr()
    assert code == EXIT_USAGE
    assert out == ""  # no header, no step: the run never started
    assert err.count("\n") == 1 and err.startswith("error: no ")
    assert f"set {variable}" in err


def test_a_key_in_the_environment_or_a_local_server_passes_the_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert ready_model("openai:qwen2.5@http://localhost:8080/v1").name.startswith("openai:")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    assert ready_model("anthropic:claude-sonnet-4-5").name == "anthropic:claude-sonnet-4-5"
    assert ready_model("openai:gpt-4o-mini").name == "openai:gpt-4o-mini"


class _Refuses(BaseHTTPRequestHandler):
    """A local OpenAI-compatible server that rejects every request's key."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        body = json.dumps({"error": {"message": "invalid key", "type": "auth"}}).encode()
        self.send_response(401)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def refusing_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Refuses)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def test_a_model_error_once_the_run_started_still_exits_1(
    refusing_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    model = f"openai:qwen2.5@{refusing_server}"  # a local server: no key needed to start
    code = main(["run", "hi", "--model", model, "--no-store", "-q"])
    _, err = capsys.readouterr()
    assert code == 1 and err.startswith("error: openai-compatible: ")
    assert "401" in err
