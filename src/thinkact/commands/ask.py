"""`thinkact ask "QUESTION"`: the research assistant (calculator + Wikipedia search/lookup).

thinkact ask "Where was the architect of the Eiffel Tower born?"
thinkact ask "..." --corpus pages.jsonl        # offline, over a local JSONL corpus
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from thinkact.commands.common import add_run_options


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "ask",
        help="answer a question with Wikipedia and a calculator",
        description="Answer QUESTION with calculator, search_wikipedia and lookup, and list "
        "the pages the answer is based on. Online Wikipedia by default; with --corpus, "
        "offline over a JSONL file of {title, text} or {title, sentences}.",
    )
    parser.add_argument("question", help="what to find out")
    parser.add_argument("--corpus", metavar="FILE", help="offline corpus (JSONL); no network")
    add_run_options(parser, tools=False)
    parser.set_defaults(func=run, max_steps=12)


def run(args: argparse.Namespace) -> int:
    from thinkact.apps.research import Sources, research_agent
    from thinkact.commands.common import (
        agent_config,
        exit_code,
        make_console,
        make_output,
        mcp_servers,
        report_quiet,
        streams,
    )
    from thinkact.errors import UserError

    if not args.question.strip():
        raise UserError('the question is empty: thinkact ask "WHAT TO FIND OUT"')
    console = make_console(stderr=args.json)
    errors = make_console(stderr=True)
    sources = Sources()
    with make_output(args, console, extra=[sources]) as output:
        agent = research_agent(
            args.model,
            corpus=args.corpus,
            format=args.format,
            config=agent_config(args),
        )
        agent.toolsets += mcp_servers(args)  # started by the run, stopped when it ends
        agent.streaming = streams(args, console)
        result = output.follow(agent.stream(args.question))
    if args.quiet:
        report_quiet(result, sys.stdout, errors)
        if sources.titles:
            sys.stdout.write("Sources: " + "; ".join(sources.titles) + "\n")
    elif not args.json:  # the console reporter has shown the answer: add what it rests on
        from rich.text import Text

        shown = "; ".join(sources.titles) or "none (no page was read)"
        console.print(Text(f"Sources: {shown}", style="bold"))
    return exit_code(result)
