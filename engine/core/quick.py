"""Quicker constructors for the frozen dataclasses made on every action.

Actions, events and frames are frozen, slotted dataclasses: values that clones,
views and saves share safely. A frozen dataclass's own __init__ sets each field
through `object.__setattr__` (looked up again for every field, to get past the
refusal frozen classes give); listings, events and frames make thousands of them a
second. `quicken` gives such a class a `__new__` of the very same signature that
makes the value whole: it fills the fields in on a `_twin` of the class (the same
slots, set as any object's) and then gives it the class, and the class's __init__
becomes object's, which does nothing. An event of four fields is made in a sixth fewer
instructions than when each slot was set through its descriptor (a descriptor's
`__set__` called from Python builds a tuple of its arguments every time), itself some
40% quicker than the dataclass's own; a window asking fewer seats (`replacer`) in a
fifth fewer. A class it cannot match exactly (a __post_init__, a field left out of
__init__, a default factory, an InitVar, a field named with a leading underscore)
keeps the dataclass's own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any, TypeVar

C = TypeVar("C", bound=type)
TWIN = "_quick_twin"  # set in a twin's own namespace: a class never handed out (is_twin)
_object_new = object.__new__
_object_init = object.__init__


def quicken(cls: C) -> C:
    """Give the frozen slotted dataclass `cls` the quicker construction (see the module),
    and return it (a decorator above @dataclass for the core's own values).

    Called from the base classes' __init_subclass__: a slotted dataclass is made twice,
    and only the second class (the one with its slots and its __init__) is changed. The
    quick `__new__` is written when the first value of the class is made: writing one
    for each of hundreds of classes as a game is read added a twentieth to reading it,
    before the board's first drawing, and many (a rare card's event) are never made."""
    own = cls.__dict__
    if TWIN in own:  # a twin is made by quick's own code, never called
        return cls
    if "__init__" not in own or "__slots__" not in own or "__dataclass_fields__" not in own \
            or not cls.__dataclass_params__.frozen or hasattr(cls, "__post_init__"):  # type: ignore[attr-defined]
        if "__new__" not in own and cls.__new__ is not _object_new:
            # a subclass of a quickened class that is not one itself: made by its own
            # __init__, never by the base's quick __new__, which takes the base's fields
            cls.__new__ = _made_by_own_init  # type: ignore[assignment]
        return cls
    original = own["__init__"]

    def __new__(kind: type, /, *args: Any, **kwargs: Any) -> Any:
        if kind is not cls:  # a subclass: made by its own __init__
            return _made_by_own_init(kind)
        made = _written(cls, original)
        if made is None:  # the dataclass's own __init__ makes it, as it did
            cls.__new__ = _made_by_own_init  # type: ignore[assignment]
            return _object_new(cls)
        cls.__new__ = made  # type: ignore[assignment]
        cls.__init__ = _object_init  # type: ignore[misc]  # the value is whole already
        cls.__getnewargs_ex__ = _new_arguments  # type: ignore[attr-defined]
        return made(cls, *args, **kwargs)

    __new__.__qualname__ = f"{cls.__qualname__}.__new__"
    __new__.__wrapped__ = original  # type: ignore[attr-defined]  # its signature, for help()
    cls.__new__ = __new__  # type: ignore[assignment]
    return cls


def is_twin(cls: type) -> bool:
    """Whether `cls` is a `_twin`: a base class's hook that registers its subclasses (a
    frame's name, for saves) leaves it out."""
    return TWIN in cls.__dict__


def _new_arguments(value: Any) -> tuple[tuple[()], dict[str, Any]]:
    """What a copy or a pickle hands the quick `__new__` to make `value` again: its fields
    (they would call it with none, as for a class whose __init__ fills the fields)."""
    return (), {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}


