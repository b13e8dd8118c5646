from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp_helpers import demo_command, free_port, start_http_server

from thinkact.mcp import McpServer, mcp_stdio


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[McpServer]:
    """One demo server held open for a module's tests that do not crash or close it."""
    pidfile = tmp_path_factory.mktemp("shared") / "pids"
    with mcp_stdio(demo_command(pidfile)) as server:
        yield server


@pytest.fixture(scope="module")
def http_url() -> Iterator[str]:
    port = free_port()
    proc = start_http_server(port)
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def pidfile(tmp_path: Path) -> Path:
    return tmp_path / "pids"
