"""Quicker constructors for the frozen dataclasses made on every action.

Actions, events and frames are frozen, slotted dataclasses: values that clones,
views and saves share safely. A frozen dataclass's own __init__ sets each field
through `object.__setattr__` (looked up again for every field, to get past the
refusal frozen classes give); listings, events and frames make thousands of them a
second, and that was 3-7% of every game's self-play. `quicken` gives such a class
an __init__ of the very same signature that sets each slot through its descriptor,
about 40% quicker. A class it cannot match exactly (a __post_init__, a field left
out of __init__, a default factory, an InitVar) keeps the dataclass's own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any, TypeVar

C = TypeVar("C", bound=type)

def quicken(cls: C) -> C:
    """Give the frozen slotted dataclass `cls` the quicker __init__ (see the module), and
    return it (a decorator above @dataclass for the core's own values).

    Called from the base classes' __init_subclass__: a slotted dataclass is made twice,
    and only the second class (the one with its slots and its __init__) is changed. The
    quick __init__ is written when the first value of the class is made: writing one
    for each of hundreds of classes as a game is read added a twentieth to reading it,
    before the board's first drawing, and many (a rare card's event) are never made."""
    own = cls.__dict__
    if "__init__" not in own or "__slots__" not in own or "__dataclass_fields__" not in own:
        return cls
    if not cls.__dataclass_params__.frozen or hasattr(cls, "__post_init__"):  # type: ignore[attr-defined]
        return cls
    original = own["__init__"]

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        made = cls.__init__ = _written(cls, original)  # type: ignore[misc]
        made(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.__wrapped__ = original  # type: ignore[attr-defined]  # its signature, for help()
    cls.__init__ = __init__  # type: ignore[misc]
    return cls


def _written(cls: type, original: Callable[..., None]) -> Callable[..., None]:
    """The quick __init__ of `cls`, or the dataclass's own where it cannot be matched."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if any(not f.init or f.default_factory is not dataclasses.MISSING for f in fields):
        return original
    code = original.__code__
    if code.co_argcount + code.co_kwonlyargcount != len(fields) + 1:
        return original  # an InitVar: a parameter that is no field
    slots = _slots(cls, fields)
    if slots is None:
        return original  # a field kept in a dict, not a slot
    env: dict[str, Any] = {}
    positional: list[str] = []
    keywords: list[str] = []
    body: list[str] = []
    for number, (f, slot) in enumerate(zip(fields, slots, strict=True)):
        env[f"_set{number}"] = slot.__set__  # the slot's own descriptor
        parameter = f.name
        if f.default is not dataclasses.MISSING:
            env[f"_default{number}"] = f.default
            parameter += f"=_default{number}"
        (keywords if f.kw_only else positional).append(parameter)
        body.append(f"    _set{number}(self, {f.name})")
    parameters = ["self", *positional, *(["*", *keywords] if keywords else [])]
    source = f"def __init__({', '.join(parameters)}):\n" + "\n".join(body or ["    pass"])
    exec(source, env)  # the code is made here, from the class's own fields
    quick = env["__init__"]
    quick.__qualname__ = f"{cls.__qualname__}.__init__"
    quick.__module__ = cls.__module__
    quick.__wrapped__ = original  # the dataclass's own, for help() and the tests
    return quick  # type: ignore[no-any-return]


def _slots(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> list[Any] | None:
    """Each field's slot descriptor, in field order; None when a field is not a slot (the
    quick code sets each field through its slot's own descriptor)."""
    slots = [getattr(cls, f.name, None) for f in fields]
    return slots if all(isinstance(slot, MemberDescriptorType) for slot in slots) else None


_KEEP: Any = object()  # a fact a replacement leaves as it is
_REPLACERS: dict[type, Callable[..., Any]] = {}


def replacer(cls: type) -> Callable[..., Any]:
    """`replaced(old, **facts)`: a new value of the frozen slotted dataclass `cls` with the
    named facts replaced and the others as `old` has them, as dataclasses.replace makes
    it (it walks the class's fields in Python and runs __init__ with each field through
    object.__setattr__); a fact the class has not is a TypeError. Written once per class,
    from its own fields, for the values replaced on every step (a moved unit or figure, a
    window asking fewer seats). Only for classes whose __init__ would set each field
    as given (no __post_init__, no field left out of __init__, every field a slot).

    The new value is filled in as a `_draft` of the class, then made one: see there."""
    made = _REPLACERS.get(cls)
    if made is not None:
        return made
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    slots = _slots(cls, fields)
    if hasattr(cls, "__post_init__") or any(not f.init for f in fields) or slots is None:
        raise TypeError(f"{cls.__qualname__} cannot be replaced field by field")
    draft = _draft(cls)
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_KEEP": _KEEP,
                           "_draft": draft}
    body: list[str] = []
    for number, (f, slot) in enumerate(zip(fields, slots, strict=True)):
        value = f"old.{f.name} if {f.name} is _KEEP else {f.name}"
        if draft is None:
            env[f"_set{number}"] = slot.__set__
            body.append(f"    _set{number}(new, {value})")
        else:
            body.append(f"    new.{f.name} = {value}")
    keywords = ", ".join(f"{f.name}=_KEEP" for f in fields)
    source = (f"def replaced(old, *, {keywords}):\n"
              f"    new = _new({'_cls' if draft is None else '_draft'})\n"
              + "\n".join(body)
              + ("" if draft is None else "\n    new.__class__ = _cls") + "\n    return new")
    exec(source, env)  # the code is made here, from the class's own fields
    made = _REPLACERS[cls] = env["replaced"]
    made.__qualname__ = f"{cls.__qualname__}.replaced"
    return made


def _draft(cls: type) -> type | None:
    """A plain class of the very layout of `cls` (its slots, in its order), whose fields
    are set as any object's and which then becomes a `cls` by taking its class: three
    times quicker than each field through its frozen slot's descriptor, and a moved
    entity is made at nearly every step of a game of units. None for a class whose
    slots are not all its own (a frame of a game, built on the core's), which Python
    would not let a plain class turn into."""
    if cls.__bases__ != (object,) or "__slots__" not in cls.__dict__:
        return None
    draft = type(f"{cls.__name__}Draft", (), {"__slots__": cls.__dict__["__slots__"]})
    try:
        probe = object.__new__(draft)
        probe.__class__ = cls
    except TypeError:
        return None
    return draft
