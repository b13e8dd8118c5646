"""The legal review as one agent run: scan the folder, review each document, write
LEGAL_NOTICES.md, write REVIEW_SUMMARY.md, marking each step complete.

    review = build_review("examples/legal_docs", model="local", approve=approve_all)
    result = review.run()

Text models (the embedded one, OpenAI-compatible servers without tools) get the `xml` format
and the structured report tools; models with native tool calls (Claude, GPT) read the
documents and write the Markdown themselves with `write_file`. Both end under the same
validators.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console

from thinkact.agent import Agent, Reporter
from thinkact.apps.legal.prompts import (
    MARKDOWN,
    STEPS,
    STRUCTURED,
    STRUCTURED_EXAMPLE,
    review_task,
)
from thinkact.apps.legal.reports import NOTICES, SUMMARY
from thinkact.apps.legal.tools import Review, documents_in, review_tools
from thinkact.apps.legal.validators import check_report, review_validators
from thinkact.config import AgentConfig
from thinkact.errors import UserError
from thinkact.events import Event, ToolStarted
from thinkact.formats import resolve_format
from thinkact.formats.base import Format
from thinkact.loop import RunResult
from thinkact.models import resolve_model
from thinkact.models.base import Model
from thinkact.tools.documents import DOCUMENT_SUFFIXES
from thinkact.tools.runtime import Approver
from thinkact.tools.sandbox import Workspace
from thinkact.types import ToolCall
from thinkact.ui.progress import ProgressTracker

DEFAULT_CONFIG = AgentConfig(max_steps=24, max_reply_tokens=1536, max_validation_retries=2)


@dataclass(frozen=True)
class ReviewRun:
    """A review ready to run: the agent, its task and what its tools share."""

    agent: Agent
    review: Review
    folder: Path
    out: Path
    structured: bool
    plan: str | None = None

    @property
    def instructions(self) -> str:
        return self.agent.instructions

    @property
    def steps(self) -> tuple[str, ...]:
        return STEPS

    @property
    def task(self) -> str:
        return review_task(self.plan)

    def with_plan(self, plan: str | None) -> ReviewRun:
        return ReviewRun(self.agent, self.review, self.folder, self.out, self.structured, plan)

    def run(self) -> RunResult:
        return self.agent.run(self.task)

    def tracker(self, console: Console, **options: Any) -> ProgressTracker:
        """The progress panel of this review's four steps and its documents."""
        tracker = ProgressTracker(
            console, STEPS, documents=self.review.documents, title="Legal review", **options
        )
        if self.structured:  # small models review through check_clauses, not read_file
            tracker.state.read_tool = "check_clauses"
        return tracker

    def progress(self, tracker: ProgressTracker) -> Reporter:
        """`tracker` as a reporter, with one check of the whole folder (`check_clauses(".")`)
        shown as the check of each document in turn."""
        documents = self.review.documents

        def report(event: Event) -> None:
            if (
                isinstance(event, ToolStarted)
                and event.call.name == "check_clauses"
                and event.call.arguments.get("path") not in documents
            ):
                folder = str(event.call.arguments.get("path", ".")).strip("./")
                for doc in documents:
                    if not folder or doc.startswith(folder + "/"):
                        call = ToolCall(event.call.id, event.call.name, {"path": doc})
                        tracker(ToolStarted(event.step, call))
                return
            tracker(event)

        return report


def _protected(output: Path) -> list[str]:
    """Files the run must never overwrite: every document, and any other Markdown file that
    is not one of our two reports (so a second review may replace the first one's)."""
    patterns = [f"*{s}" for s in DOCUMENT_SUFFIXES if s != ".md"]
    patterns += [p.name for p in output.glob("*.md") if p.name not in (NOTICES, SUMMARY)]
    return patterns


def build_review(
    folder: str | os.PathLike[str],
    *,
    model: Model | str | None = None,
    out: str | os.PathLike[str] | None = None,
    format: str | Format = "auto",
    structured: bool | None = None,
    approve: Approver | None = None,
    reporters: Sequence[Reporter] = (),
    config: AgentConfig | None = None,
) -> ReviewRun:
    """Set up the review of `folder`, writing its reports to `out` (default: the folder).

    `format="auto"` picks native tool calls where the model has them, else `xml`;
    `structured` (default: not native) gives the model write_notices/write_summary instead
    of write_file.
    """
    source_path = Path(folder)
    if not source_path.is_dir():
        raise UserError(f"{folder} is not a folder: give the folder of documents to review")
    out_path = Path(out) if out is not None else source_path
    out_path.mkdir(parents=True, exist_ok=True)
    source = Workspace(source_path)
    output = Workspace(out_path, protected=_protected(out_path))
    documents = documents_in(source)
    if not documents:
        raise UserError(
            f"no documents to review in {folder} (looked for {', '.join(DOCUMENT_SUFFIXES)})"
        )
    resolved = model if isinstance(model, Model) else resolve_model(model)
    if format == "auto":
        fmt = resolve_format("native" if resolved.native_tools else "xml", resolved)
    else:
        fmt = resolve_format(format, resolved)
    use_structured = (not fmt.native) if structured is None else structured
    review = Review(source, output, documents)
    review.check_written = lambda name: check_report(output, documents, name)
    agent = Agent(
        resolved,
        review_tools(review, structured=use_structured),
        format=fmt,
        instructions=STRUCTURED if use_structured else MARKDOWN,
        examples=(STRUCTURED_EXAMPLE,) if use_structured else (),
        config=config or DEFAULT_CONFIG,
        approve=approve,
        validators=review_validators(output, documents),
        reporters=reporters,
    )
    return ReviewRun(agent, review, source.root, output.root, use_structured)
