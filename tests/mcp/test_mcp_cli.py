"""The command line: `thinkact mcp list`, and `--mcp` on `run` and `ask` (real
subprocesses for the CLI where it matters: exit codes, Ctrl-C, the server gone after)."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from mcp_helpers import REPO, alive, call, demo_command, final, pids, script, wait_until

from thinkact.cli import main


def thinkact(*args: str, **popen: object) -> subprocess.Popen[str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "THINKACT_MODEL")
    }
    env.update(COLUMNS="100", PYTHONIOENCODING="utf-8")
    return subprocess.Popen(
        [sys.executable, "-m", "thinkact", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        cwd=REPO,
        env=env,
        **popen,  # type: ignore[call-overload]
    )


def command_line(pidfile: Path) -> str:
    return shlex.join(demo_command(pidfile))


def test_mcp_list_shows_names_descriptions_and_parameters(
    pidfile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["mcp", "list", command_line(pidfile)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"7 tools from `{command_line(pidfile)}`"
    assert out[1:5] == [
        "",
        "echo  Repeat the text.",
        "    text (string, required)",
        "    times (integer, default 1)",
    ]
    assert "math_add  Add two integers." in out
    assert "    (no parameters)" in out  # crash, pid
    assert not any(alive(p) for p in pids(pidfile))


def test_mcp_list_json(pidfile: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mcp", "list", command_line(pidfile), "--json"]) == 0
    tools = json.loads(capsys.readouterr().out)
    assert tools[0] == {
        "name": "echo",
        "description": "Repeat the text.",
        "parameters": {
            "type": "object",
            "properties": {"text": {"type": "string"}, "times": {"type": "integer", "default": 1}},
            "required": ["text"],
        },
    }


def test_mcp_list_mistakes_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mcp", "list", "no-such-server --x"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "error: cannot start the MCP server 'no-such-server --x': no-such-server is not found\n"
    )
    exits = f"{shlex.quote(sys.executable)} -c 'import sys; sys.exit(1)'"
    assert main(["mcp", "list", exits]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot start the MCP server `") and "handshake" in err
    assert main(["mcp", "list", "--url", "ftp://x"]) == 2


def test_run_with_mcp(tmp_path: Path, pidfile: Path) -> None:
    model = script(tmp_path / "replies.json", [call("math_add", a=40, b=2), final("42")])
    proc = thinkact("run", "add", "-m", model, "--mcp", command_line(pidfile), "--json")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    events = [json.loads(line) for line in out.splitlines()]
    finished = [e for e in events if e["kind"] == "tool_finished"]
    assert [e["result"]["content"] for e in finished] == ["42"]
    (pid,) = pids(pidfile)
    assert not alive(pid)


def test_run_with_two_servers_and_a_builtin_tool(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    model = script(tmp_path / "r.json", [call("calculator", expression="6*7"), final("42")])
    # The same tools twice: a usage error, in one line, and neither server is left running.
    proc = thinkact(
        "run", "x", "-m", model, "-t", "calculator",
        "--mcp", command_line(one), "--mcp", command_line(two), "-q",
    )  # fmt: skip
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and out == ""
    assert err.startswith("error: two tools are named 'echo'")
    assert not any(alive(p) for p in pids(one) + pids(two))


def test_ask_with_mcp(tmp_path: Path, pidfile: Path) -> None:
    corpus = tmp_path / "pages.jsonl"
    corpus.write_text(json.dumps({"title": "Nothing", "text": "Nothing here."}) + "\n")
    model = script(tmp_path / "r.json", [call("echo", text="from mcp"), final("done")])
    proc = thinkact(
        "ask", "q", "-m", model, "--corpus", str(corpus), "--mcp", command_line(pidfile), "-q"
    )
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert out.splitlines()[0] == "done"
    assert len(pids(pidfile)) == 1 and not alive(pids(pidfile)[0])


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_ctrl_c_during_an_mcp_call_stops_the_server(tmp_path: Path, pidfile: Path) -> None:
    marker = tmp_path / "started"
    model = script(
        tmp_path / "r.json", [call("slow", seconds=60, marker=str(marker)), final("late")]
    )
    proc = thinkact(
        "run", "t", "-m", model, "--mcp", command_line(pidfile), "-q",
        preexec_fn=_default_sigint,
    )  # fmt: skip
    assert wait_until(marker.exists, 30), proc.communicate(timeout=5)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert (proc.returncode, out, err) == (130, "", "error: interrupted\n")
    (pid,) = pids(pidfile)
    assert wait_until(lambda: not alive(pid), 5)


def test_a_killed_run_with_mcp_resumes_with_its_server(tmp_path: Path, pidfile: Path) -> None:
    marker, db = tmp_path / "started", tmp_path / "runs.db"
    replies = [
        call("calculator", expression="6*7"),
        call("slow", seconds=2, marker=str(marker)),
        call("echo", text="again"),
        final("42"),
    ]
    model = script(tmp_path / "r.json", replies)
    server = command_line(pidfile)
    proc = thinkact(
        "run", "t", "-m", model, "-t", "calculator", "--mcp", server, "--db", str(db), "-q"
    )
    assert wait_until(marker.exists, 30), proc.communicate(timeout=5)
    proc.kill()
    proc.wait(timeout=10)

    # No --mcp again: the run's server starts from its record, beside its built-in tool.
    resumed = thinkact("resume", "last", "--db", str(db), "--json")
    out, err = resumed.communicate(timeout=60)
    assert resumed.returncode == 0, err
    events = [json.loads(line) for line in out.splitlines()]
    results = [e["result"]["content"] for e in events if e["kind"] == "tool_finished"]
    assert results[0].startswith("INTERRUPTED: the run stopped while this call was running")
    assert results[1:] == ["again"]
    assert events[-1]["final_answer"] == "42"
    assert len(pids(pidfile)) == 2 and wait_until(lambda: not any(map(alive, pids(pidfile))), 10)


def test_review_with_mcp_gives_the_model_the_servers_tools(tmp_path: Path, pidfile: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "note.txt").write_text("MEMO\n\nLunch is at noon.\n", encoding="utf-8")
    replies = [call("echo", text="hello"), final("nothing to review")]
    model = script(tmp_path / "r.json", replies)
    proc = thinkact(
        "review", str(docs), "-m", model, "--out", str(tmp_path / "out"), "--yes",
        "--mcp", command_line(pidfile), "--json", "--no-store",
    )  # fmt: skip
    out, err = proc.communicate(timeout=120)
    events = [json.loads(line) for line in out.splitlines()]
    assert [e["result"]["content"] for e in events if e["kind"] == "tool_finished"][:1] == [
        "hello"
    ], err
    (pid,) = pids(pidfile)
    assert wait_until(lambda: not alive(pid), 10)
    pev = thinkact("review", str(docs), "--pattern", "pev", "--mcp", command_line(pidfile), "-y")
    err = pev.communicate(timeout=60)[1]
    assert (pev.returncode, err) == (2, "error: --mcp and --mcp-url work with --pattern react\n")
