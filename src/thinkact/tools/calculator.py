"""A calculator for models: what they write, read as arithmetic (see `arithmetic` for the
safe evaluation: a whitelisted AST, never `eval`).

Models write `^` for powers, `15%` for 0.15, `1,234` for thousands and `×`/`÷`/`−`; all are
read as meant.

A calculation may also be a few named steps, one per line or `;`-separated
(`half = 100 / 2; gifts = 15 + 2 * 15; 100 - half - gifts`): small models keep track of a
word problem far better when every quantity has a name than when they chain bare numbers
across many tool calls.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping

from thinkact.tools.arithmetic import (
    CONSTANTS,
    FUNCTIONS,
    CalculatorError,
    Number,
    format_number,
    run,
)
from thinkact.tools.base import Tool, ToolContext

MAX_EXPRESSION_CHARS = 2_000
MAX_STEPS = 50
# A word of a step name, possibly with an apostrophe (`Reese's`, read as Reese_s).
_WORD = r"[^\W\d][\w'’]*"
# A step name; models also write "total cost = ...", read as total_cost.
_NAME = re.compile(rf"^{_WORD}(?: +{_WORD})*$")
# The result a model writes after its expression (`3 + 5 = 8`).
_CLAIMED = re.compile(r"^-?[$€£]?\d[\d,]*(?:\.\d+)?%?$")
_THOUSANDS = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?![\d])")
# Every pattern that scans for a run of digits or letters starts it only where the run
# starts (a lookbehind): otherwise each position inside a run of 2,000 digits is retried and
# a long expression takes seconds (quadratic backtracking).
_PERCENT_OF = re.compile(r"(?<![\w.])(\d[\d_]*(?:\.\d+)?)\s*%\s*of\b", re.IGNORECASE)
# `15%` (no space before the sign, nothing operand-like after it) is a percentage;
# `50 % 7` and `0 % -1` stay remainders.
_PERCENT = re.compile(r"(?<![\w.])(\d[\d_]*(?:\.\d+)?)%(?!\s*[\w(.])")
_ROOT = re.compile(r"√\s*(\d+(?:\.\d+)?|[A-Za-z_]\w*)")
_HAS_CALL = re.compile(r"(?<!\w)[A-Za-z_]\w*\s*\(")
# Two or more words in a row outside a defined step name: what a model writes for a
# quantity it never named ("clips April").
_WORDS = re.compile(rf"(?<![\w'’]){_WORD}(?: +{_WORD})+")


def normalize(expression: str) -> str:
    """Rewrite what models write into Python's arithmetic syntax."""
    text = expression.strip().rstrip("=").strip()
    text = _ROOT.sub(r"sqrt(\1)", text)
    for a, b in (("×", "*"), ("÷", "/"), ("−", "-"), ("–", "-"), ("^", "**"), ("√", "sqrt")):
        text = text.replace(a, b)
    text = re.sub(r"[$€£¥]", "", text)
    if not _HAS_CALL.search(text):  # `max(1,234)` keeps its comma; `1,234 * 2` loses it
        text = _THOUSANDS.sub(lambda m: m.group(0).replace(",", ""), text)
    text = _PERCENT_OF.sub(r"(\1/100)*", text)
    return _PERCENT.sub(r"(\1/100)", text)


def _printed(line: str) -> str:
    """`print(total)` -> `total`; `print("Total:", total)` and `print(f"{total} eggs")` ->
    `total`: the value a program prints is its result."""
    try:
        call = ast.parse(line, mode="eval").body
    except SyntaxError:
        return line
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
        return line
    values = [
        v.value if isinstance(v, ast.FormattedValue) else v
        for a in call.args
        for v in (a.values if isinstance(a, ast.JoinedStr) else [a])
        if not (isinstance(v, ast.Constant) and isinstance(v.value, str))
    ]
    if call.func.id != "print":
        return line
    if not values:
        raise CalculatorError(f"{line} prints no value; print the step whose value is asked")
    return ast.get_source_segment(line, values[-1]) or line


def _split_steps(text: str) -> list[tuple[str | None, str]]:
    """`a = 1; b = a * 2; b + 1` -> [("a", "1"), ("b", "a * 2"), (None, "b + 1")].
    A name of several words becomes one (`total cost` -> `total_cost`, `Reese's` ->
    `Reese_s`), in later steps too. Written as a small Python program (comments, a
    `print` at the end), as coding models write arithmetic, it reads the same."""
    steps: list[tuple[str | None, str]] = []
    spaced: list[tuple[re.Pattern[str], str]] = []
    for raw in re.split(r"[;\n]", text):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("print("):
            line = _printed(line)
            if line.isidentifier():  # `print(total)` shows as `total = 72`
                steps.append((line, line))
                continue
        name, sep, rest = line.partition("=")
        for pattern, joined in spaced:
            rest, line = pattern.sub(joined, rest), pattern.sub(joined, line)
        # `a = 1` names a step; `==`, `<=` and friends are not assignments.
        if sep and not rest.startswith("=") and _NAME.match(name.strip() or "-"):
            words = name.split()
            name = re.sub(r"['’]", "_", "_".join(words))
            if name in FUNCTIONS or name in CONSTANTS:
                raise CalculatorError(f"'{name}' is a built-in name; pick another step name")
            if name != " ".join(words):
                pattern = re.compile(
                    r"(?<![\w])" + r"\s+".join(map(re.escape, words)) + r"(?![\w])"
                )
                spaced.append((pattern, name))
            steps.append((name, rest.strip()))
        elif sep and _CLAIMED.match(rest.strip()):  # `3 + 5 + 2 = 10`: computed, not trusted
            steps.append((None, name.strip()))
        else:
            steps.append((None, line))
    return steps


