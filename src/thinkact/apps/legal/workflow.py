"""The legal review as one agent run: scan the folder, review each document, write
LEGAL_NOTICES.md, write REVIEW_SUMMARY.md, marking each step complete.

    review = build_review("examples/legal_docs", model="local", approve=approve_all)
    result = review.run()

Every model gets the same tools, checklists and quote checks; API models (native tool
calls) judge each item with one JSON verdict and may add findings of their own, small local
models answer short constrained questions. Whatever happens to the run, both reports are
written at its end from the reviews done (`ReviewRun.finish`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from rich.console import Console

from thinkact.agent import Agent, Reporter
from thinkact.apps.legal.judge import Judge, StepwiseJudge, VerdictJudge
from thinkact.apps.legal.prompts import (
    EXAMPLE,
    EXTRA_FINDINGS,
    INSTRUCTIONS,
    NOTICES,
    STEPS,
    SUMMARY,
    review_task,
)
from thinkact.apps.legal.reports import render_notices, render_summary
from thinkact.apps.legal.tools import CACHE_FOLDER, Review, ReviewCache, documents_in
from thinkact.apps.legal.validators import review_validators
from thinkact.config import AgentConfig
from thinkact.errors import UserError
from thinkact.events import Event, ToolStarted
from thinkact.formats.base import Format
from thinkact.loop import RunResult
from thinkact.models import resolve_model
from thinkact.models.base import Model, is_model
from thinkact.resolve import resolve_format
from thinkact.store.base import RunLog
from thinkact.tools.documents import DOCUMENT_SUFFIXES
from thinkact.tools.runtime import Approver
from thinkact.tools.sandbox import Workspace
from thinkact.types import ToolCall
from thinkact.ui.progress import ProgressTracker

DEFAULT_CONFIG = AgentConfig(max_steps=12, max_reply_tokens=512, max_validation_retries=2)
API_PARALLEL = 4  # documents reviewed at once on API models
_WRITER = {NOTICES: "write_notices", SUMMARY: "write_summary"}


@dataclass(frozen=True)
class ReviewRun:
    """A review ready to run: the agent, its task and what its tools share."""

    agent: Agent
    review: Review
    folder: Path
    out: Path
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
        return ReviewRun(self.agent, self.review, self.folder, self.out, plan)

    def run(self) -> RunResult:
        return self._finished(lambda: self.agent.run(self.task))

    def resume(self, run_id: str) -> RunResult:
        """Continue a review recorded in the agent's store: finished tool calls are not made
        again, and finished documents come from the review cache."""
        return self._finished(lambda: self.agent.resume(run_id))

    def _finished(self, go: Callable[[], RunResult]) -> RunResult:
        try:
            result = go()
        except KeyboardInterrupt:
            raise  # the user stopped it: resume finishes the reports
        except BaseException:
            self.finish()
            raise
        self.finish()
        return result

    def finish(self) -> list[str]:
        """Write whichever report the run did not leave up to date, from the reviews done
        (a document not reviewed is listed as such): every review ends with both reports.
        Returns the names written here."""
        reviews = self.review.all_reviews()
        wanted = {
            NOTICES: render_notices(reviews, folder=self.folder.name),
            SUMMARY: render_summary(reviews),
        }
        written: list[str] = []
        approve = self.agent.approve
        for name, text in wanted.items():
            try:
                current = self.review.output.read_text(name)
            except Exception:
                current = None
            if current == text:
                continue
            tool = next(t for t in self.agent.tools if t.name == _WRITER[name])
            call = ToolCall("finish", tool.name, {})
            if tool.needs_approval and (approve is None or not approve(call, tool)):
                continue  # approval fails closed here as in the run
            self.review.output.write(name, text.encode("utf-8"))
            written.append(name)
        return written

    def tracker(self, console: Console, **options: Any) -> ProgressTracker:
        """The progress panel of this review's four steps and its documents."""
        tracker = ProgressTracker(
            console, STEPS, documents=self.review.documents, title="Legal review", **options
        )
        tracker.state.read_tool = "review_document"
        return tracker

    def progress(self, tracker: ProgressTracker) -> Reporter:
        """`tracker` as a reporter, with one review of the whole folder
        (`review_document(".")`) shown as the review of each document in turn."""
        documents = self.review.documents

        def report(event: Event) -> None:
            if (
                isinstance(event, ToolStarted)
                and event.call.name == "review_document"
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


def make_judge(model: Model, judge: Literal["auto", "stepwise", "verdict"] = "auto") -> Judge:
    """API models (native tool calls) give JSON verdicts; others answer small questions."""
    if judge == "verdict" or (judge == "auto" and model.native_tools):
        return VerdictJudge(model)
    return StepwiseJudge(model)


def build_review(
    folder: str | os.PathLike[str],
    *,
    model: Model | str | None = None,
    out: str | os.PathLike[str] | None = None,
    format: str | Format = "auto",
    judge: Literal["auto", "stepwise", "verdict"] = "auto",
    approve: Approver | None = None,
    reporters: Sequence[Reporter] = (),
    config: AgentConfig | None = None,
    cache: bool = True,
    store: RunLog | None = None,
) -> ReviewRun:
    """Set up the review of `folder`, writing its reports to `out` (default: the folder).

    `format="auto"` picks native tool calls where the model has them, else `xml`. The
    report tools need approval: pass `approve` (e.g. `thinkact.tools.runtime.approve_all`).
    `cache`: keep each finished document's review in `out/.thinkact-review/`, so an
    interrupted review resumes without redoing it.
    """
    source_path = Path(folder)
    if not source_path.is_dir():
        raise UserError(f"{folder} is not a folder: give the folder of documents to review")
    out_path = Path(out) if out is not None else source_path
    try:
        out_path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"cannot write the reports to {out_path}: {e.strerror or e}") from None
    source = Workspace(source_path)
    output = Workspace(out_path, protected=_protected(out_path))
    documents = documents_in(source)
    if not documents:
        raise UserError(
            f"no documents to review in {folder} (looked for {', '.join(DOCUMENT_SUFFIXES)})"
        )
    resolved = model if is_model(model) else resolve_model(model)  # type: ignore[arg-type]
    fmt = resolve_format(
        ("native" if resolved.native_tools else "xml") if format == "auto" else format, resolved
    )
    chosen = make_judge(resolved, judge)
    api = isinstance(chosen, VerdictJudge)
    review = Review(
        source,
        output,
        documents,
        chosen,
        cache=ReviewCache(out_path / CACHE_FOLDER, resolved.name) if cache else None,
        parallel=API_PARALLEL if api else 1,
    )
    tools = review.tools(extra_findings=api)
    agent = Agent(
        resolved,
        tools,
        format=fmt,
        instructions=INSTRUCTIONS + (EXTRA_FINDINGS if api else ""),
        examples=() if api else (EXAMPLE,),
        config=config or DEFAULT_CONFIG,
        approve=approve,
        validators=review_validators(output, documents, review.all_reviews),
        reporters=reporters,
        store=store,
    )
    return ReviewRun(agent, review, source.root, output.root)
