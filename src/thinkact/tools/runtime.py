"""The tool runtime: runs one reply's tool calls with quotas, approval, timeouts and
bounded concurrency. Every failure becomes an observation the model can act on, and every
outcome other than a plain result is an event (approved, denied, quota spent, timed out).

Timeouts: an async tool is cancelled; a sync tool marked `isolate=True` runs in a worker
process that is killed (with anything it started); any other sync tool runs in a thread
that cannot be stopped, so the runtime only stops waiting for it.

asyncio, thread pools and worker processes load only when a run needs them (an async
tool or driver, parallel calls, an isolated tool): `from thinkact import Agent` stays light.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from thinkact.events import Event, ToolDenied
from thinkact.formats.base import unknown_tool_message
from thinkact.tools.base import Tool, ToolContext, error_text
from thinkact.types import ToolCall, ToolResult, quick_init

if TYPE_CHECKING:
    import concurrent.futures
    from concurrent.futures import Future

T = TypeVar("T")

Decision = bool | Literal["always"]
Approver = Callable[[ToolCall, Tool], Decision]
"""Asked before a tool marked `needs_approval` runs: True, False or "always" (this tool).
With no approver such a tool never runs (approval fails closed): pass `approve=approve_all`
to let every call through."""

NO_APPROVER = (
    "it needs approval and no approver was given "
    "(pass approve=..., e.g. thinkact.tools.runtime.approve_all)"
)


def approve_all(call: ToolCall, tool: Tool) -> Decision:
    """Approve every call: the explicit choice to let world-changing tools run unasked."""
    return True


@dataclass(frozen=True, slots=True)
class ToolApproved(Event):
    """A tool needing approval was allowed (`always`: for the rest of the run)."""

    kind: ClassVar[str] = "tool_approved"
    step: int
    call: ToolCall
    always: bool = False


@dataclass(frozen=True, slots=True)
class QuotaSpent(Event):
    """A call was refused because its tool's `max_calls` for the run were used."""

    kind: ClassVar[str] = "quota_spent"
    step: int
    call: ToolCall
    max_calls: int


@dataclass(frozen=True, slots=True)
class ToolTimedOut(Event):
    """A call passed its tool's timeout. `stopped`: its work was really ended (a cancelled
    coroutine, a killed worker process), not just abandoned in a thread."""

    kind: ClassVar[str] = "tool_timed_out"
    step: int
    call: ToolCall
    timeout: float
    stopped: bool


@dataclass(frozen=True, slots=True)
class ToolOutcome:
    result: ToolResult
    duration: float
    events: tuple[Event, ...] = ()


def _refused(call: ToolCall, text: str, *events: Event) -> ToolOutcome:
    return ToolOutcome(ToolResult(call.id, call.name, text, True), 0.0, events)


