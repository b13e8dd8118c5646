"""Typed results (issue 26): Agent(output_type=...) on native and text formats, answers
sent back until they match, runs that never match, the store and resume."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from pydantic import BaseModel, Field

from thinkact import Agent, AgentConfig, UserMessage, tool
from thinkact.errors import UserError
from thinkact.events import RunFinished, StepFinished, ToolFinished, ValidationFailed
from thinkact.formats.base import FINAL_ANSWER_TOOL
from thinkact.output import OutputType
from thinkact.store import RunStore
from thinkact.testing import FunctionModel, ScriptedModel
from thinkact.types import ModelRequest


class Person(BaseModel):
    name: str
    age: int = Field(ge=0)


class Team(BaseModel):  # a nested model: its schema refers to Person through $defs
    lead: Person
    members: list[Person] = []


@tool
def lookup(name: str) -> str:
    """What is known of a person.

    Args:
        name: the person's name.
    """
    return f"{name} was born in 1815 and died at 36."


ADA = Person(name="Ada", age=36)
ADA_JSON = '{"name":"Ada","age":36}'

# A valid typed answer written as each text format writes a final answer.
TEXT_ANSWERS = {
    "xml": '<reasoning>Done.</reasoning>\n<final_answer>{"name": "Ada", "age": 36}</final_answer>',
    "react": 'Thought: Done.\nFinal Answer: {"name": "Ada", "age": 36}',
    "json": '{"thought": "Done.", "final_answer": {"name": "Ada", "age": 36}}',
    "code": 'Ada lived to 36.\n#### {"name": "Ada", "age": 36}',
}
TEXT_BAD = {
    "xml": '<reasoning>Done.</reasoning>\n<final_answer>{"name": "Ada", "age": "thirty-six"}'
    "</final_answer>",
    "react": 'Thought: Done.\nFinal Answer: {"name": "Ada", "age": "thirty-six"}',
    "json": '{"thought": "Done.", "final_answer": {"name": "Ada", "age": "thirty-six"}}',
    "code": '#### {"name": "Ada", "age": "thirty-six"}',
}


def final(answer: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": FINAL_ANSWER_TOOL, "arguments": {"answer": answer}}]}


def answer_tool(request: ModelRequest) -> Any:
    return next(t for t in request.tools if t.name == FINAL_ANSWER_TOOL)


# --- native -------------------------------------------------------------------------------


def test_native_model_gets_the_schema_as_the_final_answer_tool_and_a_typed_result() -> None:
    model = ScriptedModel(
        [
            {"tool_calls": [{"name": "lookup", "arguments": {"name": "Ada"}}]},
            final({"name": "Ada", "age": 36}),
        ]
    )
    result = Agent(model, [lookup], output_type=Person).run("How old was Ada Lovelace?")
    assert result.ok and result.output == ADA and isinstance(result.output, Person)
    assert result.final_answer == ADA_JSON
    params = answer_tool(model.requests[0]).parameters
    assert params["required"] == ["answer"]
    assert params["properties"]["answer"]["properties"]["age"] == {
        "minimum": 0,
        "title": "Age",
        "type": "integer",
    }
    # the answer is kept in the history as its JSON, not as a Python repr
    assert json.loads(result.messages[-1].content) == {"name": "Ada", "age": 36}


def test_nested_models_reach_the_model_without_refs() -> None:
    model = ScriptedModel([final({"lead": {"name": "Ada", "age": 36}})])
    result = Agent(model, output_type=Team).run("Who leads?")
    assert result.output == Team(lead=ADA)
    shown = json.dumps(answer_tool(model.requests[0]).parameters)
    assert "$ref" not in shown and "$defs" not in shown and '"age"' in shown


def test_a_native_answer_written_as_text_or_as_a_json_string_is_read() -> None:
    model = ScriptedModel(['Here it is:\n```json\n{"name": "Ada", "age": 36}\n```'])
    assert Agent(model, output_type=Person, format="native").run("t").output == ADA
    model = ScriptedModel([final('{"name": "Ada", "age": 36}')])
    assert Agent(model, output_type=Person).run("t").output == ADA


# --- text formats -------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["xml", "react", "json", "code"])
def test_text_formats_show_the_schema_and_read_a_typed_answer(fmt: str) -> None:
    model = ScriptedModel([TEXT_ANSWERS[fmt]])
    result = Agent(model, [lookup], format=fmt, output_type=Person).run("How old was Ada?")
    assert result.ok and result.output == ADA and result.final_answer == ADA_JSON
    request = model.requests[0]
    system = request.messages[0].content
    assert "matching this schema" in system and '"age":{"minimum":0' in system
    assert request.tools == ()  # text formats send no tools
    if fmt != "code":  # the code format's reply is free text: no grammar
        assert request.grammar is not None and '"\\"age\\""' in request.grammar


@pytest.mark.parametrize("fmt", ["xml", "react", "json", "code", "native"])
def test_an_invalid_answer_goes_back_with_the_error_and_is_corrected(fmt: str) -> None:
    bad: Any = final({"name": "Ada", "age": "thirty-six"}) if fmt == "native" else TEXT_BAD[fmt]
    good: Any = final({"name": "Ada", "age": 36}) if fmt == "native" else TEXT_ANSWERS[fmt]
    model = ScriptedModel([bad, good])
    events: list[Any] = []
    agent = Agent(model, format=fmt, output_type=Person, reporters=[events.append])
    result = agent.run("How old was Ada?")
    assert result.ok and result.output == ADA and result.steps == 2
    failed = [e for e in events if isinstance(e, ValidationFailed)]
    assert [(e.validator, e.attempt) for e in failed] == [("output_type", 1)]
    assert "age: Input should be a valid integer" in failed[0].message
    told = model.requests[1].messages[-1]
    assert isinstance(told, UserMessage)
    assert "<validation_failed>" in told.content and '(got "thirty-six")' in told.content


def test_a_model_that_never_matches_ends_with_validation_failed() -> None:
    model = FunctionModel(lambda request: final({"name": "Ada"}))  # `age` always missing
    agent = Agent(
        model, output_type=Person, config=AgentConfig(max_validation_retries=2, max_steps=10)
    )
    result = agent.run("How old was Ada?")
    assert result.reason == "validation_failed" and not result.ok
    assert result.output is None and result.steps == 3  # the first try and two retries
    assert result.final_answer == '{"name": "Ada"}'  # the last answer, as given


def test_answers_that_are_no_json_at_all_are_told_so() -> None:
    model = ScriptedModel(
        ["Thought: ok\nFinal Answer: Ada, 36", 'Thought: ok\nFinal Answer: {"name":"Ada","age":36}']
    )
    events: list[Any] = []
    result = Agent(model, format="react", output_type=Person, reporters=[events.append]).run("t")
    assert result.output == ADA
    (failed,) = [e for e in events if isinstance(e, ValidationFailed)]
    assert failed.message.startswith("Your final answer is not JSON")


# --- other output types -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "given", "value", "as_json"),
    [
        (int, "42", 42, "42"),
        (list[str], '["a", "b"]', ["a", "b"], '["a","b"]'),
        (list[str], "[]", [], "[]"),  # empty, yet an answer: not "says nothing"
        (bool, "true", True, "true"),
        (
            {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
            'The result: {"n": 3}',
            {"n": 3},
            '{"n":3}',
        ),
    ],
)
def test_simple_types_and_json_schemas(kind: Any, given: str, value: Any, as_json: str) -> None:
    model = ScriptedModel([f"Thought: ok\nFinal Answer: {given}"])
    result = Agent(model, format="react", output_type=kind).run("t")
    assert result.ok and result.output == value and result.final_answer == as_json


def test_a_json_schema_dict_is_checked_with_jsonschema() -> None:
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
    model = ScriptedModel([final({"n": "3"}), final({"n": 3})])
    events: list[Any] = []
    result = Agent(model, output_type=schema, reporters=[events.append]).run("t")
    assert result.output == {"n": 3}
    (failed,) = [e for e in events if isinstance(e, ValidationFailed)]
    assert "n: '3' is not of type 'integer'" in failed.message


def test_without_an_output_type_the_output_is_the_answer() -> None:
    for kind in (None, str):
        model = ScriptedModel([final("Paris")])
        result = Agent(model, output_type=kind).run("t")
        assert result.output == result.final_answer == "Paris"
        assert answer_tool(model.requests[0]).parameters["properties"]["answer"] == {
            "type": "string",
            "description": "The final answer.",
        }


def test_types_without_a_schema_and_bad_schemas_are_user_errors() -> None:
    class Opaque:
        pass

    with pytest.raises(UserError, match="output_type Opaque has no JSON schema"):
        Agent(ScriptedModel([]), output_type=Opaque)
    with pytest.raises(UserError, match="not a valid JSON Schema"):
        Agent(ScriptedModel([]), output_type={"type": "objekt"})


def test_a_recursive_model_is_unrolled_to_a_bounded_depth() -> None:
    class Node(BaseModel):
        value: int
        children: list[Node] = []

    schema = json.dumps(OutputType(Node).schema)
    assert "$ref" not in schema and len(schema) < 10_000
    model = ScriptedModel([final({"value": 1, "children": [{"value": 2}]})])
    assert Agent(model, output_type=Node).run("t").output == Node(value=1, children=[Node(value=2)])


# --- events, store and resume ------------------------------------------------------------


def test_the_stored_final_answer_is_the_json_and_a_resumed_run_reads_it(tmp_path: Any) -> None:
    store = RunStore(tmp_path / "runs.db")
    replies = [
        {"tool_calls": [{"name": "lookup", "arguments": {"name": "Ada"}}]},
        final({"name": "Ada", "age": 36}),
    ]
    agent = Agent(ScriptedModel(replies), [lookup], output_type=Person, store=store)
    for item in agent.stream("How old was Ada?", run_id="typed1"):
        if isinstance(item, StepFinished):
            break  # the run is dropped after its first step, as if killed
    resumed = Agent(ScriptedModel(replies), [lookup], output_type=Person, store=store)
    events: list[Any] = []
    resumed.reporters.append(events.append)
    result = resumed.resume("typed1")
    assert result.ok and result.output == ADA
    assert not any(isinstance(e, ToolFinished) for e in events)  # not run again
    (end,) = [e for e in events if isinstance(e, RunFinished)]
    assert end.final_answer == ADA_JSON
    assert store.get("typed1").final_answer == ADA_JSON


def test_the_async_driver_gives_the_typed_result_too() -> None:
    model = ScriptedModel([final({"name": "Ada", "age": 36})])
    result = asyncio.run(Agent(model, output_type=Person).arun("t"))
    assert result.output == ADA
