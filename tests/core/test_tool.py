from __future__ import annotations

import asyncio
import enum
from typing import Any, Literal

import pydantic
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thinkact import Tool, ToolContext, tool
from thinkact.errors import ToolRetry
from thinkact.tools.base import ToolArgumentError, error_text, parse_docstring


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Point(pydantic.BaseModel):
    x: float
    y: float


def test_schema_from_hints_and_docstring() -> None:
    @tool
    def paint(
        shape: Literal["circle", "square"],
        color: Color,
        size: int = 3,
        label: str | None = None,
        tags: list[str] | None = None,
        where: Point | None = None,
        extra: dict[str, int] | None = None,
        filled: bool = False,
        ratio: float = 1.0,
    ) -> str:
        """Paint a shape on the canvas.

        More details that are not the summary.

        Args:
            shape: Which shape to paint.
            color: The paint colour.
            size: Size in centimetres,
                between 1 and 10.
        Returns:
            A description.
        """
        return f"{shape} {color.value} {size}"

    assert paint.name == "paint"
    assert paint.description == "Paint a shape on the canvas."
    props = paint.parameters["properties"]
    assert props["shape"]["enum"] == ["circle", "square"]
    assert props["color"]["enum"] == ["red", "blue"]
    assert props["size"] == {
        "default": 3,
        "description": "Size in centimetres, between 1 and 10.",
        "type": "integer",
    }
    assert props["shape"]["description"] == "Which shape to paint."
    assert set(paint.parameters["required"]) == {"shape", "color"}
    assert "$defs" not in paint.parameters and "$ref" not in str(paint.parameters)
    assert paint.parameters["additionalProperties"] is False
    assert paint.call({"shape": "circle", "color": "red"}) == "circle red 3"
    assert paint.call({"shape": "square", "color": "blue", "size": "7"}) == "square blue 7"


def test_validation_errors_name_the_argument() -> None:
    @tool
    def add(a: int, b: int) -> int:
        """Add."""
        return a + b

    with pytest.raises(ToolArgumentError) as e:
        add.validate({"a": "x"})
    msg = str(e.value)
    assert "argument 'a'" in msg and '(got "x")' in msg
    assert "argument 'b': Field required" in msg
    with pytest.raises(ToolArgumentError, match=r"Extra inputs are not permitted"):
        add.validate({"a": 1, "b": 2, "c": 3})
    assert error_text(ToolArgumentError("bad")).startswith("TOOL ERROR: ValidationError: bad")
    assert error_text(ZeroDivisionError("division by zero")) == (
        "TOOL ERROR: ZeroDivisionError: division by zero"
    )
    assert error_text(ToolRetry("try a smaller number")) == "TOOL ERROR: try a smaller number"


def test_sphinx_docstrings_and_plain_calls() -> None:
    summary, params = parse_docstring(
        """Search the web.

        :param query: what to look for
        :param int limit: how many results
        """
    )
    assert summary == "Search the web."
    assert params == {"query": "what to look for", "limit": "how many results"}

    def f(query: str) -> str:
        return query.upper()

    t = Tool.from_function(f, name="shout", needs_approval=True, timeout=2, max_calls=1)
    assert (t.name, t.description, t.needs_approval, t.timeout, t.max_calls) == (
        "shout",
        "shout",
        True,
        2,
        1,
    )
    assert t("abc") == "ABC"  # the tool object still calls the plain function


def test_async_tools_and_context_injection() -> None:
    @tool
    async def fetch(url: str, ctx: ToolContext) -> dict[str, str]:
        """Fetch a URL."""
        ctx.state["last"] = url
        return {"url": url}

    assert "ctx" not in fetch.parameters["properties"]
    ctx = ToolContext()
    out = asyncio.run(fetch.acall({"url": "u"}, ctx))
    assert out == '{"url": "u"}' and ctx.state["last"] == "u"
    with pytest.raises(TypeError, match="async"):
        fetch.call({"url": "u"})


def test_arguments_that_were_not_json_get_a_clear_message() -> None:
    @tool
    def add(a: int, b: int) -> int:
        """Add."""
        return a + b

    with pytest.raises(ToolArgumentError) as e:
        add.validate({"__invalid_json__": '{"a": 1, "b": '})
    assert "not valid JSON" in str(e.value) and "a, b" in str(e.value)


@tool
def _plain(s: str, n: int, x: float = 1.5, flag: bool = False, label: str = "-") -> str:
    """Parameters of plain types only: their arguments are checked without pydantic."""
    return f"{s} {n} {x} {flag} {label}"


_values = st.one_of(
    st.text(max_size=5),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False),
    st.booleans(),
    st.none(),
    st.lists(st.integers(), max_size=2),
    st.sampled_from(["7", "1.5", "true", "1e3"]),
)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(["s", "n", "x", "flag", "label", "extra"]), _values))
def test_plain_arguments_are_read_as_pydantic_reads_them(arguments: dict[str, Any]) -> None:
    try:
        model = _plain.args_model.model_validate(arguments)
    except pydantic.ValidationError:
        with pytest.raises(ToolArgumentError):
            _plain.validate(arguments)
        return
    got = _plain.validate(arguments)
    assert got == model.__dict__
    assert list(got) == list(model.__dict__)
    assert [type(v) for v in got.values()] == [type(v) for v in model.__dict__.values()]
    assert _plain._plain is not None  # the types alone decided where they could


def test_only_plain_parameters_skip_pydantic() -> None:
    @tool
    def some(a: int, b: int | None = None, c: list[int] | None = None) -> str:
        """Optional and list parameters: pydantic reads them."""
        return f"{a} {b} {c}"

    assert some.call({"a": 1}) == "1 None None"
    assert some.call({"a": "2", "b": 3, "c": ["4"]}) == "2 3 [4]"
    assert some._plain is None
    assert _plain.call({"s": "a", "n": 2}) == "a 2 1.5 False -"
    assert _plain.call({"s": "a", "n": "2", "x": 1}) == "a 2 1.0 False -"  # coerced by pydantic
