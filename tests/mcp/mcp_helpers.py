"""Shared by the MCP tests: the demo server's command line, its process ids, and whether a
process still runs."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
DEMO = Path(__file__).resolve().parent / "servers" / "demo.py"


def demo_command(pidfile: Path, *extra: str) -> list[str]:
    return [sys.executable, str(DEMO), "--pidfile", str(pidfile), *extra]


def pids(pidfile: Path) -> list[int]:
    """The ids of every process the server was started as (one line per start)."""
    if not pidfile.exists():
        return []
    return [int(line) for line in pidfile.read_text(encoding="utf-8").split()]


def alive(pid: int) -> bool:
    """Running (a zombie, dead but not yet reaped, counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_until(condition: Any, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return bool(condition())


def call(name: str, **arguments: Any) -> dict[str, Any]:
    """A scripted reply with one native tool call."""
    return {"tool_calls": [{"name": name, "arguments": arguments}]}


def final(answer: str) -> dict[str, Any]:
    return call("final_answer", answer=answer)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_http_server(port: int) -> subprocess.Popen[bytes]:
    """The demo server over streamable HTTP on 127.0.0.1:port, ready when this returns."""
    proc = subprocess.Popen(
        [sys.executable, str(DEMO), "--http", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    def listening() -> bool:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
        except OSError:
            return False
        return True

    if not wait_until(listening, 30):
        proc.kill()
        raise RuntimeError("the demo HTTP server did not start")
    return proc


def script(path: Path, replies: list[Any]) -> str:
    """A model string for `thinkact run --model`: scripted replies from a file."""
    path.write_text(json.dumps({"replies": replies}), encoding="utf-8")
    return f"scripted:{path}"
