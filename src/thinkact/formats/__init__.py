"""Action formats: native, xml, react, json, code."""

from __future__ import annotations

import importlib
from typing import Any

from thinkact.errors import UserError
from thinkact.formats.base import FINAL_ANSWER_TOOL, Format, Parsed

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


def __getattr__(name: str) -> Any:
    # `resolve_format` lived here; it is thinkact.resolve's now (formats do not know models).
    if name == "resolve_format":
        from thinkact.resolve import resolve_format

        return resolve_format
    raise AttributeError(f"module 'thinkact.formats' has no attribute {name!r}")


__all__ = ["FINAL_ANSWER_TOOL", "FORMATS", "Format", "Parsed", "get_format"]
