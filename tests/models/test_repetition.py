"""The local model's stop on degenerate repetition (a pure check on token ids)."""

from __future__ import annotations

import numpy as np

from thinkact.models.repetition import WINDOW, repeating


def test_a_short_cycle_filling_the_window_is_repetition() -> None:
    prompt = list(range(1000, 1300))
    cycle = [7, 9] * (WINDOW // 2)  # " * 5 * 5 ..."
    assert repeating(np.array([*prompt, 1, 2, 3, *cycle]), 3 + len(cycle))
    sentence = list(range(50, 62)) * 9  # one 12-token sentence again and again
    assert repeating(prompt + sentence, len(sentence))


def test_ordinary_text_and_short_runs_are_not() -> None:
    prompt = [5] * 500  # a repetitive prompt is not the reply's fault
    assert not repeating(prompt, 0)
    assert not repeating(prompt + [7, 9] * 20, 40)  # [0, 0, 0, ...] in an argument is fine
    varied = [int(x) for x in np.random.default_rng(0).integers(0, 5000, 300)]
    assert not repeating(prompt + varied, 300)
    # a block of 24+ tokens comes back, but not right after itself
    block = list(range(100, 140))
    assert not repeating(prompt + block + [1, 2, 3] + block, 83)
    short = list(range(100, 120))  # 20 tokens twice: shorter than a call, left alone
    assert not repeating(prompt + short + short, 40)


def test_a_long_block_written_twice_in_a_row_is_caught_at_its_first_repeat() -> None:
    prompt = list(range(1000, 1300))
    calls = list(range(200, 245))  # three tool calls, about 45 tokens
    reply = [1, 2, 3, *calls, *calls]
    assert repeating(np.array(prompt + reply), len(reply))
    assert not repeating(np.array(prompt + reply[:-1]), len(reply) - 1)  # one token earlier
