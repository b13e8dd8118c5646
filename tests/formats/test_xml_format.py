from __future__ import annotations

import json
import re

import pytest
from gbnf_matcher import accepts, llama_parses
from sample_tools import SPECS, everything, list_files, read_file

from thinkact import AssistantMessage, FormatError, Reply, ToolResult, UserMessage
from thinkact.formats import get_format
from thinkact.formats.base import Format
from thinkact.formats.xml import XmlFormat

R = "<reasoning>x</reasoning>"
LEGAL_EXAMPLE = (
    "<reasoning>I need to see which documents exist.</reasoning>\n"
    "<action>list_files</action>\n"
    '<parameters>{"folder": "."}</parameters>'
)


@pytest.fixture
def fmt() -> XmlFormat:
    f = XmlFormat()
    f.system_prompt(SPECS, "")
    return f


def parse(fmt: XmlFormat, text: str):  # type: ignore[no-untyped-def]
    return fmt.parse(Reply(text), SPECS)


def test_registry_and_protocol() -> None:
    f = get_format("xml")
    assert isinstance(f, XmlFormat)
    assert isinstance(f, Format)
    assert f.native is False
    assert "<observation" in f.stop


def test_legal_review_example(fmt: XmlFormat) -> None:
    p = parse(fmt, LEGAL_EXAMPLE)
    assert p.thought == "I need to see which documents exist."
    assert [(c.name, dict(c.arguments)) for c in p.calls] == [("list_files", {"folder": "."})]
    assert p.final_answer is None


def test_legal_review_read_and_final(fmt: XmlFormat) -> None:
    p = parse(
        fmt,
        "<reasoning>The contract has no termination clause.</reasoning>\n"
        "<action>read_file</action>\n"
        '<parameters>{"path": "contract_v1.pdf"}</parameters>',
    )
    assert p.calls[0].arguments == {"path": "contract_v1.pdf"}
    p = parse(
        fmt,
        "<reasoning>Both reports are written.</reasoning>\n"
        "<final_answer>Review complete: 3 documents, 2 critical issues.</final_answer>",
    )
    assert p.final_answer == "Review complete: 3 documents, 2 critical issues."
    assert p.calls == ()


def test_several_actions_are_parallel_calls_in_order(fmt: XmlFormat) -> None:
    p = parse(
        fmt,
        "<reasoning>Read both.</reasoning>\n"
        '<action>read_file</action><parameters>{"path": "a.txt"}</parameters>\n'
        '<action>read_file</action><parameters>{"path": "b.txt"}</parameters>\n'
        '<action>add</action><parameters>{"a": 1, "b": 2}</parameters>',
    )
    assert [(c.name, c.arguments) for c in p.calls] == [
        ("read_file", {"path": "a.txt"}),
        ("read_file", {"path": "b.txt"}),
        ("add", {"a": 1, "b": 2}),
    ]
    assert len({c.id for c in p.calls}) == 3


def test_call_ids_are_stable(fmt: XmlFormat) -> None:
    assert parse(fmt, LEGAL_EXAMPLE).calls == parse(fmt, LEGAL_EXAMPLE).calls


@pytest.mark.parametrize(
    ("text", "name", "args"),
    [
        # markdown fence around the whole reply and inside parameters
        (f"```xml\n{LEGAL_EXAMPLE}\n```", "list_files", {"folder": "."}),
        (
            "<reasoning>x</reasoning><action>list_files</action>"
            '<parameters>\n```json\n{"folder": "."}\n```\n</parameters>',
            "list_files",
            {"folder": "."},
        ),
        # case-insensitive tags, stray whitespace, prose around
        (
            "Let me think.\n< Reasoning >x</REASONING>\n\n  <ACTION> list_files </Action>\n"
            "<Parameters> {'folder': '.',} </Parameters>\nThanks!",
            "list_files",
            {"folder": "."},
        ),
        # missing closing tags
        (
            "<reasoning>x\n<action>list_files\n<parameters>{folder: 'docs'}",
            "list_files",
            {"folder": "docs"},
        ),
        # Python literals, unquoted keys, trailing commas
        (
            "<reasoning>x</reasoning><action>read_file</action>"
            "<parameters>{path: 'a.txt', page: None,}</parameters>",
            "read_file",
            {"path": "a.txt", "page": None},
        ),
        # a plain string for a one-parameter tool
        (
            "<reasoning>x</reasoning><action>list_files</action><parameters>docs</parameters>",
            "list_files",
            {"folder": "docs"},
        ),
        # the tool name in backticks or another case
        (
            "<reasoning>x</reasoning><action>`List_Files`</action><parameters>{}</parameters>",
            "list_files",
            {},
        ),
        # arguments written inline in the action tag
        (
            '<reasoning>x</reasoning><action>list_files({"folder": "."})</action>',
            "list_files",
            {"folder": "."},
        ),
        # no reasoning at all
        (
            '<action>list_files</action><parameters>{"folder": "."}</parameters>',
            "list_files",
            {"folder": "."},
        ),
        # Qwen-style tool call tags that small models fall back to
        (
            '<tool_call>\n{"name": "list_files", "arguments": {"folder": "."}}\n</tool_call>',
            "list_files",
            {"folder": "."},
        ),
        # a parameters object followed by prose
        (
            R + '<action>list_files</action><parameters>{"folder": "."} as asked</parameters>',
            "list_files",
            {"folder": "."},
        ),
    ],
)
def test_tolerant_parsing(fmt: XmlFormat, text: str, name: str, args: dict[str, object]) -> None:
    p = parse(fmt, text)
    assert [(c.name, dict(c.arguments)) for c in p.calls] == [(name, args)]


