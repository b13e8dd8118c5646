"""Named presets (policies/presets.py): which policies a run's config turns on, in which
order, and which preset an agent takes."""

from __future__ import annotations

import pytest
from scripts import add, call, final

from thinkact import Agent, AgentConfig
from thinkact.errors import UserError
from thinkact.policies import Setup, preset, small_local, standard
from thinkact.policies.base import BasePolicy, Policy
from thinkact.policies.decline import DeclineCheck
from thinkact.policies.hint import ObservationHint
from thinkact.policies.loop_guard import LoopGuard
from thinkact.policies.resample import Resample
from thinkact.policies.screen import Screening
from thinkact.policies.summary import Summarize
from thinkact.policies.validation import Validation
from thinkact.testing import ScriptedModel


def kinds(policies: list[Policy]) -> list[type]:
    return [type(p) for p in policies]


def test_the_defaults_are_validation_loop_guard_and_resampling() -> None:
    assert kinds(small_local(Setup())) == [Validation, LoopGuard, Resample]
    assert standard is small_local  # API models are measured with the same set, for now


def test_the_config_turns_each_policy_on_in_the_order_the_hooks_need() -> None:
    config = AgentConfig(
        decline_check=True, screen_calls=True, observation_hint="Check.", summarize=True
    )
    built = small_local(Setup(config))
    assert kinds(built) == [
        DeclineCheck, Validation, LoopGuard, Screening, ObservationHint, Resample, Summarize
    ]  # fmt: skip
    decline, screening = built[0], built[3]
    assert isinstance(decline, DeclineCheck) and decline.screening is screening
    assert LoopGuard not in kinds(small_local(Setup(AgentConfig(loop_detection=False))))


def test_each_run_gets_fresh_policies() -> None:
    a, b = small_local(Setup()), small_local(Setup())
    assert all(x is not y for x, y in zip(a, b, strict=True))


def test_names_resolve_and_an_unknown_one_is_a_user_error() -> None:
    assert preset("small_local") is small_local
    with pytest.raises(UserError, match="unknown policy preset 'tiny'"):
        preset("tiny")
    with pytest.raises(UserError):
        Agent(ScriptedModel(["x"]), policies="tiny")


def test_auto_takes_small_local_on_the_embedded_model() -> None:
    assert Agent(ScriptedModel(["x"], name="local")).policies is small_local
    assert Agent(ScriptedModel(["x"], name="local:/m.gguf")).policies is small_local
    assert Agent(ScriptedModel(["x"])).policies is standard


def test_a_preset_is_any_function_of_the_setup() -> None:
    seen: list[Setup] = []

    class Nothing(BasePolicy):
        name = "nothing"

    def bare(setup: Setup) -> list[Policy]:
        seen.append(setup)
        return [Nothing()]

    model = ScriptedModel([call("add", a=1, b=1)] * 3 + [final("...")])
    result = Agent(model, [add], policies=bare, config=AgentConfig(max_steps=5)).run("go")
    # No loop guard and no validation: the repeats run, and "..." is the answer.
    assert (result.reason, result.final_answer, result.steps) == ("final_answer", "...", 4)
    assert seen[0].config.max_steps == 5 and seen[0].validators == ()
