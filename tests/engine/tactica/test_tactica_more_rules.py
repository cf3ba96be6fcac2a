"""More Part 2 rules: training lost for good, leaving enemy walls, RNG limits, UI helpers."""

from __future__ import annotations

from engine.games.tactica import board as board_module
from engine.games.tactica.actions import Attack, EndPhase, Move, PlayTactic
from engine.games.tactica.board import board
from engine.games.tactica.combat import rng_of
from engine.games.tactica.queries import (
    blocked_from_tactics,
    damage_and_def,
    hex_at,
    reachable,
    troop_range,
)
from engine.games.tactica.state import TURN_PHASES, Phase, hostages, lost
from tests.engine.tactica.helpers import (
    MOON,
    SUN,
    act,
    at,
    hand,
    landmark,
    scenario,
    set_phase,
    troop,
)


def test_a_rescued_troop_does_not_get_its_training_back():
    # Part 2, TRAINING: if the troop is rescued later, its training is not returned.
    state = scenario()
    set_phase(state, Phase.COMBAT, MOON)
    champ = troop(state, SUN, "champion", 4, 7, level=1)  # DEF 4
    card = state.training[champ][0]
    for col, row in ((4, 6), (5, 6), (3, 7)):
        act(state, Attack(troop(state, MOON, "champion", col, row), champ))
    act(state, EndPhase())
    assert state.table.where[champ] == hostages(MOON) and state.table.where[card] == lost(SUN)
    set_phase(state, Phase.MOVEMENT, SUN)
    rescuer = troop(state, SUN, "foot", 3, 2)
    act(state, PlayTactic(hand(state, SUN, "rescue"), rescuer, *at(2, 2), other=champ))
    assert board(state).pos[champ] == at(2, 2) and champ not in state.training
    assert state.table.where[card] == lost(SUN)


def test_leaving_an_enemy_wall_costs_two_mov_without_press():
    # Part 2, PRESS: not required to exit an enemy wall card, but it still costs 2 MOV.
    state = scenario()
    set_phase(state, Phase.MOVEMENT, SUN)
    foot = troop(state, SUN, "foot", 3, 1)  # standing on MOON's wall
    dests = reachable(state, foot)
    assert dests[at(3, 2)] == 2 and at(4, 1) not in dests  # the next wall needs PRESS
    act(state, Move(foot, *at(3, 2)))


def test_ranged_on_an_enemy_wall_also_gains_rng():
    state = scenario()
    bow = troop(state, SUN, "crossbow", 4, 1)
    assert rng_of(state, board(state), bow) == 3
    assert troop_range(state, bow) == 3


def test_rng_never_drops_below_one(monkeypatch):
    state = scenario()
    short = board_module.TROOPS["crossbow"].model_copy(update={"rng": 1})
    monkeypatch.setitem(board_module.TROOPS, "crossbow", short)
    landmark(state, MOON, 2, 5, "ravine")
    bow = troop(state, SUN, "crossbow", 2, 6)  # low ground: 1 - 1 would be 0
    assert rng_of(state, board(state), bow) == 1


def test_helpers_for_the_table():
    state = scenario()
    assert TURN_PHASES == (Phase.MUSTER, Phase.MOVEMENT, Phase.COMBAT, Phase.RESOLUTION)
    assert hex_at(4, 7) == at(4, 7)
    set_phase(state, Phase.COMBAT, SUN)
    champ = troop(state, SUN, "champion", 4, 7)
    foe = troop(state, MOON, "foot", 4, 6, level=1)
    act(state, Attack(champ, foe))
    assert damage_and_def(state, foe) == (2, 2)
    assert not blocked_from_tactics(state, SUN)
    state.ransom_blocked[SUN] = True
    assert blocked_from_tactics(state, SUN)
