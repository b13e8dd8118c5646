"""The seed baseline: the documents' own ReAct loop, kept faithful on purpose.

XML tags (`<reasoning>`, `<action>`, `<parameters>`, `<final_answer>`) described in the
system prompt, a regex parse, free-running generation with no grammar and no stop
sequences, a final answer taken as soon as the reply holds one, the run aborted on the first
reply that does not parse, no loop guard. It calls the same `Model` seam and the same tools
as thinkact, so a report can put the two side by side. Do not "fix" it: its weaknesses are
what the comparison measures.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from collections.abc import Sequence
from typing import Any

from thinkact.apps.eval.base import Attempt, Task, TraceSink, final_calls
from thinkact.apps.eval.session import CallLog, session_turns
from thinkact.models.base import Model
from thinkact.tools.base import Tool, ToolContext
from thinkact.types import (
    AssistantMessage,
    Message,
    ModelRequest,
    SystemMessage,
    Usage,
    UserMessage,
)

_FINAL = re.compile(r"<final_answer>(.*?)</final_answer>", re.DOTALL)
_ACTION = re.compile(r"<action>(.*?)</action>", re.DOTALL)
_PARAMS = re.compile(r"<parameters>(.*?)</parameters>", re.DOTALL)

PROMPT = """{instructions}

You have access to the following tools:
{tools}

Think step by step. For each step, respond in exactly this format:
<reasoning>Your reasoning about what to do next</reasoning>
<action>tool_name</action>
<parameters>{{"parameter_name": "value"}}</parameters>

After each action you will receive the result in an <observation> tag.
When you have enough information, respond with:
<reasoning>Your final reasoning</reasoning>
<final_answer>Your answer</final_answer>"""


def system_prompt(tools: Sequence[Tool], instructions: str) -> str:
    lines = [
        f"- {t.name}: {t.description}\n  Parameters: {json.dumps(t.parameters)}" for t in tools
    ]
    return PROMPT.format(
        instructions=instructions.strip() or "You are a helpful assistant.",
        tools="\n".join(lines) or "(none)",
    )


class SeedParseError(ValueError):
    pass


def parse(text: str) -> tuple[str | None, str | None, dict[str, Any]]:
    """(final answer, action, parameters). The final answer wins when both are present, as
    in the documents' loop: that is how an invented observation ends a run."""
    final = _FINAL.search(text)
    if final:
        return final.group(1).strip(), None, {}
    action = _ACTION.search(text)
    params = _PARAMS.search(text)
    if not action or not params:
        raise SeedParseError("no <final_answer>, or no <action> with <parameters>")
    try:
        arguments = json.loads(params.group(1).strip())
    except json.JSONDecodeError as e:
        raise SeedParseError(f"<parameters> is not valid JSON: {e}") from None
    if not isinstance(arguments, dict):
        raise SeedParseError("<parameters> is not a JSON object")
    return None, action.group(1).strip(), arguments


