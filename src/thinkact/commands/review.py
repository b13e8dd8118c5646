"""`thinkact review FOLDER`: the legal review of a folder of contracts and policies.

    thinkact review examples/legal_docs --yes --out review_output
    thinkact review contracts/ --model anthropic:claude-sonnet-4-5 --plan

Writes LEGAL_NOTICES.md and REVIEW_SUMMARY.md to --out (default: FOLDER). Exit code: 0 both
reports written and valid, 1 not, 2 bad options, 130 interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from thinkact.commands.common import add_run_options, add_store_options

if TYPE_CHECKING:
    from rich.console import Console

    from thinkact.agent import Reporter
    from thinkact.apps.legal.workflow import ReviewRun


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "review",
        help="review a folder of legal documents and write two reports",
        description="Review the contracts and policies in FOLDER (PDF, DOCX, TXT, MD) and "
        "write LEGAL_NOTICES.md (findings by document, with severity, quote and "
        "recommendation) and REVIEW_SUMMARY.md (overall status, counts, top "
        "recommendations). Exit code: 0 both reports written and valid, 1 not, "
        "2 bad options, 130 interrupted.",
    )
    parser.add_argument("folder", help="the folder of documents to review")
    parser.add_argument(
        "--out", "-o", metavar="DIR", help="where to write the reports (default: FOLDER)"
    )
    parser.add_argument(
        "--plan",
        action="store_true",
        help="let the agent write a plan first, for you to approve, edit or abort",
    )
    parser.add_argument(
        "--pattern",
        choices=["react", "pev"],
        default="react",
        help="react: one agent run (default); pev: a plan with one review step per document "
        "(parallel on API models), a notices step and a summary step, each verified",
    )
    add_run_options(parser, tools=False)
    add_store_options(parser)
    parser.set_defaults(func=run, max_steps=24)


def _plan_phase(review: ReviewRun, args: argparse.Namespace, console: Console) -> ReviewRun | None:
    """Draft the plan, show it, and ask (unless --yes). None: the user aborted."""
    from rich.panel import Panel

    from thinkact.apps.legal.planning import draft_plan, edit_with_editor, review_plan
    from thinkact.commands.common import literal_input
    from thinkact.errors import UserError

    if not args.yes and not sys.stdin.isatty():
        raise UserError("--plan asks you to approve the plan: run it in a terminal, or add --yes")
    console.print("[bold]Planning...[/bold]")
    plan = draft_plan(review.agent.model, review.instructions, review.task)

    def show(text: str) -> None:
        console.print(Panel(text, title="Plan", title_align="left", expand=False))

    if args.yes:
        show(plan)
        return review.with_plan(plan)
    has_editor = bool(os.environ.get("VISUAL") or os.environ.get("EDITOR"))
    approved = review_plan(
        plan, ask=literal_input(console), show=show, editor=edit_with_editor if has_editor else None
    )
    return None if approved is None else review.with_plan(approved)


def run(args: argparse.Namespace) -> int:
    from thinkact.errors import UserError

    # A review writes its reports with write_file, which needs approval: with no terminal
    # to ask, every write would be denied, after the whole review had been paid for.
    if not args.yes and not sys.stdin.isatty():
        asks = (
            "--plan asks you to approve the plan"
            if args.plan
            else "the review asks you to approve writing its reports"
        )
        raise UserError(f"{asks}, and stdin is not a terminal: add --yes, or run it in a terminal")

    from rich.text import Text

    from thinkact.apps.legal import build_review
    from thinkact.commands.common import (
        agent_config,
        make_approver,
        make_console,
        make_model,
        mcp_labels,
        mcp_servers,
        open_store,
    )

    console = make_console(stderr=args.json)
    errors = make_console(stderr=True)
    model = make_model(args)  # a missing key fails before anything is printed
    config = agent_config(args, max_reply_tokens=512)
    folder = os.path.abspath(args.folder)
    out = os.path.abspath(args.out or args.folder)
    servers = mcp_servers(args)  # more tools for the model: started by the run, stopped after
    if servers and args.pattern == "pev":
        # each PEV step is planned with the review's own tool for it
        raise UserError("--mcp and --mcp-url work with --pattern react")
    labels = (
        ("app", "review"),
        ("folder", folder),
        ("out", out),
        ("pattern", args.pattern),
        *mcp_labels(args),
    )
    review = build_review(
        folder,
        model=model,
        out=out,
        format=args.format,
        approve=make_approver(args, errors),
        config=replace(config, labels=labels),
        store=open_store(args),
    )
    review.agent.toolsets += servers
    if args.pattern == "pev":
        return _run_pev(review, args, console, errors)
    if args.plan:
        planned = _plan_phase(review, args, console)
        if planned is None:
            errors.print(Text("aborted: the plan was not approved", style="yellow"))
            return 1
        review = planned
    return finish_review(review, args, console, errors)


def finish_review(review: ReviewRun, args: argparse.Namespace, console: Any, errors: Any) -> int:
    """Run (or resume, with `args.resume_id`) the review with its console, then say where
    the reports are; Ctrl-C says how to resume."""
    from rich.text import Text

    from thinkact.apps.legal import NOTICES, SUMMARY
    from thinkact.apps.legal.reports import STATUSES, status_in
    from thinkact.commands.common import make_output, report_quiet, streams
    from thinkact.events import RunStarted

    run_ids: list[str] = []

    def remember(event: object) -> None:
        if isinstance(event, RunStarted):
            run_ids.append(event.run_id)

    tracker = review.tracker(console)
    extra: list[Reporter] = [remember]
    if not (args.quiet or args.json):
        extra.append(review.progress(tracker))
    resume_id = getattr(args, "resume_id", None)
    try:
        with make_output(args, console, extra=extra) as output, tracker:
            review.agent.reporters.extend(output.reporters)
            review.agent.streaming = streams(args, console)
            result = review.resume(resume_id) if resume_id else review.run()
    except KeyboardInterrupt:
        if review.agent.store is not None and (run_ids or resume_id):
            rid = resume_id or run_ids[0]
            errors.print(
                Text(f"interrupted: continue with `thinkact resume {rid}`", style="yellow")
            )
        raise
    if args.quiet:
        report_quiet(result, sys.stdout, errors)
    elif not args.json:
        summary = review.out / SUMMARY
        status = status_in(summary.read_text(encoding="utf-8")) if summary.is_file() else None
        written = [str(p) for p in (review.out / NOTICES, summary) if p.is_file()]
        verdict = "reports written" if result.ok else f"review stopped ({result.reason})"
        paths = f"\n{verdict}: {', '.join(written) or 'no report written'}"
        console.print(Text(paths, style="bold"), soft_wrap=True)  # paths stay copyable
        if status is not None:
            console.print(Text(f"Overall status: {STATUSES[status]}", style="bold"))
    return 0 if result.ok else 1


def _approve_pev_plan(args: argparse.Namespace, console: Console) -> Any:
    """--plan with --pattern pev: the plan as JSON to approve, edit (checked again) or abort."""
    from rich.panel import Panel

    from thinkact.apps.legal.planning import edit_with_editor, review_plan
    from thinkact.commands.common import literal_input
    from thinkact.errors import FormatError, UserError
    from thinkact.pev import Plan, parse_plan
    from thinkact.pev.plan import plan_to_json

    if not args.plan or args.yes:
        return None
    if not sys.stdin.isatty():
        raise UserError("--plan asks you to approve the plan: run it in a terminal, or add --yes")

    def approve(plan: Plan) -> Plan | None:
        names = {n for s in plan.steps for n in s.tools}
        validators = {s.check[10:] for s in plan.steps if s.check.startswith("validator:")}
        text: str | None = plan_to_json(plan)
        has_editor = bool(os.environ.get("VISUAL") or os.environ.get("EDITOR"))
        while text is not None:
            text = review_plan(
                text,
                ask=literal_input(console),
                show=lambda t: console.print(Panel(t, title="Plan", expand=False)),
                editor=edit_with_editor if has_editor else None,
            )
            if text is None:
                return None
            try:
                return parse_plan(text, names, validators)
            except FormatError as e:
                console.print(f"[red]{e}[/red]")
        return None

    return approve


def _run_pev(review: ReviewRun, args: argparse.Namespace, console: Console, errors: Any) -> int:
    from rich.text import Text

    from thinkact.apps.legal import NOTICES, SUMMARY
    from thinkact.apps.legal.pev import pev_review, plan_progress, review_plan, step_names
    from thinkact.commands.common import make_output
    from thinkact.ui.progress import ProgressTracker

    plan = review_plan(review)
    names = step_names(plan, review)
    tracker = ProgressTracker(
        console, list(names.values()), documents=review.review.documents, title="Legal review"
    )
    tracker.state.read_tool = "review_document"
    extra = [] if args.quiet or args.json else [plan_progress(tracker, names)]
    with make_output(args, console, extra=extra) as output, tracker:
        pev = pev_review(review, reporters=output.reporters)
        pev.approve_plan = _approve_pev_plan(args, console)
        try:
            result = pev.run(review.task, plan=plan)
        finally:
            review.finish()
    if result.final_answer and args.quiet:
        sys.stdout.write(result.final_answer.rstrip("\n") + "\n")
    written = [str(p) for p in (review.out / NOTICES, review.out / SUMMARY) if p.is_file()]
    verdict = "reports written" if result.ok else f"review stopped ({result.reason})"
    errors.print(Text(f"{verdict}: {', '.join(written) or 'no report written'}", style="bold"))
    return 0 if result.ok else 1
