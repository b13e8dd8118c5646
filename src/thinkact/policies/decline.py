"""The decline check, screening's mirror: a first answer given with no tool, though tools
exist, is checked by screening's questions about each tool; if some fit, the model is told
which and replies again with calls only. For small models that decline requests a tool fits.

It runs at most once, and only before the model has called a tool (an answer after tool
results is the model's reading of them). A reply after the check that does not parse, or
whose calls use values the request does not give (pressed into a tool that nearly fits, a
small model makes its values up), changes nothing: the decline stands.
"""

from __future__ import annotations

import json
import re
from collections.abc import Generator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from thinkact.effects import Effect
from thinkact.events import DeclineChecked, Notice
from thinkact.formats.base import Parsed
from thinkact.formats.grammar import literal
from thinkact.policies.base import BasePolicy, Hook, Replaced, Turn, Verdict
from thinkact.policies.grounding import not_given
from thinkact.policies.resample import parsed_or_error, uncut
from thinkact.policies.screen import Screening, passes, signature
from thinkact.retry import RetryPolicy, retrying
from thinkact.types import ModelRequest, Reply, SystemMessage, ToolSpec, Usage, UserMessage

# Tools asked about in a decline check: each costs one or two short requests.
MAX_DECLINE_TOOLS = 8
# The Notice reason when the reply after a decline check is set aside (the decline stands).
DECLINE_KEPT = "decline_kept"


def reconsider(names: Sequence[str]) -> str:
    """What the model is told when it answered without a tool that fits: which tools do,
    and to call them."""
    if len(names) == 1:
        return (
            f"Checked: {names[0]} does what the request asks. Call it now, with the values "
            "the request gives."
        )
    return (
        f"Checked: these functions do what the request asks: {', '.join(names)}. Call the "
        "ones it needs now, with the values the request gives."
    )


def fitting(
    task: str, step: int, specs: Sequence[ToolSpec], policy: RetryPolicy
) -> Generator[Effect, Any, DeclineChecked]:
    """Ask the questions about each tool (the first MAX_DECLINE_TOOLS); those that pass them
    all fit the task. The questions pass sibling functions alike, and told that several fit
    a small model calls them all: so when several fit, it is asked which one does exactly
    what the request asks."""
    asked = tuple(specs[:MAX_DECLINE_TOOLS])
    usage = Usage()
    fit: list[ToolSpec] = []
    for spec in asked:
        ok, cost = yield from passes(task, spec, policy)
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
    listed = "\n".join(f"- {signature(s)}: {s.description}" for s in specs)
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


class DeclineCheck(BasePolicy):
    """`screening`, if given, is told which tools the check found fitting, so their calls
    are not asked about again. `last` is the check's verdict, if it ran."""

    name = "decline_check"

    def __init__(self, screening: Screening | None = None) -> None:
        self.screening = screening
        self.spent = False
        self.last: DeclineChecked | None = None

    def calls(self, turn: Turn, parsed: Parsed, refused: Mapping[str, str]) -> Hook:
        self.spent = True  # the model uses its tools: no decline to check
        return None

    def answer(
        self, turn: Turn, request: ModelRequest, reply: Reply, answer: str, forced: str
    ) -> Hook:
        if self.spent or forced:
            return None
        self.spent = True
        return self._check(turn, request, reply) if turn.tools else None

    def _check(
        self, turn: Turn, request: ModelRequest, reply: Reply
    ) -> Generator[Effect, Any, Verdict | None]:
        fmt, cfg = turn.format, turn.config
        verdict = yield from fitting(turn.task, turn.step, turn.tools, cfg.retry)
        self.last = verdict
        yield verdict
        if not verdict.fitting:
            return None
        names = (verdict.chosen,) if verdict.chosen else verdict.fitting
        told = fmt.feedback(reconsider(names), "")
        fit = [t for t in turn.tools if t.name in names]
        t0 = turn.clock()
        again_request = replace(  # the step's request, now for calls of the fitting tools
            request,
            messages=(*request.messages, fmt.assistant_message(reply), *told),
            tools=tuple(fit) if fmt.native else (),
            grammar=fmt.grammar(fit, calls_only=True),
            json_schema=fmt.json_schema(fit, calls_only=True),
            tool_choice="required" if fmt.native else "auto",
        )
        again = yield from retrying(again_request, cfg.retry)
        parsed = parsed_or_error(fmt, again, turn.tools)
        if again.stop_reason == "max_tokens" and not isinstance(parsed, Parsed):
            hotter = (cfg.retry_temperature, cfg.cut_frequency_penalty)
            again = yield from uncut(turn.step, again_request, again, parsed, hotter, cfg.retry)
            parsed = parsed_or_error(fmt, again, turn.tools)
        if not isinstance(parsed, Parsed):
            said = f"The reply after the check did not parse: {parsed}"
            yield Notice(turn.step, DECLINE_KEPT, said)
            return None
        said = f"{turn.instructions}\n{turn.task}"
        schemas = {t.name: t.parameters for t in turn.tools}
        invented = {
            k: v
            for c in parsed.calls
            for k, v in not_given(c.arguments, said, schemas.get(c.name)).items()
        }
        if invented:
            shown = json.dumps(invented, default=str)[:300]
            yield Notice(turn.step, DECLINE_KEPT, f"The calls after the check made up {shown}")
            return None
        if self.screening is not None:
            self.screening.trusted = frozenset(names)
        messages = (*told, fmt.assistant_message(again))
        return Verdict(replaced=Replaced(again, parsed, messages, turn.clock() - t0))

    def state(self) -> dict[str, Any]:
        return {"decline_spent": self.spent}

    def restore(self, state: Mapping[str, Any]) -> None:
        self.spent = bool(state.get("decline_spent", False))


__all__ = ["DECLINE_KEPT", "DeclineCheck", "choice_request", "fitting", "named", "reconsider"]
