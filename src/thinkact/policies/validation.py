"""Validation of answers, and answers given by a tool (`Tool.return_direct`).

A final answer is checked by the validators (and for content at all); a failure goes back
to the model with its reason while retries are left, and ends the run ("validation_failed")
after. A successful result of a return_direct tool is the run's answer, checked the same way;
a failure goes back beside the output it is about. An answer forced by a limit is checked
only while the run could go on (the loop asks only then), and ends the run under that limit.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any

from thinkact.effects import Effect, Validator
from thinkact.events import ValidationFailed
from thinkact.policies.base import BasePolicy, Hook, Turn, Verdict
from thinkact.types import ModelRequest, Reply, ToolCall, ToolResult


def first_failure(answer: str, validators: Sequence[Validator]) -> tuple[str, str] | None:
    """The first check a final answer fails, as (validator name, reason); None if none."""
    # "..." copied from an example's placeholder says nothing; `[]` or `{}` may be a typed
    # answer (Agent(output_type=...)), which its own validator checks
    if not any(c.isalnum() for c in answer) and answer.strip() not in ("[]", "{}"):
        shown = answer.strip()[:20]
        return "has_content", f"Your final answer {shown!r} says nothing: write the answer."
    for v in validators:
        reason = v(answer)
        if reason:
            return getattr(v, "__name__", type(v).__name__), reason
    return None


def failed_note(reason: str) -> str:
    """What the model is told about an answer that failed a check."""
    return (
        f"<validation_failed>{reason}</validation_failed>\n"
        "Fix this, then give your final answer again."
    )


class Validation(BasePolicy):
    """`validators` check every answer; `direct` maps each return_direct tool to the answer
    its output gives; `retries` failures go back to the model before the run ends."""

    name = "validation"

    def __init__(
        self,
        validators: Sequence[Validator] = (),
        *,
        direct: Mapping[str, Callable[[str], str]] | None = None,
        retries: int = 2,
    ) -> None:
        self.validators = tuple(validators)
        self.direct = dict(direct or {})
        self.retries = retries
        self.attempts = 0  # failed validations so far in the run

    def uses(self, hook: str) -> bool:
        # results give an answer only where a tool is return_direct
        return super().uses(hook) and (hook != "observation" or bool(self.direct))

    def answer(
        self, turn: Turn, request: ModelRequest, reply: Reply, answer: str, forced: str
    ) -> Hook:
        failure = first_failure(answer, self.validators)
        return None if failure is None else self._failed(turn.step, failure)

    def observation(
        self, turn: Turn, calls: Sequence[ToolCall], results: Sequence[ToolResult]
    ) -> Hook:
        answer = self._direct_answer(results)
        if answer is None:
            return None
        failure = first_failure(answer, self.validators)
        if failure is None:
            return Verdict(finish="final_answer", answer=answer)
        return self._failed(turn.step, failure, answer)

    def _failed(
        self, step: int, failure: tuple[str, str], answer: str | None = None
    ) -> Generator[Effect, Any, Verdict]:
        """Counted and reported; sent back while retries are left, else the run ends."""
        self.attempts += 1
        name, reason = failure
        yield ValidationFailed(step, name, reason, self.attempts)
        if self.attempts > self.retries:
            return Verdict(finish="validation_failed", answer=answer)
        return Verdict(note=failed_note(reason), turned_down=True)

    def _direct_answer(self, results: Sequence[ToolResult]) -> str | None:
        """The answer a return_direct tool's successful result gives (the last such)."""
        for r in reversed(results):
            if r.name in self.direct and not r.is_error:
                return self.direct[r.name](r.content)
        return None

    def state(self) -> dict[str, Any]:
        return {"validation_attempts": self.attempts}

    def restore(self, state: Mapping[str, Any]) -> None:
        self.attempts = int(state.get("validation_attempts", 0))


__all__ = ["Validation", "failed_note", "first_failure"]
