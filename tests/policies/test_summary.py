"""Summarising trim (policies/summary.py): a summary of the dropped turns, or none when
the model call fails."""

from __future__ import annotations

import time

from thinkact import AgentConfig, RetryPolicy
from thinkact.effects import CallModel
from thinkact.errors import ServerError
from thinkact.formats import get_format
from thinkact.policies import Turn
from thinkact.policies.summary import Summarize
from thinkact.types import ModelRequest, Reply, UserMessage

ASK = ModelRequest((UserMessage("Summarise: step 1 found 42."),))


def turn() -> Turn:
    config = AgentConfig(summarize=True, retry=RetryPolicy(max_attempts=1))
    return Turn("t", "", (), get_format("xml"), config, time.monotonic, [])


def test_the_summary_is_the_reply_to_the_request_it_is_given() -> None:
    gen = Summarize().trimmed(turn(), ASK)
    effect = next(gen)
    assert isinstance(effect, CallModel) and effect.request is ASK
    try:
        gen.send(Reply("Found 42."))
    except StopIteration as done:
        assert done.value == "Found 42."
    else:
        raise AssertionError("one call, then the summary")


def test_a_failed_call_gives_no_summary() -> None:
    gen = Summarize().trimmed(turn(), ASK)
    next(gen)
    try:
        gen.throw(ServerError("500"))
    except StopIteration as done:
        assert done.value is None
    else:
        raise AssertionError("the error ends the summary")
