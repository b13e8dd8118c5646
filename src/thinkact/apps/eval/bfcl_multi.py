"""BFCL v4 multi-turn: stateful sessions on BFCL's simulated APIs (file system, trading,
travel, messaging, vehicle, ...), several user turns per item.

Everything comes from the `bfcl-eval` wheel (or its extracted folder) at run time: the
questions and ground truth under `bfcl_eval/data/`, each class's function docs under
`data/multi_turn_func_doc/`, and the classes themselves, imported from
`bfcl_eval/eval_checker/multi_turn_eval/func_source_code/` (standard library, plus mpmath
for MathAPI). Nothing of the wheel is copied into thinkact.

Each item is one session (Task.turns): its instances are built from the item's
`initial_config`, the tools are the involved classes' methods with their docs (less the
item's excluded functions), and the calls execute on the instances. A miss_func item holds
a function back until a later turn, whose user message is BFCL's own "I have updated some
more functions ...". Scoring replays the calls (bfcl_multi_state.check_session).
"""

from __future__ import annotations

import importlib
import json
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from thinkact.apps.eval.base import Attempt, FollowUp, Item, Score, Task
from thinkact.apps.eval.bfcl import _AnyArguments, _Source, to_json_schema
from thinkact.apps.eval.bfcl_multi_state import (
    Instances,
    check_session,
    execute,
    methods,
    new_instances,
)
from thinkact.errors import ToolRetry, UserError
from thinkact.tools.base import Tool

CATEGORIES = (
    "multi_turn_base",
    "multi_turn_miss_func",
    "multi_turn_miss_param",
    "multi_turn_long_context",
)

# The core classes: their function docs in the wheel, and their modules.
_DOCS = {
    "GorillaFileSystem": "gorilla_file_system",
    "MathAPI": "math_api",
    "MessageAPI": "message_api",
    "TwitterAPI": "posting_api",
    "TicketAPI": "ticket_api",
    "TradingBot": "trading_bot",
    "TravelAPI": "travel_booking",
    "VehicleControlAPI": "vehicle_control",
}
_PACKAGE = "bfcl_eval.eval_checker.multi_turn_eval.func_source_code"

# BFCL's user message for a turn that only brings the held-back functions.
MORE_FUNCTIONS = "I have updated some more functions you can choose from. What about now?"

INSTRUCTIONS = (
    "You are an assistant that acts by calling the functions given. At each turn, do all "
    "the user asks within that turn: call functions, one after another, until the request "
    "is fulfilled, using what earlier turns did and found (the current directory, who is "
    "logged in, ids returned). Take values from the user's words or from results; when a "
    "value you need is missing, ask the user for it instead of guessing. Follow each "
    "function's description: the arguments it accepts and what must be done before it. "
    "When nothing is left to call, answer briefly in plain text: that ends the turn."
)

# How thinkact runs these sessions (AgentConfig settings): the calls change shared state,
# so they run one at a time, in the order the model wrote them.
SETTINGS = {"tool_concurrency": 1}
MAX_STEPS = 20  # per turn, as BFCL's step limit


def _doc_file(source: _Source, name: str) -> list[dict[str, Any]]:
    text = source.read(f"multi_turn_func_doc/{_DOCS[name]}.json")
    if text is None:
        raise UserError(f"multi_turn_func_doc/{_DOCS[name]}.json not found in {source.path}")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


_import_lock = threading.Lock()


def api_classes(path: Path, names: Sequence[str]) -> dict[str, type]:
    """The simulated API classes, imported from the wheel (zipimport) or from the folder
    holding `bfcl_eval/`. The wheel's path is on sys.path only while importing."""
    unknown = [n for n in names if n not in _DOCS]
    if unknown:
        raise UserError(f"BFCL classes not supported: {', '.join(unknown)}")
    root = path
    if path.is_dir():
        root = next(
            (p for p in (path, path.parent, path.parent.parent) if (p / "bfcl_eval").is_dir()),
            path,
        )
    out: dict[str, type] = {}
    with _import_lock:
        sys.path.insert(0, str(root))
        try:
            for name in names:
                module = importlib.import_module(f"{_PACKAGE}.{_DOCS[name]}")
                out[name] = getattr(module, name)
        except ModuleNotFoundError as e:
            if e.name == "mpmath":
                raise UserError(
                    "BFCL's MathAPI needs mpmath: pip install 'thinkact[bfcl]'"
                ) from None
            raise UserError(f"cannot import BFCL's APIs from {path}: {e}") from None
        finally:
            sys.path.remove(str(root))
    return out


