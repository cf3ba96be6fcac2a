"""Declarative state: a game declares its state's fields; clone, JSON and views follow.

A state class lists its fields as annotations, with a default or a
`state_field(...)`. From the declaration the core generates, once per class:

- `clone()`: each field copied as its type needs (a list copied, an int
  shared, the table and the RNG cloned), compiled to straight-line code so it
  costs what a hand-written clone does;
- `to_json()` and `from_json()`: every field, canonical, so the state hash and
  the round trip cover each one;
- the seat's view of every field: card ids the seat cannot see are masked
  (a dict entry keyed by one dropped, an element that is one left out, a field
  holding one emptied), unless a field says otherwise.

A hand-written clone or to_json forgot a field now and then, and the bug
showed up as an undo that did not undo or a save that did not load; here
there is nothing to forget. Mutable values are allowed only one level deep
(a list of ints, a dict of tuples): a list of lists would be shared between
clones, so the declaration refuses it.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar, Union

_MISSING: Any = object()
HIDDEN: Any = object()  # a value the seat may not see: its container drops it

ViewPolicy = Callable[[Any, Any, int], Any]  # (state, value, seat) -> the seat's value


@dataclasses.dataclass(frozen=True, slots=True)
class StateField:
    """How a field is made, copied and shown; see `state_field`."""

    default: Any = _MISSING
    factory: Callable[[], Any] | None = None
    view: str | ViewPolicy = "mask"
    cache: bool = False


def state_field(factory: Callable[[], Any] | None = None, *, default: Any = _MISSING,
                view: str | ViewPolicy = "mask", cache: bool = False) -> Any:
    """Declare a field with a `factory` for mutable defaults (`state_field(dict)`).

    `view`: "mask" (default) hides card ids the seat cannot see; "public" shows the
    value as it is (it holds no card ids); a function (state, value, seat) gives the
    seat's value (e.g. TACTICA's honour rule). `cache`: derived data kept to save
    work (a board index); shared by clones, left out of JSON and hashes, and left out
    of a seat's view unless declared "public" too.
    """
    return StateField(default, factory, view, cache)


class DeclaredMeta(type):
    """Turns annotations into slots and records their defaults; methods come later."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> Any:
        raw = namespace.get("__annotations__", {})
        own: dict[str, StateField] = {}
        for field_name, annotation in raw.items():
            if _is_class_var(annotation):
                continue
            value = namespace.pop(field_name, _MISSING)
            own[field_name] = value if isinstance(value, StateField) else StateField(value)
        namespace["__slots__"] = tuple(own)
        namespace["_own_fields"] = own
        # Each class gets its own first clone, which puts the class's generated clone in
        # its place: later clones are one call (a state is cloned for every action).
        namespace.setdefault("clone", _first_clone)
        cls = super().__new__(mcs, name, bases, namespace)
        cls._compiled = None
        return cls


def _first_clone(self: Any) -> Any:
    cls = type(self)
    compiled = _compiled(cls)
    if cls.__dict__.get("clone") is _first_clone:
        cls.clone = compiled.clone
    return compiled.clone(self)


def _is_class_var(annotation: Any) -> bool:
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    return annotation is ClassVar or typing.get_origin(annotation) is ClassVar


class Declared(metaclass=DeclaredMeta):
    """Base of declared states: `init_fields()`, `clone()`, `to_json()`, `from_json()`."""

    _own_fields: ClassVar[dict[str, StateField]]
    _compiled: ClassVar[Compiled | None]
    replaced_in_view: ClassVar[tuple[str, ...]] = ()

    def init_fields(self) -> None:
        """Give every declared field its default (constructors set the rest after)."""
        for name, spec in _compiled(type(self)).specs.items():
            if spec.factory is not None:
                setattr(self, name, spec.factory())
            elif spec.default is not _MISSING:
                setattr(self, name, spec.default)

    if typing.TYPE_CHECKING:
        def clone(self) -> Any:
            """A copy sharing nothing mutable (DeclaredMeta gives each class its own)."""

    def clone_for_view(self) -> Any:
        """A clone whose fields named in `replaced_in_view` are left unset (None): the
        view puts its own there (a seat's table, a sealed RNG), so copying them first
        was wasted work on every view."""
        return _compiled(type(self)).clone_for_view(self)

    def to_json(self) -> dict[str, Any]:
        return _compiled(type(self)).to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any], like: Any) -> Any:
        """The state `data` describes; `like` lends what JSON does not carry (card faces)."""
        return _compiled(cls).from_json(data, like)

    def declared_values(self) -> dict[str, Any]:
        """Every declared field's value by name (derived caches left out)."""
        specs = _compiled(type(self)).specs
        return {name: getattr(self, name) for name, spec in specs.items() if not spec.cache}

    def drop_caches(self) -> None:
        """Forget every cache not declared public: the table changed behind the rules'
        back (a referee override), and a cache a game keeps in step with its own moves
        need not notice a change no rule made. Replays apply steps to one state in place,
        so nothing else would tell it."""
        _compiled(type(self)).drop_caches(self)

    def view_fields(self, seen: Any, seat: int, hidden: frozenset[str]) -> None:
        """Give `seen` (a clone of this state) each field as `seat` may see it."""
        _compiled(type(self)).view(self, seen, seat, hidden)


