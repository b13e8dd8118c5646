"""What an OpenAI-compatible server really does, learned once per (base URL, model) and
kept on disk, so `auto` can pick a format that works there.

Servers that claim the Chat Completions API differ where an agent needs them most:

- `tool_calls`: whether a request with `tools` comes back with structured tool calls.
  llama-cpp-python's server (default chat format), many Ollama models and vLLM without
  `--enable-auto-tool-choice` take the tools and answer in text, or refuse them (400, 500).
  The probe asks the way runs ask (`tool_choice: "auto"`, one tool, a task that needs it):
  a *forced* tool_choice proves nothing, since llama-cpp-python meets it with a grammar
  while its default chat format writes every unforced call as text.
- `grammar`: whether the `grammar` field (GBNF, llama.cpp) constrains the reply.
- `schema`: how a JSON schema constrains it: `json_schema` (response_format json_schema:
  OpenAI, vLLM, Ollama, llama.cpp's own server), `json_object` (response_format json_object
  with a `schema`: llama-cpp-python), `guided_json` (vLLM's own field), or None.

Each question is one tiny request (a few output tokens). The answers are cached in
`$THINKACT_HOME/servers.json` (else the user cache dir) for `MAX_AGE` seconds;
`thinkact models --probe openai:MODEL@URL --refresh` asks again.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from thinkact.errors import BadRequestError, ModelError, NotFoundError, ServerError

Post = Callable[[dict[str, Any]], Any]
"""Sends one Chat Completions body and returns the parsed JSON reply (ModelError if none)."""

MAX_AGE = 7 * 24 * 3600.0  # a server may load another model under the same name
SCHEMA_FIELDS = ("json_schema", "json_object", "guided_json")
_TOKEN = "zq7"  # what a constrained reply must be: no model says it unasked


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What one (server, model) pair was found to do; `detail` is what the tool probe saw
    when there was no tool call (the text or the error), for `thinkact models --probe`."""

    tool_calls: bool
    grammar: bool = False
    schema: str | None = None  # one of SCHEMA_FIELDS
    probed_at: float = 0.0
    detail: str = ""

    @property
    def text_format(self) -> str:
        """The text format that stays constrained here: xml under a grammar, json under a
        schema alone (xml replies are not JSON), else xml with its stop sequences."""
        return "json" if self.schema and not self.grammar else "xml"

    @property
    def format(self) -> str:
        """What `auto` picks: native where tool calls work, else the text format."""
        return "native" if self.tool_calls else self.text_format

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Capabilities:
        schema = data.get("schema")
        return cls(
            bool(data.get("tool_calls")),
            bool(data.get("grammar")),
            schema if schema in SCHEMA_FIELDS else None,
            float(data.get("probed_at") or 0.0),
            str(data.get("detail") or ""),
        )


# --- the probe ---------------------------------------------------------------------------

_ECHO = {
    "type": "function",
    "function": {
        "name": "echo",
        "description": "Repeat a word back.",
        "parameters": {
            "type": "object",
            "properties": {"word": {"type": "string"}},
            "required": ["word"],
        },
    },
}
_SCHEMA = {
    "type": "object",
    "properties": {"probe": {"type": "string", "enum": [_TOKEN]}},
    "required": ["probe"],
    "additionalProperties": False,
}


def _body(model: str, task: str, max_tokens: int, **extra: Any) -> dict[str, Any]:
    messages = [{"role": "user", "content": task}]
    body = {"model": model, "messages": messages, "max_tokens": max_tokens, "temperature": 0.0}
    return body | extra


def _message(data: Any) -> Mapping[str, Any]:
    choices = data.get("choices") if isinstance(data, Mapping) else None
    first = choices[0] if isinstance(choices, list) and choices else None
    message = first.get("message") if isinstance(first, Mapping) else None
    return message if isinstance(message, Mapping) else {}


def _text(data: Any) -> str:
    content = _message(data).get("content")
    return content.strip() if isinstance(content, str) else ""


def _refused(error: ModelError) -> bool:
    """An error that answers the question with no (the server took the request and would
    not do it), as against one that leaves it open (unreachable, a bad key, a timeout)."""
    return isinstance(error, BadRequestError | NotFoundError | ServerError)


def probe_tools(post: Post, model: str) -> tuple[bool, str]:
    """(whether a structured `echo` call came back, what came instead)."""
    task = 'Call the tool `echo` with the word "ping".'
    try:
        data = post(_body(model, task, 48, tools=[_ECHO], tool_choice="auto"))
    except ModelError as e:
        if _refused(e):
            return False, f"refused: {e}"[:200]
        raise
    calls = _message(data).get("tool_calls")
    names = [
        c.get("function", {}).get("name")
        for c in calls or ()
        if isinstance(c, Mapping) and isinstance(c.get("function"), Mapping)
    ]
    if "echo" in names:
        return True, ""
    return False, f"text instead of a tool call: {_text(data)[:120]!r}"


