"""The code format: prose, a ```python block run by the agent's code tool, '#### answer'."""

from __future__ import annotations

import pytest
from sample_tools import SPECS

from thinkact import Agent, AgentConfig, FormatError, Reply
from thinkact.apps.eval.gsm8k import EXAMPLES, INSTRUCTIONS
from thinkact.events import ToolFinished
from thinkact.formats.code import CodeFormat
from thinkact.testing import ScriptedModel
from thinkact.tools.calculator import calculator

# What the embedded model writes when asked a GSM8K question plainly (train-0), cut where
# it starts to make up the output.
NATIVE = """To find the total, add April and May.

```python
# Number of clips sold in April
clips_april = 48
clips_may = clips_april / 2
print(clips_april + clips_may)
```
```output
48.0
```"""


def test_a_python_block_runs_in_the_code_tool_and_its_made_up_output_is_cut() -> None:
    fmt = CodeFormat()
    fmt.system_prompt([calculator.spec], "")
    parsed = fmt.parse(Reply(NATIVE), [calculator.spec])
    assert parsed.thought == "To find the total, add April and May."
    [call] = parsed.calls
    assert call.name == "calculator" and call.arguments["expression"].startswith("# Number")
    assert "48.0" not in fmt.assistant_message(Reply(NATIVE)).content


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("So 72.\n#### 72", "72"),
        ("Final Answer: 72 clips", "72 clips"),
        (r"It is \boxed{72}.", "72"),
        # The embedded model's own layout: the marker, then the sentence with the answer.
        ("It is 4.\n\n#### Final Answer:\nLana needs to sell \\(\\boxed{4}\\) more.", "4"),
        ("#### Final Answer:\nShe needs 4 more muffins.", "She needs 4 more muffins."),
        ("#### Final Answer\nAlexis paid $37 for the shoes.", "Alexis paid $37 for the shoes."),
        ("\\boxed{3} at first, but then:\n#### 5", "5"),
    ],
)
def test_the_answer_line_ends_the_run(text: str, answer: str) -> None:
    fmt = CodeFormat()
    fmt.system_prompt(SPECS, "")
    assert fmt.parse(Reply(text), SPECS).final_answer == answer


def test_a_block_tagged_with_a_tool_name_calls_that_tool() -> None:
    fmt = CodeFormat()
    fmt.system_prompt(SPECS, "")
    [call] = fmt.parse(Reply("Look it up.\n```search\nParis\n```"), SPECS).calls
    assert (call.name, call.arguments) == ("search", {"query": "Paris"})
    with pytest.raises(FormatError, match="several arguments"):
        fmt.parse(Reply("```add\n1 2\n```"), SPECS)
    # Prose without a program is the answer, as text without a tool call is in native.
    assert fmt.parse(Reply("It is about seventy."), SPECS).final_answer == "It is about seventy."
    with pytest.raises(FormatError, match="empty"):
        fmt.parse(Reply("  \n"), SPECS)


def test_a_gsm8k_run_in_the_code_format_end_to_end() -> None:
    model = ScriptedModel([NATIVE, "The program printed 72.\n#### 72"])
    agent = Agent(model, [calculator], format="code", examples=EXAMPLES, instructions=INSTRUCTIONS)
    events = list(agent.iter("How many clips?"))
    [done] = [e for e in events if isinstance(e, ToolFinished)]
    assert done.result.content == "clips_april = 48\nclips_may = 24\nresult = 72"
    assert events[-1].final_answer == "72"  # type: ignore[attr-defined]
    first = model.requests[0]
    assert first.stop == ("```output",) and first.grammar is None
    system = first.messages[0].content  # type: ignore[union-attr]
    assert "```python\n# 3 trays of 12 muffins" in system and "#### 62" in system
    observed = model.requests[1].messages[-1].content  # type: ignore[union-attr]
    # No step count: the model gave "Step 3 of 10" as its answer, wherever the note was.
    assert observed.startswith("```output\nclips_april = 48") and "Step" not in observed
    assert observed.endswith("result = 72\n```")


def test_the_code_format_warns_of_the_last_step_before_the_output() -> None:
    model = ScriptedModel([NATIVE, "#### 72"])
    agent = Agent(model, [calculator], format="code", config=AgentConfig(max_steps=2))
    assert agent.run("How many clips?").final_answer == "72"
    first = model.requests[0].messages[-1].content  # type: ignore[union-attr]
    assert first == "How many clips?"
    observed = model.requests[1].messages[-1].content  # type: ignore[union-attr]
    note, output = observed.split("\n\n", 1)
    assert note == "[This is your last step: give your final answer now if you can.]"
    assert output.startswith("```output\nclips_april = 48")
