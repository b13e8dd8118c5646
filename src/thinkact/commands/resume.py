"""`thinkact resume RUN`: continue a killed or interrupted run from its last completed step.

The run's own model, format, settings, instructions and tools (by name) are used again;
tool calls whose results were stored are not run again.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "resume",
        help="continue a killed or interrupted run",
        description="Continue run RUN (an id, a unique prefix, or `last`) from its last "
        "completed step, with the model, tools and settings it started with. Exit code: 0 "
        "answered, 1 stopped without a final answer, 2 cannot resume, 130 interrupted.",
    )
    parser.add_argument("run", help="run id, a unique prefix of one, or `last`")
    parser.add_argument(
        "--db",
        metavar="FILE",
        help="run store (default: $THINKACT_HOME/runs.db, else ~/.local/share/thinkact/runs.db)",
    )
    parser.add_argument(
        "--tools",
        "-t",
        metavar="A,B",
        help="where the run's tools come from when they are not built in (module:function); "
        "default: the run's tool names",
    )
    parser.add_argument("--workspace", "-w", metavar="DIR", help="folder for the file tools")
    parser.add_argument("--corpus", metavar="FILE", help="offline Wikipedia for its tools")
    parser.add_argument("--trace", metavar="FILE", help="append every event to FILE as JSONL")
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--quiet", "-q", action="store_true", help="print only the final answer")
    out.add_argument("--json", action="store_true", help="print events as JSON lines")
    parser.add_argument(
        "--yes", "-y", action="store_true", help="approve every tool call that changes files"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from thinkact.commands.common import (
        mcp_servers_of,
        open_store,
        ready_model,
        resolve_tools,
    )
    from thinkact.config import AgentConfig
    from thinkact.tools.toolset import open_toolsets

    store = open_store(argparse.Namespace(db=args.db))
    assert store is not None
    record = store.get(args.run)
    labels = dict(AgentConfig.from_dict(record.config).labels)
    if labels.get("app") == "review":
        return _resume_review(args, record, labels, store)
    model = ready_model(record.model)  # a missing key fails before anything is printed
    servers = mcp_servers_of(labels)
    # The run's MCP servers start again and serve their own tools; the rest are found by name.
    served, held = open_toolsets(servers)
    with held:
        names = {t.name for t in served}
        own = [n for n in record.tools if n not in names]
        tools = resolve_tools(
            args.tools or ",".join(own), workspace=args.workspace, corpus=args.corpus
        )
        return _resume(args, record, labels, model, [*tools, *served], store)


def _resume(
    args: argparse.Namespace,
    record: Any,
    labels: dict[str, str],
    model: Any,
    tools: list[Any],
    store: Any,
) -> int:
    from thinkact.agent import Agent
    from thinkact.commands.common import (
        exit_code,
        make_approver,
        make_console,
        make_output,
        report_quiet,
    )
    from thinkact.commands.schema import schema_of
    from thinkact.config import AgentConfig

    console = make_console(stderr=args.json)
    errors = make_console(stderr=True)
    with make_output(args, console) as output:
        if record.format == "pev":
            from thinkact.pev import PlanExecuteVerify

            pev = PlanExecuteVerify(
                model,
                tools,
                format=str(record.config.get("step_format", "auto")),
                instructions=record.instructions,
                approve=make_approver(args, errors),
                reporters=output.reporters,
                store=store,
            )
            outcome = pev.resume(record.id)
            if args.quiet and outcome.final_answer:
                sys.stdout.write(outcome.final_answer.rstrip("\n") + "\n")
            return 0 if outcome.ok else 1
        agent = Agent(
            model,
            tools,
            format=record.format,
            instructions=record.instructions,
            config=AgentConfig.from_dict(record.config),
            approve=make_approver(args, errors),
            reporters=output.reporters,
            store=store,
            output_type=schema_of(labels),
        )
        result = agent.resume(record.id)
    if args.quiet:
        report_quiet(result, sys.stdout, errors)
    return exit_code(result)


def _resume_review(
    args: argparse.Namespace, record: Any, labels: dict[str, str], store: Any
) -> int:
    """A legal review: rebuilt from its folders; finished documents come from its cache."""
    from thinkact.apps.legal import build_review
    from thinkact.commands.common import (
        make_approver,
        make_console,
        mcp_servers_of,
        ready_model,
    )
    from thinkact.commands.review import finish_review
    from thinkact.config import AgentConfig

    model = ready_model(record.model)
    console = make_console(stderr=args.json)
    errors = make_console(stderr=True)
    review = build_review(
        labels["folder"],
        model=model,
        out=labels.get("out"),
        format=record.format,
        approve=make_approver(args, errors),
        config=AgentConfig.from_dict(record.config),
        store=store,
    )
    review.agent.toolsets += mcp_servers_of(labels)
    args.resume_id = record.id
    return finish_review(review, args, console, errors)