class ToolRuntime:
    """Runs tool calls for one run. Quotas and "always" approvals last for that run."""

    def __init__(
        self,
        tools: Sequence[Tool],
        *,
        concurrency: int = 8,
        approve: Approver | None = None,
        run_id: str = "",
        on_finished: Callable[[int, ToolCall, ToolOutcome], None] | None = None,
    ) -> None:
        self.tools = {t.name: t for t in tools}
        # Called in the worker thread the moment a call ends: a run store records each
        # result then, so a crash mid-step loses none of the calls that had finished.
        self.on_finished = on_finished
        self.concurrency = max(1, concurrency)
        self.approve = approve
        self.run_id = run_id
        self.state: dict[str, Any] = {}  # shared by this run's tools (ToolContext.state)
        self.calls_made: dict[str, int] = {}
        self._always: set[str] = set()
        self._lock = threading.Lock()

    # --- what happens before a call runs -----------------------------------------------

    def _admit(self, step: int, call: ToolCall) -> tuple[ToolOutcome | None, tuple[Event, ...]]:
        """Unknown tool, spent quota or denied approval: an outcome without running it.
        Otherwise (None, events to report with the call's result)."""
        tool = self.tools.get(call.name)
        if tool is None:
            msg = "TOOL ERROR: UnknownTool: " + unknown_tool_message(call.name, self.tools)
            return _refused(call, msg), ()
        if tool.max_calls is None and not tool.needs_approval:  # nothing to ask or refuse
            # no lock: calls are admitted one at a time, and this count limits nothing
            self.calls_made[call.name] = self.calls_made.get(call.name, 0) + 1
            return None, ()
        if tool.max_calls is not None and self.calls_made.get(call.name, 0) >= tool.max_calls:
            return self._quota_refusal(step, call, tool.max_calls), ()
        events: tuple[Event, ...] = ()
        if tool.needs_approval and self.approve is None:
            msg = (
                f"DENIED: {call.name} needs approval and none was given. Do not retry it; "
                "continue without it or explain."
            )
            return _refused(call, msg, ToolDenied(step, call, NO_APPROVER)), ()
        if tool.needs_approval and self.approve is not None and call.name not in self._always:
            try:
                decision = self.approve(call, tool)
            except Exception as e:  # a broken prompt must not approve anything
                decision, why = False, f"the approval prompt failed ({type(e).__name__}: {e})"
            else:
                why = "the user did not approve this call"
            if decision == "always":
                self._always.add(call.name)
            if not decision:
                msg = f"DENIED: {why}. Do not retry it; continue without it or explain."
                return _refused(call, msg, ToolDenied(step, call, why)), ()
            events = (ToolApproved(step, call, decision == "always"),)
        with self._lock:  # counted only once the call will really run
            used = self.calls_made.get(call.name, 0)
            if tool.max_calls is not None and used >= tool.max_calls:
                return self._quota_refusal(step, call, tool.max_calls), ()
            self.calls_made[call.name] = used + 1
        return None, events

    @staticmethod
    def _quota_refusal(step: int, call: ToolCall, max_calls: int) -> ToolOutcome:
        msg = (
            f"TOOL ERROR: QuotaExceeded: {call.name} may be called at most {max_calls} "
            "times in a run and that quota is spent. Use the results you have or another tool."
        )
        return _refused(call, msg, QuotaSpent(step, call, max_calls))

    def _context(self, tool: Tool, step: int) -> ToolContext | None:
        """Only tools that declare a ToolContext get one (and only they can emit events)."""
        if tool.context_param is None:
            return None
        return ToolContext(run_id=self.run_id, step=step, state=self.state)

    def _finish(
        self,
        step: int,
        call: ToolCall,
        ctx: ToolContext | None,
        start: float,
        text: str,
        err: bool,
        before: tuple[Event, ...],
        after: tuple[Event, ...] = (),
    ) -> ToolOutcome:
        result = ToolResult(call.id, call.name, text, err)
        emitted = ctx.events if ctx is not None else ()
        events = (*before, *emitted, *after) if before or emitted or after else ()
        outcome = ToolOutcome(result, time.perf_counter() - start, events)
        if self.on_finished is not None:  # as each call ends, not when the whole step does
            self.on_finished(step, call, outcome)
        return outcome

    def _timed_out(
        self,
        step: int,
        call: ToolCall,
        ctx: ToolContext | None,
        start: float,
        before: tuple[Event, ...],
    ) -> ToolOutcome:
        tool = self.tools[call.name]
        timeout = tool.timeout or 0.0
        stopped = tool.is_async or tool.isolate
        if stopped:
            text = f"{tool.name} did not finish within {timeout:g} s and was stopped"
        else:
            text = f"{tool.name} did not finish within {timeout:g} s; its result is discarded"
        text = f"TOOL ERROR: Timeout: {text}. Try simpler arguments or another approach."
        event = ToolTimedOut(step, call, timeout, stopped)
        return self._finish(step, call, ctx, start, text, True, before, (event,))

    # --- sync ---------------------------------------------------------------------------

    def run(self, step: int, calls: Sequence[ToolCall]) -> list[ToolOutcome]:
        """Run calls concurrently (threads; an event loop only if a tool is async)."""
        if len(calls) == 1:  # the common case: no pool, no event loop
            refused, events = self._admit(step, call := calls[0])
            if refused is not None:
                return [refused]
            tool = self.tools[call.name]
            if tool.is_async:
                return [_run_coroutine(self._execute_async(step, call, events))]
            return [self._execute_sync(step, call, events, tool)]
        return self._run_several(step, calls)

    def _run_several(self, step: int, calls: Sequence[ToolCall]) -> list[ToolOutcome]:
        # Apart from run: its comprehensions would make every call of it build closure cells.
        if any(c.name in self.tools and self.tools[c.name].is_async for c in calls):
            return _run_coroutine(self.arun(step, calls))
        admitted = [self._admit(step, c) for c in calls]  # approvals asked one at a time
        todo = sum(1 for refused, _ in admitted if refused is None)
        if todo <= 1:
            return [
                r if r is not None else self._execute_sync(step, c, ev)
                for c, (r, ev) in zip(calls, admitted, strict=True)
            ]
        import concurrent.futures

        with concurrent.futures.ThreadPoolExecutor(min(self.concurrency, todo)) as pool:
            futures = [
                None if r is not None else pool.submit(self._execute_sync, step, c, ev)
                for c, (r, ev) in zip(calls, admitted, strict=True)
            ]
            return [
                f.result() if f is not None else _given(r)
                for (r, _), f in zip(admitted, futures, strict=True)
            ]

    def _execute_sync(
        self, step: int, call: ToolCall, before: tuple[Event, ...] = (), tool: Tool | None = None
    ) -> ToolOutcome:
        tool = self.tools[call.name] if tool is None else tool
        ctx = None if tool.context_param is None else self._context(tool, step)
        start = time.perf_counter()
        try:
            if tool.isolate:
                from thinkact.tools.isolation import run_isolated

                text = run_isolated(tool, call.arguments, tool.timeout, ctx)
            elif tool.timeout is not None:
                text = _call_with_thread_timeout(tool, call, ctx)
            else:
                text = tool.call(call.arguments, ctx)
            return self._finish(step, call, ctx, start, text, False, before)
        except TimeoutError:
            return self._timed_out(step, call, ctx, start, before)
        except Exception as e:
            return self._finish(step, call, ctx, start, error_text(e), True, before)

    # --- async --------------------------------------------------------------------------

    async def arun(self, step: int, calls: Sequence[ToolCall]) -> list[ToolOutcome]:
        import asyncio

        admitted = [self._admit(step, c) for c in calls]
        sem = asyncio.Semaphore(self.concurrency)
        # Our own threads for sync tools: asyncio's default pool has only cpu+4 of them.
        n_sync = sum(
            1
            for c, (r, _) in zip(calls, admitted, strict=True)
            if r is None and not self.tools[c.name].is_async
        )
        import concurrent.futures

        pool = concurrent.futures.ThreadPoolExecutor(min(self.concurrency, n_sync or 1))

        async def one(call: ToolCall, refused: ToolOutcome | None, ev: tuple[Event, ...]) -> Any:
            if refused is not None:
                return refused
            async with sem:
                return await self._execute_async(step, call, ev, pool)

        jobs = [one(c, r, ev) for c, (r, ev) in zip(calls, admitted, strict=True)]
        try:
            return list(await asyncio.gather(*jobs))
        finally:
            pool.shutdown(wait=False)

    async def _execute_async(
        self,
        step: int,
        call: ToolCall,
        before: tuple[Event, ...] = (),
        pool: concurrent.futures.Executor | None = None,
    ) -> ToolOutcome:
        import asyncio

        tool = self.tools[call.name]
        ctx = self._context(tool, step)
        start = time.perf_counter()
        loop = asyncio.get_running_loop()
        try:
            if tool.is_async:
                coro = tool.acall(call.arguments, ctx)
                text = await (asyncio.wait_for(coro, tool.timeout) if tool.timeout else coro)
            elif tool.isolate:
                from thinkact.tools.isolation import run_isolated

                text = await loop.run_in_executor(
                    pool, run_isolated, tool, call.arguments, tool.timeout, ctx
                )
            elif tool.timeout is not None:
                fut = asyncio.wrap_future(_in_daemon_thread(tool, call, ctx))
                text = await asyncio.wait_for(fut, tool.timeout)
            else:
                text = await loop.run_in_executor(pool, tool.call, call.arguments, ctx)
            return self._finish(step, call, ctx, start, text, False, before)
        except TimeoutError:
            return self._timed_out(step, call, ctx, start, before)
        except Exception as e:
            return self._finish(step, call, ctx, start, error_text(e), True, before)


