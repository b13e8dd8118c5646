"""Worked examples (few-shot demonstrations) that a format shows in its own syntax.

Small models follow a worked example far more closely than an instruction: given one that
names every quantity and answers right after the result, they do the same. An example is
written once, as values, and each format renders it as the replies and observations the
model will see (xml tags, ReAct lines, JSON objects, or plain text for native tool calls).

    Example("What is 2 + 3 * 4?", (
        ExampleStep("Multiplication first: 3 * 4, then add 2.", "calculator",
                    {"expression": "2 + 3 * 4"}, "14"),
        ExampleStep("The calculator gives 14.", answer="14"),
    ))

A reply with parallel calls lists them: `ExampleStep("Two cities.", calls=(ExampleCall(
"weather", {"city": "Paris"}, "12 C"), ExampleCall("weather", {"city": "Rome"}, "19 C")))`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class ExampleCall:
    """One tool call of a worked example and the result shown for it."""

    tool: str
    arguments: Mapping[str, Any] = field(default_factory=dict)
    result: str | None = None  # None: the call is shown without an observation


@dataclass(frozen=True, slots=True)
class ExampleStep:
    """One reply of a worked example: a tool call (`tool=`, or several parallel ones with
    `calls=`) with its result, or the final answer."""

    thought: str
    tool: str = ""
    arguments: Mapping[str, Any] = field(default_factory=dict)
    result: str | None = None  # None: the call is shown without an observation
    answer: str | None = None
    calls: tuple[ExampleCall, ...] = ()

    def __post_init__(self) -> None:
        if self.tool and self.calls:
            raise ValueError("an ExampleStep takes tool= or calls=, not both")
        if (self.answer is None) == (not self.tool and not self.calls):
            raise ValueError("an ExampleStep has either a tool call or a final answer")

    @property
    def all_calls(self) -> tuple[ExampleCall, ...]:
        if self.tool:
            return (ExampleCall(self.tool, self.arguments, self.result),)
        return self.calls


@dataclass(frozen=True, slots=True)
class Example:
    task: str
    steps: tuple[ExampleStep, ...]

    @property
    def tools(self) -> frozenset[str]:
        """The tools the example calls: an agent without one of them is not shown it."""
        return frozenset(c.tool for step in self.steps for c in step.all_calls)


# How a format writes one reply (thought, calls, final answer) and one observation
# (the (tool, result) of each call of that reply).
ReplyWriter = Callable[[str, Sequence[tuple[str, Mapping[str, Any]]], str | None], str]
ResultWriter = Callable[[Sequence[tuple[str, str]]], str]


def demonstrate(examples: Sequence[Example], reply: ReplyWriter, result: ResultWriter) -> str:
    """Worked examples as a format's replies and observations ("" for none)."""
    shown = []
    for ex in examples:
        lines = [f"Task: {ex.task}"] if ex.task else []
        for step in ex.steps:
            calls = step.all_calls
            lines.append(reply(step.thought, [(c.tool, c.arguments) for c in calls], step.answer))
            results = [(c.tool, c.result) for c in calls if c.result is not None]
            if results:
                lines.append(result(results))
        shown.append("\n".join(lines))
    if not shown:
        return ""
    return ("Example:\n" if len(shown) == 1 else "Examples:\n") + "\n\n".join(shown)
