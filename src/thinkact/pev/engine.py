"""Plan-Execute-Verify: a planner writes a structured plan, each step is a bounded ReAct
sub-run on the same engine, each result is verified, and failures go back to the planner."""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import AsyncIterator, Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from thinkact.agent import Reporter, exhaust
from thinkact.config import OBSERVATION_HINT, AgentConfig
from thinkact.demos import Example
from thinkact.errors import UserError
from thinkact.events import Event, RunFinished, RunResumed, RunStarted
from thinkact.formats.base import Format
from thinkact.loop import Validator
from thinkact.models import resolve_model
from thinkact.models.base import Model, is_model
from thinkact.pev.events import (
    PlanProposed,
    Replanned,
)
from thinkact.pev.plan import (
    Plan,
    PlanStep,
    plan_to_json,
    validate_plan,
)
from thinkact.pev.planner import propose_plan
from thinkact.pev.step import StepOutcome, StepRunner
from thinkact.pev.sync import sync_events
from thinkact.resolve import resolve_format
from thinkact.tools.base import Tool, as_tool
from thinkact.tools.runtime import Approver
from thinkact.types import (
    Usage,
)

if TYPE_CHECKING:
    from thinkact.store.base import RunLog

PlanApprover = Callable[[Plan], Plan | None]
"""Shown the plan before execution: return it (possibly edited) to go on, None to abort."""


@dataclass(frozen=True, slots=True)
class PEVConfig:
    max_replans: int = 2
    max_plan_attempts: int = 3  # replies that fail the plan schema, sent back with the reason
    max_plan_steps: int = 8
    # A step is a short task of its own; told to check each result against it, the
    # embedded model answers instead of repeating the call that just answered it.
    step_config: AgentConfig = field(
        default_factory=lambda: AgentConfig(max_steps=8, observation_hint=OBSERVATION_HINT)
    )
    parallel: bool = True  # run independent steps at once
    judge_steps: bool = True  # a short model judgement where a step names no validator
    plan_tokens: int = 1024


@dataclass(frozen=True, slots=True)
class PEVResult:
    final_answer: str | None
    reason: str  # final_answer, plan_invalid, replans_exhausted, aborted
    plan: Plan | None
    outcomes: tuple[StepOutcome, ...]
    replans: int
    usage: Usage
    duration: float

    @property
    def ok(self) -> bool:
        return self.reason == "final_answer"


@dataclass(frozen=True, slots=True)
class _Start:
    """Where a run starts: fresh (maybe with a given plan) or resumed from the store."""

    run_id: str
    plan: Plan | None
    done: Mapping[str, StepOutcome] = field(default_factory=dict)
    replans: int = 0
    resumed: bool = False


class _StepFailed(Exception):
    def __init__(self, outcome: StepOutcome) -> None:
        super().__init__(outcome.reason)
        self.outcome = outcome


