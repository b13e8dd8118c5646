"""The observation hint (policies/hint.py), and the step note it goes out with."""

from __future__ import annotations

import time

from scripts import add, call, final

from thinkact import Agent, AgentConfig
from thinkact.config import OBSERVATION_HINT
from thinkact.formats import get_format
from thinkact.policies import Turn, Verdict
from thinkact.policies.hint import ObservationHint
from thinkact.testing import ScriptedModel
from thinkact.types import UserMessage


def test_step_count_is_shown_to_the_model_each_turn() -> None:
    model = ScriptedModel([call("add", a=1, b=1), call("add", a=2, b=2), final("ok")])
    config = AgentConfig(max_steps=3, observation_hint=OBSERVATION_HINT)
    Agent(model, [add], config=config).run("go")
    notes = [
        [m.content for m in r.messages if isinstance(m, UserMessage)][-1] for r in model.requests
    ]
    assert notes[0].endswith("[Step 1 of 3]")
    assert notes[1] == f"{OBSERVATION_HINT}\n[Step 2 of 3]"
    # The last step says to answer now; the hint would only repeat it.
    assert notes[2].startswith("[Step 3 of 3. This is your last step")


def test_the_observation_hint_is_off_unless_asked_for() -> None:
    for hint, expected in [("", "[Step 2 of 3]"), ("Answer soon.", "Answer soon.\n[Step 2 of 3]")]:
        model = ScriptedModel([call("add", a=1, b=1), final("ok")])
        Agent(model, [add], config=AgentConfig(max_steps=3, observation_hint=hint)).run("go")
        assert [m for m in model.requests[1].messages if isinstance(m, UserMessage)][
            -1
        ].content == expected


def test_the_hint_says_nothing_on_the_last_step() -> None:
    hint = ObservationHint("Check it.")
    turn = Turn("t", "", (), get_format("xml"), AgentConfig(max_steps=3), time.monotonic, [])
    turn.step = 1
    verdict = hint.observation(turn, (), ())
    assert isinstance(verdict, Verdict) and verdict.note == "Check it."
    turn.step = 2  # the next step is the last: its note says to answer
    assert hint.observation(turn, (), ()) is None
