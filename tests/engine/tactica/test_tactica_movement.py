"""MOVEMENT: MOV costs, the four terrain cases, walls, the adjacency lock, three card moves."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.games.tactica.actions import EndPhase, Move
from engine.games.tactica.board import board
from engine.games.tactica.movement import card_moves, reach
from engine.games.tactica.queries import reachable, terrain
from engine.games.tactica.state import Phase
from tests.engine.tactica.helpers import (
    MOON,
    SUN,
    act,
    at,
    landmark,
    pos_of,
    scenario,
    set_phase,
    troop,
)


def moving() -> object:
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    return state


def test_one_mov_per_hex_and_mov_two_reaches_two_hexes():
    # Part 2, MOVEMENT: 1 MOV travels 1 hex; designed MOV 2 for every troop.
    state = moving()
    foot = troop(state, SUN, "foot", 4, 7)
    dests = reachable(state, foot)
    assert dests[at(4, 6)] == 1 and dests[at(4, 5)] == 2
    assert at(4, 4) not in dests and len(dests) == 18


def test_the_four_terrain_cases():
    # Part 2, DETERMINING TERRAIN: next to a ridge only -> high, a ravine only -> low,
    # both or neither -> neutral.
    state = moving()
    landmark(state, MOON, 5, 5, "ridge")
    landmark(state, SUN, 2, 7, "ravine")
    assert terrain(state, at(6, 5)) == "high"
    assert terrain(state, at(2, 8)) == "low"
    assert terrain(state, at(8, 8)) == "neutral"
    both = scenario()
    landmark(both, MOON, 4, 5, "ridge")
    landmark(both, SUN, 4, 7, "ravine")
    assert terrain(both, at(4, 6)) == "neutral"  # next to both
    assert terrain(both, at(5, 5)) == "high"


def test_changing_terrain_costs_one_more_mov():
    state = moving()
    landmark(state, MOON, 5, 5, "ridge")
    foot = troop(state, SUN, "foot", 4, 7)
    dests = reachable(state, foot)
    assert dests[at(5, 6)] == 2  # neutral -> high
    assert at(4, 5) not in dests  # 1 to (4, 6), then 2 up onto high ground


def test_walls_cost_two_to_step_on_or_off():
    # Part 2, WALL CARD: moving onto or off a friendly wall requires 2 MOV.
    state = moving()
    foot = troop(state, SUN, "foot", 3, 10)
    assert reachable(state, foot)[at(3, 11)] == 2
    on_wall = troop(state, SUN, "foot", 5, 11)
    dests = reachable(state, on_wall)
    assert dests[at(5, 10)] == 2 and at(5, 9) not in dests


def test_enemy_walls_need_press():
    state = moving()
    foot = troop(state, SUN, "foot", 3, 2)
    assert at(3, 1) not in reachable(state, foot)
    with pytest.raises(IllegalAction, match="enemy wall without PRESS"):
        act(state, Move(foot, *at(3, 1)))
    state.climbers.add(foot)
    assert reachable(state, foot)[at(3, 1)] == 2


def test_a_troop_next_to_an_enemy_cannot_move():
    # Part 2, DISENGAGE: under normal rules a troop adjacent to an enemy cannot move.
    state = moving()
    foot = troop(state, SUN, "foot", 4, 7)
    troop(state, MOON, "foot", 4, 6)
    assert reachable(state, foot) == {}
    with pytest.raises(IllegalAction, match="cannot move without DISENGAGE"):
        act(state, Move(foot, *at(5, 8)))
    state.unlocked.add(foot)
    assert reachable(state, foot)


def test_a_troop_stops_when_it_comes_next_to_an_enemy():
    # Designed: entering a hex next to an enemy ends the move (unless DISENGAGEd).
    state = moving()
    foot = troop(state, SUN, "foot", 4, 8)
    troop(state, MOON, "foot", 4, 6)
    dests = reachable(state, foot)
    assert at(4, 7) in dests and at(5, 6) not in dests
    b = board(state)
    assert at(5, 6) in reach(state, b, foot, 2, free=True)


def test_landmarks_are_impassable_to_melee_but_not_to_ranged():
    # Part 2, LANDMARKS: impassable by all melee troops.
    state = moving()
    landmark(state, MOON, 4, 6, "ridge")
    foot = troop(state, SUN, "foot", 4, 7)
    archer = troop(state, SUN, "archer", 3, 7)  # on the ridge's high ground
    assert at(4, 6) not in reachable(state, foot)
    with pytest.raises(IllegalAction, match="impassable to melee"):
        act(state, Move(foot, *at(4, 6)))
    assert reachable(state, archer)[at(4, 6)] == 1  # designed: the ridge's own hex is high


def test_three_card_moves_a_phase():
    # Part 2, HORSE: "a MOVEMENT PHASE allows a player to move up to 3 cards up to 2 hexes
    # each".
    state = moving()
    feet = [troop(state, SUN, "foot", col, 9) for col in (2, 4, 6)]
    fourth = troop(state, SUN, "foot", 8, 9)
    for foot in feet:
        col, row = pos_of(state, foot)
        act(state, Move(foot, *at(col, row - 2)))
    assert state.moves_left == 0
    with pytest.raises(IllegalAction, match="all three card moves"):
        act(state, Move(fourth, *at(8, 8)))
    assert [a for a in _legal(state) if isinstance(a, Move)] == []


def test_mov_is_per_turn_so_card_moves_of_one_troop_share_it():
    """Part 2, TROOP CARDS: MOV is the movement points a troop has in one turn, not per
    card move. A troop may make a second card move with what it has left, and none once
    it has spent it all; its full MOV is back on its next turn."""
    state = moving()
    foot = troop(state, SUN, "foot", 4, 9)
    act(state, Move(foot, *at(4, 8)))  # 1 of its 2 MOV
    dests = reachable(state, foot)
    assert dests and set(dests.values()) == {1}  # only the remainder glows
    with pytest.raises(IllegalAction, match="not enough MOV"):
        act(state, Move(foot, *at(4, 6)))
    act(state, Move(foot, *at(4, 7)))
    assert state.moves_left == 1 and reachable(state, foot) == {}
    with pytest.raises(IllegalAction, match="spent its MOV for this turn"):
        act(state, Move(foot, *at(4, 6)))
    assert [a for a in _legal(state) if isinstance(a, Move) and a.troop == foot] == []
    act(state, EndPhase())
    act(state, EndPhase())  # SUN's RESOLUTION
    while state.active != SUN or state.phase is not Phase.MOVEMENT:
        act(state, EndPhase())  # MOON's turn, then SUN's MUSTER
    assert reachable(state, foot)[at(4, 5)] == 2


def _legal(state):
    from tests.engine.tactica.helpers import legal_actions

    return legal_actions(state)


def test_engineer_movement_ignores_terrain_and_wall_costs():
    state = moving()
    landmark(state, MOON, 5, 5, "ridge")
    foot = troop(state, SUN, "foot", 4, 7)
    state.engineered.add(foot)
    assert reachable(state, foot)[at(5, 6)] == 1
    on_wall = troop(state, SUN, "foot", 5, 11)
    state.engineered.add(on_wall)
    assert reachable(state, on_wall)[at(5, 9)] == 2


def test_moves_are_refused_outside_movement_and_for_enemy_troops():
    state = scenario()
    foot = troop(state, SUN, "foot", 4, 7)
    with pytest.raises(IllegalAction, match="MOVEMENT phase"):
        act(state, Move(foot, *at(4, 6)))
    set_phase(state, Phase.MOVEMENT, SUN)
    enemy = troop(state, MOON, "foot", 7, 3)
    with pytest.raises(IllegalAction, match="your own troops"):
        act(state, Move(enemy, *at(7, 4)))
    act(state, EndPhase())
    assert state.phase is Phase.COMBAT
    assert card_moves(state, board(state), foot)


def test_the_cost_of_one_move_is_what_the_troops_card_moves_say():
    """A load checks a recorded move by trying only the ways to its hex (move_cost); it must
    find what working out all the troop's card moves finds, hex by hex, with the card moves
    kept or not: locked troops, spent MOV, DISENGAGE, ENGINEER and PRESS included."""
    from engine.core.match import Match
    from engine.core.rng import Rng
    from engine.games.tactica.board import GEOM, Board
    from engine.games.tactica.movement import move_cost
    from engine.games.tactica.rules import TacticaGame, TacticaOptions

    game = TacticaGame()
    for seed in (5, 6):
        match = Match(game, TacticaOptions(), seed)
        rng = Rng(seed)
        while match.outcome() is None and len(match.steps) < 600:
            actions = match.legal_actions()
            match.submit(actions[rng.below(len(actions))])
            state = match.state
            if len(match.steps) % 5 or state.phase is not Phase.MOVEMENT:
                continue
            kept = board(state)
            for troop_id in kept.pos:
                bare = Board(state)  # no card moves kept: only the ways to the hex are tried
                moves = card_moves(state, kept, troop_id)
                for c in GEOM.hexes:
                    assert move_cost(state, bare, troop_id, c) == moves.get(c)
                    assert move_cost(state, kept, troop_id, c) == moves.get(c)


def test_a_priced_move_is_forgotten_when_a_troop_moves():
    """move_cost keeps its last answer on the field snapshot, for a load that checks a move
    and then makes it; a troop stepping into the way, or out of it, must change it."""
    from engine.games.tactica import cards as cardmoves
    from engine.games.tactica.movement import move_cost

    state = moving()
    foot = troop(state, SUN, "foot", 4, 7)
    other = troop(state, SUN, "foot", 6, 7)
    assert not board(state).moves[0]  # nothing listed: the cost is worked out and kept
    assert move_cost(state, board(state), foot, at(4, 6)) == 1
    cardmoves.place(state, other, at(4, 6))
    assert move_cost(state, board(state), foot, at(4, 6)) is None
    cardmoves.place(state, other, at(6, 7))
    assert move_cost(state, board(state), foot, at(4, 6)) == 1
