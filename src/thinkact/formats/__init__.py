"""Action formats: native, xml, react, json."""

from __future__ import annotations

import importlib

from thinkact.errors import UserError
from thinkact.formats.base import FINAL_ANSWER_TOOL, Format, Parsed
from thinkact.models.base import Model

FORMATS: dict[str, str] = {
    "native": "thinkact.formats.native:NativeFormat",
    "xml": "thinkact.formats.xml:XmlFormat",
    "react": "thinkact.formats.react:ReactFormat",
    "json": "thinkact.formats.json:JsonFormat",
    "code": "thinkact.formats.code:CodeFormat",
}


def get_format(name: str) -> Format:
    try:
        module, cls = FORMATS[name].split(":")
    except KeyError:
        raise UserError(f"unknown format {name!r}; choose one of: {', '.join(FORMATS)}") from None
    fmt: Format = getattr(importlib.import_module(module), cls)()
    return fmt


def resolve_format(fmt: str | Format, model: Model) -> Format:
    """`auto` takes the model's preferred format: native where it has tool calls."""
    if not isinstance(fmt, str):
        return fmt
    if fmt == "auto":
        preferred = getattr(model, "preferred_format", None)
        fmt = preferred or ("native" if model.native_tools else "xml")
    return get_format(fmt)


__all__ = ["FINAL_ANSWER_TOOL", "FORMATS", "Format", "Parsed", "get_format", "resolve_format"]
