"""Fitting a run's history into the model's context window, and capping huge observations.

Token counts are estimated per message (about four characters a token, rounded up, plus a
few tokens of framing) and kept in a list parallel to the append-only history, so a step
costs O(new messages), never a recount of the whole history. Providers report the real
prompt size in `Usage.input_tokens`; when that is larger than our estimate, later estimates
are scaled up by the same ratio, so a tokenizer that is denser than four characters a token
cannot push a request over the window.

What is kept, in order: the system prompt and the task (always), a note or summary standing
for what was dropped, then the most recent turns. A turn is an assistant message and every
message up to the next one, so a tool call always travels with its result.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from thinkact.config import AgentConfig
from thinkact.errors import ContextTooLongError, UserError
from thinkact.types import (
    AssistantMessage,
    Message,
    ModelRequest,
    SystemMessage,
    ToolCall,
    ToolMessage,
    ToolResult,
    ToolSpec,
    UserMessage,
)

CHARS_PER_TOKEN = 4
MESSAGE_OVERHEAD = 4  # role and framing tokens every API adds per message
NOTE_TOKENS = 48  # room kept for the "N earlier messages were removed" note
PINNED = 2  # the system prompt and the task

SUMMARY_PROMPT = (
    "You compress the earlier part of an agent's work so it can continue with less context. "
    "Write a concise summary of the steps below: what was tried, which tool results matter "
    "(exact numbers, names, file paths, quotes), and what is still open. Plain text, no "
    "preamble."
)


def estimate_message_tokens(m: Message) -> int:
    """An upper bound of `thinkact.testing.estimate_tokens` for this message alone."""
    # This runs for every new message of every step: plain loops, and the repr of the
    # arguments, about as long as their JSON and far cheaper.
    if isinstance(m, ToolMessage):
        chars = 0
        for r in m.results:
            chars += len(r.content) + len(r.name)
    elif isinstance(m, AssistantMessage):
        chars = len(m.content)
        for c in m.tool_calls:
            chars += len(c.name) + len(repr(c.arguments))
    else:
        chars = len(m.content)
    return -(-chars // CHARS_PER_TOKEN) + MESSAGE_OVERHEAD


def estimate_tools_tokens(specs: Sequence[ToolSpec]) -> int:
    chars = 0
    for t in specs:
        seen = _SPEC_CHARS.get(id(t))  # the entry keeps its spec alive: the id is still its
        if seen is None:
            if len(_SPEC_CHARS) >= 1024:  # specs made afresh for each run: start over
                _SPEC_CHARS.clear()
            size = len(t.name) + len(t.description) + len(json.dumps(dict(t.parameters)))
            seen = _SPEC_CHARS[id(t)] = (t, size)
        chars += seen[1]
    return -(-chars // CHARS_PER_TOKEN)


# Each tool spec's characters, made once: a run starts with every tool's spec (Tool.spec and
# the final answer's are the same values run after run), and JSON is the costly part. Specs
# are values: their schemas are not changed once made.
_SPEC_CHARS: dict[int, tuple[ToolSpec, int]] = {}


@dataclass(frozen=True, slots=True)
class Trim:
    """What one fit dropped: the messages, their tokens, and the tokens kept."""

    dropped: tuple[Message, ...]
    dropped_tokens: int
    kept_tokens: int


class ContextWindow:
    """Keeps one run's history inside `budget` tokens (window minus the reply's reserve).

    Dropping is monotonic: once a turn is dropped it stays dropped, so the kept window only
    slides forward and the total work over a run is linear in its length.
    """

    def __init__(
        self,
        budget: int | None,
        *,
        fixed: int = 0,
        summary_tokens: int = 0,
        count: Callable[[Message], int] = estimate_message_tokens,
    ) -> None:
        self.budget = budget
        self.fixed = fixed  # tool specs and other per-request overhead
        self.summary_tokens = summary_tokens  # room kept for a summary (0: no summaries)
        self.count = count
        self.ratio = 1.0  # real tokens per estimated token, never below 1
        self.summary: str | None = None
        self.dropped_count = 0  # messages dropped so far in this run
        self.trim: Trim | None = None  # what the last fit dropped (None: nothing)
        self._counts: list[int] = []
        self._pinned = 0  # tokens of the pinned messages
        self._kept = 0  # tokens of messages[_start:]
        self._start = PINNED
        self._note: Message | None = None  # stands for the dropped turns, once there are any
        self._note_tokens = 0
        self._caps: dict[int, int] = {}  # observation caps, until the ratio or pins change

    @classmethod
    def for_run(
        cls, config: AgentConfig, model_window: int | None, specs: Sequence[ToolSpec]
    ) -> ContextWindow:
        """The window of a run: `config.context_window`, else the model's, minus the
        reply's reserve; `specs` are the tools sent with every request."""
        window = config.context_window or model_window
        reserve = config.max_reply_tokens
        if window is not None and window <= reserve:
            raise UserError(
                f"context window {window} leaves no room for the prompt: it must be larger "
                f"than max_reply_tokens ({reserve})"
            )
        budget = None if window is None else window - reserve
        summary = min(512, budget // 8) if budget is not None and config.summarize else 0
        return cls(budget, fixed=estimate_tools_tokens(specs), summary_tokens=summary)

    # --- the view a request sees ----------------------------------------------------------

    def fit(self, messages: Sequence[Message]) -> tuple[Message, ...]:
        """Messages for the next request: the oldest turns are dropped while the estimate
        is over the budget. `self.trim` says what this call dropped."""
        self.trim = None
        n = len(self._counts)
        if n < len(messages):
            if n >= PINNED:  # the common case: every new message is kept
                count, counts, kept = self.count, self._counts, self._kept
                for m in messages[n:]:
                    counts.append(c := count(m))
                    kept += c
                self._kept = kept
            else:
                for i in range(n, len(messages)):
                    c = self.count(messages[i])
                    self._counts.append(c)
                    if i < PINNED:
                        self._pinned += c
                        self._caps.clear()
                    else:
                        self._kept += c
        if self.budget is None:
            return tuple(messages)
        limit = self.budget / self.ratio
        if self._start == PINNED and self._pinned + self.fixed + self._kept <= limit:
            return tuple(messages)
        if self._pinned + self.fixed > limit:
            raise ContextTooLongError(
                f"the system prompt, tools and task take about {self._pinned + self.fixed} "
                f"tokens, more than the context budget of {self.budget} tokens (the window "
                "minus max_reply_tokens). Shorten the task or instructions, or use a larger "
                "context_window."
            )
        first = self._start
        reserve = NOTE_TOKENS + self.summary_tokens
        while self._pinned + self.fixed + self._kept + reserve > limit:
            end = self._next_turn(messages, self._start)
            if end is None:  # only the latest turn is left; it must stay
                break
            self._kept -= sum(self._counts[self._start : end])
            self._start = end
        if self._start > first:
            dropped = tuple(messages[first : self._start])
            self.dropped_count += len(dropped)
            self._set_note()
            tokens = sum(self._counts[first : self._start])
            self.trim = Trim(dropped, tokens, self.kept_tokens())
        return self.view(messages)

    def view(self, messages: Sequence[Message]) -> tuple[Message, ...]:
        """Pinned messages, the note or summary for what was dropped, then the kept turns."""
        if self._note is None:
            return tuple(messages)
        return (*messages[:PINNED], self._note, *messages[self._start :])

    def kept_tokens(self) -> int:
        """Estimated tokens of the current view (pinned, note or summary, kept turns)."""
        return self._pinned + self.fixed + self._kept + self._note_tokens

    def set_summary(self, text: str) -> None:
        """Use `text` for what was dropped (cut to the room kept for it)."""
        room = max(0, self.summary_tokens - 2 * MESSAGE_OVERHEAD - 16) * CHARS_PER_TOKEN
        self.summary = text.strip()[:room] or None
        self._set_note()

    def _set_note(self) -> None:
        if self.summary:
            text = "[Summary of the earlier steps, removed to fit the context window]\n"
            self._note = UserMessage(text + self.summary)
        else:
            self._note = UserMessage(
                f"[{self.dropped_count} earlier messages were removed to fit the context "
                "window. The task is above; your most recent steps follow.]"
            )
        self._note_tokens = estimate_message_tokens(self._note)

    @staticmethod
    def _next_turn(messages: Sequence[Message], start: int) -> int | None:
        """Index where the turn after the one at `start` begins (None: it is the last)."""
        for i in range(start + 1, len(messages)):
            if isinstance(messages[i], AssistantMessage):
                return i
        return None

    # --- calibration and caps ------------------------------------------------------------------

    def calibrate(self, estimated: int, actual: int) -> None:
        """Learn from the provider's real prompt size (0 when it does not report one)."""
        if actual > 0 and estimated > 0:
            self.ratio = max(1.0, actual / estimated)
            self._caps.clear()

    def observation_cap(self, max_chars: int) -> int:
        """Characters a single tool result may take: the configured cap, and never more than
        a third of what the budget leaves after the pinned messages."""
        if self.budget is None:
            return max_chars
        cap = self._caps.get(max_chars)
        if cap is None:
            free = self.budget - self._pinned - self.fixed - NOTE_TOKENS - self.summary_tokens
            cap = max(500, min(max_chars, int(free / self.ratio) * CHARS_PER_TOKEN // 3))
            self._caps[max_chars] = cap
        return cap

    # --- summaries -------------------------------------------------------------------------

    def summary_request(self, dropped: Sequence[Message]) -> ModelRequest:
        """The extra call that folds the previous summary and the dropped turns into one."""
        room = max(2000, (self.budget or 32_000) * CHARS_PER_TOKEN // 2)
        parts = [f"Summary so far:\n{self.summary}"] if self.summary else []
        parts.extend(_render(m) for m in dropped)
        text = "\n\n".join(parts)
        if len(text) > room:  # keep the newest part: older facts are already in the summary
            text = "…" + text[-room:]
        return ModelRequest(
            messages=(SystemMessage(SUMMARY_PROMPT), UserMessage(text)),
            max_tokens=max(16, self.summary_tokens - MESSAGE_OVERHEAD - 16),
        )


def _render(m: Message, limit: int = 1500) -> str:
    def cut(s: str) -> str:
        return s if len(s) <= limit else s[:limit] + "…"

    if isinstance(m, AssistantMessage):
        calls = "".join(
            f"\n  called {c.name}({json.dumps(dict(c.arguments), default=str)})"
            for c in m.tool_calls
        )
        return f"assistant: {cut(m.content)}{calls}"
    if isinstance(m, ToolMessage):
        return "\n".join(f"result of {r.name}: {cut(r.content)}" for r in m.results)
    return f"{m.role}: {cut(m.content)}"


def cap_result(result: ToolResult, call: ToolCall, max_chars: int, pageable: bool) -> ToolResult:
    """Cut a tool result to `max_chars`, telling the model how to get the rest.

    `pageable`: the tool takes an `offset` argument (in characters) and its result is its
    text from that offset, perhaps followed by one bracketed line about it (read_file's
    "[doc.pdf: chars 0–7,000 of 9,000; ...]"). The pointer names the exact call that reads
    on: from the first character not shown. A cut that falls within that last line keeps
    the text whole and drops the line, so the pointer is never past unseen text.
    """
    text = result.content
    if len(text) <= max_chars:
        return result
    keep = max_chars
    if pageable:
        given = call.arguments.get("offset", 0)
        start = given if isinstance(given, int) and not isinstance(given, bool) else 0
        note = text.rfind("\n\n[")
        if 0 < note <= max_chars and text.endswith("]") and "\n" not in text[note + 2 :]:
            keep = note
        pointer = f"call {call.name} with offset={start + keep} for more"
    else:
        pointer = "the rest was cut; ask for it in parts"
    tail = f"\n\n[… cut at {keep:,} of {len(text):,} chars; {pointer}]"
    return ToolResult(result.call_id, result.name, text[:keep] + tail, result.is_error)


def is_pageable(spec: ToolSpec) -> bool:
    props = spec.parameters.get("properties")
    return isinstance(props, dict) and "offset" in props
