"""BFCL v4 (Berkeley Function Calling Leaderboard), single-turn AST categories.

Read from the `bfcl-eval` wheel (or its extracted folder) with `zipfile`: questions in
`bfcl_eval/data/BFCL_v4_<file>.json`, answers in `.../possible_answer/`. Each item is one
model turn with the item's functions as tools; the calls it makes are scored by BFCL's AST
rules (bfcl_ast.py).
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pydantic

from thinkact.apps.eval.base import Attempt, Item, Score, Task
from thinkact.apps.eval.bfcl_ast import check
from thinkact.demos import Example, ExampleCall, ExampleStep
from thinkact.errors import UserError
from thinkact.tools.base import Tool

# Our category names -> the file names in the wheel ("simple" is Python's simple set).
CATEGORIES: dict[str, str] = {
    "simple": "simple_python",
    "multiple": "multiple",
    "parallel": "parallel",
    "parallel_multiple": "parallel_multiple",
    "irrelevance": "irrelevance",
    "live_simple": "live_simple",
    "live_multiple": "live_multiple",
    "live_parallel": "live_parallel",
    "live_parallel_multiple": "live_parallel_multiple",
    "live_irrelevance": "live_irrelevance",
}

INSTRUCTIONS = (
    "You are an expert in composing function calls. Given the user's request and the "
    "available functions, call the function(s) that fulfil it, with argument values taken "
    "from the request. Make several calls at once when the request asks for several things. "
    "If no function fits the request, or required values are missing, do not call any "
    "function: answer in plain text instead."
)

# How thinkact runs BFCL's items (AgentConfig settings): small models call some function on
# nearly every irrelevance item, so each call is screened first; and they decline items a
# function fits, so a first answer without a call is checked (bench/NOTES.md has figures).
SETTINGS = {"screen_calls": True, "decline_check": True}

# Made-up functions, not BFCL's. Without examples the embedded model copied the format's
# one-call example: it made exactly one call on every item, even when two were asked for or
# none fitted. These show two calls of one function, calls of two functions, one call
# among several functions, and no call when no function fits. (An example of no call for a
# missing required value was tried: the model then refused 2 of 20 `multiple` items whose
# values were all given.)
_FUNCTIONS = "(functions: get_weather(city, unit), convert_currency(amount, source, target))"
EXAMPLES = (
    Example(
        f"What is the weather in Lyon and in Turin? {_FUNCTIONS}",
        (
            ExampleStep(
                "Two cities: one get_weather call for each. No unit is asked for, so I give none.",
                calls=(
                    ExampleCall("get_weather", {"city": "Lyon"}),
                    ExampleCall("get_weather", {"city": "Turin"}),
                ),
            ),
        ),
    ),
    Example(
        f"Convert 20 euros to yen, and how warm is it in Tokyo? {_FUNCTIONS}",
        (
            ExampleStep(
                "Two different things are asked: convert_currency, then get_weather.",
                calls=(
                    ExampleCall(
                        "convert_currency", {"amount": 20, "source": "EUR", "target": "JPY"}
                    ),
                    ExampleCall("get_weather", {"city": "Tokyo"}),
                ),
            ),
        ),
    ),
    Example(
        f"How many dollars is 50 pounds? {_FUNCTIONS}",
        (
            ExampleStep(
                "Only convert_currency fits, once.",
                "convert_currency",
                {"amount": 50, "source": "GBP", "target": "USD"},
            ),
        ),
    ),
    Example(
        f"Who wrote the novel Dracula? {_FUNCTIONS}",
        (
            ExampleStep(
                "Neither function is about books, so I call none.",
                answer="None of the functions can answer this.",
            ),
        ),
    ),
)

_JSON_TYPES = {
    "dict": "object",
    "float": "number",
    "tuple": "array",
    "integer": "integer",
    "string": "string",
    "boolean": "boolean",
    "array": "array",
}
_SAFE_NAME = re.compile(r"[^a-zA-Z0-9_-]")


def to_json_schema(node: Mapping[str, Any]) -> dict[str, Any]:
    """BFCL's function docs to JSON Schema: `dict`->object, `float`->number (format float),
    `tuple`->array, `any`-> no type constraint; nested properties and items converted too."""
    out: dict[str, Any] = {}
    t = node.get("type")
    if isinstance(t, str) and t in _JSON_TYPES:
        out["type"] = _JSON_TYPES[t]
    for key in ("description", "enum", "default", "format", "maximum", "minItems", "maxItems"):
        if key in node:
            out[key] = node[key]
    if "properties" in node and isinstance(node["properties"], Mapping):
        out["properties"] = {k: to_json_schema(v) for k, v in node["properties"].items()}
        out["type"] = "object"
    if t == "float":  # written as a float: in an array BFCL rejects an int (`[1, 3]`)
        out.setdefault("format", "float")
    if "items" in node and isinstance(node["items"], Mapping):
        out["items"] = to_json_schema(node["items"])
    if isinstance(node.get("required"), list):
        out["required"] = [r for r in node["required"] if r in out.get("properties", {})]
    return out


def tool_name(name: str) -> str:
    """Tool APIs accept `[a-zA-Z0-9_-]{1,64}`: BFCL's `math.factorial` travels as `math_factorial`
    (BFCL does the same for OpenAI models) and is mapped back before scoring."""
    return _SAFE_NAME.sub("_", name)[:64]


class _AnyArguments(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="allow")


def _not_run(**_: Any) -> str:  # a BFCL item is one turn: its tools are never executed
    return "OK"


def function_tools(functions: Sequence[Mapping[str, Any]]) -> tuple[Tool, ...]:
    tools = []
    for f in functions:
        schema = to_json_schema(f.get("parameters") or {"type": "dict", "properties": {}})
        schema["type"] = "object"
        schema.setdefault("properties", {})
        tools.append(
            Tool(
                name=tool_name(str(f["name"])),
                description=str(f.get("description") or f["name"]),
                parameters=schema,
                fn=_not_run,
                args_model=_AnyArguments,
            )
        )
    return tuple(tools)


def _prompt(messages: Sequence[Mapping[str, Any]]) -> tuple[str, str]:
    """(system text, task text). Earlier turns of a live conversation go before the last."""
    system = "\n\n".join(str(m["content"]) for m in messages if m.get("role") == "system")
    turns = [m for m in messages if m.get("role") != "system"]
    if not turns:
        return system, ""
    *earlier, last = turns
    if not earlier:
        return system, str(last["content"])
    history = "\n".join(f"{m['role'].capitalize()}: {m['content']}" for m in earlier)
    return system, f"Conversation so far:\n{history}\n\nUser: {last['content']}"


class _Source:
    """The wheel or a folder holding `bfcl_eval/data` (or the data folder itself)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.zip: zipfile.ZipFile | None = None
        if path.is_file():
            try:
                self.zip = zipfile.ZipFile(path)
            except (zipfile.BadZipFile, OSError) as e:
                raise UserError(f"{path} is not the bfcl-eval wheel: {e}") from None
        elif not path.is_dir():
            raise UserError(
                f"BFCL data not found at {path}. Get the wheel with "
                "`pip download --no-deps bfcl-eval==2026.3.23 -d DIR` and pass --data DIR/*.whl"
            )

    def read(self, relative: str) -> str | None:
        if self.zip is not None:
            try:
                return self.zip.read(f"bfcl_eval/data/{relative}").decode("utf-8")
            except KeyError:
                return None
        for base in (self.path / "bfcl_eval" / "data", self.path / "data", self.path):
            file = base / relative
            if file.is_file():
                return file.read_text(encoding="utf-8")
        return None


