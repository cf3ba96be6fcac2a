"""Rulebook, The Map and The Team & Items: building the map, choosing, stocking, setting out."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.core.rng import Rng
from engine.games.nordguard.actions import (
    Attempt,
    ChooseCharacter,
    DoneStocking,
    SetOut,
    TakeItem,
)
from engine.games.nordguard.build import NordguardOptions, recommended_size
from engine.games.nordguard.items import kind_of
from engine.games.nordguard.state import (
    CHARACTERS,
    COUNTDOWN,
    DESTINATION,
    EVENT_DECK,
    FRONTIER,
    ITEM_DECK,
    MAP,
    POOL,
    TEAM,
    slots,
)
from tests.engine.nordguard.helpers import GAME, C, act, new_state, refused


@pytest.mark.parametrize(("players", "side"), [(1, 4), (2, 4), (3, 5), (4, 6), (5, 7), (7, 7)])
def test_default_map_is_the_recommended_size(players: int, side: int) -> None:
    """Rulebook, The Map (Recommended Maps): the default size follows the team's size."""
    state = GAME.setup(NordguardOptions(players=players), Rng(1))
    assert recommended_size(players) == side
    assert (state.width, state.height) == (side, side)
    assert len(state.table.cards_in(MAP)) == side * side


@pytest.mark.parametrize(("width", "height"), [(2, 2), (3, 5), (6, 2)])
def test_any_size_from_two_by_two_frontier_and_destination_in_opposite_corners(
        width: int, height: int) -> None:
    """Rulebook, The Map: Frontier is a corner, Destination the opposite one, any size."""
    state = new_state(width=width, height=height)
    cards = state.table.cards_in(MAP)
    assert len(cards) == width * height
    assert cards[0] == FRONTIER and cards[-1] == DESTINATION
    assert state.cell(len(cards) - 1).row == height - 1
    assert state.cell(len(cards) - 1).col == width - 1
    assert FRONTIER not in cards[1:-1] and DESTINATION not in cards[1:-1]


def test_a_map_smaller_than_two_is_refused() -> None:
    """Rulebook, The Map: a rectangle with Frontier and Destination in opposite corners."""
    with pytest.raises(ValidationError):
        NordguardOptions(players=1, width=1, height=4)


def test_the_other_locations_are_shuffled() -> None:
    """Rulebook, The Map: the other location cards are shuffled before they are laid."""
    layouts = {tuple(kind_of(s, c) for c in s.table.cards_in(MAP))
               for s in (new_state(seed=seed) for seed in range(6))}
    assert len(layouts) > 1


def test_countdown_is_width_plus_height() -> None:
    """Rulebook, The Countdown: the days are the map's height plus its width."""
    state = new_state(width=5, height=3)
    assert state.table.counters[COUNTDOWN] == 8


def test_a_map_bigger_than_one_set_uses_more_sets() -> None:
    """Rulebook, The Map: more than one set of locations may be used."""
    side = 8
    needed = side * side - 2
    assert needed > C.set_size
    state = new_state(width=side, height=side)
    cards = state.table.cards_in(MAP)[1:-1]
    assert {card.split("-")[0] for card in cards} == {"s1", "s2"}
    assert len(cards) == needed == len(set(cards))


def test_too_few_sets_for_the_map_is_refused_with_the_numbers() -> None:
    """Rulebook, The Map: the map needs width x height cards; one set may not hold them."""
    with pytest.raises(ValidationError, match="needs 62 locations but 1 set"):
        NordguardOptions(players=1, width=8, height=8, sets=1)


def test_extra_sets_on_request() -> None:
    """Rulebook, The Map: a small map may still shuffle several sets together."""
    state = new_state(width=4, height=4, sets=3)
    prefixes = {card.split("-")[0] for card in state.table.cards_in(MAP)[1:-1]}
    assert prefixes <= {"s1", "s2", "s3"}


