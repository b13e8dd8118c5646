"""Evaluation harness: GSM8K, HotpotQA and BFCL, thinkact against the seed baseline.

suite = get_suite("bfcl:simple,parallel")
items = load_items(suite, Path("bfcl_eval.whl"), limit=100)
Harness(suite, ThinkactSolver(model), Path("runs/x"), spec={...}).run(items)
"""

from __future__ import annotations

from pathlib import Path

from thinkact.apps.eval.base import Attempt, Item, ItemResult, Score, Solver, Suite, Task
from thinkact.apps.eval.harness import Harness, Worker, read_results, select
from thinkact.errors import UserError

SUITES = ("gsm8k", "hotpotqa", "bfcl")


def get_suite(spec: str) -> Suite:
    """`gsm8k`, `hotpotqa`, `bfcl` (every category) or `bfcl:simple,parallel,...`."""
    name, _, rest = spec.partition(":")
    if name == "gsm8k":
        from thinkact.apps.eval.gsm8k import Gsm8k

        return Gsm8k()
    if name == "hotpotqa":
        from thinkact.apps.eval.hotpotqa import HotpotQA

        return HotpotQA()
    if name == "bfcl":
        from thinkact.apps.eval.bfcl import CATEGORIES, Bfcl

        categories = [c.strip() for c in rest.split(",") if c.strip()] or list(CATEGORIES)
        multi = [c for c in categories if c.startswith("multi_turn")]
        if multi:  # sessions on BFCL's simulated APIs (bfcl_multi.py)
            from thinkact.apps.eval.bfcl_multi import MultiTurn

            if len(multi) < len(categories):
                raise UserError("run BFCL's multi_turn_* categories apart from the others")
            return MultiTurn(multi)
        return Bfcl(categories)
    raise UserError(f"unknown suite {spec!r}; choose one of: {', '.join(SUITES)} (bfcl:CATEGORY)")


def load_items(
    suite: Suite, path: Path, *, offset: int = 0, limit: int | None = None
) -> list[Item]:
    """The items to run. For BFCL, `offset` and `limit` apply to each category."""
    from thinkact.apps.eval.bfcl import Bfcl
    from thinkact.apps.eval.bfcl_multi import MultiTurn

    if isinstance(suite, Bfcl | MultiTurn):
        return [
            item
            for category in suite.categories
            for item in select(suite.load_category(path, category), offset=offset, limit=limit)
        ]
    return select(suite.load(path), offset=offset, limit=limit)


__all__ = [
    "SUITES",
    "Attempt",
    "Harness",
    "Item",
    "ItemResult",
    "Score",
    "Solver",
    "Suite",
    "Task",
    "Worker",
    "get_suite",
    "load_items",
    "read_results",
    "select",
]
