"""Which Format a run uses: `auto` takes the model's preferred one. Here, not in formats/,
so the formats need not know the Model seam.

A model that can say what its server does (`capabilities()`: an OpenAI-compatible server,
probed once and cached, see thinkact.models.capabilities) gets native where tool calls
really work there, else the text format its server can constrain; that also turns the
server's grammar or JSON schema support on for a text format named outright.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from thinkact.errors import ModelError
from thinkact.formats import get_format
from thinkact.formats.base import Format

if TYPE_CHECKING:
    from thinkact.models.base import Model


def resolve_format(fmt: str | Format, model: Model) -> Format:
    """`auto` takes the model's preferred format: native where it has tool calls."""
    if not isinstance(fmt, str):
        return fmt
    if fmt == "auto":
        preferred: str | None = getattr(model, "preferred_format", None)
        learned = None if preferred else learn(model)
        if learned is not None:
            preferred = learned.format
        fmt = preferred or ("native" if model.native_tools else "xml")
    elif fmt != "native":
        learn(model)  # the server's grammar or JSON schema keeps this format's replies valid
    return get_format(fmt)


def learn(model: Model) -> Any:
    """What the model's server does (thinkact.models.capabilities.Capabilities), or None:
    not a model that can tell, or a server that cannot be asked now (the run will say why;
    tools it refuses then switch the run to a text format)."""
    capabilities = getattr(model, "capabilities", None)
    if not callable(capabilities):
        return None
    try:
        return capabilities()
    except ModelError:
        return None


__all__ = ["learn", "resolve_format"]
