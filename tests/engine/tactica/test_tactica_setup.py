"""Setting up a battle: piles, walls 9 hexes apart, landmarks, deployment, hidden cards."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.games.tactica.actions import Deploy, PlaceLandmark
from engine.games.tactica.board import GEOM, board, side_of
from engine.games.tactica.events import Drawn
from engine.games.tactica.rules import TacticaGame, TacticaOptions
from engine.games.tactica.state import (
    FIELD,
    TRAINING,
    Phase,
    TacticaState,
    barracks,
    features,
    hostages,
    lost,
    owner_of,
    resupply,
    tactics_pile,
    troop_pile,
)
from engine.games.tactica.war import GAPS, landmark_spots
from tests.engine.tactica.helpers import legal_actions

GAME = TacticaGame()


def new(seed: int = 3, **options: object) -> TacticaState:
    state = GAME.setup(TacticaOptions(**options), Rng(seed))
    assert isinstance(state, TacticaState)
    return state


def test_each_player_has_every_pile_and_the_training_pile_is_shared():
    # Part 2 and the issue: troop pile, tactics pile, barracks, RESUPPLY, LOST, hostages.
    state = new()
    zones = state.table.zones
    for p in (0, 1):
        for name in (troop_pile(p), tactics_pile(p), barracks(p), resupply(p), lost(p),
                     hostages(p)):
            assert name in zones and zones[name].owner == p
    assert len(zones[TRAINING].cards or ()) == 10


def test_opening_barracks_holds_the_designed_draw():
    state = new()
    faces = state.table.faces
    for p in (0, 1):
        cards = state.table.zones[barracks(p)].cards or []
        troops = [c for c in cards if faces[c] in ("champion", "foot", "crossbow", "archer")]
        assert len(troops) == 5 and len(cards) == 8


def test_battle_1_walls_have_nine_hexes_between_them():
    # Part 2, WALL CARD: 9 hexes between the wall lines in battle 1 (7, then 5).
    state = new()
    b = board(state)
    rows = {p: {c[1] for c in b.wall_at if state.table.faces[b.wall_at[c]] == "wall"
                and b.wall_at[c].startswith(("sun-", "moon-")[p])} for p in (0, 1)}
    assert len(rows[0]) == len(rows[1]) == 1
    (sun_row,), (moon_row,) = rows[0], rows[1]
    assert sun_row - moon_row - 1 == 9
    assert len(b.walls_of(0)) == len(b.walls_of(1)) == 5


def test_wall_rows_shrink_to_seven_and_five():
    for gap in GAPS:
        sun, moon = GEOM.wall_rows(gap)
        assert sun - moon - 1 == gap
    assert GAPS == [9, 7, 5]


def test_landmarks_are_placed_first_by_the_second_player_then_alternately():
    # Designed: the player who does not start places the first landmark.
    state = new()
    assert state.phase is Phase.LANDMARKS and state.active == 1
    first = legal_actions(state)[0]
    assert isinstance(first, PlaceLandmark)
    GAME.apply(state, first)
    assert state.active == 0


def test_landmark_spots_are_in_the_middle_rows_of_the_players_own_half():
    state = new()
    sun_row, moon_row = GEOM.wall_rows(GAPS[0])
    for p, own in ((0, sun_row), (1, moon_row)):
        spots = landmark_spots(state, p)
        assert spots
        for c in spots:
            assert abs(c[1] - sun_row) >= 3 and abs(c[1] - moon_row) >= 3
            assert abs(c[1] - own) <= abs(c[1] - (moon_row if p == 0 else sun_row))


def test_a_landmark_may_not_touch_another():
    state = new()
    action = legal_actions(state)[0]
    assert isinstance(action, PlaceLandmark)
    GAME.apply(state, action)
    placed = (action.q, action.r)
    assert all(max(abs(placed[0] - c[0]), abs(placed[1] - c[1]),
                   abs(placed[0] + placed[1] - c[0] - c[1])) >= 2
               for c in landmark_spots(state, 0))


def finish_setup(state: TacticaState) -> None:
    while state.phase in (Phase.LANDMARKS, Phase.DEPLOYMENT):
        GAME.apply(state, legal_actions(state)[0])


def test_deployment_places_three_troops_each_by_the_walls_then_sun_starts():
    state = new()
    while state.phase is Phase.LANDMARKS:
        GAME.apply(state, legal_actions(state)[0])
    assert state.phase is Phase.DEPLOYMENT and state.active == 0
    assert all(isinstance(a, Deploy) for a in legal_actions(state))
    finish_setup(state)
    b = board(state)
    assert len(b.troops[0]) == len(b.troops[1]) == 3
    assert state.phase is Phase.MUSTER and state.active == 0
    assert len(b.landmark_at) == 4
    for p in (0, 1):
        assert not [c for c in state.table.zones[features(p)].cards or ()
                    if state.table.faces[c] == "landmark"]


def test_the_second_players_first_turn_has_an_extra_muster_action():
    state = new()
    finish_setup(state)
    assert state.musters_left == 2
    from engine.games.tactica.actions import EndPhase

    for _ in range(3):
        GAME.apply(state, EndPhase())
    assert state.active == 1 and state.musters_left == 3


def test_views_hide_decks_and_the_other_barracks():
    state = new()
    seen = GAME.view(state, 0).table
    mine = seen.zones[barracks(0)].cards or []
    theirs = seen.zones[barracks(1)].cards or []
    assert all(not c.startswith("?") for c in mine)
    assert all(c.startswith("?") for c in theirs)
    assert all(c.startswith("?") for c in seen.zones[troop_pile(0)].cards or [])
    assert all(not c.startswith("?") for c in seen.zones[FIELD].cards or [])


def test_a_seats_view_does_not_carry_the_match_dice():
    """DESIGN, views: a seat sees only what it may see. The match's RNG decides every
    coming shuffle (SPY in COMBAT, the next battle's piles) and random rescue, so a view
    that carried it would let the seat work out its piles' order after the next shuffle."""
    state = new()
    for seat in (0, 1):
        seen = GAME.view(state, seat)
        assert seen.rng.state != state.rng.state
        with pytest.raises(RuntimeError, match="a seat's view has no dice"):
            seen.rng.shuffle(list(range(20)))
    assert GAME.view(state, None).rng.state == state.rng.state  # the referee's eye


def test_opening_draws_are_logged_with_names_only_for_their_owner():
    from engine.core.match import Match

    match = Match(GAME, TacticaOptions(), 5)
    # set-up events are not logged; the next turn-end draw is: play to the first draw
    while not any(e.kind == "draw" for _, e in match.log()):
        match.submit(match.legal_actions()[-1])
    draw = next(e for _, e in match.log() if isinstance(e, Drawn))
    owner = draw.seat
    assert draw.text_for(owner) != draw.text_for(1 - owner)
    assert "draws 1 troop card" in draw.text_for(1 - owner)


def test_the_seat_and_side_kept_for_each_id_are_what_the_id_says():
    # owner_of and side_of keep what they read of an id: asked in either order, of every
    # card of a war and of ids no deck has, they answer as the id's prefix does.
    ids = [*sorted(new().table.faces), "sun-", "moon", "training-01", "", "sunny-1", "?x"]
    for card in [*ids, *reversed(ids)]:
        seat = 0 if card.startswith("sun-") else 1 if card.startswith("moon-") else None
        assert owner_of(card) == seat, card
        assert side_of(card) == (0 if card.startswith("sun-") else 1), card
