"""A calculator for models: arithmetic and `math` over a whitelisted AST, never `eval`.

Models write `^` for powers, `15%` for 0.15, `1,234` for thousands and `×`/`÷`/`−`; all are
read as meant. Sizes are bounded before anything is computed, so `9**9**9` is refused in
microseconds instead of hanging the process.

A calculation may also be a few named steps, one per line or `;`-separated
(`half = 100 / 2; gifts = 15 + 2 * 15; 100 - half - gifts`): small models keep track of a
word problem far better when every quantity has a name than when they chain bare numbers
across many tool calls.
"""

from __future__ import annotations

import ast
import decimal
import math
import operator
import re
from collections.abc import Callable, Mapping
from typing import Any

from thinkact.errors import ToolRetry
from thinkact.tools.base import Tool, ToolContext

Number = int | float

MAX_EXPRESSION_CHARS = 2_000
MAX_INT_BITS = 10_000  # about 3,000 digits
MAX_FACTORIAL = 1_000
_SHOW_INT_DIGITS = 60  # longer integers are shown in scientific notation


class CalculatorError(ToolRetry):
    """An expression the calculator cannot or will not evaluate; the message says why."""


def _bounded_factorial(n: Number) -> int:
    if isinstance(n, float):
        if not n.is_integer():
            raise CalculatorError("factorial() needs a whole number")
        n = int(n)
    if n < 0 or n > MAX_FACTORIAL:
        raise CalculatorError(f"factorial() is limited to whole numbers 0..{MAX_FACTORIAL}")
    return math.factorial(n)


def _log(x: Number, base: Number | None = None) -> float:
    return math.log(x) if base is None else math.log(x, base)


def _round(x: Number, digits: int | None = None) -> Number:
    return round(x) if digits is None else round(x, int(digits))


FUNCTIONS: dict[str, Callable[..., Number]] = {
    "sqrt": math.sqrt,
    "cbrt": lambda x: math.copysign(abs(x) ** (1 / 3), x),
    "exp": math.exp,
    "log": _log,
    "ln": math.log,
    "log10": math.log10,
    "log2": math.log2,
    "sin": math.sin,
    "cos": math.cos,
    "tan": math.tan,
    "asin": math.asin,
    "acos": math.acos,
    "atan": math.atan,
    "atan2": math.atan2,
    "sinh": math.sinh,
    "cosh": math.cosh,
    "tanh": math.tanh,
    "degrees": math.degrees,
    "radians": math.radians,
    "hypot": math.hypot,
    "abs": abs,
    "round": _round,
    "floor": math.floor,
    "ceil": math.ceil,
    "trunc": math.trunc,
    "int": math.trunc,
    "float": float,
    "factorial": _bounded_factorial,
    "gcd": math.gcd,
    "lcm": math.lcm,
    "min": min,
    "max": max,
}
CONSTANTS: dict[str, float] = {"pi": math.pi, "e": math.e, "tau": math.tau}

_BINARY: dict[type[ast.operator], Callable[[Any, Any], Number]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
_SYMBOL = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//"}


def _bits(x: Number) -> float:
    """log2 of |x| (0 for |x| <= 1): how large a result may grow."""
    a = abs(x)
    if a <= 1:
        return 0.0
    return float(a.bit_length()) if isinstance(a, int) else math.log2(a)


def _check_int(value: Number) -> Number:
    if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        raise CalculatorError("the result is too large (over about 3,000 digits)")
    return value


def _power(base: Number, exp: Number) -> Number:
    if isinstance(exp, int) and exp > 1 and _bits(base) * exp > MAX_INT_BITS:
        raise CalculatorError(
            f"the power is too large: {_show(base)} ** {_show(exp)} has far more than "
            "3,000 digits; rewrite it or use logarithms"
        )
    if isinstance(exp, float) and exp > 0 and _bits(base) * exp > 1024:  # beyond a float
        raise CalculatorError("the power is too large for a floating-point result")
    result: Number | complex = operator.pow(base, exp)
    if isinstance(result, complex):
        raise CalculatorError("a negative number to a fractional power has no real result")
    return result


MAX_STEPS = 50
# A word of a step name, possibly with an apostrophe (`Reese's`, read as Reese_s).
_WORD = r"[^\W\d][\w'’]*"
# A step name; models also write "total cost = ...", read as total_cost.
_NAME = re.compile(rf"^{_WORD}(?: +{_WORD})*$")
# The result a model writes after its expression (`3 + 5 = 8`).
_CLAIMED = re.compile(r"^-?[$€£]?\d[\d,]*(?:\.\d+)?%?$")


class _Evaluator:
    def __init__(self, names: dict[str, Number] | None = None) -> None:
        self.nodes = 0
        self.names = names if names is not None else {}

    def eval(self, node: ast.AST) -> Number:
        self.nodes += 1
        if self.nodes > 1_000:
            raise CalculatorError("the expression is too long; split it into smaller steps")
        if isinstance(node, ast.Expression):
            return self.eval(node.body)
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool) or not isinstance(node.value, int | float):
                raise CalculatorError(f"only numbers are allowed, not {node.value!r}")
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            value = self.eval(node.operand)
            return -value if isinstance(node.op, ast.USub) else +value
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            left, right = self.eval(node.left), self.eval(node.right)
            if isinstance(node.op, ast.Pow):
                return _check_int(_power(left, right))
            if isinstance(node.op, ast.Mult) and _bits(left) + _bits(right) > MAX_INT_BITS:
                raise CalculatorError("the result is too large (over about 3,000 digits)")
            return _check_int(_BINARY[type(node.op)](left, right))
        if isinstance(node, ast.Name):
            if node.id in self.names:
                return self.names[node.id]
            if node.id in CONSTANTS:
                return CONSTANTS[node.id]
            if node.id in FUNCTIONS:
                raise CalculatorError(f"{node.id} is a function: call it, e.g. {node.id}(2)")
            known = f" (named so far: {', '.join(self.names)})" if self.names else ""
            raise CalculatorError(f"unknown name '{node.id}'{known}. {_ALLOWED}")
        if isinstance(node, ast.Call):
            return self._call(node)
        raise CalculatorError(f"{_describe(node)} is not allowed. {_ALLOWED}")

    def _call(self, node: ast.Call) -> Number:
        if not isinstance(node.func, ast.Name):
            raise CalculatorError(f"calling {_describe(node.func)} is not allowed. {_ALLOWED}")
        if node.func.id not in FUNCTIONS:
            raise CalculatorError(f"unknown function '{node.func.id}'. {_ALLOWED}")
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            raise CalculatorError(f"{node.func.id}() takes plain positional numbers")
        name = node.func.id
        args = [self.eval(a) for a in node.args]
        if name in ("gcd", "lcm") and not all(isinstance(a, int) for a in args):
            raise CalculatorError(f"{name}() needs whole numbers")
        if name in ("gcd", "lcm") and sum(_bits(a) for a in args) > MAX_INT_BITS:
            raise CalculatorError("the result is too large (over about 3,000 digits)")
        try:
            return _check_int(FUNCTIONS[name](*args))
        except TypeError as e:
            raise CalculatorError(f"{name}(): wrong number of arguments ({e})") from None


