"""Events for people and files: console reporter, JSONL trace, progress tracker."""

from thinkact.ui.console import ConsoleReporter, shorten
from thinkact.ui.progress import ProgressTracker, render_workflow
from thinkact.ui.trace import JsonlTrace, event_line, read_trace
from thinkact.ui.workflow import Workflow, match_step

__all__ = [
    "ConsoleReporter",
    "JsonlTrace",
    "ProgressTracker",
    "Workflow",
    "event_line",
    "match_step",
    "read_trace",
    "render_workflow",
    "shorten",
]
