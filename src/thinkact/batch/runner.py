"""The worker side of a batch: run one task (an agent on a prompt, or a legal review) and
return its result and trace. Nothing here raises for a task's sake: whatever goes wrong
(a tool that cannot be imported, a missing API key, a model error) becomes a failed
result, and the batch goes on."""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from thinkact.batch.limited import RateLimitedModel
from thinkact.batch.limits import Limiter
from thinkact.batch.results import Outcome, TaskResult
from thinkact.batch.spec import BadLine, TaskSpec, file_name
from thinkact.effects import RunResult
from thinkact.models.base import Model, Positioned


@dataclass(frozen=True, slots=True)
class BatchWorker:
    """The WorkerFactory of `thinkact batch` (it pickles, for processes and Ray).

    `out`: the batch folder (a review's reports go to out/reviews/ID unless its line says
    where); `approve`: let tools that need approval run (a batch has nobody to ask; the
    review's report tools are always allowed); `models`: makes a model from its string
    (default: `thinkact.models.resolve_model`), inside each worker."""

    out: str
    approve: bool = False
    models: Callable[[str], Model] | None = None

    def __call__(self, limiter: Limiter) -> Callable[[Any], Outcome]:
        return TaskRunner(self, limiter)


class TaskRunner:
    """Runs tasks one at a time, keeping each model it makes for the next task (the
    embedded model loads once per worker); a model that answers from a list in order
    (scripted, replayed) is made afresh for every task."""

    def __init__(
        self,
        settings: BatchWorker,
        limiter: Limiter,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.settings = settings
        self.limiter = limiter
        self.clock = clock
        self._models: dict[str, Model] = {}
        self.loaded = 0  # models made: a test's way to see the cache working

    def model(self, name: str) -> Model:
        cached = self._models.get(name)
        if cached is not None:
            forget = getattr(cached, "forget", None)
            if forget is not None:  # one task's KV cache must not shape the next's reply
                forget()
            return cached
        from thinkact.models import resolve_model

        raw = (self.settings.models or resolve_model)(name)
        separate = getattr(raw, "separate", None)
        if callable(separate):  # the embedded model: an engine of this worker's own, since
            raw = separate()  # one engine serves one call at a time (threads share a process)
        self.loaded += 1
        model = RateLimitedModel(raw, self.limiter)
        if not isinstance(raw, Positioned):
            self._models[name] = model
        return model

    def __call__(self, task: TaskSpec | BadLine) -> Outcome:
        if isinstance(task, BadLine):
            return Outcome(TaskResult(task.id, "failed", reason="bad_line", error=task.error))
        from thinkact.ui.trace import JsonlTrace

        start = self.clock()
        buffer = io.StringIO()
        trace = JsonlTrace(buffer)
        try:
            go = self._review if task.review is not None else self._prompt
            run = go(task, trace)
        except Exception as e:
            message = f"{type(e).__name__}: {e}".strip()
            result = TaskResult(task.id, "failed", reason="error", error=message, kind=task.kind)
        else:
            result = TaskResult(
                task.id,
                "ok" if run.ok else "failed",
                answer=run.final_answer,
                reason=run.reason,
                usage=run.usage.to_dict(),
                steps=run.steps,
                run_id=run.run_id,
                kind=task.kind,
            )
        seconds = round(self.clock() - start, 3)
        return Outcome(_with_seconds(result, seconds), buffer.getvalue())

    @staticmethod
    def _limits(task: TaskSpec) -> dict[str, Any]:
        names = ("max_steps", "max_tokens", "max_cost", "max_seconds")
        return {n: getattr(task, n) for n in names if getattr(task, n) is not None}

    def _prompt(self, task: TaskSpec, trace: Any) -> RunResult:
        from thinkact.agent import Agent
        from thinkact.commands.common import resolve_tools  # the CLI's names for tools
        from thinkact.config import AgentConfig
        from thinkact.tools.runtime import approve_all

        assert task.prompt is not None
        tools = resolve_tools(",".join(task.tools), workspace=task.workspace)
        agent = Agent(
            self.model(task.model or ""),
            tools,
            format=task.format or "auto",
            instructions=task.instructions,
            config=AgentConfig(**self._limits(task)),
            approve=approve_all if self.settings.approve else None,
            reporters=[trace],
        )
        return agent.run(task.prompt)

    def _review(self, task: TaskSpec, trace: Any) -> RunResult:
        from dataclasses import replace

        from thinkact.apps.legal import build_review
        from thinkact.apps.legal.workflow import DEFAULT_CONFIG
        from thinkact.tools.runtime import approve_all

        assert task.review is not None
        out = task.out or str(Path(self.settings.out) / "reviews" / file_name(task.id))
        review = build_review(
            task.review,
            model=self.model(task.model or ""),
            out=out,
            format=task.format or "auto",
            approve=approve_all,
            reporters=[trace],
            config=replace(DEFAULT_CONFIG, **self._limits(task)),
        )
        return review.run()


def _with_seconds(result: TaskResult, seconds: float) -> TaskResult:
    from dataclasses import replace

    return replace(result, seconds=seconds)
