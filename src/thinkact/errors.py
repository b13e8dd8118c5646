"""The error tree, split by audience: what the model should fix vs what the user must.

ThinkactError
├── UserError                 the developer misused the API or the CLI (fix the call)
├── FormatError               a model reply could not be parsed (goes back to the model)
├── ToolRetry                 raised by a tool: its message goes to the model as-is
├── ReplayMismatch            a replayed run asked what the recording does not hold
└── ModelError                a provider failed (after our retries, where retryable)
    ├── AuthenticationError   bad or missing key: never retried
    ├── BadRequestError       the request itself is wrong: never retried
    │   ├── ContextTooLongError
    │   └── ToolsUnsupportedError  a server that refuses the request's tools
    ├── NotFoundError         unknown model or endpoint
    └── TransientError        worth retrying with backoff
        ├── RateLimitError
        ├── OverloadedError
        ├── ServerError
        ├── ModelTimeoutError
        └── ModelConnectionError
"""

from __future__ import annotations


class ThinkactError(Exception):
    """Base of every error thinkact raises on purpose."""


class UserError(ThinkactError):
    """The API or CLI was used in a way that cannot work; the message says how to fix it."""


class FormatError(ThinkactError):
    """A model reply did not follow the action format. The message is written for the model."""


class ToolRetry(ThinkactError):
    """Raise inside a tool to send the model a message without the `TOOL ERROR: Type:` prefix."""


class ReplayMismatch(ThinkactError):
    """A replayed run made a request that the recording does not hold."""


class ModelError(ThinkactError):
    """A model provider failed. `provider` names it; the message says what to do."""

    def __init__(self, message: str, *, provider: str = "", status: int | None = None) -> None:
        super().__init__(message)
        self.provider = provider
        self.status = status


class AuthenticationError(ModelError):
    pass


class BadRequestError(ModelError):
    pass


class ContextTooLongError(BadRequestError):
    pass


class ToolsUnsupportedError(BadRequestError):
    """An OpenAI-compatible server refused the request's tools (a 400 or 500 naming them);
    a run that chose `auto` goes on in a text format (`fallback`: its name)."""

    def __init__(
        self, message: str, *, provider: str = "", status: int | None = None, fallback: str
    ) -> None:
        super().__init__(message, provider=provider, status=status)
        self.fallback = fallback


class NotFoundError(ModelError):
    pass


class TransientError(ModelError):
    """Worth retrying. `retry_after` is the server's hint in seconds, when it gave one."""

    def __init__(
        self,
        message: str,
        *,
        provider: str = "",
        status: int | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message, provider=provider, status=status)
        self.retry_after = retry_after


class RateLimitError(TransientError):
    pass


class OverloadedError(TransientError):
    pass


class ServerError(TransientError):
    pass


class ModelTimeoutError(TransientError):
    pass


class ModelConnectionError(TransientError):
    pass
