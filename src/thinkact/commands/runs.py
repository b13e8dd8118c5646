"""`thinkact runs`: the runs in the run store.

thinkact runs                          the latest runs, newest first: task and date
thinkact runs show RUN                 one run, event by event (RUN: id, prefix or last)
thinkact runs html RUN -o trace.html   one run as a page to open in a browser (no network)
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
    show.add_argument("--html", action="store_true", help="write it as an HTML page instead")
    _html_output(show)
    _db_option(show)
    page = sub.add_parser(
        "html",
        help="write one run as a self-contained HTML page",
        description="One run as a single HTML file that needs no network: a timeline of its "
        "steps, reasoning, actions, observations, errors, tokens, cost and time, and a "
        "search box.",
    )
    page.add_argument("run", help="run id, a unique prefix of one, or `last`")
    _html_output(page)
    _db_option(page)
    export = sub.add_parser("export", help="write one run's events as JSON lines")
    export.add_argument("run", help="run id, a unique prefix of one, or `last`")
    export.add_argument("--jsonl", required=True, metavar="FILE", help="file to write")
    _db_option(export)
    parser.set_defaults(func=run)


def _html_output(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="the HTML file to write (default: thinkact-run-ID.html here; - for stdout)",
    )


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
    if command == "html" or (command == "show" and (args.html or args.output)):
        return write_page(store, args.run, args.output, console)
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
    from rich.cells import cell_len
    from rich.table import Table
    from rich.text import Text

    records = store.runs(limit=limit, status=status)
    if not records:
        console.print(f"no runs in {store.path}", highlight=False)
        return 0
    wide = console.width >= 110  # else MODEL, COST and DURATION are left to `runs show`
    headers = ["RUN", "STATUS", *(["MODEL"] if wide else []), "STEPS", "TOKENS"]
    headers += [*(["COST", "DURATION"] if wide else []), "STARTED"]
    rows: list[list[str | Text]] = []
    for r in records:
        state = r.live_status
        row: list[str | Text] = [r.id, Text(state, style=STATUS_STYLES.get(state, ""))]
        if wide:
            row.append(short_model(r.model)[:28])
        row += [str(r.steps), f"{r.tokens:,}"]
        if wide:
            row += [cost_text(r.cost), duration_text(r)]
        rows.append([*row, started_text(r.started)])
    # The task, on one line, takes the room the other columns leave (two spaces apart).
    widths = [max(cell_len(str(c)) for c in column) for column in zip(headers, *rows, strict=True)]
    room = max(8, console.width - sum(widths) - 2 * len(widths))
    table = Table(box=None, header_style="bold", pad_edge=False)
    for name in headers:
        right = name in ("STEPS", "TOKENS", "COST", "DURATION")
        table.add_column(name, justify="right" if right else "left", no_wrap=True)
    table.add_column("TASK", no_wrap=True)
    for r, row in zip(records, rows, strict=True):
        task = Text(_one_line(r.task, 400))
        task.truncate(room, overflow="ellipsis")
        table.add_row(*row, task)
    console.print(table)
    return 0


def write_page(store: RunStore, run_id: str, output: str | None, console: Console) -> int:
    """`runs html`: the run as one self-contained HTML page (see thinkact.ui.html)."""
    from thinkact.errors import UserError
    from thinkact.ui.html import trace_html, write_html

    record = store.get(run_id)
    page = trace_html(record, store.timed_events(record.id))
    if output == "-":
        sys.stdout.write(page)
        return 0
    path = output or f"thinkact-run-{record.id}.html"
    try:
        written = write_html(page, path)
    except OSError as e:
        raise UserError(f"cannot write {path}: {e.strerror or e}") from None
    message = f"wrote run {record.id} to {written} (open it in a browser)"
    console.print(message, highlight=False, soft_wrap=True)
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
    return ConsoleReporter(console, clock=clock, live=False)  # a stored run: nothing to wait for


def short_model(model: str) -> str:
    """`scripted:/long/path/demo.json` -> `scripted:demo.json`; other strings unchanged."""
    provider, _, rest = model.partition(":")
    if provider == "scripted" and rest:
        return f"scripted:{Path(rest).name}"
    return model


def started_text(started: float, now: float | None = None) -> str:
    """`today 14:05`, `Nov 29 14:05` this year, `2025-11-29` before."""
    when, today = time.localtime(started), time.localtime(now)
    if when[:3] == today[:3]:
        return time.strftime("today %H:%M", when)
    return time.strftime("%b %d %H:%M" if when[0] == today[0] else "%Y-%m-%d", when)


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
