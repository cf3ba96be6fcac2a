"""Game modes (wintergrim.txt, Game modes): how each ends a game."""

from __future__ import annotations

from engine.games.wintergrim import world
from engine.games.wintergrim.actions import END_TURN, Found, Move
from engine.games.wintergrim.combat import remove_unit
from engine.games.wintergrim.state import captured
from tests.engine.wintergrim.helpers import P1, P2, act, bring, hq, legal, new, outside, piece


def test_assassinate_marks_a_starting_leader_and_losing_it_loses() -> None:
    """Assassinate: "All players must start with atleast one marked worker/leader. When a
    player looses that leader, he/she looses the game"."""
    state = new(mode="assassinate")
    starts = legal(state)
    cards = world.content().cards
    assert starts and all(any(cards[w].is_("leader") for w in s.workers) for s in starts)
    act(state, Found("forest-and-cabin", ("ranger", "woodsman")))
    act(state, Found("tundra-and-village", ("farmer", "reeve")))
    assert state.marked == [piece(state, P1, "ranger"), piece(state, P2, "reeve")]
    remove_unit(state, piece(state, P2, "reeve"), "test")
    act(state, Move(piece(state, P1, "woodsman"), hq(state, P1), ""))
    assert state.result is not None and state.result.winners == (P1,)


def test_conquer_starts_with_a_path_each_and_holding_them_all_wins() -> None:
    """Conquer: "All players put 1 non-sea path each into play before the start of the
    game. The player who control these paths, win" (designed control: units there and
    nobody else's, at the start of its turn)."""
    state = new(mode="conquer")
    act(state, Found("forest-and-cabin", ("ranger", "woodsman"), "overgrown-forest"))
    act(state, Found("tundra-and-village", ("farmer", "reeve"), "mountain-pass"))
    assert len(state.goals) == 2 and all(world.is_area(state, p) for p in state.goals)
    for path in state.goals:
        outside(state, bring(state, P2, "raider", hq(state, P2)), path)
    act(state, END_TURN)
    act(state, legal(state)[-1])  # Player 2 passes the window; its turn begins
    assert state.result is not None and state.result.winners == (P2,)


def test_enslave_two_captures_win() -> None:
    """Enslave: "The player to first have 2 captured units wins"."""
    state = new(mode="enslave")
    act(state, Found("forest-and-cabin", ("ranger", "woodsman")))
    act(state, Found("tundra-and-village", ("farmer", "reeve")))
    remove_unit(state, piece(state, P2, "farmer"), "test", capture_by=P1)
    act(state, Move(piece(state, P1, "woodsman"), hq(state, P1), ""))
    assert state.result is None
    remove_unit(state, piece(state, P2, "reeve"), "test", capture_by=P1)
    act(state, Move(piece(state, P1, "ranger"), hq(state, P1), ""))
    assert len(state.table.cards_in(captured(P1))) == 2
    assert state.result is not None and state.result.winners == (P1,)


def test_a_player_out_of_a_three_player_game_leaves_the_table() -> None:
    """Destroy with three: a player without an HQ is out; its cards leave play (designed)
    and the other two play on, turns skipping it."""
    from engine.games.wintergrim.combat import defeated
    state = new((5, 3, 2), players=3)
    act(state, Found("forest-and-cabin", ("ranger", "woodsman")))
    act(state, Found("tundra-and-village", ("farmer", "reeve")))
    act(state, Found("forest-and-cabin", ("ranger", "woodsman")))
    third = 2
    raider = outside(state, bring(state, P2, "raider", hq(state, P2)), hq(state, third))
    defeated(state, hq(state, third), by=P2)
    act(state, Move(piece(state, P1, "woodsman"), hq(state, P1), ""))
    assert state.out == [False, False, True] and state.result is None
    assert not [i for i, e in state.pieces.by_id.items() if e.owner == third]
    assert state.pieces[raider].at == hq(state, P2)  # sent home when the area fell
    act(state, END_TURN)
    while state.frames:
        act(state, legal(state)[-1])
    assert state.active == P2
    act(state, END_TURN)
    while state.frames:
        act(state, legal(state)[-1])
    assert state.active == P1


def test_a_player_who_is_out_is_not_asked_to_feed_its_units() -> None:
    """Destroy: a player whose last HQ falls is out at once; it is not first asked to send
    units away for the food the HQ gave (its cards leave play, designed)."""
    from engine.games.wintergrim.combat import defeated
    state = new()
    act(state, Found("forest-and-cabin", ("ranger", "woodsman")))
    act(state, Found("tundra-and-village", ("farmer", "reeve")))
    outside(state, bring(state, P1, "troll", hq(state, P1)), hq(state, P2))  # F-3, away
    defeated(state, hq(state, P1), by=P2)  # the Cabin's F+4 goes with it
    assert world.food(state, P1) < 0
    act(state, END_TURN)
    assert state.result is not None and state.result.winners == (P2,)
