"""TASKS.jsonl lines: tasks, bad lines with clear errors, defaults, ids as file names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from thinkact.batch import BadLine, TaskSpec, parse_task, parse_tasks
from thinkact.batch.spec import file_name


def test_a_prompt_line_with_its_settings() -> None:
    line = json.dumps(
        {
            "id": "q1",
            "prompt": "What is 2+2?",
            "model": "openai:gpt-4o-mini",
            "tools": ["calculator", "files"],
            "format": "native",
            "max_steps": 5,
            "max_cost": 0.1,
            "workspace": "w",
        }
    )
    task = parse_task(line, 1)
    assert task == TaskSpec(
        id="q1",
        line=1,
        prompt="What is 2+2?",
        model="openai:gpt-4o-mini",
        tools=("calculator", "files"),
        format="native",
        max_steps=5,
        max_cost=0.1,
        workspace="w",
    )
    assert task.kind == "prompt"
    review = parse_task('{"review": "docs", "tools": "a, b"}', 7)
    assert isinstance(review, TaskSpec)
    assert (review.id, review.kind, review.tools) == ("line-7", "review", ("a", "b"))


@pytest.mark.parametrize(
    ("line", "id", "error"),
    [
        ("{not json", "line-3", "line 3 is not JSON"),
        ("[1, 2]", "line-3", "a JSON list, not an object"),
        ('{"id": "x", "prompt": "p", "colour": 1}', "x", "unknown key 'colour'"),
        ('{"id": "x"}', "x", 'give either "prompt"'),
        ('{"id": "x", "prompt": "p", "review": "d"}', "x", "not both"),
        ('{"id": "x", "prompt": "  "}', "x", "the prompt is empty"),
        ('{"id": "x", "prompt": "p", "max_steps": 0}', "x", "max_steps must be a whole number"),
        ('{"id": "x", "prompt": "p", "max_steps": true}', "x", "max_steps must be a whole"),
        ('{"id": "x", "prompt": "p", "max_cost": -1}', "x", "max_cost must be a number"),
        ('{"id": "x", "prompt": "p", "tools": 3}', "x", "tools must be"),
        ('{"id": "x", "prompt": 3}', "x", "prompt must be a string"),
        ('{"id": ["x"], "prompt": "p"}', "line-3", "id must be a string"),
    ],
)
def test_a_bad_line_says_what_is_wrong(line: str, id: str, error: str) -> None:
    bad = parse_task(line, 3)
    assert isinstance(bad, BadLine)
    assert (bad.id, bad.line) == (id, 3)
    assert error in bad.error


def test_blank_lines_are_skipped_and_a_taken_id_is_a_bad_line() -> None:
    lines = ['{"id": "a", "prompt": "p"}', "", "  ", '{"id": "a", "prompt": "q"}']
    tasks = list(parse_tasks(lines))
    assert [t.id for t in tasks] == ["a", "a@line-4"]
    assert isinstance(tasks[1], BadLine) and "already taken" in tasks[1].error


def test_defaults_fill_what_a_task_leaves_out() -> None:
    defaults = TaskSpec("d", model="m", tools=("calculator",), max_steps=3, format="xml")
    own = TaskSpec("t", prompt="p", model="own", max_steps=9).with_defaults(defaults)
    assert (own.model, own.tools, own.max_steps, own.format) == ("own", ("calculator",), 9, "xml")
    assert own.id == "t" and own.prompt == "p"


@given(st.text(max_size=60), st.text(max_size=60))
def test_any_id_makes_a_safe_file_name_of_its_own(a: str, b: str) -> None:
    name = file_name(a)
    assert name and "/" not in name and name not in (".", "..") and len(name) <= 120
    assert all((c.isascii() and c.isalnum()) or c in "._-" for c in name)
    if a != b:
        assert file_name(b) != name


def test_relative_paths_are_anchored_where_the_batch_starts(tmp_path: Path) -> None:
    task = TaskSpec(
        "t",
        prompt="p",
        model="scripted:s/r.json",
        tools=("calculator", "tools/x.py:add", "./y.py:f", "pkg.mod:g", "/abs/z.py:h"),
        workspace="w",
        out="~/o",
    ).anchored(tmp_path)
    assert task.model == f"scripted:{tmp_path}/s/r.json"
    assert task.tools == (
        "calculator",
        f"{tmp_path}/tools/x.py:add",
        f"{tmp_path}/y.py:f",
        "pkg.mod:g",
        "/abs/z.py:h",
    )
    assert task.workspace == f"{tmp_path}/w" and task.out == str(Path("~/o").expanduser())
    review = TaskSpec("r", review="/docs", model="openai:gpt-4o@http://h/v1").anchored(tmp_path)
    assert (review.review, review.model) == ("/docs", "openai:gpt-4o@http://h/v1")
    assert review.workspace == str(tmp_path)  # the file tools' default folder
    assert TaskSpec("l", prompt="p", model="local").anchored(tmp_path).model == "local"