# -- what each type needs ------------------------------------------------------------------
@dataclasses.dataclass(slots=True)
class Compiled:
    specs: dict[str, StateField]
    clone: Callable[[Any], Any]
    clone_for_view: Callable[[Any], Any]
    to_json: Callable[[Any], dict[str, Any]]
    from_json: Callable[[dict[str, Any], Any], Any]
    view: Callable[[Any, Any, int, frozenset[str]], None]
    drop_caches: Callable[[Any], None]


def _compiled(cls: type) -> Compiled:
    compiled = cls.__dict__.get("_compiled")
    if compiled is None:
        compiled = _compile(cls)
        cls._compiled = compiled  # type: ignore[attr-defined]
    return compiled


def _fields_of(cls: type) -> dict[str, StateField]:
    out: dict[str, StateField] = {}
    for klass in reversed(cls.__mro__):
        out.update(klass.__dict__.get("_own_fields", {}))
    return out


def _compile(cls: type) -> Compiled:
    specs = _fields_of(cls)
    hints = typing.get_type_hints(cls)
    kinds = {name: _kind(hints[name], f"{cls.__name__}.{name}", spec.cache)
             for name, spec in specs.items()}
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    for function, left_unset in (("clone", ()), ("clone_for_view", cls.replaced_in_view)):
        lines = [f"def {function}(self):", "    new = _new(_cls)"]
        for name, kind in kinds.items():
            value = "None" if name in left_unset else kind.copy_expr(f"self.{name}")
            lines.append(f"    new.{name} = {value}")
        lines.append("    return new")
        exec("\n".join(lines), env)  # the code is made here, from the declaration

    stored = [name for name, spec in specs.items() if not spec.cache]

    def to_json(state: Any) -> dict[str, Any]:
        return {name: kinds[name].encode(getattr(state, name)) for name in stored}

    def from_json(data: dict[str, Any], like: Any) -> Any:
        new = object.__new__(cls)
        for name, spec in specs.items():
            if spec.cache:
                setattr(new, name, None)
            else:
                setattr(new, name, kinds[name].decode(data[name], like))
        return new

    masked = [(name, kinds[name], spec.view) for name, spec in specs.items()
              if not spec.cache and spec.view != "public" and kinds[name].may_hold_cards]
    # A cache is worked out from the whole state (a snapshot holding every pile in order):
    # a seat's view goes without it, and works it out afresh from what it sees, unless
    # the field is declared public (it holds nothing a seat may not know).
    dropped = [(name, None if spec.default is _MISSING else spec.default)
               for name, spec in specs.items() if spec.cache and spec.view != "public"]

    def drop_caches(state: Any) -> None:
        for name, empty in dropped:
            setattr(state, name, empty)

    def view(state: Any, seen: Any, seat: int, hidden: frozenset[str]) -> None:
        drop_caches(seen)
        for name, kind, policy in masked:
            value = getattr(state, name)
            if not value:  # empty containers, "" and None hide nothing
                continue
            if callable(policy):
                setattr(seen, name, policy(state, value, seat))
            elif getattr(kind, "seated", False):
                setattr(seen, name, value.view(seat, hidden))
            elif hidden:
                shown = kind.mask(value, hidden)
                setattr(seen, name, kind.empty() if shown is HIDDEN else shown)

    return Compiled(specs, env["clone"], env["clone_for_view"], to_json, from_json, view,
                    drop_caches)


