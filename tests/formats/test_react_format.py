from __future__ import annotations

import json

import pytest
from gbnf_matcher import accepts, llama_parses
from sample_tools import SPECS, everything

from thinkact import AssistantMessage, FormatError, Reply, ToolResult, UserMessage
from thinkact.formats import get_format
from thinkact.formats.base import Format, Parsed
from thinkact.formats.react import ReactFormat

PAPER = (
    "Thought: I need to search for the population of Paris.\n"
    "Action: search\n"
    'Action Input: {"query": "population of Paris"}'
)


@pytest.fixture
def fmt() -> ReactFormat:
    f = ReactFormat()
    f.system_prompt(SPECS, "")
    return f


def parse(fmt: ReactFormat, text: str) -> Parsed:
    return fmt.parse(Reply(text), SPECS)


def calls(p: Parsed) -> list[tuple[str, dict[str, object]]]:
    return [(c.name, dict(c.arguments)) for c in p.calls]


def test_registry_and_protocol() -> None:
    f = get_format("react")
    assert isinstance(f, ReactFormat) and isinstance(f, Format)
    assert f.stop == ("Observation:", "\nObservation")


def test_paper_example(fmt: ReactFormat) -> None:
    p = parse(fmt, PAPER)
    assert p.thought == "I need to search for the population of Paris."
    assert calls(p) == [("search", {"query": "population of Paris"})]


def test_final_answer_multiline(fmt: ReactFormat) -> None:
    p = parse(fmt, "Thought: I know it now.\nFinal Answer: About 2.1 million\n(2023 estimate)")
    assert p.final_answer == "About 2.1 million\n(2023 estimate)"
    assert p.thought == "I know it now."


def test_parallel_actions(fmt: ReactFormat) -> None:
    p = parse(
        fmt,
        'Thought: two things\nAction: add\nAction Input: {"a": 1, "b": 2}\n'
        'Action: search\nAction Input: {"query": "x"}',
    )
    assert calls(p) == [("add", {"a": 1, "b": 2}), ("search", {"query": "x"})]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # markdown bold labels, case, stray whitespace
        (
            "**Thought:** hmm\n**Action:** search\n**Action Input:** {'query': 'x'}",
            ("search", {"query": "x"}),
        ),
        (
            'THOUGHT: hmm\n  action : Search\n  action input:  {query: "x",}  ',
            ("search", {"query": "x"}),
        ),
        (
            '- Thought: hmm\n- Action: search\n- Action_Input: {"query": "x"}',
            ("search", {"query": "x"}),
        ),
        # the paper's bracket style, and a call style
        ("Thought: hmm\nAction: search[Paris]", ("search", {"query": "Paris"})),
        ('Thought: hmm\nAction: search("Paris")', ("search", {"query": "Paris"})),
        # plain string input for a one-parameter tool, with or without quotes
        (
            "Thought: hmm\nAction: search\nAction Input: Paris weather",
            ("search", {"query": "Paris weather"}),
        ),
        ('Thought: hmm\nAction: search\nAction Input: "Paris"', ("search", {"query": "Paris"})),
        # fenced JSON spanning lines, prose after
        (
            "Thought: hmm\nAction: read_file\nAction Input:\n"
            '```json\n{\n  "path": "a.txt",\n  "page": 2\n}\n```',
            ("read_file", {"path": "a.txt", "page": 2}),
        ),
        (
            'Thought: hmm\nAction: read_file\nAction Input: {"path": "a.txt"} (the first file)',
            ("read_file", {"path": "a.txt"}),
        ),
        # no Thought label: the text before the first label is the thought
        (
            'Let me search.\nAction: search\nAction Input: {"query": "x"}',
            ("search", {"query": "x"}),
        ),
        # the tool name in backticks
        ('Thought: t\nAction: `search`\nAction Input: {"query": "x"}', ("search", {"query": "x"})),
    ],
)
def test_tolerant_parsing(
    fmt: ReactFormat, text: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(parse(fmt, text)) == [expected]


def test_thought_without_label_is_kept(fmt: ReactFormat) -> None:
    assert parse(fmt, "Let me search.\nAction: search[x]").thought == "Let me search."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "Your reply was empty"),
        ("The answer is 4.", "no 'Action:' or 'Final Answer:' line"),
        ("Thought: still thinking", "has a 'Thought:' but no 'Action:'"),
        ('Thought: t\nAction Input: {"a": 1}', "'Action Input:' but no 'Action:' line"),
        (
            "Thought: t\nAction: browse\nAction Input: {}",
            "Unknown tool 'browse'. Available tools: add, list_files, read_file, search.",
        ),
        ("Thought: t\nAction: add", "'Action Input' for 'add' is missing"),
        ("Thought: t\nAction: add\nAction Input: 1 2", "Invalid JSON in 'Action Input' for 'add'"),
        ('Thought: t\nAction: add\nAction Input: {"a": 1, "b": }', "line 1, column 15"),
        ("Thought: t\nFinal Answer:   ", "'Final Answer:' is empty"),
        (
            'Thought: t\nAction: add\nAction Input: {"a": 1}\nAction Input: {"b": 2}',
            "two 'Action Input:' lines",
        ),
    ],
)
def test_precise_errors(fmt: ReactFormat, text: str, expected: str) -> None:
    with pytest.raises(FormatError) as info:
        parse(fmt, text)
    assert expected in str(info.value)
    assert len(str(info.value)) < 500


