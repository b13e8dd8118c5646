from __future__ import annotations

import json
from typing import Any

import pytest
from gbnf_matcher import accepts, llama_parses
from sample_tools import SPECS, everything

from thinkact import AssistantMessage, FormatError, Reply, ToolResult, ToolSpec, UserMessage
from thinkact.formats import get_format
from thinkact.formats.base import Format, Parsed
from thinkact.formats.json import JsonFormat

ACTION = '{"thought": "Add them.", "action": "add", "arguments": {"a": 2, "b": 3}}'


@pytest.fixture
def fmt() -> JsonFormat:
    f = JsonFormat()
    f.system_prompt(SPECS, "")
    return f


def parse(fmt: JsonFormat, text: str) -> Parsed:
    return fmt.parse(Reply(text), SPECS)


def calls(p: Parsed) -> list[tuple[str, dict[str, object]]]:
    return [(c.name, dict(c.arguments)) for c in p.calls]


def test_registry_and_protocol() -> None:
    f = get_format("json")
    assert isinstance(f, JsonFormat) and isinstance(f, Format)


def test_action_and_final(fmt: JsonFormat) -> None:
    p = parse(fmt, ACTION)
    assert p.thought == "Add them."
    assert calls(p) == [("add", {"a": 2, "b": 3})]
    p = parse(fmt, '{"thought": "Done.", "final_answer": "5"}')
    assert (p.thought, p.final_answer, p.calls) == ("Done.", "5", ())


def test_list_of_actions_is_parallel(fmt: JsonFormat) -> None:
    p = parse(
        fmt,
        '[{"thought": "both", "action": "add", "arguments": {"a": 1, "b": 2}},'
        ' {"action": "search", "arguments": {"query": "x"}}]',
    )
    assert calls(p) == [("add", {"a": 1, "b": 2}), ("search", {"query": "x"})]
    assert p.thought == "both"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"```json\n{ACTION}\n```", ("add", {"a": 2, "b": 3})),
        (f"Sure, here it is:\n{ACTION}\nHope that helps.", ("add", {"a": 2, "b": 3})),
        ("{thought: 'x', action: 'add', arguments: {a: 2, b: 3,},}", ("add", {"a": 2, "b": 3})),
        ('{"Thought": "x", "Tool": "add", "Args": {"a": 2, "b": 3}}', ("add", {"a": 2, "b": 3})),
        (
            '{"thought": "x", "name": "add", "parameters": {"a": 2, "b": 3}}',
            ("add", {"a": 2, "b": 3}),
        ),
        ('{"action": "search", "action_input": "Paris"}', ("search", {"query": "Paris"})),
        ('{"action": "add", "arguments": "{\\"a\\": 2, \\"b\\": 3}"}', ("add", {"a": 2, "b": 3})),
        (
            '{"function": {"name": "add", "arguments": {"a": 2, "b": 3}}}',
            ("add", {"a": 2, "b": 3}),
        ),
        (
            '{"thought": "x", "actions": [{"action": "add", "arguments": {"a": 2, "b": 3}}]}',
            ("add", {"a": 2, "b": 3}),
        ),
        (
            '{"thought": "x", "action": "ADD", "arguments": {"a": 2, "b": 3}}',
            ("add", {"a": 2, "b": 3}),
        ),
        (
            '{"action": "list_files", "arguments": {"folder": "."}, "flag": True}',
            ("list_files", {"folder": "."}),
        ),
    ],
)
def test_tolerant_parsing(fmt: JsonFormat, text: str, expected: tuple[str, dict[str, Any]]) -> None:
    assert calls(parse(fmt, text)) == [expected]


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ('{"thought": "x", "final_answer": 42}', "42"),
        ('{"thought": "x", "answer": "Paris"}', "Paris"),
        ('{"thought": "x", "Final Answer": "Paris"}', "Paris"),
        ('{"thought": "x", "final_answer": {"city": "Paris"}}', '{"city": "Paris"}'),
        ('{"action": "final_answer", "arguments": {"answer": "Paris"}}', "Paris"),
        ('{"action": "final_answer", "arguments": "Paris"}', "Paris"),
    ],
)
def test_final_answer_shapes(fmt: JsonFormat, text: str, answer: str) -> None:
    assert parse(fmt, text).final_answer == answer


def test_a_bracket_in_prose_is_not_a_list_of_actions(fmt: JsonFormat) -> None:
    p = parse(fmt, '[1] As the docs say: {"action": "search", "arguments": {"query": "x"}}')
    assert calls(p) == [("search", {"query": "x"})]


def test_plain_arguments_need_json_where_the_schema_names_no_single_parameter() -> None:
    """A tool whose schema has no single parameter cannot take a plain argument."""
    bare = ToolSpec("search", "Search.", {"type": "object", "properties": {}})
    with pytest.raises(FormatError, match="must be a JSON object"):
        JsonFormat().parse(Reply('{"action": "search", "arguments": "x"}'), [bare])
    # The format keeps nothing: the same reply parses against a spec that has one.
    [call] = JsonFormat().parse(Reply('{"action": "search", "arguments": "x"}'), SPECS).calls
    assert call.arguments == {"query": "x"}


