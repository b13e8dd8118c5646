"""BFCL: reading the wheel or its folder, schemas, one-turn runs, scoring."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from thinkact.apps.eval import get_suite, load_items
from thinkact.apps.eval.base import Item
from thinkact.apps.eval.bfcl import Bfcl, function_tools, to_json_schema
from thinkact.apps.eval.seed import SeedSolver
from thinkact.apps.eval.solver import ThinkactSolver
from thinkact.errors import UserError
from thinkact.testing import ScriptedModel

FACTORIAL = {
    "name": "math.factorial",
    "description": "Factorial of a number.",
    "parameters": {
        "type": "dict",
        "properties": {
            "number": {"type": "integer", "description": "The number."},
            "scale": {"type": "float"},
            "pair": {"type": "tuple", "items": {"type": "integer"}},
            "blob": {"type": "any"},
            "opts": {"type": "dict", "properties": {"exact": {"type": "boolean"}}},
        },
        "required": ["number"],
    },
}
WEATHER = {
    "name": "get_weather",
    "description": "Weather.",
    "parameters": {
        "type": "dict",
        "properties": {"city": {"type": "string", "enum": ["Paris", "Rome"]}},
        "required": ["city"],
    },
}


def _q(id_: str, text: str, functions: list[Any]) -> dict[str, Any]:
    return {"id": id_, "question": [[{"role": "user", "content": text}]], "function": functions}


FILES: dict[str, list[dict[str, Any]]] = {
    "BFCL_v4_simple_python.json": [
        _q("simple_python_0", "Factorial of 5", [FACTORIAL]),
        _q("simple_python_1", "Factorial of 6", [FACTORIAL]),
        _q("simple_python_2", "Factorial of 7", [FACTORIAL]),
    ],
    "possible_answer/BFCL_v4_simple_python.json": [
        {"id": f"simple_python_{i}", "ground_truth": [{"math.factorial": {"number": [n]}}]}
        for i, n in enumerate((5, 6, 7))
    ],
    "BFCL_v4_parallel.json": [_q("parallel_0", "Weather in Paris and Rome", [WEATHER])],
    "possible_answer/BFCL_v4_parallel.json": [
        {
            "id": "parallel_0",
            "ground_truth": [
                {"get_weather": {"city": ["Paris"]}},
                {"get_weather": {"city": ["Rome"]}},
            ],
        }
    ],
    "BFCL_v4_irrelevance.json": [_q("irrelevance_0", "Tell me a joke", [WEATHER])],
}


def _lines(rows: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r) + "\n" for r in rows)


@pytest.fixture
def wheel(tmp_path: Path) -> Path:
    path = tmp_path / "bfcl_eval-2026.3.23-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        for name, rows in FILES.items():
            z.writestr(f"bfcl_eval/data/{name}", _lines(rows))
    return path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "extracted"
    for name, rows in FILES.items():
        file = root / "bfcl_eval" / "data" / name
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(_lines(rows))
    return root


def test_reads_the_wheel_and_the_extracted_folder_alike(wheel: Path, folder: Path) -> None:
    suite = get_suite("bfcl:simple,parallel,irrelevance")
    from_wheel = load_items(suite, wheel)
    from_folder = load_items(suite, folder)
    assert [i.id for i in from_wheel] == [i.id for i in from_folder]
    assert [i.id for i in from_wheel] == [
        "simple_python_0",
        "simple_python_1",
        "simple_python_2",
        "parallel_0",
        "irrelevance_0",
    ]
    first = from_wheel[0]
    assert first.question == "Factorial of 5"
    assert first.gold == [{"math.factorial": {"number": [5]}}]
    assert first.data["category"] == "simple"
    assert from_wheel[-1].gold == []


def test_limit_and_offset_apply_per_category(wheel: Path) -> None:
    suite = get_suite("bfcl:simple,parallel")
    ids = [i.id for i in load_items(suite, wheel, offset=1, limit=1)]
    assert ids == ["simple_python_1"]  # parallel has one item: offset 1 leaves none
    ids = [i.id for i in load_items(suite, wheel, limit=1)]
    assert ids == ["simple_python_0", "parallel_0"]


def test_clear_errors_for_missing_or_wrong_data(tmp_path: Path, wheel: Path) -> None:
    with pytest.raises(UserError, match="not found"):
        list(Bfcl(["simple"]).load(tmp_path / "nowhere"))
    bad = tmp_path / "bad.whl"
    bad.write_text("not a zip")
    with pytest.raises(UserError, match="not the bfcl-eval wheel"):
        list(Bfcl(["simple"]).load(bad))
    with pytest.raises(UserError, match=r"BFCL_v4_multiple\.json not found"):
        list(Bfcl(["multiple"]).load(wheel))
    with pytest.raises(UserError, match="unknown BFCL categories"):
        Bfcl(["exec_simple"])


def test_function_docs_become_json_schemas() -> None:
    schema = to_json_schema(FACTORIAL["parameters"])  # type: ignore[arg-type]
    assert schema["type"] == "object"
    props = schema["properties"]
    assert props["number"] == {"type": "integer", "description": "The number."}
    assert props["scale"] == {"type": "number", "format": "float"}
    assert props["pair"] == {"type": "array", "items": {"type": "integer"}}
    assert props["blob"] == {}  # `any`: no constraint
    assert props["opts"] == {"type": "object", "properties": {"exact": {"type": "boolean"}}}
    assert schema["required"] == ["number"]
    (tool,) = function_tools([FACTORIAL])
    assert tool.name == "math_factorial"  # tool APIs refuse dots
    assert tool.spec.parameters["properties"]["scale"] == {"type": "number", "format": "float"}


def _factorial_call(n: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": "math_factorial", "arguments": {"number": n}}]}


def test_one_turn_with_native_calls_scores_by_ast(wheel: Path) -> None:
    suite = get_suite("bfcl:simple,parallel,irrelevance")
    items = load_items(suite, wheel)
    model = ScriptedModel(
        [
            _factorial_call(5),  # right
            "yes",  # screened: does math_factorial do what is asked?
            "yes",  # and is it made for this kind of request?
            _factorial_call("6"),  # wrong type
            "yes",
            "yes",
            {"text": "I cannot help."},  # no call where one is expected
            "no",  # the decline check: does math_factorial do what is asked? no: it stands
            {
                "tool_calls": [
                    {"name": "get_weather", "arguments": {"city": "Rome"}},
                    {"name": "get_weather", "arguments": {"city": "Paris"}},
                ]
            },
            "yes",  # one screening for the two calls of one function
            "yes",
            {"text": "No function fits: here is a joke."},  # irrelevance: no call
            "no",  # the decline check, about get_weather
        ]
    )
    solver = ThinkactSolver(model, format="native")
    scores = []
    for item in items:
        attempt = solver.solve(suite.task(item))
        assert attempt.steps == 1 and attempt.parse_failures == 0
        scores.append(suite.score(item, attempt).value)
    assert scores == [1.0, 0.0, 0.0, 1.0, 1.0]
    # one model turn per item, one screening per function, one check per declined item
    assert model.remaining == 0
    # the model saw the item's functions as tools, with the dotted name made safe
    assert [t.name for t in model.requests[0].tools][:1] == ["math_factorial"]


def test_one_turn_prediction_is_bfcl_shaped_with_original_names(wheel: Path) -> None:
    suite = get_suite("bfcl:simple")
    item: Item = load_items(suite, wheel, limit=1)[0]
    attempt = ThinkactSolver(
        ScriptedModel([_factorial_call(5), "yes", "yes"]), format="native"
    ).solve(suite.task(item))
    assert attempt.prediction == [{"math_factorial": {"number": 5}}]
    assert attempt.reason == "tool_calls"
    assert suite.score(item, attempt).value == 1.0


def test_seed_one_turn_parses_one_xml_action(wheel: Path) -> None:
    suite = get_suite("bfcl:simple,irrelevance")
    items = load_items(suite, wheel, limit=1)
    model = ScriptedModel(
        [
            "<reasoning>use it</reasoning><action>math_factorial</action>"
            '<parameters>{"number": 5}</parameters>',
            "<reasoning>nothing fits</reasoning><final_answer>no</final_answer>",
        ],
        native_tools=False,
    )
    solver = SeedSolver(model)
    results = [suite.score(i, solver.solve(suite.task(i))).value for i in items]
    assert results == [1.0, 1.0]
    # no grammar and no stop sequences: free-running generation
    assert all(r.grammar is None and r.stop == () for r in model.requests)


def test_xml_one_turn_shows_parallel_and_no_call_examples_and_scores_two_calls(
    wheel: Path,
) -> None:
    suite = get_suite("bfcl:parallel")
    item = load_items(suite, wheel, limit=1)[0]
    reply = (
        "<reasoning>Two cities.</reasoning>\n"
        '<action>get_weather</action>\n<parameters>{"city": "Rome"}</parameters>\n'
        '<action>get_weather</action>\n<parameters>{"city": "Paris"}</parameters>'
    )
    model = ScriptedModel([reply, "yes", "yes"])
    attempt = ThinkactSolver(model, format="xml").solve(suite.task(item))
    assert suite.score(item, attempt).value == 1.0
    system = model.requests[0].messages[0].content  # type: ignore[union-attr]
    shown = system.split("Examples:\n", 1)[1]
    # made-up functions: one reply with two calls, and a reply with no call at all
    assert '<parameters>{"city": "Lyon"}</parameters>\n<action>' in shown
    assert "<final_answer>None of the functions can answer this.</final_answer>" in shown
    assert "I should start with" not in system


def test_a_call_the_model_judges_unfit_is_not_made(wheel: Path) -> None:
    """irrelevance: the model calls get_weather for a joke; asked whether get_weather does
    what is asked, it says no, so the item's prediction is no call."""
    suite = get_suite("bfcl:irrelevance")
    [item] = load_items(suite, wheel)
    call = {"tool_calls": [{"name": "get_weather", "arguments": {"city": "Paris"}}]}
    model = ScriptedModel([call, "no"])
    attempt = ThinkactSolver(model, format="native").solve(suite.task(item))
    assert (attempt.prediction, attempt.reason) == ([], "calls_refused")
    assert suite.score(item, attempt).value == 1.0
    asked = model.requests[1]
    assert asked.grammar is not None and asked.tools == ()
    assert "Request: Tell me a joke" in asked.messages[-1].content  # type: ignore[union-attr]
    assert "Function: get_weather(city): Weather." in asked.messages[-1].content  # type: ignore[union-attr]


