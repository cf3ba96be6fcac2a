"""The war (Part 2) and the designed battle rules: points, rounds, wipe-out, turn limit."""

from __future__ import annotations

from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.tactica.actions import Attack, EndPhase, PlayTactic
from engine.games.tactica.board import GEOM, board
from engine.games.tactica.rules import TacticaGame, TacticaOptions
from engine.games.tactica.state import (
    FIELD,
    Phase,
    barracks,
    hostages,
    lost,
    resupply,
    tactics_pile,
    troop_pile,
)
from engine.games.tactica.war import controlled
from tests.engine.tactica.helpers import (
    MOON,
    SUN,
    act,
    hand,
    landmark,
    legal_actions,
    scenario,
    set_phase,
    texts,
    troop,
)

GAME = TacticaGame()


def finish_round(state) -> list:
    """End phases until the current round (SUN then MOON) is over."""
    events = []
    battle = state.battle
    while state.result is None and state.battle == battle and not (
            state.active == SUN and state.phase is Phase.MUSTER and events):
        events += act(state, EndPhase())
    return events


def win_battle(state, winner: int) -> list:
    """Play any set-up, then give `winner` the points and end turns until the battle ends."""
    while state.phase in (Phase.LANDMARKS, Phase.DEPLOYMENT):
        act(state, legal_actions(state)[0])
    state.vp = [0, 0]
    state.vp[winner] = 99
    battle, events = state.battle, []
    while state.result is None and state.battle == battle:
        events += act(state, EndPhase())
    return events


def test_battles_two_and_three_bring_the_walls_to_seven_and_five():
    state = scenario()
    for battle, gap in ((2, 7), (3, 5)):
        win_battle(state, SUN)
        assert state.battle == battle
        b = board(state)
        rows = sorted({c[1] for c in b.wall_at})
        assert rows[1] - rows[0] - 1 == gap


def test_the_loser_starts_the_next_battle_and_gets_the_wall_bonus():
    state = scenario()
    win_battle(state, SUN)
    assert state.first == MOON and state.lost_battles == [0, 1]
    assert state.phase is Phase.LANDMARKS and state.active == SUN  # second player places


def test_resupply_returns_at_the_next_battle_and_lost_stays_lost():
    # Part 2: RESUPPLY is out for the battle only; LOST is out for the war.
    state = scenario()
    back = hand(state, SUN, "spy")
    state.table.move(back, resupply(SUN))
    gone = hand(state, SUN, "horse")
    state.table.move(gone, lost(SUN))
    win_battle(state, MOON)
    assert state.table.where[gone] == lost(SUN)
    assert state.table.where[back] in (tactics_pile(SUN), barracks(SUN))


def test_hostages_go_home_between_battles():
    state = scenario()
    prisoner = troop(state, SUN, "champion", 8, 8)
    state.table.move(prisoner, hostages(MOON))
    win_battle(state, MOON)
    assert state.table.where[prisoner] in (troop_pile(SUN), barracks(SUN), FIELD)


def test_the_winner_of_battle_three_wins_the_war():
    state = scenario()
    win_battle(state, SUN)
    win_battle(state, SUN)
    assert state.result is None
    events = win_battle(state, MOON)
    assert state.result is not None and state.result.winners == (MOON,)
    assert state.result.scores == {0: 2, 1: 1}
    assert "wins the war" in texts(events) and state.phase is Phase.OVER


def test_single_battle_ends_with_battle_one():
    state = scenario(match_length="single battle")
    win_battle(state, MOON)
    assert state.result is not None and state.result.winners == (MOON,)


def test_engineered_walls_stay_gone_in_the_next_battle():
    state = scenario()
    wall = next(c for c in state.table.zones[FIELD].cards if c.startswith("moon-wall"))
    state.table.move(wall, lost(MOON))
    win_battle(state, SUN)
    assert len(board(state).walls_of(MOON)) == 4 and len(board(state).walls_of(SUN)) == 5


# -- designed: points, rounds, control ----------------------------------------------------


def test_control_needs_a_friend_next_to_the_landmark_and_no_enemy():
    # Part 2, LANDMARKS: at least one friendly troop adjacent and no enemy troop adjacent.
    state = scenario()
    mark = landmark(state, SUN, 4, 6, "ridge")
    troop(state, SUN, "foot", 4, 7)
    assert controlled(state, board(state), SUN) == [mark]
    troop(state, MOON, "foot", 4, 5)
    assert controlled(state, board(state), SUN) == []
    assert controlled(state, board(state), MOON) == []