# -- kinds of value ------------------------------------------------------------------------
class Kind:
    """How one declared type is copied, written, read and masked."""

    may_hold_cards = False

    def copy_expr(self, ref: str) -> str:
        return ref  # immutable: clones share it

    def encode(self, value: Any) -> Any:
        return value

    def decode(self, data: Any, like: Any) -> Any:
        return data

    def mask(self, value: Any, hidden: frozenset[str]) -> Any:
        return value

    def empty(self) -> Any:
        return None


class Atom(Kind):
    """int, bool, float, None: shared, written as they are."""


class Text(Kind):
    """A str: may be a card id."""

    may_hold_cards = True

    def mask(self, value: Any, hidden: frozenset[str]) -> Any:
        return HIDDEN if _names_hidden(value, hidden) else value

    def empty(self) -> Any:
        return ""


class EnumKind(Kind):
    def __init__(self, cls: type[enum.Enum]) -> None:
        self.cls = cls

    def encode(self, value: Any) -> Any:
        return value.value

    def decode(self, data: Any, like: Any) -> Any:
        return self.cls(data)


class OptionalKind(Kind):
    def __init__(self, inner: Kind) -> None:
        self.inner = inner
        self.may_hold_cards = inner.may_hold_cards

    def copy_expr(self, ref: str) -> str:
        inner = self.inner.copy_expr(ref)
        return ref if inner == ref else f"(None if {ref} is None else {inner})"

    def encode(self, value: Any) -> Any:
        return None if value is None else self.inner.encode(value)

    def decode(self, data: Any, like: Any) -> Any:
        return None if data is None else self.inner.decode(data, like)

    def mask(self, value: Any, hidden: frozenset[str]) -> Any:
        if value is None:
            return None
        shown = self.inner.mask(value, hidden)
        return None if shown is HIDDEN else shown


class Record(Kind):
    """A fixed tuple such as (card, index): hidden whole when any part is hidden."""

    def __init__(self, parts: list[Kind]) -> None:
        self.parts = parts
        self.may_hold_cards = any(p.may_hold_cards for p in parts)
        # Parts that are plain words or atoms mask to themselves or to HIDDEN, so such a
        # record is shown as it is unless one of its words is hidden: checked by index.
        self.words = tuple(i for i, p in enumerate(parts) if type(p) is Text) \
            if all(type(p) in (Text, Atom) for p in parts) else None

    def encode(self, value: Any) -> Any:
        return [k.encode(v) for k, v in zip(self.parts, value, strict=True)]

    def decode(self, data: Any, like: Any) -> Any:
        return tuple(k.decode(v, like) for k, v in zip(self.parts, data, strict=True))

    def mask(self, value: Any, hidden: frozenset[str]) -> Any:
        if self.words is not None:
            return HIDDEN if self.names_hidden(value, hidden) else value
        shown = [k.mask(v, hidden) for k, v in zip(self.parts, value, strict=True)]
        return HIDDEN if any(v is HIDDEN for v in shown) else tuple(shown)

    def names_hidden(self, value: Any, hidden: frozenset[str]) -> bool:
        """Whether a record of words and atoms names a hidden card (`words` is set)."""
        return any(_names_hidden(value[i], hidden) for i in self.words)  # type: ignore[union-attr]

    def empty(self) -> Any:
        return ()


class Collection(Kind):
    """tuple[T, ...], list[T], set[T], frozenset[T]: hidden elements left out."""

    def __init__(self, container: type, item: Kind) -> None:
        self.container, self.item = container, item
        self.may_hold_cards = item.may_hold_cards

    def copy_expr(self, ref: str) -> str:
        if self.container in (tuple, frozenset):
            return ref
        if self.container is list:
            return f"{ref}.copy()"  # a method call: cheaper than list(...) for short lists
        return f"{self.container.__name__}({ref})"

    def encode(self, value: Any) -> Any:
        items = [self.item.encode(v) for v in value]
        if self.container in (set, frozenset):
            items.sort(key=_sort_key)
        return items

    def decode(self, data: Any, like: Any) -> Any:
        return self.container(self.item.decode(v, like) for v in data)

    def mask(self, value: Any, hidden: frozenset[str]) -> Any:
        if type(self.item) is Text:  # the common case, without a call per element
            return self.container(v for v in value if not _names_hidden(v, hidden))
        shown = [self.item.mask(v, hidden) for v in value]
        return self.container(v for v in shown if v is not HIDDEN)

    def empty(self) -> Any:
        return self.container()