_ALLOWED = (
    "Use numbers, + - * / // % ** (or ^), parentheses, the constants pi, e, tau and the "
    "functions " + ", ".join(sorted(FUNCTIONS)) + "."
)


def _describe(node: ast.AST) -> str:
    names = {
        ast.Attribute: "attribute access",
        ast.Subscript: "indexing",
        ast.Lambda: "a lambda",
        ast.ListComp: "a comprehension",
        ast.SetComp: "a comprehension",
        ast.DictComp: "a comprehension",
        ast.GeneratorExp: "a generator",
        ast.Compare: "a comparison",
        ast.BoolOp: "and/or",
        ast.IfExp: "if/else",
        ast.JoinedStr: "an f-string",
        ast.NamedExpr: "assignment",
        ast.Tuple: "a tuple (a comma outside a function call)",
        ast.List: "a list",
        ast.Dict: "a dict",
        ast.Set: "a set",
    }
    kind = names.get(type(node))
    if kind is None and isinstance(node, ast.BinOp | ast.UnaryOp):
        kind = f"the operator {type(node.op).__name__}"
    return kind or type(node).__name__


_THOUSANDS = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?![\d])")
_PERCENT_OF = re.compile(r"(\d(?:[\d_]*)(?:\.\d+)?)\s*%\s*of\b", re.IGNORECASE)
# `15%` (no space before the sign, nothing operand-like after it) is a percentage;
# `50 % 7` and `0 % -1` stay remainders.
_PERCENT = re.compile(r"(\d(?:[\d_]*)(?:\.\d+)?)%(?!\s*[\w(.])")
_ROOT = re.compile(r"√\s*(\d+(?:\.\d+)?|[A-Za-z_]\w*)")
_HAS_CALL = re.compile(r"[A-Za-z_]\w*\s*\(")
# Two or more words in a row outside a defined step name: what a model writes for a
# quantity it never named ("clips April").
_WORDS = re.compile(rf"{_WORD}(?: +{_WORD})+")


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


def _run(tree: ast.Expression, names: dict[str, Number]) -> Number:
    try:
        result = _Evaluator(names).eval(tree)
    except CalculatorError:
        raise
    except ZeroDivisionError:
        raise CalculatorError("division by zero") from None
    except OverflowError:
        raise CalculatorError("the result is too large for a floating-point number") from None
    except ValueError as e:
        raise CalculatorError(
            f"{e}: check the arguments (sqrt and log need numbers above zero, asin and "
            "acos numbers from -1 to 1)"
        ) from None
    except RecursionError:
        raise CalculatorError("the expression is too deeply nested; simplify it") from None
    if isinstance(result, float) and not math.isfinite(result):
        raise CalculatorError("the result is not a finite number")
    return result


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
            value = _run(_parse(text, normalize(text)), names)
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


def _show(x: Number) -> str:
    if isinstance(x, int):
        digits = len(str(abs(x)))  # bounded: MAX_INT_BITS keeps this under Python's limit
        if digits <= _SHOW_INT_DIGITS:
            return str(x)
        rounded = decimal.Context(prec=12).create_decimal(x).normalize()
        return f"{rounded:e} ({digits} digits)"
    if x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    if 0.5 <= abs(x) < 1e15 and abs(x - round(x)) <= 1e-9 * abs(x):
        return str(round(x))  # whole but for float noise: 12 / 60 * 50 shows 10
    return f"{x:.12g}"


def format_number(x: Number) -> str:
    """A clean number: `30`, not `30.0`; `0.3`, not `0.30000000000000004`."""
    return _show(x)


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

__all__ = ["CONSTANTS", "FUNCTIONS", "CalculatorError", "calculator", "evaluate", "format_number"]