def test_a_declined_item_whose_function_fits_is_asked_again_for_calls_only(wheel: Path) -> None:
    """simple: the model declines though math_factorial fits; asked, it says the function
    fits, so it is told so and replies again, with a grammar that allows only calls. The
    second reply's call is the prediction, and screening does not ask about it again."""
    suite = get_suite("bfcl:simple")
    item = load_items(suite, wheel, limit=1)[0]
    declined = "<reasoning>Values are missing.</reasoning>\n<final_answer>None.</final_answer>"
    called = (
        "<reasoning>The number is 5.</reasoning>\n<action>math_factorial</action>\n"
        '<parameters>{"number": 5}</parameters>'
    )
    model = ScriptedModel([declined, "yes", "yes", called], native_tools=False)
    attempt = ThinkactSolver(model, format="xml").solve(suite.task(item))
    assert (attempt.prediction, attempt.reason) == (
        [{"math_factorial": {"number": 5}}],
        "tool_calls",
    )
    assert suite.score(item, attempt).value == 1.0 and attempt.parse_failures == 0
    assert model.remaining == 0  # no screening questions after the check's
    first, again = model.requests[0], model.requests[3]
    assert first.grammar is not None and "<final_answer>" in first.grammar
    assert again.grammar is not None and "<final_answer>" not in again.grammar
    told = again.messages[-1].content  # type: ignore[union-attr]
    assert again.messages[-2].content.endswith("<final_answer>None.</final_answer>")  # type: ignore[union-attr]
    assert told.startswith("Checked: math_factorial does what the request asks.")


def test_a_decline_the_check_confirms_stands(wheel: Path) -> None:
    suite = get_suite("bfcl:irrelevance")
    [item] = load_items(suite, wheel)
    asked = {"text": "yes", "usage": {"input_tokens": 40, "output_tokens": 1}}
    model = ScriptedModel(
        [{"text": "No function tells jokes.", "usage": {"input_tokens": 300}}, asked, "no"]
    )
    attempt = ThinkactSolver(model, format="native").solve(suite.task(item))
    assert (attempt.prediction, attempt.reason) == ([], "final_answer")
    assert suite.score(item, attempt).value == 1.0 and model.remaining == 0
    assert attempt.usage.input_tokens == 340  # the reply and the check's questions
