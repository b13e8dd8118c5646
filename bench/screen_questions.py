"""How the screening questions judge right calls and calls that do not fit, per wording.

Screening (thinkact.policies.screen) asks the model two yes/no questions about a tool before a call
of it runs, and the decline check asks the same questions about each tool after a reply
without one. This script asks them, outside the loop, about held-out BFCL items (none in
bench/RESULTS.md): the gold function of right calls (simple, multiple, live_simple,
live_multiple) and a function of items where none fits (irrelevance, live_irrelevance,
including its generic GET tools). Per variant it prints how many of each a "no" refuses.

    .venv/bin/python bench/screen_questions.py --data /tmp/bfcl/bfcl_eval-*.whl

Variants: `plain` (what screening shows: the function's name, its arguments' names and
its description) and `required` (also the descriptions of its required arguments: the
generic `requests.get` of live_irrelevance says what it is for only in its `url`).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from thinkact.apps.eval.bfcl import Bfcl, function_tools, tool_name
from thinkact.models.local import LocalModel
from thinkact.policies.screen import says_no, screen_requests
from thinkact.types import ToolSpec

# (category, item indexes): right calls, then items where no function fits.
RIGHT = {
    "simple": range(300, 310),
    "multiple": range(150, 160),
    "live_simple": [*range(200, 210), 38, 39],  # 38, 39: requests.get to Open-Meteo
    "live_multiple": range(500, 510),
}
NONE_FITS = {
    "irrelevance": range(200, 215),
    # 1, 5, 9: requests.get described for the Date Nager API; 302-306 and 339-343: generic
    # GET tools; 600-611: the live catalogues
    "live_irrelevance": [1, 5, 9, *range(302, 307), *range(339, 344), *range(600, 612)],
}


@dataclass(frozen=True)
class Case:
    category: str
    item_id: str
    task: str
    spec: ToolSpec
    fits: bool


def cases(data: Path) -> Iterator[Case]:
    for group, fits in ((RIGHT, True), (NONE_FITS, False)):
        for category, indexes in group.items():
            items = list(Bfcl([category]).load_category(data, category))
            for i in indexes:
                item = items[i]
                specs = {t.name: t.spec for t in function_tools(item.data["functions"])}
                # the gold call's function, or the first of the item's
                name = tool_name(next(iter(item.gold[0]))) if fits else next(iter(specs))
                yield Case(category, item.id, item.question, specs[name], fits)


def with_required(spec: ToolSpec) -> ToolSpec:
    """The spec with its required arguments' descriptions after its own."""
    props = spec.parameters.get("properties") or {}
    said = [
        f"{name}: {' '.join(str(props[name].get('description', '')).split())}"
        for name in spec.parameters.get("required") or []
        if isinstance(props.get(name), dict) and props[name].get("description")
    ]
    if not said:
        return spec
    return replace(spec, description=f"{spec.description} ({'; '.join(said)})")


VARIANTS = {"plain": lambda s: s, "required": with_required}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the bfcl-eval wheel")
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS))
    args = parser.parse_args()
    model = LocalModel()
    todo = list(cases(args.data))
    refused: dict[tuple[str, bool], int] = {}
    t0 = time.perf_counter()
    for case in todo:
        verdicts = []
        for variant in args.variants:
            spec = VARIANTS[variant](case.spec)
            no = False
            for request in screen_requests(case.task, spec):
                model.forget()  # each question on an empty cache, as the harness runs items
                if says_no(model.complete(request)):
                    no = True
                    break
            refused[variant, case.fits] = refused.get((variant, case.fits), 0) + no
            verdicts.append(f"{variant}={'no' if no else 'yes'}")
        kind = "right" if case.fits else "none fits"
        print(f"{case.item_id:28} {kind:9} {case.spec.name:32} {' '.join(verdicts)}", flush=True)
    right = sum(c.fits for c in todo)
    print(f"\n{len(todo)} cases in {time.perf_counter() - t0:.0f} s")
    print(f"{'variant':10} {'right calls refused':>20} {'none-fits refused':>18}")
    for variant in args.variants:
        print(
            f"{variant:10} {refused.get((variant, True), 0):>13}/{right:<6}"
            f" {refused.get((variant, False), 0):>11}/{len(todo) - right}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
