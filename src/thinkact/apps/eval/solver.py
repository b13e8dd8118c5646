"""thinkact's own agent as a Solver: the real Agent, format and loop policies."""

from __future__ import annotations

from dataclasses import replace

from thinkact.agent import Agent, exhaust
from thinkact.apps.eval.base import Attempt, Task, TraceSink, final_calls
from thinkact.config import AgentConfig
from thinkact.events import (
    CallsScreened,
    DeclineChecked,
    Event,
    FormatFailed,
    ModelReplied,
    Notice,
    RunFinished,
    RunStarted,
)
from thinkact.formats.base import Format
from thinkact.models.base import Model
from thinkact.resolve import resolve_format
from thinkact.screen import DECLINE_KEPT
from thinkact.types import Usage


class ThinkactSolver:
    def __init__(
        self, model: Model, *, format: str | Format = "auto", config: AgentConfig | None = None
    ) -> None:
        self.model = model
        self.format = format
        self.config = config or AgentConfig(temperature=0.0)
        fmt = format if isinstance(format, str) else format.name
        self.name = f"thinkact[{fmt}]"

    def _agent(self, task: Task, format: Format, trace: TraceSink | None) -> Agent:
        config = replace(
            self.config,
            max_steps=task.max_steps,
            observation_hint=task.observation_hint or self.config.observation_hint,
            screen_calls=task.screen_calls or self.config.screen_calls,
            decline_check=task.decline_check or self.config.decline_check,
        )
        reporters = [] if trace is None else [lambda e: trace(e.to_dict())]
        return Agent(
            self.model,
            task.tools,
            format=format,
            instructions=task.instructions,
            examples=task.examples,
            validators=task.validators,
            config=config,
            reporters=reporters,
        )

    def solve(self, task: Task, *, trace: TraceSink | None = None) -> Attempt:
        format = resolve_format(self.format, self.model)
        task = task.posed_in(format.name)
        agent = self._agent(task, format, trace)
        return self._one_turn(agent, task) if task.one_turn else self._run(agent, task)

    def _run(self, agent: Agent, task: Task) -> Attempt:
        failures = 0

        def count(event: Event) -> None:
            nonlocal failures
            failures += isinstance(event, FormatFailed)

        result = exhaust(agent.iter(task.prompt), count)
        return Attempt(
            prediction=result.final_answer or "",
            steps=result.steps,
            usage=result.usage,
            parse_failures=failures,
            run_id=result.run_id,
            reason=result.reason,
        )

    def _one_turn(self, agent: Agent, task: Task) -> Attempt:
        """Stop the run right after the first reply is parsed: its calls are the prediction
        and no tool runs. The event after ModelReplied says whether the parse failed, or
        which calls screening refused (those are not made), or that a decline check found
        a fitting tool (then the reply after it is the one that counts)."""
        run_id, usage = "", Usage()
        replied: ModelReplied | None = None
        failed = waiting = False
        refused: tuple[str, ...] = ()
        unfounded: set[str] = set()
        gen = agent.iter(task.prompt)
        try:
            for event in gen:
                if isinstance(event, RunStarted):
                    run_id = event.run_id
                elif isinstance(event, ModelReplied):
                    replied, usage, waiting = event, usage + event.usage, False
                elif isinstance(event, (CallsScreened, DeclineChecked)):
                    usage += event.usage
                    if isinstance(event, DeclineChecked):
                        waiting = bool(event.fitting)
                    else:
                        refused = event.refused
                        unfounded = {call_id for call_id, _ in event.ungrounded}
                elif waiting and isinstance(event, Notice) and event.reason == DECLINE_KEPT:
                    waiting = False
                elif replied is not None and not waiting:
                    failed = isinstance(event, FormatFailed)
                    break
                elif isinstance(event, RunFinished):  # ended without a reply (no steps)
                    break
        finally:
            gen.close()
        calls = [] if replied is None or failed else list(replied.actions)
        calls = [c for c in calls if c.name not in refused and c.id not in unfounded]
        answer = None if replied is None else replied.final_answer
        if failed or calls:
            reason = "format_error" if failed else "tool_calls"
        elif refused or unfounded:
            reason = "calls_refused"
        else:
            reason = "final_answer" if answer is not None else "no_reply"
        return Attempt(
            prediction=final_calls([(c.name, c.arguments) for c in calls]),
            steps=1,
            usage=usage,
            parse_failures=int(failed),
            run_id=run_id,
            reason=reason,
        )


class PevSolver:
    """Plan-Execute-Verify as a Solver, for rows of PEV against plain ReAct. Its steps are
    the model's ReAct steps summed over the plan's sub-runs; its parse failures count the
    sub-runs' too. One-turn suites (BFCL) have nothing to plan: use ThinkactSolver."""

    def __init__(self, model: Model, *, format: str | Format = "auto") -> None:
        self.model = model
        self.format = format
        fmt = format if isinstance(format, str) else format.name
        self.name = f"pev[{fmt}]"

    def solve(self, task: Task, *, trace: TraceSink | None = None) -> Attempt:
        from thinkact.errors import UserError
        from thinkact.pev import PlanExecuteVerify
        from thinkact.pev.events import SubRunEvent

        if task.one_turn:
            raise UserError("--agent pev runs whole tasks; one-turn items (BFCL) need thinkact")
        reporters = [] if trace is None else [lambda e: trace(e.to_dict())]
        engine = PlanExecuteVerify(
            self.model,
            task.tools,
            format=self.format,
            instructions=task.instructions,
            validators=task.validators,
            reporters=reporters,
        )
        failures = steps = 0
        run_id = ""

        def count(event: Event) -> None:
            nonlocal failures, steps, run_id
            if isinstance(event, RunStarted) and not run_id:
                run_id = event.run_id
            inner = event.event if isinstance(event, SubRunEvent) else None
            failures += isinstance(inner, FormatFailed)
            steps += isinstance(inner, ModelReplied)

        result = exhaust(engine.iter(task.prompt), count)
        return Attempt(
            prediction=result.final_answer or "",
            steps=steps,
            usage=result.usage,
            parse_failures=failures,
            run_id=run_id,
            reason=result.reason,
        )