class SeedSolver:
    name = "seed"

    def __init__(self, model: Model, *, max_reply_tokens: int = 1024) -> None:
        self.model = model
        self.max_reply_tokens = max_reply_tokens

    def solve(self, task: Task, *, trace: TraceSink | None = None) -> Attempt:
        run_id = uuid.uuid4().hex[:12]
        emit = trace or (lambda _: None)
        if task.turns:
            return self._session(task, emit, run_id)
        tools = {t.name: t for t in task.tools}
        messages: list[Message] = [
            SystemMessage(system_prompt(task.tools, task.instructions)),
            UserMessage(task.prompt),
        ]
        usage = Usage()
        ctx = ToolContext(run_id=run_id)  # one per run: `lookup` reads the last page
        emit({"kind": "run_started", "run_id": run_id, "task": task.prompt, "agent": "seed"})
        for step in range(1, task.max_steps + 1):
            t0 = time.perf_counter()
            request = ModelRequest(
                tuple(messages), max_tokens=self.max_reply_tokens, temperature=0.0
            )
            reply = self.model.complete(request)
            usage += reply.usage
            emit(
                {
                    "kind": "model_replied",
                    "step": step,
                    "text": reply.text,
                    "usage": reply.usage.to_dict(),
                    "duration": time.perf_counter() - t0,
                }
            )
            try:
                answer, action, arguments = parse(reply.text)
            except SeedParseError as e:
                emit({"kind": "format_failed", "step": step, "message": str(e)})
                prediction: Any = [] if task.one_turn else ""
                return self._end(emit, run_id, prediction, step, usage, 1, "parse_error")
            if answer is not None:
                prediction = [] if task.one_turn else answer
                return self._end(emit, run_id, prediction, step, usage, 0, "final_answer")
            assert action is not None
            if task.one_turn:
                calls = final_calls([(action, arguments)])
                return self._end(emit, run_id, calls, step, usage, 0, "tool_calls")
            ctx.step = step
            observation = self._call(tools, action, arguments, ctx)
            emit({"kind": "tool_finished", "step": step, "name": action, "result": observation})
            messages.append(AssistantMessage(reply.text))
            messages.append(UserMessage(f"<observation>{observation}</observation>"))
        prediction = [] if task.one_turn else ""
        return self._end(emit, run_id, prediction, task.max_steps, usage, 0, "max_steps")

    def _session(self, task: Task, emit: TraceSink, run_id: str) -> Attempt:
        """A multi-turn task in one conversation: each user turn is appended once the one
        before has a final answer. A reply that does not parse ends its turn (BFCL ends a
        turn at a reply with no call in it); running out of steps ends the session. The
        system prompt is written anew when a turn adds tools."""
        log = CallLog()
        messages: list[Message] = []
        usage, steps, failures, reason = Usage(), 0, 0, "no_turns"
        ctx = ToolContext(run_id=run_id)
        emit({"kind": "run_started", "run_id": run_id, "task": task.prompt, "agent": "seed"})
        for turn, (prompt, turn_tools) in enumerate(session_turns(task)):
            log.next_turn()
            tools = {t.name: log.wrap(t) for t in turn_tools}
            system = SystemMessage(system_prompt(turn_tools, task.instructions))
            messages = [system, *messages[1:], UserMessage(prompt)]
            emit({"kind": "turn_started", "turn": turn, "task": prompt})
            reason = "max_steps"
            for step in range(1, task.max_steps + 1):
                steps += 1
                t0 = time.perf_counter()
                request = ModelRequest(
                    tuple(messages), max_tokens=self.max_reply_tokens, temperature=0.0
                )
                reply = self.model.complete(request)
                usage += reply.usage
                emit(
                    {
                        "kind": "model_replied",
                        "step": step,
                        "text": reply.text,
                        "usage": reply.usage.to_dict(),
                        "duration": time.perf_counter() - t0,
                    }
                )
                messages.append(AssistantMessage(reply.text))
                try:
                    answer, action, arguments = parse(reply.text)
                except SeedParseError as e:
                    emit({"kind": "format_failed", "step": step, "message": str(e)})
                    failures, reason = failures + 1, "parse_error"
                    break
                if answer is not None:
                    reason = "final_answer"
                    break
                assert action is not None
                ctx.step = step
                observation = self._call(tools, action, arguments, ctx)
                emit({"kind": "tool_finished", "step": step, "name": action, "result": observation})
                messages.append(UserMessage(f"<observation>{observation}</observation>"))
            if reason == "max_steps":
                break
        return self._end(emit, run_id, log.turns, steps, usage, failures, reason)

    @staticmethod
    def _call(
        tools: dict[str, Tool], name: str, arguments: dict[str, Any], ctx: ToolContext
    ) -> str:
        tool = tools.get(name)
        if tool is None:
            return f"Error: unknown tool '{name}'. Available: {', '.join(tools)}"
        try:
            return tool.call(arguments, ctx)
        except Exception as e:
            return f"Error: {type(e).__name__}: {e}"

    @staticmethod
    def _end(
        emit: TraceSink,
        run_id: str,
        prediction: Any,
        steps: int,
        usage: Usage,
        failures: int,
        reason: str,
    ) -> Attempt:
        emit({"kind": "run_finished", "run_id": run_id, "reason": reason, "steps": steps})
        return Attempt(prediction, steps, usage, failures, run_id, reason)
