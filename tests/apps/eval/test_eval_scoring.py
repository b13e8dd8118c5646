"""GSM8K and HotpotQA scoring, loading, and the run statistics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from thinkact.apps.eval.base import Attempt, Item, ItemResult
from thinkact.apps.eval.gsm8k import (
    Gsm8k,
    a_whole_number,
    extract_number,
    gold_number,
    numbers_equal,
    one_number,
)
from thinkact.apps.eval.hotpotqa import HotpotQA, exact_match, f1_score, normalize_answer
from thinkact.apps.eval.solver import ThinkactSolver
from thinkact.apps.eval.stats import summarize, wilson
from thinkact.config import OBSERVATION_HINT
from thinkact.errors import UserError
from thinkact.testing import ScriptedModel
from thinkact.types import Usage


def _attempt(prediction: str) -> Attempt:
    return Attempt(prediction, 1, Usage(), 0, "r", "final_answer")


# --- GSM8K ----------------------------------------------------------------------------


def test_gold_number_is_after_the_marker_without_commas() -> None:
    assert gold_number("48/2 = <<48/2=24>>24\n#### 1,200") == "1200"
    assert gold_number("so\n#### -3.5") == "-3.5"
    with pytest.raises(ValueError):
        gold_number("no marker")


@pytest.mark.parametrize(
    ("prediction", "gold", "ok"),
    [
        ("72", "72", True),
        ("The answer is 72 clips.", "72", True),
        ("$1,200", "1200", True),
        ("1200.00 dollars", "1200", True),
        ("18%", "18", True),
        ("10 - 2 = 8, so 8", "8", True),  # the last number counts
        ("#### 5\nwith 7 apples left over", "5", True),  # after #### when present
        ("-4", "-4", True),
        ("0.5", ".5", True),
        ("71", "72", False),
        ("72.5", "72", False),
        ("I don't know", "72", False),
        ("", "72", False),
    ],
)
def test_numbers_are_compared_as_numbers(prediction: str, gold: str, ok: bool) -> None:
    assert numbers_equal(prediction, gold) is ok


def test_extract_number_reads_thousands_groups() -> None:
    assert extract_number("It costs $12,345.50 in total") == pytest.approx(12345.5)
    assert extract_number("nothing") is None


def test_gsm8k_loads_ids_golds_and_scores(tmp_path: Path) -> None:
    data = tmp_path / "train.jsonl"
    rows = [
        {"question": "2 + 2?", "answer": "2+2=<<2+2=4>>4\n#### 4"},
        {"question": "Big?", "answer": "#### 1,000"},
    ]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows) + "\n")
    suite = Gsm8k()
    items = list(suite.load(tmp_path))  # a folder holding train.jsonl works too
    assert [(i.id, i.question, i.gold) for i in items] == [
        ("train-0", "2 + 2?", "4"),
        ("train-1", "Big?", "1000"),
    ]
    assert suite.score(items[1], _attempt("1,000 apples")).value == 1.0
    assert suite.score(items[0], _attempt("5")).value == 0.0


def test_gsm8k_task_shows_a_worked_example_and_insists_on_a_number() -> None:
    assert a_whole_number("It is 1,200 dollars.") is None
    assert "must be a number" in str(a_whole_number("Not enough information."))
    assert "4.5 is not a whole number" in str(a_whole_number("4.5"))
    item = Item("train-0", "Tom has 2 apples and buys 3. How many now?", "5")
    model = ScriptedModel(
        [
            "<reasoning>Cannot tell.</reasoning><final_answer>Not applicable</final_answer>",
            "<reasoning>2 + 3.</reasoning><action>calculator</action>"
            '<parameters>{"expression": "apples = 2 + 3"}</parameters>',
            "<reasoning>apples = 5.</reasoning><final_answer>5</final_answer>",
        ]
    )
    attempt = ThinkactSolver(model, format="xml").solve(Gsm8k().task(item))
    assert (attempt.prediction, attempt.steps) == ("5", 3)
    system = model.requests[0].messages[0].content  # type: ignore[union-attr]
    assert "Task: A baker bakes 3 trays" in system and "money = 62</observation>" in system
    observed = model.requests[2].messages[-1].content  # type: ignore[union-attr]
    assert "apples = 5" in observed and OBSERVATION_HINT in observed  # on for short tasks


def test_gsm8k_in_the_code_format_is_asked_plainly() -> None:
    from thinkact.apps.eval.gsm8k import PLAIN_ASK, PLAIN_INSTRUCTIONS

    item = Item("train-0", "Tom has 2 apples and buys 3. How many now?", "5")
    program = "The steps: add them.\n```python\napples = 2 + 3\nprint(apples)\n```"
    xml = ScriptedModel(["<reasoning>2 + 3.</reasoning><final_answer>5</final_answer>"])
    ThinkactSolver(xml, format="xml").solve(Gsm8k().task(item))
    assert "muffins" in xml.requests[0].messages[0].content  # type: ignore[union-attr]
    model = ScriptedModel([program], native_tools=False)
    attempt = ThinkactSolver(model, format="code").solve(Gsm8k().task(item))
    # The printed value is the answer (PAL): no second turn to retell it.
    assert (attempt.prediction, attempt.steps, attempt.parse_failures) == ("5", 1, 0)
    system, user = (m.content for m in model.requests[0].messages)  # type: ignore[union-attr]
    assert system.startswith(PLAIN_INSTRUCTIONS) and "muffins" not in system  # no examples
    assert user.startswith(f"{item.question}\n{PLAIN_ASK}")
    assert Gsm8k().format == "code"


def test_gsm8k_answers_with_several_numbers_go_back_to_the_model() -> None:
    assert one_number("The car traveled 10 meters after the 3rd turn.") is not None
    assert "(3, 10)" in str(one_number("#### Step 3 of 10"))
    assert one_number("Each pays $5, and $5.00 in all is 5.") is None  # one value, written thrice
    assert one_number("It is 1,200 dollars.") is None
    assert one_number("Tom had 3, and now #### 5") is None  # after the marker, only 5
    item = Item("train-0", "Tom has 2 apples and buys 3. How many now?", "5")
    # A step note copied as the answer (a table run, train-37).
    model = ScriptedModel(["He buys 3.\n#### Step 3 of 10", "#### 5"], native_tools=False)
    attempt = ThinkactSolver(model, format="code").solve(Gsm8k().task(item))
    assert (attempt.prediction, attempt.steps) == ("5", 2)
    told = model.requests[1].messages[-1].content  # type: ignore[union-attr]
    assert "several numbers (3, 10)" in told


def test_gsm8k_a_program_printing_a_fraction_goes_back_with_its_output() -> None:
    """Rounded by the model, 32.5 flowers passed as 33; as the answer itself, it is sent
    back beside the output it came from, and the next program's value is the answer."""
    item = Item("train-5", "10 yellow flowers, 80% more purple, ...", "35")
    wrong = "Add them.\n```python\nyellow = 10\npurple = 18\ngreen = purple / 4\n"
    wrong += "print(yellow + purple + green)\n```"
    right = "Green is a quarter of both.\n```python\ngreen = (10 + 18) / 4\n"
    right += "total = 10 + 18 + green\nprint(total)\n```"
    model = ScriptedModel([wrong, right], native_tools=False)
    attempt = ThinkactSolver(model, format="code").solve(Gsm8k().task(item))
    assert (attempt.prediction, attempt.steps, attempt.reason) == ("35", 2, "final_answer")
    told = model.requests[1].messages[-1].content  # type: ignore[union-attr]
    assert "result = 32.5" in told and "32.5 is not a whole number" in told


