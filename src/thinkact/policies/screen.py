"""Call screening: before a tool the model chose runs, the model is asked, in short requests
of its own, whether that tool does what the task asks. A "no" is not run; the model hears
why and may answer without a tool. Before the questions, a call whose arguments hold numbers
or web addresses the run was never given is refused without asking (see grounding.py).

For small models that call some tool for every request, fitting or not. The questions are
judged against the whole task, so screening suits one-request tasks: a workflow's
intermediate step may be judged not to fit. (bench/NOTES.md: how the questions were chosen.)
"""

from __future__ import annotations

import json
from collections.abc import Generator, Mapping, Sequence
from typing import Any

from thinkact.effects import Effect
from thinkact.events import CallsScreened
from thinkact.formats.base import Parsed, repeated_calls
from thinkact.policies.base import BasePolicy, Hook, Turn, Verdict
from thinkact.policies.grounding import Given, seen_text, ungrounded
from thinkact.retry import RetryPolicy, retrying
from thinkact.types import (
    ModelRequest,
    Reply,
    SystemMessage,
    ToolCall,
    ToolSpec,
    Usage,
    UserMessage,
)

# Two questions, and a call must pass both; a model leans to "yes" whatever it is asked, so
# each asks whether the function does what the request asks, never whether it does not.
_ASKS = (
    "Request: {task}\n\nFunction: {signature}: {description}\n\n"
    "Does calling this function do what the request asks? Answer yes or no.",
    "A user asks: {task}\n\nThe only available function is {signature}: "
    "{description}\n\nIs this function made for exactly this kind of request? "
    "Answer yes or no.",
)
YES_NO = 'root ::= "yes" | "no"'


def screen_requests(task: str, spec: ToolSpec) -> tuple[ModelRequest, ...]:
    """The yes/no questions about one tool, each constrained to "yes" or "no" where the
    model takes a grammar; others are told to answer yes or no. A "no" to any refuses."""
    return tuple(
        ModelRequest(
            messages=(
                SystemMessage("You are a careful assistant."),
                UserMessage(
                    ask.format(task=task, signature=signature(spec), description=spec.description)
                ),
            ),
            max_tokens=4,
            grammar=YES_NO,
        )
        for ask in _ASKS
    )


def signature(spec: ToolSpec) -> str:
    properties = spec.parameters.get("properties", {})
    return f"{spec.name}({', '.join(properties) if isinstance(properties, dict) else ''})"


def says_no(reply: Reply) -> bool:
    """Only a clear "no" refuses: an unclear reply lets the call run."""
    words = reply.text.strip().lower().split()
    return bool(words) and words[0].strip(".,!:;\"'") == "no"


def passes(
    task: str, spec: ToolSpec, policy: RetryPolicy
) -> Generator[Effect, Any, tuple[bool, Usage]]:
    """Ask the questions about one tool in turn (the first "no" ends it): passed, and cost."""
    usage = Usage()
    for request in screen_requests(task, spec):
        reply = yield from retrying(request, policy)
        usage += reply.usage
        if says_no(reply):
            return False, usage
    return True, usage


def refusal(name: str) -> str:
    """What the model is told about a call screened out."""
    return (
        f"Not run: {name} does not do what the task asks (checked before running it). "
        "If no tool does, answer without one."
    )


def made_up(name: str, arguments: str) -> str:
    """What the model is told about a call with numbers or web addresses of its own."""
    return (
        f"Not run: {name} was called with {arguments}, values (numbers, web addresses) that "
        "neither the task, the tools nor any result so far gives (checked before running it). "
        "Use the values the user gave; "
        "if a value the tool needs is missing, say so or answer without the tool."
    )


def to_screen(names: Sequence[str], specs: Sequence[ToolSpec]) -> list[ToolSpec]:
    """The specs of the distinct tools called, in call order (one question per tool)."""
    by_name = {s.name: s for s in specs}
    return [by_name[n] for n in dict.fromkeys(names) if n in by_name]


def screened(
    task: str,
    step: int,
    calls: Sequence[ToolCall],
    specs: Sequence[ToolSpec],
    policy: RetryPolicy,
    seen: Given | None = None,
    trusted: frozenset[str] = frozenset(),
) -> Generator[Effect, Any, CallsScreened]:
    """Check each call's numbers and web addresses against `seen` (what the run was given;
    None: no check), then ask about each distinct tool of the calls left but the `trusted`
    ones (sans-IO, as the loop: it yields the model calls). The verdict says what was
    refused and what the questions cost."""
    unfounded: dict[str, str] = {}
    for call in calls:
        bad = {} if seen is None else ungrounded(call.arguments, seen)
        if bad:
            unfounded[call.id] = ", ".join(f"{k}={json.dumps(v)}" for k, v in bad.items())
    names = [c.name for c in calls if c.id not in unfounded and c.name not in trusted]
    asked = to_screen(names, specs)
    usage = Usage()
    refused: list[str] = []
    for spec in asked:
        ok, cost = yield from passes(task, spec, policy)
        usage += cost
        if not ok:
            refused.append(spec.name)
    return CallsScreened(
        step, tuple(s.name for s in asked), tuple(sorted(refused)), usage, tuple(unfounded.items())
    )


def turned_away(calls: Sequence[ToolCall], verdict: CallsScreened) -> dict[str, str]:
    """The calls a verdict says not to run (by id), each with what the model is told."""
    made = dict(verdict.ungrounded)
    return {
        c.id: made_up(c.name, made[c.id]) if c.id in made else refusal(c.name)
        for c in calls
        if c.id in made or c.name in verdict.refused
    }


class Screening(BasePolicy):
    """Screens each step's calls (a call written twice in a reply is screened once).
    `trusted` tools are not asked about (a decline check found they fit); their calls'
    values are still checked. `last` is the verdict on the latest step's calls."""

    name = "screening"

    def __init__(self) -> None:
        self.trusted: frozenset[str] = frozenset()
        self.last: CallsScreened | None = None

    def calls(self, turn: Turn, parsed: Parsed, refused: Mapping[str, str]) -> Hook:
        return self._screen(turn, parsed.calls, refused)

    def _screen(
        self, turn: Turn, calls: Sequence[ToolCall], refused: Mapping[str, str]
    ) -> Generator[Effect, Any, Verdict]:
        repeats = repeated_calls(calls)
        once = [c for c in calls if c.id not in repeats and c.id not in refused]
        seen = Given.of(seen_text(turn.messages, turn.tools, turn.instructions))
        verdict = yield from screened(
            turn.task, turn.step, once, turn.tools, turn.config.retry, seen, self.trusted
        )
        self.last = verdict
        yield verdict
        return Verdict(refused=turned_away(once, verdict))


__all__ = [
    "YES_NO",
    "Screening",
    "made_up",
    "passes",
    "refusal",
    "says_no",
    "screen_requests",
    "screened",
    "signature",
    "turned_away",
]
