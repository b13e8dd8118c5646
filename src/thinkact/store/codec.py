"""Events back from their stored JSON: `event_from_dict(event.to_dict())` rebuilds the event."""

from __future__ import annotations

import importlib
import sys
import typing
from collections.abc import Mapping
from dataclasses import MISSING, fields
from typing import Any

from thinkact.events import Event
from thinkact.types import Message, ToolCall, ToolResult, Usage, message_from_dict


def _subclasses(cls: type[Event]) -> list[type[Event]]:
    out: list[type[Event]] = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_subclasses(sub))
    return out


# Modules that define events a run may store besides thinkact.events: imported the first
# time a stored kind is not known yet, so any reader decodes them (a plan's, a workflow's).
EVENT_MODULES = ("thinkact.tools.runtime", "thinkact.pev.events", "thinkact.workflow")


def event_class(kind: str) -> type[Event] | None:
    """The Event class named `kind`, among every Event subclass (of the modules that define
    events, imported when needed)."""
    found = [cls for cls in _subclasses(Event) if cls.kind == kind]
    if not found:
        for module in EVENT_MODULES:
            importlib.import_module(module)
        found = [cls for cls in _subclasses(Event) if cls.kind == kind]
    # `dataclass(slots=True)` replaces the class it decorates, and the replaced one can
    # linger among the subclasses: prefer the one its module exports.
    for cls in found:
        exported: object = getattr(sys.modules.get(cls.__module__), cls.__qualname__, None)
        if exported is cls:
            return cls
    return found[-1] if found else None


_HINTS: dict[type[Event], dict[str, Any]] = {}


def _hints(cls: type[Event]) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _decode(hint: Any, value: Any) -> Any:
    if value is None:
        return None
    if hint is Usage:
        return Usage.from_dict(value)
    if hint is ToolCall:
        return ToolCall.from_dict(value)
    if hint is ToolResult:
        return ToolResult.from_dict(value)
    if hint == Message:
        return message_from_dict(value)
    if hint is Event:  # an event inside an event (a plan step's sub-run)
        return event_from_dict(value)
    origin = typing.get_origin(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        return tuple(_decode(args[0], v) for v in value)
    if origin is not None and origin is not tuple:  # X | None and the like
        for arg in typing.get_args(hint):
            if arg is not type(None) and arg in (Usage, ToolCall, ToolResult):
                return _decode(arg, value)
    return value


def event_from_dict(d: Mapping[str, Any]) -> Event | None:
    """The event `d` was made from, or None for a kind this version does not know."""
    cls = event_class(str(d.get("kind")))
    if cls is None:
        return None
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name in d:
            kwargs[f.name] = _decode(hints.get(f.name), d[f.name])
        elif f.default is MISSING and f.default_factory is MISSING:
            return None  # written by another version without this field
    try:
        return cls(**kwargs)
    except (TypeError, ValueError, KeyError):
        return None