def _made_by_own_init(kind: type, /, *args: Any, **kwargs: Any) -> Any:
    """A value of `kind`, a subclass of a quickened class, for its own __init__ to fill
    (the `__new__` of such a class that is not quickened itself)."""
    if kind.__init__ is _object_init:  # type: ignore[misc]
        raise TypeError(f"{kind.__qualname__} has no __init__ of its own: make it a "
                        "dataclass (frozen, slots) as its base is")
    return _object_new(kind)


def maker(cls: type) -> Callable[..., Any]:
    """A plain function of `cls`'s own signature that makes a `cls`, for the few values
    made at nearly every step (a figure's march, a death in battle). A class call finds
    the quick `__new__` through CPython's slot for a `__new__` written in Python, which
    looks it up and packs the arguments into a new tuple every time: some 1,800
    instructions of the 4,600 an event of four facts took. A class quick cannot match is
    handed back itself, to be called as before."""
    made = _MAKERS.get(cls)
    if made is None:
        # the dataclass's own __init__, which a quickened class's own __new__ wraps
        original = getattr(cls.__dict__.get("__new__"), "__wrapped__", None)
        written = None if original is None else _written(cls, original, bound=False)
        made = _MAKERS[cls] = cls if written is None else written
    return made


_MAKERS: dict[type, Callable[..., Any]] = {}


def _written(cls: type, original: Callable[..., None],
             bound: bool = True) -> Callable[..., Any] | None:
    """The quick `__new__` of `cls`, or None where it cannot be matched; not `bound`: the
    same without the class as its first parameter (maker)."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if any(not f.init or f.default_factory is not dataclasses.MISSING for f in fields):
        return None
    code = original.__code__
    if code.co_argcount + code.co_kwonlyargcount != len(fields) + 1:
        return None  # an InitVar: a parameter that is no field
    slots = _slots(cls, fields)
    if slots is None:
        return None  # a field kept in a dict, not a slot
    if any(f.name.startswith("_") for f in fields):
        return None  # a field could take the name of one of the code's own (_quick_made)
    twin = _twin(cls)
    env: dict[str, Any] = {"_cls": cls, "_twin": twin, "_new": _object_new,
                           "_by_own_init": _made_by_own_init}
    positional: list[str] = []
    keywords: list[str] = []
    body = ["    if _quick_cls is not _cls:  # a subclass: made by its own __init__",
            "        return _by_own_init(_quick_cls)"] if bound else []
    body.append(f"    _quick_made = _new({'_cls' if twin is None else '_twin'})")
    for number, (f, slot) in enumerate(zip(fields, slots, strict=True)):
        parameter = f.name
        if f.default is not dataclasses.MISSING:
            env[f"_default{number}"] = f.default
            parameter += f"=_default{number}"
        (keywords if f.kw_only else positional).append(parameter)
        if twin is None:
            env[f"_set{number}"] = slot.__set__  # the slot's own descriptor
            body.append(f"    _set{number}(_quick_made, {f.name})")
        else:
            body.append(f"    _quick_made.{f.name} = {f.name}")
    if twin is not None:
        body.append("    _quick_made.__class__ = _cls")
    parameters = [*(["_quick_cls", "/"] if bound else []), *positional,
                  *(["*", *keywords] if keywords else [])]
    name = "__new__" if bound else "make"
    source = f"def {name}({', '.join(parameters)}):\n" + "\n".join(body) + \
        "\n    return _quick_made"
    exec(source, env)  # the code is made here, from the class's own fields
    quick = env[name]
    quick.__qualname__ = f"{cls.__qualname__}.{name}"
    quick.__module__ = cls.__module__
    if bound:  # a maker's own signature is the class's already
        quick.__wrapped__ = original  # the dataclass's own, for help() and the tests
    return quick  # type: ignore[no-any-return]


def _slots(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> list[Any] | None:
    """Each field's slot descriptor, in field order; None when a field is not a slot (the
    quick code sets each field through its slot's own descriptor)."""
    slots = [getattr(cls, f.name, None) for f in fields]
    return slots if all(isinstance(slot, MemberDescriptorType) for slot in slots) else None


