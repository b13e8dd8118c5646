"""BFCL multi-turn: the session scorer on hand-made items and a class of our own, the
suite on a hand-made folder laid out as the wheel is, and both agents' sessions."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from thinkact.apps.eval import get_suite, load_items
from thinkact.apps.eval.base import Attempt, FollowUp, Task
from thinkact.apps.eval.bfcl_multi import MORE_FUNCTIONS, MultiTurn
from thinkact.apps.eval.bfcl_multi_state import (
    check_session,
    execute,
    methods,
    new_instances,
    parse_call,
    run_call,
)
from thinkact.apps.eval.seed import SeedSolver
from thinkact.apps.eval.solver import ThinkactSolver
from thinkact.errors import ToolRetry, UserError
from thinkact.testing import ScriptedModel
from thinkact.types import Usage

# A tiny stateful API of our own, in the shape of BFCL's classes: public attributes are
# the state, `_load_scenario` loads it, errors come back as dicts.
SHELF = """
class Shelf:
    def __init__(self):
        self.books = []
        self.here = "home"
        self._calls = 0

    def _load_scenario(self, scenario, long_context=False):
        self.books = list(scenario.get("books", []))
        self.here = scenario.get("here", "home")

    def go(self, place):
        self.here = place
        return {"here": place}

    def add(self, title):
        if self.here != "library":
            return {"error": "not in the library"}
        self.books.append(title)
        return {"added": title}

    def count(self):
        return {"count": len(self.books)}
