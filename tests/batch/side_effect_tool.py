"""A tool with a side effect the batch tests count: each call appends the task's id to a
file. While the file `hold` exists and `hold_after` calls are recorded, a call waits there
(a batch to be killed mid-way)."""

from __future__ import annotations

import os
import time
from pathlib import Path


def mark(task: str, counter: str, hold: str = "", hold_after: int = 0) -> str:
    """Record that a task ran its tool.

    Args:
        task: the task's id.
        counter: the file that counts the calls.
        hold: a file whose presence makes calls past `hold_after` wait.
        hold_after: calls let through before holding.
    """
    fd = os.open(counter, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, f"{task}\n".encode())
        end = os.lseek(fd, 0, os.SEEK_CUR)  # where this call's line ends
    finally:
        os.close(fd)
    if hold and hold_after:
        # This call's own number (the lines up to its own), not the lines so far: a call
        # racing another decides the same way whichever reads the file first.
        number = Path(counter).read_bytes()[:end].count(b"\n")
        while number >= hold_after and Path(hold).exists():
            time.sleep(0.05)
    return f"marked {task}"
