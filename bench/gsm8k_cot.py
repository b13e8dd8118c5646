"""GSM8K without the agent: what the embedded model does when asked plainly.

    python bench/gsm8k_cot.py [--limit 50] [--offset 0] [--out bench/runs/gsm8k-cot.jsonl]

Each item is one plain request ("solve it step by step, end with #### N"), no tools, no
format. The coding model answers with a plan and a Python program, then writes the
program's output itself. Printed: how often its own final number is right, and how often
the number its program prints is right when the program is run for real, by thinkact's
calculator (which reads such programs through its whitelisted AST; nothing is `exec`ed).
Resumable: items already in --out are not asked again.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from pathlib import Path

from thinkact.apps.eval.gsm8k import gold_number, numbers_equal
from thinkact.errors import ToolRetry
from thinkact.models import resolve_model
from thinkact.tools.calculator import calculator
from thinkact.types import ModelRequest, SystemMessage, UserMessage

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "gsm8k" / "train.jsonl"
ASK = "\nSolve it step by step, then give the final number on the last line as '#### N'."
_PROGRAM = re.compile(r"```python\n(.*?)```", re.DOTALL)


def program_output(text: str) -> str | None:
    """The last value of the reply's Python blocks, run by the calculator (None if the
    reply has no program or the calculator cannot read it)."""
    blocks = _PROGRAM.findall(text)
    if not blocks:
        return None
    try:
        return calculator.call({"expression": "\n".join(blocks)}).splitlines()[-1]
    except ToolRetry:
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--offset", type=int, default=0)
    parser.add_argument("--model", default="local")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "runs" / "gsm8k-cot.jsonl")
    args = parser.parse_args()
    rows = args.data.read_text(encoding="utf-8").splitlines()
    done = {}
    if args.out.exists():
        done = {
            json.loads(line)["n"]: json.loads(line) for line in args.out.read_text().splitlines()
        }
    model = None
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("a", encoding="utf-8") as out:
        for n in range(args.offset, args.offset + args.limit):
            if n in done:
                continue
            model = model or resolve_model(args.model)
            row = json.loads(rows[n])
            t = time.monotonic()
            reply = model.complete(
                ModelRequest(
                    messages=(
                        SystemMessage("You are a helpful assistant."),
                        UserMessage(row["question"] + ASK),
                    ),
                    max_tokens=600,
                )
            )
            gold = gold_number(row["answer"])
            done[n] = {
                "n": n,
                "gold": gold,
                "text": reply.text,
                "s": round(time.monotonic() - t, 1),
            }
            out.write(json.dumps(done[n]) + "\n")
            out.flush()
    items = [done[n] for n in range(args.offset, args.offset + args.limit) if n in done]
    own = sum(numbers_equal(r["text"], r["gold"]) for r in items)
    ran = [(r, program_output(r["text"])) for r in items]
    unread = sum(1 for r, printed in ran if printed is None and _PROGRAM.search(r["text"]))
    executed = sum(
        numbers_equal(printed if printed is not None else r["text"], r["gold"])
        for r, printed in ran
    )
    n = len(items)
    print(f"GSM8K items {args.offset}..{args.offset + n - 1} (N={n}), model {args.model}")
    print(f"  its own final number:            {own}/{n} = {own / max(n, 1):.0%}")
    print(f"  its program run by the calculator: {executed}/{n} = {executed / max(n, 1):.0%}")
    print(f"  (programs the calculator could not read: {unread}; for those, its own number)")
    print(f"  seconds per item: {sum(r['s'] for r in items) / max(n, 1):.1f}")


if __name__ == "__main__":
    main()
