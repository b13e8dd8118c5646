"""Call screening: before a tool the model chose runs, the model is asked, in a short request
of its own, whether that tool does what the task asks. A "no" is not run; the model hears
why and may answer without a tool.

Small models call a tool for every request, fitting or not: on BFCL's `irrelevance` items
(no function fits) the embedded 1.5B model called one 18 times in 20, a BMI calculator for a
triangle's area. Asked the question below about each call, it said "no" to 8 of those 18 and
to none of the 70 right calls of the other categories (bench/results_notes.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from thinkact.types import ModelRequest, Reply, SystemMessage, ToolSpec, UserMessage

# The wording matters: "Can this tool compute or fetch what the user asked for?" drew "yes"
# for 10 of the first 10 irrelevance calls; this one, "no" for 6.
_ASK = (
    "Request: {task}\n\nFunction: {name}({params}): {description}\n\n"
    "Does calling this function do what the request asks? Answer yes or no."
)
_GRAMMAR = 'root ::= "yes" | "no"'


def screen_request(task: str, spec: ToolSpec) -> ModelRequest:
    """The yes/no question about one tool, constrained to "yes" or "no" where the model
    takes a grammar; others are told to answer yes or no."""
    properties = spec.parameters.get("properties", {})
    params = ", ".join(properties) if isinstance(properties, dict) else ""
    text = _ASK.format(task=task, name=spec.name, params=params, description=spec.description)
    return ModelRequest(
        messages=(SystemMessage("You are a careful assistant."), UserMessage(text)),
        max_tokens=4,
        grammar=_GRAMMAR,
    )


def says_no(reply: Reply) -> bool:
    """Only a clear "no" refuses: an unclear reply lets the call run."""
    words = reply.text.strip().lower().split()
    return bool(words) and words[0].strip(".,!:;\"'") == "no"


def refusal(name: str) -> str:
    """What the model is told about a call screened out."""
    return (
        f"Not run: {name} does not do what the task asks (checked before running it). "
        "If no tool does, answer without one."
    )


def to_screen(names: Sequence[str], specs: Sequence[ToolSpec]) -> list[ToolSpec]:
    """The specs of the distinct tools called, in call order (one question per tool)."""
    by_name = {s.name: s for s in specs}
    return [by_name[n] for n in dict.fromkeys(names) if n in by_name]