def _jsonl(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


class Bfcl:
    """One or more BFCL categories; `limit`/`offset` in the harness apply per category."""

    name = "bfcl"
    format: str | None = None

    def __init__(self, categories: Sequence[str] = tuple(CATEGORIES)) -> None:
        unknown = [c for c in categories if c not in CATEGORIES]
        if unknown:
            raise UserError(
                f"unknown BFCL categories {unknown}; choose from: {', '.join(CATEGORIES)}"
            )
        self.categories = tuple(categories)

    def load(self, path: Path) -> Iterator[Item]:
        for category in self.categories:
            yield from self.load_category(path, category)

    def load_category(self, path: Path, category: str) -> Iterator[Item]:
        source = _Source(path)
        file = f"BFCL_v4_{CATEGORIES[category]}.json"
        text = source.read(file)
        if text is None:
            raise UserError(f"{file} not found in {path}")
        answers: dict[str, Any] = {}
        if "irrelevance" not in category:
            answer_text = source.read(f"possible_answer/{file}")
            if answer_text is None:
                raise UserError(f"possible_answer/{file} not found in {path}")
            answers = {a["id"]: a["ground_truth"] for a in _jsonl(answer_text)}
        for row in _jsonl(text):
            question = row["question"][0] if row["question"] else []
            system, prompt = _prompt(question)
            yield Item(
                id=str(row["id"]),
                question=prompt,
                gold=answers.get(row["id"], []),
                data={"category": category, "functions": row["function"], "system": system},
            )

    def task(self, item: Item) -> Task:
        system = str(item.data.get("system") or "")
        instructions = f"{INSTRUCTIONS}\n\n{system}" if system else INSTRUCTIONS
        return Task(
            prompt=item.question,
            tools=function_tools(item.data["functions"]),
            instructions=instructions,
            max_steps=1,
            one_turn=True,
            examples=EXAMPLES,
            settings=SETTINGS,
        )

    def score(self, item: Item, attempt: Attempt) -> Score:
        functions = item.data["functions"]
        names = {tool_name(str(f["name"])): str(f["name"]) for f in functions}
        calls = attempt.prediction if isinstance(attempt.prediction, list) else []
        output: list[dict[str, Any]] = [
            {names.get(str(name), str(name)): args for name, args in call.items()}
            for call in calls
            if isinstance(call, Mapping)
        ]
        verdict = check(str(item.data["category"]), functions, output, item.gold)
        return Score(1.0 if verdict.valid else 0.0, detail=verdict.error)
