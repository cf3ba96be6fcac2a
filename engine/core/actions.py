"""Actions: immutable values naming what a player does, by ids only.

Each action class registers under a short `kind`; its stable string form
(canonical JSON) is what saves and logs hold, so an action survives a save
and reload unchanged, and a hand-edited save is caught field by field.
"""

from __future__ import annotations

import json
import types
import typing
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, ClassVar, Union

from engine.core.errors import excerpt

_REGISTRY: dict[str, type[Action]] = {}


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses are frozen dataclasses with a unique `kind`."""

    kind: ClassVar[str] = ""
    referee: ClassVar[bool] = False  # a table override, not a move under the rules

    def __init_subclass__(cls) -> None:
        # No super() call: slots=True rebuilds the class, breaking the zero-arg form.
        # The rebuilt class registers last, replacing the first registration.
        kind = cls.__dict__.get("kind")
        if kind:
            if kind in _REGISTRY and _REGISTRY[kind].__qualname__ != cls.__qualname__:
                raise TypeError(f"action kind {kind!r} is registered twice")
            _REGISTRY[kind] = cls

    def describe(self) -> str:
        """A sentence for the rules log; subclasses say it in the game's words."""
        return self.kind

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def key(self) -> str:
        """The stable string form: canonical JSON, equal for equal actions."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))


@cache
def _field_types(cls: type[Action]) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _matches(value: Any, annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    if origin in (Union, types.UnionType):
        return any(_matches(value, arm) for arm in typing.get_args(annotation))
    if annotation is type(None):
        return value is None
    if origin is tuple:
        item = typing.get_args(annotation)[0]
        return isinstance(value, list | tuple) and all(_matches(v, item) for v in value)
    if annotation is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if annotation is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, annotation)


def action_from_json(data: Any) -> Action:
    """Rebuild an action from its JSON form; ValueError names the bad field."""
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise ValueError("an action must be an object with a string field 't'")
    cls = _REGISTRY.get(data["t"])
    if cls is None:
        raise ValueError(f"unknown action kind {excerpt(data['t'])}")
    kind = excerpt(data["t"])
    hints = _field_types(cls)
    names = {f.name for f in fields(cls)}
    extra = set(data) - names - {"t"}
    if extra:
        names_text = ", ".join(excerpt(name) for name in sorted(extra)[:3])
        raise ValueError(f"action {kind} has unknown field(s) {names_text}")
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            if f.default is not f.default_factory:  # has a default
                continue
            raise ValueError(f"action {kind} is missing field {f.name!r}")
        value = data[f.name]
        if not _matches(value, hints[f.name]):
            raise ValueError(f"action {kind} field {f.name!r} has a wrong value "
                             f"{excerpt(value)}")
        kwargs[f.name] = tuple(value) if isinstance(value, list) else value
    return cls(**kwargs)
