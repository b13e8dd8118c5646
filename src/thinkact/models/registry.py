"""Model strings -> models.

    anthropic:MODEL            Claude through the official SDK
    anthropic:MODEL@BASE_URL   Claude through a proxy or gateway at BASE_URL
    openai:MODEL               OpenAI Chat Completions
    openai:MODEL@BASE_URL      any OpenAI-compatible server (Ollama, vLLM, llama.cpp)
    local | local:PATH.gguf    the embedded llama.cpp model (the default)
    scripted:FILE.json         replies from a file (tests, demos)

`THINKACT_MODEL` sets the default. Provider modules are imported only when used, so
`import thinkact` stays fast. `provider_status()` tells which providers can run here.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

from thinkact.errors import UserError
from thinkact.models.base import Model

if TYPE_CHECKING:
    from thinkact.models.status import ProviderStatus

DEFAULT_MODEL = "local"


def resolve_model(spec: str | None = None) -> Model:
    spec = (spec or os.environ.get("THINKACT_MODEL") or DEFAULT_MODEL).strip()
    provider, _, rest = spec.partition(":")
    if provider == "scripted":
        from thinkact.testing import ScriptedModel

        if not rest:
            raise UserError("scripted models need a file: scripted:replies.json")
        return ScriptedModel.from_file(rest)
    if provider == "anthropic":
        from thinkact.models.anthropic import DEFAULT_MODEL as CLAUDE
        from thinkact.models.anthropic import AnthropicModel

        model, base_url = _at_url(spec, rest)
        return AnthropicModel(model or CLAUDE, base_url=base_url)
    if provider == "openai":
        from thinkact.models.openai import OpenAIModel

        model, base_url = _at_url(spec, rest)
        return OpenAIModel(model or "gpt-4o-mini", base_url=base_url)
    if provider == "local":
        from thinkact.models.local import LocalModel

        return LocalModel(rest or None)
    raise UserError(
        f"unknown model {spec!r}. Use anthropic:MODEL[@BASE_URL], openai:MODEL[@BASE_URL], "
        "local[:PATH.gguf] or scripted:FILE.json (see `thinkact models`)."
    )


def _at_url(spec: str, rest: str) -> tuple[str, str | None]:
    """`MODEL@BASE_URL` -> (MODEL, BASE_URL); without `@`, no base URL."""
    model, _, base_url = rest.partition("@")
    if base_url and not base_url.startswith(("http://", "https://")):
        raise UserError(f"{spec!r}: the base URL after @ must start with http:// or https://")
    return model, base_url or None


def provider_status(env: Mapping[str, str] | None = None) -> list[ProviderStatus]:
    """Each provider, whether it is usable here and how to enable it (`thinkact models`)."""
    from thinkact.models.status import provider_status as status

    return status(env)
