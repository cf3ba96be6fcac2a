"""Actions, events and frames get a quicker construction (engine.core.quick) that must
take the very arguments the dataclass's own __init__ takes and make the very same value."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle

import pytest

from engine.core.actions import Action
from engine.core.entities import Entity
from engine.core.events import Event
from engine.core.frames import FRAME_TYPES, Frame
from engine.core.prompts import Prompt
from engine.core.quick import is_twin, maker, quicken, replacer
from engine.core.zones import Seen
from engine.games import game_names, get_game


def _every(base: type) -> set[type]:
    found, todo = set(), [base]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return {kind for kind in found if dataclasses.is_dataclass(kind)
            and "__slots__" in vars(kind) and not is_twin(kind)}


def _shape(signature: inspect.Signature) -> list[tuple[str, object, object]]:
    """Each parameter's name, kind (positional or keyword-only) and default."""
    return [(p.name, p.kind, p.default) for p in signature.parameters.values()]


def _classes() -> list[type]:
    for name in game_names():
        get_game(name)  # its actions, events and frames are made as its rules are read
    own = {Entity, Prompt, Seen}  # the core's values made on every move or view
    return sorted(_every(Action) | _every(Event) | _every(Frame) | own,
                  key=lambda kind: (kind.__module__, kind.__qualname__))


def test_every_action_event_frame_and_entity_is_quickened_to_its_own_signature() -> None:
    kinds = _classes()
    assert len(kinds) > 250  # every game's, not a handful
    for kind in kinds:
        original = inspect.unwrap(kind.__new__)
        assert original is not kind.__new__, f"{kind.__qualname__} was not quickened"
        assert original.__qualname__ == f"{kind.__qualname__}.__init__"  # the dataclass's
        assert _shape(inspect.signature(kind)) == _shape(inspect.signature(original))[1:]
        values = {f.name: f"{f.name}-value" for f in dataclasses.fields(kind)}
        made = kind(**values)  # the first one made writes the quick __new__
        quick = kind.__new__
        assert quick is not original and inspect.unwrap(quick) is original
        assert kind.__init__ is object.__init__, kind.__qualname__  # nothing left to do
        assert _shape(inspect.signature(quick, follow_wrapped=False))[1:] == \
            _shape(inspect.signature(original))[1:], kind.__qualname__
        slow = object.__new__(kind)
        original(slow, **values)
        assert type(made) is kind and made == slow and hash(made) == hash(slow)
        assert all(getattr(made, n) == v for n, v in values.items())
        assert copy.copy(made) == made and pickle.loads(pickle.dumps(made)) == made
        for name in list(values)[:1]:
            with pytest.raises(dataclasses.FrozenInstanceError):  # as frozen as any made
                setattr(made, name, "changed")
        defaults = {f.name for f in dataclasses.fields(kind)
                    if f.default is not dataclasses.MISSING}
        if defaults:
            bare = {n: v for n, v in values.items() if n not in defaults}
            slow = object.__new__(kind)
            original(slow, **bare)
            assert kind(**bare) == slow
    assert not any(is_twin(kind) for kind in FRAME_TYPES.values())  # never saved by name


@dataclasses.dataclass(frozen=True, slots=True)
class Checked:
    """A class that checks its values after __init__: quick may not skip that."""

    count: int

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("negative")


def test_a_maker_makes_what_its_class_makes_from_the_same_arguments() -> None:
    for kind in _classes():
        make = maker(kind)
        assert make is not kind, f"{kind.__qualname__} has no maker"
        assert maker(kind) is make  # written once
        assert _shape(inspect.signature(make)) == _shape(inspect.signature(kind)), \
            kind.__qualname__
        values = {f.name: f"{f.name}-value" for f in dataclasses.fields(kind)}
        made, called = make(**values), kind(**values)
        assert type(made) is kind and made == called and hash(made) == hash(called)
        for name in list(values)[:1]:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(made, name, "changed")
        with pytest.raises(TypeError):  # what the class refuses, the maker refuses
            make(**values, unknown=1)