def api_tool(doc: Mapping[str, Any], table: Mapping[str, Callable[..., Any]]) -> Tool:
    """A function doc as a tool whose calls run on the session's instances."""
    name = str(doc["name"])
    schema = to_json_schema(doc.get("parameters") or {"type": "dict", "properties": {}})
    schema["type"] = "object"
    schema.setdefault("properties", {})

    def call(**kwargs: Any) -> str:
        text, failed = execute(table, name, (), kwargs)
        if failed:  # a tool error to the loop: its error streak and nudges see it
            raise ToolRetry(text)
        return text

    return Tool(
        name=name,
        description=str(doc.get("description") or name),
        parameters=schema,
        fn=call,
        args_model=_AnyArguments,  # the API checks its own arguments, as in BFCL
    )


def _text(messages: Sequence[Mapping[str, Any]]) -> str:
    return "\n\n".join(str(m.get("content", "")) for m in messages if m.get("role") == "user")


class MultiTurn:
    """BFCL's multi-turn categories; `limit`/`offset` in the harness apply per category."""

    name = "bfcl"
    format: str | None = None

    def __init__(self, categories: Sequence[str] = ("multi_turn_base",)) -> None:
        unknown = [c for c in categories if c not in CATEGORIES]
        if unknown:
            raise UserError(
                f"unknown BFCL multi-turn categories {unknown}; choose from: "
                f"{', '.join(CATEGORIES)}"
            )
        self.categories = tuple(categories)
        self.max_steps = MAX_STEPS

    def load(self, path: Path) -> Iterator[Item]:
        for category in self.categories:
            yield from self.load_category(path, category)

    def load_category(self, path: Path, category: str) -> Iterator[Item]:
        source = _Source(path)
        file = f"BFCL_v4_{category}.json"
        text, answers_text = source.read(file), source.read(f"possible_answer/{file}")
        if text is None or answers_text is None:
            raise UserError(f"{file} or its possible_answer not found in {path}")
        answers = {
            a["id"]: a["ground_truth"]
            for a in (json.loads(line) for line in answers_text.splitlines() if line.strip())
        }
        docs: dict[str, list[dict[str, Any]]] = {}
        for line in text.splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            involved = [str(c) for c in row["involved_classes"]]
            for name in involved:
                if name not in docs:
                    docs[name] = _doc_file(source, name) if name in _DOCS else []
            excluded = set(row.get("excluded_function") or ())
            held = {
                int(k): [str(n) for n in v] for k, v in (row.get("missed_function") or {}).items()
            }
            held_names = {n for names in held.values() for n in names}
            functions = [
                d for c in involved for d in docs[c] if d["name"] not in excluded | held_names
            ]
            by_name = {d["name"]: d for c in involved for d in docs[c]}
            turns = [_text(q) for q in row["question"]]
            yield Item(
                id=str(row["id"]),
                question=turns[0] if turns else "",
                gold=answers.get(row["id"], []),
                data={
                    "category": category,
                    "source": str(path),
                    "turns": turns,
                    "functions": functions,
                    "held": {
                        t: [by_name[n] for n in names if n in by_name] for t, names in held.items()
                    },
                    "involved": involved,
                    "initial_config": row.get("initial_config") or {},
                    "long_context": category == "multi_turn_long_context",
                },
            )

    def _fresh(self, item: Item) -> Callable[[], Instances]:
        classes = api_classes(Path(str(item.data["source"])), item.data["involved"])
        config, long_context = item.data["initial_config"], bool(item.data["long_context"])
        return lambda: new_instances(classes, config, long_context)

    def task(self, item: Item) -> Task:
        table = methods(self._fresh(item)())
        turns: list[str] = list(item.data["turns"])
        held: Mapping[int, list[Mapping[str, Any]]] = item.data["held"]
        follow = [
            FollowUp(
                prompt or (MORE_FUNCTIONS if i in held else ""),
                tuple(api_tool(d, table) for d in held.get(i, ())),
            )
            for i, prompt in enumerate(turns[1:], start=1)
        ]
        return Task(
            prompt=turns[0] if turns else "",
            tools=tuple(api_tool(d, table) for d in item.data["functions"]),
            instructions=INSTRUCTIONS,
            max_steps=self.max_steps,
            settings=SETTINGS,
            turns=tuple(follow),
        )

    def score(self, item: Item, attempt: Attempt) -> Score:
        predicted = attempt.prediction if isinstance(attempt.prediction, list) else []
        turns = [t if isinstance(t, list) else [] for t in predicted]
        verdict = check_session(item.gold, turns, self._fresh(item))
        metrics = {"turns": verdict.turns_passed / max(verdict.turns, 1)}
        detail = f"{verdict.kind}: {verdict.error}" if verdict.kind else ""
        return Score(1.0 if verdict.valid else 0.0, metrics, detail)
