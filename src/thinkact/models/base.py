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
