"""Several calls in one reply, as the text formats parse them: a call written twice is made
once, and a reply cut inside its last call keeps the calls before it."""

from __future__ import annotations

import pytest
from sample_tools import add

from thinkact import Reply
from thinkact.errors import FormatError
from thinkact.formats import get_format
from thinkact.formats.text import TextFormat


def _format(name: str) -> TextFormat:
    fmt = get_format(name)
    assert isinstance(fmt, TextFormat)
    fmt.system_prompt([add.spec], "")
    return fmt


@pytest.mark.parametrize("name", ["xml", "react", "json"])
def test_a_call_written_twice_in_one_reply_is_made_once(name: str) -> None:
    fmt = _format(name)
    one, other = ("add", {"a": 1, "b": 2}), ("add", {"b": 4, "a": 3})
    text = fmt.render_reply("Sums.", [one, other, ("add", {"b": 2, "a": 1})])
    calls = fmt.parse(Reply(text), [add.spec]).calls
    assert [dict(c.arguments) for c in calls] == [{"a": 1, "b": 2}, {"a": 3, "b": 4}]
    assert len({c.id for c in calls}) == 2


@pytest.mark.parametrize("name", ["xml", "react"])
def test_a_reply_cut_inside_its_last_call_keeps_the_calls_before_it(name: str) -> None:
    # The local model's repetition stop cuts a reply that repeats its calls wherever the
    # repeat is caught, often inside a JSON object.
    fmt = _format(name)
    whole = fmt.render_reply("Sums.", [("add", {"a": 1, "b": 2}), ("add", {"a": 3, "b": 4})])
    cut = whole[: whole.rindex('"b": 4')]
    calls = fmt.parse(Reply(cut, stop_reason="max_tokens"), [add.spec]).calls
    assert [dict(c.arguments) for c in calls] == [{"a": 1, "b": 2}]
    # A reply that ended on its own with a broken call is the model's error, said as one.
    with pytest.raises(FormatError, match="Invalid JSON"):
        fmt.parse(Reply(cut), [add.spec])
    # And a cut reply whose only call is broken has nothing to keep.
    only = fmt.render_reply("Sum.", [("add", {"a": 1, "b": 2})])
    with pytest.raises(FormatError, match="Invalid JSON"):
        fmt.parse(Reply(only[: only.rindex('"b"')], stop_reason="max_tokens"), [add.spec])


@pytest.mark.parametrize(
    ("name", "observation"),
    [("xml", "\n<observation"), ("react", "\nObservation"), ("json", "\n\nObservation")],
)
def test_the_grammar_lets_a_reply_end_where_an_observation_would_start(
    name: str, observation: str
) -> None:
    # A model about to write its own observation stops there (the stop sequence cuts it);
    # a grammar without that way out led it into more calls with made-up results.
    from gbnf_matcher import accepts

    fmt = _format(name)
    call = fmt.render_reply("Sum.", [("add", {"a": 1, "b": 2})])
    grammar = str(fmt.grammar([add.spec]))
    assert accepts(grammar, call) and accepts(grammar, call + observation)
    assert not accepts(grammar, call + observation + ": 3")  # never past the stop
