"""Actions: immutable values naming what a player does, by ids only.

Each action class registers under a short `kind`; its stable string form
(canonical JSON) is what saves and logs hold, so an action survives a save
and reload unchanged, and a hand-edited save is caught field by field.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, ClassVar, Union

from engine.core.errors import excerpt
from engine.core.quick import quicken

_REGISTRY: dict[str, type[Action]] = {}
_RENAMED: dict[str, type[Action]] = {}  # kinds older saves used, for actions renamed since


def renamed(old_kind: str, cls: type[Action]) -> None:
    """Read `old_kind` in older saves as `cls` (an action renamed or moved to the core)."""
    _RENAMED[old_kind] = cls


K = typing.TypeVar("K")
V = typing.TypeVar("V")


class Made(dict[K, V]):
    """key -> make(key), made the first time it is asked for and handed out again after.

    Listed actions are immutable values: a game lists the same ones by the dozen on every
    move, building them dominated listing, and a match skips its second check only for
    the very objects it listed. `Made(make)[key]` is a plain dict look-up once made."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        made = self[key] = self.make(key)
        return made


def looked_up(make: Callable[[K], V]) -> Callable[[K], V]:
    """`make` read once for each key and then looked up by the dictionary's own
    __getitem__ (Made), for the one-key readings the rules ask at every listing and move
    (a zone's name by seat, a card's name by face): a functools.cache wrapper is a call of
    its own at every ask, about four times as dear. Usable as a decorator."""
    return Made(make).__getitem__


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses are frozen dataclasses with a unique `kind`."""

    kind: ClassVar[str] = ""
    referee: ClassVar[bool] = False  # a table override, not a move under the rules

    def __init_subclass__(cls) -> None:
        # No super() call: slots=True rebuilds the class, breaking the zero-arg form.
        # The rebuilt class registers last, replacing the first registration.
        quicken(cls)
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


Checker = Callable[[Any], bool]


def _checker(annotation: Any) -> Checker:
    """A test that a JSON value fits `annotation`, built once per field: loading a long
    save decodes thousands of actions, and asking typing each time was most of it."""
    origin = typing.get_origin(annotation)
    if origin in (Union, types.UnionType):
        args = typing.get_args(annotation)
        if len(args) == 2 and type(None) in args:  # Optional: the common union, made quick
            inner = _checker(next(a for a in args if a is not type(None)))
            return lambda value: value is None or inner(value)
        arms = [_checker(arm) for arm in args]
        return lambda value: any(arm(value) for arm in arms)
    if annotation is type(None):
        return lambda value: value is None
    if origin is tuple:
        args = typing.get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:  # tuple[X, ...]: any length
            item = _checker(args[0])
            return lambda value: isinstance(value, list | tuple) and all(map(item, value))
        parts = [_checker(arg) for arg in args]  # tuple[X, Y]: so many, each its own type
        return lambda value: (isinstance(value, list | tuple) and len(value) == len(parts)
                              and all(part(v) for part, v in zip(parts, value, strict=True)))
    if annotation is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    if annotation is float:
        return lambda value: isinstance(value, int | float) and not isinstance(value, bool)
    return lambda value: isinstance(value, annotation)


def _fitting_types(annotation: Any) -> frozenset[type]:
    """The types whose every value fits `annotation`, among those JSON makes (str, int,
    float, bool, None): a value of one of them fits at one set look-up, the test made by
    `_checker` is asked only of the rest (lists for tuples, values that do not fit)."""
    if typing.get_origin(annotation) in (Union, types.UnionType):
        return frozenset().union(*map(_fitting_types, typing.get_args(annotation)))
    if annotation is float:
        return frozenset((int, float))
    if annotation in (int, str, bool, type(None)):
        return frozenset((annotation,))
    return frozenset()


@dataclass(frozen=True, slots=True)
class _Decoder:
    names: frozenset[str]
    # name, the types that fit at sight, the test for any other value, has a default
    fields: tuple[tuple[str, frozenset[type], Checker, bool], ...]


@cache
def _decoder(cls: type[Action]) -> _Decoder:
    hints = typing.get_type_hints(cls)
    return _Decoder(frozenset(f.name for f in fields(cls)) | {"t"},
                    tuple((f.name, _fitting_types(hints[f.name]), _checker(hints[f.name]),
                           f.default is not f.default_factory) for f in fields(cls)))


def action_from_json(data: Any) -> Action:
    """Rebuild an action from its JSON form; ValueError names the bad field."""
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise ValueError("an action must be an object with a string field 't'")
    cls = _REGISTRY.get(data["t"]) or _RENAMED.get(data["t"])
    if cls is None:
        raise ValueError(f"unknown action kind {excerpt(data['t'])}")
    decoder = _decoder(cls)
    if not decoder.names.issuperset(data):
        extra = sorted(set(data) - decoder.names)
        names_text = ", ".join(excerpt(name) for name in extra[:3])
        raise ValueError(f"action {excerpt(data['t'])} has unknown field(s) {names_text}")
    kwargs: dict[str, Any] = {}
    for name, fitting, fits, has_default in decoder.fields:
        if name not in data:
            if has_default:
                continue
            raise ValueError(f"action {excerpt(data['t'])} is missing field {name!r}")
        value = data[name]
        if type(value) in fitting:
            kwargs[name] = value
        elif fits(value):
            kwargs[name] = tuple(value) if isinstance(value, list) else value
        else:
            raise ValueError(f"action {excerpt(data['t'])} field {name!r} has a wrong value "
                             f"{excerpt(value)}")
    return cls(**kwargs)
