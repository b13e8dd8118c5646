"""Which numbers a text gives, and which call arguments hold numbers it does not."""

from __future__ import annotations

from thinkact.policies.grounding import (
    Given,
    hosts_in,
    mentioned,
    not_given,
    numbers_in,
    seen_text,
    ungrounded,
    unstated,
)
from thinkact.types import (
    AssistantMessage,
    SystemMessage,
    ToolMessage,
    ToolResult,
    ToolSpec,
    UserMessage,
)


def test_numbers_as_people_write_them() -> None:
    seen = mentioned("Points A(3,4) and B(-1, 2.5); revenue of $1.2M, 1,200 units, 20% off")
    assert {3.0, 4.0, -1.0, 2.5, 1_200_000.0, 1200.0, 20.0, 0.2} <= seen
    assert 34.0 not in seen  # "3,4" is two numbers, not thirty-four
    words = mentioned("twice a week, half a dozen eggs, 3 million people, over a decade")
    assert {2.0, 7.0, 0.5, 12.0, 3_000_000.0, 10.0} <= words
    assert 5.0 not in mentioned("v2 of the X5 model")  # digits inside a word are a name


def test_an_argument_is_ungrounded_when_any_number_in_it_is() -> None:
    seen = Given.of("Distance from (3, 4) to (1, 2), in km")
    assert ungrounded({"a": [3, 4], "b": [1, 2], "unit": "km"}, seen) == {}
    assert ungrounded({"a": [3, 4], "b": {"x": 1, "y": 9}}, seen) == {"b": {"x": 1, "y": 9}}
    assert ungrounded({"n": 0, "k": 1, "flag": True}, Given.of("")) == {}  # defaults pass
    light = {"c": 300000000.0}  # the model's own constant, or the user's
    assert ungrounded(light, Given.of("at the speed of light")) == light
    assert ungrounded(light, Given.of("with c = 3e8 m/s")) == {}
    assert ungrounded({"x": 0.30000000000000004}, Given.of("0.3")) == {}
    assert numbers_in({"a": [1, {"b": 2.5}], "c": "3", "d": False}) == [1.0, 2.5]


def test_a_web_address_is_ungrounded_when_nothing_named_its_host() -> None:
    """BFCL live_irrelevance_0 and _8: a generic GET tool, and a service of the model's own."""
    given = Given.of("Weather from https://api.open-meteo.com/v1/forecast or example.org")
    ok = {
        "url": "https://api.open-meteo.com/v1/forecast?latitude=37.8",  # the description's
        "docs": "http://www.example.org/a",  # www. and a page of a named site
        "mirror": "https://eu.api.example.org/b",  # another host on a named site
        "local": "see http://localhost:8000",  # a host nobody named
        "plain": "open-meteo.com",  # not an address: a string, not a host
    }
    bad = {"local": ok.pop("local")}
    assert ungrounded(ok, given) == {}
    assert ungrounded(bad, given) == bad
    ip = {"url": "https://api.ip2whois.com/v2/?ip=YOUR_IP_ADDRESS&key=YOUR_API_KEY"}
    assert ungrounded(ip, given) == ip
    assert ungrounded({"u": "http://10.0.0.5/x"}, Given.of("ask 10.0.0.5 or 2.10.0.5")) == {}
    assert ungrounded({"u": "http://192.168.0.5/x"}, Given.of("only 0.5 here")) != {}
    assert hosts_in({"a": ["curl https://User@Api.Example.com:8080/x", {"b": "ftp://f.io."}]}) == [
        "api.example.com",
        "f.io",
    ]


def test_what_was_seen_leaves_out_the_models_replies_and_the_formats_examples() -> None:
    spec = ToolSpec("rate", "Rates from 1 to 10.", {"type": "object", "properties": {}})
    messages = [
        SystemMessage("Example: convert 20 euros"),
        UserMessage("Rate it 8"),
        AssistantMessage("I think 9", ()),
        ToolMessage((ToolResult("c1", "rate", "stored as 42"),)),
    ]
    seen = mentioned(seen_text(messages, [spec], "Round to 2 places"))
    assert {8.0, 42.0, 10.0, 2.0} <= seen
    assert 20.0 not in seen and 9.0 not in seen


