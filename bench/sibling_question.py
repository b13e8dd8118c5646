"""One function or several? A question for replies that call sibling functions.

On BFCL `multiple` the embedded model's most common miss (19 of thinkact's 38 on the
table's items at `5e77d7a`) is calling the asked-for function *and* its siblings: capital,
largest city and population for "the capital of Brazil". Screening asks about each call
alone and passes all of them. This script asks, outside the loop, one multiple-choice
question about the functions of held-out items (none in bench/RESULTS.md): the request and
the functions, answered (under a grammar) with one function's name or "several". Right
means: the gold function on `multiple` items (one call asked for), "several" on
`parallel_multiple` items whose gold calls use two or more functions.

    .venv/bin/python bench/sibling_question.py --data /tmp/bfcl/bfcl_eval-*.whl
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from thinkact.apps.eval.bfcl import Bfcl, function_tools, tool_name
from thinkact.formats.grammar import literal
from thinkact.models.local import LocalModel
from thinkact.types import ModelRequest, SystemMessage, ToolSpec, UserMessage

CASES = {"multiple": range(100, 120), "parallel_multiple": range(100, 120)}
SEVERAL = "several"

WORDINGS = {
    "one-or-several": (
        "A user asks: {task}\n\nFunctions:\n{functions}\n\nDoes the request ask for what "
        "just one of these functions does? If so, answer with that function's name. If it "
        'asks for several different things that need several of them, answer "several".'
    ),
    "needs": (
        "Request: {task}\n\nFunctions:\n{functions}\n\nWhich of these functions does the "
        'request need? Answer with the name of the one it needs, or "several" if it needs '
        "more than one of them."
    ),
}


@dataclass(frozen=True)
class Case:
    category: str
    item_id: str
    task: str
    specs: tuple[ToolSpec, ...]
    expected: str  # a function's name, or SEVERAL


def cases(data: Path) -> Iterator[Case]:
    for category, indexes in CASES.items():
        items = list(Bfcl([category]).load_category(data, category))
        for i in indexes:
            item = items[i]
            specs = tuple(t.spec for t in function_tools(item.data["functions"]))
            gold = {tool_name(next(iter(call))) for call in item.gold}
            expected = SEVERAL if len(gold) > 1 else next(iter(gold))
            if category == "parallel_multiple" and expected != SEVERAL:
                continue  # one function called several times: not a sibling question
            yield Case(category, item.id, item.question, specs, expected)


def request(wording: str, case: Case) -> ModelRequest:
    listed = "\n".join(f"- {s.name}: {' '.join(s.description.split())}" for s in case.specs)
    choices = [*(s.name for s in case.specs), SEVERAL]
    return ModelRequest(
        messages=(
            SystemMessage("You are a careful assistant."),
            UserMessage(WORDINGS[wording].format(task=case.task, functions=listed)),
        ),
        max_tokens=24,
        grammar="root ::= " + " | ".join(literal(c) for c in choices),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the bfcl-eval wheel")
    parser.add_argument("--wordings", nargs="*", default=list(WORDINGS))
    args = parser.parse_args()
    model = LocalModel()
    todo = list(cases(args.data))
    right: dict[tuple[str, str], int] = {}
    t0 = time.perf_counter()
    for case in todo:
        said = []
        for wording in args.wordings:
            model.forget()  # each question on an empty cache, as the harness runs items
            answer = model.complete(request(wording, case)).text.strip()
            key = (wording, case.category)
            right[key] = right.get(key, 0) + (answer == case.expected)
            said.append(f"{wording}={answer}{'' if answer == case.expected else ' (wrong)'}")
        print(f"{case.item_id:24} want {case.expected:32} {' '.join(said)}", flush=True)
    print(f"\n{len(todo)} cases in {time.perf_counter() - t0:.0f} s")
    for wording in args.wordings:
        parts = []
        for category in CASES:
            n = sum(c.category == category for c in todo)
            parts.append(f"{category} {right.get((wording, category), 0)}/{n}")
        print(f"{wording:16} " + ", ".join(parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
