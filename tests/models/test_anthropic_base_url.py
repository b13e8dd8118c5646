"""`anthropic:MODEL@BASE_URL`: Claude through a proxy or gateway, as `openai:MODEL@URL`."""

from __future__ import annotations

import pytest
from api_fakes import FakeAPI, claude, hermetic_sdk_env, text  # noqa: F401

from thinkact.cli import main
from thinkact.errors import UserError
from thinkact.models import resolve_model
from thinkact.models.anthropic import DEFAULT_MODEL, AnthropicModel
from thinkact.types import ModelRequest, UserMessage

PROXY = "http://gateway.test:8080/anthropic"


def test_the_model_string_carries_the_base_url() -> None:
    model = resolve_model(f"anthropic:claude-haiku-4-5@{PROXY}")
    assert isinstance(model, AnthropicModel)
    assert model.model == "claude-haiku-4-5"
    # In the name, so a stored run resumes through the same gateway.
    assert model.name == f"anthropic:claude-haiku-4-5@{PROXY}"
    assert resolve_model(model.name).name == model.name
    assert resolve_model(f"anthropic:@{PROXY}").name == f"anthropic:{DEFAULT_MODEL}@{PROXY}"
    assert resolve_model("anthropic:claude-haiku-4-5").name == "anthropic:claude-haiku-4-5"
    with pytest.raises(UserError, match="must start with http:// or https://"):
        resolve_model("anthropic:claude-haiku-4-5@gateway.test")


def test_requests_go_to_the_base_url() -> None:
    api = FakeAPI(claude(text("hi")))
    model = AnthropicModel(
        "claude-haiku-4-5", base_url=PROXY, api_key="k", http_client=api.client()
    )
    reply = model.complete(ModelRequest([UserMessage("hello")]))
    assert reply.text == "hi"
    (request,) = api.requests
    assert str(request.url) == f"{PROXY}/v1/messages"
    assert request.headers["authorization"] == "Bearer k"


def test_a_bad_base_url_on_the_command_line_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", "x", "-m", "anthropic:claude-haiku-4-5@gateway.test"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "must start with http:// or https://" in err[0]
