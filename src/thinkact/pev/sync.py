"""Sync drivers over PEV's async run: the run happens on a private thread, events stream."""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import AsyncIterator, Callable, Generator
from typing import TypeVar

from thinkact.events import Event

R = TypeVar("R")


def sync_events(
    make: Callable[[], AsyncIterator[Event | R]],
) -> Generator[Event, None, R]:
    """Run an async stream of events ending with a result on a private thread; yield the
    events as they come and return the result."""
    q: queue.Queue[Event | R | BaseException] = queue.Queue()

    async def pump() -> None:
        try:
            async for item in make():
                q.put(item)
        except BaseException as e:  # surfaced in the caller's thread
            q.put(e)

    thread = threading.Thread(target=lambda: asyncio.run(pump()), daemon=True)
    thread.start()
    while True:
        item = q.get()
        if isinstance(item, BaseException):
            thread.join()
            raise item
        if not isinstance(item, Event):  # the run's result ends the stream
            thread.join()
            return item
        yield item
