"""Actions (engine.core.actions): stable string form, JSON round trip, field-by-field errors."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from engine.core.actions import action_from_json
from engine.core.referee import (
    DeclareResult,
    FlipCard,
    MoveCard,
    PassSeat,
    RollDice,
    SetCounter,
    ShuffleZone,
)

EXAMPLES = [
    MoveCard("c01", "hand:0"),
    MoveCard("?deck#51", "board", index=2, x=-40, y=60, face_up=True),
    FlipCard("t-red-1"),
    ShuffleZone("deck"),
    RollDice("3d6+1"),
    SetCounter("score", -3),
    PassSeat(1),
    DeclareResult((0, 2)),
    DeclareResult(()),
]


def test_to_json_names_kind_and_every_field() -> None:
    """to_json is {'t': kind, field: value...} with tuples as lists."""
    assert MoveCard("c01", "hand:0").to_json() == {
        "t": "move", "card": "c01", "to": "hand:0", "index": None, "x": None, "y": None,
        "face_up": None}
    assert DeclareResult((0, 2)).to_json() == {"t": "declare", "winners": [0, 2]}


def test_key_is_canonical_json() -> None:
    """key() is sorted, compact JSON: the exact text saves and logs hold."""
    assert MoveCard("c01", "hand:0").key() == (
        '{"card":"c01","face_up":null,"index":null,"t":"move","to":"hand:0","x":null,"y":null}')
    assert SetCounter("score", 5).key() == '{"name":"score","t":"counter","value":5}'
    assert DeclareResult((1,)).key() == '{"t":"declare","winners":[1]}'


def test_equal_actions_have_equal_keys_and_hashes() -> None:
    """Equal actions are equal values with the same key; different ones differ."""
    assert MoveCard("c01", "discard") == MoveCard("c01", "discard")
    assert hash(MoveCard("c01", "discard")) == hash(MoveCard("c01", "discard"))
    assert MoveCard("c01", "discard").key() == MoveCard("c01", "discard").key()
    assert MoveCard("c01", "discard").key() != MoveCard("c02", "discard").key()
    assert len({a.key() for a in EXAMPLES}) == len(EXAMPLES)


def test_actions_are_immutable() -> None:
    """Actions are frozen values."""
    action = SetCounter("score", 1)
    with pytest.raises(FrozenInstanceError):
        action.value = 2  # type: ignore[misc]


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: a.kind)
def test_round_trip(action: object) -> None:
    """action_from_json(a.to_json()) == a, with the same key."""
    again = action_from_json(action.to_json())  # type: ignore[attr-defined]
    assert again == action
    assert type(again) is type(action)
    assert again.key() == action.key()  # type: ignore[attr-defined]


def test_lists_come_back_as_tuples() -> None:
    """A JSON list for a tuple field is rebuilt as a tuple (so the action stays hashable)."""
    action = action_from_json({"t": "declare", "winners": [1, 0]})
    assert action == DeclareResult((1, 0))
    assert isinstance(action.winners, tuple)  # type: ignore[attr-defined]
    hash(action)


def test_defaults_may_be_left_out() -> None:
    """Fields with defaults are optional in JSON."""
    assert action_from_json({"t": "move", "card": "c01", "to": "discard"}) == MoveCard(
        "c01", "discard")


def test_describe_is_readable() -> None:
    """describe() speaks words, not JSON."""
    assert MoveCard("c01", "discard").describe() == "move c01 to discard"
    assert RollDice("2d6").describe() == "roll 2d6"
    assert SetCounter("score", 4).describe() == "set score to 4"
    assert PassSeat(1).describe() == "pass the seat to Player 2"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"t": "teleport", "card": "c01"}, "unknown action kind 'teleport'"),
        ({"t": "move", "to": "discard"}, "action 'move' is missing field 'card'"),
        ({"t": "counter", "name": "score"}, "action 'counter' is missing field 'value'"),
        ({"t": "counter", "name": "score", "value": True},
         "action 'counter' field 'value' has a wrong value True"),
        ({"t": "counter", "name": "score", "value": "5"},
         "action 'counter' field 'value' has a wrong value '5'"),
        ({"t": "counter", "name": "score", "value": 1.5},
         "action 'counter' field 'value' has a wrong value 1.5"),
        ({"t": "move", "card": 7, "to": "discard"},
         "action 'move' field 'card' has a wrong value 7"),
        ({"t": "move", "card": "c01", "to": "discard", "face_up": 1},
         "action 'move' field 'face_up' has a wrong value 1"),
        ({"t": "move", "card": "c01", "to": "discard", "index": False},
         "action 'move' field 'index' has a wrong value False"),
        ({"t": "declare", "winners": [0, "1"]},
         "action 'declare' field 'winners' has a wrong value [0, '1']"),
        ({"t": "declare", "winners": 0}, "action 'declare' field 'winners' has a wrong value 0"),
        ({"t": "move", "card": "c01", "to": "discard", "colour": "red"},
         "action 'move' has unknown field(s) 'colour'"),
        ({"card": "c01"}, "an action must be an object with a string field 't'"),
        ({"t": 3}, "an action must be an object with a string field 't'"),
        (["move", "c01"], "an action must be an object with a string field 't'"),
        (None, "an action must be an object with a string field 't'"),
    ],
)
def test_bad_json_is_a_value_error_naming_the_problem(data: object, message: str) -> None:
    """Unknown kind, missing, mistyped (bool for int too) or unknown field: a clear ValueError."""
    with pytest.raises(ValueError) as info:
        action_from_json(data)
    assert str(info.value) == message


def test_null_is_accepted_only_where_the_field_allows_it() -> None:
    """None is fine for an optional field and wrong for a required string."""
    assert action_from_json({"t": "move", "card": "c01", "to": "board", "x": None}) == MoveCard(
        "c01", "board")
    with pytest.raises(ValueError, match="field 'to'"):
        action_from_json({"t": "move", "card": "c01", "to": None})


def test_a_pair_field_takes_exactly_two_of_its_types() -> None:
    """A field of a fixed-length tuple (Wintergrim's two workers) is checked place by
    place: a save naming three workers, or one, is refused by name, not carried into
    the rules."""
    from engine.games.wintergrim.actions import Found

    assert action_from_json({"t": "wg-found", "hq": "h", "workers": ["a", "b"]}) == \
        Found("h", ("a", "b"))
    for bad in (["a", "b", "c"], ["a"], ["a", 2], "ab"):
        with pytest.raises(ValueError, match="field 'workers'"):
            action_from_json({"t": "wg-found", "hq": "h", "workers": bad})