def test_a_string_is_unstated_when_none_of_its_words_was_said() -> None:
    """BFCL held-out items: right calls after a decline use the request's words; calls
    pressed into a near-miss function make their values up."""
    said = "Find restaurants near me within 10 miles that offer Chinese cuisine in Seattle."
    call = {"location": "Seattle, WA", "cuisine": "chinese", "max_distance": 10}
    assert unstated(call, said) == {}
    assert unstated({"amenities": ["Tennis Court"]}, "a park with a tennis court") == {}
    assert unstated({"species": "panda"}, "the population of pandas") == {}  # a stem
    assert unstated({"flag": True, "note": "", "sep": "-"}, "anything") == {}
    hawaii = "What is the best month to visit Hawaii?"
    assert unstated({"location": "Hawaii", "month": "January"}, hawaii) == {"month": "January"}
    when = "What is the time now in New York City?"
    assert unstated({"date": "2023-04-15", "city": "New York"}, when) == {"date": "2023-04-15"}
    # nested values count, and a short word is no stem of a long one ("in" is not "india")
    assert unstated({"where": {"country": "India"}}, "rain in Delhi") == {
        "where": {"country": "India"}
    }


def test_words_of_every_script_count() -> None:
    """BFCL live_multiple 21: "how do I make steak" in Korean, told by the decline check
    that an appliance controller fits, the model called it with its description's example
    command; ASCII-only words had let any Korean value pass."""
    steak = "스테이크 만드는 법 알려줘"
    command = {"command": "거실, 에어컨, 실행"}
    assert unstated(command, steak) == command
    assert unstated(command, "거실 에어컨 켜줘") == {}
    # Chinese writes no spaces: a word is stated by the text holding it
    order = "我想在肯德基买10个麦辣鸡腿堡，50杯可口可乐"
    assert unstated({"restaurant": "肯德基", "items": ["麦辣鸡腿堡", "可口可乐"]}, order) == {}
    assert unstated({"restaurant": "麦当劳"}, order) == {"restaurant": "麦当劳"}
    # accented Latin letters stay inside their word
    assert unstated({"city": "München"}, "Wetter in München") == {}
    assert unstated({"city": "Zürich"}, "Wetter in München") == {"city": "Zürich"}


def test_not_given_holds_numbers_to_the_text_too() -> None:
    """A call after a decline check: defaults from the tool's description do not count."""
    said = "Find me restaurants in London within 2 km"
    call = {"location": "London", "category": ["Restaurants"], "rating": 0.3, "km": 2}
    assert not_given(call, said) == {"rating": 0.3}
    assert not_given({"limit": 1, "open": True}, "restaurants") == {}  # 0 and 1 always pass


def test_not_given_passes_an_argument_equal_to_its_declared_default() -> None:
    """The same call as one that leaves it out (BFCL live_multiple_8: `max_results=10`,
    the default, had left "how can I cook steak Indian style" without its recipe search)."""
    schema = {
        "properties": {
            "keyword": {"type": "string"},
            "max_results": {"type": "integer", "default": 10},
            "language": {"type": "string", "enum": ["EN", "KO"], "default": "EN"},
            "rating": {"type": "number", "default": "0.3"},
            "strict": {"type": "boolean", "default": True},
        }
    }
    said = "how can i cook steak Indian style"
    call = {"keyword": "steak", "max_results": 10.0, "language": "EN"}
    assert not_given(call, said, schema) == {}
    assert not_given(call, said) == {"max_results": 10.0, "language": "EN"}  # no schema
    # Another value, or the default's look-alike of another type, is still made up.
    assert not_given({"max_results": 12, "language": "KO"}, said, schema) == {
        "max_results": 12,
        "language": "KO",
    }
    assert not_given({"rating": 0.3, "strict": 1}, said, schema) == {"rating": 0.3}
