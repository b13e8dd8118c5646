"""What an OpenAI-compatible server does with tools, grammars and schemas: the probe, its
cache, and the format `auto` picks from it (issue 28)."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from api_fakes import FakeAPI, chat, hermetic_sdk_env  # noqa: F401
from served_fakes import Served, served_model

from thinkact.errors import BadRequestError, ModelError, RateLimitError, ServerError
from thinkact.models.anthropic import AnthropicModel
from thinkact.models.capabilities import (
    Capabilities,
    CapabilityCache,
    cache_key,
    cache_path,
    rejects_tools,
)
from thinkact.models.openai import OpenAIModel
from thinkact.resolve import resolve_format
from thinkact.types import ModelRequest, UserMessage

URL = "http://127.0.0.1:8765/v1"


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("THINKACT_HOME", str(tmp_path))
    return tmp_path / "servers.json"


def constrained_request() -> ModelRequest:
    return ModelRequest(
        (UserMessage("hi"),), grammar='root ::= "a"', json_schema={"type": "object"}
    )


def test_a_server_whose_tool_calls_work_gets_native_and_is_asked_once() -> None:
    server = Served(tools="calls", grammar=True)
    assert resolve_format("auto", served_model(server)).name == "native"
    asked = len(server.bodies)
    assert asked == 5  # tools, grammar, then each schema field in turn
    assert server.bodies[0]["tool_choice"] == "auto"  # as runs ask: a forced call proves nothing
    # a new model of the same (URL, model) reads the cache
    again = served_model(server)
    assert resolve_format("auto", again).name == "native"
    assert len(server.bodies) == asked
    assert again.capabilities() == Capabilities(True, True, None, again.capabilities().probed_at)


def test_llama_cpp_python_default_chat_format_gets_xml_under_its_grammar() -> None:
    # tool calls come back as text, `grammar` is honoured, response_format json_schema is a 500
    server = Served(tools="text", grammar=True, schema="json_object")
    model = served_model(server)
    assert resolve_format("auto", model).name == "xml"
    caps = model.capabilities()
    assert caps is not None
    assert (caps.tool_calls, caps.grammar, caps.schema) == (False, True, "json_object")
    assert "text instead of a tool call" in caps.detail
    body = model.params(constrained_request())
    assert body["response_format"] == {"type": "json_object", "schema": {"type": "object"}}
    body = model.params(ModelRequest((UserMessage("hi"),), grammar='root ::= "a"'))
    assert body["grammar"] == 'root ::= "a"'


def test_a_server_that_refuses_tools_with_only_a_schema_gets_json() -> None:
    # vLLM without --enable-auto-tool-choice
    refusal = '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser'
    server = Served(tools=400, refusal=refusal, schema="json_schema")
    model = served_model(server)
    fmt = resolve_format("auto", model)
    assert fmt.name == "json"
    schema = fmt.json_schema(())
    assert schema is not None
    body = model.params(ModelRequest((UserMessage("hi"),), json_schema=schema))
    assert body["response_format"]["type"] == "json_schema"
    assert "grammar" not in model.params(constrained_request())


def test_guided_json_is_vllms_own_field() -> None:
    model = served_model(Served(tools="text", schema="guided_json"))
    assert resolve_format("auto", model).name == "json"
    body = model.params(constrained_request())
    assert body["guided_json"] == {"type": "object"} and "response_format" not in body


def test_a_server_without_constraints_gets_plain_xml() -> None:
    model = served_model(Served(tools="text"))
    assert resolve_format("auto", model).name == "xml"
    body = model.params(constrained_request())
    assert "grammar" not in body and "response_format" not in body


def test_a_text_format_named_outright_is_constrained_too() -> None:
    server = Served(tools="text", grammar=True)
    model = served_model(server)
    assert resolve_format("react", model).name == "react"
    assert model.params(constrained_request())["grammar"]


def test_native_named_outright_asks_nothing() -> None:
    server = Served()
    assert resolve_format("native", served_model(server)).name == "native"
    assert server.bodies == []


def test_refresh_asks_again(private_cache: Path) -> None:
    server = Served(tools="calls")
    model = served_model(server)
    assert model.capabilities() is not None and model.capabilities().tool_calls
    server.tools = "text"
    assert not served_model(server).capabilities(refresh=True).tool_calls  # type: ignore[union-attr]
    stored = json.loads(private_cache.read_text())
    assert stored[cache_key(URL, "qwen")]["tool_calls"] is False


def test_an_old_answer_is_asked_again() -> None:
    cache = CapabilityCache(max_age=60)
    cache.put("k", Capabilities(True, probed_at=1000.0))
    assert cache.get("k", now=1059.0) is not None
    assert cache.get("k", now=1061.0) is None


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"k": {"tool_calls": 3}}'])
def test_a_broken_cache_file_is_no_cache(private_cache: Path, content: str) -> None:
    private_cache.write_text(content)
    server = Served(tools="text")
    assert resolve_format("auto", served_model(server)).name == "xml"
    assert server.bodies  # asked, since the file said nothing usable


def test_cache_path_without_thinkact_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("THINKACT_HOME")
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere")
    assert cache_path() == Path("/somewhere/thinkact/servers.json")


def test_an_unreachable_server_is_not_probed_into_the_cache(private_cache: Path) -> None:
    api = FakeAPI(httpx.ConnectError("refused"))
    model = OpenAIModel("qwen", base_url=URL, http_client=api.client())
    assert resolve_format("auto", model).name == "native"  # tools refused later fall back
    assert not private_cache.exists()
    with pytest.raises(ModelError):
        OpenAIModel(
            "qwen", base_url=URL, http_client=FakeAPI(httpx.ConnectError("x")).client()
        ).capabilities()


def test_openai_and_anthropic_keep_their_native_path() -> None:
    api = FakeAPI()
    openai_model = OpenAIModel("gpt-4o-mini", api_key="sk-test", http_client=api.client())
    assert openai_model.capabilities() is None
    assert resolve_format("auto", openai_model).name == "native"
    claude = AnthropicModel("claude-sonnet-4-5", api_key="sk-ant-test", http_client=api.client())
    assert resolve_format("auto", claude).name == "native"
    assert api.requests == []


@pytest.mark.parametrize(
    ("error", "refused"),
    [
        (
            BadRequestError(
                "x said: registry.ollama.ai/library/gemma:2b does not support tools", status=400
            ),
            True,
        ),
        (
            BadRequestError(
                'x said: "auto" tool choice requires --enable-auto-tool-choice', status=400
            ),
            True,
        ),
        (ServerError("x said: tools param requires --jinja flag", status=500), True),
        (BadRequestError("x said: the prompt is too long", status=400), False),
        (RateLimitError("x said: too many tool calls per minute", status=429), False),
        (ServerError(f"the server at {URL}/tools said: boom", status=500), False),
        (ValueError("tools"), False),
    ],
)
def test_which_errors_refuse_tools(error: Exception, refused: bool) -> None:
    assert rejects_tools(error, f"{URL}/tools") is refused


def test_the_probe_is_shown_by_thinkact_models(
    capsys: pytest.CaptureFixture[str], private_cache: Path
) -> None:
    from thinkact.commands.common import make_console
    from thinkact.commands.models import probe

    key = cache_key(URL, "qwen")
    CapabilityCache().put(key, Capabilities(False, True, "json_object", 4e9, "text instead"))
    assert probe(make_console(), f"openai:qwen@{URL}") == 0
    out = capsys.readouterr().out
    assert "tool calls" in out and "no" in out and "json_object" in out
    assert "auto picks      xml" in out and str(private_cache) in out.replace("\n", "")


def test_thinkact_models_probe_refuses_other_providers() -> None:
    from thinkact.commands.common import make_console
    from thinkact.commands.models import probe
    from thinkact.errors import UserError

    with pytest.raises(UserError, match="OpenAI-compatible"):
        probe(make_console(), "anthropic:claude-sonnet-4-5")
