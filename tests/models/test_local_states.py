"""Which KV states the embedded model saves and loads between interleaved prompts (the
policy; test_local.py has the real llama.cpp round trip)."""

from __future__ import annotations

from thinkact.models.local_states import MIN_TOKENS, PromptStates, Saved, common_prefix


class Tokens(list[int]):
    def tolist(self) -> list[int]:
        return list(self)


class FakeLlm:
    """What PromptStates touches of a Llama: the tokens in the KV cache."""

    def __init__(self) -> None:
        self._input_ids = Tokens()

    def evaluate(self, tokens: list[int]) -> None:
        self._input_ids = Tokens(tokens)

    def reset(self) -> None:
        self._input_ids = Tokens()


class Recorder:
    def __init__(self) -> None:
        self.loaded: list[tuple[int, ...]] = []

    def read(self, llm: FakeLlm) -> Saved:
        ids = tuple(llm._input_ids)
        return Saved(ids, bytes(len(ids)))

    def write(self, llm: FakeLlm, saved: Saved) -> None:
        self.loaded.append(saved.tokens)
        llm._input_ids = Tokens(saved.tokens)


def states(slots: int = 4, max_bytes: int = 1 << 30) -> tuple[PromptStates, Recorder]:
    rec = Recorder()
    return PromptStates(slots, max_bytes, read=rec.read, write=rec.write), rec


def ask(s: PromptStates, llm: FakeLlm, tokens: list[int]) -> None:
    s.before(llm, tokens)
    llm.evaluate(tokens)


MAIN = list(range(1000, 1000 + MIN_TOKENS + 100))
QUESTION = [7, 8, 9, *range(50)]


def test_a_long_sequence_is_saved_before_another_prompt_overwrites_it_and_loaded_back() -> None:
    s, rec = states()
    llm = FakeLlm()
    ask(s, llm, MAIN)
    ask(s, llm, QUESTION)
    assert [x.tokens for x in s.saved] == [tuple(MAIN)]
    ask(s, llm, [*MAIN, 1, 2, 3])  # the main conversation's next turn
    assert rec.loaded == [tuple(MAIN)]


def test_a_prompt_that_extends_the_cache_saves_and_loads_nothing() -> None:
    s, rec = states()
    llm = FakeLlm()
    ask(s, llm, MAIN)
    ask(s, llm, [*MAIN, 1, 2])
    assert s.saved == [] and rec.loaded == []


def test_short_sequences_are_not_saved_and_small_gains_not_loaded() -> None:
    s, rec = states()
    llm = FakeLlm()
    ask(s, llm, QUESTION)
    ask(s, llm, [1, 2, 3])
    assert s.saved == []
    ask(s, llm, MAIN)
    ask(s, llm, MAIN[:20])  # shares 20 tokens with the saved MAIN, as much as the cache
    assert rec.loaded == []


def test_a_longer_state_supersedes_its_prefix_and_the_shortest_goes_when_full() -> None:
    s, _ = states(slots=2)
    llm = FakeLlm()
    ask(s, llm, MAIN)
    ask(s, llm, QUESTION)
    longer = [*MAIN, *range(5, 400)]
    ask(s, llm, longer)  # loads MAIN, then evaluates on
    ask(s, llm, QUESTION)
    assert [x.tokens for x in s.saved] == [tuple(longer)]
    other = list(range(20000, 20000 + MIN_TOKENS + 10))
    third = list(range(30000, 30000 + MIN_TOKENS + 50))
    for prompt in (other, QUESTION, third, QUESTION):
        ask(s, llm, prompt)
    assert sorted(len(x.tokens) for x in s.saved) == [len(third), len(longer)]


def test_the_byte_cap_and_clear() -> None:
    s, _ = states(max_bytes=len(MAIN) + 10)
    llm = FakeLlm()
    other = list(range(20000, 20000 + len(MAIN) - 1))
    for prompt in (MAIN, QUESTION, other, QUESTION):
        ask(s, llm, prompt)
    assert [x.tokens for x in s.saved] == [tuple(MAIN)]  # both do not fit: the shorter goes
    big = list(range(40000, 40000 + len(MAIN) + 20))
    for prompt in (big, QUESTION):
        ask(s, llm, prompt)
    assert s.saved == []  # a state over the cap alone is not kept either
    ask(s, llm, MAIN)
    ask(s, llm, QUESTION)
    s.clear()
    assert s.saved == []


def test_no_slots_turns_it_off() -> None:
    s, rec = states(slots=0)
    llm = FakeLlm()
    for prompt in (MAIN, QUESTION, MAIN):
        ask(s, llm, prompt)
    assert s.saved == [] and rec.loaded == []


def test_common_prefix() -> None:
    assert common_prefix([1, 2, 3], [1, 2, 4]) == 2
    assert common_prefix([], [1]) == 0
    assert common_prefix((1, 2), [1, 2, 3]) == 2


def test_a_state_llama_cpp_refuses_is_dropped_and_the_cache_emptied() -> None:
    def refuse(llm: FakeLlm, saved: Saved) -> None:
        raise RuntimeError("llama.cpp did not take the saved state")

    rec = Recorder()
    s = PromptStates(read=rec.read, write=refuse)
    llm = FakeLlm()
    ask(s, llm, MAIN)
    ask(s, llm, QUESTION)
    s.before(llm, [*MAIN, 1])
    assert s.saved == [] and llm._input_ids == []
