"""Agent: a model, tools, a format and policies, with sync and async drivers over one
loop core. `stream`/`astream` are the public event stream: every event of a run, then its
RunResult."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Generator, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from thinkact.config import AgentConfig
from thinkact.demos import Example
from thinkact.errors import ModelError, UserError
from thinkact.events import Event, ToolFinished
from thinkact.formats.base import Format
from thinkact.loop import CallModel, Effect, Loop, Resume, RunResult, RunTools, Validator
from thinkact.models import resolve_model
from thinkact.models.base import Model, Positioned, Streaming, is_model
from thinkact.output import OutputType
from thinkact.policies.presets import Preset, Setup, is_local, preset
from thinkact.resolve import resolve_format
from thinkact.tools.base import Tool, as_tool
from thinkact.tools.runtime import Approver, ToolOutcome, ToolRuntime
from thinkact.tools.toolset import Toolset, list_toolsets, open_toolsets
from thinkact.types import Message, Reply, ToolCall

if TYPE_CHECKING:
    from thinkact.store.base import RunLog

R = TypeVar("R")
Reporter = Callable[[Event], None]
"""Anything that consumes events: console UI, trace writer, run store, progress tracker."""


class Agent:
    """A ReAct agent.

    >>> agent = Agent("scripted:replies.json", tools=[calculator])    # doctest: +SKIP
    >>> agent.run("What is 17 * 23?").final_answer                     # doctest: +SKIP

    A tool marked `needs_approval` runs only when `approve` allows it; with no approver it is
    refused (the model is told, a ToolDenied event says why). `approve=approve_all`
    (thinkact.tools.runtime) lets every call through.

    `policies` names a preset (thinkact.policies.presets; "auto": `small_local` on a local
    model, else `standard`) or is a function of the run's Setup returning fresh policies.
    `clock` times runs (elapsed time, time budgets, durations); tests pass a fake one.

    A toolset among the tools (an MCP server: `mcp_stdio(...)`) is listed when a run starts
    and held until the run ends, however it ends: a server the run started stops with it.

    `streaming=True` asks a model that can stream (`models.base.Streaming`) for each step's
    reply as it is written: its pieces come as `TextDelta` events before the `ModelReplied`
    that holds the whole reply (they are not stored). Other models are called as usual.

    `output_type` (a pydantic model, a type such as `list[str]`, or a JSON schema as a dict)
    makes the answer typed: the model is given its schema, the answer is checked against it
    (a failure goes back to the model as validators' do) and `RunResult.output` is the
    value; `final_answer` is its JSON (thinkact.output).
    """

    def __init__(
        self,
        model: Model | str | None = None,
        tools: Sequence[Tool | Toolset | Callable[..., Any]] = (),
        *,
        format: str | Format = "auto",
        instructions: str = "",
        examples: Sequence[Example] = (),
        config: AgentConfig | None = None,
        approve: Approver | None = None,
        validators: Sequence[Validator] = (),
        output_type: Any = None,
        reporters: Sequence[Reporter] = (),
        store: RunLog | None = None,
        policies: str | Preset = "auto",
        clock: Callable[[], float] = time.monotonic,
        streaming: bool = False,
    ) -> None:
        # not a Model: a spec string or None (TypeGuard does not narrow the other way)
        self.model: Model = model if is_model(model) else resolve_model(model)  # type: ignore[arg-type]
        # A Tool is no Toolset: the Protocol check (slow on 3.11) is for the others only.
        self.tools = [
            as_tool(t) for t in tools if isinstance(t, Tool) or not isinstance(t, Toolset)
        ]
        self.toolsets = [t for t in tools if not isinstance(t, Tool) and isinstance(t, Toolset)]
        self.format = resolve_format(format, self.model)
        self.instructions = instructions
        self.examples = tuple(examples)  # worked examples, shown in the format's own syntax
        self.config = config or AgentConfig()
        self.approve = approve
        self.validators = tuple(validators)
        self.output = None if output_type in (None, str) else OutputType(output_type)
        self.reporters = list(reporters)
        self.store = store  # every event of every run is appended here (see thinkact.store)
        if policies == "auto":
            policies = "small_local" if is_local(self.model.name) else "standard"
        self.policies: Preset = preset(policies) if isinstance(policies, str) else policies
        self.clock = clock
        self.streaming = streaming

    def _start(
        self,
        task: str,
        run_id: str | None,
        *,
        resume: Resume | None = None,
        config: AgentConfig | None = None,
        instructions: str | None = None,
        store: RunLog | None = None,
        history: Sequence[Message] = (),
    ) -> _Run:
        config = config or self.config
        store = store or self.store
        listed, held = (
            open_toolsets(self.toolsets, {t.name for t in self.tools})
            if self.toolsets
            else ([], ExitStack())
        )
        tools = [*self.tools, *listed]
        direct = {t.name: t.direct_answer for t in tools if t.return_direct}
        checks = self.validators  # the output's own check first: the rest get valid JSON
        if self.output is not None:
            checks = (self.output.validator(), *checks)
        loop = Loop(
            task=task,
            model_name=self.model.name,
            format=self.format,
            tools=[t.spec for t in tools],
            instructions=self.instructions if instructions is None else instructions,
            examples=self.examples,
            config=config,
            policies=self.policies(Setup(config, checks, direct)),
            run_id=run_id,
            clock=self.clock,
            context_window=getattr(self.model, "context_window", None),
            resume=resume,
            output=self.output,
            checkpoints=store is not None,
            history=history,
        )
        stored: set[tuple[int, str]] = set()

        def store_result(step: int, call: ToolCall, outcome: ToolOutcome) -> None:
            # The moment each call ends: parallel siblings may still be running.
            assert store is not None
            event = ToolFinished(step, call, outcome.result, outcome.duration)
            store.append(loop.run_id, event)
            stored.add((step, call.id))

        runtime = ToolRuntime(
            tools,
            concurrency=config.tool_concurrency,
            approve=self.approve,
            run_id=loop.run_id,
            on_finished=store_result if store is not None else None,
        )
        return _Run(loop, runtime, store, stored, held)

    def _report(self, run: _Run, event: Event) -> None:
        # First, so a failing reporter cannot lose an event; results already stored as
        # their calls ended are not stored twice.
        store = run.store
        if (
            store is not None
            and not event.ephemeral
            and not (isinstance(event, ToolFinished) and (event.step, event.call.id) in run.stored)
        ):
            store.append(run.loop.run_id, event)
        for reporter in self.reporters:
            reporter(event)

    @staticmethod
    def _stopped(run: _Run, error: BaseException) -> None:
        if run.store is not None:
            run.store.stopped(run.loop.run_id, f"interrupted: {type(error).__name__}")

    # --- sync driver ----------------------------------------------------------------------

    def stream(
        self, task: str, *, run_id: str | None = None, history: Sequence[Message] = ()
    ) -> Iterator[Event | RunResult]:
        """Every event of the run as it happens, then its RunResult (the last item).
        Closing the iterator early stops the run (a store marks it interrupted).

        `history` continues a conversation: an earlier run's messages (its
        `RunResult.messages` but the system prompt) go before `task`, so a next user turn
        sees what was said and done; the system prompt is built anew (the tools may differ).
        """
        result = yield from self.iter(task, run_id=run_id, history=history)
        yield result

    def iter(
        self, task: str, *, run_id: str | None = None, history: Sequence[Message] = ()
    ) -> Generator[Event, None, RunResult]:
        """Run the task, yielding every event; the generator returns the RunResult."""
        return self._drive(self._start(task, run_id, history=history))

    def _drive(self, run: _Run) -> Generator[Event, None, RunResult]:
        loop, model, runtime = run.loop, self.model, run.runtime
        gen = loop.run()
        send, throw = gen.send, gen.throw
        report = self._report if run.store is not None or self.reporters else None
        streams = self.streaming and isinstance(model, Streaming)
        try:
            try:
                item: Effect = send(None)
                while True:  # each effect performed, its outcome (or error) sent back
                    if isinstance(item, Event):
                        if report is not None:
                            report(run, item)
                        yield item
                        item = send(None)
                    elif isinstance(item, CallModel):
                        loop.model_calls += 1  # counted as asked: a resume goes on from there
                        try:
                            if streams and item.step:
                                reply = yield from self._streamed(run, item)
                            else:
                                reply = model.complete(item.request)
                        except ModelError as e:
                            item = throw(e)
                        else:
                            loop.usage += reply.usage
                            item = send(reply)
                    elif isinstance(item, RunTools):
                        item = send(runtime.run(item.step, item.calls))
                    else:
                        time.sleep(item.seconds)
                        item = send(None)
            except StopIteration as stop:
                return _ended(gen, stop)
        except BaseException as e:  # Ctrl-C, a bug, or the caller dropped the iterator
            self._stopped(run, e)
            raise
        finally:
            run.held.close()  # the toolsets (MCP servers) this run started stop with it

    def _streamed(self, run: _Run, call: CallModel) -> Generator[Event, None, Reply]:
        """A step's reply as it is written: each piece to the reporters and the caller."""
        from thinkact.models.stream import streamed

        assert isinstance(self.model, Streaming)
        pieces = streamed(self.model, call.request, call.step)
        while True:
            try:
                delta = next(pieces)
            except StopIteration as done:
                reply: Reply = done.value
                return reply
            self._report(run, delta)
            yield delta

    def run(
        self, task: str, *, run_id: str | None = None, history: Sequence[Message] = ()
    ) -> RunResult:
        """Run the task to the end and return its result (`history`: see `stream`)."""
        return exhaust(self.iter(task, run_id=run_id, history=history))

    def resume(self, run_id: str, *, store: RunLog | None = None) -> RunResult:
        """Continue a stored run that was killed or interrupted, from its last completed step.

        Uses this agent's model, tools and format (they must match the run's) and the run's
        own task, instructions and config. Tool calls whose results were stored are not run
        again; a call in flight when the run stopped runs again only if its tool is
        `idempotent`, otherwise the model is told it was interrupted.
        """
        return exhaust(self._drive(self._resumed(run_id, store)))

    def _resumed(self, run_id: str, store: RunLog | None) -> _Run:
        store = store or self.store
        if store is None:
            from thinkact.store import RunStore

            store = self.store = RunStore()  # the default one, kept for later runs
        record = store.get(run_id)
        tools = [*self.tools, *list_toolsets(self.toolsets)]
        missing = sorted(set(record.tools) - {t.name for t in tools})
        problems = [f"its tools {', '.join(missing)} are missing"] if missing else []
        if record.model != self.model.name:
            problems.append(f"it used model {record.model!r}, not {self.model.name!r}")
        if record.format != self.format.name:
            problems.append(f"it used format {record.format!r}, not {self.format.name!r}")
        if problems:
            raise UserError(f"cannot resume run {record.id} with this agent: {'; '.join(problems)}")
        idempotent = {t.name for t in tools if t.idempotent}
        resume = store.resume_point(record.id, idempotent.__contains__)
        if isinstance(self.model, Positioned):  # go on from the reply the run stopped at
            self.model.resume_at(resume.model_calls)
        return self._start(
            record.task,
            record.id,
            resume=resume,
            config=AgentConfig.from_dict(record.config) if record.config else None,
            instructions=record.instructions,
            store=store,
        )

    # --- async driver ---------------------------------------------------------------------

    async def astream(
        self, task: str, *, run_id: str | None = None
    ) -> AsyncIterator[Event | RunResult]:
        """Async twin of `stream`: every event of the run, then its RunResult."""
        async for item in self._adrive(self._start(task, run_id)):
            yield item

    async def _adrive(self, run: _Run) -> AsyncIterator[Event | RunResult]:
        loop, model, runtime = run.loop, self.model, run.runtime
        gen = loop.run()
        send, throw = gen.send, gen.throw
        report = self._report if run.store is not None or self.reporters else None
        streams = self.streaming and isinstance(model, Streaming)
        try:
            try:
                item: Effect = send(None)
                while True:
                    if isinstance(item, Event):
                        if report is not None:
                            report(run, item)
                        yield item
                        item = send(None)
                    elif isinstance(item, CallModel):
                        loop.model_calls += 1
                        try:
                            if streams and item.step:
                                async for piece in self._astreamed(run, item):
                                    if isinstance(piece, Reply):
                                        reply = piece
                                    else:
                                        yield piece
                            else:
                                reply = await model.acomplete(item.request)
                        except ModelError as e:
                            item = throw(e)
                        else:
                            loop.usage += reply.usage
                            item = send(reply)
                    elif isinstance(item, RunTools):
                        item = send(await runtime.arun(item.step, item.calls))
                    else:
                        import asyncio  # only a retry's wait needs it here

                        await asyncio.sleep(item.seconds)
                        item = send(None)
            except StopIteration as stop:
                yield _ended(gen, stop)
        except BaseException as e:
            self._stopped(run, e)
            raise
        finally:
            run.held.close()

    async def _astreamed(self, run: _Run, call: CallModel) -> AsyncIterator[Event | Reply]:
        """Async twin of `_streamed`: the pieces (reported), then the Reply."""
        from thinkact.models.stream import astreamed

        assert isinstance(self.model, Streaming)
        async for item in astreamed(self.model, call.request, call.step):
            if not isinstance(item, Reply):
                self._report(run, item)
            yield item

    async def aiter(self, task: str, *, run_id: str | None = None) -> AsyncIterator[Event]:
        """Async twin of `iter`: every event of the run (the last one is RunFinished)."""
        async for item in self.astream(task, run_id=run_id):
            if isinstance(item, Event):
                yield item

    async def arun(self, task: str, *, run_id: str | None = None) -> RunResult:
        """Async twin of `run`."""
        return await _aexhaust(self.astream(task, run_id=run_id))

    async def aresume(self, run_id: str, *, store: RunLog | None = None) -> RunResult:
        """Async twin of `resume`."""
        return await _aexhaust(self._adrive(self._resumed(run_id, store)))


