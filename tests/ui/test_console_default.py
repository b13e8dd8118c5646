"""`ConsoleReporter()` with no console: it makes its own, on stdout."""

from __future__ import annotations

import pytest

from thinkact import Agent
from thinkact.testing import ScriptedModel
from thinkact.ui import ConsoleReporter


def test_a_console_reporter_needs_no_console(capsys: pytest.CaptureFixture[str]) -> None:
    model = ScriptedModel(["Final Answer: 4"], preferred_format="react")
    Agent(model, reporters=[ConsoleReporter()]).run("What is 2+2?")
    out = capsys.readouterr().out
    assert "Starting: What is 2+2?" in out
    assert "COMPLETED" in out and "4" in out
