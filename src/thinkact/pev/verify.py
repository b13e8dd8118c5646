"""A short model judgement of a step's result against its goal and check."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from thinkact.events import RetryScheduled
from thinkact.models.base import Model
from thinkact.retry import RetryPolicy, acomplete_retrying
from thinkact.types import ModelRequest, SystemMessage, Usage, UserMessage

_JUDGE = (
    "You check one step of an agent's work. Decide whether the result achieves the goal and "
    "meets the check. The check was written before the step ran: a value it names is a "
    "guess, so do not fail a result for differing from it; fail a result that is missing, "
    "an error, or off the goal. "
    'Reply with JSON only: {"pass": true or false, "reason": "one sentence"}'
)


@dataclass(frozen=True, slots=True)
class Verdict:
    passed: bool
    reason: str


def judge_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "pass": {"type": "boolean"},
            "reason": {"type": "string", "maxLength": 300},
        },
        "required": ["pass", "reason"],
        "additionalProperties": False,
    }


def read_verdict(text: str) -> Verdict:
    """Tolerant: JSON if there is any, else PASS/FAIL words. Unreadable counts as a pass, so
    a confused judge cannot fail sound work (the reason says so)."""
    from thinkact.formats.jsonish import find_value

    try:
        data, _, _ = find_value(text, "{")
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("pass"), bool):
        return Verdict(data["pass"], str(data.get("reason") or ""))
    words = re.findall(r"\b(pass|fail)\b", text.lower())
    if words:
        return Verdict(words[0] == "pass", text.strip()[:300])
    return Verdict(True, f"judge reply unreadable, step accepted: {text.strip()[:120]!r}")


async def judge(
    model: Model,
    goal: str,
    check: str,
    result: str,
    schema: dict[str, Any],
    retry: RetryPolicy,
    on_retry: Callable[[RetryScheduled], None] | None = None,
) -> tuple[Verdict, Usage]:
    request = ModelRequest(
        messages=(
            SystemMessage(_JUDGE),
            UserMessage(f"Goal: {goal}\nCheck: {check}\nResult:\n{result[:4000]}"),
        ),
        max_tokens=200,
        json_schema=schema,
    )
    reply = await acomplete_retrying(model, request, retry, on_retry)
    return read_verdict(reply.text), reply.usage
