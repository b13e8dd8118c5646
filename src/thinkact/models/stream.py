"""A streamed model call as the drivers see it: the reply's pieces as `TextDelta` events,
then the whole Reply (see `models.base.Streaming`).

A text format's stop sequences end generation where an observation would begin; a piece
never shows text from a stop sequence on, even from a server that does not honour them
(the tail that could begin one waits for the next piece), so what is shown is what the
format will read.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Generator, Sequence

from thinkact.errors import ModelError
from thinkact.events import TextDelta
from thinkact.models.base import Streaming
from thinkact.types import ModelRequest, Reply

_NO_REPLY = "the model's stream ended without its reply"


class StopFilter:
    """The part of a streamed text that may be shown, piece by piece."""

    def __init__(self, stops: Sequence[str]) -> None:
        self.stops = tuple(s for s in stops if s)
        self.shown = ""
        self.held = ""  # a tail that may be the start of a stop sequence
        self.done = False  # a stop sequence came: nothing more is shown

    def feed(self, piece: str) -> str:
        """What of `piece` can be shown now."""
        if self.done:
            return ""
        text = self.held + piece
        cuts = [i for s in self.stops if (i := text.find(s)) >= 0]
        if cuts:
            self.done, self.held = True, ""
            out = text[: min(cuts)]
        else:
            hold = max(
                (k for s in self.stops for k in range(len(s) - 1, 0, -1) if text.endswith(s[:k])),
                default=0,
            )
            out, self.held = text[: len(text) - hold], text[len(text) - hold :]
        self.shown += out
        return out

    def finish(self, text: str) -> str:
        """The rest of the reply's whole `text` that was not shown yet: nothing when the
        pieces strayed from it (a local model's text cut at a stop sequence)."""
        if self.done or not text.startswith(self.shown):
            return ""
        self.held = ""
        rest = self.feed(text[len(self.shown) :])
        if not self.done:
            rest += self.held
            self.shown += self.held
        self.done, self.held = True, ""
        return rest


def streamed(
    model: Streaming, request: ModelRequest, step: int
) -> Generator[TextDelta, None, Reply]:
    """The sync driver's streamed call: TextDelta events, then (returned) the Reply."""
    shown = StopFilter(request.stop)
    items = model.stream(request)
    try:
        for item in items:
            if isinstance(item, Reply):
                if rest := shown.finish(item.text):
                    yield TextDelta(step, rest)
                return item
            if piece := shown.feed(item):
                yield TextDelta(step, piece)
    finally:
        close = getattr(items, "close", None)  # an early stop ends the request
        if close is not None:
            close()
    raise ModelError(_NO_REPLY)


async def astreamed(
    model: Streaming, request: ModelRequest, step: int
) -> AsyncIterator[TextDelta | Reply]:
    """The async twin of `streamed`: TextDelta events, then the Reply (the last item)."""
    shown = StopFilter(request.stop)
    items = model.astream(request)
    try:
        async for item in items:
            if isinstance(item, Reply):
                if rest := shown.finish(item.text):
                    yield TextDelta(step, rest)
                yield item
                return
            if piece := shown.feed(item):
                yield TextDelta(step, piece)
    finally:
        aclose = getattr(items, "aclose", None)
        if aclose is not None:
            await aclose()
    raise ModelError(_NO_REPLY)


__all__ = ["StopFilter", "astreamed", "streamed"]
