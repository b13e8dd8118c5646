"""Record a model's requests and replies; replay them later with no model at all.

    agent = Agent(RecordingModel(resolve_model("anthropic:claude-sonnet-4-5"), "run.jsonl"),
                  tools)                                  # a real run, recorded
    agent = Agent(ReplayModel("run.jsonl"), tools)        # the same run, deterministic

A recording is JSON lines: a header naming the model, then one line per call with the
request and the reply (or the error it raised). Replay compares each request with the
recorded one and raises `ReplayMismatch` with a unified diff at the first difference, so
a recorded real run becomes a test of the agent around the model.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import threading
from pathlib import Path
from typing import Any

from thinkact import errors
from thinkact.errors import ModelError, ReplayMismatch, TransientError, UserError
from thinkact.models.base import Model, Positioned
from thinkact.tokens import estimate_tokens
from thinkact.types import ModelRequest, Reply

VERSION = 1
MAX_DIFF_LINES = 120

# Parts of a request that change from run to run by themselves (the time left in a budget
# warning); compared as placeholders.
_VOLATILE = (re.compile(r"\b\d+ seconds left\b"),)


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False, default=str))


def _digest(request: ModelRequest) -> str:
    text = json.dumps(_plain(request.to_dict()), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _normalized(request: Any) -> Any:
    if isinstance(request, str):
        for pattern in _VOLATILE:
            request = pattern.sub("<volatile>", request)
        return request
    if isinstance(request, dict):
        return {k: _normalized(v) for k, v in request.items()}
    if isinstance(request, list):
        return [_normalized(v) for v in request]
    return request


class RecordingModel:
    """Wraps a model and appends every request and reply (or error) to `path`."""

    def __init__(self, inner: Model, path: str | Path) -> None:
        self.inner = inner
        self.path = Path(path)
        self.name = inner.name
        self.native_tools = inner.native_tools
        self.context_window = inner.context_window
        self.preferred_format: str | None = getattr(inner, "preferred_format", None)
        self._lock = threading.Lock()
        header = {
            "thinkact_recording": VERSION,
            "model": self.name,
            "native_tools": self.native_tools,
            "context_window": self.context_window,
            "preferred_format": self.preferred_format,
        }
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(header) + "\n", encoding="utf-8")
        except OSError as e:
            raise UserError(f"cannot write the recording {self.path}: {e.strerror or e}") from None

    def _write(self, entry: dict[str, Any]) -> None:
        line = json.dumps(entry, ensure_ascii=False, default=str) + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as f:
            f.write(line)

    def _error(self, request: ModelRequest, e: ModelError) -> None:
        retry_after = e.retry_after if isinstance(e, TransientError) else None
        error: dict[str, Any] = {
            "type": type(e).__name__,
            "message": str(e),
            "provider": e.provider,
            "status": e.status,
            "retry_after": retry_after,
        }
        self._write({"request": request.to_dict(), "error": error})

    def complete(self, request: ModelRequest) -> Reply:
        try:
            reply = self.inner.complete(request)
        except ModelError as e:
            self._error(request, e)
            raise
        self._write({"request": request.to_dict(), "reply": reply.to_dict()})
        return reply

    async def acomplete(self, request: ModelRequest) -> Reply:
        try:
            reply = await self.inner.acomplete(request)
        except ModelError as e:
            self._error(request, e)
            raise
        self._write({"request": request.to_dict(), "reply": reply.to_dict()})
        return reply

    def resume_at(self, calls: int) -> None:
        """Passed on to a model that answers in order (see `models.base.Positioned`)."""
        if isinstance(self.inner, Positioned):
            self.inner.resume_at(calls)

    def count_tokens(self, request: ModelRequest) -> int:
        n = self.inner.count_tokens(request)
        self._write({"count_tokens": n, "digest": _digest(request)})
        return n


class ReplayModel:
    """Answers from a recording, in order, checking each request against the recorded one."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            raise UserError(f"recording not found: {self.path}") from None
        try:
            entries = [json.loads(line) for line in lines if line.strip()]
        except json.JSONDecodeError as e:
            raise UserError(f"{self.path} is not a thinkact recording: {e}") from None
        header = entries[0] if entries else {}
        if not isinstance(header, dict) or header.get("thinkact_recording") != VERSION:
            raise UserError(f"{self.path} is not a thinkact recording (no header line)")
        self.name = str(header["model"])
        self.native_tools = bool(header["native_tools"])
        self.context_window = int(header["context_window"])
        self.preferred_format: str | None = header.get("preferred_format")
        self.calls = [e for e in entries[1:] if "request" in e]
        self.counts = {e["digest"]: int(e["count_tokens"]) for e in entries if "digest" in e}
        self.used = 0
        self._lock = threading.Lock()

    @property
    def remaining(self) -> int:
        return len(self.calls) - self.used

    def complete(self, request: ModelRequest) -> Reply:
        with self._lock:
            index = self.used
            if index >= len(self.calls):
                raise ReplayMismatch(
                    f"the run made request #{index + 1}, but {self.path} holds only "
                    f"{len(self.calls)}. The request that has no recording:\n"
                    + _show(request.to_dict())
                )
            entry = self.calls[index]
            self.used += 1
        expected, actual = _normalized(entry["request"]), _normalized(_plain(request.to_dict()))
        if expected != actual:
            raise ReplayMismatch(
                f"request #{index + 1} differs from the one recorded in {self.path}:\n"
                + _diff(expected, actual, index + 1)
            )
        if "error" in entry:
            raise _rebuild_error(entry["error"])
        return Reply.from_dict(entry["reply"])

    async def acomplete(self, request: ModelRequest) -> Reply:
        return self.complete(request)

    def count_tokens(self, request: ModelRequest) -> int:
        return self.counts.get(_digest(request), estimate_tokens(request))

    def resume_at(self, calls: int) -> None:
        """A resumed run goes on from recorded call number `calls` (0-based)."""
        with self._lock:
            self.used = max(0, calls)

    def check_finished(self) -> None:
        """Raise ReplayMismatch if the run ended before using every recorded call."""
        if self.remaining:
            raise ReplayMismatch(
                f"the run made {self.used} requests, but {self.path} recorded "
                f"{len(self.calls)}: it stopped early"
            )


def _show(value: Any) -> str:
    lines = json.dumps(value, indent=1, sort_keys=True, ensure_ascii=False).splitlines()
    return "\n".join(lines[:MAX_DIFF_LINES])


def _diff(expected: Any, actual: Any, number: int) -> str:
    a = json.dumps(expected, indent=1, sort_keys=True, ensure_ascii=False).splitlines()
    b = json.dumps(actual, indent=1, sort_keys=True, ensure_ascii=False).splitlines()
    lines = list(
        difflib.unified_diff(
            a, b, f"recorded request #{number}", f"this run's request #{number}", lineterm=""
        )
    )
    if len(lines) > MAX_DIFF_LINES:
        lines = [*lines[:MAX_DIFF_LINES], f"... ({len(lines) - MAX_DIFF_LINES} more lines)"]
    return "\n".join(lines)


def _rebuild_error(error: dict[str, Any]) -> ModelError:
    cls = getattr(errors, str(error.get("type")), None)
    if not (isinstance(cls, type) and issubclass(cls, ModelError)):
        cls = ModelError
    kwargs: dict[str, Any] = {
        "provider": error.get("provider") or "",
        "status": error.get("status"),
    }
    if issubclass(cls, TransientError):
        kwargs["retry_after"] = error.get("retry_after")
    return cls(str(error.get("message", "")), **kwargs)


__all__ = ["RecordingModel", "ReplayModel"]
