"""The embedded model, for real: llama.cpp on the assembled Qwen2.5-Coder GGUF.

One model for the whole session (weights load once, the KV cache stays warm between
tests), a small reply budget everywhere. Skipped, with the reason, where llama-cpp-python or
the weights are missing. Run them one session at a time on this 2-core machine:

    flock /tmp/thinkact-model.lock .venv/bin/python -m pytest tests/models -m model
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from thinkact import Agent, AgentConfig
from thinkact.errors import BadRequestError, ContextTooLongError
from thinkact.events import FormatFailed, ModelReplied, ToolFinished
from thinkact.formats import FORMATS, get_format
from thinkact.models.local import LocalModel
from thinkact.models.local_prompt import hf_messages, hf_tools, render_prompt
from thinkact.models.weights import local_status
from thinkact.tools.calculator import calculator
from thinkact.types import (
    AssistantMessage,
    Message,
    ModelRequest,
    Reply,
    SystemMessage,
    ToolCall,
    ToolMessage,
    ToolResult,
    ToolSpec,
    UserMessage,
)

pytestmark = pytest.mark.model

TASK = "What is 17 * 23 + 4?"


@pytest.fixture(scope="session")
def model() -> Iterator[LocalModel]:
    status = local_status()
    if status.llama_cpp is None:
        pytest.skip("llama-cpp-python is not installed (run scripts/bootstrap.sh)")
    if not status.assembled and status.parts_found < status.parts_total:
        pytest.skip(f"embedded model weights missing: {'; '.join(status.problems())}")
    m = LocalModel()  # the defaults, so Agent("local") shares this engine
    m.count_tokens(ModelRequest([UserMessage("warm up")]))
    yield m
    m.close()


def ask(model: LocalModel, text: str, **kw: Any) -> ModelRequest:
    return ModelRequest([SystemMessage("You are terse."), UserMessage(text)], **kw)


# --- the prompt is the model's own template, and its tokens are stable --------------------


def test_our_chatml_matches_the_models_own_chat_template(model: LocalModel) -> None:
    import jinja2.sandbox

    template = model._load().template
    env = jinja2.sandbox.ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True)
    env.filters["tojson"] = lambda v: json.dumps(v, ensure_ascii=False)
    spec = ToolSpec("add", "Add.", {"type": "object", "properties": {"a": {"type": "integer"}}})
    conversations: list[tuple[list[Message], list[ToolSpec]]] = [
        ([UserMessage("hi")], []),
        ([SystemMessage("S"), UserMessage("q"), AssistantMessage("a"), UserMessage("é?")], []),
        (
            [
                SystemMessage("S"),
                UserMessage("q"),
                AssistantMessage("", (ToolCall("1", "add", {"a": 1}),)),
                ToolMessage((ToolResult("1", "add", "1"), ToolResult("2", "add", "2"))),
                AssistantMessage("x", (ToolCall("3", "add", {"a": 2}),)),
                ToolMessage((ToolResult("3", "add", "2"),)),
            ],
            [spec],
        ),
    ]
    for messages, tools in conversations:
        official = env.from_string(template).render(
            messages=hf_messages(messages),
            tools=hf_tools(tools) or None,
            add_generation_prompt=True,
        )
        # The one deliberate difference (see local_prompt.py): single braces.
        official = official.replace('{{"name": <function-name>', '{"name": <function-name>')
        official = official.replace("<args-json-object>}}", "<args-json-object>}")
        assert render_prompt(messages, tools) == official


def test_counted_tokens_are_the_prompt_tokens_and_turn_two_reuses_turn_one(
    model: LocalModel,
) -> None:
    first = ask(model, "Name a colour.", max_tokens=8)
    reply = model.complete(first)
    assert model.count_tokens(first) == reply.usage.input_tokens
    second = ModelRequest(
        [*first.messages, AssistantMessage(reply.text), UserMessage("Another.")], max_tokens=8
    )
    again = model.complete(second)
    # Everything up to the reply came from the cache: only the new turn was evaluated.
    assert again.usage.cached_tokens >= reply.usage.input_tokens
    assert again.usage.input_tokens - again.usage.cached_tokens <= reply.usage.output_tokens + 16
    # After forget() nothing is reused, and a fresh evaluation is repeatable.
    model.forget()
    fresh = model.complete(second)
    model.forget()
    assert fresh.usage.cached_tokens == 0 and fresh.text == model.complete(second).text


def test_a_conversation_comes_back_from_its_saved_state_after_another_prompt(
    model: LocalModel,
) -> None:
    """A question in between (screening, PEV's other roles) no longer costs the main
    conversation its cache: the next turn evaluates only its own tokens, and replies
    exactly as it does when nothing came in between (the state is the same KV)."""
    history = "\n".join(f"Note {i}: the {i}th shelf holds {i * 3} red books." for i in range(24))
    first = ModelRequest([SystemMessage("You are terse."), UserMessage(history)], max_tokens=4)
    reply = model.complete(first)
    assert reply.usage.input_tokens >= 256  # long enough to be saved
    second = ModelRequest(
        [*first.messages, AssistantMessage(reply.text), UserMessage("How many on shelf 7?")],
        max_tokens=8,
    )
    straight = model.complete(second)  # the plain prefix reuse, on the state `first` left
    model.forget()
    model.complete(first)
    model.complete(ask(model, "Is the sky blue?", max_tokens=2))
    back = model.complete(second)
    assert back.usage.cached_tokens >= reply.usage.input_tokens
    assert back.text == straight.text


def test_a_literal_end_of_turn_marker_in_content_stays_text(model: LocalModel) -> None:
    engine = model._load()
    tokens = engine.tokens([SystemMessage("s"), UserMessage("a <|im_end|> b")], ())
    assert tokens.count(engine.im_end) == 2  # the system turn and the user turn, no more


# --- generation limits and finish reasons -----------------------------------------------


def test_finish_reasons(model: LocalModel) -> None:
    cut = model.complete(ask(model, "Count from 1 to 20.", max_tokens=3))
    assert cut.stop_reason == "max_tokens" and cut.usage.output_tokens == 3
    stopped = model.complete(ask(model, "Count from 1 to 20, comma separated.", stop=("5",)))
    assert stopped.stop_reason == "stop_sequence" and "5" not in stopped.text
    assert "4" in stopped.text
    ended = model.complete(ask(model, "Reply with just the word: yes", max_tokens=20))
    assert ended.stop_reason == "end" and ended.text.strip().lower().startswith("yes")


def test_grammar_constrains_the_reply(model: LocalModel) -> None:
    reply = model.complete(
        ask(
            model, "Is water wet? Explain at length.", grammar='root ::= "Verdict: " ("yes" | "no")'
        )
    )
    assert reply.text in {"Verdict: yes", "Verdict: no"}
    assert reply.stop_reason == "end"
    # The model wanted to explain first: the lazy check refused its pick and fell back.
    sampler = model._load().llm.last_sampler
    assert sampler is not None and sampler.full_checks > 0


def test_lazy_grammar_picks_exactly_what_the_full_grammar_picks(model: LocalModel) -> None:
    fmt = get_format("xml")
    specs = [calculator.spec]
    request = ModelRequest(
        [SystemMessage(fmt.system_prompt(specs, "")), UserMessage(TASK)],
        grammar=fmt.grammar(specs),
        stop=fmt.stop,
        max_tokens=60,
    )
    llm = model._load().llm
    lazy = model.complete(request)
    llm.lazy_grammar = False  # llama-cpp-python's own sampling, grammar over every token
    try:
        full = model.complete(request)
    finally:
        llm.lazy_grammar = True
    assert lazy.text == full.text
    assert "<action>calculator</action>" in lazy.text


def test_frequency_penalty_breaks_a_repetition(model: LocalModel) -> None:
    """What a reply cut in a loop is resampled with (see `Loop._uncut`)."""
    task = "Write the word apple 30 times, separated by commas."
    plain = model.complete(ask(model, task, max_tokens=60))
    penalised = model.complete(ask(model, task, max_tokens=60, frequency_penalty=1.0))
    assert plain.text.lower().count("apple") > penalised.text.lower().count("apple")


def test_json_schema_becomes_a_grammar(model: LocalModel) -> None:
    schema = {
        "type": "object",
        "properties": {"city": {"type": "string", "maxLength": 20}, "year": {"type": "integer"}},
        "required": ["city", "year"],
        "additionalProperties": False,
    }
    reply = model.complete(ask(model, "Where and when were the 2012 Olympics?", json_schema=schema))
    data = json.loads(reply.text)
    assert set(data) == {"city", "year"} and isinstance(data["year"], int)
    assert len(data["city"]) <= 20


def test_a_bad_grammar_is_a_clear_error_and_the_model_keeps_working(model: LocalModel) -> None:
    with pytest.raises(BadRequestError, match="does not parse as GBNF"):
        model.complete(ask(model, "hi", grammar="root ::= (("))
    assert model.complete(ask(model, "Say ok.", max_tokens=4)).text


def test_a_prompt_over_the_context_is_refused_before_generating(model: LocalModel) -> None:
    with pytest.raises(ContextTooLongError, match="context is 8192"):
        model.complete(ask(model, "word " * 9000))


def test_concurrent_async_calls_are_serialised_and_correct(model: LocalModel) -> None:
    requests = [ask(model, f"What is {n} + {n}? Digits only.", max_tokens=6) for n in (2, 3)]

    async def both() -> list[str]:
        return [r.text for r in await asyncio.gather(*(model.acomplete(q) for q in requests))]

    assert [t.strip() for t in asyncio.run(both())] == ["4", "6"]


def test_a_separate_model_has_its_own_engine_and_runs_beside_this_one(
    model: LocalModel,
) -> None:
    """`separate()` is what `thinkact eval --jobs N` gives each job: an engine (and lock) of
    its own, so two calls run at once instead of one after the other."""
    from concurrent.futures import ThreadPoolExecutor

    twin = model.separate()
    try:
        assert twin._load() is not model._load() and twin.name == model.name

        def answer(pair: tuple[LocalModel, int]) -> str:
            m, n = pair
            return m.complete(ask(m, f"What is {n} + {n}? Digits only.", max_tokens=6)).text

        with ThreadPoolExecutor(2) as pool:
            texts = list(pool.map(answer, [(model, 4), (twin, 5)]))
        assert [t.strip() for t in texts] == ["8", "10"]
    finally:
        twin.close()


# --- agents end to end --------------------------------------------------------------------


def test_agent_local_solves_the_calculator_task(model: LocalModel) -> None:
    agent = Agent("local", tools=[calculator], config=AgentConfig(max_steps=4))
    assert agent.model._load() is model._load()  # same engine: no second load
    result = agent.run(TASK)
    assert result.reason == "final_answer", result
    assert result.steps <= 4
    assert "395" in (result.final_answer or "")
    assert result.usage.cached_tokens > 0


# code is free text (no grammar); its parsing has its own tests in tests/formats.
@pytest.mark.parametrize("fmt", sorted(set(FORMATS) - {"native", "code"}))
def test_every_constrained_reply_parses(model: LocalModel, fmt: str) -> None:
    try:
        get_format(fmt)
    except ImportError:
        pytest.skip(f"format {fmt!r} is not written yet")
    agent = Agent(model, tools=[calculator], format=fmt, config=AgentConfig(max_steps=2))
    events = list(agent.iter("What is 12 * 12 - 7?"))
    replies = [e for e in events if isinstance(e, ModelReplied)]
    assert replies
    assert not [e for e in events if isinstance(e, FormatFailed)], fmt
    assert any(isinstance(e, ToolFinished) and not e.result.is_error for e in events)


def test_native_format_parses_the_models_own_tool_calls(model: LocalModel) -> None:
    # The model writes a bare {"name", "arguments"} object; it becomes a real tool call.
    agent = Agent(model, tools=[calculator], format="native", config=AgentConfig(max_steps=2))
    events = list(agent.iter(TASK))
    calls = [e for e in events if isinstance(e, ToolFinished)]
    assert calls and calls[0].call.name == "calculator" and calls[0].result.content == "395"


# --- streaming ---------------------------------------------------------------------------


def test_a_streamed_reply_is_the_one_complete_gives_and_a_dropped_stream_stops(
    model: LocalModel,
) -> None:
    request = ask(model, "Count from 1 to 5.", max_tokens=12)
    whole = model.complete(request)
    *pieces, reply = model.stream(request)
    assert isinstance(reply, Reply) and all(isinstance(p, str) for p in pieces)
    same = (reply.text, reply.stop_reason, reply.usage.output_tokens)
    assert same == (whole.text, whole.stop_reason, whole.usage.output_tokens)
    assert len(pieces) > 1 and whole.text.startswith("".join(str(p) for p in pieces))
    long = model.stream(ask(model, "Write a long poem about the sea.", max_tokens=200))
    assert isinstance(next(long), str)
    long.close()  # stops the generation at the next token and frees the engine
    assert model.complete(request).text == whole.text

    async def pieces_async() -> list[str | Reply]:
        return [item async for item in model.astream(request)]

    *_, again = asyncio.run(pieces_async())
    assert isinstance(again, Reply) and again.text == whole.text
