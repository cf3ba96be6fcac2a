"""Declarative state (issue "One engine for five rulebooks", item 5): a game declares its
fields; clone, JSON, hash and views are generated, so no field can be forgotten."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.declared import Declared, state_field
from engine.core.game import GameState
from engine.core.rng import Rng
from engine.core.zones import Table, Visibility, Zone
from engine.games import game_names, get_game
from engine.simulate import default_mode


class Mood(StrEnum):
    CALM = "calm"
    ANGRY = "angry"


@dataclass(frozen=True, slots=True)
class Note:
    card: str
    count: int
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Other:
    label: str


class Sample(GameState):
    """Every kind of field a game may declare."""

    count: int = 3
    mood: Mood = Mood.CALM
    owner: str | None = None
    scores: list[int] = state_field(lambda: [0, 0])
    marks: dict[str, int] = state_field(dict)
    seen: set[str] = state_field(set)
    pairs: tuple[tuple[str, int], ...] = ()
    by_index: dict[int, tuple[str, ...]] = state_field(dict)
    trained: dict[str, tuple[str, int]] = state_field(dict)
    note: Note | None = None
    stack: list[Note | Other] = state_field(list)
    public_word: str = state_field(default="", view="public")
    secret: dict[str, int] = state_field(dict, view=lambda state, value, seat: {})
    index: Any = state_field(default=None, cache=True)
    lent: Any = state_field(default=None, cache=True, view="public")


def sample() -> Sample:
    table = Table({"c1": "x", "c2": "y", "c3": "z"})
    table.add_zone(Zone("deck", "Deck", Visibility.HIDDEN, cards=["c1", "c2"]))
    table.add_zone(Zone("field", "Field", Visibility.PUBLIC, cards=["c3"]))
    table.face_up.add("c3")
    state = Sample(2, table, Rng(9))
    state.marks = {"c1": 1, "c3": 2, "c1/0": 5}
    state.seen = {"c1", "c3"}
    state.pairs = (("c1", 0), ("c3", 1))
    state.by_index = {0: ("c1", "c3"), 1: ()}
    state.trained = {"c3": ("c1", 1), "c1": ("c3", 2), "t": ("c3", 0)}
    state.note = Note("c1", 4, ("c1", "c3"))
    state.stack = [Note("c3", 1), Other("c2")]
    state.owner = "c2"
    state.public_word = "c1"
    state.secret = {"k": 1}
    state.index = object()
    state.lent = object()
    return state


def test_clone_copies_each_field_as_its_type_needs() -> None:
    state = sample()
    twin = state.clone()
    assert twin.to_json() == state.to_json()
    for name in ("scores", "marks", "seen", "by_index", "stack"):
        assert getattr(twin, name) == getattr(state, name)
        assert getattr(twin, name) is not getattr(state, name), name
    assert twin.table is not state.table and twin.rng is not state.rng
    assert twin.index is state.index  # a cache is shared, never copied
    twin.scores.append(9)
    twin.marks["c3"] = 7
    assert state.scores == [0, 0] and state.marks["c3"] == 2


def test_json_round_trips_every_field_and_leaves_caches_out() -> None:
    state = sample()
    data = state.to_json()
    assert "index" not in data
    assert data["mood"] == "calm" and data["seen"] == ["c1", "c3"]
    again = Sample.from_json(data, state)
    assert again.to_json() == data and again.state_hash() == state.state_hash()
    assert again.note == state.note and again.stack == state.stack
    assert again.by_index == {0: ("c1", "c3"), 1: ()}


def test_defaults_come_from_the_declaration() -> None:
    state = Sample(2, Table({}), Rng(1))
    other = Sample(2, Table({}), Rng(1))
    assert state.count == 3 and state.scores == [0, 0] and state.owner is None
    assert state.scores is not other.scores  # factories make a fresh value each time


def test_a_view_leaves_out_every_card_the_seat_cannot_see() -> None:
    """c1 and c2 lie face down in the deck; c3 is face up on the field."""
    state = sample()
    seen = state.clone()
    state.view_fields(seen, 0, state.table.hidden_from(0))
    assert state.table.hidden_from(0) == {"c1", "c2"}
    assert seen.marks == {"c3": 2}  # keyed by a hidden card, or "<card>/<n>": left out
    assert seen.seen == {"c3"}
    assert seen.pairs == (("c3", 1),)  # a record naming a hidden card goes whole
    assert seen.by_index == {0: ("c3",), 1: ()}
    assert seen.trained == {"t": ("c3", 0)}  # hidden in the key or in the record: left out
    assert seen.note == Note("", 4, ("c3",))  # a record's hidden field is emptied
    assert seen.stack == [Note("c3", 1), Other("")]
    assert seen.owner is None
    assert seen.public_word == "c1"  # declared public: shown as it is
    assert seen.secret == {}  # its own rule
    assert seen.count == 3
    assert seen.index is None  # a cache is worked out from the whole state: not shown
    assert seen.lent is state.lent  # unless declared public


@pytest.mark.parametrize(("annotation", "problem"), [
    ("list[list[int]]", "a mutable list inside another"),
    ("dict[str, list[str]]", "a mutable list inside another"),
    ("int | Note", "a union other than Optional"),
    ("Loose", "must be frozen"),
])
def test_a_declaration_clones_could_share_is_refused(annotation: str, problem: str) -> None:
    namespace: dict[str, Any] = {"__annotations__": {"bad": annotation}, "__module__": __name__}
    cls = type("Bad", (Declared,), namespace)
    with pytest.raises(TypeError, match=problem):
        cls.__new__(cls).clone()


@dataclass(slots=True)
class Loose:
    card: str


@pytest.mark.parametrize("name", game_names())
@settings(max_examples=15, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32), picks=st.lists(
    st.integers(min_value=0, max_value=10_000), max_size=60))
def test_every_state_of_every_game_round_trips(name: str, seed: int, picks: list[int]) -> None:
    """Along any legal path: a clone and a state read back from its JSON hash alike, and a
    clone shares no mutable field with its original."""
    from engine.core.match import Match

    game = get_game(name)
    match = Match(game, game.options_model(), seed, default_mode(name))
    for pick in picks:
        state = match.state
        twin = state.clone()
        assert twin.state_hash() == state.state_hash()
        assert type(state).from_json(state.to_json(), state).state_hash() == state.state_hash()
        for field, value in vars_of(state).items():
            if isinstance(value, list | dict | set):
                assert getattr(twin, field) is not value, field
        actions = match.legal_actions()
        if not actions:
            break
        match.submit(actions[pick % len(actions)])


def vars_of(state: GameState) -> dict[str, Any]:
    return {name: getattr(state, name) for cls in type(state).__mro__
            for name in getattr(cls, "__slots__", ()) if hasattr(state, name)}
