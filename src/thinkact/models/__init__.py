"""Model providers and the registry of model strings."""

from __future__ import annotations

from thinkact.models.base import Model
from thinkact.models.registry import resolve_model

__all__ = ["Model", "resolve_model"]
