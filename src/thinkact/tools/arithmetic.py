"""Arithmetic and `math` over a whitelisted AST, never `eval`. Sizes are bounded before
anything is computed, so `9**9**9` is refused in microseconds instead of hanging the
process, and every failure is a CalculatorError written for the model."""

from __future__ import annotations

import ast
import decimal
import math
import operator
from collections.abc import Callable
from typing import Any

from thinkact.errors import ToolRetry

Number = int | float

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


def _round(x: Number, digits: Number | None = None) -> Number:
    if digits is None:
        return round(x)
    if isinstance(digits, float):
        if not digits.is_integer():
            raise CalculatorError("round() needs a whole number of digits, e.g. round(x, 2)")
        digits = int(digits)
    if isinstance(x, int) and digits < 0 and -digits > len(str(abs(x))):
        # Python computes 10 ** -digits first: round(5, -10**9) would never return.
        # Every digit is below the rounding place, so the answer is 0 (|x| < 10**n / 2).
        return 0
    return round(x, digits)


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
            f"the power is too large: {format_number(base)} ** {format_number(exp)} has far "
            "more than 3,000 digits; rewrite it or use logarithms"
        )
    if isinstance(exp, float) and exp > 0 and _bits(base) * exp > 1024:  # beyond a float
        raise CalculatorError("the power is too large for a floating-point result")
    result: Number | complex = operator.pow(base, exp)
    if isinstance(result, complex):
        raise CalculatorError("a negative number to a fractional power has no real result")
    return result


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


def run(tree: ast.Expression, names: dict[str, Number]) -> Number:
    """The value of a parsed expression; every failure is a CalculatorError that says why."""
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


def format_number(x: Number) -> str:
    """A clean number: `30`, not `30.0`; `0.3`, not `0.30000000000000004`."""
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


__all__ = ["CONSTANTS", "FUNCTIONS", "CalculatorError", "Number", "format_number", "run"]
