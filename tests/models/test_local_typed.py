"""A typed result from the embedded model (issue 26): the answer's schema is the grammar
of its final answer, so the model writes a valid object."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from thinkact import Agent, AgentConfig
from thinkact.models.local import LocalModel
from thinkact.models.weights import local_status

pytestmark = pytest.mark.model


class Person(BaseModel):
    name: str
    age: int


def test_the_embedded_model_extracts_a_typed_person() -> None:
    status = local_status()
    if status.llama_cpp is None:
        pytest.skip("llama-cpp-python is not installed (run scripts/bootstrap.sh)")
    if not status.assembled and status.parts_found < status.parts_total:
        pytest.skip(f"embedded model weights missing: {'; '.join(status.problems())}")
    agent = Agent(LocalModel(), output_type=Person, config=AgentConfig(max_steps=3))
    result = agent.run(
        "Extract the person from this sentence: 'Ada Lovelace died in 1852, at the age of 36.'"
    )
    assert result.ok, result.reason
    assert isinstance(result.output, Person) and result.output.age == 36
    assert "Ada" in result.output.name