def test_final_answer_without_closing_tag_and_multiline(fmt: XmlFormat) -> None:
    p = parse(fmt, "<reasoning>done</reasoning>\n<final_answer>Line 1\nLine 2 with a < sign\n")
    assert p.final_answer == "Line 1\nLine 2 with a < sign"


def test_final_answer_called_as_a_tool(fmt: XmlFormat) -> None:
    p = parse(
        fmt,
        R + '<action>final_answer</action><parameters>{"answer": "42"}</parameters>',
    )
    assert p.final_answer == "42" and p.calls == ()


def test_tool_without_arguments_needs_no_parameters_tag() -> None:
    from thinkact import tool

    @tool
    def today() -> str:
        """Today's date."""
        return "2025-01-01"

    f = XmlFormat()
    f.system_prompt([today.spec], "")
    p = f.parse(Reply("<reasoning>x</reasoning><action>today</action>"), [today.spec])
    assert p.calls[0].name == "today" and p.calls[0].arguments == {}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "Your reply was empty"),
        ("   \n", "Your reply was empty"),
        ("I think the answer is 4.", "no <action> or <final_answer> tag"),
        (
            "<reasoning>just thinking</reasoning>",
            "has <reasoning> but no <action> or <final_answer>",
        ),
        (
            '<reasoning>x</reasoning><parameters>{"a": 1}</parameters>',
            "<parameters> but no <action>",
        ),
        (
            "<reasoning>x</reasoning><action>delete_everything</action><parameters>{}</parameters>",
            "Unknown tool 'delete_everything'. "
            "Available tools: add, list_files, read_file, search.",
        ),
        ("<reasoning>x</reasoning><action></action>", "The tool name is empty"),
        (
            "<reasoning>x</reasoning><action>read_file</action>",
            "<parameters> for 'read_file' is missing",
        ),
        (
            R + '<action>read_file</action><parameters>{"path": "a" "page": 2}</parameters>',
            "Invalid JSON in <parameters> for 'read_file': expected ',' or '}' after a value "
            "in an object at line 1, column 14",
        ),
        (
            "<reasoning>x</reasoning><action>add</action><parameters>[1, 2]</parameters>",
            "<parameters> for 'add' must be a JSON object",
        ),
        (
            R + '<action>add</action><parameters>{"a": 1}</parameters><parameters>{}</parameters>',
            "has two <parameters> tags",
        ),
        ("<reasoning>x</reasoning><final_answer>  </final_answer>", "<final_answer> is empty"),
    ],
)
def test_precise_errors(fmt: XmlFormat, text: str, expected: str) -> None:
    with pytest.raises(FormatError) as info:
        parse(fmt, text)
    assert expected in str(info.value)
    assert len(str(info.value)) < 500


def test_invented_observation_is_cut(fmt: XmlFormat) -> None:
    text = (
        f"{LEGAL_EXAMPLE}\n<observation>contract.pdf</observation>\n"
        "<reasoning>Now I know.</reasoning>\n<final_answer>One file.</final_answer>"
    )
    p = parse(fmt, text)
    assert [c.name for c in p.calls] == ["list_files"]
    assert p.final_answer is None
    kept = fmt.assistant_message(Reply(text))
    assert kept == AssistantMessage(LEGAL_EXAMPLE)
    # any case and with attributes
    assert fmt.cut(f'{LEGAL_EXAMPLE}<Observation tool="x">') == LEGAL_EXAMPLE


def test_final_answer_guessed_after_an_action_is_dropped(fmt: XmlFormat) -> None:
    text = f"{LEGAL_EXAMPLE}\n<final_answer>There are 3 files.</final_answer>"
    p = parse(fmt, text)
    assert p.final_answer is None and len(p.calls) == 1
    assert "final_answer" not in fmt.assistant_message(Reply(text)).content


