"""Let an `httpx.Client` drive an SDK that speaks `httpx2`.

The installed `anthropic` and `openai` SDKs are built on `httpx2` and refuse `httpx`
clients, while thinkact (and its users) hand out `httpx` clients, e.g. one with a
`MockTransport` in tests. `sdk_client()` passes an `httpx2` client through untouched and
wraps an `httpx` one in a transport that forwards each request to it.
"""

from __future__ import annotations

from typing import Any

import httpx
import httpx2

from thinkact.errors import UserError

# Headers that describe the wire encoding httpx already undid; forwarding them would make
# httpx2 decode the body a second time.
_DROP = frozenset({b"content-encoding", b"content-length", b"transfer-encoding"})


def sdk_client(client: Any, *, is_async: bool) -> Any:
    """`client` as the SDK accepts it: httpx2 clients and None pass, httpx ones are wrapped."""
    if isinstance(client, httpx.AsyncClient) and is_async:
        return httpx2.AsyncClient(transport=_AsyncBridge(client), timeout=None)
    if isinstance(client, httpx.Client) and not is_async:
        return httpx2.Client(transport=_SyncBridge(client), timeout=None)
    if isinstance(client, httpx.Client | httpx.AsyncClient):
        want = "an httpx.AsyncClient (async_http_client=)" if is_async else "an httpx.Client"
        raise UserError(f"expected {want}, got {type(client).__name__}")
    return client


def _to_httpx(client: httpx.Client | httpx.AsyncClient, request: httpx2.Request) -> httpx.Request:
    """The same request, built by `client` so its default headers and cookies apply."""
    timeout = request.extensions.get("timeout")
    return client.build_request(
        request.method,
        str(request.url),
        headers=list(request.headers.raw),
        content=request.content,
        extensions={"timeout": timeout} if timeout else None,
    )


def _to_httpx2(response: httpx.Response, request: httpx2.Request) -> httpx2.Response:
    headers = [(k, v) for k, v in response.headers.raw if k.lower() not in _DROP]
    return httpx2.Response(
        response.status_code, headers=headers, content=response.content, request=request
    )


def _translate(error: httpx.HTTPError, request: httpx2.Request) -> Exception:
    """The httpx2 twin of an httpx transport error, so the SDK maps it as it would its own."""
    cls: type[httpx2.TransportError] = httpx2.TransportError
    if isinstance(error, httpx.TimeoutException):
        cls = httpx2.ReadTimeout
    elif isinstance(error, httpx.ConnectError):
        cls = httpx2.ConnectError
    elif isinstance(error, httpx.NetworkError):
        cls = httpx2.ReadError
    elif isinstance(error, httpx.RemoteProtocolError):
        cls = httpx2.RemoteProtocolError
    return cls(str(error) or type(error).__name__, request=request)


class _SyncBridge(httpx2.BaseTransport):
    def __init__(self, client: httpx.Client) -> None:
        self.client = client

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        request.read()
        try:
            response = self.client.send(_to_httpx(self.client, request))
        except httpx.HTTPError as e:
            raise _translate(e, request) from e
        return _to_httpx2(response, request)

    def close(self) -> None:
        self.client.close()


class _AsyncBridge(httpx2.AsyncBaseTransport):
    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        await request.aread()
        try:
            response = await self.client.send(_to_httpx(self.client, request))
        except httpx.HTTPError as e:
            raise _translate(e, request) from e
        return _to_httpx2(response, request)

    async def aclose(self) -> None:
        await self.client.aclose()
