"""The harness end to end with scripted models: tools, results files, resume, the seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from thinkact.apps.eval import Harness, Worker, get_suite, load_items, read_results
from thinkact.apps.eval.seed import SeedSolver, parse
from thinkact.apps.eval.solver import ThinkactSolver
from thinkact.apps.eval.tools import paragraph_tools
from thinkact.errors import ToolRetry, UserError
from thinkact.testing import FunctionModel, ScriptedModel
from thinkact.types import ModelRequest, ToolMessage

QUESTIONS = [
    ("How much is 12 * 7?", "84"),
    ("How much is 100 - 1?", "99"),
    ("How much is 6 + 5?", "11"),
    ("How much is 2 ** 10?", "1024"),
]


@pytest.fixture
def gsm8k_data(tmp_path: Path) -> Path:
    file = tmp_path / "train.jsonl"
    file.write_text(
        "".join(
            json.dumps({"question": q, "answer": f"...\n#### {a}"}) + "\n" for q, a in QUESTIONS
        )
    )
    return file


def _expression(question: str) -> str:
    return question.removeprefix("How much is ").removesuffix("?")


def calculator_agent(request: ModelRequest) -> Any:
    """A model that calls the calculator, then answers with what the tool returned."""
    if any(isinstance(m, ToolMessage) for m in request.messages):
        results = [m for m in request.messages if isinstance(m, ToolMessage)]
        answer = results[-1].results[0].content
        return {"tool_calls": [{"name": "final_answer", "arguments": {"answer": answer}}]}
    question = next(m.content for m in request.messages if m.role == "user")
    expr = _expression(question.split("\n")[0])
    return {
        "tool_calls": [{"name": "calculator", "arguments": {"expression": expr}}],
        "usage": {"input_tokens": 50, "output_tokens": 5},
    }


def _spec(**kw: Any) -> dict[str, Any]:
    base = {"suite": "gsm8k", "data": "d", "model": "m", "format": "native", "agent": "thinkact"}
    return {**base, "offset": 0, "limit": None, "seed": 0, **kw}


def test_gsm8k_run_uses_the_real_calculator_and_writes_results(
    gsm8k_data: Path, tmp_path: Path
) -> None:
    suite = get_suite("gsm8k")
    model = FunctionModel(calculator_agent, native_tools=True)
    out = tmp_path / "run"
    seen: list[str] = []
    summary = Harness(suite, ThinkactSolver(model, format="native"), out, spec=_spec()).run(
        load_items(suite, gsm8k_data), on_result=lambda r: seen.append(r.id)
    )
    assert summary["n"] == 4 and summary["accuracy"] == 1.0
    assert summary["parse_failure_rate"] == 0.0
    assert summary["mean_steps"] == 2.0
    assert summary["tokens_in"] == 200 and summary["tokens_out"] == 20
    assert summary["ci95"][1] == pytest.approx(1.0)
    results = read_results(out / "results.jsonl")
    assert [r.id for r in results] == seen == [f"train-{i}" for i in range(4)]
    first = results[0]
    assert first.prediction == "84" and first.gold == "84" and first.score == 1.0
    assert first.reason == "final_answer" and first.seconds >= 0
    # every item has its trace: the calculator really ran
    trace = [
        json.loads(x) for x in (out / "traces" / f"{first.run_id}.jsonl").read_text().splitlines()
    ]
    finished = [e for e in trace if e["kind"] == "tool_finished"]
    assert finished[0]["result"]["content"] == "84"
    assert json.loads((out / "summary.json").read_text())["accuracy"] == 1.0
    assert json.loads((out / "run.json").read_text())["suite"] == "gsm8k"


def test_the_model_forgets_its_cache_before_each_item(gsm8k_data: Path, tmp_path: Path) -> None:
    suite = get_suite("gsm8k")
    log: list[str] = []

    def agent(request: Any) -> Any:
        log.append("call")
        return calculator_agent(request)

    model = FunctionModel(agent, native_tools=True)
    solver = ThinkactSolver(model, format="native")
    items = load_items(suite, gsm8k_data, limit=2)
    Harness(suite, solver, tmp_path / "o", spec=_spec(), fresh=lambda: log.append("forget")).run(
        items
    )
    assert log == ["forget", "call", "call", "forget", "call", "call"]


def test_an_interrupted_run_resumes_where_it_stopped(gsm8k_data: Path, tmp_path: Path) -> None:
    suite = get_suite("gsm8k")
    items = load_items(suite, gsm8k_data)
    out = tmp_path / "run"
    calls: list[str] = []

    def dies_on_the_third_item(request: ModelRequest) -> Any:
        question = next(m.content for m in request.messages if m.role == "user")
        calls.append(question)
        if "6 + 5" in question:
            raise KeyboardInterrupt  # the user pressed Ctrl-C mid-run
        return calculator_agent(request)

    model = FunctionModel(dies_on_the_third_item)
    with pytest.raises(KeyboardInterrupt):
        Harness(suite, ThinkactSolver(model, format="native"), out, spec=_spec()).run(items)
    assert [r.id for r in read_results(out / "results.jsonl")] == ["train-0", "train-1"]
    # a kill in the middle of a write leaves a torn last line: it is dropped on resume
    with (out / "results.jsonl").open("a") as f:
        f.write('{"id": "train-2", "predic')

    # without --resume the folder is refused rather than mixed
    with pytest.raises(UserError, match="--resume"):
        Harness(suite, ThinkactSolver(model, format="native"), out, spec=_spec()).run(items)
    # resuming with other options is refused too
    with pytest.raises(UserError, match="format"):
        Harness(suite, ThinkactSolver(model), out, spec=_spec(format="xml"), resume=True).run(items)

    calls.clear()
    model2 = FunctionModel(calculator_agent)
    summary = Harness(
        suite, ThinkactSolver(model2, format="native"), out, spec=_spec(), resume=True
    ).run(items)
    assert summary["n"] == 4 and summary["accuracy"] == 1.0
    ids = [r.id for r in read_results(out / "results.jsonl")]
    assert ids == ["train-0", "train-1", "train-2", "train-3"]
    # only the two unfinished items were asked again (two model turns each)
    asked = {next(m.content for m in r.messages if m.role == "user") for r in model2.requests}
    assert len(model2.requests) == 4 and len(asked) == 2


def test_seed_aborts_on_the_first_parse_failure(gsm8k_data: Path, tmp_path: Path) -> None:
    suite = get_suite("gsm8k")
    items = load_items(suite, gsm8k_data, limit=2)
    model = ScriptedModel(
        [
            # item 1: the documents' loop, one calculator call then an answer
            "<reasoning>multiply</reasoning>\n<action>calculator</action>\n"
            '<parameters>{"expression": "12 * 7"}</parameters>',
            "<reasoning>done</reasoning><final_answer>84</final_answer>",
            # item 2: broken JSON in <parameters>: the run ends there, nothing retried
            "<reasoning>subtract</reasoning><action>calculator</action>"
            "<parameters>{expression: 100 - 1}</parameters>",
        ],
        native_tools=False,
    )
    summary = Harness(suite, SeedSolver(model), tmp_path / "seed", spec=_spec(agent="seed")).run(
        items
    )
    results = read_results(tmp_path / "seed" / "results.jsonl")
    assert [r.score for r in results] == [1.0, 0.0]
    assert results[1].reason == "parse_error" and results[1].parse_failures == 1
    assert results[1].steps == 1
    assert summary["parse_failure_rate"] == 0.5
    assert model.remaining == 0
    # the calculator's result went back as an <observation>
    second_request = model.requests[1]
    assert "<observation>84</observation>" in second_request.messages[-1].content  # type: ignore[union-attr]


def test_seed_takes_an_invented_observation_at_face_value() -> None:
    # free-running: the model writes the call, an observation and an answer in one reply;
    # the documents' loop takes the answer and the tool never runs
    text = (
        "<reasoning>r</reasoning><action>calculator</action>"
        '<parameters>{"expression": "12*7"}</parameters>'
        "<observation>82</observation><final_answer>82</final_answer>"
    )
    assert parse(text) == ("82", None, {})
    answer, action, args = parse(
        '<action>calculator</action><parameters>{"expression": "1+1"}</parameters>'
    )
    assert (answer, action, args) == (None, "calculator", {"expression": "1+1"})


def test_seed_keeps_going_without_a_loop_guard() -> None:
    suite = get_suite("gsm8k")
    from thinkact.apps.eval.base import Task
    from thinkact.apps.eval.tools import calculator_tool

    same = '<action>calculator</action><parameters>{"expression": "1+1"}</parameters>'
    model = ScriptedModel([same] * 5, native_tools=False)
    task = Task("q", (calculator_tool(),), max_steps=5)
    attempt = SeedSolver(model).solve(task)
    assert attempt.reason == "max_steps" and attempt.steps == 5 and attempt.prediction == ""
    assert suite.name == "gsm8k"


def test_a_bad_request_scores_zero_and_the_run_goes_on(gsm8k_data: Path, tmp_path: Path) -> None:
    from thinkact.errors import ContextTooLongError

    def too_long_once(request: ModelRequest) -> Any:
        question = next(m.content for m in request.messages if m.role == "user")
        if "100 - 1" in question:
            raise ContextTooLongError("prompt too long", provider="test")
        return calculator_agent(request)

    suite = get_suite("gsm8k")
    summary = Harness(
        suite,
        ThinkactSolver(FunctionModel(too_long_once), format="native"),
        tmp_path / "o",
        spec=_spec(),
    ).run(load_items(suite, gsm8k_data))
    results = read_results(tmp_path / "o" / "results.jsonl")
    assert [r.score for r in results] == [1.0, 0.0, 1.0, 1.0]
    assert results[1].reason.startswith("model_error")
    assert summary["accuracy"] == 0.75


# --- HotpotQA tools -------------------------------------------------------------------

CONTEXT = [
    ("Eiffel Tower", ["The Eiffel Tower is in Paris.", " It was built by Gustave Eiffel."]),
    ("Gustave Eiffel", ["Gustave Eiffel was born in Dijon.", " He was an engineer."]),
    ("Dijon", ["Dijon is a city in Burgundy."]),
]


def test_search_and_lookup_work_like_the_react_paper() -> None:
    from thinkact.tools.base import ToolContext

    search, lookup = paragraph_tools(CONTEXT)
    assert (search.name, lookup.name) == ("search", "lookup")
    ctx = ToolContext()  # one run's state: the page read last
    with pytest.raises(ToolRetry, match="no page has been read"):
        lookup.call({"keyword": "born"}, ctx)
    page = search.call({"query": "gustave eiffel"}, ctx)
    assert page.startswith("[Gustave Eiffel] Gustave Eiffel was born in Dijon.")
    assert lookup.call({"keyword": "engineer"}, ctx) == "(Result 1 / 1) He was an engineer."
    assert lookup.call({"keyword": "engineer"}, ctx).startswith("No more results")
    # not a title: the best BM25 match over the item's own paragraphs
    assert "built by Gustave Eiffel" in search.call({"query": "tower built Paris"}, ctx)
    # each item gets its own pages: another item's tools know nothing of these
    other, _ = paragraph_tools([("Rome", ["Rome is in Italy."])])
    assert other.call({"query": "Gustave Eiffel"}, ToolContext()).startswith("Could not find")


def test_hotpotqa_run_with_scripted_search(tmp_path: Path) -> None:
    row = {
        "id": "h1",
        "question": "Where was the builder of the Eiffel Tower born?",
        "answer": "Dijon",
        "context": [[t, s] for t, s in CONTEXT],
    }
    (tmp_path / "dev.jsonl").write_text(json.dumps(row) + "\n")
    suite = get_suite("hotpotqa")
    model = ScriptedModel(
        [
            {"tool_calls": [{"name": "search", "arguments": {"query": "Eiffel Tower"}}]},
            {
                "tool_calls": [  # two independent calls in one reply
                    {"name": "search", "arguments": {"query": "Gustave Eiffel"}},
                    {"name": "lookup", "arguments": {"keyword": "born"}},
                ]
            },
            {"tool_calls": [{"name": "final_answer", "arguments": {"answer": "Dijon."}}]},
        ]
    )
    summary = Harness(
        suite, ThinkactSolver(model, format="native"), tmp_path / "o", spec=_spec(suite="hotpotqa")
    ).run(load_items(suite, tmp_path / "dev.jsonl"))
    assert summary["accuracy"] == 1.0 and summary["metrics"] == {"em": 1.0, "f1": 1.0}
    observations = [m for m in model.requests[1].messages if isinstance(m, ToolMessage)]
    assert "built by Gustave Eiffel" in observations[0].results[0].content
    assert [t.name for t in model.requests[0].tools][:2] == ["search", "lookup"]


def test_a_finished_run_grows_with_a_larger_limit_but_never_shrinks(
    gsm8k_data: Path, tmp_path: Path
) -> None:
    suite = get_suite("gsm8k")
    out = tmp_path / "run"
    model = FunctionModel(calculator_agent)

    def run(limit: int | None) -> dict[str, Any]:
        items = load_items(suite, gsm8k_data, limit=limit)
        harness = Harness(
            suite,
            ThinkactSolver(model, format="native"),
            out,
            spec=_spec(limit=limit),
            resume=(out / "results.jsonl").exists(),
        )
        return harness.run(items)

    assert run(2)["n"] == 2
    asked = len(model.requests)
    assert run(3)["n"] == 3  # the two done items are kept; only the third is asked
    assert len(model.requests) - asked == 2  # one item: a calculator turn and an answer
    with pytest.raises(UserError, match="limit"):
        run(1)
    assert run(None)["n"] == 4


# --- items run N at a time (--jobs) ---------------------------------------------------------


def test_workers_run_items_at_once_and_write_every_one(gsm8k_data: Path, tmp_path: Path) -> None:
    import threading

    # Each worker's first model call waits for the other's: it only returns if two items
    # really are in flight at once (run one at a time, the barrier times out).
    meet = threading.Barrier(2, timeout=10)
    met: set[str] = set()

    def make(name: str) -> FunctionModel:
        def reply(request: ModelRequest) -> Any:
            if name not in met:
                met.add(name)
                meet.wait()
            return calculator_agent(request)

        return FunctionModel(reply)

    suite = get_suite("gsm8k")
    items = load_items(suite, gsm8k_data)
    forgot: list[str] = []
    second = Worker(ThinkactSolver(make("b"), format="native"), lambda: forgot.append("b"))
    summary = Harness(
        suite,
        ThinkactSolver(make("a"), format="native"),
        tmp_path / "o",
        spec=_spec(),
        fresh=lambda: forgot.append("a"),
        helpers=[second],
    ).run(items)
    assert (summary["n"], summary["accuracy"]) == (4, 1.0)
    lines = read_results(tmp_path / "o" / "results.jsonl")
    assert sorted(r.id for r in lines) == sorted(i.id for i in items)
    assert len(forgot) == 4 and set(forgot) == {"a", "b"}  # each worker's own, per item


def test_a_failing_worker_stops_the_run_keeping_what_finished(
    gsm8k_data: Path, tmp_path: Path
) -> None:
    import threading

    suite = get_suite("gsm8k")
    items = load_items(suite, gsm8k_data)
    started, failed = threading.Event(), threading.Event()

    # The good worker's first item is in flight when the other worker fails (whichever took
    # an item first), and ends after it: it is written, and no other item is taken.
    def fail(request: ModelRequest) -> Any:
        started.wait(10)
        failed.set()
        raise UserError("the model is gone")

    def slow(request: ModelRequest) -> Any:
        started.set()
        failed.wait(10)
        return calculator_agent(request)

    broken = FunctionModel(fail)
    good = FunctionModel(slow)
    out = tmp_path / "o"
    with pytest.raises(UserError, match="the model is gone"):
        Harness(
            suite,
            ThinkactSolver(good, format="native"),
            out,
            spec=_spec(),
            helpers=[Worker(ThinkactSolver(broken, format="native"))],
        ).run(items)
    kept = read_results(out / "results.jsonl")
    assert [r.score for r in kept] == [1.0]  # its item finished and was written; no other
    # resumed with one worker, only the items not written are run
    asked = len(good.requests)
    summary = Harness(
        suite, ThinkactSolver(good, format="native"), out, spec=_spec(), resume=True
    ).run(items)
    assert (summary["n"], summary["accuracy"]) == (4, 1.0)
    assert len(good.requests) - asked == 2 * (len(items) - len(kept))
