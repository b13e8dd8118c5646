"""Call screening: before a tool the model chose runs, the model is asked, in a short request
of its own, whether that tool does what the task asks. A "no" is not run; the model hears
why and may answer without a tool. The decline check asks the same questions the other way
round: about each tool, when the model answered without any (`fitting`).

Small models call a tool for every request, fitting or not: on BFCL's `irrelevance` items
(no function fits) the embedded 1.5B model called one 18 times in 20, a BMI calculator for a
triangle's area. Asked the question below about each call, it said "no" to 8 of those 18 and
to none of the 70 right calls of the other categories (bench/results_notes.md). A second
question (below) refuses more. Before the questions, a call whose arguments hold numbers the
run was never given is refused without asking (thinkact.grounding).
"""

from __future__ import annotations

import json
import re
from collections.abc import Generator, Sequence
from typing import Any

from thinkact.effects import Effect
from thinkact.events import CallsScreened, DeclineChecked
from thinkact.formats.grammar import literal
from thinkact.grounding import Given, ungrounded
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

# The wording matters: "Can this tool compute or fetch what the user asked for?" drew "yes"
# for 10 of the first 10 irrelevance calls. Two questions, and a call must pass both: on 30
# functions of irrelevance items and 30 right calls of simple, multiple and live_simple
# items (none in the table's), the first alone said "no" to 14 and 0, either of the two to
# 20 and 1. Inverted questions ("is it unrelated?") drew "yes" to nearly every call, right
# or not: the model leans to "yes" whatever is asked.
_ASKS = (
    "Request: {task}\n\nFunction: {signature}: {description}\n\n"
    "Does calling this function do what the request asks? Answer yes or no.",
    "A user asks: {task}\n\nThe only available function is {signature}: "
    "{description}\n\nIs this function made for exactly this kind of request? "
    "Answer yes or no.",
)
_GRAMMAR = 'root ::= "yes" | "no"'
# Tools asked about in a decline check: each costs one or two short requests.
MAX_DECLINE_TOOLS = 8
# The Notice reason when the reply after a decline check is set aside (the decline stands).
DECLINE_KEPT = "decline_kept"


def screen_requests(task: str, spec: ToolSpec) -> tuple[ModelRequest, ...]:
    """The yes/no questions about one tool, each constrained to "yes" or "no" where the
    model takes a grammar; others are told to answer yes or no. A "no" to any refuses."""
    return tuple(
        ModelRequest(
            messages=(
                SystemMessage("You are a careful assistant."),
                UserMessage(
                    ask.format(task=task, signature=_signature(spec), description=spec.description)
                ),
            ),
            max_tokens=4,
            grammar=_GRAMMAR,
        )
        for ask in _ASKS
    )


def _signature(spec: ToolSpec) -> str:
    properties = spec.parameters.get("properties", {})
    return f"{spec.name}({', '.join(properties) if isinstance(properties, dict) else ''})"


def says_no(reply: Reply) -> bool:
    """Only a clear "no" refuses: an unclear reply lets the call run."""
    words = reply.text.strip().lower().split()
    return bool(words) and words[0].strip(".,!:;\"'") == "no"


def reconsider(names: Sequence[str]) -> str:
    """What the model is told when it answered without a tool that fits (the decline
    check): which tools do, and to call them."""
    if len(names) == 1:
        return (
            f"Checked: {names[0]} does what the request asks. Call it now, with the values "
            "the request gives."
        )
    return (
        f"Checked: these functions do what the request asks: {', '.join(names)}. Call the "
        "ones it needs now, with the values the request gives."
    )


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
    None: no check), then ask about each distinct tool of the calls left but the `trusted` ones
    (a decline check passed them already) (sans-IO, as the loop: it yields the model calls).
    The verdict says what was refused and what the questions cost."""
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
        ok, cost = yield from _passes(task, spec, policy)
        usage += cost
        if not ok:
            refused.append(spec.name)
    return CallsScreened(
        step, tuple(s.name for s in asked), tuple(sorted(refused)), usage, tuple(unfounded.items())
    )


def fitting(
    task: str, step: int, specs: Sequence[ToolSpec], policy: RetryPolicy
) -> Generator[Effect, Any, DeclineChecked]:
    """The decline check: the model answered without a tool, so ask the questions about each
    tool (the first MAX_DECLINE_TOOLS); those that pass them all fit the task. The questions
    pass sibling functions alike (capital, largest city and population of a country), and
    told that all three fit the model called all three: so when several fit, it is asked
    which one does exactly what the request asks."""
    asked = tuple(specs[:MAX_DECLINE_TOOLS])
    usage = Usage()
    fit: list[ToolSpec] = []
    for spec in asked:
        ok, cost = yield from _passes(task, spec, policy)
        usage += cost
        if ok:
            fit.append(spec)
    chosen = ""
    if len(fit) > 1:
        reply = yield from retrying(choice_request(task, fit), policy)
        usage += reply.usage
        chosen = named(reply, [s.name for s in fit])
    names = tuple(s.name for s in fit)
    return DeclineChecked(step, tuple(s.name for s in asked), names, usage, chosen)


def choice_request(task: str, specs: Sequence[ToolSpec]) -> ModelRequest:
    """Which one of these tools does exactly what the task asks: its name, constrained to
    the names where the model takes a grammar."""
    listed = "\n".join(f"- {_signature(s)}: {s.description}" for s in specs)
    ask = (
        f"Request: {task}\n\nFunctions:\n{listed}\n\nWhich one function does exactly "
        "what the request asks? Answer with its name only."
    )
    return ModelRequest(
        messages=(SystemMessage("You are a careful assistant."), UserMessage(ask)),
        max_tokens=32,
        grammar="root ::= " + " | ".join(literal(s.name) for s in specs),
    )


def named(reply: Reply, names: Sequence[str]) -> str:
    """The one name a reply gives ("" if none or several: then every fitting tool stays)."""
    said = {n for n in names if re.search(rf"\b{re.escape(n)}\b", reply.text)}
    return said.pop() if len(said) == 1 else ""


def _passes(
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


def turned_away(calls: Sequence[ToolCall], verdict: CallsScreened) -> dict[str, str]:
    """The calls a verdict says not to run (by id), each with what the model is told."""
    made = dict(verdict.ungrounded)
    return {
        c.id: made_up(c.name, made[c.id]) if c.id in made else refusal(c.name)
        for c in calls
        if c.id in made or c.name in verdict.refused
    }