def _given(outcome: ToolOutcome | None) -> ToolOutcome:
    assert outcome is not None
    return outcome


def _in_daemon_thread(tool: Tool, call: ToolCall, ctx: ToolContext | None) -> Future[str]:
    """Run a sync tool that has a timeout in a daemon thread: if it hangs past the timeout we
    stop waiting, and the hung thread can neither be joined at exit nor hold a pool. (A
    thread cannot be killed; mark the tool `isolate=True` to really stop the work.)"""
    from concurrent.futures import Future

    future: Future[str] = Future()

    def target() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(tool.call(call.arguments, ctx))
        except BaseException as e:
            future.set_exception(e)

    threading.Thread(target=target, name=f"tool-{tool.name}", daemon=True).start()
    return future


def _call_with_thread_timeout(tool: Tool, call: ToolCall, ctx: ToolContext | None) -> str:
    return _in_daemon_thread(tool, call, ctx).result(timeout=tool.timeout)


def _run_coroutine(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine from sync code, even when the caller already runs an event loop."""
    import asyncio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


__all__ = [
    "NO_APPROVER",
    "Approver",
    "Decision",
    "QuotaSpent",
    "ToolApproved",
    "ToolOutcome",
    "ToolRuntime",
    "ToolTimedOut",
    "approve_all",
]

quick_init(ToolOutcome)
