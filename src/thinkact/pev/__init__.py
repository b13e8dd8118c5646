"""Plan-Execute-Verify: plan with a schema, execute steps as bounded ReAct sub-runs
(independent ones in parallel), verify each result, re-plan on failure."""

from thinkact.pev.engine import PEVConfig, PEVResult, PlanApprover, PlanExecuteVerify
from thinkact.pev.plan import Plan, PlanStep, parse_plan
from thinkact.pev.step import StepOutcome

__all__ = [
    "PEVConfig",
    "PEVResult",
    "Plan",
    "PlanApprover",
    "PlanExecuteVerify",
    "PlanStep",
    "StepOutcome",
    "parse_plan",
]
