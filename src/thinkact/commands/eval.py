"""`thinkact eval SUITE --data PATH`: measure an agent on GSM8K, HotpotQA or BFCL.

    thinkact eval gsm8k --data PATH/gsm8k/train.jsonl --limit 50
    thinkact eval hotpotqa --data PATH/hotpotqa/dev_distractor_50.jsonl --agent seed
    thinkact eval bfcl:simple,parallel --data bfcl_eval-2026.3.23-py3-none-any.whl --limit 100
    thinkact eval legal --data bench/legal_set --split heldout
    thinkact eval gsm8k --data PATH/gsm8k/train.jsonl --jobs 8 --executor ray

Results go to --out as they come (results.jsonl, summary.json, traces/); --resume continues
an interrupted run in the same folder.
"""

from __future__ import annotations

import argparse
import re
from typing import Any

from thinkact.commands.common import add_model_options


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "eval",
        help="evaluate an agent on GSM8K, HotpotQA or BFCL",
        description="Run an agent over a benchmark and score it: accuracy with a 95% "
        "Wilson interval, parse failures, steps, tokens and seconds per item.",
    )
    parser.add_argument(
        "suite",
        help="gsm8k, hotpotqa, bfcl (all categories) or bfcl:CATEGORY[,CATEGORY] with "
        "categories simple, multiple, parallel, parallel_multiple, irrelevance, live_*, or "
        "the multi-turn sessions multi_turn_base, multi_turn_miss_func, multi_turn_miss_param, "
        "multi_turn_long_context (run apart); "
        "legal (the review, on a folder with an answers.json key)",
    )
    parser.add_argument("--data", required=True, metavar="PATH", help="the suite's data file")
    add_model_options(parser)
    parser.add_argument(
        "--agent",
        choices=["thinkact", "seed", "pev"],
        default="thinkact",
        help="thinkact's ReAct agent, the documents' own loop as a baseline, or "
        "Plan-Execute-Verify (not for BFCL) (default: thinkact)",
    )
    parser.add_argument("--limit", type=_count, metavar="N", help="items to run (BFCL: each)")
    parser.add_argument("--offset", type=_count, default=0, metavar="K", help="items to skip")
    parser.add_argument("--out", metavar="DIR", help="output folder (default: eval-runs/...)")
    parser.add_argument("--resume", action="store_true", help="continue the run in --out")
    parser.add_argument("--seed", type=int, default=0, help="sampling seed (default: 0)")
    parser.add_argument("--max-steps", type=_count, metavar="N", help="steps per item")
    parser.add_argument(
        "--jobs",
        type=_count,
        default=1,
        metavar="N",
        help="items run at once (default 1); the embedded model gets an engine per job, "
        "so on 2 cores use --jobs 2 with THINKACT_THREADS=1",
    )
    parser.add_argument(
        "--executor",
        choices=["local", "ray"],
        default="local",
        help="local: --jobs threads here; ray: --jobs workers on a Ray cluster (thinkact[ray])",
    )
    parser.add_argument(
        "--ray-address",
        metavar="ADDR",
        help="the Ray cluster to join (default: $RAY_ADDRESS, else a local one started here)",
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    parser.add_argument(
        "--split",
        metavar="S[,S]",
        help="legal: the answer key's splits to run: dev, heldout, fresh, real (default: all)",
    )
    parser.add_argument(
        "--judge",
        choices=["auto", "stepwise", "verdict"],
        default="auto",
        help="legal: how the model judges each clause (default: by model)",
    )
    parser.set_defaults(func=run)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, got {value}")
    return value


def run(args: argparse.Namespace) -> int:
    import datetime
    import random
    from pathlib import Path

    from thinkact.apps.eval import Harness, get_suite, load_items
    from thinkact.commands.common import make_console
    from thinkact.errors import UserError
    from thinkact.models import resolve_model

    if args.jobs < 1:
        raise UserError("--jobs must be 1 or more")
    if args.suite == "legal":
        if args.executor != "local":
            raise UserError("eval legal reviews documents here; --executor ray is for the others")
        return _run_legal(args)
    suite = get_suite(args.suite)
    if args.agent == "pev" and args.suite.startswith("bfcl"):
        raise UserError("--agent pev runs whole tasks; BFCL's one-turn items need thinkact")
    if args.max_steps is not None and hasattr(suite, "max_steps"):
        suite.max_steps = args.max_steps
    data = Path(args.data).resolve()  # items may name it, and Ray workers run elsewhere
    items = load_items(suite, data, offset=args.offset, limit=args.limit)
    random.seed(args.seed)  # retry jitter and anything else drawn from `random`
    model = resolve_model(args.model)
    if hasattr(model, "seed"):  # the embedded model samples with its own seed
        model.seed = args.seed
    text_model = not model.native_tools
    if args.format == "auto" and args.agent == "thinkact" and suite.format and text_model:
        args.format = suite.format  # the suite's best text format (GSM8K: code)
    fmt = "xml-seed" if args.agent == "seed" else args.format
    out = Path(args.out or f"eval-runs/{_slug(args.suite)}_{args.agent}_{_slug(fmt)}")
    spec = {
        "suite": args.suite,
        "data": str(data.resolve()),
        "model": model.name,
        "format": fmt,
        "agent": args.agent,
        "offset": args.offset,
        "limit": args.limit,
        "seed": args.seed,
        "jobs": args.jobs,  # items at once: seconds per item include their contention
        "started": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
    }
    solver = _solver(args, model)  # both solvers decode at temperature 0
    console = make_console(stderr=True)
    forget = getattr(model, "forget", None)  # the local model's KV cache, per item
    executor = factory = None
    if args.executor == "ray":  # each worker makes its own model where it runs
        from thinkact.apps.eval.remote import EvalWorkers
        from thinkact.batch.ray_executor import RayExecutor

        executor = RayExecutor(args.jobs, address=args.ray_address)
        factory = EvalWorkers(
            args.suite, model.name, args.agent, args.format, args.seed, args.max_steps
        )
        helpers = []
    else:
        helpers = [_worker(args, model) for _ in range(args.jobs - 1)]
    harness = Harness(
        suite,
        solver,
        out,
        spec=spec,
        resume=args.resume,
        fresh=forget,
        helpers=helpers,
        executor=executor,
        factory=factory,
    )
    if args.quiet:
        summary = harness.run(items)
    else:
        summary = _with_progress(harness, items, console, args.suite)
    _print_summary(console, summary, out)
    return 0


def _run_legal(args: argparse.Namespace) -> int:
    from pathlib import Path

    from rich.markup import escape

    from thinkact.apps.legal.evaluate import LegalEval, parse_splits
    from thinkact.apps.legal.workflow import make_judge
    from thinkact.commands.common import make_console
    from thinkact.errors import UserError
    from thinkact.models import resolve_model

    data = Path(args.data)
    if not (data / "answers.json").is_file():
        raise UserError(f"{data} has no answers.json: give the folder of the labelled set")
    try:
        splits = parse_splits(args.split)
    except ValueError as e:
        raise UserError(str(e)) from None
    model = resolve_model(args.model)
    out = Path(args.out or f"eval-runs/legal_{_slug(args.split or 'all')}_{_slug(model.name)}")
    console = make_console(stderr=True)
    run = LegalEval(data, out, make_judge(model, args.judge), splits, args.limit, args.offset)

    def show(review: Any) -> None:
        if args.quiet:
            return
        found = ", ".join(f"{f.severity} {f.item} ({f.verdict})" for f in review.findings())
        state = f"not reviewed: {review.error}" if review.error else found or "no findings"
        console.print(f"{escape(review.document)} [{review.seconds:.0f} s] {escape(state)}")

    try:
        result = run.run(resume=args.resume, on_document=show)
    except ValueError as e:
        raise UserError(f"{data}/answers.json: {e}") from None
    console.print(result.render(), markup=False, highlight=False)
    console.print(f"results: {out}/results.jsonl, summary: {out}/summary.md")
    return 0


def _worker(args: argparse.Namespace, model: Any) -> Any:
    """Another job's solver: the embedded model needs an engine of its own (one engine
    serves one call at a time); API clients are shared."""
    from thinkact.apps.eval import Worker
    from thinkact.models.local import LocalModel

    if isinstance(model, LocalModel):
        model = model.separate()
    return Worker(_solver(args, model), getattr(model, "forget", None))


def _solver(args: argparse.Namespace, model: Any) -> Any:
    from thinkact.apps.eval.remote import make_solver

    return make_solver(args.agent, model, args.format)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-") or "run"


def _with_progress(harness: Any, items: Any, console: Any, title: str) -> Any:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("acc {task.fields[acc]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
    )
    state = {"done": 0, "correct": 0.0}
    task_id = progress.add_task(title, total=len(items), acc="-")

    def on_start(total: int, already: int) -> None:
        progress.update(task_id, total=total, completed=already)

    def on_result(result: Any) -> None:
        state["done"] += 1
        state["correct"] += 1.0 if result.score >= 1.0 else 0.0
        acc = f"{state['correct'] / state['done']:.0%}"
        progress.update(task_id, advance=1, acc=acc)

    with progress:
        return harness.run(items, on_start=on_start, on_result=on_result)


def _print_summary(console: Any, summary: dict[str, Any], out: Any) -> None:
    from rich.table import Table

    table = Table(title=f"{summary['suite']} · {summary['agent']} · {summary['format']}")
    for column in ("set", "N", "accuracy (95% CI)", "parse fail", "steps", "tok in/out", "s/item"):
        table.add_column(column)
    rows = [("all", summary), *summary.get("groups", {}).items()]
    for name, s in rows:
        low, high = s["ci95"]
        table.add_row(
            name,
            str(s["n"]),
            f"{s['accuracy']:.1%} ({low:.1%}–{high:.1%})",
            f"{s['parse_failure_rate']:.1%}",
            f"{s['mean_steps']:.2f}",
            f"{s['tokens_in']}/{s['tokens_out']}",
            f"{s['seconds_per_item']:.1f}",
        )
    console.print(table)
    extra = ", ".join(f"{k} {v:.3f}" for k, v in summary.get("metrics", {}).items())
    if extra:
        console.print(f"metrics: {extra}")
    console.print(f"results: {out}/results.jsonl, summary: {out}/summary.json")
