"""Degenerate repetition: a small model at temperature 0 can fall into a cycle (` * 5 * 5`,
or one sentence again and again) and write it until `max_tokens`, a minute or more of CPU
for a reply that is then cut mid-JSON. Seen on GSM8K: 1,024 tokens of ` * 5`, three times.
The local model stops generating as soon as the tail is one short cycle repeated (and says
`max_tokens`: the reply was cut). A task that really asks for repetition ("write 'go' 200
times") is cut too: `LocalModel(stop_on_repetition=False)`.

Longer cycles are caught at their first repeat: a block of 24 tokens or more written twice
in a row. Seen on BFCL once parallel calls were allowed: the model wrote its three calls,
then the same three again, until the grammar's limit of eight."""

from __future__ import annotations

from typing import Any

WINDOW = 96  # generated tokens that must all repeat one cycle
MAX_PERIOD = 16  # the longest cycle looked for (a short sentence)
MIN_BLOCK = 24  # a block this long written twice in a row is a loop (a tool call, a line)
MAX_BLOCK = 320  # the longest such block looked for


def repeating(ids: Any, generated: int, window: int = WINDOW, max_period: int = MAX_PERIOD) -> bool:
    """True when the last `window` of the `generated` tokens at the end of `ids` are one
    cycle of at most `max_period` tokens, repeated (at least window / max_period times), or
    when they end with a block of MIN_BLOCK..MAX_BLOCK tokens written twice in a row."""
    if generated < min(window, 2 * MIN_BLOCK):
        return False
    tail = [int(t) for t in ids[-min(generated, 2 * MAX_BLOCK) :]]  # ids may be numpy
    if generated >= window:
        short = tail[-window:]
        if any(short[p:] == short[:-p] for p in range(1, max_period + 1)):
            return True
    last = tail[-1]
    return any(
        tail[-1 - p] == last and tail[-p:] == tail[-2 * p : -p]  # cheap first-token filter
        for p in range(MIN_BLOCK, len(tail) // 2 + 1)
    )