class Mapping(Kind):
    """dict[K, V]: entries keyed by a hidden card left out; keys str or int."""

    def __init__(self, key: Kind, value: Kind) -> None:
        self.key, self.value = key, value
        self.may_hold_cards = key.may_hold_cards or value.may_hold_cards
        self.int_keys = isinstance(key, Atom)

    def copy_expr(self, ref: str) -> str:
        return f"{ref}.copy()"  # cheaper than dict(...) for the small dicts states hold

    def encode(self, value: Any) -> Any:
        return {str(k): self.value.encode(v) for k, v in sorted(value.items(), key=_item_key)}

    def decode(self, data: Any, like: Any) -> Any:
        return {(int(k) if self.int_keys else k): self.value.decode(v, like)
                for k, v in data.items()}

    def mask(self, value: Any, hidden: frozenset[str]) -> Any:
        if type(self.key) is Text:  # the common cases, without a call per entry
            if not self.value.may_hold_cards:  # a count per card
                return {k: v for k, v in value.items() if not _names_hidden(k, hidden)}
            if type(self.value) is Text:  # a card per card
                return {k: v for k, v in value.items()
                        if not _names_hidden(k, hidden) and not _names_hidden(v, hidden)}
            record = self.value
            if type(record) is Record and record.words is not None:  # (card, count) per card
                if len(record.words) == 1:
                    word = record.words[0]
                    return {k: v for k, v in value.items()
                            if not _names_hidden(k, hidden) and not _names_hidden(v[word], hidden)}
                return {k: v for k, v in value.items()
                        if not _names_hidden(k, hidden) and not record.names_hidden(v, hidden)}
        out = {}
        for k, v in value.items():
            if self.key.mask(k, hidden) is HIDDEN:
                continue
            shown = self.value.mask(v, hidden)
            if shown is not HIDDEN:
                out[k] = shown
        return out

    def empty(self) -> Any:
        return {}


class DataRecord(Kind):
    """A frozen dataclass: shared by clones; a hidden card in a field empties that field."""

    def __init__(self, cls: type, fields: dict[str, Kind]) -> None:
        self.cls, self.fields = cls, fields
        self.may_hold_cards = any(k.may_hold_cards for k in fields.values())

    def encode(self, value: Any) -> Any:
        return {name: kind.encode(getattr(value, name)) for name, kind in self.fields.items()}

    def decode(self, data: Any, like: Any) -> Any:
        return self.cls(**{name: kind.decode(data[name], like)
                           for name, kind in self.fields.items()})

    def mask(self, value: Any, hidden: frozenset[str]) -> Any:
        changes = {}
        for name, kind in self.fields.items():
            if not kind.may_hold_cards:
                continue
            old = getattr(value, name)
            shown = kind.mask(old, hidden)
            if shown is HIDDEN:
                shown = kind.empty()
            if shown != old:
                changes[name] = shown
        return dataclasses.replace(value, **changes) if changes else value


class Variant(Kind):
    """One of several frozen dataclasses (a stack of different frames): tagged in JSON."""

    def __init__(self, arms: dict[str, Kind]) -> None:
        self.arms = arms
        self.may_hold_cards = any(k.may_hold_cards for k in arms.values())

    def encode(self, value: Any) -> Any:
        name = type(value).__name__
        return {"type": name, **self.arms[name].encode(value)}

    def decode(self, data: Any, like: Any) -> Any:
        fields = dict(data)
        return self.arms[fields.pop("type")].decode(fields, like)

    def mask(self, value: Any, hidden: frozenset[str]) -> Any:
        return self.arms[type(value).__name__].mask(value, hidden)


class Scalar(Kind):
    """A value of one of several atom types (str | int | bool): a str may be a card id."""

    may_hold_cards = True

    def mask(self, value: Any, hidden: frozenset[str]) -> Any:
        return HIDDEN if isinstance(value, str) and _names_hidden(value, hidden) else value


class Polymorphic(Kind):
    """A base class whose frozen-dataclass subclasses register in `variants` (frames):
    any of them, tagged with its class name in JSON."""

    def __init__(self, variants: dict[str, type], where: str) -> None:
        self.variants, self.where = variants, where
        self.may_hold_cards = True
        self._arms: dict[str, Kind] = {}

    def _arm(self, name: str) -> Kind:
        if name not in self._arms:
            self._arms[name] = _kind(self.variants[name], self.where, False)
        return self._arms[name]

    def encode(self, value: Any) -> Any:
        name = type(value).__name__
        return {"type": name, **self._arm(name).encode(value)}

    def decode(self, data: Any, like: Any) -> Any:
        fields = dict(data)
        return self._arm(fields.pop("type")).decode(fields, like)

    def mask(self, value: Any, hidden: frozenset[str]) -> Any:
        return self._arm(type(value).__name__).mask(value, hidden)


