"""The Model seam: one request in, one reply out, sync and async; optionally streamed."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Protocol, TypeGuard, runtime_checkable

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
class Streaming(Protocol):
    """A model that can also hand out its reply as it is written (Anthropic, OpenAI and
    compatible servers, the local model). Models without it are called with `complete`.

    Each yields the reply's text in pieces (`str`), then, last, the Reply `complete` would
    have returned for the request: the loop still works on whole replies. Errors are those
    of `complete`, raised before or between pieces.
    """

    def stream(self, request: ModelRequest) -> Iterator[str | Reply]: ...

    def astream(self, request: ModelRequest) -> AsyncIterator[str | Reply]: ...


@runtime_checkable
class Positioned(Protocol):
    """A model that answers from a list in order (scripted, replayed). A resumed run moves
    it past the calls the stored run made, so it goes on where the run stopped instead of
    answering from the first reply again (and repeating the tools' side effects)."""

    def resume_at(self, calls: int) -> None:
        """Answer the next request with the reply for call number `calls` (0-based)."""
        ...


# Model's members, as typing lists them for an isinstance check (a test keeps the two equal).
MODEL_MEMBERS = ("acomplete", "complete", "context_window", "count_tokens", "name", "native_tools")
_METHODS = frozenset({"acomplete", "complete", "count_tokens"})


def is_model(obj: object) -> TypeGuard[Model]:
    """`isinstance(obj, Model)`: on Python 3.11 typing walks the protocol's members twice
    on every such check (about 15 us, once per Agent); the members are checked here as
    typing checks them (a method set to None does not count), and only an object that
    lacks one goes to typing (a class that names Model as its base passes there)."""
    if obj is None or isinstance(obj, str):  # a model's name, or the default one
        return False
    for name in MODEL_MEMBERS:
        if not hasattr(obj, name) or (name in _METHODS and getattr(obj, name) is None):
            return isinstance(obj, Model)
    return True
