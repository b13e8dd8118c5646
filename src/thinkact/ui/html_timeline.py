"""A stored run's events, grouped for the HTML trace: steps holding what happened in them,
plan steps holding their sub-runs. Works on the stored dicts (`Event.to_dict()` form), so
kinds this version does not know still show, as plain notes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

# Kinds that are not shown: checkpoints are for resuming; calls start where the reply says.
_HIDDEN = frozenset({"checkpoint", "tool_started", "step_finished"})


@dataclass
class Item:
    """One thing shown inside a step. `kind` picks its look (see html.py)."""

    kind: str  # thought, reply, call, observation, tool_error, format_error, validation,
    # notice, trim, retry, denied, screened, progress, answer, turned_down, plan, resumed, note
    title: str
    body: str = ""
    data: Any = None  # a call's arguments, a plan's steps
    meta: str = ""  # a short figure after the title (a duration)


@dataclass
class Totals:
    input_tokens: int = 0
    output_tokens: int = 0
    cost: float | None = None
    model_seconds: float = 0.0
    tool_seconds: float = 0.0

    def add_usage(self, usage: Mapping[str, Any] | None) -> None:
        u = usage or {}
        self.input_tokens += int(u.get("input_tokens") or 0)
        self.output_tokens += int(u.get("output_tokens") or 0)
        if u.get("cost") is not None:
            self.cost = (self.cost or 0.0) + float(u["cost"])


@dataclass
class Step:
    number: int
    start: float
    end: float
    items: list[Item] = field(default_factory=list)
    totals: Totals = field(default_factory=Totals)
    calls: list[str] = field(default_factory=list)  # tool names, for the summary line
    gist: str = ""  # the first line of the thought, for the summary line

    @property
    def errors(self) -> int:
        return sum(i.kind in ("tool_error", "format_error") for i in self.items)

    @property
    def failed_validation(self) -> bool:
        return any(i.kind == "validation" for i in self.items)

    @property
    def answered(self) -> bool:
        """An answer was given in this step and not turned down."""
        return any(i.kind == "answer" for i in self.items) and not self.failed_validation


@dataclass
class PlanStep:
    """A plan-execute-verify step and the ReAct sub-run that carried it out."""

    step_id: str
    goal: str
    start: float
    end: float
    run: Run
    ok: bool | None = None  # None: never finished
    check: str = ""
    reason: str = ""
    result: str | None = None


@dataclass
class Run:
    """One run's timeline: notes before its first step, then steps and plan steps."""

    started: Mapping[str, Any] = field(default_factory=dict)
    finished: Mapping[str, Any] | None = None
    start: float = 0.0
    end: float = 0.0
    preface: list[Item] = field(default_factory=list)
    blocks: list[Step | PlanStep | Item] = field(default_factory=list)

    @property
    def steps(self) -> list[Step]:
        return [b for b in self.blocks if isinstance(b, Step)]