def test_a_class_quick_cannot_match_is_its_own_maker() -> None:
    assert maker(Checked) is Checked


def test_a_class_it_cannot_match_keeps_the_dataclass_init() -> None:
    own = Checked.__init__
    quicken(Checked)
    assert Checked.__init__ is own and Checked.__new__ is object.__new__
    with pytest.raises(ValueError):
        Checked(-1)


def test_a_subclass_of_a_quickened_class_is_made_by_its_own_init() -> None:
    """A subclass inherits the quick __new__ of its base, which leaves the making to the
    subclass's own __init__ (one with a __post_init__ is not quickened itself); one with
    no __init__ of its own would be left unmade, and is refused by name."""
    from engine.core.table_events import Chosen

    Chosen(seat=0, choice="first")  # the base's quick __new__ is written

    @dataclasses.dataclass(frozen=True, slots=True)
    class Counted(Chosen):
        count: int = 0

        def __post_init__(self) -> None:
            if self.count < 0:
                raise ValueError("negative")

    made = Counted(1, "a", count=2, seen_by=frozenset({1}))
    assert (made.seat, made.choice, made.count, made.seen_by) == (1, "a", 2, frozenset({1}))
    with pytest.raises(ValueError):
        Counted(1, "a", count=-1)

    class Bare(Chosen):
        __slots__ = ()

    with pytest.raises(TypeError, match="Bare has no __init__ of its own"):
        Bare(1, "a")


def test_a_quick_construction_refuses_what_the_dataclass_refuses() -> None:
    from engine.core.table_events import Chosen

    with pytest.raises(TypeError):
        Chosen(1, "a", frozenset({1}))  # seen_by is keyword-only
    with pytest.raises(TypeError):
        Chosen(seat=1)  # choice is missing
    with pytest.raises(dataclasses.FrozenInstanceError):
        Chosen(seat=1, choice="a").seat = 2  # type: ignore[misc]


def test_a_replacement_is_what_dataclasses_replace_makes() -> None:
    """quick.replacer (a moved entity, a window asking fewer seats) makes what
    dataclasses.replace makes, for every frame class and the entity, whichever facts are
    named; an unknown fact is a TypeError and a class it cannot match is refused."""
    kinds = [kind for kind in _classes() if issubclass(kind, Frame) or kind is Entity]
    assert len(kinds) > 40
    for kind in kinds:
        names = [f.name for f in dataclasses.fields(kind)]
        old = kind(**{n: f"{n}-old" for n in names})
        replaced = replacer(kind)
        assert replacer(kind) is replaced  # written once per class
        for count in range(len(names) + 1):
            facts = {n: f"{n}-new" for n in names[:count]}
            new = replaced(old, **facts)
            assert type(new) is kind and new == dataclasses.replace(old, **facts)
            assert all(getattr(new, n) == facts.get(n, getattr(old, n)) for n in names)
        with pytest.raises(dataclasses.FrozenInstanceError):  # as frozen as any made
            setattr(replaced(old), names[0], "changed")
        with pytest.raises(TypeError):
            replaced(old, no_such_fact=1)
        given = names[-2:]  # a replacer of some facts only, given in order
        placed = replacer(kind, *given)
        assert replacer(kind, *given) is placed and placed is not replaced
        facts = {n: f"{n}-given" for n in given}
        assert placed(old, *facts.values()) == dataclasses.replace(old, **facts)
        assert type(placed(old, *facts.values())) is kind

    with pytest.raises(TypeError, match="cannot be replaced"):
        replacer(Checked)
    with pytest.raises(TypeError, match="no fact 'nowhere'"):
        replacer(Entity, "at", "nowhere")
    with pytest.raises(TypeError, match="named twice"):
        replacer(Entity, "at", "at")
