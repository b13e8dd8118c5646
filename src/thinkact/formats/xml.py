"""The legal review's format: `<reasoning>`, `<action>`, `<parameters>`, `<final_answer>`.

    <reasoning>I need to see which documents exist.</reasoning>
    <action>list_files</action>
    <parameters>{"folder": "."}</parameters>

Results come back as `<observation>…</observation>`. Several action/parameters pairs in one
reply are parallel calls. Tags are matched case-insensitively and a missing closing tag is
forgiven (the next tag, or the end, closes it).
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

_KINDS = {
    "reasoning": "reasoning",
    "thought": "reasoning",
    "thinking": "reasoning",
    "action": "action",
    "parameters": "parameters",
    "final_answer": "final",
    "final-answer": "final",
    "final answer": "final",
    "finalanswer": "final",
}
_TAG = re.compile(
    r"<\s*(/?)\s*(reasoning|thought|thinking|action|parameters|final[ _-]?answer)\s*>",
    re.IGNORECASE,
)
_OBSERVATION = re.compile(r"<\s*observation\b", re.IGNORECASE)
_NAME_AND_ARGS = re.compile(r"\s*([^{(\[]*?)\s*([{(\[].*)?\s*\Z", re.DOTALL)

_FORMAT = """\
Reply in exactly this format:
<reasoning>what you know so far and what to do next</reasoning>
<action>tool name</action>
<parameters>{JSON object of arguments}</parameters>

Then stop. The result comes back as <observation>...</observation>; never write one \
yourself. To run independent tools at once, write several <action>/<parameters> pairs.
When you know the answer, reply:
<reasoning>why this answers the task</reasoning>
<final_answer>your answer</final_answer>"""

_FINAL_ONLY = """\
Reply in exactly this format:
<reasoning>why this answers the task</reasoning>
<final_answer>your answer</final_answer>"""


def _sections(text: str) -> list[tuple[str, str]]:
    """(kind, content) per opening tag, in order; content ends at the next tag or the end."""
    tags = list(_TAG.finditer(text))
    out: list[tuple[str, str]] = []
    for i, m in enumerate(tags):
        if m.group(1):
            continue
        end = tags[i + 1].start() if i + 1 < len(tags) else len(text)
        kind = _KINDS.get(re.sub(r"[ _-]", "_", m.group(2).lower()), "final")
        out.append((kind, text[m.end() : end]))
    return out


class XmlFormat(TextFormat):
    name = "xml"
    stop = ("<observation", "<Observation", "<OBSERVATION")

    format_text = _FORMAT
    final_only_text = _FINAL_ONLY

    def render_reply(
        self,
        thought: str,
        calls: Shown,
        answer: str | None = None,
        tools: Sequence[ToolSpec] = (),
    ) -> str:
        parts = [f"<reasoning>{thought}</reasoning>"]
        for name, args in calls:
            parts.append(f"<action>{name}</action>")
            parts.append(f"<parameters>{json.dumps(dict(args), ensure_ascii=False)}</parameters>")
        if answer is not None:
            parts.append(f"<final_answer>{answer}</final_answer>")
        return "\n".join(parts)

    def cut(self, text: str) -> str:
        m = _OBSERVATION.search(text)
        if m:
            text = text[: m.start()]
        # A final answer written after an action was guessed before the result came back.
        action = re.search(r"<\s*action\s*>", text, re.IGNORECASE)
        if action:
            final = re.search(r"<\s*final[ _-]?answer\s*>", text[action.end() :], re.IGNORECASE)
            if final:
                text = text[: action.end() + final.start()]
        return text

    def parse(self, reply: Reply, tools: Sequence[ToolSpec]) -> Parsed:
        schemas = schemas_of(tools)
        text = self.cut(reply.text)
        sections = _sections(text)
        reasoning = [c.strip() for k, c in sections if k == "reasoning"]
        first_tag = _TAG.search(text)
        thought = "\n".join(reasoning) or (text[: first_tag.start()] if first_tag else "").strip()
        found: list[tuple[str, str | None]] = []
        tagged_params: set[int] = set()  # actions whose <parameters> tag was seen
        final: str | None = None
        for kind, content in sections:
            if kind == "action":
                m = _NAME_AND_ARGS.match(content)
                name, inline = (m.group(1), m.group(2)) if m else (content, None)
                if inline and inline.startswith("(") and inline.rstrip().endswith(")"):
                    inline = inline.strip()[1:-1]  # list_files({"folder": "."})
                found.append((self.resolve(name, schemas), inline))
            elif kind == "parameters":
                if not found:
                    raise fail(
                        "Your reply has <parameters> but no <action> before it. Write "
                        "<action>tool name</action> first, then <parameters>{...}</parameters>."
                    )
                if len(found) - 1 in tagged_params:
                    raise fail(
                        f"The action {found[-1][0]!r} has two <parameters> tags. Give each "
                        "<action> exactly one <parameters>{...}</parameters>."
                    )
                tagged_params.add(len(found) - 1)
                found[-1] = (found[-1][0], content)
            elif kind == "final" and final is None:
                final = content.strip()
        if found:
            calls = self.all_arguments(reply, found, "<parameters>", schemas)
            return finish(thought, text, calls, self)
        if final:
            if why := not_an_answer(final, schemas):
                raise fail(f"{why} Write <final_answer>your answer</final_answer>.")
            return Parsed(thought, (), final)
        tagged = self.tool_call_tags(text, schemas)
        if tagged is not None:
            return tagged
        if final is not None:
            raise fail("Your <final_answer> is empty. Write your answer inside the tag.")
        if not text.strip():
            raise fail(
                "Your reply was empty. Write <reasoning>...</reasoning>, then an "
                "<action> with <parameters>, or a <final_answer>."
            )
        what = "has <reasoning> but" if reasoning else "has"
        raise fail(
            f"Your reply {what} no <action> or <final_answer> tag. After "
            "<reasoning>...</reasoning>, write <action>tool name</action> and "
            "<parameters>{...}</parameters>, or <final_answer>your answer</final_answer>."
        )

    def render_result(self, result: ToolResult, several: bool) -> str:
        attr = f' tool="{result.name}"' if several else ""
        return f"<observation{attr}>{result.content}</observation>"

    def grammar(
        self, tools: Sequence[ToolSpec], *, final_only: bool = False, calls_only: bool = False
    ) -> str | None:
        real = real_tools(tools)
        g = GrammarBuilder()
        reasoning = g.rule(
            "reasoning", f'"<reasoning>" [^<]{{1,{MAX_REASONING}}} "</reasoning>\\n"'
        )
        final = ""
        if not (calls_only and real):
            # An answer may hold '<' but never the start of a closing tag; a typed one is
            # its JSON.
            typed = answer_schema(tools)
            text = (
                g.rule("answer-text", f'([^<] | "<" [^/<]){{1,{MAX_ANSWER}}}')
                if typed is None
                else g.schema(typed, "answer")
            )
            final = g.rule("final", f'"<final_answer>" {text} "</final_answer>"')
        if final_only or not real:
            return g.render(f"{reasoning} {final}")
        alts = []
        for t in real:
            args = g.schema(t.parameters, f"{t.name}-args")
            alts.append(f'{literal(t.name)} "</action>\\n<parameters>" {args}')
        action = g.rule("action", f'"<action>" ({" | ".join(alts)}) "</parameters>"')
        calls = parallel_calls(action, "<observation")
        return g.render(
            f"{reasoning} {calls}" if calls_only else f"{reasoning} ({calls} | {final})"
        )
