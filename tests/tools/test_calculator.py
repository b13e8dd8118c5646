"""The calculator: eval-escape payloads refused, ordinary arithmetic answered, sizes bounded."""

from __future__ import annotations

import math
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thinkact.tools.base import error_text
from thinkact.tools.calculator import CalculatorError, calculator, evaluate, format_number

ESCAPES = [
    "__import__('os').system('echo pwned')",
    "__import__('os')",
    "().__class__.__bases__[0].__subclasses__()",
    "''.__class__.__mro__[1].__subclasses__()",
    "(1).__class__",
    "[c for c in ().__class__.__base__.__subclasses__()]",
    "(lambda: 1)()",
    "lambda x: x",
    "open('/etc/passwd').read()",
    "eval('1+1')",
    "exec('x=1')",
    "globals()",
    "locals()['__builtins__']",
    "__builtins__",
    "getattr(1, 'real')",
    "math.sqrt(4)",
    "sqrt.__globals__",
    "sqrt(4).__class__",
    "[1, 2][0]",
    "{'a': 1}",
    "{1, 2}",
    "(x := 5)",
    "f'{1+1}'",
    "'abc'",
    "b'abc'",
    "1 if 1 else 2",
    "1 < 2",
    "1 and 2",
    "not 1",
    "~1",
    "1 << 10000",
    "1j",
    "True",
    "None",
    "...",
    "sqrt(x=4)",
    "max(*[1, 2])",
    "import os",
    "import os; 1",
    "(1,2)",
    "factorial(10**6)",
]

ORDINARY = [
    ("17 * 23", "391"),
    ("2 + 3 * 4", "14"),
    ("(2 + 3) * 4", "20"),
    ("10 / 4", "2.5"),
    ("10 / 5", "2"),
    ("7 // 2", "3"),
    ("7 % 3", "1"),
    ("-3 ** 2", "-9"),
    ("2 ^ 10", "1024"),
    ("2**0.5", "1.41421356237"),
    ("0.1 + 0.2", "0.3"),
    ("1 / 3", "0.333333333333"),
    ("200 * 15%", "30"),
    ("15% of 200", "30"),
    ("1250 * (1 + 8%)", "1350"),
    ("50 % 7", "1"),
    ("1,234 + 766", "2000"),
    ("$1,200 × 3", "3600"),
    ("100 ÷ 8", "12.5"),
    ("10 − 4", "6"),
    ("sqrt(144)", "12"),
    ("√16", "4"),
    ("√(9 + 16)", "5"),
    ("10%-5", "-4.9"),
    ("0 % -1", "0"),
    ("log(100, 10)", "2"),
    ("log10(1000)", "3"),
    ("ln(e)", "1"),
    ("log(e**2)", "2"),
    ("sin(pi / 2)", "1"),
    ("cos(0)", "1"),
    ("round(2.5)", "2"),
    ("round(3.14159, 2)", "3.14"),
    ("floor(-2.5)", "-3"),
    ("ceil(2.1)", "3"),
    ("abs(-7)", "7"),
    ("factorial(10)", "3628800"),
    ("max(3, 9, 4)", "9"),
    ("min(3, 9, 4)", "3"),
    ("gcd(12, 18)", "6"),
    ("2 * pi * 3", "18.8495559215"),
    ("48 / 2 * (9 + 3)", "288"),
    ("1e3 + 1", "1001"),
    ("12 * 3 + 5 =", "41"),
    ("2**100", "1267650600228229401496703205376"),
    ("10**70", "1e+70 (71 digits)"),
    ("(72 - 32) * 5 / 9", "22.2222222222"),
]


@pytest.mark.parametrize("payload", ESCAPES)
def test_eval_escape_payloads_are_refused(payload: str) -> None:
    with pytest.raises(CalculatorError) as err:
        calculator.call({"expression": payload})
    message = error_text(err.value)
    assert message.startswith("TOOL ERROR: ")
    assert len(message) < 600


@pytest.mark.parametrize(("expression", "expected"), ORDINARY)
def test_ordinary_expressions(expression: str, expected: str) -> None:
    assert calculator.call({"expression": expression}) == expected


@pytest.mark.parametrize(
    "expression",
    [
        "9**9**9",
        "2**10**8",
        "10**10**10",
        "factorial(1000) ** 1000",
        "99999**99999",
        "(10**3000) * (10**3000)",
        "2.5 ** 10**6",
        "gcd(10**4000, 2)",
    ],
)
def test_huge_results_are_refused_in_milliseconds(expression: str) -> None:
    start = time.perf_counter()
    with pytest.raises(CalculatorError, match=r"too large|limited"):
        evaluate(expression)
    assert time.perf_counter() - start < 0.05