def _parse(expression: str, text: str) -> ast.Expression:
    try:
        return ast.parse(text, mode="eval")
    except SyntaxError as e:
        phrase = _WORDS.search(expression)
        if phrase:  # `clips April / 2`: a name the model never set
            raise CalculatorError(
                f"'{phrase.group(0)}' is neither a number nor a named step: give it a "
                "value in an earlier step, or write the arithmetic with numbers"
            ) from None
        where = f" at position {e.offset}" if e.offset else ""
        raise CalculatorError(
            f"could not parse '{expression}'{where}: {e.msg}. Write plain arithmetic "
            "such as '(12.5 + 3) * 4' or 'sqrt(2) ^ 2', or named steps such as "
            "'a = 12 * 3; b = a + 4; b / 2'"
        ) from None
    except (ValueError, RecursionError, MemoryError):
        raise CalculatorError("the expression is too deeply nested; simplify it") from None


def _check_size(expression: object) -> str:
    if not isinstance(expression, str) or not expression.strip():
        raise CalculatorError("the expression is empty; give one such as '17 * 23'")
    if len(expression) > MAX_EXPRESSION_CHARS:
        raise CalculatorError(
            f"the expression is too long ({len(expression)} chars); split it into steps"
        )
    return expression


def evaluate_steps(
    expression: str, known: Mapping[str, Number] | None = None
) -> list[tuple[str | None, Number]]:
    """Each step's name (None for a bare expression) and value, in order; `known` are
    names from earlier calculations that the steps may use."""
    steps = _split_steps(_check_size(expression))
    if not steps:
        raise CalculatorError("the expression is empty; give one such as '17 * 23'")
    if len(steps) > MAX_STEPS:
        raise CalculatorError(f"too many steps ({len(steps)}); at most {MAX_STEPS}")
    names: dict[str, Number] = dict(known or {})
    out: list[tuple[str | None, Number]] = []
    for name, text in steps:
        label = f"step '{name} = {text}'" if name else f"'{text}'"
        try:
            value = run(_parse(text, normalize(text)), names)
        except CalculatorError as e:
            if len(steps) == 1:
                raise
            raise CalculatorError(f"in {label}: {e}") from None
        if name:
            names[name] = value
        out.append((name, value))
    return out


def evaluate(expression: str) -> Number:
    """The value of an arithmetic expression (or of the last of several named steps);
    raises CalculatorError with a fixable message."""
    return evaluate_steps(expression)[-1][1]


_NAMES_KEY = "calculator.names"


def _calculator(expression: str, ctx: ToolContext) -> str:
    """Evaluate an arithmetic expression exactly and safely.

    Supports + - * / // % ** (also ^), parentheses, percentages (15% = 0.15), the
    constants pi, e, tau, and sqrt, log, ln, log10, exp, sin, cos, tan, abs, round,
    floor, ceil, factorial, min, max and more. Several named steps, separated by `;` or
    new lines, are computed in order and may use the names before them, also the names
    of earlier calculations.

    Args:
        expression: e.g. "(1250 * 0.15) + 3^2", or "price = 20 * 3; tax = price * 8%; price + tax".
    """
    # A run's names outlive the call, as in a Python session: models go on with
    # `round(time)` after the call that computed `time`.
    known: dict[str, Number] = ctx.state.setdefault(_NAMES_KEY, {})
    steps = evaluate_steps(expression, known)
    known.update((name, value) for name, value in steps if name)
    if len(steps) == 1 and steps[0][0] is None:
        return format_number(steps[0][1])
    # Every named value, so the model can check each quantity it meant.
    lines = [f"{name} = {format_number(v)}" for name, v in steps[:-1] if name]
    name, value = steps[-1]
    last = f"{name or 'result'} = {format_number(value)}"
    if not lines or lines[-1] != last:  # a program that prints the step it just named
        lines.append(last)
    return "\n".join(lines)


calculator: Tool = Tool.from_function(_calculator, name="calculator", idempotent=True)


def result_value(output: str) -> str:
    """The value a calculation ends with: `b` of `a = 1\nb = 2`, the printed step of a
    program; what a return_direct calculator gives as the answer."""
    last = output.strip().rsplit("\n", 1)[-1]
    return last.rsplit(" = ", 1)[-1].strip()


__all__ = [
    "CONSTANTS",
    "FUNCTIONS",
    "CalculatorError",
    "calculator",
    "evaluate",
    "format_number",
    "result_value",
]