def test_invented_observation_is_cut(fmt: ReactFormat) -> None:
    text = f"{PAPER}\nObservation: Paris has 2.1 million people.\nThought: done\nFinal Answer: 2.1M"
    p = parse(fmt, text)
    assert calls(p) == [("search", {"query": "population of Paris"})]
    assert p.final_answer is None
    assert fmt.assistant_message(Reply(text)) == AssistantMessage(PAPER)


def test_final_answer_guessed_after_action_is_cut(fmt: ReactFormat) -> None:
    text = f"{PAPER}\nFinal Answer: 2.1 million"
    assert fmt.assistant_message(Reply(text)) == AssistantMessage(PAPER)
    assert parse(fmt, text).final_answer is None


def test_observation_messages(fmt: ReactFormat) -> None:
    assert fmt.observation([ToolResult("c", "search", "2.1M")], "[Step 2 of 5]") == [
        UserMessage("Observation: 2.1M\n\n[Step 2 of 5]")
    ]
    assert fmt.observation([ToolResult("a", "add", "3"), ToolResult("b", "search", "x")], "") == [
        UserMessage("Observation (add): 3\nObservation (search): x")
    ]


def test_system_prompt(fmt: ReactFormat) -> None:
    prompt = ReactFormat().system_prompt(SPECS, "Answer questions.")
    assert prompt.startswith("Answer questions.\n\n")
    assert prompt == ReactFormat().system_prompt(SPECS, "Answer questions.")
    assert "Thought:" in prompt and "Action Input:" in prompt and "Final Answer:" in prompt
    assert "  - query (string, required)" in prompt
    assert len(prompt) < 1500


def test_prompt_example_round_trips() -> None:
    for spec in [*SPECS, everything.spec]:
        f = ReactFormat()
        example = f.system_prompt([spec], "").split("Example:\n", 1)[1]
        call, rest = example.split("\nObservation: ", 1)  # a call, its result, an answer
        final = rest.split("\n", 1)[1]
        shown = json.loads(call.split("Action Input: ", 1)[1])
        assert calls(f.parse(Reply(call), [spec])) == [(spec.name, shown)]
        assert f.parse(Reply(final), [spec]).final_answer is not None
        assert accepts(str(f.grammar([spec])), call) and accepts(str(f.grammar([spec])), final)


def test_grammar(fmt: ReactFormat) -> None:
    g = str(fmt.grammar(SPECS))
    assert accepts(g, PAPER)
    assert accepts(g, "Thought: done\nFinal Answer: 42\nsecond line")
    assert not accepts(g, PAPER.replace("search", "find"))
    assert not accepts(g, PAPER.replace('"query"', '"q"'))
    assert not accepts(g, PAPER + "\nObservation: x")
    assert not accepts(g, "Thought: a\nb\nFinal Answer: 42")  # the thought is one line
    final_only = str(fmt.grammar(SPECS, final_only=True))
    assert accepts(final_only, "Thought: done\nFinal Answer: 42")
    assert not accepts(final_only, PAPER)
    assert llama_parses(g) and llama_parses(final_only)
    assert llama_parses(str(fmt.grammar([everything.spec])))
    assert fmt.json_schema(SPECS) is None