"""
namespace: dict[str, Any] = {}
exec(SHELF, namespace)  # the same source the fake wheel below ships
Shelf = namespace["Shelf"]


def fresh() -> dict[str, Any]:
    return new_instances({"Shelf": Shelf}, {"Shelf": {"books": ["Emma"]}})


GOLD = [["go(place='library')", "add(title='Dune')"], ["count()"]]


def test_the_ground_truth_itself_passes() -> None:
    predicted = [[{"go": {"place": "library"}}, {"add": {"title": "Dune"}}], [{"count": {}}]]
    verdict = check_session(GOLD, predicted, fresh)
    assert verdict.valid and verdict.turns_passed == 2 == verdict.turns


def test_wrong_arguments_leave_another_state() -> None:
    predicted = [[{"go": {"place": "library"}}, {"add": {"title": "Dune 2"}}], [{"count": {}}]]
    verdict = check_session(GOLD, predicted, fresh)
    assert (verdict.valid, verdict.kind, verdict.failed_turn) == (False, "state_mismatch", 0)
    assert "Shelf.books" in verdict.error


def test_state_lost_between_turns_fails_the_later_turn() -> None:
    # turn 1 asks to add a book where turn 0 went; the model goes home again first
    gold = [["go(place='library')"], ["add(title='Dune')"]]
    predicted = [
        [{"go": {"place": "library"}}],
        [{"go": {"place": "home"}}, {"add": {"title": "Dune"}}],
    ]
    verdict = check_session(gold, predicted, fresh)
    assert verdict.kind == "state_mismatch" and verdict.turns_passed == 1


def test_a_turn_without_calls_fails_when_calls_were_due() -> None:
    predicted = [[{"go": {"place": "library"}}, {"add": {"title": "Dune"}}], []]
    verdict = check_session(GOLD, predicted, fresh)
    assert verdict.kind == "empty_turn" and verdict.failed_turn == 1


def test_a_result_the_model_never_fetched_fails_the_response_check() -> None:
    # the state matches (count() changes nothing) but its result was not in the model's
    predicted = [
        [{"go": {"place": "library"}}, {"add": {"title": "Dune"}}],
        [{"go": {"place": "library"}}],
    ]
    verdict = check_session(GOLD, predicted, fresh)
    assert verdict.kind == "response_mismatch" and '{"count": 2}' in verdict.error


def test_results_of_earlier_turns_count() -> None:
    gold = [["go(place='library')"], ["add(title='Dune')", "count()"]]
    predicted = [[{"go": {"place": "library"}}], [{"add": {"title": "Dune"}}, {"count": {}}]]
    assert check_session(gold, predicted, fresh).valid
    # the count fetched in turn 1 also serves a turn 2 that asks for it again
    gold3 = [*gold, ["count()"]]
    predicted3 = [*predicted, [{"go": {"place": "library"}}]]
    assert check_session(gold3, predicted3, fresh).valid


def test_a_turn_with_no_ground_truth_is_not_checked_but_its_calls_run() -> None:
    gold: list[list[str]] = [[], ["add(title='Dune')"]]
    # the model asked for the missing value in turn 0 (no call), then acts
    ok = [[], [{"go": {"place": "library"}}, {"add": {"title": "Dune"}}]]
    assert not check_session(gold, ok, fresh).valid  # went to the library: state differs
    gold_there = [["go(place='library')"], [], ["add(title='Dune')"]]
    # a call made in the unchecked turn still counts at the next check: done early, it
    # passes; done wrong, the state shows it
    early = [[{"go": {"place": "library"}}], [{"add": {"title": "Dune"}}], [{"count": {}}]]
    assert check_session(gold_there, early, fresh).valid
    wrong = [[{"go": {"place": "library"}}], [{"add": {"title": "Emma"}}], [{"count": {}}]]
    verdict = check_session(gold_there, wrong, fresh)
    assert verdict.kind == "state_mismatch" and verdict.failed_turn == 2


def test_a_session_cut_short_fails() -> None:
    verdict = check_session(
        GOLD, [[{"go": {"place": "library"}}, {"add": {"title": "Dune"}}]], fresh
    )
    assert verdict.kind == "force_terminated" and verdict.turns_passed == 1


def test_a_ground_truth_that_is_not_a_literal_call_is_reported() -> None:
    verdict = check_session([["go(place=where())"]], [[{"go": {"place": "x"}}]], fresh)
    assert verdict.kind == "bad_ground_truth"


def test_calls_and_results_as_text() -> None:
    assert parse_call("sort('a.txt', reverse=True)") == ("sort", ("a.txt",), {"reverse": True})
    with pytest.raises(ValueError):
        parse_call("__import__('os').system('x')")
    table = methods(fresh())
    assert sorted(table) == ["add", "count", "go"]  # private methods are not offered
    assert run_call(table, "count") == '{"count": 1}'
    assert run_call(table, "add", (), {"titel": "x"}).startswith("Error during execution:")
    assert "no function named 'rm'" in run_call(table, "rm")


# --- the suite, on a folder laid out as the wheel ---------------------------------------

SHELF_DOC = [
    {
        "name": name,
        "description": f"Shelf: {name}.",
        "parameters": {"type": "dict", "properties": props, "required": list(props)},
    }
    for name, props in (
        ("go", {"place": {"type": "string", "description": "Where to go."}}),
        ("add", {"title": {"type": "string"}}),
        ("count", {}),
    )
]


def _row(id_: str, turns: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "id": id_,
        "question": [[{"role": "user", "content": t}] if t else [] for t in turns],
        "initial_config": {"GorillaFileSystem": {"books": ["Emma"]}},
        "involved_classes": ["GorillaFileSystem"],
        "excluded_function": [],
        **extra,
    }


@pytest.fixture(scope="module")
def wheel_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """`bfcl_eval/` with our Shelf standing in for the file system class."""
    root = tmp_path_factory.mktemp("bfcl")
    data = root / "bfcl_eval" / "data"
    (data / "possible_answer").mkdir(parents=True)
    (data / "multi_turn_func_doc").mkdir()
    code = root / "bfcl_eval" / "eval_checker" / "multi_turn_eval" / "func_source_code"
    code.mkdir(parents=True)
    for d in (root / "bfcl_eval", code.parent.parent, code.parent, code):
        (d / "__init__.py").write_text("")
    (code / "gorilla_file_system.py").write_text(
        SHELF.replace("class Shelf", "class GorillaFileSystem")
    )
    (data / "multi_turn_func_doc" / "gorilla_file_system.json").write_text(
        "\n".join(json.dumps(d) for d in SHELF_DOC)
    )
    rows = {
        "multi_turn_base": [
            _row("multi_turn_base_0", ["Go to the library and add Dune.", "How many books?"])
        ],
        "multi_turn_miss_func": [
            _row(
                "multi_turn_miss_func_0",
                ["Go to the library and add Dune.", "", "How many books?"],
                missed_function={"1": ["add"]},
            )
        ],
    }
    gold = {
        "multi_turn_base": [GOLD],
        "multi_turn_miss_func": [[["go(place='library')"], ["add(title='Dune')"], ["count()"]]],
    }
    for category, items in rows.items():
        (data / f"BFCL_v4_{category}.json").write_text("\n".join(json.dumps(r) for r in items))
        answers = [
            {"id": r["id"], "ground_truth": g} for r, g in zip(items, gold[category], strict=True)
        ]
        (data / "possible_answer" / f"BFCL_v4_{category}.json").write_text(
            "\n".join(json.dumps(a) for a in answers)
        )
    yield root
    for name in [m for m in sys.modules if m.startswith("bfcl_eval")]:
        del sys.modules[name]  # another folder (or the wheel) may be imported later


def test_the_suite_reads_items_and_builds_sessions(wheel_dir: Path) -> None:
    suite = get_suite("bfcl:multi_turn_base")
    assert isinstance(suite, MultiTurn)
    [item] = load_items(suite, wheel_dir)
    task = suite.task(item)
    assert task.prompt == "Go to the library and add Dune."
    assert [t.name for t in task.tools] == ["go", "add", "count"]
    assert [f.prompt for f in task.turns] == ["How many books?"]
    assert task.settings["tool_concurrency"] == 1
    # the tools act on this session's instances; an API's error is a tool error
    go, add = task.tools[0], task.tools[1]
    with pytest.raises(ToolRetry, match="not in the library"):
        add.call({"title": "Dune"})
    assert go.call({"place": "library"}) == '{"here": "library"}'
    assert add.call({"title": "Dune"}) == '{"added": "Dune"}'
    assert suite.task(item).tools[2].call({}) == '{"count": 1}'  # a new task starts afresh


def test_an_api_failure_is_told_apart_from_a_result() -> None:
    table = methods(fresh())
    assert execute(table, "add", (), {"title": "x"}) == ('{"error": "not in the library"}', True)
    assert execute(table, "add", (), {"titel": "x"})[1]  # raised
    assert execute(table, "rm")[1]  # no such function
    assert execute(table, "go", (), {"place": "library"}) == ('{"here": "library"}', False)
    # an object that holds an error beside other keys is a result, not a failure
    extra = {"odd": lambda: {"error": "x", "code": 2}}
    assert execute(extra, "odd") == ('{"error": "x", "code": 2}', False)


def test_a_held_function_arrives_with_bfcls_message(wheel_dir: Path) -> None:
    suite = get_suite("bfcl:multi_turn_miss_func")
    [item] = load_items(suite, wheel_dir)
    task = suite.task(item)
    assert [t.name for t in task.tools] == ["go", "count"]
    assert task.turns[0] == FollowUp(MORE_FUNCTIONS, task.turns[0].tools)
    assert [t.name for t in task.turns[0].tools] == ["add"]


def test_scoring_replays_the_calls(wheel_dir: Path) -> None:
    suite = get_suite("bfcl:multi_turn_base")
    [item] = load_items(suite, wheel_dir)
    right = [[{"go": {"place": "library"}}, {"add": {"title": "Dune"}}], [{"count": {}}]]
    score = suite.score(item, Attempt(right, 3, Usage(), 0, "r", "final_answer"))
    assert score.value == 1.0 and score.metrics == {"turns": 1.0}
    wrong = suite.score(item, Attempt([[{"add": {"title": "Dune"}}], []], 2, Usage(), 0, "r", ""))
    assert wrong.value == 0.0 and wrong.detail.startswith("state_mismatch")
    assert suite.score(item, Attempt("not calls", 0, Usage(), 0, "", "")).value == 0.0


def test_bad_suite_specs() -> None:
    with pytest.raises(UserError, match="apart"):
        get_suite("bfcl:simple,multi_turn_base")
    with pytest.raises(UserError, match="multi-turn categories"):
        MultiTurn(["multi_turn_composite"])
    with pytest.raises(UserError, match="not found"):
        load_items(get_suite("bfcl:multi_turn_base"), Path("/nonexistent/bfcl.whl"))


# --- sessions: thinkact's agent and the seed baseline -----------------------------------


def _session_task(wheel_dir: Path) -> tuple[MultiTurn, Any, Task]:
    suite = MultiTurn(["multi_turn_base"])
    [item] = load_items(suite, wheel_dir)
    return suite, item, suite.task(item)


def test_thinkact_runs_one_conversation_across_turns(wheel_dir: Path) -> None:
    suite, item, task = _session_task(wheel_dir)
    model = ScriptedModel(
        [
            {"tool_calls": [{"name": "go", "arguments": {"place": "library"}}]},
            {"tool_calls": [{"name": "add", "arguments": {"title": "Dune"}}]},
            "Added.",
            {"tool_calls": [{"name": "count", "arguments": {}}]},
            "Two books.",
        ]
    )
    attempt = ThinkactSolver(model, format="native").solve(task)
    assert attempt.prediction == [
        [{"go": {"place": "library"}}, {"add": {"title": "Dune"}}],
        [{"count": {}}],
    ]
    assert attempt.steps == 5 and attempt.reason == "final_answer"
    assert suite.score(item, attempt).value == 1.0
    # the second turn's request holds the first turn: its calls, results and answer
    last = "\n".join(str(m) for m in model.requests[-1].messages)
    assert "Go to the library" in last and '{"count": 2}' in last and "How many books?" in last


def test_a_turn_out_of_steps_ends_the_session(wheel_dir: Path) -> None:
    suite, item, task = _session_task(wheel_dir)
    loop = {"tool_calls": [{"name": "go", "arguments": {"place": "library"}}]}
    model = ScriptedModel([loop, loop, "stuck"])
    from dataclasses import replace

    attempt = ThinkactSolver(model, format="native").solve(replace(task, max_steps=2))
    assert attempt.reason == "max_steps" and len(attempt.prediction) == 1
    assert suite.score(item, attempt).detail.startswith("state_mismatch")


def test_seed_runs_sessions_too(wheel_dir: Path) -> None:
    suite, item, task = _session_task(wheel_dir)

    def act(name: str, args: dict[str, Any]) -> str:
        params = json.dumps(args)
        return f"<reasoning>go</reasoning><action>{name}</action><parameters>{params}</parameters>"

    model = ScriptedModel(
        [
            act("go", {"place": "library"}),
            act("add", {"title": "Dune"}),
            "<reasoning>done</reasoning><final_answer>Added.</final_answer>",
            "I think there are two.",  # no tags: BFCL ends the turn at a reply with no call
        ],
        native_tools=False,
    )
    attempt = SeedSolver(model).solve(task)
    assert attempt.prediction == [[{"go": {"place": "library"}}, {"add": {"title": "Dune"}}], []]
    assert attempt.parse_failures == 1
    score = suite.score(item, attempt)
    assert score.value == 0.0 and score.detail.startswith("empty_turn")
    assert score.metrics == {"turns": 0.5}
    second = model.requests[-1].messages
    assert "<observation>" in str(second[3]) and "How many books?" in str(second[-1])


def test_the_command_runs_sessions_and_writes_turns(wheel_dir: Path, tmp_path: Path) -> None:
    import os
    import subprocess

    def call(name: str, **args: Any) -> dict[str, Any]:
        return {"tool_calls": [{"name": name, "arguments": args}]}

    replies = [call("go", place="library"), call("add", title="Dune"), "Done.", call("count"), "2"]
    (tmp_path / "m.json").write_text(json.dumps(replies))
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("THINKACT_MODEL", None)
    args = ["eval", "bfcl:multi_turn_base", "--data", str(wheel_dir), "--out", "out", "-q"]
    done = subprocess.run(
        [sys.executable, "-m", "thinkact", *args, "--model", "scripted:m.json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    [line] = (tmp_path / "out" / "results.jsonl").read_text().splitlines()
    result = json.loads(line)
    assert result["score"] == 1.0 and result["group"] == "multi_turn_base"
    assert result["prediction"][1] == [{"count": {}}] and result["metrics"] == {"turns": 1.0}
