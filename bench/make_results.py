"""Regenerate bench/RESULTS.md: thinkact against the seed baseline on the embedded model.

    python bench/make_results.py --run                  # run the plan, then write the table
    python bench/make_results.py --run --limit 10       # fewer items per suite (what fits)
    python bench/make_results.py                        # rewrite the table from finished runs

Runs go through `thinkact eval ... --resume` into bench/runs/<name>/, each under
a lock on /tmp/thinkact-model.lock so one real-model job runs at a time; an interrupted
regeneration continues where it stopped. The embedded model decodes on one thread, so a
2-core machine fits two jobs: give the second its own lock and its own share of the plan,
and each job one prompt thread (two jobs of 2 threads each are no faster than one job),

    python bench/make_results.py --run --agents thinkact --threads 1
    python bench/make_results.py --run --agents seed --threads 1 --lock /tmp/thinkact-model-2.lock

or one job that runs two items at a time: `--jobs 2 --threads 1`.

The table is built from bench/results/<run>.json, one record per run: its summary.json
and the commits its items ran at. bench/runs/ (traces, per-item lines with the data's
questions) stays on the machine that ran it; the records are committed, so a table
regenerated elsewhere keeps every row measured before (a run present in bench/runs/
refreshes its record first). Every figure in the table was measured.

Every run's per-item lines are committed too, in bench/results/items/<run>/: a run
missing from bench/runs/ starts from them, so a run can be finished over several sessions.
BFCL's data is public (the bfcl-eval wheel on PyPI) and its lines are kept whole; GSM8K's
and HotpotQA's lines keep only the item's id and its measures (score, steps, tokens,
seconds...): the prediction, gold answer and detail would carry the shared data.
"""

from __future__ import annotations

import argparse
import datetime
import fcntl
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RUNS = ROOT / "bench" / "runs"
RECORDS = ROOT / "bench" / "results"
ITEMS = RECORDS / "items"
# What a run folder needs to resume (traces stay behind: they are what a reader inspects).
RUN_FILES = ("run.json", "results.jsonl", "summary.json", "commits.txt")
DATA = ROOT.parent / "shared" / "data"
BFCL = ("simple", "multiple", "parallel", "parallel_multiple", "irrelevance")
BFCL_LIVE = tuple(f"live_{c}" for c in BFCL)
# thinkact's best measured format per run (the suite's own, see `Suite.format`); else xml.
BEST_FORMAT = {"gsm8k": "code"}


def plan(args: argparse.Namespace, *, every: bool = False) -> list[tuple[str, str, str, int]]:
    """(run name, suite, data, limit) for each suite in the issue's setting (`every`: not
    only those `--only` names, as the table shows every row)."""
    wheel = str(args.bfcl)
    out = [
        ("gsm8k", "gsm8k", str(DATA / "gsm8k" / "train.jsonl"), args.limit or 50),
        (
            "hotpotqa",
            "hotpotqa",
            str(DATA / "hotpotqa" / "dev_distractor_50.jsonl"),
            args.limit or 50,
        ),
    ]
    out += [(f"bfcl-{c}", f"bfcl:{c}", wheel, args.bfcl_limit or 100) for c in BFCL + BFCL_LIVE]
    # Multi-turn: an item is a whole session of several user turns (minutes each on 2 cores).
    out.append(("bfcl-multi_turn_base", "bfcl:multi_turn_base", wheel, args.bfcl_limit or 50))
    only = args.only or []
    return [p for p in out if every or not only or any(chosen(p[0], o, out) for o in only)]


def chosen(name: str, only: str, runs: list[tuple[str, str, str, int]]) -> bool:
    """`--only` names a run exactly, else is a prefix (`bfcl-` for every category):
    `bfcl-parallel` must not also run `bfcl-parallel_multiple`."""
    if any(r[0] == only for r in runs):
        return name == only
    return name.startswith(only)


def agents(
    args: argparse.Namespace, run: str = "", *, every: bool = False
) -> list[tuple[str, list[str]]]:
    """(label, options) per agent to run (`every`: each agent a table row may come from);
    PEV has nothing to plan on BFCL's one-turn items."""
    best = args.format or BEST_FORMAT.get(run, "xml")
    out = [(f"thinkact-{best}", ["--format", best]), ("seed", ["--agent", "seed"])]
    if (args.pev_limit or every) and not run.startswith("bfcl"):
        pev = args.format or "xml"
        out.append((f"pev-{pev}", ["--agent", "pev", "--format", pev]))
    if args.agents and not every:
        out = [a for a in out if a[0].split("-")[0] in args.agents]
    return out


