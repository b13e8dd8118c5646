"""The evaluation harness's values and seams.

A Suite turns its public data into `Item`s, says how to pose one (`Task`: prompt, tools,
instructions) and how to score what came back. A Solver (thinkact's Agent or the seed
baseline) turns a `Task` into an `Attempt`. The harness (harness.py) joins them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from thinkact.demos import Example
from thinkact.effects import Validator
from thinkact.tools.base import Tool
from thinkact.types import JSON, Usage


@dataclass(frozen=True, slots=True)
class Item:
    """One benchmark question. `data` holds what the suite needs to pose it (context,
    functions); `gold` is what the scorer compares against."""

    id: str
    question: str
    gold: Any
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class FollowUp:
    """A later user turn of a multi-turn task; `tools` join the task's from this turn on
    (BFCL's miss_func category holds a function back until a later turn)."""

    prompt: str
    tools: tuple[Tool, ...] = ()


@dataclass(frozen=True, slots=True)
class Task:
    """How an item is put to an agent.

    `one_turn`: the model answers once and the tool calls it makes are the prediction
    (BFCL); otherwise the agent runs to a final answer. With `turns`, one session: the
    prompt, then each follow-up in the same conversation once the agent has answered the
    one before (`max_steps` per turn); the prediction is the calls that ran, per turn
    (`turn_calls`).
    """

    prompt: str
    tools: tuple[Tool, ...]
    instructions: str = ""
    max_steps: int = 10
    one_turn: bool = False
    examples: tuple[Example, ...] = ()
    validators: tuple[Validator, ...] = ()  # checks on the final answer (thinkact only)
    # AgentConfig settings for this suite's tasks, as plain configuration (thinkact only):
    # {"observation_hint": OBSERVATION_HINT}, {"screen_calls": True, ...}.
    settings: Mapping[str, Any] = field(default_factory=dict)
    # The task as posed in a format where it differs (thinkact only): GSM8K in `code` is
    # asked as plainly as a coding model answers best.
    in_format: Mapping[str, Task] = field(default_factory=dict)
    turns: tuple[FollowUp, ...] = ()

    def posed_in(self, format: str) -> Task:
        return self.in_format.get(format, self)


@dataclass(frozen=True, slots=True)
class Attempt:
    """What a solver produced. `prediction` is the final answer text, or for a one-turn
    task the list of calls as `{name: arguments}` dicts (BFCL's own shape)."""

    prediction: Any
    steps: int
    usage: Usage
    parse_failures: int
    run_id: str
    reason: str


@dataclass(frozen=True, slots=True)
class Score:
    """`value` in [0, 1] is what accuracy averages; `metrics` adds suite extras (EM, F1)."""

    value: float
    metrics: Mapping[str, float] = field(default_factory=dict)
    detail: str = ""


@dataclass(frozen=True, slots=True)
class ItemResult:
    """One JSONL line of a run's results."""

    id: str
    prediction: Any
    gold: Any
    score: float
    metrics: Mapping[str, float]
    steps: int
    tokens_in: int
    tokens_out: int
    seconds: float
    parse_failures: int
    run_id: str
    reason: str
    detail: str = ""
    group: str = ""  # BFCL's category, for per-category figures

    def to_dict(self) -> JSON:
        return {
            "id": self.id,
            "prediction": self.prediction,
            "gold": self.gold,
            "score": self.score,
            "metrics": dict(self.metrics),
            "steps": self.steps,
            "tokens_in": self.tokens_in,
            "tokens_out": self.tokens_out,
            "seconds": self.seconds,
            "parse_failures": self.parse_failures,
            "run_id": self.run_id,
            "reason": self.reason,
            "detail": self.detail,
            "group": self.group,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> ItemResult:
        return cls(
            id=str(d["id"]),
            prediction=d.get("prediction"),
            gold=d.get("gold"),
            score=float(d["score"]),
            metrics={str(k): float(v) for k, v in (d.get("metrics") or {}).items()},
            steps=int(d.get("steps", 0)),
            tokens_in=int(d.get("tokens_in", 0)),
            tokens_out=int(d.get("tokens_out", 0)),
            seconds=float(d.get("seconds", 0.0)),
            parse_failures=int(d.get("parse_failures", 0)),
            run_id=str(d.get("run_id", "")),
            reason=str(d.get("reason", "")),
            detail=str(d.get("detail", "")),
            group=str(d.get("group", "")),
        )


class Suite(Protocol):
    """A benchmark: its items, how to pose one, how to score an attempt. `format` is the
    one thinkact is measured best in on the embedded model (None: the model's own)."""

    name: str
    format: str | None

    def load(self, path: Path) -> Iterator[Item]: ...

    def task(self, item: Item) -> Task: ...

    def score(self, item: Item, attempt: Attempt) -> Score: ...


class Solver(Protocol):
    """An agent under test: thinkact's (`ThinkactSolver`) or the seed baseline."""

    name: str

    def solve(self, task: Task, *, trace: TraceSink | None = None) -> Attempt: ...


class TraceSink(Protocol):
    """Receives a run's events as JSON-ready dicts (the per-item trace file)."""

    def __call__(self, event: JSON) -> None: ...


def final_calls(calls: Sequence[tuple[str, Mapping[str, Any]]]) -> list[JSON]:
    """Calls in BFCL's prediction shape: `[{name: {arg: value}}, ...]`."""
    return [{name: dict(args)} for name, args in calls]
