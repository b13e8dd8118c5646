"""The embedded model: llama.cpp through llama-cpp-python, the default provider.

We build the prompt ourselves in the model's ChatML template, token-stable (see
local_prompt.py): turn N+1's prompt starts with turn N's tokens, so llama.cpp's prefix
match re-evaluates only the new ones (`Usage.cached_tokens` says how many it reused);
a long sequence another prompt would overwrite is saved first (local_states.py).
We call `Llama.create_completion` on the tokens, never the chat handlers:
`chatml-function-calling` is broken for this model (it answers "functions.calculator:").

Text formats constrain decoding with their GBNF grammar (or JSON schema). Native tools are
rendered Qwen's way (a `<tools>` block in the system prompt) and parsed from the
`<tool_call>` JSON or fenced JSON block the model writes; `native_tools` stays False because
the text formats with a grammar do better on this model.
"""

from __future__ import annotations

import asyncio
import codecs
import copy
import itertools
import json
import os
import queue
import threading
import weakref
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from thinkact.errors import (
    BadRequestError,
    ContextTooLongError,
    ModelError,
    NotFoundError,
    UserError,
)
from thinkact.models.local_prompt import (
    IM_END,
    IM_START,
    chatml_tokens,
    parse_tool_calls,
    template_prompt,
)
from thinkact.models.local_states import PromptStates, common_prefix
from thinkact.models.repetition import repeating
from thinkact.models.weights import Progress, WeightsError, ensure_model
from thinkact.types import (
    AssistantMessage,
    Message,
    ModelRequest,
    Reply,
    StopReason,
    ToolCall,
    ToolSpec,
    Usage,
)

# With native tools the model would otherwise go on to imagine the tool's response.
_NATIVE_STOP = ("<tool_response>",)
THREADS_ENV = "THINKACT_THREADS"


def threads_from_env() -> int:
    raw = os.environ.get(THREADS_ENV, "").strip()
    if not raw:
        return 2
    if not raw.isdigit() or int(raw) < 1:
        raise UserError(f"{THREADS_ENV} must be a whole number of threads, 1 or more, not {raw!r}")
    return int(raw)


def quiet_openmp() -> None:
    """Let llama.cpp's OpenMP threads sleep, not spin, while they wait for work.

    Spinning threads take the cores the working ones need whenever anything else runs (a
    second engine, a test suite, a browser); sleeping ones cost nothing measurable on an idle
    machine (bench/openmp_wait.py). Read once, when llama.cpp loads; the user's own setting
    stands."""
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


# --- the model ---------------------------------------------------------------------------


class _Engine:
    """One loaded Llama, its lock and compiled grammars; shared by models on the same file."""

    def __init__(self, llm: Any) -> None:
        self.llm = llm
        self.lock = threading.Lock()
        self.grammars: dict[str, Any] = {}
        self.states = PromptStates()
        self.template: str = llm.metadata.get("tokenizer.chat_template") or ""
        start = llm.tokenize(IM_START.encode(), False, True)
        end = llm.tokenize(IM_END.encode(), False, True)
        self.chatml = len(start) == len(end) == 1 and (
            not self.template or IM_START in self.template
        )
        self.im_start, self.im_end = start[0], end[0]

    @staticmethod
    def criteria(stop: Any) -> Any:
        from llama_cpp import StoppingCriteriaList

        return StoppingCriteriaList([stop])

    def _text_tokens(self, text: str) -> list[int]:
        tokens: list[int] = self.llm.tokenize(text.encode(), False, False)
        return tokens

    def tokens(self, messages: Sequence[Message], tools: Sequence[ToolSpec]) -> list[int]:
        if self.chatml:
            return chatml_tokens(messages, tools, self._text_tokens, self.im_start, self.im_end)
        llm = self.llm
        specials = {
            "bos_token": llm.detokenize([llm.token_bos()], special=True).decode(errors="ignore"),
            "eos_token": llm.detokenize([llm.token_eos()], special=True).decode(errors="ignore"),
        }
        try:
            text = template_prompt(self.template, messages, tools, specials)
        except Exception as e:  # jinja errors and the template's own raise_exception
            raise BadRequestError(
                f"the model's chat template failed on these messages: {e}", provider="local"
            ) from None
        out: list[int] = llm.tokenize(text.encode(), False, True)
        return out