@pytest.mark.parametrize(
    ("expression", "reason"),
    [
        ("1 / 0", "division by zero"),
        ("sqrt(-1)", "math domain error"),
        ("log(0)", "math domain error"),
        ("(-8) ** (1/3)", "no real result"),
        ("1e308 * 10", "not a finite number"),
        ("x + 1", "unknown name 'x'"),
        ("sqrt", "is a function"),
        ("foo(2)", "unknown function 'foo'"),
        ("2 +", "could not parse"),
        ("", "empty"),
        ("(" * 900 + "1" + ")" * 900, "could not parse"),
        ("1+" * 1500 + "1", "too long"),
        ("max()", "wrong number of arguments"),
    ],
)
def test_errors_say_what_to_fix(expression: str, reason: str) -> None:
    with pytest.raises(CalculatorError, match=reason):
        evaluate(expression)


def test_the_tool_schema() -> None:
    assert calculator.name == "calculator"
    assert calculator.parameters["required"] == ["expression"]
    assert "percent" in calculator.description or "arithmetic" in calculator.description


def test_numbers_are_shown_cleanly() -> None:
    assert format_number(30.0) == "30"
    assert format_number(0.1 + 0.2) == "0.3"
    assert format_number(-0.5) == "-0.5"
    assert format_number(1e20) == "1e+20"
    assert format_number(123456789012) == "123456789012"


_ints = st.integers(-1000, 1000).map(str)


@st.composite
def _arith(draw: st.DrawFn, depth: int = 3) -> str:
    if depth == 0 or draw(st.booleans()):
        return draw(_ints)
    op = draw(st.sampled_from(["+", "-", "*", "//", "%"]))
    return f"({draw(_arith(depth - 1))} {op} {draw(_arith(depth - 1))})"


@settings(max_examples=300, deadline=None)
@given(_arith())
def test_integer_arithmetic_matches_python(expression: str) -> None:
    try:
        expected = eval(expression, {"__builtins__": {}})  # the oracle, on generated digits only
    except ZeroDivisionError:
        with pytest.raises(CalculatorError, match="division by zero"):
            evaluate(expression)
        return
    assert evaluate(expression) == expected


@settings(max_examples=200, deadline=None)
@given(st.floats(-1e6, 1e6, allow_nan=False), st.floats(0.001, 1e6))
def test_float_arithmetic_matches_math(a: float, b: float) -> None:
    got = evaluate(f"sqrt({b!r}) + {a!r} / {b!r}")
    assert math.isclose(got, math.sqrt(b) + a / b, rel_tol=1e-12, abs_tol=1e-12)


def test_named_steps_are_computed_in_order_and_each_value_is_shown() -> None:
    out = calculator.call({"expression": "half = 100 / 2; gifts = 15 + 2 * 15\n100 - half - gifts"})
    assert out == "half = 50\ngifts = 45\nresult = 5"
    # Each step is normalised on its own: `15%` before a new line is still a percentage.
    assert calculator.call({"expression": "a = 1,234 * $2\nb = a * 50%"}) == "a = 2468\nb = 1234"
    assert evaluate("x = 3; y = x ^ 2; y + x") == 12


@pytest.mark.parametrize(
    ("expression", "reason"),
    [
        ("a = 1; b = c + 1", r"in step 'b = c \+ 1': unknown name 'c' \(named so far: a\)"),
        ("pi = 3; pi", "'pi' is a built-in name"),
        ("sqrt = 3; 1", "'sqrt' is a built-in name"),
        ("a = 1; b = a / 0", "in step 'b = a / 0': division by zero"),
        ("a = 2 +; a", r"in step 'a = 2 \+': could not parse"),
        ("; ;", "empty"),
        ("; ".join(f"a{i} = {i}" for i in range(60)), "too many steps"),
    ],
)
def test_named_step_errors_say_which_step(expression: str, reason: str) -> None:
    with pytest.raises(CalculatorError, match=reason):
        evaluate(expression)


def test_a_comparison_is_not_taken_for_a_named_step() -> None:
    with pytest.raises(CalculatorError, match="a comparison"):
        evaluate("2 == 2")


def test_a_step_name_of_several_words_is_one_name_in_later_steps_too() -> None:
    out = calculator.call({"expression": "yellow = 10\nall flowers = yellow * 3\nall flowers + 1"})
    assert out == "yellow = 10\nall_flowers = 30\nresult = 31"
    assert evaluate("total cost = 3 * 4; total  cost / 2") == 6


