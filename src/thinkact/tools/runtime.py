"""The tool runtime: runs one reply's tool calls with quotas, approval, timeouts and
bounded concurrency. Every failure becomes an observation the model can act on."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from thinkact.events import Event, ToolDenied
from thinkact.formats.base import unknown_tool_message
from thinkact.tools.base import Tool, ToolContext, error_text
from thinkact.tools.isolation import run_isolated
from thinkact.types import ToolCall, ToolResult

T = TypeVar("T")

Decision = bool | Literal["always"]
Approver = Callable[[ToolCall, Tool], Decision]
"""Asked before a tool marked `needs_approval` runs: True, False or "always" (this tool)."""


def approve_all(call: ToolCall, tool: Tool) -> Decision:
    return True


@dataclass(frozen=True, slots=True)
class ToolOutcome:
    result: ToolResult
    duration: float
    events: tuple[Event, ...] = ()


class ToolRuntime:
    """Runs tool calls for one run. Quotas and "always" approvals last for that run."""

    def __init__(
        self,
        tools: Sequence[Tool],
        *,
        concurrency: int = 8,
        approve: Approver | None = None,
        run_id: str = "",
    ) -> None:
        self.tools = {t.name: t for t in tools}
        self.concurrency = max(1, concurrency)
        self.approve = approve
        self.run_id = run_id
        self.state: dict[str, Any] = {}  # shared by this run's tools (ToolContext.state)
        self.calls_made: dict[str, int] = {}
        self._always: set[str] = set()
        self._lock = threading.Lock()

    # --- what happens before a call runs -----------------------------------------------

    def _refusal(self, step: int, call: ToolCall) -> ToolOutcome | None:
        """Unknown tool, spent quota or denied approval: an outcome without running it."""
        tool = self.tools.get(call.name)
        if tool is None:
            msg = "TOOL ERROR: UnknownTool: " + unknown_tool_message(call.name, self.tools)
            return ToolOutcome(ToolResult(call.id, call.name, msg, True), 0.0)
        with self._lock:
            used = self.calls_made.get(call.name, 0)
            if tool.max_calls is not None and used >= tool.max_calls:
                msg = (
                    f"TOOL ERROR: QuotaExceeded: {call.name} may be called at most "
                    f"{tool.max_calls} times in a run and that quota is spent. "
                    "Use the results you have or another tool."
                )
                return ToolOutcome(ToolResult(call.id, call.name, msg, True), 0.0)
            self.calls_made[call.name] = used + 1
        if tool.needs_approval and self.approve is not None and call.name not in self._always:
            decision = self.approve(call, tool)
            if decision == "always":
                self._always.add(call.name)
            elif not decision:
                reason = "the user did not approve this call"
                msg = f"DENIED: {reason}. Do not retry it; continue without it or explain."
                return ToolOutcome(
                    ToolResult(call.id, call.name, msg, True),
                    0.0,
                    (ToolDenied(step, call, reason),),
                )
        return None

    def _context(self, step: int) -> ToolContext:
        return ToolContext(run_id=self.run_id, step=step, state=self.state)

    @staticmethod
    def _finish(call: ToolCall, ctx: ToolContext, start: float, text: str, err: bool) -> ToolOutcome:
        result = ToolResult(call.id, call.name, text, err)
        return ToolOutcome(result, time.perf_counter() - start, tuple(ctx.events))

    # --- sync ---------------------------------------------------------------------------

    def run(self, step: int, calls: Sequence[ToolCall]) -> list[ToolOutcome]:
        """Run calls concurrently (threads; an event loop only if a tool is async)."""
        if len(calls) == 1:
            return [self._run_one_sync(step, calls[0])]
        if any(self.tools.get(c.name) is not None and self.tools[c.name].is_async for c in calls):
            return _run_coroutine(self.arun(step, calls))
        refusals = [self._refusal(step, c) for c in calls]  # approvals asked one at a time
        with concurrent.futures.ThreadPoolExecutor(min(self.concurrency, len(calls))) as pool:
            futures = [
                None if r is not None else pool.submit(self._execute_sync, step, c)
                for c, r in zip(calls, refusals, strict=True)
            ]
            return [r if r is not None else f.result() for r, f in zip(refusals, futures, strict=True)]  # type: ignore[union-attr]

    def _run_one_sync(self, step: int, call: ToolCall) -> ToolOutcome:
        refused = self._refusal(step, call)
        if refused is not None:
            return refused
        tool = self.tools[call.name]
        if tool.is_async:
            return _run_coroutine(self._execute_async(step, call))
        return self._execute_sync(step, call)

    def _execute_sync(self, step: int, call: ToolCall) -> ToolOutcome:
        tool = self.tools[call.name]
        ctx = self._context(step)
        start = time.perf_counter()
        try:
            if tool.isolate and tool.timeout is not None:
                text = run_isolated(tool, call.arguments, tool.timeout)
            elif tool.timeout is not None:
                text = _call_with_thread_timeout(tool, call, ctx)
            else:
                text = tool.call(call.arguments, ctx)
            return self._finish(call, ctx, start, text, False)
        except TimeoutError:
            return self._finish(call, ctx, start, _timeout_text(tool), True)
        except Exception as e:
            return self._finish(call, ctx, start, error_text(e), True)

    # --- async --------------------------------------------------------------------------

    async def arun(self, step: int, calls: Sequence[ToolCall]) -> list[ToolOutcome]:
        refusals = [self._refusal(step, c) for c in calls]
        sem = asyncio.Semaphore(self.concurrency)

        async def one(call: ToolCall, refused: ToolOutcome | None) -> ToolOutcome:
            if refused is not None:
                return refused
            async with sem:
                return await self._execute_async(step, call)

        return list(
            await asyncio.gather(*(one(c, r) for c, r in zip(calls, refusals, strict=True)))
        )

    async def _execute_async(self, step: int, call: ToolCall) -> ToolOutcome:
        tool = self.tools[call.name]
        ctx = self._context(step)
        start = time.perf_counter()
        try:
            if tool.is_async:
                coro = tool.acall(call.arguments, ctx)
                text = await (asyncio.wait_for(coro, tool.timeout) if tool.timeout else coro)
            elif tool.isolate and tool.timeout is not None:
                text = await asyncio.to_thread(run_isolated, tool, call.arguments, tool.timeout)
            else:
                fut = asyncio.to_thread(tool.call, call.arguments, ctx)
                text = await (asyncio.wait_for(fut, tool.timeout) if tool.timeout else fut)
            return self._finish(call, ctx, start, text, False)
        except TimeoutError:
            return self._finish(call, ctx, start, _timeout_text(tool), True)
        except Exception as e:
            return self._finish(call, ctx, start, error_text(e), True)


def _timeout_text(tool: Tool) -> str:
    return (
        f"TOOL ERROR: Timeout: {tool.name} did not finish within {tool.timeout:g} s and was "
        "stopped. Try simpler arguments or another approach."
    )


def _call_with_thread_timeout(tool: Tool, call: ToolCall, ctx: ToolContext) -> str:
    """A sync tool with a timeout but no isolation: we stop waiting (the thread cannot be
    killed; mark the tool `isolate=True` to really stop the work)."""
    pool = concurrent.futures.ThreadPoolExecutor(1)
    try:
        return pool.submit(tool.call, call.arguments, ctx).result(timeout=tool.timeout)
    finally:
        pool.shutdown(wait=False)


def _run_coroutine(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine from sync code, even when the caller already runs an event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
