"""The coding model's own format: reasoning in prose, a ```python block as the action.

    To find the total I add the two days.
    ```python
    april = 48
    may = april / 2
    print(april + may)
    ```

Generation stops at "```output", the program runs in the agent's code tool (the one named
by `CodeFormat(code_tool=...)`, else the first of the run's tools that takes one
argument, e.g. the calculator), and its output comes back as an ```output block. The
answer is what follows a line's `#### ` (or `Final Answer:`, or `\\boxed{...}`); a reply
with no block and no marker is the answer as a whole. A block tagged with another tool's
name (```search) calls that tool with the block's text.

Asked plainly, a coding model writes exactly this, then makes up the output: the stop
sequence and the cut keep only the program (bench/NOTES.md has the measurements).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from thinkact.formats.base import Parsed
from thinkact.formats.markup import not_an_answer
from thinkact.formats.text import Schemas, Shown, TextFormat, fail, schemas_of
from thinkact.types import Reply, ToolResult, ToolSpec

_BLOCK = re.compile(r"```[ \t]*([\w+-]*)[ \t]*\n(.*?)```", re.DOTALL)
# The answer marker, at the start of a line: "#### 72", "Final Answer: 72", "#### Final
# Answer:" or "#### Final Answer" (a heading: the answer on the lines below)
_MARK = re.compile(
    r"^[ \t]*#{4}[ \t]*\**final answer\**[ \t]*:?\**|^[ \t]*\**final answer\**[ \t]*:\**"
    r"|^[ \t]*#{4}",
    re.I | re.M,
)
_BOXED = re.compile(r"\\boxed\{([^{}]*)\}")
_CODE_TAGS = ("", "python", "py", "python3")

_FORMAT = """\
Reply in this format: your reasoning in a few sentences, then the program that computes \
what you need in a ```python block, and stop. The program runs and what it prints comes \
back in an ```output block; never write the output yourself.
When you know the answer, end with a line that starts with "#### " and gives it."""

_FINAL_ONLY = """\
Reply with your reasoning in a few sentences, then a last line that starts with "#### " \
and gives the answer."""


def _answer(text: str) -> tuple[str, int]:
    """The answer and where its marker starts. The answer follows the last marker, on its
    line or else the next (the embedded model wrote "#### Final Answer:" and its sentence
    below); a \\boxed{} there, or in a reply without a marker, is the answer itself."""
    marks = list(_MARK.finditer(text))
    at = marks[-1].start() if marks else len(text)
    after = text[marks[-1].end() :].strip() if marks else ""
    boxed = _BOXED.findall(after if marks else text)
    if boxed and boxed[-1].strip():
        return boxed[-1].strip(), at
    return (after.split("\n", 1)[0].strip() if after else ""), at


class CodeFormat(TextFormat):
    name = "code"
    stop = ("```output",)

    format_text = _FORMAT
    final_only_text = _FINAL_ONLY
    # Free to write anything, the model gave the step note as its answer ("#### Step 3 of
    # 10"), so no step count here; the last step's warning stays.
    note_first = True
    counts_steps = False

    def __init__(self, code_tool: str | None = None) -> None:
        self.code_tool = code_tool  # None: the first tool taking one argument

    def render_reply(
        self,
        thought: str,
        calls: Shown,
        answer: str | None = None,
        tools: Sequence[ToolSpec] = (),
    ) -> str:
        runner = self._code_tool(schemas_of(tools))
        parts = [thought] if thought else []
        for name, args in calls:
            tag = "python" if name == runner else name
            code = str(next(iter(args.values()), "")) if args else ""
            parts.append(f"```{tag}\n{code.rstrip()}\n```")
        if answer is not None:
            parts.append(f"#### {answer}")
        return "\n".join(parts)

    def render_result(self, result: ToolResult, several: bool) -> str:
        label = f" ({result.name})" if several else ""
        return f"```output{label}\n{result.content.rstrip()}\n```"

    def cut(self, text: str) -> str:
        """Up to an output block the model started writing itself."""
        at = text.find("```output")
        return text if at < 0 else text[:at]

    def parse(self, reply: Reply, tools: Sequence[ToolSpec]) -> Parsed:
        schemas = schemas_of(tools)
        text = self.cut(reply.text)
        blocks = list(_BLOCK.finditer(text))
        if blocks:
            found = []
            for m in blocks:
                tool = self._block_tool(m.group(1), schemas)
                param = self.single_param(tool, schemas)
                if param is None:
                    raise fail(f"The tool {tool!r} takes several arguments; use it in xml.")
                found.append((tool, {param: m.group(2).strip("\n")}))
            return Parsed(text[: blocks[0].start()].strip(), self.calls(text, found))
        answer, at = _answer(text)
        if answer:
            if why := not_an_answer(answer, schemas):
                raise fail(f"{why} Write the answer after '####'.")
            return Parsed(text[:at].strip() or text.strip(), (), answer)
        if not text.strip():
            raise fail("Your reply was empty. Write a ```python block, or the answer after '####'.")
        # A reply without a program is the answer, as text without a tool call is in the
        # native format: told to add a marker, the embedded model wrote "#### answer".
        if why := not_an_answer(text, schemas):
            raise fail(f"{why} Write a ```python block, or the answer after '####'.")
        return Parsed("", (), text.strip())

    def grammar(
        self, tools: Sequence[ToolSpec], *, final_only: bool = False, calls_only: bool = False
    ) -> str | None:
        return None  # the reply is free text

    # --- which tool a block calls -------------------------------------------------------

    def _code_tool(self, schemas: Schemas) -> str | None:
        """The tool a ```python block runs in: the named one, else the first taking a
        single argument."""
        if self.code_tool is not None:
            return self.code_tool if self.code_tool in schemas else None
        return next((n for n in schemas if self.single_param(n, schemas) is not None), None)

    def _block_tool(self, tag: str, schemas: Schemas) -> str:
        if tag.lower() in _CODE_TAGS:
            tool = self._code_tool(schemas)
            if tool is None:
                raise fail("There is no tool to run a ```python block here; answer instead.")
            return tool
        return self.resolve(tag, schemas)
