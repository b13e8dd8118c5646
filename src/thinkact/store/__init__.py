"""Runs that last: a SQLite log of every event of every run, and resume from it."""

from __future__ import annotations

from thinkact.store.base import RunLog, RunRecord
from thinkact.store.codec import event_from_dict
from thinkact.store.db import default_path
from thinkact.store.resume import INTERRUPTED, resume_point
from thinkact.store.runs import RunStore

__all__ = [
    "INTERRUPTED",
    "RunLog",
    "RunRecord",
    "RunStore",
    "default_path",
    "event_from_dict",
    "resume_point",
]
