"""Prices and context windows of known Claude and GPT models.

Prices are USD per million tokens, from the providers' public price pages (2025-2026);
models newer than this table (Claude 5, GPT-5.x) are priced as unknown until added here.
A model is known by its exact name, or that name plus a date stamp (`-20250929`,
`-2024-08-06`) or `-latest`; anything else is unknown, and an unknown model's cost is None
rather than a guess.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from thinkact.types import Usage


@dataclass(frozen=True, slots=True)
class Price:
    """USD per million tokens. `cached_input`: a cache hit; `cache_write`: creating one."""

    input: float
    output: float
    cached_input: float
    cache_write: float | None = None  # None: writes cost the normal input price


def _claude(inp: float, out: float) -> Price:
    # Anthropic: cache reads cost 0.1x input, 5-minute cache writes 1.25x.
    return Price(inp, out, round(inp * 0.1, 6), round(inp * 1.25, 6))


PRICES: dict[str, Price] = {
    # Anthropic
    "claude-opus-4-8": _claude(5.0, 25.0),
    "claude-opus-4-7": _claude(5.0, 25.0),
    "claude-opus-4-6": _claude(5.0, 25.0),
    "claude-sonnet-4-6": _claude(3.0, 15.0),
    "claude-opus-4-5": _claude(5.0, 25.0),
    "claude-opus-4-1": _claude(15.0, 75.0),
    "claude-opus-4": _claude(15.0, 75.0),
    "claude-opus-4-0": _claude(15.0, 75.0),
    "claude-sonnet-4-5": _claude(3.0, 15.0),
    "claude-sonnet-4": _claude(3.0, 15.0),
    "claude-sonnet-4-0": _claude(3.0, 15.0),
    "claude-3-7-sonnet": _claude(3.0, 15.0),
    "claude-3-5-sonnet": _claude(3.0, 15.0),
    "claude-haiku-4-5": _claude(1.0, 5.0),
    "claude-3-5-haiku": _claude(0.8, 4.0),
    "claude-3-haiku": _claude(0.25, 1.25),
    "claude-3-opus": _claude(15.0, 75.0),
    # OpenAI (cached input as listed per model)
    "gpt-4o": Price(2.5, 10.0, 1.25),
    "gpt-4o-mini": Price(0.15, 0.6, 0.075),
    "gpt-4.1": Price(2.0, 8.0, 0.5),
    "gpt-4.1-mini": Price(0.4, 1.6, 0.1),
    "gpt-4.1-nano": Price(0.1, 0.4, 0.025),
    "gpt-5": Price(1.25, 10.0, 0.125),
    "gpt-5-mini": Price(0.25, 2.0, 0.025),
    "gpt-5-nano": Price(0.05, 0.4, 0.005),
    "o1": Price(15.0, 60.0, 7.5),
    "o3": Price(2.0, 8.0, 0.5),
    "o3-mini": Price(1.1, 4.4, 0.55),
    "o4-mini": Price(1.1, 4.4, 0.275),
}

CONTEXT_WINDOWS: dict[str, int] = {
    "claude-opus-4-8": 1_000_000,
    "claude-opus-4-7": 1_000_000,
    "claude-opus-4-6": 1_000_000,
    "claude-sonnet-4-6": 1_000_000,
    "gpt-4o": 128_000,
    "gpt-4o-mini": 128_000,
    "gpt-4.1": 1_047_576,
    "gpt-4.1-mini": 1_047_576,
    "gpt-4.1-nano": 1_047_576,
    "gpt-5": 400_000,
    "gpt-5-mini": 400_000,
    "gpt-5-nano": 400_000,
    "o1": 200_000,
    "o3": 200_000,
    "o3-mini": 200_000,
    "o4-mini": 200_000,
}
ANTHROPIC_CONTEXT_WINDOW = 200_000  # Claude models not listed above
OPENAI_CONTEXT_WINDOW = 128_000

_SUFFIX = re.compile(r"(?:-\d{4}-?\d{2}-?\d{2}|-latest)?")


def _base_name(model: str, table: Collection[str]) -> str:
    """The table key `model` is a dated or `-latest` alias of, or "" if none."""
    name = model.strip().lower()
    if name in table:
        return name
    for key in sorted(table, key=len, reverse=True):
        if name.startswith(key) and _SUFFIX.fullmatch(name[len(key) :]):
            return key
    return ""


def price_for(model: str) -> Price | None:
    key = _base_name(model, PRICES)
    return PRICES[key] if key else None


def context_window_for(model: str, default: int) -> int:
    key = _base_name(model, CONTEXT_WINDOWS)
    return CONTEXT_WINDOWS[key] if key else default


def usage_with_cost(
    model: str,
    *,
    uncached_input: int,
    output: int,
    cache_read: int = 0,
    cache_write: int = 0,
    priced: bool = True,
) -> Usage:
    """A `Usage` whose `input_tokens` counts every prompt token (cached or not) and whose
    `cost` prices each kind at its own rate; cost is None for unknown models or `priced=False`.
    """
    price = price_for(model) if priced else None
    cost = None
    if price is not None:
        write_rate = price.input if price.cache_write is None else price.cache_write
        cost = (
            uncached_input * price.input
            + cache_read * price.cached_input
            + cache_write * write_rate
            + output * price.output
        ) / 1_000_000
    return Usage(
        input_tokens=uncached_input + cache_read + cache_write,
        output_tokens=output,
        cached_tokens=cache_read,
        cost=cost,
    )