def test_gsm8k_bad_data_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="cannot read"):
        list(Gsm8k().load(tmp_path / "missing.jsonl"))
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"question": "q"}\n')
    with pytest.raises(UserError, match=r"bad.jsonl:1"):
        list(Gsm8k().load(bad))


# --- HotpotQA -------------------------------------------------------------------------


def test_squad_normalisation() -> None:
    assert normalize_answer("The  Eiffel Tower!") == "eiffel tower"
    assert normalize_answer("An apple, a pear") == "apple pear"


def test_exact_match_and_f1() -> None:
    assert exact_match("the Eiffel tower", "Eiffel Tower") == 1.0
    assert exact_match("Eiffel", "Eiffel Tower") == 0.0
    assert f1_score("Eiffel", "Eiffel Tower") == pytest.approx(2 / 3)
    assert f1_score("Paris France", "Paris") == pytest.approx(2 / 3)
    assert f1_score("nothing alike", "Eiffel Tower") == 0.0
    # yes/no must match exactly (HotpotQA's own rule)
    assert f1_score("yes it is", "yes") == 0.0
    assert f1_score("no", "yes") == 0.0
    assert f1_score("yes", "yes") == 1.0


def test_hotpotqa_loads_context_and_scores_em_and_f1(tmp_path: Path) -> None:
    row = {
        "id": "abc",
        "question": "Which tower?",
        "answer": "Eiffel Tower",
        "type": "bridge",
        "context": [["Paris", ["Paris is a city.", " It has a tower."]], ["A &amp; B", ["Y."]]],
    }
    file = tmp_path / "dev.jsonl"
    file.write_text(json.dumps(row) + "\n")
    suite = HotpotQA()
    (item,) = list(suite.load(tmp_path))
    assert item.id == "abc" and item.gold == "Eiffel Tower"
    assert item.data["context"][0] == ("Paris", ["Paris is a city.", " It has a tower."])
    assert item.data["context"][1][0] == "A & B"  # the data's titles keep HTML escapes
    score = suite.score(item, _attempt("the Eiffel tower"))
    assert score.value == 1.0 and score.metrics == {"em": 1.0, "f1": 1.0}
    score = suite.score(item, _attempt("Tower"))
    assert score.value == 0.0 and score.metrics["f1"] == pytest.approx(2 / 3)
    # The task: search and lookup over this item's pages, with a worked two-hop example.
    model = ScriptedModel(
        [
            '<reasoning>Find Paris.</reasoning><action>search</action><parameters>{"query": '
            '"Paris"}</parameters>',
            '<reasoning>Now A.</reasoning><action>search</action><parameters>{"query": '
            '"A & B"}</parameters>',
            "<reasoning>It has a tower.</reasoning><final_answer>a tower</final_answer>",
        ]
    )
    attempt = ThinkactSolver(model, format="xml").solve(suite.task(item))
    assert attempt.prediction == "a tower"
    system = model.requests[0].messages[0].content  # type: ignore[union-attr]
    assert "Task: In which city was the director" in system and "Uppsala" in system
    assert "[Paris] Paris is a city." in model.requests[1].messages[-1].content  # type: ignore[union-attr]


