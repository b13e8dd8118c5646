"""`thinkact run "TASK"`: one agent run with the tools named, rendered as it goes.

    thinkact run "What is 17 * 23 + 4?" --model scripted:examples/scripted/demo.json \\
        --tools calculator
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from thinkact.commands.common import add_run_options, add_store_options
from thinkact.commands.schema import add_output_schema


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "run",
        help="run an agent on a task",
        description="Run a ReAct agent on TASK with the tools named by --tools. "
        "Exit code: 0 answered, 1 stopped without a final answer (or the model failed), "
        "2 bad options, 130 interrupted.",
    )
    parser.add_argument("task", help="what the agent should do")
    add_run_options(parser)
    add_store_options(parser)
    add_output_schema(parser)
    parser.add_argument("--instructions", default="", help="extra system-prompt instructions")
    parser.add_argument(
        "--corpus",
        metavar="FILE",
        help="offline Wikipedia (JSONL of {title, text}) for search_wikipedia and lookup",
    )
    parser.add_argument(
        "--pattern",
        choices=["react", "pev"],
        default="react",
        help="react: one ReAct loop (default); pev: plan, execute steps as ReAct sub-runs "
        "(independent ones in parallel), verify each, re-plan on failure",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from thinkact.agent import Agent
    from thinkact.commands.common import (
        agent_config,
        exit_code,
        make_approver,
        make_console,
        make_model,
        make_output,
        mcp_labels,
        mcp_servers,
        open_store,
        report_quiet,
        resolve_tools,
        streams,
    )
    from thinkact.commands.schema import load_output_schema, schema_labels
    from thinkact.errors import UserError
    from thinkact.models.replay import ReplayModel
    from thinkact.tools.toolset import open_toolsets

    if not args.task.strip():
        raise UserError('the task is empty: thinkact run "WHAT TO DO"')
    schema = load_output_schema(args.output_schema)
    if schema is not None and args.pattern == "pev":
        raise UserError("--output-schema works with --pattern react only")
    # With --json, stdout carries only JSON lines: everything for people goes to stderr.
    console = make_console(stderr=args.json)
    errors = make_console(stderr=True)
    tools = resolve_tools(args.tools, workspace=args.workspace, corpus=args.corpus)
    servers = mcp_servers(args)  # started by the run, stopped when it ends
    config = agent_config(args)
    config = replace(config, labels=config.labels + mcp_labels(args) + schema_labels(schema))
    model = make_model(args)
    store = open_store(args)
    with make_output(args, console) as output:
        if args.pattern == "pev":
            listed, held = open_toolsets(servers, {t.name for t in tools})
            with held:
                return _run_pev(
                    args, model, [*tools, *listed], config, output.reporters, errors, store
                )
        agent = Agent(
            model,
            [*tools, *servers],
            format=args.format,
            instructions=args.instructions,
            config=config,
            approve=make_approver(args, errors),
            store=store,
            output_type=schema,
            streaming=streams(args, console),
        )
        result = output.follow(agent.stream(args.task))
    if isinstance(model, ReplayModel):
        model.check_finished()
    if args.quiet:
        report_quiet(result, sys.stdout, errors)
    return exit_code(result)


def _run_pev(
    args: argparse.Namespace,
    model: Any,
    tools: Any,
    config: Any,
    reporters: Any,
    errors: Any,
    store: Any,
) -> int:
    from thinkact.commands.common import make_approver
    from thinkact.pev import PEVConfig, PlanExecuteVerify

    pev = PlanExecuteVerify(
        model,
        tools,
        format=args.format,
        instructions=args.instructions,
        config=PEVConfig(step_config=config),
        approve=make_approver(args, errors),
        reporters=reporters,
        store=store,
    )
    result = pev.run(args.task)
    if args.quiet:
        if result.final_answer:
            sys.stdout.write(result.final_answer.rstrip("\n") + "\n")
        if not result.ok:
            errors.print(f"run stopped: {result.reason} after {result.replans} re-plans")
    return 0 if result.ok else 1