class _Builder:
    def __init__(self) -> None:
        self.run = Run()
        self.step: Step | None = None
        self.plan_steps: dict[str, tuple[PlanStep, _Builder]] = {}
        self.seen = False

    def add(self, ts: float, d: Mapping[str, Any]) -> None:
        if not self.seen:
            self.run.start, self.seen = ts, True
        self.run.end = max(self.run.end, ts)
        kind = str(d.get("kind"))
        if kind == "sub_run":
            self._sub_run(ts, d)
        elif kind == "plan_step_started":
            self._plan_step(ts, str(d.get("step_id")), str(d.get("goal", "")))
        elif kind == "plan_step_finished":
            self._plan_step_finished(ts, d)
        elif kind == "run_started":
            self.run.started = d
        elif kind == "run_finished":
            self.run.finished = d
            answers = [i for i in self.step.items if i.kind == "answer"] if self.step else []
            if self.step is not None and d.get("final_answer") and not answers:
                title = "FINAL ANSWER" if d.get("reason") == "final_answer" else "LAST ANSWER"
                self.step.items.append(Item("answer", title, str(d["final_answer"])))
        elif kind == "step_started":
            number = int(d.get("step") or 0)
            self.step = Step(number, ts, ts)
            self.run.blocks.append(self.step)
        elif kind not in _HIDDEN and "delta" not in kind:  # streamed pieces: the reply follows
            self._item(ts, kind, d)

    def _target(self, ts: float, d: Mapping[str, Any]) -> Step | None:
        number = d.get("step")
        if isinstance(number, int) and (self.step is None or self.step.number != number):
            if number <= 0:
                return None
            # A resumed run finishes the step it stopped in without a step_started.
            self.step = Step(number, ts, ts)
            self.run.blocks.append(self.step)
        if self.step is not None:
            self.step.end = max(self.step.end, ts)
        return self.step

    def _item(self, ts: float, kind: str, d: Mapping[str, Any]) -> None:
        step = self._target(ts, d)
        items = step.items if step is not None else self.run.preface
        if kind in ("plan_proposed", "plan_rejected", "replanned"):
            self.run.blocks.append(_plan_item(kind, d))
            return
        if step is None:
            items.extend(_items(kind, d))
            return
        if kind == "model_replied":
            step.totals.add_usage(d.get("usage"))
            step.totals.model_seconds += float(d.get("duration") or 0.0)
            said = str(d.get("thought") or "").strip() or str(d.get("final_answer") or "").strip()
            if said and not step.gist:
                step.gist = said.splitlines()[0]
            step.calls += [str(c.get("name")) for c in d.get("actions") or ()]
        elif kind == "tool_finished":
            step.totals.tool_seconds += float(d.get("duration") or 0.0)
        elif kind in ("calls_screened", "decline_checked"):
            step.totals.add_usage(d.get("usage"))
        elif kind == "validation_failed":
            for item in reversed(items):
                if item.kind == "answer":
                    item.kind, item.title = "turned_down", "ANSWER · TURNED DOWN"
                    break
        items.extend(_items(kind, d))

    def _sub_run(self, ts: float, d: Mapping[str, Any]) -> None:
        step_id = str(d.get("step_id"))
        if step_id not in self.plan_steps:
            self._plan_step(ts, step_id, "")
        plan_step, builder = self.plan_steps[step_id]
        plan_step.end = max(plan_step.end, ts)
        inner = d.get("event")
        if isinstance(inner, Mapping):
            builder.add(ts, inner)

    def _plan_step(self, ts: float, step_id: str, goal: str) -> None:
        builder = _Builder()
        plan_step = PlanStep(step_id, goal, ts, ts, builder.run)
        self.plan_steps[step_id] = (plan_step, builder)  # a step run again: a new section
        self.run.blocks.append(plan_step)

    def _plan_step_finished(self, ts: float, d: Mapping[str, Any]) -> None:
        step_id = str(d.get("step_id"))
        if step_id not in self.plan_steps:
            self._plan_step(ts, step_id, "")
        plan_step, _ = self.plan_steps[step_id]
        plan_step.end = max(plan_step.end, ts)
        plan_step.ok = bool(d.get("ok"))
        plan_step.check = str(d.get("check") or "")
        plan_step.reason = str(d.get("reason") or "")
        result = d.get("result")
        plan_step.result = None if result is None else str(result)


def build(events: Iterable[tuple[float, Mapping[str, Any]]]) -> Run:
    """The timeline of a run from its (Unix time, event dict) pairs, in order."""
    builder = _Builder()
    for ts, d in events:
        builder.add(ts, d)
    return builder.run


