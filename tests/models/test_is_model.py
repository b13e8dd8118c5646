"""`is_model` answers as `isinstance(obj, Model)` does, only faster."""

from __future__ import annotations

import typing

from thinkact.models.base import MODEL_MEMBERS, Model, is_model
from thinkact.testing import ScriptedModel
from thinkact.types import ModelRequest, Reply


class Plain:
    name = "plain"
    native_tools = True
    context_window = 1000

    def complete(self, request: ModelRequest) -> Reply:
        return Reply("ok")

    async def acomplete(self, request: ModelRequest) -> Reply:
        return Reply("ok")

    def count_tokens(self, request: ModelRequest) -> int:
        return 0


class NoCount(Plain):
    count_tokens = None  # type: ignore[assignment]


class Bare:
    name = "bare"


class Named(Model):  # names the protocol as its base, members or not
    pass


def test_members_are_typings() -> None:
    attrs = getattr(Model, "__protocol_attrs__", None)
    if attrs is None:
        attrs = typing._get_protocol_attrs(Model)  # type: ignore[attr-defined]
    assert sorted(attrs) == list(MODEL_MEMBERS)


def test_same_answer_as_isinstance() -> None:
    dropped = Plain()
    dropped.complete = None  # type: ignore[method-assign,assignment]
    objects = [Plain(), NoCount(), Bare(), Named(), dropped, ScriptedModel([]), "local", None, 3]
    for obj in objects:
        assert is_model(obj) is isinstance(obj, Model), obj
    assert is_model(Plain()) and not is_model(NoCount()) and not is_model(dropped)
