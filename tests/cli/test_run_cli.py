"""`thinkact run` end to end, in a real subprocess: output, --quiet, --json, --trace, exit
codes and one-line error messages, Ctrl-C."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "examples" / "scripted" / "demo.json"

TOOLS_MODULE = '''
import pathlib, time

def shout(text: str) -> str:
    """Upper-case a text."""
    return text.upper()

def long_text(n: int) -> str:
    """n numbered lines."""
    return "\\n".join(f"line {i}" for i in range(n))

def wait(marker: str) -> str:
    """Touch `marker`, then take a long time."""
    pathlib.Path(marker).write_text("started")
    time.sleep(60)
    return "late"
'''


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def env_for(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "cli_tools.py").write_text(TOOLS_MODULE, encoding="utf-8")
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "OPENAI_API_KEY", "THINKACT_MODEL")
    }
    env["PYTHONPATH"] = str(tmp_path)
    env["COLUMNS"] = "80"
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def thinkact(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "thinkact", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=REPO,
        env=env_for(tmp_path),
        timeout=60,
    )


def script(tmp_path: Path, replies: list[object], name: str = "replies.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps({"replies": replies}), encoding="utf-8")
    return f"scripted:{path}"


def call(name: str, **arguments: object) -> dict[str, object]:
    return {"tool_calls": [{"name": name, "arguments": arguments}]}


def lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


def test_the_demo_renders_the_whole_run(tmp_path: Path) -> None:
    done = thinkact(
        tmp_path,
        "run",
        "What is 17 * 23 + 4?",
        "--model",
        "scripted:examples/scripted/demo.json",
        "--tools",
        "calculator",
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = lines(done.stdout)
    assert out[:-1] == [
        "🚀 Starting: What is 17 * 23 + 4?",
        "   model scripted:examples/scripted/demo.json · format native · up to 20 turns",
        "   tools calculator",
        "────────────────────────────────── Turn 1/20 ───────────────────────────────────",
        "🤔 REASONING",
        "First I multiply 17 by 23; then I add 4 to the product.",
        "⚡ ACTION: calculator",
        "{",
        '  "expression": "17 * 23"',
        "}",
        "👀 OBSERVATION",
        "391",
        "────────────────────────────────── Turn 2/20 ───────────────────────────────────",
        "🤔 REASONING",
        "17 * 23 is 391. Now I add 4.",
        "⚡ ACTION: calculator",
        "{",
        '  "expression": "391 + 4"',
        "}",
        "👀 OBSERVATION",
        "395",
        "────────────────────────────────── Turn 3/20 ───────────────────────────────────",
        "🤔 REASONING",
        "391 + 4 = 395, so I have the answer.",
        "",
        "✅ COMPLETED",
        "17 × 23 + 4 = 395",
    ]
    assert re.fullmatch(r"3 steps · tokens 800 in / 83 out \(480 cached\) · \d+\.\d s", out[-1])


def test_quiet_prints_only_the_answer(tmp_path: Path) -> None:
    done = thinkact(tmp_path, "run", "17*23+4?", "-m", f"scripted:{DEMO}", "-t", "calculator", "-q")
    assert (done.returncode, done.stdout, done.stderr) == (0, "17 × 23 + 4 = **395**\n", "")


def test_json_prints_events_as_json_lines_only(tmp_path: Path) -> None:
    model = script(
        tmp_path,
        [call("long_text", n=3), call("final_answer", answer="done")],
    )
    done = thinkact(tmp_path, "run", "t", "-m", model, "-t", "cli_tools:long_text", "--json")
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    kinds = [r["kind"] for r in records]
    assert kinds[0] == "run_started" and kinds[-1] == "run_finished"
    assert [r["seq"] for r in records] == list(range(1, len(records) + 1))
    assert len({r["run_id"] for r in records}) == 1
    assert "model_replied" in kinds
    finished = next(r for r in records if r["kind"] == "tool_finished")
    assert finished["result"] == {
        "call_id": finished["call"]["id"],
        "name": "long_text",
        "content": "line 0\nline 1\nline 2",
        "is_error": False,
    }
    assert records[-1]["final_answer"] == "done"


def test_trace_keeps_full_observations_beside_the_console(tmp_path: Path) -> None:
    model = script(tmp_path, [call("long_text", n=500), call("final_answer", answer="ok")])
    trace = tmp_path / "logs" / "trace.jsonl"
    done = thinkact(
        tmp_path, "run", "t", "-m", model, "-t", "cli_tools:long_text", "--trace", str(trace)
    )
    assert done.returncode == 0, done.stderr
    assert "… (" in done.stdout and "line 499" not in done.stdout  # shortened on screen
    records = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    finished = next(r for r in records if r["kind"] == "tool_finished")
    assert finished["result"]["content"].endswith("line 498\nline 499")
    assert records[-1]["kind"] == "run_finished"


def test_a_run_that_uses_every_turn_exits_1(tmp_path: Path) -> None:
    model = script(tmp_path, [call("shout", text="a"), "Best guess: A."])
    done = thinkact(tmp_path, "run", "t", "-m", model, "-t", "cli_tools:shout", "--max-steps", "1")
    assert done.returncode == 1
    assert "⚠️  Reached maximum turns (1/1)" in done.stdout
    assert "Best guess: A." in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tools", "nope"], "error: unknown tool 'nope'. Built-in tools: calculator, "),
        (["--tools", "cli_tools:missing"], "error: module cli_tools has no 'missing'"),
        (["--tools", "no_such_module:f"], "error: cannot import tool 'no_such_module:f'"),
        (["--model", "scripted:/no/such/file.json"], "error: scripted model file not found"),
        (["--model", "bogus:x"], "error: unknown model 'bogus:x'. Use anthropic:MODEL"),
        (["--trace", "/proc/no/such/dir/t.jsonl"], "error: cannot write the trace"),
    ],
)
def test_bad_options_give_one_red_line_and_exit_2(
    tmp_path: Path, args: list[str], message: str
) -> None:
    done = thinkact(tmp_path, "run", "task", "-m", f"scripted:{DEMO}", *args)
    assert done.returncode == 2
    assert done.stderr.startswith(message)
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def test_argument_errors_and_help(tmp_path: Path) -> None:
    done = thinkact(tmp_path, "run", "t", "--max-steps", "0")
    assert done.returncode == 2 and "--max-steps: must be at least 1, got 0" in done.stderr
    done = thinkact(tmp_path, "run", "  ", "-m", f"scripted:{DEMO}")
    assert done.returncode == 2 and done.stderr.startswith("error: the task is empty")
    done = thinkact(tmp_path)
    assert done.returncode == 2 and "run" in done.stdout and "models" in done.stdout
    done = thinkact(tmp_path, "--version")
    assert done.returncode == 0 and done.stdout.startswith("thinkact ")


def test_a_missing_key_exits_2_before_the_run_starts(tmp_path: Path) -> None:
    # (A model error once the run has started exits 1: tests/cli/test_missing_key.py.)
    done = thinkact(tmp_path, "run", "hi", "--model", "anthropic:claude-sonnet-4-5")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: no Anthropic API key")
    assert "ANTHROPIC_API_KEY" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_ctrl_c_exits_130_cleanly_and_keeps_the_trace(tmp_path: Path) -> None:
    marker = tmp_path / "started"
    model = script(tmp_path, [call("wait", marker=str(marker)), call("final_answer", answer="x")])
    trace = tmp_path / "t.jsonl"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "thinkact",
            "run",
            "t",
            "-m",
            model,
            "-t",
            "cli_tools:wait",
            "--trace",
            str(trace),
            "-q",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        cwd=REPO,
        env=env_for(tmp_path),
        # Ctrl-C as in a shell: a signal ignored or blocked in this test process (by
        # whatever ran before in the suite) would be inherited, and SIGINT never arrive.
        preexec_fn=_default_sigint,
    )
    deadline = time.monotonic() + 30
    while not marker.exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.02)
    assert marker.exists(), proc.communicate()[1]
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert out == ""  # --quiet, and no answer was reached
    assert proc.returncode == 130
    assert err == "error: interrupted\n"
    kinds = [json.loads(line)["kind"] for line in trace.read_text(encoding="utf-8").splitlines()]
    assert kinds[0] == "run_started" and "tool_started" in kinds


def test_format_option_drives_a_text_format(tmp_path: Path) -> None:
    model = script(
        tmp_path,
        [
            "<reasoning>Shout it.</reasoning>\n<action>shout</action>\n"
            '<parameters>{"text": "hi"}</parameters>\n<observation>made up</observation>',
            "<reasoning>Done.</reasoning>\n<final_answer>HI</final_answer>",
        ],
    )
    done = thinkact(tmp_path, "run", "t", "-m", model, "-t", "cli_tools:shout", "--format", "xml")
    assert done.returncode == 0, done.stderr
    out = lines(done.stdout)
    assert "· format xml · up to 20 turns" in " ".join(done.stdout.split())
    i = out.index("👀 OBSERVATION")
    assert out[i - 6 : i + 3] == [
        "🤔 REASONING",
        "Shout it.",
        "⚡ ACTION: shout",
        "{",
        '  "text": "hi"',
        "}",
        "👀 OBSERVATION",
        "HI",
        "────────────────────────────────── Turn 2/20 ───────────────────────────────────",
    ]
    assert "made up" not in done.stdout  # the invented observation never reached the screen


def test_commands_not_written_yet_are_skipped_and_broken_ones_fail_loudly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from thinkact.cli import build_parser

    parser = build_parser(("run", "not_written_yet", "models"))
    assert parser.parse_args(["models"]).command == "models"
    with pytest.raises(SystemExit):
        parser.parse_args(["not_written_yet"])
    # A command module that exists but cannot import is a bug to see, not to hide.
    package = tmp_path / "probe_commands"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "broken.py").write_text("import a_module_nobody_has\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError, match="a_module_nobody_has"):
        build_parser(("missing", "broken"), package="probe_commands")