def test_study_phase_face_up_then_face_down_on_setting_out() -> None:
    """Rulebook, The Map: the map is studied face up and turned face down before leaving."""
    state = new_state(players=1)
    assert all(card in state.table.face_up for card in state.table.cards_in(MAP))
    act(state, ChooseCharacter("ch-nickel"))
    act(state, DoneStocking())
    assert state.phase == "study"
    assert all(card in state.table.face_up for card in state.table.cards_in(MAP))
    act(state, SetOut())
    cards = state.table.cards_in(MAP)
    assert [c for c in cards if c in state.table.face_up] == [FRONTIER, DESTINATION]
    view = GAME.view(state, 0)
    assert view.table.cards_in(MAP)[1] == "?map#1"


def test_characters_are_chosen_seat_by_seat_and_only_once() -> None:
    """Rulebook, The Team & Items: each player picks a Character (a designed order: seat 0
    first); a Character already chosen is not free any more."""
    state = new_state(players=2)
    assert state.active == 0
    act(state, ChooseCharacter("ch-nickel"))
    assert state.active == 1 and state.character[0] == "ch-nickel"
    assert "ch-nickel" in state.table.cards_in(TEAM)
    assert ChooseCharacter("ch-nickel") not in GAME.legal_actions(state)
    assert "free" in refused(state, ChooseCharacter("ch-nickel"))
    act(state, ChooseCharacter("ch-geri"))
    assert state.phase == "stock" and state.active == 0
    assert len(state.table.cards_in(CHARACTERS)) == len(C.characters) - 2


def test_required_starting_items_are_placed_at_once() -> None:
    """Rulebook, The Team & Items: some Characters must start with specific items."""
    state = new_state(players=1)
    act(state, ChooseCharacter("ch-pi"))
    carried = [kind_of(state, c) for c in state.carried(0)]
    assert carried == C.characters["pi"].start == ["lawmans-revolver"]
    assert state.starting[0] == tuple(state.carried(0))


def test_stocking_fills_the_slots_and_never_exceeds_them() -> None:
    """Rulebook, The Team & Items: players fill their slots but cannot exceed them."""
    state = new_state(players=2)
    act(state, ChooseCharacter("ch-nickel"))
    act(state, ChooseCharacter("ch-geri"))
    for _ in range(C.characters["nickel"].slots):
        take = next(a for a in GAME.legal_actions(state) if isinstance(a, TakeItem))
        act(state, take)
    assert len(state.carried(0)) == C.characters["nickel"].slots
    assert state.active == 1, "a full Character hands over to the next seat"
    state.active = 0  # back to the full seat: taking more is refused
    assert "full" in refused(state, TakeItem(state.table.cards_in(POOL)[0]))


def test_set_out_shuffles_the_unused_items_and_the_events_into_decks() -> None:
    """Rulebook, The Team & Items: before the first turn the unused items and the events
    are shuffled face down into separate piles."""
    state = new_state(players=1)
    act(state, ChooseCharacter("ch-nickel"))
    act(state, DoneStocking())
    pool = set(state.table.cards_in(POOL))
    act(state, SetOut())
    assert list(state.table.cards_in(POOL)) == []
    assert set(state.table.cards_in(ITEM_DECK)) == pool
    assert GAME.view(state, 0).table.cards_in(EVENT_DECK)[0].startswith("?")
    assert state.phase == "day" and state.turn == 1 and state.active == 0


def test_set_up_actions_are_refused_out_of_turn() -> None:
    """Each set-up step in its phase only; the day's moves wait for the team to set out."""
    state = new_state(players=1)
    assert "set out" in refused(state, Attempt("E"))
    assert "stocking" in refused(state, TakeItem(state.table.cards_in(POOL)[0]))
    assert "choosing" in refused(state, SetOut())
    act(state, ChooseCharacter("ch-nickel"))
    assert "Character already" in refused(state, ChooseCharacter("ch-geri"))
    assert slots(0) in state.table.zones
