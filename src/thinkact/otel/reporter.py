"""OpenTelemetry spans for runs, after the GenAI semantic conventions (`thinkact[otel]`).

    invoke_agent thinkact            the run (gen_ai.conversation.id = run id)
      step 1                         one turn of the loop
        chat claude-sonnet-4-6       the model call: tokens, finish reasons
        execute_tool calculator      a tool call: name, id, arguments; errors as status
      plan_step s1                   (plan-execute-verify) a plan step, its sub-run inside

`OtelReporter` is a Reporter: it turns events into spans on any tracer, by default the
global one, so an application that set up OpenTelemetry gets thinkact's runs in its own
traces (and nothing is exported where nobody configured an exporter). Model calls are
reported after they end, so their spans are drawn from the reply's duration.

Tool arguments are always recorded; text the model or a tool wrote (thoughts, answers,
results, the task) only with `content=True` or
OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true, since documents may be private.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from thinkact.errors import UserError
from thinkact.events import (
    CallsScreened,
    ContextTrimmed,
    DeclineChecked,
    Event,
    FormatFailed,
    ModelReplied,
    Notice,
    ProgressMarked,
    RetryScheduled,
    RunFinished,
    RunResumed,
    RunStarted,
    StepFinished,
    StepStarted,
    ToolDenied,
    ToolFinished,
    ToolStarted,
    ValidationFailed,
)
from thinkact.pev.events import (
    PlanProposed,
    PlanRejected,
    PlanStepFinished,
    PlanStepStarted,
    Replanned,
    SubRunEvent,
)
from thinkact.types import Usage

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.trace import Span, Tracer

_PLAN_EVENTS = (PlanProposed, PlanRejected, PlanStepStarted, PlanStepFinished, Replanned)
MISSING = "OpenTelemetry needs the otel extra: pip install 'thinkact[otel]'"
CAPTURE_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"
MAX_ATTRIBUTE = 8192  # characters of one text attribute; the rest is cut with a mark


def otel_api() -> Any:
    try:
        from opentelemetry import trace
    except ImportError:
        raise UserError(MISSING) from None
    return trace


@dataclass
class _Spans:
    """The open spans of one run (the top run, or one plan step's sub-run)."""

    parent: Any = None  # context the run span starts in (None: the caller's current one)
    run: Span | None = None
    step: Span | None = None
    tools: dict[str, tuple[Span, int]] = field(default_factory=dict)  # call id -> span, start
    model: str = "unknown"
    provider: str = "thinkact"
    mark: int = 0  # when the next model call began, at the latest (ns)
    usage: Usage = field(default_factory=Usage)  # the run's usage when the step started


class OtelReporter:
    """A Reporter that makes OpenTelemetry spans of runs (see the module's docstring).

    `tracer`: where spans go (default: the global tracer provider's). `provider`: an SDK
    TracerProvider this reporter owns: `close()` flushes and shuts it down. `content`:
    record the text of thoughts, answers and tool results too (default: from
    OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT).
    """

    def __init__(
        self,
        tracer: Tracer | None = None,
        *,
        provider: TracerProvider | None = None,
        content: bool | None = None,
        agent_name: str = "thinkact",
    ) -> None:
        trace = otel_api()
        self._trace = trace
        source = provider or trace.get_tracer_provider()
        self._tracer: Tracer = tracer or source.get_tracer("thinkact")
        self._provider = provider
        if content is None:
            content = os.environ.get(CAPTURE_ENV, "").strip().lower() in ("1", "true", "yes")
        self.content = content
        self.agent_name = agent_name
        self._runs: dict[str, _Spans] = {"": _Spans()}
        self._plan_steps: dict[str, Span] = {}

    # --- events -------------------------------------------------------------------------

    def __call__(self, event: Event) -> None:
        self._handle(event, "")

    def _handle(self, event: Event, key: str) -> None:
        if isinstance(event, SubRunEvent):  # a plan step's sub-run: spans in the step's
            sub_key = f"{key}/{event.step_id}"
            if sub_key not in self._runs:
                parent = self._plan_steps.get(sub_key) or self._runs[key].run
                self._runs[sub_key] = _Spans(parent=self._context(parent))
            self._handle(event.event, sub_key)
            return
        if isinstance(event, _PLAN_EVENTS):
            self._plan_event(event, key)
            return
        s = self._runs[key]
        now = time.time_ns()
        if isinstance(event, RunStarted | RunResumed):
            self._start_run(s, event, now)
        elif isinstance(event, StepStarted):
            self._end_step(s, now)
            s.step = self._span(s, f"step {event.step}", s.run, now)
            s.step.set_attribute("thinkact.step", event.step)
            s.step.set_attribute("thinkact.max_steps", event.max_steps)
            s.mark = now
        elif isinstance(event, ModelReplied):
            self._model_replied(s, event, now)
        elif isinstance(event, RetryScheduled):
            self._failed_call(s, event.error, now)
            s.mark = now + int(event.delay * 1e9)
        elif isinstance(event, ToolStarted):
            self._tool_started(s, event, now)
        elif isinstance(event, ToolFinished):
            self._tool_finished(s, event, now)
        elif isinstance(event, StepFinished):
            self._end_step(s, now, event.usage)
        elif isinstance(event, RunFinished):
            self._run_finished(s, event, now)
        else:
            self._note(s, event)

    def _start_run(self, s: _Spans, e: RunStarted | RunResumed, now: int) -> None:
        self._end_all(s, now, "a new run started")
        attributes: dict[str, Any] = {
            "gen_ai.operation.name": "invoke_agent",
            "gen_ai.agent.name": self.agent_name,
            "gen_ai.conversation.id": e.run_id,
            "thinkact.run.id": e.run_id,
        }
        if isinstance(e, RunStarted):
            s.provider, s.model, server = _model_parts(e.model)
            attributes |= {
                "gen_ai.provider.name": s.provider,
                "gen_ai.request.model": s.model,
                "thinkact.model": e.model,
                "thinkact.format": e.format,
                "thinkact.max_steps": e.max_steps,
                "thinkact.tools": list(e.tools),
                **server,
            }
            if self.content:
                attributes["thinkact.task"] = _cut(e.task)
        else:
            attributes["thinkact.resumed_after_step"] = e.step
        s.run = self._tracer.start_span(
            f"invoke_agent {self.agent_name}",
            context=s.parent,
            attributes=attributes,
            start_time=now,
        )
        s.mark, s.usage = now, Usage()

    def _model_replied(self, s: _Spans, e: ModelReplied, now: int) -> None:
        start = max(s.mark, now - int(e.duration * 1e9))
        span = self._span(s, f"chat {s.model}", s.step or s.run, start, client=True)
        reasons = getattr(e, "stop_reason", None)  # not every version's event carries it
        finish = str(reasons) if reasons else ("tool_calls" if e.actions else "stop")
        u = e.usage
        span.set_attributes(
            {
                "gen_ai.operation.name": "chat",
                "gen_ai.provider.name": s.provider,
                "gen_ai.request.model": s.model,
                "gen_ai.usage.input_tokens": u.input_tokens,
                "gen_ai.usage.output_tokens": u.output_tokens,
                "gen_ai.usage.cache_read.input_tokens": u.cached_tokens,
                "gen_ai.response.finish_reasons": [finish],
                "thinkact.step": e.step,
                "thinkact.tool_calls": [c.name for c in e.actions],
            }
        )
        if u.cost is not None:
            span.set_attribute("thinkact.cost_usd", u.cost)
        if self.content:
            parts: list[dict[str, Any]] = []
            if e.thought or e.final_answer is None:
                parts.append({"type": "text", "content": e.thought or e.text})
            parts += [
                {"type": "tool_call", "id": c.id, "name": c.name, "arguments": dict(c.arguments)}
                for c in e.actions
            ]
            if e.final_answer is not None:
                parts.append({"type": "text", "content": e.final_answer})
            message = {"role": "assistant", "parts": parts, "finish_reason": finish}
            span.set_attribute("gen_ai.output.messages", _cut(_json([message])))
        span.end(end_time=now)
        s.mark = now

    def _failed_call(self, s: _Spans, error: str, now: int) -> None:
        span = self._span(s, f"chat {s.model}", s.step or s.run, min(s.mark, now), client=True)
        span.set_attributes(
            {
                "gen_ai.operation.name": "chat",
                "gen_ai.provider.name": s.provider,
                "gen_ai.request.model": s.model,
            }
        )
        self._error(span, error, "ModelError")
        span.end(end_time=now)

    def _tool_started(self, s: _Spans, e: ToolStarted, now: int) -> None:
        span = self._span(s, f"execute_tool {e.call.name}", s.step or s.run, now)
        span.set_attributes(
            {
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": e.call.name,
                "gen_ai.tool.call.id": e.call.id,
                "gen_ai.tool.type": "function",
                "gen_ai.tool.call.arguments": _cut(_json(dict(e.call.arguments))),
                "thinkact.step": e.step,
            }
        )
        s.tools[e.call.id] = (span, now)

    def _tool_finished(self, s: _Spans, e: ToolFinished, now: int) -> None:
        took = int(e.duration * 1e9)
        known = s.tools.pop(e.call.id, None)
        if known is None:  # no ToolStarted (a resumed run's interrupted call)
            self._tool_started(s, ToolStarted(e.step, e.call), now - took)
            known = s.tools.pop(e.call.id)
        span, start = known
        result = e.result
        if result.is_error:
            kind = "denied" if result.content.startswith("DENIED") else "ToolError"
            self._error(span, result.content.removeprefix("TOOL ERROR: "), kind)
        if self.content:
            span.set_attribute("gen_ai.tool.call.result", _cut(result.content))
        # Parallel calls are all reported once the last ends: each ends at its own time.
        span.end(end_time=min(now, start + took) if took > 0 else now)
        s.mark = now

    def _end_step(self, s: _Spans, now: int, usage: Usage | None = None) -> None:
        if s.step is None:
            return
        if usage is not None:  # the run's usage so far: the step's is the difference
            s.step.set_attributes(
                {
                    "thinkact.usage.input_tokens": usage.input_tokens - s.usage.input_tokens,
                    "thinkact.usage.output_tokens": usage.output_tokens - s.usage.output_tokens,
                }
            )
            if usage.cost is not None:
                s.step.set_attribute("thinkact.cost_usd", usage.cost - (s.usage.cost or 0.0))
            s.usage = usage
        for span, _ in s.tools.values():  # never finished: the step moved on without them
            span.end(end_time=now)
        s.tools.clear()
        s.step.end(end_time=now)
        s.step = None

    def _run_finished(self, s: _Spans, e: RunFinished, now: int) -> None:
        if e.reason == "model_error":
            self._failed_call(s, "the model call failed", now)
        self._end_step(s, now)
        if s.run is None:
            return
        u = e.usage
        s.run.set_attributes(
            {
                "gen_ai.usage.input_tokens": u.input_tokens,
                "gen_ai.usage.output_tokens": u.output_tokens,
                "gen_ai.usage.cache_read.input_tokens": u.cached_tokens,
                "thinkact.steps": e.steps,
                "thinkact.reason": e.reason,
            }
        )
        if u.cost is not None:
            s.run.set_attribute("thinkact.cost_usd", u.cost)
        if self.content and e.final_answer is not None:
            s.run.set_attribute("thinkact.final_answer", _cut(e.final_answer))
        status = self._trace.Status
        if e.reason == "final_answer":
            s.run.set_status(status(self._trace.StatusCode.OK))
        else:
            s.run.set_attribute("error.type", e.reason)
            s.run.set_status(status(self._trace.StatusCode.ERROR, f"run stopped: {e.reason}"))
        s.run.end(end_time=now)
        s.run = None

    def _note(self, s: _Spans, event: Event) -> None:
        """Format and validation failures, notices, trimming...: events on the open step
        (or run) span."""
        target = s.step or s.run
        if target is None:
            return
        attributes: dict[str, Any] = {}
        if isinstance(event, FormatFailed | ValidationFailed):
            # The model is told and tries again; the step did go wrong.
            what = "format error" if isinstance(event, FormatFailed) else "validation failed"
            target.set_status(self._trace.Status(self._trace.StatusCode.ERROR, what))
            attributes["thinkact.message"] = _cut(event.message)
            if isinstance(event, ValidationFailed):
                attributes |= {"thinkact.validator": event.validator, "attempt": event.attempt}
        elif isinstance(event, Notice):
            attributes = {"thinkact.reason": event.reason, "thinkact.message": event.message}
        elif isinstance(event, ContextTrimmed):
            attributes = {
                "thinkact.dropped_messages": event.dropped_messages,
                "thinkact.dropped_tokens": event.dropped_tokens,
                "thinkact.kept_tokens": event.kept_tokens,
                "thinkact.summarized": event.summarized,
            }
        elif isinstance(event, ToolDenied):
            attributes = {"gen_ai.tool.name": event.call.name, "thinkact.reason": event.reason}
        elif isinstance(event, CallsScreened | DeclineChecked):
            attributes = {
                "thinkact.asked": list(event.asked),
                "gen_ai.usage.input_tokens": event.usage.input_tokens,
                "gen_ai.usage.output_tokens": event.usage.output_tokens,
            }
        elif isinstance(event, ProgressMarked):
            attributes = {"thinkact.step_name": event.step_name}
        else:  # checkpoints (for resuming) and kinds not listed here, streamed text among them
            return
        target.add_event(f"thinkact.{event.kind}", attributes)

    def _plan_event(self, event: Event, key: str) -> None:
        s = self._runs[key]
        now = time.time_ns()
        if isinstance(event, PlanStepStarted):
            sub_key = f"{key}/{event.step_id}"
            span = self._span(s, f"plan_step {event.step_id}", s.run, now)
            span.set_attribute("thinkact.plan_step.id", event.step_id)
            if self.content:
                span.set_attribute("thinkact.plan_step.goal", _cut(event.goal))
            self._plan_steps[sub_key] = span
            self._runs.pop(sub_key, None)  # a step run again gets a fresh sub-run
        elif isinstance(event, PlanStepFinished):
            sub_key = f"{key}/{event.step_id}"
            done = self._plan_steps.pop(sub_key, None)
            if done is None:
                return
            done.set_attribute("thinkact.plan_step.check", event.check)
            if not event.ok:
                reason = event.reason or "the step failed"
                done.set_status(self._trace.Status(self._trace.StatusCode.ERROR, reason))
            sub = self._runs.get(sub_key)
            if sub is not None:
                self._end_all(sub, now, "the plan step ended")
            done.end(end_time=now)
        elif s.run is not None:  # the plan, its rejections and revisions
            reason = event.reason if isinstance(event, PlanRejected | Replanned) else ""
            s.run.add_event(f"thinkact.{event.kind}", {"thinkact.reason": _cut(reason)})

    # --- spans --------------------------------------------------------------------------

    def _context(self, parent: Span | None) -> Any:
        return None if parent is None else self._trace.set_span_in_context(parent)

    def _span(
        self, s: _Spans, name: str, parent: Span | None, start: int, *, client: bool = False
    ) -> Span:
        kind = self._trace.SpanKind.CLIENT if client else self._trace.SpanKind.INTERNAL
        context = self._context(parent) if parent is not None else s.parent
        return self._tracer.start_span(name, context=context, kind=kind, start_time=start)

    def _error(self, span: Span, message: str, kind: str) -> None:
        """Status ERROR, `error.type`, and an `exception` event as the conventions draw it."""
        first = message.strip().splitlines()[0] if message.strip() else kind
        name, sep, _ = first.partition(":")
        error_type = name.strip() if sep and name.strip().isidentifier() else kind
        span.set_attribute("error.type", error_type)
        span.add_event(
            "exception", {"exception.type": error_type, "exception.message": _cut(message)}
        )
        span.set_status(self._trace.Status(self._trace.StatusCode.ERROR, _cut(first, 300)))

    def _end_all(self, s: _Spans, now: int, why: str) -> None:
        if s.run is None and s.step is None:
            return
        self._end_step(s, now)
        if s.run is not None:
            s.run.set_status(self._trace.Status(self._trace.StatusCode.ERROR, why))
            s.run.end(end_time=now)
            s.run = None

    def close(self) -> None:
        """End the spans a run left open (Ctrl-C, an error), then flush an owned provider."""
        now = time.time_ns()
        for span in self._plan_steps.values():
            span.end(end_time=now)
        self._plan_steps.clear()
        for s in reversed(list(self._runs.values())):
            self._end_all(s, now, "the run did not finish")
        if self._provider is not None:
            self._provider.force_flush()
            self._provider.shutdown()
            self._provider = None


def _model_parts(model: str) -> tuple[str, str, dict[str, Any]]:
    """`openai:qwen@http://host:8080/v1` -> ("openai", "qwen", server.address/port)."""
    from urllib.parse import urlparse

    provider, _, rest = model.partition(":")
    name, _, url = rest.partition("@")
    if provider == "local":
        name = os.path.basename(name) or "local"
    elif provider == "scripted":
        name = os.path.basename(name) or "scripted"
    server: dict[str, Any] = {}
    if url:
        parsed = urlparse(url)
        if parsed.hostname:
            server["server.address"] = parsed.hostname
        if parsed.port:
            server["server.port"] = parsed.port
    return provider or "thinkact", name or provider or "unknown", server


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _cut(text: str, limit: int = MAX_ATTRIBUTE) -> str:
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit:,} more chars)"
