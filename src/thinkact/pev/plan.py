"""Structured plans: steps with ids, goals, tools, dependencies and checks."""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Sequence
from typing import Any

import pydantic

from thinkact.errors import FormatError


class PlanStep(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="ignore", frozen=True)

    id: str = pydantic.Field(min_length=1, max_length=40, description="Short unique id")
    goal: str = pydantic.Field(min_length=1, max_length=600, description="What this step achieves")
    tools: list[str] = pydantic.Field(default_factory=list, description="Tools it may use")
    depends_on: list[str] = pydantic.Field(
        default_factory=list, description="Ids of steps whose results it needs"
    )
    check: str = pydantic.Field(
        default="",
        max_length=400,
        description="How its result is checked: a validator name, or a criterion to judge",
    )


class Plan(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="ignore", frozen=True)

    steps: list[PlanStep] = pydantic.Field(min_length=1, max_length=20)

    def step(self, step_id: str) -> PlanStep:
        return next(s for s in self.steps if s.id == step_id)

    def waves(self) -> list[list[PlanStep]]:
        """Steps grouped so that each group depends only on earlier groups (run in parallel)."""
        done: set[str] = set()
        left = list(self.steps)
        out: list[list[PlanStep]] = []
        while left:
            ready = [s for s in left if set(s.depends_on) <= done]
            if not ready:  # validate() rejects cycles; this guards direct construction
                raise ValueError("the plan's dependencies form a cycle")
            out.append(ready)
            done |= {s.id for s in ready}
            left = [s for s in left if s.id not in done]
        return out

    def render(self) -> str:
        lines = []
        for s in self.steps:
            deps = f" (after {', '.join(s.depends_on)})" if s.depends_on else ""
            tools = f" [tools: {', '.join(s.tools)}]" if s.tools else ""
            check = f"\n    check: {s.check}" if s.check else ""
            lines.append(f"{s.id}. {s.goal}{deps}{tools}{check}")
        return "\n".join(lines)


def plan_schema() -> dict[str, Any]:
    """JSON schema of a plan, for constrained decoding and for the planner's prompt."""
    from thinkact.tools.base import _inline_refs

    return _inline_refs(Plan.model_json_schema())


def validate_plan(
    plan: Plan,
    tool_names: Collection[str],
    validator_names: Collection[str],
    known_ids: Collection[str] = (),
) -> None:
    """Raise ValueError with every problem a planner must fix.

    `known_ids` are steps finished under an earlier plan: new steps may depend on them.
    """
    problems: list[str] = []
    ids = [s.id for s in plan.steps]
    dupes = sorted({i for i in ids if ids.count(i) > 1} | (set(ids) & set(known_ids)))
    if dupes:
        problems.append(f"duplicate step ids: {', '.join(dupes)}")
    known = set(ids) | set(known_ids)
    for s in plan.steps:
        missing = [d for d in s.depends_on if d not in known]
        if missing:  # a re-planner depended on a step it never wrote (the legal review)
            can = ", ".join(sorted(known - {s.id})) or "none"
            problems.append(
                f"step {s.id} depends on unknown steps: {', '.join(missing)} "
                f"(it can depend on: {can})"
            )
        if s.id in s.depends_on:
            problems.append(f"step {s.id} depends on itself")
        if not re.search(r"[^\W\d_]", s.goal):  # "..." copied from the prompt's JSON shape
            problems.append(f"step {s.id} has no goal: say in words what it must produce")
        unknown = [t for t in s.tools if t not in tool_names]
        if unknown:
            problems.append(
                f"step {s.id} names unknown tools: {', '.join(unknown)} "
                f"(available: {', '.join(sorted(tool_names)) or 'none'})"
            )
        if s.check.startswith("validator:") and s.check[10:].strip() not in validator_names:
            problems.append(
                f"step {s.id} names unknown validator {s.check[10:].strip()!r} "
                f"(available: {', '.join(sorted(validator_names)) or 'none'})"
            )
    if not problems:
        try:
            Plan(
                steps=[
                    s.model_copy(update={"depends_on": [d for d in s.depends_on if d in ids]})
                    for s in plan.steps
                ]
            ).waves()
        except ValueError as e:
            problems.append(str(e))
    if problems:
        raise ValueError("; ".join(problems))


def parse_plan(
    text: str,
    tool_names: Collection[str],
    validator_names: Collection[str] = (),
    *,
    known_ids: Collection[str] = (),
) -> Plan:
    """Read a plan from a model's reply (JSON, possibly fenced or inside <plan> tags).

    Raises FormatError with a message for the planner: invalid JSON, schema violations,
    unknown tools, dangling dependencies, cycles.
    """
    from thinkact.formats.jsonish import find_value

    body = text
    m = re.search(r"<plan>(.*?)(?:</plan>|$)", body, re.S | re.I)
    if m:
        body = m.group(1)
    try:
        data, _, _ = find_value(body)
    except ValueError as e:
        raise FormatError(
            'The plan must be JSON: {"steps": [{"id": "s1", "goal": "..."}]}. ' + str(e)[:300]
        ) from None
    if isinstance(data, list):
        data = {"steps": data}
    try:
        plan = Plan.model_validate(data)
    except pydantic.ValidationError as e:
        from thinkact.tools.base import format_validation_error

        raise FormatError(
            f"The plan does not fit the schema: {format_validation_error(e)}"
        ) from None
    try:
        validate_plan(plan, tool_names, validator_names, known_ids)
    except ValueError as e:
        raise FormatError(f"The plan is not usable: {e}") from None
    return plan


def plan_to_json(plan: Plan) -> str:
    return json.dumps(plan.model_dump(), ensure_ascii=False, indent=1)


def steps_summary(steps: Sequence[PlanStep]) -> str:
    return ", ".join(s.id for s in steps)
