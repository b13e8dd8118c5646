"""The reply being written, live on a terminal: a spinner with the seconds waited until the
first piece, then the text as it streams in (its last lines), with the seconds so far.

    the model is thinking · 3.2 s                 (before the first piece)
    <reasoning>The user asks for 2+2, a sum I can…
    ⠙ writing · 5.8 s                             (as it streams)

It is transient: when the whole reply comes, the console reporter takes it off the screen
and shows the reply the usual way. Under another live display (the legal review's progress
panel) rich draws it below that one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.spinner import Spinner
from rich.text import Text

from thinkact.ui.sanitize import Sanitized, printable


class LiveReply:
    """A transient live display of one model call; `start` when the call begins, `add`
    each piece, `stop` before anything else is printed."""

    def __init__(
        self,
        console: Console,
        clock: Callable[[], float],
        *,
        max_lines: int = 8,
        max_chars: int = 800,
    ) -> None:
        self.console = console
        self.clock = clock
        self.max_lines = max_lines
        self.max_chars = max_chars
        self.text = ""
        self._since = 0.0
        self._live: Live | None = None
        self._spinner = Spinner("dots", style="yellow")
        self._lock = threading.Lock()  # Live renders from its own thread

    @property
    def active(self) -> bool:
        return self._live is not None

    def start(self) -> None:
        """A model call begins: the spinner counts the seconds until its first piece."""
        self.stop()
        with self._lock:
            self.text, self._since = "", self.clock()
        self._live = Live(
            console=self.console,
            get_renderable=self._render,
            refresh_per_second=8,
            transient=True,
        )
        self._live.start(refresh=True)

    def add(self, piece: str) -> None:
        if self._live is None:
            self.start()
        with self._lock:
            self.text += piece

    def stop(self) -> None:
        if self._live is not None:
            live, self._live = self._live, None
            live.stop()

    def _render(self) -> RenderableType:
        with self._lock:
            text, seconds = self.text, self.clock() - self._since
        if not text.strip():
            self._spinner.update(text=Text(f"the model is thinking · {seconds:.1f} s", style="dim"))
            return self._spinner
        # The tail: the newest lines are the ones being written.
        tail = "\n".join(text[-self.max_chars :].splitlines()[-self.max_lines :])
        self._spinner.update(text=Text(f"writing · {seconds:.1f} s", style="dim"))
        return Group(Sanitized(Text(printable(tail), style="dim")), self._spinner)
