"""One step's tool calls as effects, sans-IO as the loop: each call is announced, the calls
refused before they run get their refusal as the result, the rest run in one `RunTools`
effect, and a call written twice in one reply runs once (the copy's result points at the
first's: native calls keep their ids, and every id needs a result). Also the step a stored
run stopped in, finished with the results it stored."""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Any

from thinkact.effects import Effect, Resume, RunTools
from thinkact.events import ToolFinished, ToolStarted
from thinkact.formats.base import repeat_result, repeated_calls
from thinkact.types import ToolCall, ToolResult

Results = Generator[Effect, Any, list[ToolResult]]  # the results, in the calls' order


def run_calls(step: int, calls: Sequence[ToolCall], refused: Mapping[str, str]) -> Results:
    """Run `calls` but the `refused` ones (call id -> what the model is told instead)."""
    if len(calls) == 1 and not refused:  # most steps: one call, nothing to sort out
        call = calls[0]
        yield ToolStarted(step, call)
        (outcome,) = yield RunTools(step, tuple(calls))
        yield ToolFinished(step, call, outcome.result, outcome.duration)
        if outcome.events:
            yield from outcome.events
        return [outcome.result]
    return (yield from _run_several(step, calls, refused))


def _run_several(step: int, calls: Sequence[ToolCall], refused: Mapping[str, str]) -> Results:
    # Apart from run_calls: its comprehensions would make every call of it build closure cells.
    repeats = repeated_calls(calls) if len(calls) > 1 else {}
    once = [c for c in calls if c.id not in repeats] if repeats else calls
    for call in once:
        yield ToolStarted(step, call)
    results: dict[str, ToolResult] = {}
    if refused:  # before any tool runs: a resume must not run them
        for call in once:
            if call.id in refused:
                results[call.id] = ToolResult(call.id, call.name, refused[call.id], True)
                yield ToolFinished(step, call, results[call.id], 0.0)
    to_run = [c for c in once if c.id not in results] if refused else once
    if to_run:
        outcomes = yield RunTools(step, tuple(to_run))
        for call, outcome in zip(to_run, outcomes, strict=True):
            results[call.id] = outcome.result
            yield ToolFinished(step, call, outcome.result, outcome.duration)
            if outcome.events:
                yield from outcome.events
    if repeats:
        yield from _repeated(step, calls, repeats, results)
    return [results[c.id] for c in calls]


def finish_stored(r: Resume) -> Results:
    """The calls of the step a stored run stopped in: stored results are reused, in-flight
    calls run again (`rerun`) or are told as interrupted (`interrupted`)."""
    repeats = repeated_calls(r.pending)
    to_run = [c for c in r.pending if c.id not in r.results and c.id not in repeats]
    for call in to_run:
        yield ToolStarted(r.step, call)
    results = dict(r.results)
    outcomes = (yield RunTools(r.step, tuple(to_run))) if to_run else []
    for call, outcome in zip(to_run, outcomes, strict=True):
        results[call.id] = outcome.result
        yield ToolFinished(r.step, call, outcome.result, outcome.duration)
        yield from outcome.events
    for call in r.pending:
        if call.id in r.interrupted and call.id not in repeats:  # the model hears about
            yield ToolFinished(r.step, call, r.results[call.id], 0.0)  # it; the store, too
    unstored = {k: v for k, v in repeats.items() if k not in r.results or k in r.interrupted}
    yield from _repeated(r.step, r.pending, unstored, results)
    return [results[c.id] for c in r.pending]


def _repeated(
    step: int,
    calls: Sequence[ToolCall],
    repeats: Mapping[str, ToolCall],
    results: dict[str, ToolResult],
) -> Generator[Effect, Any, None]:
    for call in calls:
        first = repeats.get(call.id)
        if first is not None:
            results[call.id] = repeat_result(call, first, results[first.id])
            yield ToolStarted(step, call)
            yield ToolFinished(step, call, results[call.id], 0.0)


__all__ = ["finish_stored", "run_calls"]
