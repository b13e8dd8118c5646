"""llama.cpp's OpenMP threads sleep while they wait (the runtime's own report, read in a
fresh process, since OpenMP reads its settings once, when llama.cpp loads)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

LOAD = """
import sys
from thinkact.models.local import LocalModel
from thinkact.types import ModelRequest, UserMessage
try:
    LocalModel(path=sys.argv[1]).complete(ModelRequest((UserMessage("hi"),)))
except Exception as e:
    print(type(e).__name__)
"""


def _openmp_report(tmp_path: Path, policy: str | None) -> tuple[dict[str, str], str]:
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.skip("llama-cpp-python is not installed (run scripts/bootstrap.sh)")
    junk = tmp_path / "junk.gguf"  # llama.cpp loads, then refuses the file: no weights needed
    junk.write_bytes(b"not a model")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OMP_", "GOMP_"))}
    env |= {"OMP_DISPLAY_ENV": "VERBOSE", "PYTHONPATH": os.pathsep.join(sys.path)}
    if policy is not None:
        env["OMP_WAIT_POLICY"] = policy
    done = subprocess.run(
        [sys.executable, "-c", LOAD, str(junk)], env=env, capture_output=True, text=True
    )
    settings = {}
    for line in done.stderr.splitlines():
        name, eq, value = line.strip().partition(" = ")
        if eq:
            settings[name] = value.strip("'")
    if "GOMP_SPINCOUNT" not in settings:
        pytest.skip("this llama.cpp build does not use GNU OpenMP")
    return settings, done.stdout.strip()


def test_the_local_model_makes_openmp_threads_sleep_while_they_wait(tmp_path: Path) -> None:
    settings, outcome = _openmp_report(tmp_path, None)
    assert outcome == "ModelError"  # the engine really loaded llama.cpp, and said no clearly
    assert settings["OMP_WAIT_POLICY"] == "PASSIVE"
    assert settings["GOMP_SPINCOUNT"] == "0"  # unset, the runtime spins 300000 times first


def test_a_users_own_wait_policy_stands(tmp_path: Path) -> None:
    settings, _ = _openmp_report(tmp_path, "ACTIVE")
    assert settings["OMP_WAIT_POLICY"] == "ACTIVE"
    assert settings["GOMP_SPINCOUNT"] != "0"
