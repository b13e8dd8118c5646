"""Prices and context windows of known models."""

from __future__ import annotations

import pytest

from thinkact.models.pricing import context_window_for, price_for, usage_with_cost


@pytest.mark.parametrize(
    ("model", "input_price"),
    [
        ("claude-sonnet-4-6", 3.0),
        ("claude-haiku-4-5-20251001", 1.0),
        ("claude-3-5-haiku-latest", 0.8),
        ("claude-opus-4-1", 15.0),
        ("gpt-4o", 2.5),
        ("gpt-4o-2024-08-06", 2.5),
        ("gpt-4o-mini", 0.15),  # the longer name wins over its prefix gpt-4o
        ("gpt-4o-mini-2024-07-18", 0.15),
        ("GPT-4.1-nano", 0.1),
        ("o4-mini-2025-04-16", 1.1),
    ],
)
def test_known_models(model: str, input_price: float) -> None:
    price = price_for(model)
    assert price is not None and price.input == input_price


@pytest.mark.parametrize(
    "model", ["gpt-4o-audio-preview", "claude-sonnet-5", "qwen2.5", "gpt-4o-minix", ""]
)
def test_unknown_models_are_not_guessed(model: str) -> None:
    assert price_for(model) is None
    assert usage_with_cost(model, uncached_input=100, output=10).cost is None


def test_claude_cache_rates() -> None:
    p = price_for("claude-haiku-4-5")
    assert p is not None and (p.cached_input, p.cache_write) == (0.1, 1.25)


def test_usage_with_cost_counts_every_prompt_token() -> None:
    u = usage_with_cost(
        "claude-sonnet-4-6", uncached_input=1000, output=500, cache_read=4000, cache_write=2000
    )
    assert (u.input_tokens, u.cached_tokens, u.output_tokens) == (7000, 4000, 500)
    assert u.cost == pytest.approx((1000 * 3 + 4000 * 0.3 + 2000 * 3.75 + 500 * 15) / 1e6)
    assert usage_with_cost("gpt-4o", uncached_input=1, output=1, priced=False).cost is None


def test_context_windows() -> None:
    assert context_window_for("gpt-4.1-2025-04-14", 1) == 1_047_576
    assert context_window_for("claude-opus-4-8", 200_000) == 1_000_000
    assert context_window_for("claude-haiku-4-5", 200_000) == 200_000
    assert context_window_for("mystery", 4096) == 4096
