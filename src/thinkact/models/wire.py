"""Small pieces both API providers need when they translate to and from the wire."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import weakref
from collections.abc import Callable, Mapping
from typing import Any

from thinkact.formats.jsonish import MAX_DEPTH, too_deep
from thinkact.tools.base import INVALID_JSON_KEY

RAW_ARGUMENTS = INVALID_JSON_KEY
"""A tool call whose arguments were not a JSON object keeps them as `{RAW_ARGUMENTS: text}`.

The call stays in the reply (so its id is paired with a result, as every API requires)
and the tool runtime answers it with a validation error the model can read and fix; when
the history is sent back, the provider sends the original text again.
"""

_ID_OK = re.compile(r"[A-Za-z0-9_-]{1,40}")
TOO_DEEP = f"(an object nested deeper than {MAX_DEPTH} levels)"
"""What a call keeps of arguments nested too deep (they are refused like invalid JSON)."""

# Containers nested deeper than this in a response body are cut to `null` (Python's parser
# would raise RecursionError), so a body that deep still gives a reply whose too-deep tool
# input is refused as an observation. Deeper than any tool input we accept.
_BODY_DEPTH = 200
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BODY_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def parse_arguments(raw: Any) -> dict[str, Any]:
    """A tool call's arguments from the wire: a JSON object string (or an object already).
    Arguments that are not a JSON object, or nest deeper than `MAX_DEPTH` levels, are kept
    as `{RAW_ARGUMENTS: text}`: the tool runtime answers them with an error the model sees."""
    if isinstance(raw, Mapping):
        return {RAW_ARGUMENTS: TOO_DEEP} if too_deep(raw) else dict(raw)
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return {}  # some servers send "" for a tool without parameters
    try:
        text = raw if isinstance(raw, str) else json.dumps(raw)
        value = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return {RAW_ARGUMENTS: raw if isinstance(raw, str) else TOO_DEEP}
    if not isinstance(value, dict) or too_deep(value):
        return {RAW_ARGUMENTS: text}
    return value


class TruncatedBody(ValueError):
    """A response body that is the start of a JSON value, cut short: the connection dropped
    mid-body. Worth retrying, unlike a body that is not JSON at all."""


def load_body(content: bytes | str) -> Any:
    """A response's JSON body. `TruncatedBody` if it was cut short, ValueError if it is not
    JSON. Never a RecursionError: nesting deeper than Python's parser takes is cut at
    `_BODY_DEPTH` levels first."""
    try:
        try:
            return json.loads(content)
        except RecursionError:
            return json.loads(_capped(_text(content), _BODY_DEPTH))
    except RecursionError:
        raise ValueError("the JSON body is nested too deep to read") from None
    except ValueError as e:
        if _cut_short(_text(content)):
            raise TruncatedBody(f"the body ends too early ({e})") from None
        raise


def _text(content: bytes | str) -> str:
    return content.decode("utf-8", "replace") if isinstance(content, bytes) else content


def _cut_short(text: str) -> bool:
    """Whether `text` is empty or the start of a JSON object or array that never ends: a
    string left open, or more brackets opened than closed (strings aside)."""
    body = text.strip()
    if not body:
        return True
    if body[0] not in "{[":
        return False  # an HTML page, a plain-text error: not a JSON body at all
    outside = _STRING.sub("", body)
    if '"' in outside:  # a string that never closes
        return True
    opened = outside.count("{") + outside.count("[")
    return opened > outside.count("}") + outside.count("]")


def _capped(text: str, limit: int) -> str:
    """`text` with each container that opens deeper than `limit` levels replaced by null."""
    out: list[str] = []
    depth, kept_to, cut_from = 0, 0, -1
    for m in _BODY_TOKENS.finditer(text):
        token = m.group()
        if token[0] == '"':
            continue
        if token in "[{":
            depth += 1
            if depth == limit + 1:
                cut_from = m.start()
        else:
            if depth == limit + 1 and cut_from >= 0:
                out.append(text[kept_to:cut_from] + "null")
                kept_to, cut_from = m.end(), -1
            depth -= 1
    out.append(text[kept_to:] if cut_from < 0 else text[kept_to:cut_from])
    return "".join(out)


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
