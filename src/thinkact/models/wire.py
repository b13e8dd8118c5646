"""Small pieces both API providers need when they translate to and from the wire."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import weakref
from collections.abc import Callable, Mapping
from typing import Any

from thinkact.tools.base import INVALID_JSON_KEY

RAW_ARGUMENTS = INVALID_JSON_KEY
"""A tool call whose arguments were not a JSON object keeps them as `{RAW_ARGUMENTS: text}`.

The call stays in the reply (so its id is paired with a result, as every API requires)
and the tool runtime answers it with a validation error the model can read and fix; when
the history is sent back, the provider sends the original text again.
"""

_ID_OK = re.compile(r"[A-Za-z0-9_-]{1,40}")


def parse_arguments(raw: Any) -> dict[str, Any]:
    """A tool call's arguments from the wire: a JSON object string (or an object already)."""
    if isinstance(raw, Mapping):
        return dict(raw)
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return {}  # some servers send "" for a tool without parameters
    text = raw if isinstance(raw, str) else json.dumps(raw)
    try:
        value = json.loads(text)
    except ValueError:
        return {RAW_ARGUMENTS: text}
    return dict(value) if isinstance(value, dict) else {RAW_ARGUMENTS: text}


def arguments_text(arguments: Mapping[str, Any]) -> str:
    """The JSON text to send back for a call's arguments (the original text if it was bad)."""
    raw = arguments.get(RAW_ARGUMENTS)
    if isinstance(raw, str) and len(arguments) == 1:
        return raw
    return json.dumps(dict(arguments), ensure_ascii=False)


def safe_call_id(call_id: str) -> str:
    """A tool call id every API accepts (`[A-Za-z0-9_-]`, at most 40 characters).

    Ids from another provider or a text format may not be; the same id always maps to the
    same safe id, so a call and its result stay paired.
    """
    if _ID_OK.fullmatch(call_id):
        return call_id
    return "call_" + hashlib.sha1(call_id.encode("utf-8")).hexdigest()[:24]


def as_plain(obj: Any) -> Any:
    """An SDK response object as plain JSON data (dicts and lists)."""
    dump = getattr(obj, "model_dump", None)
    if dump is not None:
        return dump(mode="json", exclude_unset=False)
    return obj


def count(value: Any) -> int:
    """A token count from a usage field that may be missing or null."""
    return int(value) if isinstance(value, int | float) else 0


class Clients:
    """SDK clients of one model: one sync client, and one async client per event loop.

    An async client's connection pool belongs to the loop that opened it, so a model used by
    several `asyncio.run` calls (a batch, a test suite) gets a fresh client in each loop.
    """

    def __init__(self, build: Callable[[bool], Any]) -> None:
        self._build = build
        self._sync: Any = None
        self._async: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Any] = (
            weakref.WeakKeyDictionary()
        )

    def get(self, is_async: bool) -> Any:
        if not is_async:
            if self._sync is None:
                self._sync = self._build(False)
            return self._sync
        loop = asyncio.get_running_loop()
        client = self._async.get(loop)
        if client is None:
            client = self._async[loop] = self._build(True)
        return client
