"""Tools and scripted replies the policy tests share."""

from __future__ import annotations

from typing import Any

from thinkact import Tool, tool
from thinkact.types import ModelRequest, UserMessage

YES_NO = 'root ::= "yes" | "no"'


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@tool
def fail(x: int) -> int:
    """Always fails."""
    raise ValueError(f"cannot handle {x}")


def call(name: str, **args: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "arguments": args}]}


def final(answer: str) -> dict[str, Any]:
    return call("final_answer", answer=answer)


def has_number(answer: str) -> str | None:
    return None if any(c.isdigit() for c in answer) else "the answer must contain a number"


def tools(ran: list[str], *, stop_in_add: bool = False) -> list[Tool]:
    def add(a: int, b: int) -> int:
        """Add two integers."""
        ran.append("add")
        if stop_in_add and ran.count("add") == 1:
            raise KeyboardInterrupt  # Ctrl-C while add runs
        return a + b

    def draw_circle(radius: float) -> str:
        """Draw a circle of the given radius."""
        ran.append("draw_circle")
        return "drawn"

    return [Tool.from_function(add), Tool.from_function(draw_circle)]


def answered(request: ModelRequest, answers: dict[str, str]) -> dict[str, Any] | None:
    """A screening question about tool T is answered answers[T] (None: not a question)."""
    if request.grammar != 'root ::= "yes" | "no"':
        return None
    last = request.messages[-1]
    assert isinstance(last, UserMessage)
    name = next(n for n in answers if f" {n}(" in last.content)
    return {"text": answers[name], "usage": {"input_tokens": 50, "output_tokens": 1}}
