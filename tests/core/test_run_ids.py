"""Run ids: 12 hex digits, unique, untouched by the caller's random.seed, new in a fork."""

from __future__ import annotations

import os
import random
import re

import pytest

from thinkact.runstate import new_run_id


def test_form_and_uniqueness() -> None:
    ids = {new_run_id() for _ in range(5000)}
    assert len(ids) == 5000
    assert all(re.fullmatch(r"[0-9a-f]{12}", i) for i in ids)


def test_the_callers_seed_does_not_repeat_them() -> None:
    random.seed(0)
    first = new_run_id()
    random.seed(0)
    assert new_run_id() != first


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_draws_its_own() -> None:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its next id, to the parent
        os.write(write, new_run_id().encode())
        os._exit(0)
    os.close(write)
    child = os.read(read, 64).decode()
    os.waitpid(pid, 0)
    os.close(read)
    assert re.fullmatch(r"[0-9a-f]{12}", child)
    assert child != new_run_id()
