"""The legal review as Plan-Execute-Verify: one review step per document (in parallel on
models with native tools), then a notices step and a summary step, each verified with the
same checks as the ReAct review.

    review = build_review("examples/legal_docs", model="anthropic:claude-sonnet-4-6")
    result = pev_review(review).run(review.task, plan=review_plan(review))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from thinkact.agent import Reporter
from thinkact.apps.legal.prompts import NOTICES, STEPS, SUMMARY
from thinkact.apps.legal.tools import Review
from thinkact.apps.legal.validators import check_notices, check_summary
from thinkact.apps.legal.workflow import ReviewRun
from thinkact.config import AgentConfig
from thinkact.events import Event, RunFinished, RunStarted
from thinkact.pev import PEVConfig, Plan, PlanExecuteVerify, PlanStep
from thinkact.pev.events import PlanStepFinished, SubRunEvent
from thinkact.ui.progress import ProgressTracker
from thinkact.workflow import ProgressMarked


def review_plan(review: ReviewRun) -> Plan:
    """The review's workflow as a plan: the planner is only asked again if a step fails."""
    docs = review.review.documents
    steps = [
        PlanStep(
            id=f"doc{i}",
            goal=(
                f'Review {doc} only: call review_document with path "{doc}", then give its '
                "findings as your final answer."
            ),
            tools=["review_document"],
            check=f"validator:reviewed:{doc}",
        )
        for i, doc in enumerate(docs, 1)
    ]
    steps.append(
        PlanStep(
            id="notices",
            goal=f"Write {NOTICES}: call write_notices (no arguments).",
            tools=["write_notices"],
            depends_on=[s.id for s in steps],
            check="validator:notices",
        )
    )
    steps.append(
        PlanStep(
            id="summary",
            goal=f"Write {SUMMARY}: call write_summary (no arguments). Answer with the status.",
            tools=["write_summary"],
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
    state = review.review
    state.guide = False
    validators: dict[str, Callable[[str], str | None]] = {
        "notices": lambda result: check_notices(state.output, state.documents),
        "summary": lambda result: check_summary(state.output, state.all_reviews),
    }
    for doc in state.documents:
        validators[f"reviewed:{doc}"] = _reviewed(state, doc)
    return PlanExecuteVerify(
        agent.model,
        agent.tools,
        format=agent.format,
        instructions="You are a careful legal reviewer. Do exactly your step, with its tool.",
        config=PEVConfig(
            parallel=agent.model.native_tools,  # the local model serves one call at a time
            step_config=config or AgentConfig(max_steps=4, max_reply_tokens=512),
        ),
        validators=agent.validators,
        step_validators=validators,
        approve=agent.approve,
        reporters=reporters,
    )


def _reviewed(state: Review, doc: str) -> Callable[[str], str | None]:
    def check(result: str) -> str | None:
        return None if doc in state.reviews else f'call review_document with path "{doc}"'

    return check


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
