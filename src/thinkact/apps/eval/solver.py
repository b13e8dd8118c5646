"""thinkact's own agent as a Solver: the real Agent, format and loop policies."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from thinkact.agent import Agent, exhaust
from thinkact.apps.eval.base import Attempt, Task, TraceSink, final_calls
from thinkact.apps.eval.session import CallLog, session_turns
from thinkact.config import AgentConfig
from thinkact.errors import FormatError
from thinkact.events import Event, FormatFailed, ModelReplied, RunStarted
from thinkact.formats.base import Format, Parsed, repeated_calls
from thinkact.loop import RunResult
from thinkact.models.base import Model
from thinkact.policies.base import BasePolicy, Hook, Policy, Turn, Verdict
from thinkact.policies.decline import DeclineCheck
from thinkact.policies.presets import Preset, Setup
from thinkact.policies.resample import Resample
from thinkact.policies.screen import Screening
from thinkact.resolve import resolve_format
from thinkact.types import Message, ModelRequest, Reply, ToolCall, Usage

FIRST_REPLY = "first_reply"  # why a one-turn run ended


@dataclass(frozen=True, slots=True)
class FirstOutcome:
    """What a one-turn run's first reply came to: the calls that would run (screening's
    refusals left out), or its answer; `reason` says which."""

    calls: tuple[ToolCall, ...] = ()
    answer: str | None = None
    reason: str = "no_reply"  # tool_calls, final_answer, calls_refused, format_error


class FirstReply(BasePolicy):
    """Ends a one-turn run at its first reply, before any tool runs (after a decline check
    or screening, when they are on): `outcome` is what the reply came to."""

    name = FIRST_REPLY

    def __init__(self) -> None:
        self.outcome = FirstOutcome()

    def _end(self, outcome: FirstOutcome) -> Verdict:
        self.outcome = outcome
        return Verdict(finish=FIRST_REPLY)

    def reply(
        self, turn: Turn, request: ModelRequest, reply: Reply, parsed: Parsed | FormatError
    ) -> Hook:
        return (
            self._end(FirstOutcome(reason="format_error"))
            if isinstance(parsed, FormatError)
            else None
        )

    def answer(
        self, turn: Turn, request: ModelRequest, reply: Reply, answer: str, forced: str
    ) -> Hook:
        return self._end(FirstOutcome(answer=answer, reason="final_answer"))

    def calls(self, turn: Turn, parsed: Parsed, refused: Mapping[str, str]) -> Hook:
        repeats = repeated_calls(parsed.calls)  # a copy of a refused call is refused too
        kept = tuple(c for c in parsed.calls if repeats.get(c.id, c).id not in refused)
        return self._end(FirstOutcome(kept, None, "tool_calls" if kept else "calls_refused"))


def one_turn_policies(first: FirstReply) -> Preset:
    """The policies of a one-turn run: what its config turns on that acts on a first reply
    (resampling a cut one, the decline check, screening), then `first`."""

    def build(setup: Setup) -> list[Policy]:
        cfg = setup.config
        screening = Screening() if cfg.screen_calls else None
        policies: list[Policy] = [DeclineCheck(screening)] if cfg.decline_check else []
        policies += [screening] if screening is not None else []
        return [*policies, Resample(cfg.retry_temperature, cfg.cut_frequency_penalty), first]

    return build


class ThinkactSolver:
    def __init__(
        self, model: Model, *, format: str | Format = "auto", config: AgentConfig | None = None
    ) -> None:
        self.model = model
        self.format = format
        self.config = config or AgentConfig(temperature=0.0)
        fmt = format if isinstance(format, str) else format.name
        self.name = f"thinkact[{fmt}]"

    def _agent(
        self, task: Task, format: Format, trace: TraceSink | None, first: FirstReply | None
    ) -> Agent:
        config = replace(self.config, max_steps=task.max_steps, **task.settings)
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
            policies="auto" if first is None else one_turn_policies(first),
        )

    def solve(self, task: Task, *, trace: TraceSink | None = None) -> Attempt:
        format = resolve_format(self.format, self.model)
        task = task.posed_in(format.name)
        if task.one_turn:
            return self._one_turn(task, format, trace)
        if task.turns:
            return self._session(task, format, trace)
        return self._run(self._agent(task, format, trace, None), task)

    def _session(self, task: Task, format: Format, trace: TraceSink | None) -> Attempt:
        """A multi-turn task: one run per user turn, each continuing the conversation of
        the ones before (`history`); the prediction is the calls that ran, per turn. A turn
        that runs out of steps ends the session (as BFCL's step limit does)."""
        log = CallLog()
        history: tuple[Message, ...] = ()
        failures, steps, usage, run_id, reason = 0, 0, Usage(), "", "no_turns"
        for prompt, tools in session_turns(task):
            log.next_turn()
            turn = replace(task, tools=tuple(log.wrap(t) for t in tools), turns=())
            result = None
            for item in self._agent(turn, format, trace, None).stream(prompt, history=history):
                failures += isinstance(item, FormatFailed)
                if isinstance(item, RunResult):
                    result = item
            assert result is not None
            history, run_id = result.messages, run_id or result.run_id
            steps, usage, reason = steps + result.steps, usage + result.usage, result.reason
            if reason == "max_steps":
                break
        return Attempt(log.turns, steps, usage, failures, run_id, reason)

    def _run(self, agent: Agent, task: Task) -> Attempt:
        failures, result = 0, None
        for item in agent.stream(task.prompt):
            failures += isinstance(item, FormatFailed)
            if isinstance(item, RunResult):
                result = item
        assert result is not None
        return Attempt(
            prediction=result.final_answer or "",
            steps=result.steps,
            usage=result.usage,
            parse_failures=failures,
            run_id=result.run_id,
            reason=result.reason,
        )

    def _one_turn(self, task: Task, format: Format, trace: TraceSink | None) -> Attempt:
        """The run ends at its first reply (see FirstReply): its calls are the prediction
        and no tool runs."""
        first = FirstReply()
        result = self._agent(task, format, trace, first).run(task.prompt)
        got = first.outcome
        return Attempt(
            prediction=final_calls([(c.name, c.arguments) for c in got.calls]),
            steps=1,
            usage=result.usage,
            parse_failures=int(got.reason == "format_error"),
            run_id=result.run_id,
            reason=got.reason,
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
        if task.turns:
            raise UserError("--agent pev runs one task; multi-turn sessions need thinkact or seed")
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