@dataclass(frozen=True, slots=True)
class _Run:
    """One run in progress: its loop, its tool runtime and where its events are stored."""

    loop: Loop
    runtime: ToolRuntime
    store: RunLog | None
    stored: set[tuple[int, str]] = field(default_factory=set)  # (step, call id) in the store
    held: ExitStack = field(default_factory=ExitStack)  # the toolsets held open for the run


def _ended(gen: Generator[Effect, Any, RunResult], stop: StopIteration) -> RunResult:
    """The run's result, once its generator has returned (a StopIteration raised by a tool,
    a model or a reporter is a bug, not the end of the run)."""
    if getattr(gen, "gi_frame", None) is not None:  # the generator did not return
        raise RuntimeError("StopIteration raised inside a run") from stop
    result: RunResult = stop.value
    return result


def exhaust(events: Generator[Event, None, R], see: Callable[[Event], None] | None = None) -> R:
    """Run an event generator to its end (showing each event to `see`); its return value."""
    while True:
        try:
            event = next(events)
        except StopIteration as stop:
            result: R = stop.value
            return result
        if see is not None:
            see(event)


async def _aexhaust(items: AsyncIterator[Event | RunResult]) -> RunResult:
    result: RunResult | None = None
    async for item in items:
        if isinstance(item, RunResult):
            result = item
    assert result is not None
    return result