def test_thought_falls_back_to_prose(fmt: JsonFormat) -> None:
    p = parse(fmt, 'I will add.\n{"action": "add", "arguments": {"a": 1, "b": 1}}')
    assert p.thought == "I will add."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "Your reply was empty"),
        ("The answer is 5.", "Your reply has no JSON object"),
        (
            '{"thought": "x", "action": "add", "arguments": {"a": 2, "b": }}',
            "not valid JSON: unexpected character '}'",
        ),
        ('{"thought": "x", "action": "add", "arguments": {"a": 2 "b": 3}}', "at line 1, column 56"),
        ('{"thought": "x"}', 'has no "action" or "final_answer" key (it has: thought)'),
        (
            '{"thought": "x", "action": "mul", "arguments": {}}',
            "Unknown tool 'mul'. Available tools: add",
        ),
        ('{"thought": "x", "action": 7}', '"action" must be a tool name as a string'),
        ('{"thought": "x", "action": "add"}', "\"arguments\" for 'add' is missing"),
        ('{"action": "add", "arguments": [2, 3]}', "\"arguments\" for 'add' must be a JSON object"),
        ("[1, 2]", "Each item of your JSON list must be an object"),
        ("[]", "Your JSON list is empty"),
    ],
)
def test_precise_errors(fmt: JsonFormat, text: str, expected: str) -> None:
    with pytest.raises(FormatError) as info:
        parse(fmt, text)
    assert expected in str(info.value)
    assert len(str(info.value)) < 500


def test_invented_continuations_are_cut(fmt: JsonFormat) -> None:
    text = f'{ACTION}\nObservation: 5\n{{"thought": "done", "final_answer": "5"}}'
    p = parse(fmt, text)
    assert calls(p) == [("add", {"a": 2, "b": 3})] and p.final_answer is None
    assert fmt.assistant_message(Reply(text)) == AssistantMessage(ACTION)
    # a second object without an observation label is cut too
    two = f'{ACTION}\n{{"thought": "done", "final_answer": "5"}}'
    assert fmt.assistant_message(Reply(two)) == AssistantMessage(ACTION)
    # a code fence stays closed
    fenced = f"```json\n{ACTION}\n```\nObservation: 5"
    assert fmt.assistant_message(Reply(fenced)).content == f"```json\n{ACTION}\n```"


def test_observation_messages(fmt: JsonFormat) -> None:
    assert fmt.observation([ToolResult("c", "add", "5")], "[Step 2 of 3]") == [
        UserMessage("Observation: 5\n\n[Step 2 of 3]")
    ]


def test_system_prompt_and_example_round_trip() -> None:
    prompt = JsonFormat().system_prompt(SPECS, "Do math.")
    assert prompt.startswith("Do math.\n\n")
    assert '"final_answer"' in prompt and "JSON list" in prompt
    assert len(prompt) < 1600
    for spec in [*SPECS, everything.spec]:
        f = JsonFormat()
        example = f.system_prompt([spec], "").split("Example:\n", 1)[1]
        call, observation, final = example.split("\n")  # a call, its result, an answer
        shown = json.loads(call)
        assert calls(f.parse(Reply(call), [spec])) == [(spec.name, shown["arguments"])]
        assert observation.startswith("Observation: ")
        assert f.parse(Reply(final), [spec]).final_answer is not None
        assert accepts(str(f.grammar([spec])), call) and accepts(str(f.grammar([spec])), final)


def test_json_schema(fmt: JsonFormat) -> None:
    schema = fmt.json_schema(SPECS)
    assert schema is not None
    *branches, parallel, _ = schema["anyOf"]
    branches.append(schema["anyOf"][-1])
    assert [b["properties"].get("action", {}).get("const") for b in branches] == [
        "list_files",
        "read_file",
        "add",
        "search",
        None,
    ]
    assert branches[2]["properties"]["arguments"] == dict(SPECS[2].parameters)
    # Parallel calls: a list of two or more call objects.
    assert parallel["type"] == "array" and parallel["items"]["anyOf"] == branches[:-1]
    assert parallel["minItems"] == 2
    assert branches[-1]["required"] == ["thought", "final_answer"]
    final = fmt.json_schema(SPECS, final_only=True)
    assert final == branches[-1]


def test_grammar(fmt: JsonFormat) -> None:
    g = str(fmt.grammar(SPECS))
    assert accepts(g, ACTION)
    assert accepts(g, json.dumps(json.loads(ACTION), indent=2))
    assert accepts(g, '{"thought": "x", "final_answer": "5"}')
    assert not accepts(g, ACTION.replace('"add"', '"mul"'))
    assert not accepts(g, ACTION.replace('"b": 3', '"b": "3"'))
    assert not accepts(g, '{"action": "add", "thought": "x", "arguments": {"a": 2, "b": 3}}')
    assert not accepts(g, ACTION + "\nObservation: 5")
    final_only = str(fmt.grammar(SPECS, final_only=True))
    assert not accepts(final_only, ACTION)
    assert accepts(final_only, '{"thought": "x", "final_answer": "5"}')
    assert llama_parses(g) and llama_parses(final_only)
    assert llama_parses(str(fmt.grammar([*SPECS, everything.spec])))