_KEEP: Any = object()  # a fact a replacement leaves as it is
_REPLACERS: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {}


def replacer(cls: type, *given: str) -> Callable[..., Any]:
    """`replaced(old, **facts)`: a new value of the frozen slotted dataclass `cls` with the
    named facts replaced and the others as `old` has them, as dataclasses.replace makes
    it (it walks the class's fields in Python and runs __init__ with each field through
    object.__setattr__); a fact the class has not is a TypeError. Written once per class,
    from its own fields, for the values replaced on every step (a moved unit or figure, a
    window asking fewer seats). Only for classes whose __init__ would set each field
    as given (no __post_init__, no field left out of __init__, every field a slot).

    The new value is filled in as a `_twin` of the class, then made one: see there. The
    facts are parameters a name may fill, not keyword-only ones: the defaults of those
    are looked up by name for every fact left out (most of them, on every move).

    With facts `given` by name, `replaced(old, *values)` replaces those facts, in that
    order, and no other: the rest are copied as they are, without asking of each whether
    it was named (a figure's move names two facts of nine)."""
    made = _REPLACERS.get((cls, given))
    if made is not None:
        return made
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    slots = _slots(cls, fields)
    if hasattr(cls, "__post_init__") or any(not f.init or f.name.startswith("_") for f in fields) \
            or slots is None:
        raise TypeError(f"{cls.__qualname__} cannot be replaced field by field")
    names = {f.name for f in fields}
    unknown = [name for name in given if name not in names]
    if unknown or len(set(given)) != len(given):
        raise TypeError(f"{cls.__qualname__} has no fact {unknown[0]!r}" if unknown
                        else "a fact is named twice")
    twin = _twin(cls)
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_KEEP": _KEEP,
                           "_twin": twin}
    body: list[str] = []
    for number, (f, slot) in enumerate(zip(fields, slots, strict=True)):
        value = f.name if f.name in given else f"_quick_old.{f.name}" if given \
            else f"_quick_old.{f.name} if {f.name} is _KEEP else {f.name}"
        if twin is None:
            env[f"_set{number}"] = slot.__set__
            body.append(f"    _set{number}(_quick_made, {value})")
        else:
            body.append(f"    _quick_made.{f.name} = {value}")
    parameters = ", ".join(given) if given else ", ".join(f"{f.name}=_KEEP" for f in fields)
    source = (f"def replaced(_quick_old, /, {parameters}):\n"
              f"    _quick_made = _new({'_cls' if twin is None else '_twin'})\n"
              + "\n".join(body)
              + ("" if twin is None else "\n    _quick_made.__class__ = _cls")
              + "\n    return _quick_made")
    exec(source, env)  # the code is made here, from the class's own fields
    made = _REPLACERS[cls, given] = env["replaced"]
    made.__qualname__ = f"{cls.__qualname__}.replaced"
    return made


_TWINS: dict[type, type | None] = {}


def _twin(cls: type) -> type | None:
    """A class of the very layout of `cls` (its base, its own slots, in their order),
    whose fields are set as any object's and which then becomes a `cls` by taking its
    class: the fields of a value being made are set at the speed of any slot, where a
    frozen class refuses them and its slots' descriptors are slow to call. None for a
    class Python would not let another turn into (more than one base)."""
    if cls in _TWINS:
        return _TWINS[cls]
    made: type | None = None
    if len(cls.__bases__) == 1:
        base = cls.__bases__[0]
        space: dict[str, Any] = {"__slots__": cls.__dict__.get("__slots__", ()), TWIN: True,
                                 "__module__": cls.__module__}
        if base is not object:  # a frozen base refuses to set a field: this one does not
            space["__setattr__"] = object.__setattr__
            space["__delattr__"] = object.__delattr__
        made = type(f"{cls.__name__}Twin", (base,), space)
        try:
            probe = _object_new(made)
            probe.__class__ = cls
        except TypeError:
            made = None
    _TWINS[cls] = made
    return made