def test_control_read_from_the_danger_hexes_is_control_read_from_each_landmarks_neighbours():
    """controlled() reads who stands next to a landmark from the sides' danger hexes; in
    every state of random wars it names the landmarks a look at each one's six neighbours
    names, in the same order, for both sides."""
    for seed in (1, 2, 5):
        match = Match(GAME, TacticaOptions(), seed)
        rng = Rng(seed)
        while match.outcome() is None and len(match.steps) < 900:
            state = match.state
            b = board(state)
            for p in (SUN, MOON):
                held = []
                for c, card in b.landmark_at.items():
                    sides = {b.troop_at[n].startswith("moon-") for n in GEOM.neighbours[c]
                             if n in b.troop_at}
                    if sides == {p == MOON}:
                        held.append(card)
                assert controlled(state, b, p) == held
            actions = match.legal_actions()
            match.submit(actions[rng.below(len(actions))])


def test_each_landmark_held_at_the_end_of_your_turn_scores_a_point():
    state = scenario()
    landmark(state, SUN, 4, 6, "ridge")
    landmark(state, MOON, 2, 6, "ravine")
    troop(state, SUN, "foot", 3, 6)  # next to both landmarks
    events = act(state, EndPhase()) + act(state, EndPhase()) + act(state, EndPhase())
    assert state.vp == [2, 0] and "controls 2 landmark(s)" in texts(events)


def test_a_capture_scores_a_point():
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    champ = troop(state, SUN, "champion", 4, 7)
    foe = troop(state, MOON, "foot", 4, 6)
    act(state, Attack(champ, foe))
    act(state, EndPhase())
    assert state.vp == [1, 0]


def test_points_win_only_at_the_end_of_a_round_and_only_when_ahead():
    state = scenario()
    state.vp = [30, 0]
    for _ in range(3):
        act(state, EndPhase())
    assert state.battle == 1 and state.active == MOON  # SUN's own turn end is not enough
    state.vp = [30, 30]
    for _ in range(3):
        act(state, EndPhase())
    assert state.battle == 1  # a tie plays on
    state.vp = [30, 31]
    events = finish_round(state)
    assert "Player 2 wins battle 1" in texts(events)


def test_wiping_the_enemy_off_the_field_wins_the_battle():
    state = scenario(sentries=False)
    set_phase(state, Phase.COMBAT, SUN)
    champ = troop(state, SUN, "champion", 4, 7)
    foe = troop(state, MOON, "foot", 4, 6)
    act(state, Attack(champ, foe))
    events = act(state, EndPhase())
    assert "no troops on the field" in texts(events)
    assert state.battles_won == [1, 0]


def test_turn_limit_goes_to_points_then_hostages_then_the_second_player():
    state = scenario()
    state.battle_turn = 60
    state.active = MOON
    state.vp = [5, 3]
    set_phase(state, Phase.MUSTER, MOON)
    events = finish_round(state)
    assert "turn limit" in texts(events) and state.battles_won == [1, 0]
    state = scenario()
    state.battle_turn = 60
    set_phase(state, Phase.MUSTER, MOON)
    finish_round(state)
    assert state.battles_won == [0, 1]  # all equal: the player who went second


def test_you_draw_a_troop_and_a_tactics_card_at_the_end_of_your_turn():
    state = scenario()
    before = len(state.table.zones[barracks(SUN)].cards)
    for _ in range(3):
        act(state, EndPhase())
    assert len(state.table.zones[barracks(SUN)].cards) == before + 2


def test_no_draw_beyond_the_barracks_limit():
    state = scenario()
    for face in ("foot", "foot", "foot", "archer", "archer", "crossbow", "spy", "horse"):
        hand(state, SUN, face)
    for _ in range(3):
        act(state, EndPhase())
    assert len(state.table.zones[barracks(SUN)].cards) == 8


def test_engineer_on_your_own_landmark_is_allowed():
    state = scenario()
    set_phase(state, Phase.COMBAT, SUN)
    mark = landmark(state, SUN, 4, 6, "ravine")
    foot = troop(state, SUN, "foot", 4, 7)
    act(state, PlayTactic(hand(state, SUN, "engineer"), foot, other=mark))
    assert state.table.where[mark] == lost(SUN)
    assert not board(state).landmark_at and GEOM.at(4, 6) not in board(state).terrain
