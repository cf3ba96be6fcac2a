"""COMBAT: damage must exceed DEF in one turn, every Part 2 modifier, the ridge cone, capture."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.games.tactica.actions import Attack, EndPhase
from engine.games.tactica.board import board
from engine.games.tactica.combat import def_of, off_against, rng_of, targets
from engine.games.tactica.queries import attack_targets, covered_from, ridge_cone
from engine.games.tactica.state import Phase, hostages, lost
from tests.engine.tactica.helpers import (
    MOON,
    SUN,
    act,
    at,
    landmark,
    scenario,
    set_phase,
    texts,
    troop,
)


def fighting(**options: object):
    state = scenario(**options)
    set_phase(state, Phase.COMBAT, SUN)
    return state


def test_damage_equal_to_def_does_not_capture_and_is_cleared():
    # Part 2: damage must exceed DEF in a single turn; otherwise removed in RESOLUTION.
    state = fighting()
    foot = troop(state, SUN, "foot", 4, 7)
    foe = troop(state, MOON, "foot", 4, 6)
    act(state, Attack(foot, foe))
    assert state.damage[foe] == 1
    events = act(state, EndPhase())
    assert "survives 1 damage" in texts(events)
    assert board(state).pos[foe] == at(4, 6) and state.damage == {}


def test_damage_from_several_attacks_adds_up():
    state = fighting()
    a = troop(state, SUN, "foot", 4, 7)
    b = troop(state, SUN, "foot", 3, 6)
    foe = troop(state, MOON, "foot", 4, 6)
    act(state, Attack(a, foe))
    act(state, Attack(b, foe))
    events = act(state, EndPhase())
    assert "Player 1 captures MOON Foot" in texts(events)
    assert state.table.where[foe] == hostages(SUN)


def test_each_troop_attacks_once():
    state = fighting()
    a = troop(state, SUN, "champion", 4, 7)
    foe = troop(state, MOON, "foot", 4, 6)
    act(state, Attack(a, foe))
    with pytest.raises(IllegalAction, match="attacks once"):
        act(state, Attack(a, foe))


def test_a_captured_troops_training_goes_to_its_owners_lost_first():
    # Part 2, TRAINING: training card to the owner's LOST, then the troop to the hostages.
    state = fighting()
    champ = troop(state, SUN, "champion", 4, 7)
    bow = troop(state, SUN, "crossbow", 4, 8, level=2)
    foe = troop(state, MOON, "foot", 4, 6, level=1)  # DEF 2
    card = state.training[foe][0]
    act(state, Attack(champ, foe))
    act(state, Attack(bow, foe))
    events = act(state, EndPhase())
    kinds = [e.kind for e in events]
    assert kinds.index("lost") < kinds.index("capture")
    assert state.table.where[card] == lost(MOON)
    assert foe not in state.training


def test_ranged_loses_one_off_against_adjacent_melee_only():
    state = fighting()
    bow = troop(state, SUN, "crossbow", 4, 7)
    foot = troop(state, MOON, "foot", 4, 6)
    archer = troop(state, MOON, "archer", 5, 6)
    b = board(state)
    assert off_against(state, b, bow, foot) == 1
    assert off_against(state, b, bow, archer) == 2


def test_melee_loses_two_off_against_a_troop_on_a_wall_and_ranged_does_not():
    state = fighting()
    champ = troop(state, SUN, "champion", 3, 2)
    bow = troop(state, SUN, "crossbow", 3, 3)
    guard = troop(state, MOON, "archer", 3, 1)  # on MOON's wall
    b = board(state)
    assert off_against(state, b, champ, guard) == 0
    assert off_against(state, b, bow, guard) == 2
    with pytest.raises(IllegalAction, match="OFF 0"):
        act(state, Attack(champ, guard))


def test_ranged_rng_on_walls_high_and_low_ground():
    # Part 2: +1 RNG on a wall, +1 on high ground, -1 on low ground.
    state = fighting()
    landmark(state, SUN, 6, 8, "ridge")
    landmark(state, MOON, 2, 5, "ravine")
    plain = troop(state, SUN, "crossbow", 4, 9)
    on_wall = troop(state, SUN, "crossbow", 4, 11)
    high = troop(state, SUN, "crossbow", 6, 9)
    low = troop(state, SUN, "crossbow", 2, 6)
    champ = troop(state, SUN, "champion", 6, 7)
    b = board(state)
    assert rng_of(state, b, plain) == 2
    assert rng_of(state, b, on_wall) == 3
    assert rng_of(state, b, high) == 3
    assert rng_of(state, b, low) == 1
    assert rng_of(state, b, champ) == 1  # melee troops get no RNG from high ground


def test_high_ground_gives_one_def_however_many_ridges():
    state = fighting()
    landmark(state, MOON, 3, 5, "ridge")
    landmark(state, SUN, 5, 5, "ridge")
    foot = troop(state, MOON, "foot", 4, 5)  # next to both ridges
    assert def_of(state, board(state), foot) == 2


def test_ridge_shields_a_troop_from_the_cone_behind_it():
    # Part 2, RIDGE: troops next to a ridge are covered from ranged attacks from the
    # 120 degrees beyond it; one hex between troop and ridge removes the cover.
    state = fighting()
    landmark(state, MOON, 4, 6, "ridge")
    foe = troop(state, MOON, "foot", 4, 7)
    archer = troop(state, SUN, "archer", 3, 4)
    side = troop(state, SUN, "archer", 6, 6)
    with pytest.raises(IllegalAction, match="RIDGE covers"):
        act(state, Attack(archer, foe))
    assert at(3, 4) in covered_from(state, foe)
    assert foe in targets(state, board(state), side)
    far = fighting()
    landmark(far, MOON, 4, 5, "ridge")
    foe = troop(far, MOON, "foot", 4, 7)
    archer = troop(far, SUN, "archer", 3, 4)
    assert foe in targets(far, board(far), archer)


def test_a_ranged_troop_next_to_a_ridge_cannot_shoot_into_its_cone():
    state = fighting()
    landmark(state, SUN, 4, 6, "ridge")
    archer = troop(state, SUN, "archer", 4, 7)
    hidden = troop(state, MOON, "foot", 3, 4)
    open_ = troop(state, MOON, "foot", 6, 6)
    b = board(state)
    assert hidden not in targets(state, b, archer)
    assert open_ in targets(state, b, archer)
    assert at(3, 4) in ridge_cone(state, archer) and at(6, 6) not in ridge_cone(state, archer)


def test_melee_attacks_ignore_the_cone():
    state = fighting()
    landmark(state, MOON, 4, 6, "ridge")
    foe = troop(state, MOON, "foot", 4, 7)
    champ = troop(state, SUN, "champion", 3, 7)
    assert foe in targets(state, board(state), champ)


def test_lost_battle_bonuses_on_and_next_to_own_walls():
    # Part 2, WALL CARD: one lost battle +1 DEF, two lost battles +1 DEF and +1 OFF.
    state = fighting()
    near = troop(state, SUN, "foot", 3, 10)
    away = troop(state, SUN, "foot", 4, 7)
    foe = troop(state, MOON, "foot", 4, 9)
    b = board(state)
    assert def_of(state, b, near) == 1
    state.lost_battles[SUN] = 1
    assert def_of(state, b, near) == 2 and def_of(state, b, away) == 1
    assert off_against(state, b, near, foe) == 1
    state.lost_battles[SUN] = 2
    assert def_of(state, b, near) == 2 and off_against(state, b, near, foe) == 2


def test_crown_gives_adjacent_friends_one_off():
    # Part 2, CROWN: all friendly troops adjacent to it have +1 OFF.
    state = fighting()
    foot = troop(state, SUN, "foot", 4, 7)
    foe = troop(state, MOON, "foot", 4, 6)
    assert off_against(state, board(state), foot, foe) == 1
    crown = troop(state, SUN, "crown", 4, 8)
    assert off_against(state, board(state), foot, foe) == 2
    assert off_against(state, board(state), crown, foe) == 3  # not its own aura


def test_attack_targets_show_damage_so_far_against_def():
    state = fighting()
    a = troop(state, SUN, "foot", 4, 7)
    b = troop(state, SUN, "foot", 3, 6)
    foe = troop(state, MOON, "foot", 4, 6)
    act(state, Attack(a, foe))
    (info,) = attack_targets(state, b)
    assert (info.target, info.off, info.damage, info.defence) == (foe, 1, 1, 1)
    assert info.captures


def test_attacks_only_in_combat_and_only_enemies():
    state = scenario()
    a = troop(state, SUN, "foot", 4, 7)
    foe = troop(state, MOON, "foot", 4, 6)
    with pytest.raises(IllegalAction, match="COMBAT phase"):
        act(state, Attack(a, foe))
    set_phase(state, Phase.COMBAT, SUN)
    friend = troop(state, SUN, "foot", 5, 7)
    with pytest.raises(IllegalAction, match="enemy troop"):
        act(state, Attack(a, friend))
    far = troop(state, MOON, "foot", 4, 3)
    with pytest.raises(IllegalAction, match="only an adjacent enemy"):
        act(state, Attack(a, far))
