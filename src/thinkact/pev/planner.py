"""The planner: one model call (retried with the reason when the plan does not validate)
that turns a task into a structured plan, or a revised plan after a failure."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from thinkact.errors import FormatError
from thinkact.events import Event
from thinkact.models.base import Model
from thinkact.pev.events import PlanProposed, PlanRejected
from thinkact.pev.plan import Plan, parse_plan, plan_schema, plan_to_json
from thinkact.retry import RetryPolicy, acomplete_retrying
from thinkact.tools.base import Tool
from thinkact.types import (
    AssistantMessage,
    Message,
    ModelRequest,
    SystemMessage,
    Usage,
    UserMessage,
)

_PLANNER = """You are the planner of an agent. Split the task into a few steps (at most
{max_steps}). Each step has: "id" (s1, s2, ...), "goal" (what it must produce), "tools"
(names it may use, from the list below), "depends_on" (ids of steps whose results it
needs) and "check" ({check}).
Steps that do not depend on each other run in parallel. The last step gives the final answer.

Tools:
{tools}

Reply with JSON only:
{{"steps": [{{"id": "s1", "goal": "...", "tools": [], "depends_on": [], "check": "..."}}]}}"""


async def propose_plan(
    model: Model,
    task: str,
    tools: Sequence[Tool],
    *,
    instructions: str,
    validators: Collection[str],
    max_steps: int,
    attempts: int,
    max_tokens: int,
    done: Mapping[str, str],
    failure: str | None,
    revision: int,
    emit: Callable[[Event], None],
    retry: RetryPolicy,
    temperatures: tuple[float, float] = (0.0, 0.7),
) -> tuple[Plan | None, Usage]:
    """A plan for `task` (None if `attempts` replies all failed validation) and the usage.

    `done` maps steps finished under earlier plans to their results; with `failure` the
    planner revises the remaining work and may depend on those steps. `temperatures`: for
    the first reply and for those after a rejection (at temperature 0 the embedded model
    wrote the same rejected plan three times)."""
    listed = "\n".join(f"- {t.name}: {t.description}" for t in tools) or "- (none)"
    # With no validators, "validator:NAME" is not mentioned: small models copy the syntax
    # and name a tool ("validator:calculator"), and every plan is rejected.
    check = (
        f'how to check its result: "validator:NAME" with NAME one of '
        f"[{', '.join(sorted(validators))}], or a short criterion"
        if validators
        else "a short criterion its result must meet"
    )
    # A check is written before the step runs: a value in it is a guess, and the judge then
    # failed right results against it (GSM8K: "the result should be 96" for a correct 72).
    check += "; say what kind of result is wanted, never a value not yet computed"
    system = _PLANNER.format(max_steps=max_steps, check=check, tools=listed)
    if instructions:
        system = f"{instructions.strip()}\n\n{system}"
    content = f"Task: {task}"
    if failure is not None:
        finished = "\n".join(f"[{k}] {v[:600]}" for k, v in done.items())
        content += (
            f"\n\nThe previous plan failed: {failure}\nSteps already done (their ids can "
            f"be used in depends_on; do not repeat them):\n{finished or '(none)'}\n"
            "Write a new plan for the remaining work only."
        )
    names = {t.name for t in tools}
    history: list[Message] = [SystemMessage(system), UserMessage(content)]
    usage = Usage()
    for attempt in range(1, attempts + 1):
        request = ModelRequest(
            messages=tuple(history),
            max_tokens=max_tokens,
            json_schema=plan_schema(),
            temperature=temperatures[0] if attempt == 1 else temperatures[1],
        )
        reply = await acomplete_retrying(model, request, retry, emit)
        usage += reply.usage
        try:
            plan = parse_plan(reply.text, names, validators, known_ids=done)
        except FormatError as e:
            emit(PlanRejected(attempt, str(e), reply.text))
            history += [
                AssistantMessage(reply.text),
                UserMessage(f"{e} Reply with the corrected JSON plan."),
            ]
            continue
        emit(PlanProposed(attempt, plan_to_json(plan), revision))
        return plan, usage
    return None, usage
