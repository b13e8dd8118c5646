"""What the loop sends the model besides the history: each request, made the same way every
turn (the format's grammar and JSON schema built once per run, since formats keep no state;
then the policies' request hooks), and the note that goes out with each turn (the step
count, budget warnings)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from thinkact.budget import Budget
from thinkact.config import AgentConfig
from thinkact.formats.base import Format, final_answer_spec
from thinkact.types import Message, ModelRequest, ToolSpec, Usage

RequestHook = Callable[[Any, ModelRequest], ModelRequest]


class Requests:
    """The requests and notes of one run. `specs` are the tools as requests carry them
    (native formats: with the final answer as a tool), and as the format's grammar sees
    them (with a typed answer's `answer` schema: thinkact.output)."""

    def __init__(
        self,
        format: Format,
        config: AgentConfig,
        tools: Sequence[ToolSpec],
        hooks: Sequence[RequestHook] = (),
        turn: Any = None,
        answer: Mapping[str, Any] | None = None,
    ) -> None:
        self.format, self.config = format, config
        typed = answer is not None
        self.specs = (*tools, final_answer_spec(answer)) if format.native or typed else tuple(tools)
        self.budget = Budget.from_config(config)
        self.budgeted = self.budget.active  # tokens, cost or time are limited
        self.hooks, self.turn = tuple(hooks), turn
        self._made: dict[bool, tuple[Any, ...]] = {}  # all of a request but its messages

    def __call__(self, messages: tuple[Message, ...], final_only: bool = False) -> ModelRequest:
        """The request for `messages`; `final_only`: an answer and no call."""
        made = self._made.get(final_only)
        if made is None:
            fmt, cfg = self.format, self.config
            made = self._made[final_only] = (
                self.specs if fmt.native else (),
                cfg.max_reply_tokens,
                fmt.stop,
                cfg.temperature,
                fmt.grammar(self.specs, final_only=final_only),
                fmt.json_schema(self.specs, final_only=final_only),
                "none" if final_only and fmt.native else "auto",
            )
        request = ModelRequest(messages, *made)
        for hook in self.hooks:
            request = hook(self.turn, request)
        return request

    def note(self, step: int, usage: Usage, elapsed: Callable[[], float]) -> str:
        """The step count and budget warnings shown with turn `step` (`elapsed`: the run's
        time so far)."""
        cfg = self.config
        if step < cfg.max_steps and cfg.show_step_count and not self.budgeted:  # most turns
            return f"[Step {step} of {cfg.max_steps}]" if self.format.counts_steps else ""
        parts = []
        if cfg.show_step_count and step <= cfg.max_steps:
            count = f"Step {step} of {cfg.max_steps}" if self.format.counts_steps else ""
            if step == cfg.max_steps:
                last = "This is your last step: give your final answer now if you can."
                parts.append(f"[{count}. {last}]" if count else f"[{last}]")
            elif count:
                parts.append(f"[{count}]")
        if self.budgeted and (low := self.budget.warning(usage, elapsed())):
            parts.append(low)
        return "\n".join(parts)


__all__ = ["Requests"]
