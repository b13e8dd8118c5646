"""Real tools shared by the format tests (built with @tool, as users build them)."""

from __future__ import annotations

from enum import Enum
from typing import Literal

import pydantic

from thinkact import tool


@tool
def list_files(folder: str) -> str:
    """List the files in a folder.

    Args:
        folder: Folder inside the workspace.
    """
    return "contract_v1.pdf\nprivacy_policy.txt"


@tool
def read_file(path: str, page: int | None = None) -> str:
    """Read a document and return its text."""
    return f"text of {path} page {page}"


@tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@tool
def search(query: str) -> str:
    """Search the knowledge base."""
    return f"results for {query}"


class Color(Enum):
    RED = "red"
    BLUE = "blue"


class Point(pydantic.BaseModel):
    x: int
    y: float = 0.0


@tool
def everything(
    text: str,
    count: int,
    ratio: float,
    flag: bool,
    tags: list[str],
    scores: dict[str, int],
    mode: Literal["fast", "slow"],
    color: Color,
    limit: int | None = None,
    origin: Point | None = None,
    path: list[Point] = [],  # noqa: B006 - pydantic copies defaults
    note: str = "hi",
) -> str:
    """Exercise every JSON-schema construct."""
    return "ok"


TOOLS = [list_files, read_file, add, search]
SPECS = [t.spec for t in TOOLS]
NAMES = frozenset(t.name for t in TOOLS)
