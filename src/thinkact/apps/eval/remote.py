"""An evaluation's workers made where they run (`thinkact eval --executor ray`): each one
resolves the suite, the model and the solver from plain settings, once per worker process,
so the embedded model loads once per worker, not per item."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from thinkact.apps.eval.base import Solver
from thinkact.apps.eval.harness import ItemWork, Worker
from thinkact.batch.limited import RateLimitedModel
from thinkact.batch.limits import Limiter
from thinkact.models.base import Model


def make_solver(agent: str, model: Model, format: str) -> Solver:
    """The solver `--agent` names: thinkact's ReAct agent, the seed baseline, or PEV."""
    if agent == "seed":
        from thinkact.apps.eval.seed import SeedSolver

        return SeedSolver(model)
    from thinkact.apps.eval.solver import PevSolver, ThinkactSolver

    if agent == "pev":
        return PevSolver(model, format=format)
    return ThinkactSolver(model, format=format)


@dataclass(frozen=True, slots=True)
class EvalWorkers:
    """The WorkerFactory of an evaluation (it pickles): `suite` as get_suite takes it,
    `model` a model string, `format` as the run settled it (the suite's own for text
    models). `models` makes the model from its string (default: resolve_model)."""

    suite: str
    model: str
    agent: str = "thinkact"
    format: str = "auto"
    seed: int = 0
    max_steps: int | None = None
    models: Callable[[str], Model] | None = None

    def __call__(self, limiter: Limiter) -> ItemWork:
        import random

        from thinkact.apps.eval import get_suite
        from thinkact.models import resolve_model

        suite = get_suite(self.suite)
        if self.max_steps is not None and hasattr(suite, "max_steps"):
            suite.max_steps = self.max_steps
        random.seed(self.seed)  # as the command line does, in this worker's process
        raw = (self.models or resolve_model)(self.model)
        if hasattr(raw, "seed"):
            raw.seed = self.seed
        # 429s from an API pause every worker (the limiter's buckets are shared).
        model = RateLimitedModel(raw, limiter)
        solver = make_solver(self.agent, model, self.format)
        return ItemWork(suite, Worker(solver, getattr(raw, "forget", None)))