_ENGINES: weakref.WeakValueDictionary[tuple[str, int, int, int, int, int], _Engine] = (
    weakref.WeakValueDictionary()
)
_ENGINES_LOCK = threading.Lock()
_OWN = itertools.count(1)


class LocalModel:
    """The embedded llama.cpp model (default: Qwen2.5-Coder-1.5B-Instruct, Q4_K_M).

    Cheap to construct; the weights load on first use. One engine is shared by every
    LocalModel on the same file and settings, and calls to it are serialised.
    """

    native_tools = False

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        n_ctx: int = 8192,
        n_threads: int | None = None,
        decode_threads: int = 1,
        n_batch: int = 512,
        seed: int = 0,
        preferred_format: str = "xml",
        progress: Progress | None = None,
        stop_on_repetition: bool = True,
    ) -> None:
        self.path = Path(path).expanduser() if path else None
        if self.path is not None and not self.path.is_file():
            raise UserError(f"model file not found: {self.path} (local:PATH must be a .gguf)")
        self.name = f"local:{self.path}" if self.path else "local"
        self.context_window = n_ctx
        # Prompt-evaluation threads: 2 by default, `$THINKACT_THREADS` otherwise. Two jobs
        # at once on 2 cores should take 1 each: BFCL items went 41 s -> 31 s per job (15.6
        # s an item in all, against 20 s for one job alone), as 4 threads on 2 cores
        # stall at every layer's barrier.
        self.n_threads = n_threads if n_threads is not None else threads_from_env()
        # Measured on the 2-core machines this runs on: decoding with 1 thread gives 7.4
        # tokens/s whether or not something else is running; with 2 threads 8.2 on an idle
        # machine but 2.7 as soon as another process takes a core (the threads wait on each
        # other at every layer). Prompts are evaluated in batches, where 2 threads pay off
        # (50 vs 33 tokens/s).
        self.decode_threads = decode_threads
        # A reply whose tail is one short cycle repeated is cut (see models/repetition.py);
        # off for tasks that really ask for repetition.
        self.stop_on_repetition = stop_on_repetition
        self.n_batch = n_batch
        self.seed = seed
        # `format="auto"` picks this. Measured on 8 calculator word problems (max 5 steps,
        # greedy, with each format's grammar): xml 8/8 correct in 2.4 steps on average,
        # react 2/8 (4.9 steps), json 1/6 -- xml it is.
        self.preferred_format = preferred_format
        self.progress = progress
        self._engine: _Engine | None = None
        self._own = 0  # nonzero: an engine of this model's own (see `separate`)

    # --- loading -----------------------------------------------------------------------

    def _load(self) -> _Engine:
        if self._engine is not None:
            return self._engine
        quiet_openmp()
        try:
            from thinkact.models.local_sampling import LazyGrammarLlama
        except ImportError:
            raise ModelError(
                "llama-cpp-python is not installed, so the local model cannot run. Run "
                "scripts/bootstrap.sh, or use another model (see `thinkact models`).",
                provider="local",
            ) from None
        try:
            path = self.path or ensure_model(self.progress)
        except WeightsError as e:
            raise NotFoundError(str(e), provider="local") from None
        key = (
            str(path),
            self.context_window,
            self.n_threads,
            self.decode_threads,
            self.n_batch,
            self._own,
        )
        with _ENGINES_LOCK:
            engine = _ENGINES.get(key)
            if engine is None:
                try:
                    llm = LazyGrammarLlama(
                        model_path=str(path),
                        n_ctx=self.context_window,
                        n_threads=self.decode_threads,
                        n_threads_batch=self.n_threads,
                        n_batch=self.n_batch,
                        seed=self.seed,
                        verbose=False,
                    )
                except (ValueError, RuntimeError) as e:
                    raise ModelError(
                        f"cannot load {path}: {e}. Is it a GGUF file llama.cpp supports?",
                        provider="local",
                    ) from None
                engine = _Engine(llm)
                _ENGINES[key] = engine
        self._engine = engine
        return engine

    def separate(self) -> LocalModel:
        """The same model with an engine of its own, which runs beside this one's (calls to
        one engine are serialised): for evaluation items run in parallel. Each engine
        holds its own KV cache and compute buffers."""
        twin = copy.copy(self)
        twin._engine = None
        twin._own = next(_OWN)
        return twin

    def close(self) -> None:
        """Drop this model's hold on the engine (freed when no other model uses it)."""
        self._engine = None

    def forget(self) -> None:
        """Drop the KV cache and the saved states (local_states.py): the next prompt is
        evaluated from its first token. The eval harness calls this before each item, so
        that an item's reply does not depend on the item before it: a reused prefix and a
        fresh one give slightly different logits, and at temperature 0 BFCL's
        irrelevance_17 answered in one run and called a tool in the other, by what the
        item before had left in the cache."""
        engine = self._engine
        if engine is not None:
            with engine.lock:
                engine.llm.reset()
                engine.states.clear()

    # --- the Model protocol ------------------------------------------------------------

    def count_tokens(self, request: ModelRequest) -> int:
        return len(self._load().tokens(request.messages, request.tools))

    async def acomplete(self, request: ModelRequest) -> Reply:
        return await asyncio.to_thread(self._generate, request)

    def complete(self, request: ModelRequest) -> Reply:
        return self._generate(request)

    # Streaming: the same `create_completion` as `complete` (so the same Reply), in a worker
    # thread, with the stopping criteria it already calls after every token also handing
    # the new tokens' text out. (llama-cpp-python's own `stream=True` rebuilds the text its
    # own way and reports no usage.)

    def stream(self, request: ModelRequest) -> Iterator[str | Reply]:
        items: queue.SimpleQueue[str | Reply | Exception] = queue.SimpleQueue()
        cancel = threading.Event()
        worker = threading.Thread(
            target=self._produce, args=(request, items.put, cancel), daemon=True
        )
        worker.start()
        try:
            while not isinstance(item := items.get(), Reply):
                if isinstance(item, Exception):
                    raise item
                yield item
            yield item
        finally:  # a consumer that stops early (Ctrl-C) stops the generation at the next token
            cancel.set()
            worker.join()

    async def astream(self, request: ModelRequest) -> AsyncIterator[str | Reply]:
        loop = asyncio.get_running_loop()
        items: asyncio.Queue[str | Reply | Exception] = asyncio.Queue()
        cancel = threading.Event()

        def put(item: str | Reply | Exception) -> None:
            loop.call_soon_threadsafe(items.put_nowait, item)

        worker = asyncio.ensure_future(asyncio.to_thread(self._produce, request, put, cancel))
        try:
            while not isinstance(item := await items.get(), Reply):
                if isinstance(item, Exception):
                    raise item
                yield item
            yield item
        finally:
            cancel.set()
            await worker

    def _produce(
        self,
        request: ModelRequest,
        put: Callable[[str | Reply | Exception], None],
        cancel: threading.Event,
    ) -> None:
        try:
            put(self._generate(request, put, cancel))
        except Exception as e:
            put(e)

    def _generate(
        self,
        request: ModelRequest,
        on_text: Callable[[str], None] | None = None,
        cancel: threading.Event | None = None,
    ) -> Reply:
        engine = self._load()
        llm = engine.llm
        tokens = engine.tokens(request.messages, request.tools)
        room = self.context_window - len(tokens)
        if room < 1:
            raise ContextTooLongError(
                f"the prompt takes {len(tokens)} tokens but the local model's context is "
                f"{self.context_window}. Shorten the history or raise n_ctx.",
                provider="local",
            )
        stop = list(request.stop) + (list(_NATIVE_STOP) if request.tools else [])
        looped = [False]
        shown = [len(tokens)]  # tokens whose text went to `on_text`
        utf8 = codecs.getincrementaldecoder("utf-8")(errors="replace")

        def cycle(ids: Any, logits: Any) -> bool:
            # `ids` are the tokens evaluated so far (the one just sampled comes next time).
            if on_text is not None and len(ids) > shown[0]:
                new = [int(t) for t in ids[shown[0] :]]
                piece = utf8.decode(llm.detokenize(new, prev_tokens=list(ids[: shown[0]])))
                shown[0] = len(ids)
                if piece:
                    on_text(piece)
            if cancel is not None and cancel.is_set():
                return True
            looped[0] = self.stop_on_repetition and repeating(ids, len(ids) - len(tokens))
            return looped[0]

        with engine.lock:
            grammar = self._grammar(engine, request)
            engine.states.before(llm, tokens)
            reused = _reused_prefix(list(llm._input_ids), tokens)
            try:
                out = llm.create_completion(
                    tokens,
                    max_tokens=max(1, min(request.max_tokens, room)),
                    temperature=max(request.temperature, 0.0),
                    stop=stop,
                    grammar=grammar,
                    seed=self.seed,
                    repeat_penalty=1.0,
                    frequency_penalty=request.frequency_penalty,
                    stopping_criteria=engine.criteria(cycle),
                )
            except (RuntimeError, ValueError) as e:  # llama_decode failures and the like
                raise ModelError(f"llama.cpp failed: {e}", provider="local") from None
            evaluated = llm.n_tokens - len(tokens)  # generated tokens now in the KV cache
        choice = out["choices"][0]
        used = out["usage"]
        usage = Usage(used["prompt_tokens"], used["completion_tokens"], reused)
        reason: StopReason = "end"
        if choice["finish_reason"] == "length" or looped[0]:  # cut short either way
            reason = "max_tokens"
        elif used["completion_tokens"] > evaluated:
            # create_completion says "stop" for both; on a stop sequence the token that
            # completed it was counted but never evaluated, on end-of-turn it was neither.
            reason = "stop_sequence"
        text: str = choice["text"]
        calls: tuple[ToolCall, ...] = ()
        if request.tools:
            turn = sum(isinstance(m, AssistantMessage) for m in request.messages)
            text, calls = parse_tool_calls(text, f"call_{turn}")
            if calls and reason != "max_tokens":
                reason = "tool_calls"
        return Reply(text=text, tool_calls=calls, usage=usage, stop_reason=reason)

    def _grammar(self, engine: _Engine, request: ModelRequest) -> Any:
        """The request's grammar (or its JSON schema as a grammar), checked and cached."""
        if request.grammar:
            source = request.grammar
        elif request.json_schema:
            from llama_cpp.llama_grammar import json_schema_to_gbnf

            try:
                source = json_schema_to_gbnf(json.dumps(request.json_schema))
            except Exception as e:  # the converter raises bare Exceptions
                raise BadRequestError(
                    f"cannot turn the JSON schema into a grammar: {e}", provider="local"
                ) from None
        else:
            return None
        grammar = engine.grammars.get(source)
        if grammar is None:
            grammar = _compile_grammar(engine.llm, source)
            if len(engine.grammars) >= 64:  # one per tool set and mode; bound it anyway
                engine.grammars.clear()
            engine.grammars[source] = grammar
        return grammar


def _reused_prefix(cached: list[int], tokens: list[int]) -> int:
    """Prompt tokens llama.cpp will take from the KV cache rather than evaluate."""
    # A fully cached prompt still replays its last token to get fresh logits.
    return min(common_prefix(cached, tokens), len(tokens) - 1)


def _compile_grammar(llm: Any, source: str) -> Any:
    """Parse the GBNF once up front: llama.cpp returns NULL for a bad grammar, and handing
    that to a sampler chain would crash the process instead of raising."""
    import llama_cpp
    from llama_cpp._utils import suppress_stdout_stderr
    from llama_cpp.llama_grammar import LlamaGrammar

    # The parser reports errors on stderr; the core must not print.
    with suppress_stdout_stderr(disable=False):
        sampler = llama_cpp.llama_sampler_init_grammar(llm._model.vocab, source.encode(), b"root")
    if not sampler:
        first = source.strip().splitlines()[0] if source.strip() else "(empty)"
        raise BadRequestError(
            f"the format's grammar does not parse as GBNF (first line: {first[:80]!r})",
            provider="local",
        )
    llama_cpp.llama_sampler_free(sampler)
    return LlamaGrammar.from_string(source, verbose=False)


__all__ = ["LocalModel"]
