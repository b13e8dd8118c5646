"""LocalModel's settings, checked without loading the weights (the model loads lazily)."""

from __future__ import annotations

import pytest

from thinkact.errors import UserError
from thinkact.models.local import THREADS_ENV, LocalModel


def test_prompt_threads_default_to_two(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(THREADS_ENV, raising=False)
    assert LocalModel().n_threads == 2


def test_prompt_threads_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(THREADS_ENV, "1")
    assert LocalModel().n_threads == 1
    assert LocalModel(n_threads=3).n_threads == 3  # an explicit argument wins


@pytest.mark.parametrize("raw", ["0", "two", "-1", "1.5"])
def test_a_bad_thread_count_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv(THREADS_ENV, raw)
    with pytest.raises(UserError, match=THREADS_ENV):
        LocalModel()