class Cloned(Kind):
    """The table and the RNG: objects with their own clone and JSON (`from_json(data,
    template)` takes what JSON does not carry, the card faces, from the template)."""

    def __init__(self, cls: type, name: str) -> None:
        self.cls, self.name = cls, name
        # Entities show each seat its own sight (`view(seat, hidden)`), as zones do.
        self.seated = bool(getattr(cls, "views_per_seat", False))
        self.may_hold_cards = self.seated

    def copy_expr(self, ref: str) -> str:
        return f"{ref}.clone()"

    def encode(self, value: Any) -> Any:
        return value.to_json()

    def decode(self, data: Any, like: Any) -> Any:
        return self.cls.from_json(data, getattr(like, self.name))


class Model(Kind):
    """A frozen pydantic model (match options), read back as the template's own class
    (a field declared GameOptions holds a game's subclass)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def encode(self, value: Any) -> Any:
        return value.model_dump(mode="json")

    def decode(self, data: Any, like: Any) -> Any:
        return type(getattr(like, self.name)).model_validate(data)


class Cache(Kind):
    """Derived data: shared by clones, never written."""


def _kind(hint: Any, where: str, cache: bool, inside: bool = False) -> Kind:
    """The Kind of a declared type; mutable inside mutable is refused (clones would share)."""
    if cache:
        return Cache()
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in (int, bool, float, type(None)):
        return Atom()
    if hint is str:
        return Text()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return EnumKind(hint)
    if origin is typing.Literal:
        return Atom()  # a word from a fixed list, never a card id
    if origin in (Union, types.UnionType):
        arms = [a for a in args if a is not type(None)]
        if len(arms) == 1 and len(args) == 2:
            return OptionalKind(_kind(arms[0], where, False, inside))
        if all(dataclasses.is_dataclass(a) for a in arms) and len(arms) == len(args):
            return Variant({a.__name__: _kind(a, where, False, inside) for a in arms})
        if all(a in (int, str, bool, float, type(None)) for a in args):
            return Scalar()
        raise TypeError(f"{where}: a union other than Optional[X] or of dataclasses cannot "
                        f"be declared ({hint})")
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return Collection(tuple, _kind(args[0], where, False, True))
        return Record([_kind(a, where, False, True) for a in args])
    if origin in (list, set, frozenset, dict):
        if inside and origin is not frozenset:
            raise TypeError(f"{where}: a mutable {origin.__name__} inside another would be "
                            "shared by clones; use a tuple or frozenset inside")
        if origin is dict:
            return Mapping(_kind(args[0], where, False, True), _kind(args[1], where, False, True))
        return Collection(origin, _kind(args[0], where, False, True))
    if isinstance(hint, type) and isinstance(hint.__dict__.get("variants"), dict):
        return Polymorphic(hint.variants, where)
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        if not hint.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            raise TypeError(f"{where}: dataclass {hint.__name__} must be frozen")
        inner = typing.get_type_hints(hint)
        # A frozen dataclass is a value: shared by clones, its containers never changed.
        return DataRecord(hint, {f.name: _kind(inner[f.name], f"{where}.{f.name}", False)
                                 for f in dataclasses.fields(hint)})
    from pydantic import BaseModel  # a game's options; not read before the window is up

    if isinstance(hint, type) and issubclass(hint, BaseModel):
        return Model(where.rpartition(".")[2])
    if isinstance(hint, type) and hasattr(hint, "clone") and hasattr(hint, "from_json"):
        return Cloned(hint, where.rpartition(".")[2])
    raise TypeError(f"{where}: cannot declare a field of type {hint!r}")


def _names_hidden(text: str, hidden: frozenset[str]) -> bool:
    """A card id the seat may not see, whole or as a part of a key like '<card>/<index>'."""
    return text in hidden or ("/" in text and not hidden.isdisjoint(text.split("/")))


def _sort_key(value: Any) -> str:
    return repr(value)


def _item_key(item: tuple[Any, Any]) -> str:
    return str(item[0])
