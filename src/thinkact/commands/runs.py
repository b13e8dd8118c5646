"""`thinkact runs`: the runs in the run store.

thinkact runs                          the latest runs, newest first
thinkact runs show RUN                 one run, event by event (RUN: id, prefix or last)
thinkact runs export RUN --jsonl FILE  its events as JSON lines
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from thinkact.store import RunRecord, RunStore

STATUS_STYLES = {
    "done": "green",
    "running": "cyan",
    "stopped": "yellow",
    "failed": "red",
    "killed": "red",
    "interrupted": "magenta",
}


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "runs",
        help="list, show and export recorded runs",
        description="The runs recorded in the run store. Without a subcommand: list them.",
    )
    _db_option(parser)
    parser.add_argument("--limit", type=int, default=20, metavar="N", help="runs to list")
    parser.add_argument("--status", help="only runs with this status (done, stopped, ...)")
    sub = parser.add_subparsers(dest="runs_command", metavar="SUBCOMMAND")
    show = sub.add_parser("show", help="print one run event by event")
    show.add_argument("run", help="run id, a unique prefix of one, or `last`")
    show.add_argument("--json", action="store_true", help="print the events as JSON lines")
    _db_option(show)
    export = sub.add_parser("export", help="write one run's events as JSON lines")
    export.add_argument("run", help="run id, a unique prefix of one, or `last`")
    export.add_argument("--jsonl", required=True, metavar="FILE", help="file to write")
    _db_option(export)
    parser.set_defaults(func=run)


def _db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        default=argparse.SUPPRESS,
        metavar="FILE",
        help="run store file (default: $THINKACT_HOME/runs.db, else "
        "~/.local/share/thinkact/runs.db)",
    )


def run(args: argparse.Namespace) -> int:
    from thinkact.commands.common import make_console, open_store

    store = open_store(argparse.Namespace(db=getattr(args, "db", None)))
    assert store is not None
    console = make_console()
    command = getattr(args, "runs_command", None)
    if command == "show":
        return show(store, args.run, console, as_json=args.json)
    if command == "export":
        from thinkact.errors import UserError

        record = store.get(args.run)
        try:
            n = store.export_jsonl(record.id, args.jsonl)
        except OSError as e:
            raise UserError(f"cannot write {args.jsonl}: {e.strerror or e}") from None
        console.print(f"wrote {n} events of run {record.id} to {args.jsonl}", highlight=False)
        return 0
    return list_runs(store, console, limit=args.limit, status=args.status)


def list_runs(store: RunStore, console: Console, *, limit: int, status: str | None) -> int:
    from rich.table import Table
    from rich.text import Text

    records = store.runs(limit=limit, status=status)
    if not records:
        console.print(f"no runs in {store.path}", highlight=False)
        return 0
    wide = console.width >= 110  # else STARTED and TASK are left to `runs show`
    table = Table(box=None, header_style="bold", pad_edge=False)
    table.add_column("RUN", no_wrap=True)
    table.add_column("STATUS", no_wrap=True)
    table.add_column("MODEL", no_wrap=True, overflow="ellipsis", max_width=28 if wide else 20)
    for name in ("STEPS", "TOKENS", "COST", "DURATION"):
        table.add_column(name, justify="right", no_wrap=True)
    if wide:
        table.add_column("STARTED", no_wrap=True)
        table.add_column("TASK", min_width=12, max_width=60)
    for r in records:
        state = r.live_status
        row: list[str | Text] = [
            r.id,
            Text(state, style=STATUS_STYLES.get(state, "")),
            short_model(r.model),
            str(r.steps),
            f"{r.tokens:,}",
            cost_text(r.cost),
            duration_text(r),
        ]
        if wide:
            row += [started_text(r.started), _one_line(r.task, 120)]
        table.add_row(*row)
    console.print(table)
    return 0


def show(store: RunStore, run_id: str, console: Console, *, as_json: bool) -> int:
    from rich.text import Text

    from thinkact.store import event_from_dict

    record = store.get(run_id)
    if as_json:
        for d in store.events(record.id):
            sys.stdout.write(json.dumps(d, ensure_ascii=False) + "\n")
        return 0
    state = record.live_status
    header = Text(f"run {record.id}  ", style="bold")
    header.append(state, style=STATUS_STYLES.get(state, ""))
    header.append(f"  {record.model} ({record.format})  {record.steps} steps", style="dim")
    header.append(f"  {record.tokens:,} tokens  {cost_text(record.cost)}", style="dim")
    console.print(header)
    now = [record.started]  # the reporter times the run by the stored clock, not ours
    reporter = _console_reporter(console, lambda: now[0])
    for ts, d in store.timed_events(record.id):
        now[0] = ts
        event = event_from_dict(d)
        if reporter is not None and event is not None:
            reporter(event)
        elif d.get("kind") != "checkpoint":  # checkpoints are for resuming, not reading
            fields = {k: v for k, v in d.items() if k != "kind"}
            console.print(
                Text(f"{d.get('kind')}: {_one_line(fields, 200)}", style="dim"), highlight=False
            )
    if state in ("killed", "interrupted", "failed"):
        console.print(Text(f"continue it with: thinkact resume {record.id}", style="yellow"))
    return 0


def _console_reporter(console: Console, clock: Callable[[], float]) -> Any:
    """The console UI's reporter, when the UI is installed (else plain lines are shown)."""
    try:
        from thinkact.ui.console import ConsoleReporter
    except ImportError:
        return None
    return ConsoleReporter(console, clock=clock)


def short_model(model: str) -> str:
    """`scripted:/long/path/demo.json` -> `scripted:demo.json`; other strings unchanged."""
    provider, _, rest = model.partition(":")
    if provider == "scripted" and rest:
        return f"scripted:{Path(rest).name}"
    return model


def started_text(started: float) -> str:
    """`14:05` today, `11-29` before."""
    day = time.strftime("%Y-%m-%d", time.localtime(started))
    same_day = day == time.strftime("%Y-%m-%d")
    return time.strftime("%H:%M" if same_day else "%m-%d", time.localtime(started))


def cost_text(cost: float | None) -> str:
    return "-" if cost is None else f"${cost:.4f}"


def duration_text(r: RunRecord) -> str:
    if r.duration is not None:
        return f"{r.duration:.1f}s"
    return "-"


def _one_line(value: Any, limit: int) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
