"""Text from runs made safe for a terminal: documents, tool output and model replies may hold
escape sequences (clear the screen, set the window title, hide a hyperlink, move the cursor,
ring the bell, overwrite a line with a carriage return). Printed raw, they act on the
user's terminal instead of showing; rich passes ESC through.

The reporters clean run text with `printable` where it enters a rich Text, JSON or Markdown
(before layout, so lines wrap where they should), and print everything through
`Sanitized`, which cleans the rendered segments again: a path from a run to the screen that
skips the first cleaning still cannot reach the terminal.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment

# ECMA-48, in 7-bit (ESC ...) and 8-bit (C1) forms. A string command (OSC, DCS, SOS, PM,
# APC) runs to its terminator, BEL or ST; unterminated, to the end of the line, as far as a
# terminal would swallow it.
_SEQUENCE = re.compile(
    r"""
      (?:\x1b\[|\x9b) [0-?]* [ -/]* [@-~]?                          # CSI: cursor, erase, colour
    | (?:\x1b[\]PX^_]|[\x90\x98\x9d-\x9f]) [^\x07\x1b\x9c\n]* (?:\x07|\x1b\\|\x9c)?  # OSC ...
    | \x1b [ -/]* [0-~]?                                             # ESC c (reset), ESC 7 ...
    | [\x00-\x08\x0b-\x1f\x7f-\x9f]          # other C0 and C1 controls: CR, BS, BEL...
    """,
    re.VERBOSE,
)


def printable(text: str) -> str:
    """`text` without terminal control sequences or control characters, but for newlines
    and tabs. A carriage return goes too: it would let a line overwrite what it showed."""
    return _SEQUENCE.sub("", text)


def printable_data(value: Any) -> Any:
    """Every string of JSON-like data (keys too) made `printable`."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, Mapping):
        return {printable(str(k)): printable_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [printable_data(v) for v in value]
    return value


class Sanitized:
    """A renderable printing `inner` with every control sequence its text holds removed.

    It works on the rendered segments, so it covers whatever rich builds from run text
    (Text, Markdown, JSON, tables, panels). rich's own styling lives in segment styles and
    its cursor moves in control segments: both are kept.
    """

    def __init__(self, inner: RenderableType) -> None:
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in console.render(self.inner, options):
            if segment.control or segment.text.isprintable() or segment.text == "\n":
                yield segment
            else:
                yield Segment(printable(segment.text), segment.style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.inner)


__all__ = ["Sanitized", "printable", "printable_data"]