def run_plan(args: argparse.Namespace) -> None:
    thinkact = shutil.which("thinkact") or str(Path(sys.executable).parent / "thinkact")
    for name, suite, data, limit in plan(args):
        for agent, options in agents(args, name):
            out = RUNS / f"{name}_{agent}"
            restore_items(out)
            if agent.startswith("pev-"):
                limit = min(limit, args.pev_limit)
            cmd = [
                thinkact,
                "eval",
                suite,
                "--data",
                data,
                "--limit",
                str(limit),
                "--out",
                str(out),
            ]
            cmd += [*options, "--model", args.model, "--seed", "0", "-q"]
            if (out / "results.jsonl").exists():
                cmd.append("--resume")
            if args.jobs > 1:
                cmd += ["--jobs", str(args.jobs)]
            env = dict(os.environ)
            if args.threads:
                env["THINKACT_THREADS"] = str(args.threads)
            with open(args.lock, "a") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)  # the commit is the code the run will import
                print("$", " ".join(cmd), flush=True)
                at, before = commit(), items_in(out)
                out.mkdir(parents=True, exist_ok=True)
                added = note_commit(out, at)  # now: the session may end while it runs
                subprocess.run(cmd, check=False, env=env)
            if items_in(out) > before:
                record(out)
            elif added:  # a run stopped before its first item measured nothing
                unnote_commit(out, at)


def restore_items(out: Path) -> None:
    """A run not on this machine starts from its committed per-item lines, if any."""
    saved = ITEMS / out.name
    if (out / "results.jsonl").exists() or not (saved / "results.jsonl").exists():
        return
    copy_run(saved, out)
    print(f"restored {items_in(out)} items of {out.name} from {saved}", flush=True)


# What a GSM8K/HotpotQA line may not keep when committed: the shared data's text.
REDACTED = ("prediction", "gold", "detail")


def save_items(out: Path) -> None:
    """Commit a run's per-item lines so another session can resume it (redacted unless BFCL)."""
    copy_run(out, ITEMS / out.name)
    if out.name.startswith("bfcl-"):
        return
    from thinkact.apps.eval import read_results  # skips a line torn by a kill

    file = ITEMS / out.name / "results.jsonl"
    kept = [{k: v for k, v in r.to_dict().items() if k not in REDACTED} for r in read_results(file)]
    file.write_text("".join(json.dumps(row) + "\n" for row in kept), encoding="utf-8")


def copy_run(source: Path, target: Path) -> None:
    """The files a run resumes from, from one folder to another."""
    target.mkdir(parents=True, exist_ok=True)
    for name in RUN_FILES:
        if (source / name).exists():
            shutil.copy2(source / name, target / name)


def items_in(out: Path) -> int:
    file = out / "results.jsonl"
    return len(file.read_text().splitlines()) if file.exists() else 0


def note_commit(out: Path, at: str) -> bool:
    """The commit(s) a run's items were measured at (a resumed run may span several);
    True if `at` is new."""
    file = out / "commits.txt"
    seen = file.read_text().split() if file.exists() else []
    if at in seen:
        return False
    file.write_text(" ".join([*seen, at]) + "\n")
    return True


def unnote_commit(out: Path, at: str) -> None:
    file = out / "commits.txt"
    kept = [c for c in file.read_text().split() if c != at]
    file.write_text(" ".join(kept) + "\n" if kept else "")


