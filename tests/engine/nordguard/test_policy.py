"""The computer team: legal, sensible choices from what the table shows."""

from __future__ import annotations

from engine.core.match import Match
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
    UseItem,
)
from engine.games.nordguard.build import NordguardOptions
from engine.games.nordguard.content import CHARACTER_READS
from engine.games.nordguard.items import kind_of
from engine.games.nordguard.policy import CHARACTER_ORDER
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


def test_picks_a_strong_character_and_fills_slots_with_useful_items() -> None:
    """A lone Character is one of the two strongest (the scout, or Oleg with four slots)."""
    state = new_state(players=1)
    assert choose(state) in (ChooseCharacter("ch-nickel"), ChooseCharacter("ch-oleg"))
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


def set_up_by_the_policy(rng: Rng, players: int = 2) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The Characters and items a computer team takes at the start, with this stream."""
    state = new_state(players=players)
    while state.phase in ("characters", "stock"):
        act(state, POLICY.choose(GAME.view(state, state.active), GAME.legal_actions(state), rng))
    characters = tuple(kind_of(state, card) for card in state.character if card is not None)
    items = tuple(sorted(kind_of(state, card) for _, card in state.team_items()))
    return characters, items


def test_the_team_varies_from_game_to_game_with_its_own_stream() -> None:
    """The Team & Items: each player picks a Character and fills its slots. The computer
    team does not take the same two Characters and six items every game: the variety comes
    from the agent's own random stream, so the same stream picks the same team again."""
    teams = [set_up_by_the_policy(Rng(seed)) for seed in range(12)]
    assert len({characters for characters, _ in teams}) >= 3
    assert len({items for _, items in teams}) >= 4
    assert set_up_by_the_policy(Rng(5)) == teams[5]


class NoDice(Rng):
    """A view's stream that must never be used: the agent has its own."""

    def next64(self) -> int:
        raise AssertionError("the computer team used the match's random stream")

    def clone(self) -> NoDice:
        return NoDice(self.state)


def test_the_computer_team_never_draws_on_the_match_stream() -> None:
    """All randomness via the state's seeded RNG is the table's: the computer team thinks
    on a view whose stream it may not touch, for a whole game, set-up included."""
    match = Match(GAME, NordguardOptions(players=2, width=4, height=4), 3)
    stream = Rng(11)
    while match.outcome() is None:
        seen = match.view(match.to_move())
        seen.rng = NoDice(seen.rng.state)
        match.submit(POLICY.choose(seen, match.legal_actions(), stream))
    assert match.outcome() is not None


def test_rations_are_kept_for_the_last_days() -> None:
    """Designed Rations (use to gain a day): not eaten on day 1 with the countdown full, but
    once it is down to its last days."""
    state = day_one()
    plain_map(state)
    (rations,) = hand(state, 0, "rations")
    assert UseItem(rations) in GAME.legal_actions(state)
    assert choose(state) != UseItem(rations)
    state.table.counters["countdown"] = 2
    assert choose(state) == UseItem(rations)


def test_never_scouts_its_way_into_a_known_failure_day_after_day() -> None:
    """Key Terms (Scout): a scouted roll is the next attempt's. Facing one face-up way on,
    the team does not scout it first (which only shows a failure it must then spend the
    day trying): five days of bad dice, five plain attempts, no scouting of it."""
    state = day_one()
    plain_map(state)
    for cell in (1, 4, 9):
        lay(state, cell, "crevasse", face_up=True)  # blocked without a Rope or a Ladder
    lay(state, 6, "snowdrift", face_up=True)  # 2d6 on snow, need 8
    place_team(state, 5, previous=4)
    for _ in range(5):
        dice(state, 1, 1)
        action = choose(state)
        assert action == Attempt("E"), action
        act(state, action)
        assert state.sled == 5 and not state.scouted
        act(state, EndDay())


def test_the_computer_ranks_every_kind_of_ability_a_character_may_have() -> None:
    """The computer's order of Character abilities covers every kind of modifier the
    rules let a Character carry: a kind added to the content rules without a place in
    the order would leave the computer unable to choose a Character."""
    assert {to for to, *_ in CHARACTER_READS} <= set(CHARACTER_ORDER)
