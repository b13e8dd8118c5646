"""Greedy decoding under a grammar, with the grammar checked lazily.

llama-cpp-python applies a grammar to every one of the model's ~152k tokens at every step
(measured here: ~24 ms a token on this CPU, a third of a token's decode time). Greedy
decoding only needs the grammar's word on the token it is about to pick: take the argmax,
ask the grammar about that one token, and only if it is refused filter the whole vocabulary
and take the argmax of what is left. The result is the same token either way; llama.cpp's
own server samples this way.

Imported only when a model loads (it needs llama_cpp).
"""

from __future__ import annotations

import ctypes
import math
import weakref
from typing import Any

import llama_cpp
import numpy as np
from llama_cpp import Llama
from llama_cpp import _internals as internals

_TOKEN_DATA = np.dtype([("id", np.intc), ("logit", np.single), ("p", np.single)], align=True)
assert _TOKEN_DATA.itemsize == ctypes.sizeof(llama_cpp.llama_token_data)


class LazyGrammarGreedy:
    """The last sampler of a chain: picks the best token the grammar allows, and accepts it
    into the grammar itself (its `accept` hook is empty)."""

    def __init__(self, vocab: Any, grammar: str) -> None:
        self.grammar = llama_cpp.llama_sampler_init_grammar(vocab, grammar.encode(), b"root")
        if not self.grammar:
            raise ValueError("grammar does not parse")
        weakref.finalize(self, llama_cpp.llama_sampler_free, self.grammar)
        self._one_data = (llama_cpp.llama_token_data * 1)()
        self._one_view = np.frombuffer(memoryview(self._one_data), dtype=_TOKEN_DATA)
        self._one = llama_cpp.llama_token_data_array(
            data=self._one_data, size=1, selected=-1, sorted=False
        )
        self.full_checks = 0  # steps where the greedy token was refused (for tests and tuning)

    def _allows(self, token: int, logit: float) -> bool:
        self._one_view["id"][0] = token
        self._one_view["logit"][0] = logit
        self._one.size, self._one.selected = 1, -1
        llama_cpp.llama_sampler_apply(self.grammar, ctypes.byref(self._one))
        return not math.isinf(float(self._one_view["logit"][0]))

    def apply(self, cur_p: Any) -> None:
        cur = cur_p.contents
        buf = (ctypes.c_char * (cur.size * _TOKEN_DATA.itemsize)).from_address(
            ctypes.addressof(cur.data.contents)
        )
        data = np.frombuffer(buf, dtype=_TOKEN_DATA)
        best = int(np.argmax(data["logit"]))
        token = int(data["id"][best])
        if not self._allows(token, float(data["logit"][best])):
            self.full_checks += 1
            llama_cpp.llama_sampler_apply(self.grammar, cur_p)
            best = int(np.argmax(data["logit"]))
            token = int(data["id"][best])
            if math.isinf(float(data["logit"][best])):
                # A grammar with no way forward. Accepting would abort the process inside
                # llama.cpp; leave the grammar behind and let the reply fail to parse instead.
                cur.selected = best
                return
        cur.selected = best
        llama_cpp.llama_sampler_accept(self.grammar, token)


class LazyGrammarLlama(Llama):  # type: ignore[misc,unused-ignore]  # Any without llama_cpp
    """Llama whose greedy, grammar-constrained sampling checks the grammar lazily."""

    lazy_grammar = True  # False: llama-cpp-python's own sampling (kept for comparison)
    last_sampler: LazyGrammarGreedy | None = None

    def _init_sampler(self, **kwargs: Any) -> Any:  # type: ignore[override,unused-ignore]
        grammar = kwargs.get("grammar")
        plain = (
            kwargs.get("repeat_penalty", 1.0) == 1.0
            and not kwargs.get("frequency_penalty")
            and not kwargs.get("logits_processor")
        )
        if not self.lazy_grammar or grammar is None or kwargs.get("temp") != 0.0 or not plain:
            return super()._init_sampler(**kwargs)
        lazy = LazyGrammarGreedy(self._model.vocab, grammar._grammar)
        sampler = internals.LlamaSampler()  # type: ignore[no-untyped-call,unused-ignore]
        sampler.add_custom(lazy.apply)
        self.last_sampler = lazy
        return sampler


__all__ = ["LazyGrammarGreedy", "LazyGrammarLlama"]
