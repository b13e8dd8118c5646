"""The state of one run, which the loop core (loop.py) drives: its history, the counters a
resume needs and the checkpoints it is built from, the policies and their hooks, the
requests and notes sent to the model, the context window."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from thinkact import events as ev
from thinkact.config import AgentConfig
from thinkact.context import ContextWindow, is_pageable
from thinkact.demos import Example
from thinkact.effects import Resume
from thinkact.errors import FormatError, ToolsUnsupportedError
from thinkact.formats import get_format
from thinkact.formats.base import Format, Parsed, final_answer_spec
from thinkact.policies.base import Policy, Turn, hooks
from thinkact.prompts import Requests
from thinkact.types import Message, Reply, SystemMessage, ToolCall, ToolSpec, Usage

if TYPE_CHECKING:
    from thinkact.output import OutputType

COST_UNKNOWN = (
    "max_cost is set but the price of {model} is unknown, so the cost budget cannot be "
    "enforced; set max_tokens instead."
)
FELL_BACK = "format_fallback"  # a Notice's reason: the run went on in a text format
FELL_BACK_NOTE = "The server refused tool calls (HTTP {}); the run goes on in the {} format."


# Run ids come from a generator of their own, seeded once from the OS (and again in a forked
# child): os.urandom at every run start is a system call, and a caller's random.seed must
# not make two runs' ids the same.
_IDS = random.Random()
os.register_at_fork(after_in_child=_IDS.seed)


def new_run_id() -> str:
    """12 random hex digits, as uuid4().hex[:12]."""
    return f"{_IDS.getrandbits(48):012x}"


class RunState:
    """What one run holds besides its control flow (loop.py): the history, the counters a
    resume needs and the checkpoints it is built from, the policies' hooks, the requests.
    `resume` continues a stored run (thinkact.store); `checkpoints` turns Checkpoint events
    on (only a store needs them). `history`: earlier turns of a conversation, after the
    system prompt and before the task (a fresh run only)."""

    def __init__(
        self,
        *,
        task: str,
        model_name: str,
        format: Format,
        tools: Sequence[ToolSpec],
        instructions: str = "",
        examples: Sequence[Example] = (),
        config: AgentConfig | None = None,
        policies: Sequence[Policy] = (),
        run_id: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        context_window: int | None = None,
        resume: Resume | None = None,
        output: OutputType | None = None,
        checkpoints: bool = True,
        history: Sequence[Message] = (),
    ) -> None:
        self.task, self.model_name, self.format = task, model_name, format
        self.instructions, self.config = instructions, config or AgentConfig()
        self.run_id, self.clock = run_id or new_run_id(), clock
        self.tools = tuple(tools)
        self.pageable = frozenset(t.name for t in tools if is_pageable(t))
        self.resume, self.checkpoints = resume, checkpoints
        self.fresh = resume is None or not resume.messages  # no checkpoint to go on from
        self.output = output  # a typed result (Agent(output_type=...)); None: text
        answer, shown = self._shown()
        self.messages: list[Message] = (
            [
                SystemMessage(format.system_prompt(shown, instructions, examples)),
                *(m for m in history if not isinstance(m, SystemMessage)),
            ]
            if resume is None or self.fresh
            else list(resume.messages)
        )
        self.policies = tuple(policies)
        self.turn = Turn(task, instructions, self.tools, format, self.config, clock, self.messages)
        self._on = {h: hooks(self.policies, h) for h in ("reply", "answer", "calls", "observation")}
        self.ask = Requests(
            format, self.config, self.tools, hooks(policies, "request"), self.turn, answer
        )
        native = self.ask.specs if format.native else ()  # they travel in every request
        self.context = ContextWindow.for_run(self.config, context_window, native)
        self.usage = Usage() if resume is None else resume.usage  # the drivers add to these
        self.model_calls = 0 if resume is None else resume.model_calls
        self.start = clock() - (0.0 if resume is None else resume.elapsed)
        self.cost_noted = self.config.max_cost is None  # without a cost budget: nothing to say
        self.examples = tuple(examples)  # for the system prompt of a format switched to
        if resume is not None:
            self.turn.step = resume.step
            self._restore(resume.counters)
        self._committed = 0 if self.fresh else len(self.messages)  # messages checkpointed

    def elapsed(self) -> float:
        return self.clock() - self.start

    def _restore(self, saved: Mapping[str, Any]) -> None:
        self.turn.errors = int(saved.get("errors", 0))
        self.turn.turned_down = bool(saved.get("turned_down", False))
        states = saved.get("policies")  # runs stored before policies had one flat dict
        for p in self.policies:
            p.restore(states.get(p.name, {}) if isinstance(states, Mapping) else saved)

    def _checkpoint(self, pending: tuple[ToolCall, ...] = ()) -> ev.Checkpoint:
        new, self._committed = tuple(self.messages[self._committed :]), len(self.messages)
        t = self.turn
        policies = {p.name: p.state() for p in self.policies}  # each under its own name
        state = {
            "errors": t.errors,
            "turned_down": t.turned_down,
            "model_calls": self.model_calls,
            "policies": policies,
        }
        return ev.Checkpoint(t.step, new, self.usage, self.elapsed(), state, pending)

    def _note(self, step: int) -> str:
        return self.ask.note(step, self.usage, self.elapsed)

    @staticmethod
    def _replied(step: int, reply: Reply, p: Parsed, took: float) -> ev.ModelReplied:
        return ev.ModelReplied(
            step, reply.text, p.thought, p.calls, p.final_answer, reply.usage, took
        )

    def _parse(self, reply: Reply) -> Parsed | FormatError:
        try:
            return self.format.parse(reply, self.tools)
        except FormatError as e:
            return e

    def _shown(self) -> tuple[Mapping[str, Any] | None, tuple[ToolSpec, ...]]:
        """A typed answer's schema (None: text), and the tools the system prompt shows:
        with that schema, the final answer is a tool too."""
        answer = None if self.output is None else self.output.schema
        return answer, self.tools if answer is None else (*self.tools, final_answer_spec(answer))

    def _started(self) -> ev.RunStarted:
        cfg, names = self.config, tuple(sorted(t.name for t in self.tools))
        return ev.RunStarted(
            self.run_id,
            self.task,
            self.model_name,
            self.format.name,
            cfg.max_steps,
            names,
            self.instructions,
            cfg.to_dict(),
        )

    def _cost_unknown(self, step: int) -> ev.Notice | None:
        """Said once: a cost budget on a model whose price is unknown cannot hold."""
        if self.config.max_cost is None or self.usage.cost is not None or self.cost_noted:
            return None
        self.cost_noted = True
        return ev.Notice(step, "cost_unknown", COST_UNKNOWN.format(model=self.model_name))

    def _fall_back(self, step: int, error: ToolsUnsupportedError) -> ev.Notice:
        """Go on in the text format the server can serve (it refused the tools): its system
        prompt replaces the first message, requests and the context window follow it; the
        history stays."""
        if not self.format.native:
            raise error
        fmt = get_format(error.fallback)
        answer, shown = self._shown()
        self.format = self.turn.format = fmt
        prompt = fmt.system_prompt(shown, self.instructions, self.examples)
        self.messages[0] = SystemMessage(prompt)
        self.ask = Requests(fmt, self.config, self.tools, self.ask.hooks, self.turn, answer)
        window = self.context
        self.context = ContextWindow(window.budget, summary_tokens=window.summary_tokens)
        return ev.Notice(step, FELL_BACK, FELL_BACK_NOTE.format(error.status, fmt.name))


__all__ = ["COST_UNKNOWN", "FELL_BACK", "RunState", "new_run_id"]
