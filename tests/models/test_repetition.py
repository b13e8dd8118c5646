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
    # a cycle longer than the longest looked for (a whole paragraph) is left alone
    assert not repeating(prompt + list(range(40)) * 5, 200)
