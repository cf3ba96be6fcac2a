"""MUSTER: mustering by the walls, training 1x and 2x, and the muster action count."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.games.tactica.actions import Muster, Train
from engine.games.tactica.board import board
from engine.games.tactica.combat import def_of, off_against
from engine.games.tactica.state import TRAINING, Phase, lost
from tests.engine.tactica.helpers import (
    MOON,
    SUN,
    act,
    at,
    hand,
    scenario,
    set_phase,
    troop,
)


def test_melee_musters_next_to_a_friendly_wall_not_on_it():
    # Part 2, WALL CARD / Mustering phase: melee only adjacent to a friendly wall.
    state = scenario()
    foot = hand(state, SUN, "foot")
    act(state, Muster(foot, *at(2, 10)))  # next to the wall at (2, 11)
    assert board(state).pos[foot] == at(2, 10)
    other = hand(state, SUN, "foot")
    with pytest.raises(IllegalAction, match="melee troops muster next to a friendly wall"):
        act(state, Muster(other, *at(3, 11)))  # on the wall itself
    with pytest.raises(IllegalAction, match="melee troops muster next to a friendly wall"):
        act(state, Muster(other, *at(4, 7)))  # far from every wall


def test_ranged_may_muster_on_top_of_a_friendly_wall():
    state = scenario()
    bow = hand(state, SUN, "crossbow")
    act(state, Muster(bow, *at(4, 11)))
    assert board(state).pos[bow] == at(4, 11)


def test_nobody_musters_by_an_enemy_wall():
    state = scenario()
    bow = hand(state, SUN, "archer")
    with pytest.raises(IllegalAction):
        act(state, Muster(bow, *at(3, 1)))  # MOON's wall
    with pytest.raises(IllegalAction):
        act(state, Muster(bow, *at(3, 2)))  # next to MOON's wall


def test_muster_actions_run_out():
    # Designed: two muster actions each MUSTER phase.
    state = scenario()
    cards = [hand(state, SUN, "foot") for _ in range(3)]
    act(state, Muster(cards[0], *at(2, 10)))
    act(state, Train(cards[0]))
    with pytest.raises(IllegalAction, match="no muster actions are left"):
        act(state, Muster(cards[1], *at(3, 10)))


def test_training_doubles_then_triples_melee_def():
    # Part 2, TRAINING x1 / x2: melee DEF x2 at 1x, x3 at 2x (Champion 2 -> 4 -> 6).
    state = scenario()
    champ = troop(state, SUN, "champion", 3, 10)
    assert def_of(state, board(state), champ) == 2
    events = act(state, Train(champ))
    assert "trains SUN Champion" in events[0].text and "to 1x" in events[0].text
    assert def_of(state, board(state), champ) == 4
    act(state, Train(champ))
    assert def_of(state, board(state), champ) == 6
    assert state.training[champ][1] == 2


def test_ranged_training_1x_does_nothing_and_2x_doubles_off():
    # Part 2: TRAININGx1 has no effect on ranged troops; 2x doubles base OFF (Crossbow 2 -> 4).
    state = scenario()
    bow = troop(state, SUN, "crossbow", 3, 10)
    foe = troop(state, MOON, "foot", 3, 8)
    b = board(state)
    assert off_against(state, b, bow, foe) == 2
    act(state, Train(bow))
    assert off_against(state, board(state), bow, foe) == 2
    act(state, Train(bow))
    assert off_against(state, board(state), bow, foe) == 4


def test_training_takes_one_card_from_the_shared_pile_and_flipping_takes_none():
    state = scenario()
    before = len(state.table.zones[TRAINING].cards or ())
    foot = troop(state, SUN, "foot", 3, 10)
    act(state, Train(foot))
    assert len(state.table.zones[TRAINING].cards or ()) == before - 1
    act(state, Train(foot))
    assert len(state.table.zones[TRAINING].cards or ()) == before - 1


def test_training_only_on_or_next_to_a_friendly_wall():
    state = scenario()
    far = troop(state, SUN, "foot", 4, 7)
    with pytest.raises(IllegalAction, match="only on or next to a friendly wall"):
        act(state, Train(far))
    on_wall = troop(state, SUN, "archer", 5, 11)
    act(state, Train(on_wall))
    assert state.training[on_wall][1] == 1


def test_no_third_level_and_an_empty_training_pile_stops_training():
    state = scenario()
    foot = troop(state, SUN, "foot", 3, 10, level=2)
    with pytest.raises(IllegalAction, match="already trained 2x"):
        act(state, Train(foot))
    for card in list(state.table.zones[TRAINING].cards or ()):
        state.table.move(card, lost(MOON))
    other = troop(state, SUN, "foot", 4, 10)
    with pytest.raises(IllegalAction, match="training pile is empty"):
        act(state, Train(other))


def test_train_is_a_muster_action_only():
    state = scenario()
    foot = troop(state, SUN, "foot", 3, 10)
    set_phase(state, Phase.MOVEMENT, SUN)
    with pytest.raises(IllegalAction, match="training is a muster action"):
        act(state, Train(foot))


def test_honour_rule_hides_the_opponents_training_in_their_view():
    # Part 2: the level is announced once; the opponent must remember it.
    state = scenario(honour_rule=True)
    foot = troop(state, SUN, "foot", 3, 10)
    act(state, Train(foot))
    from tests.engine.tactica.helpers import GAME

    assert foot not in GAME.view(state, MOON).training
    assert GAME.view(state, SUN).training[foot][1] == 1
    plain = scenario()
    foot = troop(plain, SUN, "foot", 3, 10)
    act(plain, Train(foot))
    assert GAME.view(plain, MOON).training[foot][1] == 1


def test_the_muster_listing_and_the_check_of_one_muster_agree_hex_by_hex():
    """A listing reads the muster rule written out over the hexes by the walls
    (war.muster_spots); a load checks one recorded muster with war.may_muster. Both must
    give the same hexes, for either side and either kind of troop, as the field fills."""
    from engine.core.match import Match
    from engine.core.rng import Rng
    from engine.games.tactica import war
    from engine.games.tactica.board import GEOM
    from engine.games.tactica.rules import TacticaGame, TacticaOptions

    game = TacticaGame()
    match = Match(game, TacticaOptions(), 8)
    rng = Rng(8)
    checked = 0
    while match.outcome() is None and len(match.steps) < 400:
        actions = match.legal_actions()
        match.submit(actions[rng.below(len(actions))])
        if len(match.steps) % 7:
            continue
        state = match.state
        b = board(state)
        for player in (SUN, MOON):
            for face, melee in (("foot", True), ("archer", False)):
                assert war.muster_spots(state, b, player, face) == [
                    c for c in GEOM.hexes if c in b.features.muster_order[player]
                    and war.may_muster(b, player, melee, c)]
                checked += 1
    assert checked > 100
