"""Saved KV states of the embedded model, so a prompt that comes back is not evaluated again.

llama.cpp keeps one sequence in its KV cache and reuses only the prefix the next prompt
shares with it. A run often interleaves prompts: the screening and decline-check questions
between two turns of the main conversation, the planner, executor and verifier of PEV, a
summary of dropped turns. Each switch threw the main conversation's cache away, and the
next turn evaluated it all again (BFCL's live_multiple: ~35 s of a ~130 s item, redoing
~1,000 prompt tokens after the decline check). So before a prompt would overwrite a long
cached sequence, that sequence's state is copied out (about 28 KB a token for the embedded
model, milliseconds to copy), and a later prompt that shares more with a saved state than
with the cache starts from that state.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

# A sequence shorter than this is not worth a slot: it evaluates again in a few seconds.
MIN_TOKENS = 256
# A saved state is loaded only when it spares at least this many tokens over the cache.
MIN_GAIN = 32


@dataclass(frozen=True)
class Saved:
    tokens: tuple[int, ...]  # the sequence whose keys and values `state` holds
    state: bytes


def common_prefix(a: Sequence[int], b: Sequence[int]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _read(llm: Any) -> Saved:
    import llama_cpp

    size = llama_cpp.llama_state_get_size(llm._ctx.ctx)
    buffer = (ctypes.c_uint8 * size)()
    written = llama_cpp.llama_state_get_data(llm._ctx.ctx, buffer, size)
    return Saved(tuple(llm._input_ids.tolist()), ctypes.string_at(buffer, written))


def _write(llm: Any, saved: Saved) -> None:
    import llama_cpp

    buffer = (ctypes.c_uint8 * len(saved.state)).from_buffer_copy(saved.state)
    if llama_cpp.llama_state_set_data(llm._ctx.ctx, buffer, len(saved.state)) != len(saved.state):
        raise RuntimeError("llama.cpp did not take the saved state")
    n = len(saved.tokens)
    llm.input_ids[:n] = saved.tokens
    llm.n_tokens = n


class PromptStates:
    """A few saved states of one Llama, the longest kept when there is no room.

    `before(llm, tokens)` is called, under the engine's lock, before `tokens` are evaluated:
    it saves the cached sequence if they would overwrite much of it, and loads a saved one
    that shares more with them. `read` and `write` copy a state out of and into the Llama
    (llama.cpp's state API by default).
    """

    def __init__(
        self,
        slots: int = 4,
        max_bytes: int = 1 << 30,
        *,
        read: Callable[[Any], Saved] = _read,
        write: Callable[[Any, Saved], None] = _write,
    ) -> None:
        self.slots = slots
        self.max_bytes = max_bytes
        self.read = read
        self.write = write
        self.saved: list[Saved] = []

    def clear(self) -> None:
        self.saved.clear()

    def before(self, llm: Any, tokens: Sequence[int]) -> None:
        if self.slots < 1:
            return
        cached = llm._input_ids.tolist()
        kept = common_prefix(cached, tokens)
        shared, best = max(
            ((common_prefix(s.tokens, tokens), s) for s in self.saved),
            key=lambda pair: pair[0],
            default=(0, None),
        )
        gain = shared - kept
        if len(cached) - kept >= MIN_TOKENS:  # evaluating `tokens` would overwrite it
            self._keep(self.read(llm))
        if best is not None and gain >= MIN_GAIN:
            try:
                self.write(llm, best)
            except RuntimeError:  # not taken: start from an empty cache, as without it
                self.saved = [x for x in self.saved if x is not best]
                llm.reset()

    def _keep(self, new: Saved) -> None:
        # A state the new one extends is superseded; one that extends the new one holds all.
        if any(s.tokens[: len(new.tokens)] == new.tokens for s in self.saved):
            return
        self.saved = [s for s in self.saved if new.tokens[: len(s.tokens)] != s.tokens]
        self.saved.append(new)
        # No room: drop the shortest, which is the cheapest to evaluate again.
        while len(self.saved) > self.slots or sum(len(s.state) for s in self.saved) > (
            self.max_bytes
        ):
            self.saved.remove(min(self.saved, key=lambda s: len(s.tokens)))
