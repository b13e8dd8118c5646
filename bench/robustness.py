"""Hostile input at scale (issue 25): thousands of generated payloads per section, timed.

    .venv/bin/python bench/robustness.py [calculator|paths ...] [--n 10000] [--seed 0]

Prints, per section, how many inputs were answered and refused, how many raised anything
else, and the slowest and 99th-percentile times. Targets: "other", "escaped" and
"leftover" (a refused write that left folders) 0, slowest under 1 s. The tests run the
same properties at bounded sizes; this is the big count.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

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


# --- paths -----------------------------------------------------------------------------

_PATH_NAMES = [
    *("..", ".", "", "...", "a.txt", "sub", "deep", "new", "new.txt", "secret.txt", "outside"),
    *("etc", "passwd", ".hidden", "fifo", "link_out", "link_out_abs", "link_secret", "link_etc"),
    *("link_in", "link_in_abs", "loop_a", "self", "up", "dangling", "escape", "../..", "..\\.."),
    *("sub//deep", "./..", "link_in/../..", "．．", "\u2025", "..\u200b", "%2e%2e", ".. ", "~"),
    *("CON", "a\x00b", "x" * 300, "é" * 130, "\ud800", "\n", "d/" * 70),
]
_PATH_PREFIXES = [
    "",
    "",
    "",
    "/",
    "./",
    "~/",
    "C:\\",
    "\\\\server\\share\\",
    "/etc/",
    "/proc/self/",
]


def _tree(base: Path) -> tuple[Path, Path]:
    root, outside = base / "root", base / "outside"
    (root / "sub" / "deep").mkdir(parents=True)
    outside.mkdir()
    (root / "a.txt").write_text("inside")
    (outside / "secret.txt").write_text("SECRET")
    links = {
        "link_out": "../outside",
        "link_out_abs": str(outside),
        "link_secret": "../outside/secret.txt",
        "link_etc": "/etc",
        "link_in": "sub",
        "link_in_abs": str(root / "sub"),
        "loop_a": "loop_a",
        "self": ".",
        "up": "..",
        "dangling": "nowhere",
        "sub/deep/escape": "../../../outside/secret.txt",
    }
    for name, target in links.items():
        os.symlink(target, root / name)
    os.mkfifo(root / "fifo")
    return root, outside


def _snapshot(folder: Path) -> list[tuple[str, ...]]:
    return sorted((d, *sorted(dirs), *sorted(files)) for d, dirs, files in os.walk(folder))


def _hostile_path(rng: random.Random, prefixes: list[str]) -> str:
    parts = [rng.choice(_PATH_NAMES) for _ in range(rng.randint(0, 7))]
    if rng.random() < 0.3:
        noise = "".join(chr(rng.randint(0, 0x2FF)) for _ in range(rng.randint(1, 4)))
        parts.insert(rng.randint(0, len(parts)), noise)
    return rng.choice(prefixes) + rng.choice(["/", "/", "\\", "//", "/./"]).join(parts)


_BATCH = 100  # paths per fresh tree: writes pile up, and each write walks the tree first


@section("paths")
def paths_section(n: int, rng: random.Random) -> None:
    from thinkact.tools.sandbox import SandboxError, Workspace

    counts = {"read": 0, "written": 0, "refused": 0, "other": 0, "escaped": 0, "leftover": 0}
    times: list[float] = []
    worst, slowest = "", -1.0
    for first in range(0, n, _BATCH):
        with tempfile.TemporaryDirectory() as tmp:
            base = Path(tmp)
            root, outside = _tree(base)
            prefixes = [*_PATH_PREFIXES, f"{root}/", f"{outside}/", f"{base}/", f"{root}/../"]
            reader = Workspace(root)
            writer = Workspace(root, allow_overwrite=True, durable=False)
            outside_before, base_before = _snapshot(outside), sorted(os.listdir(base))
            for _ in range(min(_BATCH, n - first)):
                path = _hostile_path(rng, prefixes)
                elapsed = 0.0
                try:
                    start = time.perf_counter()
                    try:
                        reader.read(path)
                    finally:
                        elapsed += time.perf_counter() - start
                    counts["read"] += 1
                except SandboxError:
                    counts["refused"] += 1
                except Exception as e:
                    counts["other"] += 1
                    print(f"  other: {type(e).__name__}: {e} <- {path!r}")
                folders = {d for d, _, _ in os.walk(root)}
                try:
                    start = time.perf_counter()
                    try:
                        result = writer.write(path, b"bench")
                    finally:
                        elapsed += time.perf_counter() - start
                    counts["written"] += 1
                    real = os.path.realpath(root / result.path)
                    if not real.startswith(f"{root}/"):
                        counts["escaped"] += 1
                        print(f"  escaped: {path!r} -> {real}")
                except SandboxError:
                    counts["refused"] += 1
                    if {d for d, _, _ in os.walk(root)} != folders:
                        counts["leftover"] += 1
                        print(f"  refused but left folders: {path!r}")
                except Exception as e:
                    counts["other"] += 1
                    print(f"  other: {type(e).__name__}: {e} <- {path!r}")
                times.append(elapsed)
                if elapsed > slowest:
                    worst, slowest = path, elapsed
            if _snapshot(outside) != outside_before or sorted(os.listdir(base)) != base_before:
                counts["escaped"] += 1
                print("  something outside the workspace changed")
    report("paths", times, counts, worst)
    print("[paths] times: one read and one write of each path")


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
