"""The policy seam (policies/base.py): a policy of one's own, its hooks and its state."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from scripts import call, final

from thinkact import Agent, Tool
from thinkact.events import ToolFinished
from thinkact.formats.base import Parsed
from thinkact.policies import BasePolicy, Policy, Setup, Turn, Verdict, small_local
from thinkact.policies.base import hooks
from thinkact.store import RunStore
from thinkact.testing import ScriptedModel


class Quota(BasePolicy):
    """Refuses every call after the first two of the run."""

    name = "quota"

    def __init__(self) -> None:
        self.used = 0

    def calls(self, turn: Turn, parsed: Parsed, refused: Mapping[str, str]) -> Verdict | None:
        over = {}
        for c in parsed.calls:
            self.used += 1
            if self.used > 2:
                over[c.id] = "Not run: two calls is the quota."
        return Verdict(refused=over) if over else None

    def state(self) -> dict[str, Any]:
        return {"used": self.used}

    def restore(self, state: Mapping[str, Any]) -> None:
        self.used = int(state.get("used", 0))


def with_quota(setup: Setup) -> list[Policy]:
    return [*small_local(setup), Quota()]


def test_only_the_hooks_a_policy_has_are_called() -> None:
    policies: list[Policy] = [Quota()]
    assert [h.__name__ for h in hooks(policies, "calls")] == ["calls"]
    assert hooks(policies, "observation") == () and hooks(policies, "request") == ()
    assert isinstance(Quota(), Policy)


def test_a_refusal_is_the_calls_result_and_the_tool_never_runs() -> None:
    ran: list[int] = []

    def add(a: int, b: int) -> int:
        """Add."""
        ran.append(a)
        return a + b

    script = [call("add", a=1, b=1), call("add", a=2, b=1), call("add", a=3, b=1), final("ok")]
    events = list(Agent(ScriptedModel(script), [add], policies=with_quota).iter("go"))
    assert ran == [1, 2]
    results = [e.result for e in events if isinstance(e, ToolFinished)]
    assert results[-1].is_error and results[-1].content == "Not run: two calls is the quota."


def test_a_finish_from_a_hook_ends_the_run_before_any_tool_runs() -> None:
    class Halt(BasePolicy):
        name = "halt"

        def calls(self, turn: Turn, parsed: Parsed, refused: Mapping[str, str]) -> Verdict | None:
            return Verdict(finish="halted", answer=f"{len(parsed.calls)} calls")

    def boom() -> str:
        """Must not run."""
        raise AssertionError("ran")

    agent = Agent(ScriptedModel([call("boom")]), [boom], policies=lambda s: [Halt()])
    result = agent.run("go")
    assert (result.reason, result.final_answer, result.steps) == ("halted", "1 calls", 1)


def test_a_policy_keeps_its_state_under_its_name_across_a_resume(tmp_path: Path) -> None:
    ran: list[int] = []

    def add(a: int, b: int) -> int:
        """Add (the second call is interrupted by Ctrl-C)."""
        ran.append(a)
        if len(ran) == 2:
            raise KeyboardInterrupt
        return a + b

    store = RunStore(tmp_path / "runs.db")
    script = [call("add", a=1, b=1), call("add", a=2, b=1), call("add", a=3, b=1), final("ok")]
    tools = [Tool.from_function(add)]
    agent = Agent(ScriptedModel(script), tools, policies=with_quota, store=store)
    with pytest.raises(KeyboardInterrupt):
        agent.run("go", run_id="r1")
    saved = [e for e in store.events("r1") if e["kind"] == "checkpoint"]
    assert saved[-1]["counters"]["policies"]["quota"] == {"used": 2}
    again = Agent(ScriptedModel(script), tools, policies=with_quota, store=store)
    result = again.resume("r1")
    assert ran == [1, 2]  # the interrupted call is not run again, the third is refused
    told = [m for m in result.messages if "two calls is the quota" in str(m)]
    assert told and result.final_answer == "ok"


def test_runs_stored_before_policies_restore_from_their_flat_counters() -> None:
    from thinkact.policies.loop_guard import LoopGuard
    from thinkact.policies.validation import Validation

    flat = {"errors": 1, "nudged": 1, "recent": ["a"], "extra": "nudge", "validation_attempts": 2}
    guard, validation = LoopGuard(), Validation()
    guard.restore(flat)
    validation.restore(flat)
    assert (guard.detector.nudged, guard.pending, validation.attempts) == (1, "nudge", 2)