def _items(kind: str, d: Mapping[str, Any]) -> list[Item]:
    """What one event shows as (most show as one item; a reply as several)."""
    if kind == "model_replied":
        return _reply_items(d)
    if kind == "tool_finished":
        call, result = d.get("call") or {}, d.get("result") or {}
        name = str(call.get("name") or result.get("name") or "?")
        took = f"{float(d.get('duration') or 0.0):.2f} s"
        content = str(result.get("content", ""))
        if result.get("is_error"):
            shown = content.removeprefix("TOOL ERROR: ")
            return [Item("tool_error", f"TOOL ERROR · {name}", shown, meta=took)]
        return [Item("observation", f"OBSERVATION · {name}", content, meta=took)]
    if kind == "format_failed":
        n = d.get("consecutive_errors", 1)
        return [Item("format_error", f"FORMAT ERROR ({n} in a row)", str(d.get("message", "")))]
    if kind == "validation_failed":
        title = f"VALIDATION FAILED · {d.get('validator', '?')} · attempt {d.get('attempt', 1)}"
        return [Item("validation", title, str(d.get("message", "")))]
    if kind == "notice":
        return [Item("notice", f"NOTICE · {d.get('reason', '')}", str(d.get("message", "")))]
    if kind == "context_trimmed":
        how = "summarized" if d.get("summarized") else "dropped"
        title = (
            f"CONTEXT TRIMMED · {how} {d.get('dropped_messages', 0)} older messages "
            f"({int(d.get('dropped_tokens') or 0):,} tokens); "
            f"{int(d.get('kept_tokens') or 0):,} tokens kept"
        )
        return [Item("trim", title)]
    if kind == "retry_scheduled":
        title = f"RETRY {d.get('attempt', '?')} in {float(d.get('delay') or 0):.1f} s"
        return [Item("retry", title, str(d.get("error", "")))]
    if kind == "tool_denied":
        name = (d.get("call") or {}).get("name", "?")
        return [Item("denied", f"DENIED · {name}", str(d.get("reason", "")))]
    if kind in ("calls_screened", "decline_checked"):
        return [Item("screened", kind.replace("_", " ").upper(), _fields(d))]
    if kind == "progress_marked":
        return [Item("progress", f"STEP COMPLETE · {d.get('step_name', '')}")]
    if kind == "run_resumed":
        return [Item("resumed", f"RESUMED after step {d.get('step', 0)}", _fields(d))]
    return [Item("note", kind.replace("_", " ").upper(), _fields(d))]


def _reply_items(d: Mapping[str, Any]) -> list[Item]:
    items: list[Item] = []
    thought = str(d.get("thought") or "")
    actions = list(d.get("actions") or ())
    answer = d.get("final_answer")
    took = f"model {float(d.get('duration') or 0.0):.2f} s"
    if thought.strip():
        items.append(Item("thought", "REASONING", thought, meta=took))
    elif not actions and answer is None:  # did not parse: the FORMAT ERROR that follows says
        items.append(Item("reply", "MODEL REPLY (not understood)", str(d.get("text", ""))))
    for call in actions:
        name = str(call.get("name", "?"))
        items.append(Item("call", f"ACTION · {name}", data=call.get("arguments") or {}))
    if answer is not None:
        items.append(Item("answer", "ANSWER", str(answer)))
    return items


def _plan_item(kind: str, d: Mapping[str, Any]) -> Item:
    if kind == "plan_proposed":
        revision = int(d.get("revision") or 0)
        title = "PLAN" if revision == 0 else f"REVISED PLAN ({revision})"
        try:
            steps = json.loads(str(d.get("plan", ""))).get("steps") or []
        except (ValueError, AttributeError):
            return Item("plan", title, str(d.get("plan", "")))
        return Item("plan", title, data=[s for s in steps if isinstance(s, Mapping)])
    if kind == "plan_rejected":
        title = f"PLAN REJECTED (attempt {d.get('attempt', '?')})"
        return Item("format_error", title, str(d.get("reason", "")))
    return Item("notice", f"RE-PLANNING ({d.get('revision', '?')})", str(d.get("reason", "")))


def _fields(d: Mapping[str, Any]) -> str:
    rest = {k: v for k, v in d.items() if k != "kind"}
    return json.dumps(rest, ensure_ascii=False, indent=2, default=str) if rest else ""
