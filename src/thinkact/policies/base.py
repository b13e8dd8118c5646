"""The policy seam: optional behaviour beside the loop core, sans-IO as the core is.

The loop asks each policy at a few points and does what the answers say:

    request      a request about to go out     -> the request to send instead (pure)
    reply        the model's reply, parsed      -> a Verdict: a replacement reply, finish
                 (or the FormatError it raised)
    answer       a final answer                 -> a Verdict: send it back with a note,
                                                   replace the reply, finish
    calls        the calls about to run         -> a Verdict: refusals, stop, finish
    observation  the results of those calls     -> a Verdict: a note for the model, finish
    trimmed      turns dropped to fit the window-> a summary of them, or None

A hook returns its Verdict (None: nothing to say), or a generator that yields effects and
events as the loop does (`yield from retrying(request, policy)` to ask the model something)
and returns the Verdict. A hook gets the values it needs; it never reaches into the loop.
Each policy owns its state and hands it over under its `name` when a run is checkpointed
(`state`), and takes it back when the run resumes (`restore`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from thinkact.config import AgentConfig
from thinkact.effects import Effect
from thinkact.errors import FormatError
from thinkact.formats.base import Format, Parsed
from thinkact.types import Message, ModelRequest, Reply, ToolCall, ToolResult, ToolSpec

_NONE: Mapping[str, str] = {}


@dataclass(slots=True)
class Turn:
    """What a hook sees of the run: its fixed facts, and the step it is in (the loop keeps
    `step`, `errors` and `turned_down` current). Read it; never change it."""

    task: str
    instructions: str
    tools: tuple[ToolSpec, ...]  # the tools the model may call (not the final answer)
    format: Format
    config: AgentConfig
    clock: Callable[[], float]
    messages: Sequence[Message]  # the run's history so far
    step: int = 0
    errors: int = 0  # failed steps in a row (format errors, steps whose calls all failed)
    turned_down: bool = False  # a policy turned the last reply down (see Verdict)


@dataclass(frozen=True, slots=True)
class Replaced:
    """The reply that counts instead of the one the model gave (`answer` hook), with the
    messages that led to it (kept in the history after the first reply)."""

    reply: Reply
    parsed: Parsed
    messages: tuple[Message, ...]
    duration: float


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a hook says should happen. Fields left empty say nothing.

    `note`: told to the model (an answer: it goes back instead of ending the run; an
    observation: it goes out with the results). `turned_down`: the model's last reply was
    rejected, so the next one is resampled. `refused`: calls not to run, by id, each with
    what the model is told instead. `stop`: end the run for this reason after one more turn
    for a final answer (if the config forces one). `finish`: end the run now, for this
    reason, with `answer` (the answer at hand if None). `reply`: a replacement for the
    model's reply, parsed again. `replaced`: the reply that counts instead of an answer.
    """

    note: str = ""
    turned_down: bool = False
    refused: Mapping[str, str] = field(default_factory=lambda: _NONE)
    stop: str = ""
    finish: str = ""
    answer: str | None = None
    reply: Reply | None = None
    replaced: Replaced | None = None


Hook = Verdict | None | Generator[Effect, Any, Verdict | None]


@runtime_checkable
class Policy(Protocol):
    """Optional behaviour around the loop core. Subclass `BasePolicy` and override the
    hooks you need: the loop calls only those."""

    name: str  # the key its state is saved under

    def state(self) -> dict[str, Any]: ...

    def restore(self, state: Mapping[str, Any]) -> None: ...

    def request(self, turn: Turn, request: ModelRequest) -> ModelRequest: ...

    def reply(
        self, turn: Turn, request: ModelRequest, reply: Reply, parsed: Parsed | FormatError
    ) -> Hook: ...

    def answer(
        self, turn: Turn, request: ModelRequest, reply: Reply, answer: str, forced: str
    ) -> Hook:
        """`forced`: the limit that forced this answer ("" for an answer the model chose)."""
        ...

    def calls(self, turn: Turn, parsed: Parsed, refused: Mapping[str, str]) -> Hook:
        """`refused`: the calls earlier policies refused so far (by id)."""
        ...

    def observation(
        self, turn: Turn, calls: Sequence[ToolCall], results: Sequence[ToolResult]
    ) -> Hook: ...

    def trimmed(self, turn: Turn, ask: ModelRequest) -> Generator[Effect, Any, str | None]:
        """`ask` is the request for a summary of the dropped turns; the summary, or None."""
        ...


class BasePolicy:
    """Hooks that say nothing and no state: a policy overrides what it needs."""

    name = "policy"

    def uses(self, hook: str) -> bool:
        """Whether the loop calls `hook`: by default the hooks this class has of its own
        (a policy with nothing to do at a hook in this run may say no)."""
        cls = type(self)
        own = _OWN_HOOKS.get(cls)
        if own is None:  # once per class: every run asks for every hook
            own = _OWN_HOOKS[cls] = frozenset(
                h for h in HOOKS if getattr(cls, h) is not getattr(BasePolicy, h)
            )
        return hook in own

    def state(self) -> dict[str, Any]:
        return {}

    def restore(self, state: Mapping[str, Any]) -> None:
        return None

    def request(self, turn: Turn, request: ModelRequest) -> ModelRequest:
        return request

    def reply(
        self, turn: Turn, request: ModelRequest, reply: Reply, parsed: Parsed | FormatError
    ) -> Hook:
        return None

    def answer(
        self, turn: Turn, request: ModelRequest, reply: Reply, answer: str, forced: str
    ) -> Hook:
        return None

    def calls(self, turn: Turn, parsed: Parsed, refused: Mapping[str, str]) -> Hook:
        return None

    def observation(
        self, turn: Turn, calls: Sequence[ToolCall], results: Sequence[ToolResult]
    ) -> Hook:
        return None

    def trimmed(self, turn: Turn, ask: ModelRequest) -> Generator[Effect, Any, str | None]:
        return None
        yield  # a generator that asks nothing


HOOKS = ("request", "reply", "answer", "calls", "observation", "trimmed")
_OWN_HOOKS: dict[type, frozenset[str]] = {}


def hooks(policies: Sequence[Policy], name: str) -> tuple[Any, ...]:
    """The bound `name` hooks of the policies that use them, so a step pays only for the
    hooks in use (a Policy that is no BasePolicy is asked at every hook)."""
    return tuple(
        [getattr(p, name) for p in policies if not isinstance(p, BasePolicy) or p.uses(name)]
    )


__all__ = ["HOOKS", "BasePolicy", "Hook", "Policy", "Replaced", "Turn", "Verdict", "hooks"]
