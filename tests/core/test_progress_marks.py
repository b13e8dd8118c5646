"""A workflow's step marks (thinkact.workflow): the mark_step_complete tool and its event."""

from __future__ import annotations

import pytest

from thinkact import Agent, ToolContext
from thinkact.errors import ToolRetry
from thinkact.store.codec import event_from_dict
from thinkact.testing import ScriptedModel
from thinkact.workflow import ProgressMarked, mark_step_complete


def test_mark_step_complete_emits_progress() -> None:
    assert "step_name" in mark_step_complete.parameters["properties"]
    assert "ctx" not in mark_step_complete.parameters["properties"]
    ctx = ToolContext()
    assert mark_step_complete.call({"step_name": "  scan   documents "}, ctx) == (
        "Step 'scan documents' marked complete."
    )
    assert ctx.events == [ProgressMarked("scan documents")]
    with pytest.raises(ToolRetry, match="empty"):
        mark_step_complete.call({"step_name": "  "}, ctx)


def test_a_mark_reaches_the_run_s_events_and_decodes_from_the_store() -> None:
    call = {"name": "mark_step_complete", "arguments": {"step_name": "scan"}}
    model = ScriptedModel([{"tool_calls": [call]}, {"text": "done"}])
    events = list(Agent(model, [mark_step_complete]).iter("go"))
    [mark] = [e for e in events if isinstance(e, ProgressMarked)]
    assert mark == ProgressMarked("scan")
    assert event_from_dict(mark.to_dict()) == mark


def test_the_old_import_still_works() -> None:
    from thinkact.events import ProgressMarked as Old

    assert Old is ProgressMarked
