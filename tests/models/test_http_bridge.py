"""httpx clients driving the httpx2-based SDKs."""

from __future__ import annotations

import asyncio
import gzip
import json

import httpx
import pytest
from api_fakes import FakeAPI, chat, hermetic_sdk_env  # noqa: F401

from thinkact.errors import UserError
from thinkact.models.openai import OpenAIModel
from thinkact.types import ModelRequest, UserMessage


def test_compressed_responses_are_decoded_once() -> None:
    payload = chat("zipped").content

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            200,
            content=gzip.compress(payload),
            headers={"content-encoding": "gzip", "content-type": "application/json"},
        )

    client = httpx.Client(transport=httpx.MockTransport(handler))
    m = OpenAIModel("gpt-4o-mini", api_key="k", http_client=client)
    assert m.complete(ModelRequest([UserMessage("x")])).text == "zipped"


def test_request_body_and_headers_pass_through() -> None:
    api = FakeAPI(chat("ok"))
    client = httpx.Client(transport=httpx.MockTransport(api), headers={"x-team": "thinkact"})
    OpenAIModel("gpt-4o-mini", api_key="k", http_client=client).complete(
        ModelRequest([UserMessage("héllo")])
    )
    (req,) = api.requests
    assert json.loads(req.content)["messages"] == [{"role": "user", "content": "héllo"}]
    assert req.headers["x-team"] == "thinkact"  # the user's client settings still apply


def test_a_sync_client_where_an_async_one_is_needed() -> None:
    m = OpenAIModel("gpt-4o-mini", api_key="k", async_http_client=httpx.Client())
    with pytest.raises(UserError, match="AsyncClient"):
        asyncio.run(m.acomplete(ModelRequest([UserMessage("x")])))