def probe_grammar(post: Post, model: str) -> bool:
    try:
        data = post(_body(model, "Say hello.", 8, grammar=f'root ::= "{_TOKEN}"'))
    except ModelError as e:
        if _refused(e):
            return False
        raise
    return _text(data) == _TOKEN


def schema_params(field: str, schema: Mapping[str, Any]) -> dict[str, Any]:
    """The body fields that ask for replies under `schema` the way `field` names."""
    if field == "json_schema":
        named = {"name": "reply", "schema": dict(schema)}
        return {"response_format": {"type": "json_schema", "json_schema": named}}
    if field == "json_object":
        return {"response_format": {"type": "json_object", "schema": dict(schema)}}
    return {"guided_json": dict(schema)}


def probe_schema(post: Post, model: str) -> str | None:
    """The first of SCHEMA_FIELDS the server decodes under, or None."""
    for field in SCHEMA_FIELDS:
        try:
            data = post(_body(model, "Say hello.", 16, **schema_params(field, _SCHEMA)))
        except ModelError as e:
            if _refused(e):
                continue
            raise
        try:
            if json.loads(_text(data)) == {"probe": _TOKEN}:
                return field
        except ValueError:
            pass
    return None


def probe(post: Post, model: str, clock: Callable[[], float] = time.time) -> Capabilities:
    """Ask the server each question once. ModelError if it cannot be asked at all."""
    tool_calls, detail = probe_tools(post, model)
    grammar = probe_grammar(post, model)
    schema = probe_schema(post, model)
    return Capabilities(tool_calls, grammar, schema, clock(), detail)


# --- the cache ---------------------------------------------------------------------------


def cache_path() -> Path:
    """`$THINKACT_HOME/servers.json`, else `$XDG_CACHE_HOME/thinkact/servers.json`."""
    home = os.environ.get("THINKACT_HOME")
    if home:
        return Path(home) / "servers.json"
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "thinkact" / "servers.json"


def cache_key(base_url: str, model: str) -> str:
    return f"{base_url.rstrip('/')} {model}"


class CapabilityCache:
    """One JSON file of keys -> capabilities. Written whole through a renamed temporary
    file, so a reader never sees half of it; a file that does not parse counts as empty."""

    def __init__(self, path: Path | None = None, max_age: float = MAX_AGE) -> None:
        self.path = path or cache_path()
        self.max_age = max_age

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, key: str, now: float | None = None) -> Capabilities | None:
        entry = self._load().get(key)
        if not isinstance(entry, Mapping):
            return None
        caps = Capabilities.from_dict(entry)
        if (time.time() if now is None else now) - caps.probed_at > self.max_age:
            return None
        return caps

    def put(self, key: str, caps: Capabilities) -> None:
        data = self._load()
        data[key] = asdict(caps)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".servers-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1, sort_keys=True)
            os.replace(tmp, self.path)
        except OSError:
            pass  # a cache we cannot write costs a probe next time, nothing more


def learn(
    base_url: str,
    model: str,
    post: Post,
    *,
    refresh: bool = False,
    cache: CapabilityCache | None = None,
) -> Capabilities:
    """The cached capabilities of (base_url, model), probed (and cached) when there are
    none, they are too old, or `refresh` says so."""
    cache = cache or CapabilityCache()
    key = cache_key(base_url, model)
    if not refresh and (known := cache.get(key)) is not None:
        return known
    caps = probe(post, model)
    cache.put(key, caps)
    return caps


# --- tools refused mid-run ---------------------------------------------------------------

_TOOLS_NAMED = re.compile(r"\btools?\b|tool_choice|tool[ _-]?call|function[ _-]?call", re.I)


def rejects_tools(error: BaseException, base_url: str = "") -> bool:
    """Whether a provider error is the server refusing the request's tools: a 400, 422 or
    5xx whose message names them (the server's URL, which the message holds, aside).
    Ollama: "... does not support tools"; vLLM: '"auto" tool choice requires
    --enable-auto-tool-choice'; llama.cpp: "tools param requires --jinja flag"."""
    if not isinstance(error, ModelError) or error.status is None:
        return False
    if error.status not in (400, 422) and error.status < 500:
        return False
    said = str(error).replace(base_url, "") if base_url else str(error)
    return bool(_TOOLS_NAMED.search(said))


def forget_tools(base_url: str, model: str, cache: CapabilityCache | None = None) -> None:
    """A server that refused tools mid-run: a cached "tool calls work" no longer holds."""
    cache = cache or CapabilityCache()
    key = cache_key(base_url, model)
    known = cache.get(key)
    if known is not None and known.tool_calls:
        refused = "refused tools in a run"
        cache.put(key, Capabilities(False, known.grammar, known.schema, time.time(), refused))


__all__ = [
    "Capabilities",
    "CapabilityCache",
    "cache_key",
    "cache_path",
    "forget_tools",
    "learn",
    "probe",
    "rejects_tools",
    "schema_params",
]