def record(out: Path) -> Path | None:
    """Refresh the committed record of a run in bench/runs/ (None: it measured nothing)."""
    file = out / "summary.json"
    if not file.exists():
        return None
    s = json.loads(file.read_text())
    if not s.get("n"):
        return None
    commits = out / "commits.txt"
    s["commits"] = commits.read_text().split() if commits.exists() else []
    RECORDS.mkdir(parents=True, exist_ok=True)
    target = RECORDS / f"{out.name}.json"
    # A run started afresh (bench/runs/ is not committed) must not replace a larger record
    # until it has measured as many items: a session may end halfway.
    save_items(out)  # a partial run, too, resumes from these next time
    kept = json.loads(target.read_text()) if target.exists() else {}
    if int(kept.get("n") or 0) > int(s["n"]):
        print(f"kept {target.name}: N={kept['n']} recorded, this run has {s['n']} so far")
        return target
    target.write_text(json.dumps(s, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return target


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
        ).stdout.strip()
    except OSError:
        return "unknown"


def table(summaries: list[dict[str, Any]]) -> str:
    head = (
        "| suite | agent | N | accuracy (95% CI) | extra | parse failures | steps "
        "| tokens in / out per item | s / item | commit |\n"
        "|---|---|---|---|---|---|---|---|---|---|\n"
    )
    rows = []
    for s in summaries:
        n = int(s["n"])
        low, high = s["ci95"]
        metrics = s.get("metrics") or {}
        extra = ", ".join(f"{k} {v:.2f}" for k, v in metrics.items())
        per = max(n, 1)
        rows.append(
            f"| {s['suite']} | {s['label']} | {n} | {s['accuracy']:.0%} ({low:.0%}–{high:.0%}) "
            f"| {extra or '–'} | {s['parse_failure_rate']:.0%} | {s['mean_steps']:.2f} "
            f"| {int(s['tokens_in']) // per} / {int(s['tokens_out']) // per} "
            f"| {s['seconds_per_item']:.1f} | {', '.join(s.get('commits') or ['–'])} |"
        )
    return head + "\n".join(rows) + "\n"


def legal_section() -> str:
    """The legal review on the labelled set (bench/legal_review.md, hand-kept), then plain
    ReAct against Plan-Execute-Verify on the examples (bench/legal_patterns.py)."""
    review = ROOT / "bench" / "legal_review.md"
    head = "\n" + review.read_text(encoding="utf-8") if review.exists() else ""
    file = ROOT / "bench" / "legal_patterns.md"
    if not file.exists():
        return head
    return head + (
        "\n## Legal review of examples/legal_docs: ReAct against Plan-Execute-Verify\n\n"
        "Measured by `python bench/legal_patterns.py` (embedded model; findings as counted "
        "in the LEGAL_NOTICES.md each wrote; 'work' is turns for ReAct, verified plan steps "
        "for PEV).\n\n" + file.read_text(encoding="utf-8")
    )


def notes_section() -> str:
    """Hand-measured notes kept in bench/results_notes.md (experiments, why a setting won)."""
    file = ROOT / "bench" / "results_notes.md"
    return "\n" + file.read_text(encoding="utf-8") if file.exists() else ""


def write_results(args: argparse.Namespace) -> Path:
    summaries = []
    models = set()
    for name, _, _, _ in plan(args, every=True):
        for agent, _ in agents(args, name, every=True):
            run = f"{name}_{agent}"
            file = record(RUNS / run) or RECORDS / f"{run}.json"
            if not file.exists():
                continue
            s = json.loads(file.read_text())
            s["label"] = agent
            models.add(str(s.get("model")))
            summaries.append(s)
    today = datetime.date.today().isoformat()
    formats = args.format or "GSM8K `code` (asked plainly), the others `xml` with its grammar"
    text = f"""# Results

Generated by `python bench/make_results.py` on {today}, commit `{commit()}`; each row
names the commit(s) its items ran at.
Machine: {machine()}. Model: {", ".join(sorted(models)) or "-"} (temperature 0, seed 0).

thinkact (`--agent thinkact`, in each suite's best format: {formats}) against the seed
baseline (`--agent seed`: the documents' XML loop, regex parse, free-running generation, abort
on the first parse failure) and, where a `pev-` row shows, Plan-Execute-Verify
(`--agent pev`: a plan, one bounded ReAct sub-run per step, checks, re-plans). Accuracy is
exact (GSM8K: the number; HotpotQA: exact match, with token F1 as extra; BFCL: BFCL's AST
rules); the interval is a 95% Wilson interval. N is the number of items actually run; rows
missing from the plan were not run. Seconds are wall time per item and include any CPU
contention on the machine at the time.

{table(summaries) if summaries else "(no finished runs yet)"}
{legal_section()}{notes_section()}"""
    target = ROOT / "bench" / "RESULTS.md"
    target.write_text(text, encoding="utf-8")
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", action="store_true", help="run (or resume) the evaluations")
    parser.add_argument("--model", default="local")
    parser.add_argument("--format", help="thinkact's format (default: each suite's best)")
    parser.add_argument("--limit", type=int, help="items for GSM8K and HotpotQA (default 50)")
    parser.add_argument("--bfcl-limit", type=int, help="items per BFCL category (default 100)")
    parser.add_argument(
        "--pev-limit", type=int, default=0, help="also run Plan-Execute-Verify on N items"
    )
    parser.add_argument(
        "--bfcl", default="/tmp/bfcl/bfcl_eval-2026.3.23-py3-none-any.whl", help="the wheel"
    )
    parser.add_argument("--only", nargs="*", help="run names to include (prefixes)")
    parser.add_argument(
        "--agents", nargs="*", choices=("thinkact", "seed", "pev"), help="agents to run"
    )
    parser.add_argument("--lock", default="/tmp/thinkact-model.lock", help="one job per lock")
    parser.add_argument(
        "--jobs", type=int, default=1, help="items a run takes at once (`thinkact eval --jobs`)"
    )
    parser.add_argument(
        "--threads", type=int, help="prompt threads per job ($THINKACT_THREADS; 1 for 2 jobs)"
    )
    args = parser.parse_args()
    if args.run:
        run_plan(args)
    print(f"wrote {write_results(args)}")


if __name__ == "__main__":
    main()