def test_a_step_name_may_hold_an_apostrophe_and_values_a_currency_sign() -> None:
    # GSM8K train-45: the embedded model wrote this three times and got a parse error each time.
    out = calculator.call(
        {"expression": "piñata = $13; Reese's cost = 4 * $9; total = piñata + Reese's cost"}
    )
    assert out == "piñata = 13\nReese_s_cost = 36\ntotal = 49"


def test_float_noise_around_a_whole_number_is_not_shown() -> None:
    assert calculator.call({"expression": "12 / 60 * 50"}) == "10"
    assert calculator.call({"expression": "1e-12"}) == "1e-12"  # small is not noise
    assert calculator.call({"expression": "2.0000001"}) == "2.0000001"


def test_an_unnamed_phrase_is_reported_as_a_missing_step_not_a_syntax_error() -> None:
    # GSM8K train-0: the model used `clips April` without ever setting it, three times.
    with pytest.raises(CalculatorError) as caught:
        calculator.call({"expression": "may = clips April / 2\ntotal = clips April + may"})
    assert str(caught.value) == (
        "in step 'may = clips April / 2': 'clips April' is neither a number nor a named step: "
        "give it a value in an earlier step, or write the arithmetic with numbers"
    )
    set_first = "clips April = 48\nmay = clips April / 2\nclips April + may"
    assert calculator.call({"expression": set_first}) == "clips_April = 48\nmay = 24\nresult = 72"
    with pytest.raises(CalculatorError, match="could not parse"):  # no words: as before
        calculator.call({"expression": "2 +* 3"})


def test_a_small_python_program_reads_as_named_steps() -> None:
    # What the embedded (coding) model writes for a word problem when left to itself.
    program = (
        "# Number of clips sold in April\n"
        "clips_april = 48\n"
        "clips_may = clips_april / 2  # half as many in May\n"
        "total_clips = clips_april + clips_may\n"
        "print(total_clips)"
    )
    out = calculator.call({"expression": program})
    assert out == "clips_april = 48\nclips_may = 24\ntotal_clips = 72"
    assert calculator.call({"expression": "a = 2; b = a * 3; print(a)"}) == "a = 2\nb = 6\na = 2"
    assert evaluate('money = 3 * 12\nprint("Money:", money)') == 36
    assert evaluate('eggs = 16 - 7; print(f"She has {eggs} eggs")') == 9
    assert evaluate("weeks = int(52 / 7 * 2)") == 14


def test_print_is_the_only_call_a_program_line_may_make_beyond_the_functions() -> None:
    for line in ("input(3)", "print(open('x'))", "exec('1')"):
        with pytest.raises(CalculatorError):
            evaluate(line)
    with pytest.raises(CalculatorError, match="prints no value"):
        evaluate('print("no value")')


def test_a_runs_names_outlive_the_call_but_not_the_run() -> None:
    # GSM8K held-out item: `time = 768 / 50` in one call, `round(time)` in the next.
    from thinkact import Agent
    from thinkact.events import ToolFinished
    from thinkact.testing import ScriptedModel

    def call(name: str, **args: str) -> dict[str, object]:
        return {"tool_calls": [{"name": name, "arguments": args}]}

    def run() -> list[str]:
        model = ScriptedModel(
            [
                call("calculator", expression="time = 768 / 50"),
                call("calculator", expression="round(time)"),
                call("final_answer", answer="15"),
            ]
        )
        events = Agent(model, [calculator]).iter("How long?")
        return [e.result.content for e in events if isinstance(e, ToolFinished)]

    assert run() == ["time = 15.36", "15"]
    assert run() == ["time = 15.36", "15"]  # a new run starts with no names
    with pytest.raises(CalculatorError, match="unknown name 'time'"):
        calculator.call({"expression": "round(time)"})


def test_a_result_written_after_the_expression_is_computed_not_trusted() -> None:
    # GSM8K held-out item: three identical calls of `3 + 5 + 1 + 1 = 10` hit a syntax error.
    assert calculator.call({"expression": "3 + 5 + 1 + 1 = 10"}) == "10"
    assert calculator.call({"expression": "12 * 3 = 38"}) == "36"
    assert calculator.call({"expression": "a = 2; a * 3 = 6"}) == "a = 2\nresult = 6"
    with pytest.raises(CalculatorError, match="comparison"):
        evaluate("2 + 2 == 4")
