"""--max-cost, --max-tokens and --max-seconds on run, ask and review: AgentConfig's budgets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from thinkact.cli import build_parser, main
from thinkact.commands.common import agent_config
from thinkact.config import AgentConfig


@pytest.mark.parametrize("command", [["run", "task"], ["ask", "question"], ["review", "docs"]])
def test_every_run_command_takes_the_budgets(command: list[str]) -> None:
    budgets = ["--max-cost", "0.25", "--max-tokens", "5000", "--max-seconds", "90"]
    args = build_parser().parse_args([*command, *budgets])
    config = agent_config(args)
    assert (config.max_cost, config.max_tokens, config.max_seconds) == (0.25, 5000, 90.0)
    unset = agent_config(build_parser().parse_args(command))
    assert (unset.max_cost, unset.max_tokens, unset.max_seconds) == (None, None, None)
    assert unset == AgentConfig(max_steps=unset.max_steps)


@pytest.mark.parametrize(
    "option",
    [
        ["--max-cost", "0"],
        ["--max-cost", "nan"],
        ["--max-tokens", "1.5"],
        ["--max-tokens", "-3"],
        ["--max-seconds", "soon"],
        ["--max-seconds", "inf"],
    ],
)
def test_a_budget_must_be_a_positive_number(
    option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["run", "task", *option])
    assert exit_.value.code == 2
    assert option[0] in capsys.readouterr().err


def test_a_token_budget_stops_a_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    usage = {"input_tokens": 80, "output_tokens": 20}
    replies: list[dict[str, object]] = [
        {"tool_calls": [{"name": "calculator", "arguments": {"expression": f"{n}+1"}}]}
        for n in range(5)
    ]
    replies = [{**r, "usage": usage} for r in replies] + [{"text": "2", "usage": usage}]
    script = tmp_path / "replies.json"
    script.write_text(json.dumps({"format": "native", "replies": replies}))
    argv = ["run", "1+1?", "-m", f"scripted:{script}", "-t", "calculator", "--json"]
    code = main([*argv, "--max-tokens", "250", "--no-store"])
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert events[0]["config"]["max_tokens"] == 250
    finished = events[-1]
    assert finished["kind"] == "run_finished" and finished["reason"] == "budget_tokens"
    assert finished["steps"] == 3 and code == 1  # 300 tokens after step 3: no step 4
