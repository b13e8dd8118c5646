"""Resampling: at temperature 0 a model writes the same reply again, word for word (a
degenerate repetition, an answer just turned down). So the reply after an error or a
turned-down reply is sampled at `retry_temperature` or more; and a reply cut short (the
token limit, or a local model's repetition stop) that does not parse is asked for once
more within the step, sampled, and with a penalty on repeated tokens.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import replace
from typing import Any

from thinkact.effects import Effect
from thinkact.errors import FormatError
from thinkact.events import Notice
from thinkact.formats.base import Format, Parsed
from thinkact.policies.base import BasePolicy, Hook, Turn, Verdict
from thinkact.retry import RetryPolicy, retrying
from thinkact.types import ModelRequest, Reply, ToolSpec

REPLY_CUT = "reply_cut"  # a Notice's reason: a cut, unparseable reply was asked for again


class Resample(BasePolicy):
    """`temperature`: the least temperature after an error or a turned-down reply;
    `penalty`: the frequency penalty a cut reply is asked for again with."""

    name = "resample"

    def __init__(self, temperature: float = 0.7, penalty: float = 1.0) -> None:
        self.temperature = temperature
        self.penalty = penalty

    def request(self, turn: Turn, request: ModelRequest) -> ModelRequest:
        if (turn.errors or turn.turned_down) and request.temperature < self.temperature:
            return replace(request, temperature=self.temperature)
        return request

    def reply(
        self, turn: Turn, request: ModelRequest, reply: Reply, parsed: Parsed | FormatError
    ) -> Hook:
        if reply.stop_reason != "max_tokens" or not isinstance(parsed, FormatError):
            return None
        return self._again(turn, request, reply, parsed)

    def _again(
        self, turn: Turn, request: ModelRequest, reply: Reply, error: FormatError
    ) -> Generator[Effect, Any, Verdict]:
        again = yield from uncut(
            turn.step, request, reply, error, (self.temperature, self.penalty), turn.config.retry
        )
        return Verdict(reply=again)


def uncut(
    step: int,
    request: ModelRequest,
    reply: Reply,
    error: FormatError,
    hotter: tuple[float, float],
    retry: RetryPolicy,
) -> Generator[Effect, Any, Reply]:
    """The reply asked for again with at least `hotter` (temperature, frequency penalty);
    the usage of the reply returned counts both calls."""
    yield Notice(step, REPLY_CUT, f"The reply was cut short and did not parse: {error}")
    temperature, penalty = hotter
    again = yield from retrying(
        replace(
            request,
            temperature=max(request.temperature, temperature),
            frequency_penalty=max(request.frequency_penalty, penalty),
        ),
        retry,
    )
    return replace(again, usage=reply.usage + again.usage)


def parsed_or_error(fmt: Format, reply: Reply, tools: Sequence[ToolSpec]) -> Parsed | FormatError:
    """The reply parsed, or the FormatError that says why it does not parse."""
    try:
        return fmt.parse(reply, tools)
    except FormatError as e:
        return e


__all__ = ["REPLY_CUT", "Resample", "parsed_or_error", "uncut"]
