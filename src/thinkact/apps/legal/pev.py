"""The legal review as Plan-Execute-Verify: one review step per document (in parallel on
models with native tools), then a notices step and a summary step, each verified with the
same checks as the ReAct review.

    review = build_review("examples/legal_docs", model="anthropic:claude-sonnet-4-6")
    result = pev_review(review).run(review.task, plan=review_plan(review))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from thinkact.agent import Reporter
from thinkact.apps.legal.prompts import PEV_STEP_EXAMPLES, STEPS
from thinkact.apps.legal.reports import NOTICES, SEVERITIES, SUMMARY
from thinkact.apps.legal.validators import check_notices, check_summary
from thinkact.apps.legal.workflow import ReviewRun
from thinkact.config import OBSERVATION_HINT, AgentConfig
from thinkact.events import Event, ProgressMarked, RunFinished, RunStarted
from thinkact.pev import PEVConfig, Plan, PlanExecuteVerify, PlanStep
from thinkact.pev.events import PlanStepFinished, SubRunEvent
from thinkact.ui.progress import ProgressTracker

_STEP_RULES = (
    "Severity: CRITICAL = a missing clause or legal gap that must be fixed before signing; "
    "WARNING = a vague or incomplete clause; INFO = minor. Overall status: CRITICAL ISSUES "
    "if any finding is CRITICAL, else REQUIRES ATTENTION if any is WARNING, else APPROVED."
)


def review_plan(review: ReviewRun) -> Plan:
    """The review's workflow as a plan: the planner is only asked again if a step fails."""
    docs = review.review.documents
    read = "" if review.structured else ", read it with read_file to confirm"
    steps = [
        PlanStep(
            id=f"doc{i}",
            goal=(
                f'Review {doc} only: call check_clauses with path "{doc}"{read}, then give '
                "as your final answer each problem: severity (CRITICAL, WARNING or INFO), "
                "clause, a short quote with its location, and a one-sentence recommendation."
            ),
            tools=["check_clauses"] if review.structured else ["check_clauses", "read_file"],
            check="validator:findings",
        )
        for i, doc in enumerate(docs, 1)
    ]
    write = ["write_notices"] if review.structured else ["write_file"]
    steps.append(
        PlanStep(
            id="notices",
            goal=(
                f"Write {NOTICES} with {write[0]}: every finding of the review steps, "
                "grouped by document, each with severity, clause and recommendation."
            ),
            tools=write,
            depends_on=[s.id for s in steps],
            check="validator:notices",
        )
    )
    steps.append(
        PlanStep(
            id="summary",
            goal=(
                f"Write {SUMMARY} with {'write_summary' if review.structured else 'write_file'}"
                ": the overall status that follows from the notices, counts by severity, the "
                "documents reviewed and the top recommendations. Answer with the status."
            ),
            tools=["write_summary"] if review.structured else ["write_file"],
            depends_on=["notices"],
            check="validator:summary",
        )
    )
    return Plan(steps=steps)


def step_names(plan: Plan, review: ReviewRun) -> dict[str, str]:
    """A plan step's name in the progress panel."""
    docs = dict(zip((f"doc{i}" for i in range(1, 99)), review.review.documents, strict=False))
    names = {"notices": STEPS[2], "summary": STEPS[3]}
    return {s.id: names.get(s.id) or f"Review {docs.get(s.id, s.id)}" for s in plan.steps}


def pev_review(
    review: ReviewRun,
    *,
    reporters: Sequence[Reporter] = (),
    config: AgentConfig | None = None,
) -> PlanExecuteVerify:
    """A PlanExecuteVerify over the review's model, tools and validators."""
    agent = review.agent
    output, docs = review.review.output, review.review.documents
    review.review.guide = False  # each step has its own goal; no "Still to check: ..."

    def findings(result: str) -> str | None:
        # Completeness is checked where findings are written, as in the ReAct review: the
        # notices step is told every problem no finding covers. Held to list all four of a
        # document's problems in prose, the embedded model wrote the same one three times.
        if not any(s in result for s in SEVERITIES) and "no problem" not in result.lower():
            return "list each problem with its severity (CRITICAL, WARNING or INFO)"
        return None

    return PlanExecuteVerify(
        agent.model,
        agent.tools,
        format=agent.format,
        instructions=f"You are a careful legal reviewer.\n{_STEP_RULES}",
        config=PEVConfig(
            parallel=agent.model.native_tools,  # the local model serves one call at a time
            step_config=config
            or AgentConfig(max_steps=6, max_reply_tokens=1536, observation_hint=OBSERVATION_HINT),
        ),
        validators=agent.validators,
        step_validators={
            "findings": findings,
            "notices": lambda result: check_notices(output, docs) or review.review.unresolved(),
            "summary": lambda result: check_summary(output, docs),
        },
        approve=agent.approve,
        reporters=reporters,
        step_examples=PEV_STEP_EXAMPLES if review.structured else (),
    )


def plan_progress(tracker: ProgressTracker, names: dict[str, str]) -> Callable[[Event], None]:
    """Feed the tracker a plan's progress: a verified step is marked done; the sub-runs'
    tool calls and turns show as the current action."""

    def report(event: Event) -> None:
        if isinstance(event, PlanStepFinished) and event.ok:
            tracker(ProgressMarked(names.get(event.step_id, event.step_id)))
        elif isinstance(event, SubRunEvent):
            inner = event.event
            if not isinstance(inner, RunStarted | RunFinished | ProgressMarked):
                tracker(inner)
        elif isinstance(event, RunStarted | RunFinished):
            tracker(event)

    return report