def test_observation_messages(fmt: XmlFormat) -> None:
    one = fmt.observation([ToolResult("c1", "list_files", "a.txt\nb.txt")], "[Step 2 of 20]")
    assert one == [UserMessage("<observation>a.txt\nb.txt</observation>\n\n[Step 2 of 20]")]
    two = fmt.observation(
        [
            ToolResult("c1", "read_file", "A"),
            ToolResult("c2", "add", "TOOL ERROR: ValueError: x", True),
        ],
        "",
    )
    assert two == [
        UserMessage(
            '<observation tool="read_file">A</observation>\n'
            '<observation tool="add">TOOL ERROR: ValueError: x</observation>'
        )
    ]
    assert fmt.feedback("FORMAT ERROR: bad", "[Step 3 of 20]") == [
        UserMessage("FORMAT ERROR: bad\n\n[Step 3 of 20]")
    ]


def test_system_prompt_content_and_stability() -> None:
    prompt = XmlFormat().system_prompt(SPECS, "You are a careful legal reviewer.")
    assert prompt.startswith("You are a careful legal reviewer.\n\n")
    assert prompt == XmlFormat().system_prompt(list(SPECS), "You are a careful legal reviewer.")
    for spec in SPECS:
        assert f"\n{spec.name}: {spec.description}" in prompt
    assert "  - folder (string, required): Folder inside the workspace." in prompt
    assert "  - page (integer or null, default null)" in prompt
    assert "<final_answer>" in prompt and "<observation>" in prompt
    assert len(prompt) < 1600  # a 1.5B model reads this every turn


def test_prompt_example_round_trips() -> None:
    """The reply the prompt's example shows parses to the call it shows."""
    for spec in [*SPECS, everything.spec]:
        f = XmlFormat()
        prompt = f.system_prompt([spec], "")
        example = prompt.split("Example:\n", 1)[1]
        call, rest = example.split("\n<observation>", 1)  # a call, its result, an answer
        final = rest.split("</observation>\n", 1)[1]
        p = f.parse(Reply(call), [spec])
        shown = json.loads(re.search(r"<parameters>(.*)</parameters>", call).group(1))  # type: ignore[union-attr]
        assert [(c.name, dict(c.arguments)) for c in p.calls] == [(spec.name, shown)]
        assert f.parse(Reply(final), [spec]).final_answer is not None
        assert accepts(str(f.grammar([spec])), call) and accepts(str(f.grammar([spec])), final)


def test_system_prompt_without_tools_asks_for_a_final_answer() -> None:
    prompt = XmlFormat().system_prompt([], "Be brief.")
    assert "<final_answer>" in prompt and "<action>" not in prompt


def test_grammar_accepts_exactly_valid_replies(fmt: XmlFormat) -> None:
    g = str(fmt.grammar(SPECS))
    assert accepts(g, LEGAL_EXAMPLE)
    assert accepts(
        g,
        "<reasoning>r</reasoning>\n<action>read_file</action>\n"
        '<parameters>{"path": "a", "page": 2}</parameters>',
    )
    assert accepts(g, "<reasoning>r</reasoning>\n<final_answer>It is 4 (a < b).</final_answer>")
    assert not accepts(g, LEGAL_EXAMPLE.replace("list_files", "rm_rf"))  # unknown tool
    assert not accepts(g, LEGAL_EXAMPLE.replace('"folder"', '"fold"'))  # wrong argument
    assert not accepts(g, LEGAL_EXAMPLE.replace('"."', "1"))  # wrong type
    assert not accepts(g, LEGAL_EXAMPLE + "\n<observation>x</observation>")  # ends after one action
    assert not accepts(g, LEGAL_EXAMPLE.replace("I need", "I <need"))  # no tags in reasoning
    assert not accepts(
        g, "<reasoning>" + "x" * 1201 + "</reasoning>\n<final_answer>a</final_answer>"
    )
    final_only = str(fmt.grammar(SPECS, final_only=True))
    assert not accepts(final_only, LEGAL_EXAMPLE)
    assert accepts(final_only, "<reasoning>r</reasoning>\n<final_answer>4</final_answer>")


def test_grammar_parses_in_llama_cpp(fmt: XmlFormat) -> None:
    assert llama_parses(str(fmt.grammar([*SPECS, everything.spec])))
    assert llama_parses(str(fmt.grammar(SPECS, final_only=True)))
    assert llama_parses(str(fmt.grammar([])))


def test_no_json_schema(fmt: XmlFormat) -> None:
    assert fmt.json_schema(SPECS) is None


def test_grammar_ignores_a_final_answer_tool_spec() -> None:
    from thinkact.formats.base import final_answer_spec

    f = XmlFormat()
    g = str(f.grammar([list_files.spec, final_answer_spec()]))
    assert '"final_answer" "</action>' not in g
    assert (
        "final_answer"
        not in f.system_prompt([read_file.spec, final_answer_spec()], "").split("Reply")[0]
    )
