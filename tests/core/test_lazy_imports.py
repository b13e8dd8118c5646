"""`thinkact`: its public names import lazily, resolve to the real objects, and `import
thinkact` loads no model SDK, HTTP client or local runtime (issue 25; bench/import_time.py
prints the figure)."""

from __future__ import annotations

import json
import subprocess
import sys

import thinkact

HEAVY = ("anthropic", "openai", "httpx", "httpcore", "llama_cpp", "rich", "bm25s", "pypdf")


def loaded_after(code: str) -> list[str]:
    probe = (
        f"import json, sys\n{code}\n"
        f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    loaded: list[str] = json.loads(out.stdout)
    return loaded


def test_all_is_sorted_and_every_name_resolves_to_its_module_object() -> None:
    from thinkact.agent import Agent
    from thinkact.tools.base import tool
    from thinkact.types import ToolCall

    assert thinkact.__all__ == sorted(thinkact.__all__)
    for name in thinkact.__all__:
        assert getattr(thinkact, name) is not None
    assert (thinkact.Agent, thinkact.tool, thinkact.ToolCall) == (Agent, tool, ToolCall)
    assert set(thinkact.__all__) <= set(dir(thinkact))


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        thinkact.NoSuchThing  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as e:
        assert "NoSuchThing" in str(e)
    else:
        raise AssertionError("no AttributeError")


def test_import_thinkact_loads_no_sdk_client_or_runtime() -> None:
    loaded = loaded_after("import thinkact")
    assert not set(loaded) & {*HEAVY, "pydantic", "asyncio"}, loaded


def test_the_agent_and_tool_load_no_sdk_client_or_runtime() -> None:
    loaded = loaded_after("from thinkact import Agent, AgentConfig, tool")
    assert not set(loaded) & set(HEAVY), loaded