# --- statistics -----------------------------------------------------------------------


def test_wilson_interval_known_values() -> None:
    low, high = wilson(15, 20)  # p = 0.75
    assert low == pytest.approx(0.5313, abs=1e-4)
    assert high == pytest.approx(0.8881, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(10, 10)
    assert high == pytest.approx(1.0) and low == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def _result(score: float, *, steps: int = 2, failures: int = 0, f1: float = 0.0) -> ItemResult:
    return ItemResult(
        id=str(score),
        prediction="p",
        gold="g",
        score=score,
        metrics={"f1": f1},
        steps=steps,
        tokens_in=100,
        tokens_out=10,
        seconds=2.0,
        parse_failures=failures,
        run_id="r",
        reason="final_answer",
    )


def test_summary_figures() -> None:
    s = summarize(
        [
            _result(1.0, steps=1, f1=1.0),
            _result(0.0, steps=3, failures=2, f1=0.5),
            _result(0.0, steps=2),
            _result(1.0, steps=2, f1=1.0),
        ]
    )
    assert s.n == 4 and s.accuracy == 0.5
    assert (s.ci_low, s.ci_high) == pytest.approx(wilson(2, 4))
    assert s.parse_failure_rate == 0.25
    assert s.mean_steps == 2.0
    assert (s.tokens_in, s.tokens_out) == (400, 40)
    assert s.seconds_per_item == 2.0
    assert s.metrics == {"f1": pytest.approx(0.625)}
    assert summarize([]).n == 0


def test_item_result_round_trips_through_json() -> None:
    r = _result(1.0)
    assert ItemResult.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    assert Item("a", "q", "g").data == {}


def test_every_worked_example_shows_what_the_real_calculator_returns() -> None:
    from thinkact.apps.eval.gsm8k import EXAMPLES
    from thinkact.tools.calculator import calculator

    steps = [s for ex in EXAMPLES for s in ex.steps if s.tool == "calculator"]
    assert len(steps) == len(EXAMPLES)  # each example computes once
    for step in steps:
        assert calculator.call(dict(step.arguments)) == step.result


def test_hotpotqa_answers_must_be_findings_and_yes_no_only_when_asked() -> None:
    from thinkact.apps.eval.hotpotqa import an_answer

    year = an_answer("The band disbanded in what year?")
    for give_up in (
        "None",
        "Not found",
        "No information found",
        "N/A",
        "No such film exists.",
        "Not enough information",
    ):
        assert "the answer to every question here is in them" in str(year(give_up)), give_up
    assert "does not ask yes or no" in str(year("No"))
    for finding in ("2004", "Unknown Pleasures", "Noel Gallagher", "Nottingham"):
        assert year(finding) is None, finding
    both = an_answer("Were Scott Derrickson and Ed Wood of the same nationality?")
    assert both("yes") is None and both("No") is None


def test_hotpotqa_sends_a_give_up_back_to_the_model(tmp_path: Path) -> None:
    from thinkact.apps.eval.hotpotqa import HotpotQA

    context = [["Harbor", ["Harbor is a film by Maren Holt."]], ["Maren Holt", ["A director."]]]
    item = Item("q1", "Who directed Harbor?", "Maren Holt", {"context": context})
    search = '<reasoning>Look.</reasoning><action>search</action><parameters>{{"query": "{}"}}'
    model = ScriptedModel(
        [
            f"{search.format('Harbor')}</parameters>",
            f"{search.format('Maren Holt')}</parameters>",
            "<reasoning>Nothing.</reasoning><final_answer>Not found</final_answer>",
            "<reasoning>Found.</reasoning><final_answer>Maren Holt</final_answer>",
        ]
    )
    attempt = ThinkactSolver(model, format="xml").solve(HotpotQA().task(item))
    assert attempt.prediction == "Maren Holt" and attempt.steps == 4


def test_hotpotqa_sends_an_answer_from_one_page_back_for_the_second() -> None:
    from thinkact.apps.eval.hotpotqa import HotpotQA

    context = [["Harbor", ["A film by Maren Holt."]], ["Maren Holt", ["Born in Uppsala."]]]
    item = Item("q1", "Where was the director of Harbor born?", "Uppsala", {"context": context})
    search = '<reasoning>Look.</reasoning><action>search</action><parameters>{{"query": "{}"}}'
    model = ScriptedModel(
        [
            f"{search.format('Harbor')}</parameters>",
            f"{search.format('Harbor film')}</parameters>",  # the same page again
            "<reasoning>A guess.</reasoning><final_answer>Stockholm</final_answer>",
            f"{search.format('Maren Holt')}</parameters>",
            "<reasoning>Found.</reasoning><final_answer>Uppsala</final_answer>",
        ]
    )
    attempt = ThinkactSolver(model, format="xml").solve(HotpotQA().task(item))
    assert attempt.prediction == "Uppsala" and attempt.steps == 5
    told = model.requests[3].messages[-1].content  # type: ignore[union-attr]
    assert "You read only one page, [Harbor]" in told
