"""The ReAct paper's format: `Thought:` / `Action:` / `Action Input:` / `Final Answer:`.

    Thought: I need the population of Paris.
    Action: search
    Action Input: {"query": "population of Paris"}

Results come back as `Observation: …`. Labels are matched case-insensitively at the start of
a line (markdown bold or bullets around them are fine); `Action: search[Paris]` and a plain
string `Action Input` for a one-parameter tool are understood too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from thinkact.formats.base import Parsed, answer_schema
from thinkact.formats.grammar import (
    MAX_ANSWER,
    MAX_REASONING,
    GrammarBuilder,
    literal,
    parallel_calls,
)
from thinkact.formats.markup import not_an_answer
from thinkact.formats.text import (
    Shown,
    TextFormat,
    fail,
    finish,
    real_tools,
    schemas_of,
)
from thinkact.types import Reply, ToolResult, ToolSpec

_LABEL = re.compile(
    r"^[ \t]*(?:[*_#>-]+[ \t]*)?"
    r"(thought|action[ _]?input|action|final[ _]?answer|observation)"
    r"[ \t]*[*_]*[ \t]*:[ \t]*(?:[*_]+[ \t]*)?",
    re.IGNORECASE | re.MULTILINE,
)
_NAME_AND_ARGS = re.compile(r"\s*([^{(\[\n]*?)\s*([{(\[].*)?\s*\Z", re.DOTALL)

_FORMAT = """\
Reply in exactly this format:
Thought: what you know so far and what to do next
Action: the tool name
Action Input: {JSON object of arguments}

Then stop. The result comes back as "Observation: ..."; never write one yourself. To run \
independent tools at once, write several Action/Action Input pairs.
When you know the answer, reply:
Thought: why this answers the task
Final Answer: your answer"""

_FINAL_ONLY = """\
Reply in exactly this format:
Thought: why this answers the task
Final Answer: your answer"""


def _kind(label: str) -> str:
    label = re.sub(r"[ _]", "", label.lower())
    return {"actioninput": "input", "finalanswer": "final"}.get(label, label)


def _sections(text: str) -> list[tuple[str, str, int]]:
    """(kind, content, start) per label, in order; content ends at the next label."""
    labels = list(_LABEL.finditer(text))
    out = []
    for i, m in enumerate(labels):
        end = labels[i + 1].start() if i + 1 < len(labels) else len(text)
        out.append((_kind(m.group(1)), text[m.end() : end], m.start()))
    return out


class ReactFormat(TextFormat):
    name = "react"
    stop = ("Observation:", "\nObservation")

    format_text = _FORMAT
    final_only_text = _FINAL_ONLY

    def render_reply(
        self,
        thought: str,
        calls: Shown,
        answer: str | None = None,
        tools: Sequence[ToolSpec] = (),
    ) -> str:
        lines = [f"Thought: {thought}"]
        for name, args in calls:
            lines.append(f"Action: {name}")
            lines.append(f"Action Input: {json.dumps(dict(args), ensure_ascii=False)}")
        if answer is not None:
            lines.append(f"Final Answer: {answer}")
        return "\n".join(lines)

    def cut(self, text: str) -> str:
        seen_action = False
        for kind, _, start in _sections(text):
            if kind == "observation" or (kind == "final" and seen_action):
                return text[:start]
            seen_action = seen_action or kind == "action"
        return text

    def parse(self, reply: Reply, tools: Sequence[ToolSpec]) -> Parsed:
        schemas = schemas_of(tools)
        text = self.cut(reply.text)
        sections = _sections(text)
        thoughts = [c.strip() for k, c, _ in sections if k == "thought"]
        lead = text[: sections[0][2]] if sections else ""
        thought = "\n".join(thoughts) or lead.strip()
        found: list[tuple[str, str | None]] = []
        has_input: set[int] = set()
        final: str | None = None
        for kind, content, _ in sections:
            if kind == "action":
                m = _NAME_AND_ARGS.match(content.strip().split("\n", 1)[0])
                name, inline = (m.group(1), m.group(2)) if m else (content, None)
                if inline and inline[0] in "([" and inline.rstrip()[-1:] in ")]":
                    inline = inline.strip()[1:-1]  # search[Paris], search("Paris")
                found.append((self.resolve(name, schemas), inline))
            elif kind == "input":
                if not found:
                    raise fail(
                        "Your reply has 'Action Input:' but no 'Action:' line before it. "
                        "Write 'Action: tool name' first, then 'Action Input: {...}'."
                    )
                if len(found) - 1 in has_input:
                    raise fail(
                        f"The action {found[-1][0]!r} has two 'Action Input:' lines. Give "
                        "each 'Action:' exactly one 'Action Input: {...}'."
                    )
                has_input.add(len(found) - 1)
                found[-1] = (found[-1][0], content)
            elif kind == "final" and final is None:
                final = content.strip()
        if found:
            calls = self.all_arguments(reply, found, "'Action Input'", schemas)
            return finish(thought, text, calls, self)
        if final:
            if why := not_an_answer(final, schemas):
                raise fail(f"{why} Write 'Final Answer: ' and your answer.")
            return Parsed(thought, (), final)
        tagged = self.tool_call_tags(text, schemas)
        if tagged is not None:
            return tagged
        if final is not None:
            raise fail("Your 'Final Answer:' is empty. Write your answer after the label.")
        if not text.strip():
            raise fail(
                "Your reply was empty. Write 'Thought: ...', then 'Action:' with "
                "'Action Input:', or 'Final Answer: ...'."
            )
        what = "has a 'Thought:' but" if thoughts else "has"
        raise fail(
            f"Your reply {what} no 'Action:' or 'Final Answer:' line. Write 'Thought: ...', "
            "then 'Action: tool name' and 'Action Input: {...}' on their own lines, or "
            "'Final Answer: your answer'."
        )

    def render_result(self, result: ToolResult, several: bool) -> str:
        label = f"Observation ({result.name})" if several else "Observation"
        return f"{label}: {result.content}"

    def grammar(
        self, tools: Sequence[ToolSpec], *, final_only: bool = False, calls_only: bool = False
    ) -> str | None:
        real = real_tools(tools)
        g = GrammarBuilder()
        thought = g.rule("thought", f'"Thought: " [^\\n]{{1,{MAX_REASONING}}} "\\n"')
        final = ""
        if not (calls_only and real):
            typed = answer_schema(tools)  # a typed answer is its JSON
            text = (
                g.rule("answer-text", f"[^\\x00]{{1,{MAX_ANSWER}}}")
                if typed is None
                else g.schema(typed, "answer")
            )
            final = g.rule("final", f'"Final Answer: " {text}')
        if final_only or not real:
            return g.render(f"{thought} {final}")
        alts = []
        for t in real:
            args = g.schema(t.parameters, f"{t.name}-args")
            alts.append(f'{literal(t.name)} "\\nAction Input: " {args}')
        action = g.rule("action", f'"Action: " ({" | ".join(alts)})')
        calls = parallel_calls(action, "Observation")
        return g.render(f"{thought} {calls}" if calls_only else f"{thought} ({calls} | {final})")
