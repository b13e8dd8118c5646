"""`provider_status()` for `thinkact models`, model strings, and lazy SDK imports."""

from __future__ import annotations

import subprocess
import sys

import pytest
from api_fakes import hermetic_sdk_env  # noqa: F401

from thinkact.errors import UserError
from thinkact.models import resolve_model
from thinkact.models.anthropic import AnthropicModel
from thinkact.models.openai import OpenAIModel
from thinkact.models.registry import provider_status
from thinkact.models.status import ProviderStatus


def by_name(env: dict[str, str]) -> dict[str, ProviderStatus]:
    return {s.name: s for s in provider_status(env)}


def test_lists_every_provider_without_keys() -> None:
    status = by_name({})
    assert list(status) == ["local", "anthropic", "openai", "openai-compatible", "scripted"]
    assert not status["anthropic"].usable
    assert "ANTHROPIC_API_KEY" in status["anthropic"].how_to_enable
    assert not status["openai"].usable
    assert "OPENAI_API_KEY" in status["openai"].how_to_enable
    assert status["scripted"].usable
    for s in status.values():
        assert s.detail and s.example
        assert s.usable or s.how_to_enable  # every unusable provider says how to fix it
        assert s.to_dict()["name"] == s.name


def test_keys_make_providers_usable() -> None:
    status = by_name({"ANTHROPIC_API_KEY": "sk-ant-x", "OPENAI_API_KEY": "sk-x"})
    assert status["anthropic"].usable and "ANTHROPIC_API_KEY is set" in status["anthropic"].detail
    assert status["openai"].usable
    assert "sk-" not in status["anthropic"].detail + status["openai"].detail  # no key shown


def test_compatible_server_from_the_environment() -> None:
    env = {"THINKACT_OPENAI_BASE_URL": "http://localhost:11434/v1"}
    s = by_name(env)["openai-compatible"]
    assert s.usable and "http://localhost:11434/v1" in s.detail and "not contacted" in s.detail


def test_local_status_is_reported_either_way() -> None:
    s = by_name({})["local"]
    assert s.usable or s.how_to_enable


LAZY = """
import sys
import thinkact
from thinkact.models.registry import provider_status
provider_status()
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("anthropic", "openai", "httpx2"))
print(heavy)
"""


def test_import_and_status_do_not_import_the_sdks() -> None:
    out = subprocess.run(
        [sys.executable, "-c", LAZY], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip() == "[]", out.stdout


def test_model_strings() -> None:
    a = resolve_model("anthropic:claude-haiku-4-5")
    assert isinstance(a, AnthropicModel) and a.name == "anthropic:claude-haiku-4-5"
    assert resolve_model("anthropic").name == "anthropic:claude-sonnet-4-6"
    o = resolve_model("openai:gpt-4o-mini")
    assert isinstance(o, OpenAIModel) and o.name == "openai:gpt-4o-mini" and not o.compatible
    c = resolve_model("openai:qwen2.5@http://localhost:8080/v1")
    assert isinstance(c, OpenAIModel) and c.compatible
    assert c.name == "openai:qwen2.5@http://localhost:8080/v1"
    assert resolve_model(c.name).name == c.name  # the name resolves back to the same model
    with pytest.raises(UserError, match="http"):
        resolve_model("openai:qwen@localhost:8080")


def test_explicit_openai_base_url_is_not_compatible() -> None:
    m = OpenAIModel("gpt-4o", base_url="https://api.openai.com/v1", api_key="k")
    assert not m.compatible and m.name == "openai:gpt-4o"
