"""Agent: a model, tools and a format, with sync and async drivers over one loop core."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Generator, Sequence
from typing import Any

from thinkact.config import AgentConfig
from thinkact.errors import ModelError
from thinkact.events import Event
from thinkact.formats import resolve_format
from thinkact.formats.base import Format
from thinkact.loop import CallModel, Effect, Loop, RunResult, RunTools, Sleep, Validator
from thinkact.models import resolve_model
from thinkact.models.base import Model
from thinkact.tools.base import Tool, as_tool
from thinkact.tools.runtime import Approver, ToolRuntime

Reporter = Callable[[Event], None]
"""Anything that consumes events: console UI, trace writer, run store, progress tracker."""


class Agent:
    """A ReAct agent.

    >>> agent = Agent("scripted:replies.json", tools=[calculator])    # doctest: +SKIP
    >>> agent.run("What is 17 * 23?").final_answer                     # doctest: +SKIP
    """

    def __init__(
        self,
        model: Model | str | None = None,
        tools: Sequence[Tool | Callable[..., Any]] = (),
        *,
        format: str | Format = "auto",
        instructions: str = "",
        config: AgentConfig | None = None,
        approve: Approver | None = None,
        validators: Sequence[Validator] = (),
        reporters: Sequence[Reporter] = (),
    ) -> None:
        self.model: Model = model if isinstance(model, Model) else resolve_model(model)
        self.tools = [as_tool(t) for t in tools]
        self.format = resolve_format(format, self.model)
        self.instructions = instructions
        self.config = config or AgentConfig()
        self.approve = approve
        self.validators = tuple(validators)
        self.reporters = list(reporters)

    def _start(self, task: str, run_id: str | None) -> tuple[Loop, ToolRuntime]:
        loop = Loop(
            task=task,
            model_name=self.model.name,
            format=self.format,
            tools=[t.spec for t in self.tools],
            instructions=self.instructions,
            config=self.config,
            validators=self.validators,
            run_id=run_id,
        )
        runtime = ToolRuntime(
            self.tools,
            concurrency=self.config.tool_concurrency,
            approve=self.approve,
            run_id=loop.run_id,
        )
        return loop, runtime

    def _report(self, event: Event) -> None:
        for reporter in self.reporters:
            reporter(event)

    # --- sync driver ----------------------------------------------------------------------

    def iter(self, task: str, *, run_id: str | None = None) -> Generator[Event, None, RunResult]:
        """Run the task, yielding every event; the generator returns the RunResult."""
        loop, runtime = self._start(task, run_id)
        gen = loop.run()
        value: Any = None
        error: BaseException | None = None
        while True:
            try:
                item: Effect = gen.throw(error) if error is not None else gen.send(value)
            except StopIteration as stop:
                result: RunResult = stop.value
                return result
            value, error = None, None
            if isinstance(item, CallModel):
                try:
                    value = self.model.complete(item.request)
                except ModelError as e:
                    error = e
            elif isinstance(item, RunTools):
                value = runtime.run(item.step, item.calls)
            elif isinstance(item, Sleep):
                time.sleep(item.seconds)
            else:
                self._report(item)
                yield item

    def run(self, task: str, *, run_id: str | None = None) -> RunResult:
        """Run the task to the end and return its result."""
        gen = self.iter(task, run_id=run_id)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                result: RunResult = stop.value
                return result

    # --- async driver ---------------------------------------------------------------------

    async def _adrive(self, task: str, run_id: str | None) -> AsyncIterator[Event | RunResult]:
        loop, runtime = self._start(task, run_id)
        gen = loop.run()
        value: Any = None
        error: BaseException | None = None
        while True:
            try:
                item: Effect = gen.throw(error) if error is not None else gen.send(value)
            except StopIteration as stop:
                yield stop.value
                return
            value, error = None, None
            if isinstance(item, CallModel):
                try:
                    value = await self.model.acomplete(item.request)
                except ModelError as e:
                    error = e
            elif isinstance(item, RunTools):
                value = await runtime.arun(item.step, item.calls)
            elif isinstance(item, Sleep):
                await asyncio.sleep(item.seconds)
            else:
                self._report(item)
                yield item

    async def aiter(self, task: str, *, run_id: str | None = None) -> AsyncIterator[Event]:
        """Async twin of `iter`: every event of the run (the last one is RunFinished)."""
        async for item in self._adrive(task, run_id):
            if isinstance(item, Event):
                yield item

    async def arun(self, task: str, *, run_id: str | None = None) -> RunResult:
        """Async twin of `run`."""
        result: RunResult | None = None
        async for item in self._adrive(task, run_id):
            if isinstance(item, RunResult):
                result = item
        assert result is not None
        return result
