"""`thinkact run --output-schema FILE` (issue 26), in a real subprocess: the answer is
printed as JSON, a wrong one goes back to the model, a bad schema file is exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PERSON = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}},
    "required": ["name", "age"],
}


def thinkact(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("THINKACT_MODEL",)}
    env["THINKACT_HOME"] = str(tmp_path / "home")
    env["COLUMNS"] = "200"  # messages on one line
    return subprocess.run(
        [sys.executable, "-m", "thinkact", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=REPO,
        env=env,
        timeout=60,
    )


def final(answer: object) -> dict[str, object]:
    return {"tool_calls": [{"name": "final_answer", "arguments": {"answer": answer}}]}


def files(tmp_path: Path, replies: list[object], schema: object = PERSON) -> list[str]:
    (tmp_path / "replies.json").write_text(json.dumps({"replies": replies}), encoding="utf-8")
    (tmp_path / "schema.json").write_text(json.dumps(schema), encoding="utf-8")
    model = f"scripted:{tmp_path / 'replies.json'}"
    return ["--model", model, "--output-schema", str(tmp_path / "schema.json")]


def test_the_answer_is_checked_and_printed_as_json(tmp_path: Path) -> None:
    replies = [final({"name": "Ada", "age": "36"}), final({"name": "Ada", "age": 36})]
    done = thinkact(tmp_path, "run", "Who?", *files(tmp_path, replies), "-q")
    assert done.returncode == 0, done.stderr
    assert done.stdout == '{"name":"Ada","age":36}\n'


def test_the_console_shows_the_failed_check(tmp_path: Path) -> None:
    replies = [final({"name": "Ada"}), final({"name": "Ada", "age": 36})]
    done = thinkact(tmp_path, "run", "Who?", *files(tmp_path, replies))
    assert done.returncode == 0, done.stderr
    assert "'age' is a required property" in done.stdout
    assert '{"name":"Ada","age":36}' in done.stdout


def test_an_answer_that_never_matches_stops_the_run_with_exit_1(tmp_path: Path) -> None:
    replies = [final({"name": "Ada"})] * 3  # the first answer and two retries
    done = thinkact(tmp_path, "run", "Who?", *files(tmp_path, replies), "-q")
    assert done.returncode == 1
    assert "run stopped: validation_failed after 3 steps" in done.stderr


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "--output-schema: no such file:"),
        ("{not json", "is not JSON"),
        ('["a list"]', "must hold a JSON object (a schema), not list"),
        ('{"type": "objekt"}', "is not a valid JSON Schema"),
    ],
)
def test_a_bad_schema_file_is_exit_2_with_one_line(
    tmp_path: Path, content: str | None, message: str
) -> None:
    args = files(tmp_path, [final("x")])
    if content is None:
        args[-1] = str(tmp_path / "missing.json")
    else:
        (tmp_path / "schema.json").write_text(content, encoding="utf-8")
    done = thinkact(tmp_path, "run", "Who?", *args)
    assert done.returncode == 2
    assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert done.stdout == ""


def test_resume_asks_for_the_schema_the_run_started_with(tmp_path: Path) -> None:
    from thinkact import Agent, AgentConfig
    from thinkact.commands.schema import schema_labels
    from thinkact.events import StepFinished
    from thinkact.store import RunStore
    from thinkact.testing import ScriptedModel
    from thinkact.tools.calculator import calculator

    replies = [
        {"tool_calls": [{"name": "calculator", "arguments": {"expression": "1815 + 36"}}]},
        final({"name": "Ada", "age": 36}),
    ]
    files(tmp_path, replies)  # the scripted model's file, which resume reads again
    db = tmp_path / "runs.db"
    agent = Agent(
        ScriptedModel.from_file(tmp_path / "replies.json"),
        [calculator],
        config=AgentConfig(labels=schema_labels(PERSON)),
        output_type=PERSON,
        store=RunStore(db),
    )
    for item in agent.stream("Who?", run_id="cli-typed"):
        if isinstance(item, StepFinished):
            break  # stopped after its first step
    done = thinkact(tmp_path, "resume", "cli-typed", "--db", str(db), "-q")
    assert done.returncode == 0, done.stderr
    assert done.stdout == '{"name":"Ada","age":36}\n'  # read as the schema's JSON again
