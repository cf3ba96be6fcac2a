"""The computer team: legal, sensible choices from what the table shows."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.nordguard.actions import (
    Attempt,
    ChooseCharacter,
    EndDay,
    Fire,
    Scout,
    StopFighting,
    Strike,
    TakeItem,
)
from engine.games.nordguard.items import kind_of
from tests.engine.nordguard.helpers import (
    GAME,
    act,
    day_one,
    dice,
    hand,
    lay,
    new_state,
    place_team,
    plain_map,
)

POLICY = GAME.agent()


def choose(state):
    return POLICY.choose(state, GAME.legal_actions(state), Rng(1))


def test_the_game_offers_its_policy() -> None:
    assert type(POLICY).__name__ == "NordguardPolicy"


def test_picks_the_scout_first_and_fills_slots_with_useful_items() -> None:
    state = new_state(players=1)
    assert choose(state) == ChooseCharacter("ch-nickel")
    act(state, ChooseCharacter("ch-nickel"))
    taken = []
    while state.phase == "stock":
        action = choose(state)
        if isinstance(action, TakeItem):
            taken.append(kind_of(state, action.item))
        act(state, action)
    assert len(taken) == GAME.content.characters["nickel"].slots
    assert len(set(taken)) == len(taken), "no second copy of the same item for one Character"


def test_prefers_the_surer_move_toward_destination() -> None:
    state = day_one(("geri",))
    plain_map(state)
    place_team(state, 5, previous=4)  # away from Frontier, where it would restock first
    lay(state, 6, "deep-drifts", face_up=True)  # a hard snow roll
    lay(state, 9, "tundra", face_up=True)  # no challenge
    assert choose(state) == Attempt("S")


def test_scouts_a_face_down_neighbour_before_moving() -> None:
    state = day_one()
    plain_map(state)
    place_team(state, 5, previous=4)
    action = choose(state)
    assert isinstance(action, Scout) and action.cell in (6, 9)


def test_avoids_a_location_whose_scouted_roll_failed() -> None:
    state = day_one()
    plain_map(state)
    place_team(state, 5, previous=4)
    lay(state, 6, "snowdrift")
    lay(state, 9, "snowdrift")
    dice(state, 1, 1)
    act(state, Scout(6))
    assert choose(state) == Attempt("S")


def test_moves_away_from_nothing_and_ends_the_day_on_destination() -> None:
    state = day_one()
    plain_map(state)
    place_team(state, 15, previous=14)
    assert choose(state) == EndDay()


def test_fights_with_the_knife_first_then_guns_until_the_total_is_reached() -> None:
    state = day_one()
    lay(state, 1, "wolf-den", face_up=True)
    knife, rifle = hand(state, 0, "knife", "rifle")
    act(state, Attempt("E"))
    assert choose(state) == Strike(knife)
    act(state, Strike(knife))
    assert choose(state) == Fire(rifle)


def test_stops_a_hopeless_fight_to_keep_the_ammunition() -> None:
    state = day_one()
    lay(state, 1, "bear-cave", face_up=True)
    place_team(state, 2, previous=3)
    (flare,) = hand(state, 0, "flare-pistol")
    act(state, Attempt("W"))
    assert state.combat is not None
    assert choose(state) == StopFighting()
    assert state.uses[flare] == 1


def test_finishes_games_and_sometimes_wins() -> None:
    """Not a balance measure (see balance.py); a check that the team does get somewhere."""
    from engine.games.nordguard.balance import play

    results = [play(GAME, 4, 2, seed) for seed in range(1, 9)]
    assert all(why != "unfinished" for _, why in results)
    assert any(won for won, _ in results)
