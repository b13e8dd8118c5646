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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class ExampleStep:
    """One reply of a worked example: a tool call with its result, or the final answer."""

    thought: str
    tool: str = ""
    arguments: Mapping[str, Any] = field(default_factory=dict)
    result: str | None = None  # None: the call is shown without an observation
    answer: str | None = None

    def __post_init__(self) -> None:
        if (self.answer is None) == (not self.tool):
            raise ValueError("an ExampleStep has either a tool call or a final answer")


@dataclass(frozen=True, slots=True)
class Example:
    task: str
    steps: tuple[ExampleStep, ...]


# How a format writes one reply (thought, calls, final answer) and one observation.
ReplyWriter = Callable[[str, Sequence[tuple[str, Mapping[str, Any]]], str | None], str]
ResultWriter = Callable[[str, str], str]


def demonstrate(examples: Sequence[Example], reply: ReplyWriter, result: ResultWriter) -> str:
    """Worked examples as a format's replies and observations ("" for none)."""
    shown = []
    for ex in examples:
        lines = [f"Task: {ex.task}"] if ex.task else []
        for step in ex.steps:
            calls = () if step.answer is not None else ((step.tool, step.arguments),)
            lines.append(reply(step.thought, calls, step.answer))
            if step.answer is None and step.result is not None:
                lines.append(result(step.tool, step.result))
        shown.append("\n".join(lines))
    if not shown:
        return ""
    return ("Example:\n" if len(shown) == 1 else "Examples:\n") + "\n\n".join(shown)
