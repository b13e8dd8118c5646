"""OpenAI-compatible servers as MockTransport handlers, each behaving like a real one with
tools, grammars and JSON schemas (issue 28): what they do is set per server, the text
replies of a run come from a queue, and every body they receive is kept."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx
from api_fakes import chat, openai_error

from thinkact.models.openai import OpenAIModel


@dataclass
class Served:
    """`tools`: "calls" (structured tool calls), "text" (the call written as text, like
    llama-cpp-python's default chat format), or an HTTP status to refuse them with (and
    `refusal`, its message). `grammar`: honours the `grammar` field. `schema`: the
    response_format type it honours ("json_schema", "json_object") or "guided_json"; a
    response_format type it does not know is a 500, as llama-cpp-python's validation is.
    `replies`: the text of each run request in turn (not the probe's)."""

    tools: str | int = "calls"
    grammar: bool = False
    schema: str | None = None
    refusal: str = "tools param requires --jinja flag"
    replies: list[str] = field(default_factory=list)
    bodies: list[dict[str, Any]] = field(default_factory=list)

    def __call__(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        self.bodies.append(body)
        ask = str(body["messages"][-1].get("content") or "")
        if body.get("tools") and not isinstance(self.tools, str):
            return openai_error(self.tools, self.refusal)
        if ask.startswith("Call the tool `echo`"):
            if self.tools == "calls":
                return chat(None, _call("echo", {"word": "ping"}))
            return chat('```json\n{"name": "echo", "arguments": {"word": "ping"}}\n```')
        fmt = body.get("response_format") or {}
        if fmt and fmt.get("type") not in ("text", "json_object", "json_schema"):
            return openai_error(500, "unknown response_format")
        if fmt.get("type") == "json_schema" and self.schema != "json_schema":
            return openai_error(500, "Input should be 'text' or 'json_object'")
        if ask == "Say hello.":  # the probe's constrained questions
            if body.get("grammar") and self.grammar:
                return chat("zq7")
            wanted = fmt.get("type") if fmt else ("guided_json" if "guided_json" in body else "")
            if wanted and wanted == self.schema:
                return chat('{"probe": "zq7"}')
            return chat("Hello! How can I help you today?")
        return chat(self.replies.pop(0) if self.replies else "(no reply left)")

    def runs(self) -> list[dict[str, Any]]:
        """The bodies of run requests (the probe's left out)."""
        probe = ("Say hello.", 'Call the tool `echo` with the word "ping".')
        return [b for b in self.bodies if b["messages"][-1].get("content") not in probe]


def _call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    fn = {"name": name, "arguments": json.dumps(arguments)}
    return {"id": f"call_{name}", "type": "function", "function": fn}


def served_model(
    server: Served, url: str = "http://127.0.0.1:8765/v1", name: str = "qwen", **kw: Any
) -> OpenAIModel:
    client = httpx.Client(transport=httpx.MockTransport(server))
    return OpenAIModel(name, base_url=url, http_client=client, **kw)


def xml_steps(expression: str, answer: str) -> Sequence[str]:
    """The two xml replies of a calculator run."""
    return (
        "<reasoning>I compute it.</reasoning>\n<action>calculator</action>\n"
        f'<parameters>{{"expression": "{expression}"}}</parameters>',
        f"<reasoning>The result answers it.</reasoning>\n<final_answer>{answer}</final_answer>",
    )
