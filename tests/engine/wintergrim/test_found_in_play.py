"""Rules the computer player's games found broken, each fixed with its test."""

from __future__ import annotations

from engine.games.wintergrim.actions import Found, Move
from engine.games.wintergrim.combat import remove_unit
from tests.engine.wintergrim.helpers import P1, P2, act, hq, new, piece


def test_assassinate_marks_each_seat_its_own_leader_when_player_2_goes_first() -> None:
    """Assassinate: "When a player looses that leader, he/she looses the game". Player 2
    wins the roll and searches first; its marked leader is still its own, so losing it
    puts Player 2 out, not both players (seen in policy games: "every player is out")."""
    state = new((3, 5), mode="assassinate")
    assert state.first == P2
    act(state, Found("tundra-and-village", ("farmer", "reeve")))
    act(state, Found("forest-and-cabin", ("ranger", "woodsman")))
    assert state.marked == [piece(state, P1, "ranger"), piece(state, P2, "reeve")]
    remove_unit(state, piece(state, P2, "reeve"), "test")
    act(state, Move(piece(state, P2, "farmer"), hq(state, P2), ""))
    assert state.out == [False, True]
    assert state.result is not None and state.result.winners == (P1,)
