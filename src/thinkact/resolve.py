"""Which Format a run uses: `auto` takes the model's preferred one. Here, not in formats/,
so the formats need not know the Model seam."""

from __future__ import annotations

from typing import TYPE_CHECKING

from thinkact.formats import get_format
from thinkact.formats.base import Format

if TYPE_CHECKING:
    from thinkact.models.base import Model


def resolve_format(fmt: str | Format, model: Model) -> Format:
    """`auto` takes the model's preferred format: native where it has tool calls."""
    if not isinstance(fmt, str):
        return fmt
    if fmt == "auto":
        preferred = getattr(model, "preferred_format", None)
        fmt = preferred or ("native" if model.native_tools else "xml")
    return get_format(fmt)


__all__ = ["resolve_format"]
