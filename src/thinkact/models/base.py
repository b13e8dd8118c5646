"""The Model seam: one request in, one reply out, sync and async."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from thinkact.types import ModelRequest, Reply


@runtime_checkable
class Model(Protocol):
    """A model provider.

    Providers translate canonical messages to their wire format, turn their SDK's own
    retries off (the loop retries, once, for every provider) and map errors onto
    `thinkact.errors.ModelError` subclasses.
    """

    name: str  # a model string that resolves back to this model, e.g. "openai:gpt-4o-mini"
    native_tools: bool  # True when the provider supports native tool calls
    context_window: int  # tokens

    def complete(self, request: ModelRequest) -> Reply: ...

    async def acomplete(self, request: ModelRequest) -> Reply: ...

    def count_tokens(self, request: ModelRequest) -> int:
        """Tokens the request's prompt takes (exact where the provider can tell, else an
        estimate)."""
        ...


@runtime_checkable
class Positioned(Protocol):
    """A model that answers from a list in order (scripted, replayed). A resumed run moves
    it past the calls the stored run made, so it goes on where the run stopped instead of
    answering from the first reply again (and repeating the tools' side effects)."""

    def resume_at(self, calls: int) -> None:
        """Answer the next request with the reply for call number `calls` (0-based)."""
        ...
