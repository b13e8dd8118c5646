"""One plan step: a bounded ReAct sub-run with only the step's tools, then its check."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from thinkact.agent import Agent
from thinkact.config import AgentConfig
from thinkact.demos import Example
from thinkact.events import Event
from thinkact.formats.base import Format
from thinkact.loop import Validator
from thinkact.models.base import Model
from thinkact.pev.events import PlanStepFinished, PlanStepStarted, SubRunEvent
from thinkact.pev.plan import PlanStep
from thinkact.pev.verify import judge, judge_schema
from thinkact.tools.base import Tool
from thinkact.tools.runtime import Approver
from thinkact.types import Usage

_STEP = (
    "You carry out one step of a larger plan. Do only this step, then give its result as "
    "your final answer: complete and self-contained, because later steps see only it."
)


@dataclass(frozen=True, slots=True)
class StepOutcome:
    step_id: str
    ok: bool
    result: str | None
    reason: str
    usage: Usage


@dataclass(frozen=True, slots=True)
class StepRunner:
    model: Model
    tools: Sequence[Tool]
    format: Format
    instructions: str
    config: AgentConfig
    validators: Mapping[str, Validator]
    judge_steps: bool  # a short model judgement where a step names no validator
    approve: Approver | None = None
    examples: Sequence[Example] = ()  # each step sees those that call only its tools

    async def run(
        self,
        task: str,
        step: PlanStep,
        done: Mapping[str, StepOutcome],
        emit: Callable[[Event], None],
    ) -> tuple[StepOutcome, Usage]:
        """The step's outcome, and the usage of its sub-run and its judge together."""
        emit(PlanStepStarted(step.id, step.goal))
        context = "\n".join(f"[{d}] {done[d].result}" for d in step.depends_on if d in done)
        # The step first: told the whole task first, the embedded model set out to do all
        # of it ("I need to write LEGAL_NOTICES.md") from inside a one-document step.
        sub_task = (
            f"Your step ({step.id}): {step.goal}\n\n(It is one step of this task; other "
            f"steps do the rest: {task})"
        )
        if context:
            sub_task += f"\n\nResults of the steps it builds on:\n{context}"
        agent = Agent(
            self.model,
            [t for t in self.tools if t.name in step.tools],
            format=self.format,
            instructions=f"{self.instructions.strip()}\n\n{_STEP}".strip(),
            examples=[e for e in self.examples if e.tools <= set(step.tools)],
            config=self.config,
            # A named validator also checks the sub-run's answer, so its reason reaches the
            # model while it can still fix the answer, not only the planner afterwards.
            validators=[self.validators[name]] if (name := _validator(step)) else [],
            approve=self.approve,
        )
        result = None
        async for event in agent.astream(sub_task):
            if isinstance(event, Event):
                emit(SubRunEvent(step.id, event))
            else:
                result = event
        assert result is not None
        # An answer forced by a limit (loop, max_steps) is still checked when the step has
        # a check: the check, not the way the sub-run ended, says whether it will do.
        forced = result.reason != "final_answer"
        answer = result.final_answer
        if not answer or (forced and not self.has_check(step)):
            reason = f"its sub-run ended with {result.reason}"
            emit(PlanStepFinished(step.id, False, answer, "none", reason))
            return StepOutcome(step.id, False, answer, reason, result.usage), result.usage
        check, failure, judged = await self._verify(step, answer, emit)
        if failure is not None and forced:
            failure = f"its sub-run ended with {result.reason}, and {failure}"
        ok = failure is None
        emit(PlanStepFinished(step.id, ok, answer, check, failure or ""))
        outcome = StepOutcome(step.id, ok, answer, failure or "", result.usage)
        return outcome, result.usage + judged

    def has_check(self, step: PlanStep) -> bool:
        return step.check.startswith("validator:") or bool(step.check and self.judge_steps)

    async def _verify(
        self, step: PlanStep, result: str, emit: Callable[[Event], None]
    ) -> tuple[str, str | None, Usage]:
        """(what checked it, None if it passed else why not, the judge's usage)."""
        if name := _validator(step):
            return step.check, self.validators[name](result), Usage()
        if not self.has_check(step):
            return "none", None, Usage()
        verdict, usage = await judge(
            self.model,
            step.goal,
            step.check,
            result,
            judge_schema(),
            self.config.retry,
            emit,
        )
        return "judge", None if verdict.passed else verdict.reason, usage


def _validator(step: PlanStep) -> str | None:
    """The validator a step's check names ("validator:NAME"), if it names one."""
    if step.check.startswith("validator:"):
        return step.check[len("validator:") :].strip()
    return None