class PlanExecuteVerify:
    """The production pattern beside plain ReAct, on the same engine (a peer of Agent)."""

    def __init__(
        self,
        model: Model | str | None = None,
        tools: Sequence[Tool | Callable[..., Any]] = (),
        *,
        format: str | Format = "auto",
        instructions: str = "",
        config: PEVConfig | None = None,
        validators: Sequence[Validator] = (),
        step_validators: Mapping[str, Validator] | None = None,
        step_examples: Sequence[Example] = (),
        approve: Approver | None = None,
        approve_plan: PlanApprover | None = None,
        reporters: Sequence[Reporter] = (),
        store: RunLog | None = None,
    ) -> None:
        self.model: Model = model if is_model(model) else resolve_model(model)  # type: ignore[arg-type]
        self.tools = [as_tool(t) for t in tools]
        self.format = resolve_format(format, self.model)
        self.instructions = instructions
        self.config = config or PEVConfig()
        self.validators = tuple(validators)
        self.step_validators = dict(step_validators or {})
        # Worked examples for the sub-runs: a step is shown those that call only its tools.
        self.step_examples = tuple(step_examples)
        self.approve = approve
        self.approve_plan = approve_plan
        self.reporters = list(reporters)
        self.store = store  # every event is appended here; `resume` continues from it
        self.usage = Usage()  # of the current (or last) run
        self._running = False

    # --- drivers -----------------------------------------------------------------------

    async def aiter(self, task: str, *, plan: Plan | None = None) -> AsyncIterator[Event]:
        """Every event of the run; sub-runs' events arrive as `SubRunEvent`s.

        `plan` skips the planner's first call (an app that knows its workflow gives it);
        re-plans still go to the planner."""
        async for item in self._adrive(task, plan):
            if isinstance(item, Event):
                yield item

    async def arun(self, task: str, *, plan: Plan | None = None) -> PEVResult:
        result: PEVResult | None = None
        async for item in self._adrive(task, plan):
            if isinstance(item, PEVResult):
                result = item
        assert result is not None
        return result

    def iter(self, task: str, *, plan: Plan | None = None) -> Generator[Event, None, PEVResult]:
        """Sync twin of `aiter`: the async run happens on a private thread, events stream."""
        return sync_events(lambda: self._adrive(task, plan))

    def run(self, task: str, *, plan: Plan | None = None) -> PEVResult:
        return exhaust(self.iter(task, plan=plan))

    def resume(self, run_id: str) -> PEVResult:
        """Continue a stored run (killed or interrupted): its verified steps are kept, the
        rest of its latest plan runs. Needs the `store` it was recorded in."""
        task, start = self._resume_point(run_id)
        return exhaust(sync_events(lambda: self._adrive(task, None, start)))

    def _resume_point(self, run_id: str) -> tuple[str, _Start]:
        if self.store is None or not hasattr(self.store, "events"):
            raise UserError("resume needs the run store the run was recorded in (store=...)")
        events = list(self.store.events(run_id))
        kinds = [e.get("kind") for e in events]
        if "run_started" not in kinds:
            raise UserError(f"run {run_id} is not in the store")
        if "run_finished" in kinds:
            raise UserError(f"run {run_id} already finished: nothing to resume")
        task = str(events[kinds.index("run_started")]["task"])
        plans = [e for e in events if e.get("kind") == "plan_proposed"]
        plan = Plan.model_validate_json(plans[-1]["plan"]) if plans else None
        done = {
            e["step_id"]: StepOutcome(e["step_id"], True, e.get("result"), "", Usage())
            for e in events
            if e.get("kind") == "plan_step_finished" and e.get("ok")
        }
        replans = kinds.count("replanned")
        return task, _Start(run_id, plan, done, replans, resumed=True)

    # --- the pattern -------------------------------------------------------------------

    async def _adrive(
        self, task: str, given: Plan | None, start: _Start | None = None
    ) -> AsyncIterator[Event | PEVResult]:
        if self._running:
            raise UserError("a PlanExecuteVerify instance runs one task at a time")
        self._running = True
        start = start or _Start(f"pev-{uuid.uuid4().hex[:12]}", given)
        events: asyncio.Queue[Event | PEVResult | BaseException] = asyncio.Queue()

        def emit(event: Event) -> None:
            if self.store is not None:  # first, so a failing reporter cannot lose an event
                self.store.append(start.run_id, event)
            for reporter in self.reporters:
                reporter(event)
            events.put_nowait(event)

        async def main() -> None:
            try:
                events.put_nowait(await self._run(task, emit, start))
            except BaseException as e:
                if self.store is not None:
                    self.store.stopped(start.run_id, f"interrupted: {type(e).__name__}")
                events.put_nowait(e)
            finally:
                self._running = False

        runner = asyncio.create_task(main())
        try:
            while True:
                item = await events.get()
                if isinstance(item, BaseException):
                    raise item
                yield item
                if isinstance(item, PEVResult):
                    return
        finally:
            runner.cancel()

    async def _run(self, task: str, emit: Callable[[Event], None], start: _Start) -> PEVResult:
        began = time.monotonic()
        run_id, given = start.run_id, start.plan
        self.usage = Usage()
        done: dict[str, StepOutcome] = dict(start.done)
        outcomes: list[StepOutcome] = list(start.done.values())
        if start.resumed:
            emit(RunResumed(run_id, len(done)))
        else:
            emit(
                RunStarted(
                    run_id,
                    task,
                    self.model.name,
                    "pev",
                    self.config.max_plan_steps,
                    tuple(t.name for t in self.tools),
                    self.instructions,
                    {  # what `thinkact resume` needs
                        "step_format": self.format.name,
                        "labels": [list(p) for p in self.config.step_config.labels],
                    },
                )
            )
        plan: Plan | None
        if given is not None:
            try:
                own = {s.id for s in given.steps}  # a resumed plan's steps may be done
                earlier = [k for k in done if k not in own]
                validate_plan(given, {t.name for t in self.tools}, self.step_validators, earlier)
            except ValueError as e:
                raise UserError(f"the given plan is not usable: {e}") from None
            if not start.resumed:
                emit(PlanProposed(0, plan_to_json(given), 0))
            plan = given
        else:
            plan = await self._plan(task, emit, done, None, 0)
        replans = start.replans

        def finish(reason: str, answer: str | None) -> PEVResult:
            duration = time.monotonic() - began
            steps = sum(1 for _ in outcomes)
            emit(RunFinished(run_id, reason, answer, steps, self.usage, duration))
            return PEVResult(answer, reason, plan, tuple(outcomes), replans, self.usage, duration)

        if plan is None:
            return finish("plan_invalid", None)
        if self.approve_plan is not None and not start.resumed:
            plan = await asyncio.to_thread(self.approve_plan, plan)
            if plan is None:
                return finish("aborted", None)
        while True:
            failure: str | None
            try:
                await self._execute(task, plan, done, outcomes, emit)
                answer = done[plan.steps[-1].id].result
                failure = self._final_check(answer or "")
                if failure is None:
                    return finish("final_answer", answer)
                failure = f"the final result failed its check: {failure}"
            except _StepFailed as e:
                failure = f"step {e.outcome.step_id} failed: {e.outcome.reason}"
            if replans >= self.config.max_replans:
                return finish("replans_exhausted", None)
            replans += 1
            emit(Replanned(replans, failure))
            new_plan = await self._plan(task, emit, done, failure, replans)
            if new_plan is None:
                return finish("plan_invalid", None)
            plan = new_plan

    def _final_check(self, answer: str) -> str | None:
        for v in self.validators:
            reason = v(answer)
            if reason:
                return reason
        return None

    async def _plan(
        self,
        task: str,
        emit: Callable[[Event], None],
        done: Mapping[str, StepOutcome],
        failure: str | None,
        revision: int,
    ) -> Plan | None:
        finished = {o.step_id: o.result or "" for o in done.values() if o.ok}
        plan, usage = await propose_plan(
            self.model,
            task,
            self.tools,
            instructions=self.instructions,
            validators=self.step_validators,
            max_steps=self.config.max_plan_steps,
            attempts=self.config.max_plan_attempts,
            max_tokens=self.config.plan_tokens,
            done=finished,
            failure=failure,
            revision=revision,
            emit=emit,
            retry=self.config.step_config.retry,
            temperatures=(
                self.config.step_config.temperature,
                max(self.config.step_config.temperature, self.config.step_config.retry_temperature),
            ),
        )
        self.usage += usage
        return plan

    async def _execute(
        self,
        task: str,
        plan: Plan,
        done: dict[str, StepOutcome],
        outcomes: list[StepOutcome],
        emit: Callable[[Event], None],
    ) -> None:
        """Run every step once its dependencies are done; independent steps overlap."""
        finished: dict[str, asyncio.Event] = {s.id: asyncio.Event() for s in plan.steps}
        # Steps done under an earlier plan (or before a crash) count as finished.
        for step_id in done:
            finished.setdefault(step_id, asyncio.Event()).set()
        sequential = asyncio.Lock()
        runner = StepRunner(
            self.model,
            self.tools,
            self.format,
            self.instructions,
            self.config.step_config,
            self.step_validators,
            self.config.judge_steps,
            self.approve,
            self.step_examples,
        )

        failed: list[StepOutcome] = []  # once a step fails, no new step starts

        async def one(step: PlanStep) -> None:
            for dep in step.depends_on:
                await finished[dep].wait()
            async with contextlib.nullcontext() if self.config.parallel else sequential:
                if failed:
                    return
                outcome, usage = await runner.run(task, step, done, emit)
                self.usage += usage
            outcomes.append(outcome)
            if not outcome.ok:
                failed.append(outcome)
                raise _StepFailed(outcome)
            done[step.id] = outcome
            finished[step.id].set()

        tasks = [asyncio.create_task(one(s)) for s in plan.steps if s.id not in done]
        try:
            await asyncio.gather(*tasks)
        finally:
            for t in tasks:
                t.cancel()
