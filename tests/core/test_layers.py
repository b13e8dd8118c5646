"""Layering (issue 25): what each layer may not import, checked in fresh interpreters."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def modules_after(code: str) -> set[str]:
    probe = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    return set(json.loads(out.stdout))


@pytest.mark.parametrize(
    ("module", "forbidden"),
    [
        ("thinkact.formats", "thinkact.models.base"),  # formats do not know the Model seam
        ("thinkact.formats.xml", "thinkact.models.base"),
        ("thinkact.loop", "thinkact.models.base"),  # not even through retry.py
        ("thinkact.loop", "thinkact.policies.screen"),  # the core knows the seam only
        ("thinkact.loop", "thinkact.policies.grounding"),
        ("thinkact.ui.console", "thinkact.pev.events"),  # PEV's events show themselves
        ("thinkact.events", "thinkact.workflow"),  # a workflow's marks are its own
        ("thinkact.tools.files", "thinkact.workflow"),
    ],
)
def test_a_layer_does_not_import_another(module: str, forbidden: str) -> None:
    assert forbidden not in modules_after(f"import {module}")


def test_the_agent_loads_no_asyncio_until_an_async_run() -> None:
    loaded = modules_after("from thinkact import Agent, AgentConfig, tool")
    assert "asyncio" not in loaded
