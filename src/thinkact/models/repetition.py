"""Degenerate repetition: a small model at temperature 0 can fall into a cycle (` * 5 * 5`,
or one sentence again and again) and write it until `max_tokens`, a minute or more of CPU
for a reply that is then cut mid-JSON. Seen on GSM8K: 1,024 tokens of ` * 5`, three times.
The local model stops generating as soon as the tail is one short cycle repeated (and says
`max_tokens`: the reply was cut). A task that really asks for repetition ("write 'go' 200
times") is cut too: `LocalModel(stop_on_repetition=False)`."""

from __future__ import annotations

from typing import Any

WINDOW = 96  # generated tokens that must all repeat one cycle
MAX_PERIOD = 16  # the longest cycle looked for (a short sentence)


def repeating(ids: Any, generated: int, window: int = WINDOW, max_period: int = MAX_PERIOD) -> bool:
    """True when the last `window` of the `generated` tokens at the end of `ids` are one
    cycle of at most `max_period` tokens, repeated (at least window / max_period times)."""
    if generated < window:
        return False
    tail = [int(t) for t in ids[-window:]]  # ids may be llama.cpp's numpy array
    return any(tail[p:] == tail[:-p] for p in range(1, max_period + 1))
