"""Which providers can run here, and how to enable the others (for `thinkact models`).

Cheap and offline: looks at environment variables and installed packages, never imports an
SDK, never sends a request, never hashes model weights.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from thinkact.models.openai import BASE_URL_ENV, KEY_ENV


@dataclass(frozen=True, slots=True)
class ProviderStatus:
    """One provider: can it run here (`usable`), what we found (`detail`), how to enable it."""

    name: str
    usable: bool
    detail: str
    how_to_enable: str = ""
    example: str = ""  # a model string that selects it

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "usable": self.usable,
            "detail": self.detail,
            "how_to_enable": self.how_to_enable,
            "example": self.example,
        }


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _anthropic(env: Mapping[str, str]) -> ProviderStatus:
    example = "anthropic:claude-sonnet-4-6"
    if not _installed("anthropic"):
        return ProviderStatus(
            "anthropic",
            False,
            "the anthropic SDK is not installed",
            "pip install anthropic",
            example,
        )
    for var in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"):
        if env.get(var):
            return ProviderStatus("anthropic", True, f"{var} is set", "", example)
    return ProviderStatus(
        "anthropic",
        False,
        "no API key (ANTHROPIC_API_KEY is not set)",
        "export ANTHROPIC_API_KEY=sk-ant-... (from console.anthropic.com)",
        example,
    )


def _openai(env: Mapping[str, str]) -> ProviderStatus:
    example = "openai:gpt-4o-mini"
    if not _installed("openai"):
        return ProviderStatus(
            "openai", False, "the openai SDK is not installed", "pip install openai", example
        )
    if env.get("OPENAI_API_KEY"):
        return ProviderStatus("openai", True, "OPENAI_API_KEY is set", "", example)
    return ProviderStatus(
        "openai",
        False,
        "no API key (OPENAI_API_KEY is not set)",
        "export OPENAI_API_KEY=sk-... (from platform.openai.com)",
        example,
    )


def _compatible(env: Mapping[str, str]) -> ProviderStatus:
    name = "openai-compatible"
    example = "openai:MODEL@http://localhost:11434/v1"
    if not _installed("openai"):
        return ProviderStatus(
            name, False, "the openai SDK is not installed", "pip install openai", example
        )
    url = env.get(BASE_URL_ENV)
    if url:
        key = "with THINKACT_OPENAI_API_KEY" if env.get(KEY_ENV) else "without a key"
        return ProviderStatus(
            name, True, f"{BASE_URL_ENV}={url} ({key}; not contacted)", "", "openai:MODEL"
        )
    return ProviderStatus(
        name,
        True,
        "any Ollama, vLLM or llama.cpp server, named in the model string",
        f"use openai:MODEL@BASE_URL, or export {BASE_URL_ENV}=http://localhost:11434/v1",
        example,
    )


def _local() -> ProviderStatus:
    example = "local"
    try:
        weights = importlib.import_module("thinkact.models.weights")
        status = weights.local_status()
        problems = list(status.problems())
        ready = bool(status.ready)
        path = getattr(status, "path", "")
    except Exception:  # the weights module is missing or changed: judge from packages
        if _installed("llama_cpp"):
            return ProviderStatus("local", True, "llama-cpp-python is installed", "", example)
        return ProviderStatus(
            "local",
            False,
            "llama-cpp-python is not installed",
            "pip install 'thinkact[local]' (see README for the build flags)",
            example,
        )
    if ready:
        return ProviderStatus("local", True, f"embedded model ready ({path})", "", example)
    return ProviderStatus(
        "local",
        False,
        "; ".join(p.split(":")[0] for p in problems) or "not ready",
        "; ".join(problems),
        example,
    )


def _scripted() -> ProviderStatus:
    return ProviderStatus(
        "scripted",
        True,
        "replays replies from a JSON file (tests, demos)",
        "",
        "scripted:FILE.json",
    )


def provider_status(env: Mapping[str, str] | None = None) -> list[ProviderStatus]:
    """Every provider, in the order `thinkact models` lists them. `env` defaults to
    `os.environ` (tests pass their own)."""
    env = os.environ if env is None else env
    return [_local(), _anthropic(env), _openai(env), _compatible(env), _scripted()]
