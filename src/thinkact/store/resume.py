"""Where a stored run stopped: its history and counters, rebuilt append-only from the log.

The loop emits a `Checkpoint` after every step and before each step's tool calls run, each
carrying the messages appended since the one before. The history is their concatenation;
what happened after the last one decides what the resumed run does first:

- a call with a stored result is not run again;
- a call that had started but not finished runs again only if its tool is idempotent;
  otherwise the model is told it was interrupted and may have taken effect;
- a call that never started simply runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from thinkact.effects import Resume
from thinkact.types import (
    AssistantMessage,
    Message,
    ToolCall,
    ToolResult,
    Usage,
    message_from_dict,
)

INTERRUPTED = (
    "INTERRUPTED: the run stopped while this call was running, so it may or may not have "
    "taken effect. It was not run again; check its effect before calling it again."
)


def resume_point(
    run_id: str,
    events: Iterable[tuple[float, Mapping[str, Any]]],
    idempotent: Callable[[str], bool],
) -> Resume:
    """Rebuild the loop state of `run_id` from its stored events: (Unix time, event dict)
    pairs in order. Time spent after the last checkpoint counts against a time budget."""
    messages: list[Message] = []
    last: Mapping[str, Any] | None = None
    after: list[Mapping[str, Any]] = []
    last_ts = stopped_ts = 0.0
    for ts, e in events:
        stopped_ts = ts
        if e.get("kind") == "checkpoint":
            messages.extend(message_from_dict(m) for m in e.get("messages", ()))
            last, after, last_ts = e, [], ts
        else:
            after.append(e)
    if last is None:  # stopped before its first checkpoint: nothing ran, start afresh
        return Resume(messages=(), step=0, usage=Usage(), elapsed=0.0)
    step = int(last["step"])
    usage = Usage.from_dict(last.get("usage") or {})
    for e in after:  # replies paid for after the checkpoint still count
        if e.get("kind") == "model_replied":
            usage += Usage.from_dict(e.get("usage") or {})
    pending = tuple(ToolCall.from_dict(c) for c in last.get("pending") or ())
    finished: dict[str, ToolResult] = {}
    started: set[str] = set()
    for e in after:
        if e.get("step") != step:
            continue
        if e.get("kind") == "tool_started":
            started.add(str(e["call"]["id"]))
        elif e.get("kind") == "tool_finished":
            finished[str(e["call"]["id"])] = ToolResult.from_dict(e["result"])
    results: dict[str, ToolResult] = {}
    rerun: list[str] = []
    interrupted: list[str] = []
    for call in pending:
        if call.id in finished:
            results[call.id] = finished[call.id]
        elif call.id in started:
            if idempotent(call.name):
                rerun.append(call.id)
            else:
                results[call.id] = ToolResult(call.id, call.name, INTERRUPTED, True)
                interrupted.append(call.id)
    counters = dict(last.get("counters") or {})
    calls = counters.get("model_calls")
    if not isinstance(calls, int):  # stored before the count was kept: one call a reply
        calls = sum(isinstance(m, AssistantMessage) for m in messages)
    return Resume(
        messages=tuple(messages),
        step=step,
        usage=usage,
        elapsed=float(last.get("elapsed") or 0.0) + max(0.0, stopped_ts - last_ts),
        counters=counters,
        pending=pending,
        results=results,
        rerun=tuple(rerun),
        interrupted=tuple(interrupted),
        model_calls=calls,
    )
