"""The progress tracker: a live panel of a workflow's steps, or plain lines without a terminal.

    ╭─ Legal review ───────────────────────────────╮
    │ ✅ Scan folder                                │
    │ 🔄 Review documents                           │
    │ ⏳ Write LEGAL_NOTICES.md                     │
    │ Action    read_file(path="contract_v1.pdf")   │
    │ Document  contract_v1.pdf (1 of 3)            │
    │ Turn 3/20 · 12.3 s · 4,567 tokens             │
    ╰───────────────────────────────────────────────╯

Driven only by events (the agent never prints); the state lives in `Workflow`. Step names,
actions and document names may come from a run: they are made `printable`, and what is
printed goes through `Sanitized` (see `sanitize`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import PurePath

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from thinkact.events import Event, RunFinished, RunStarted
from thinkact.ui.sanitize import Sanitized, printable
from thinkact.ui.workflow import Workflow

ICONS = {"pending": "⏳", "active": "🔄", "done": "✅"}
_STYLES = {"pending": "dim", "active": "bold", "done": "green"}


def render_workflow(state: Workflow, title: str = "Progress") -> Panel:
    """The panel for one moment of a workflow."""
    steps = Table.grid(padding=(0, 1))
    for i, name in enumerate(state.steps):
        status = state.status(i)
        steps.add_row(ICONS[status], Text(printable(name), style=_STYLES[status]))
    info = Table.grid(padding=(0, 2))
    info.add_column(style="dim")
    if state.action:
        info.add_row("Action", Text(printable(state.action)))
    position = state.document_position
    if position is not None and state.reading is not None:
        name = PurePath(state.reading).name
        info.add_row("Document", Text(printable(f"{name} ({position[0]} of {position[1]})")))
    elif state.documents:
        info.add_row("Documents", Text(f"{len(state.read)} of {len(state.documents)} read"))
    totals = [f"{state.elapsed:.1f} s", f"{state.usage.total_tokens:,} tokens"]
    if state.turn:
        totals.insert(0, f"Turn {state.turn}/{state.max_turns}")
    if state.reason is not None:
        totals.insert(0, f"Finished ({state.reason})")
    parts: list[Table | Text] = [steps] if state.steps else []
    if info.row_count:
        parts.append(info)
    parts.append(Text(" · ".join(totals), style="dim"))
    return Panel(Group(*parts), title=title, title_align="left", expand=False)


class ProgressTracker:
    """A Reporter showing a workflow's progress.

    On a terminal: a rich Live panel from `RunStarted` to `RunFinished`. Elsewhere (pipes,
    CI logs, `live=False`): one plain line per transition, prefixed by the elapsed time.
    Call `close()` (or use it as a context manager) if a run may end by an exception.
    """

    def __init__(
        self,
        console: Console,
        steps: Sequence[str] = (),
        *,
        documents: Sequence[str] = (),
        title: str = "Progress",
        live: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.console = console
        self.state = Workflow(steps, documents=documents, clock=clock)
        self.title = title
        self.live = console.is_terminal if live is None else live
        self._live: Live | None = None
        self._lock = threading.Lock()  # Live refreshes from its own thread

    def _render(self) -> RenderableType:
        with self._lock:
            return Sanitized(render_workflow(self.state, self.title))

    def __call__(self, event: Event) -> None:
        with self._lock:
            lines = self.state.apply(event)
        if not self.live:
            for line in lines:
                self.console.print(
                    Sanitized(Text(printable(f"[{self.state.elapsed:6.1f}s] {line}")))
                )
            return
        if isinstance(event, RunStarted) and self._live is None:
            self._live = Live(
                console=self.console,
                get_renderable=self._render,
                refresh_per_second=4,
                transient=False,
            )
            self._live.start()
        elif self._live is not None:
            self._live.refresh()
        if isinstance(event, RunFinished):
            self.close()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Take the live panel off the screen meanwhile, e.g. to ask the user something."""
        live = self._live
        if live is None:
            yield
            return
        live.stop()
        try:
            yield
        finally:
            if self._live is live:
                live.start()

    def close(self) -> None:
        if self._live is not None:
            live, self._live = self._live, None
            live.stop()

    def __enter__(self) -> ProgressTracker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
