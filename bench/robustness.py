"""Hostile input at scale (issue 25): thousands of generated payloads per section, timed.

    .venv/bin/python bench/robustness.py [calculator|paths ...] [--n 10000] [--seed 0]

Prints, per section, how many inputs were answered and refused, how many raised anything
else (must be 0), and the slowest and 99th-percentile times. Targets: 0 other, slowest
under 1 s. The tests run the same properties at bounded sizes; this is the big count.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

SECTIONS: dict[str, Callable[[int, random.Random], None]] = {}


def section(name: str) -> Callable[[Callable[[int, random.Random], None]], None]:
    def register(fn: Callable[[int, random.Random], None]) -> None:
        SECTIONS[name] = fn

    return register


def report(name: str, times: list[float], counts: dict[str, int], worst: str) -> None:
    times = sorted(times)
    p99 = times[int(len(times) * 0.99) - 1] if times else 0.0
    figures = "  ".join(f"{k} {v}" for k, v in counts.items())
    print(f"[{name}] n={len(times)}  {figures}")
    print(
        f"[{name}] median {statistics.median(times) * 1e3:.3f} ms  p99 {p99 * 1e3:.2f} ms  "
        f"slowest {times[-1] * 1e3:.2f} ms  total {sum(times):.2f} s"
    )
    print(f"[{name}] slowest input: {worst[:100]!r}")


# --- calculator -------------------------------------------------------------------------

_ATOMS = [
    *("0", "1", "-1", "2", "7", "10", "0.5", "3.7", "-0.0", "1e308", "1e-308", "1e999"),
    *("9" * 60, "10**3000", "2**9999", "factorial(1000)", "pi", "e", "x", "'a'", "[1]"),
    *("-10**9", "10**9", "1e18", "-1e18", "999999999999"),
]
_OPERATORS = ["+", "-", "*", "/", "//", "%", "**", "^", "<<", "&", "<", "×", "÷"]
_NOISE = "0123456789+-*/%^()., √×÷=;ea_x\n'$"
_REPEATS = ["1", "a", "√", "(", "-", "1% of ", "2**", "sqrt(", "1,", "1_", "a ", "9"]


def _expression(rng: random.Random, functions: list[str], depth: int) -> str:
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(_ATOMS)
    kind = rng.random()
    if kind < 0.45:
        a, b = _expression(rng, functions, depth - 1), _expression(rng, functions, depth - 1)
        return f"({a} {rng.choice(_OPERATORS)} {b})"
    if kind < 0.85:
        args = [
            _expression(rng, functions, depth - 1) for _ in range(rng.choice([0, 1, 1, 2, 2, 3]))
        ]
        return f"{rng.choice(functions)}({', '.join(args)})"
    return "-" + _expression(rng, functions, depth - 1)


def _calculator_payload(rng: random.Random, functions: list[str]) -> str:
    kind = rng.random()
    if kind < 0.6:
        return _expression(rng, functions, rng.randint(1, 6))
    if kind < 0.75:
        steps = [_expression(rng, functions, rng.randint(1, 3)) for _ in range(rng.randint(2, 6))]
        return "; ".join(f"v{i} = {s}" for i, s in enumerate(steps)) + "; v0"
    if kind < 0.9:
        return "".join(rng.choice(_NOISE) for _ in range(rng.randint(1, 80)))
    return rng.choice(_REPEATS) * rng.randint(100, 2_100)


@section("calculator")
def calculator_section(n: int, rng: random.Random) -> None:
    from thinkact.tools.calculator import FUNCTIONS, CalculatorError, calculator

    functions = sorted(FUNCTIONS)
    counts = {"answered": 0, "refused": 0, "other": 0}
    times: list[float] = []
    worst, slowest = "", -1.0
    for _ in range(n):
        payload = _calculator_payload(rng, functions)
        start = time.perf_counter()
        try:
            calculator.call({"expression": payload})
            counts["answered"] += 1
        except CalculatorError:
            counts["refused"] += 1
        except Exception as e:
            counts["other"] += 1
            print(f"  other: {type(e).__name__}: {e} <- {payload[:80]!r}")
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        if elapsed > slowest:
            worst, slowest = payload, elapsed
    report("calculator", times, counts, worst)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sections", nargs="*", help=f"any of {', '.join(SECTIONS)} (all)")
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    unknown = set(args.sections) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    for name in args.sections or list(SECTIONS):
        SECTIONS[name](args.n, random.Random(args.seed))


if __name__ == "__main__":
    main()
