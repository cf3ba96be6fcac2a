"""The designed event vocabulary, card by card kind (finds, traders, omens, clear skies)."""

from __future__ import annotations

from engine.games.nordguard.actions import Attempt, Barter, Decline, NextEvent, PickUp
from engine.games.nordguard.flow import TraderOffer
from engine.games.nordguard.state import ITEM_DECK
from tests.engine.nordguard.helpers import (
    GAME,
    act,
    asked,
    day_one,
    hand,
    lying_here,
    place_team,
    plain_map,
    refused,
    stack_events,
    texts,
)


def test_a_find_draws_a_random_item_that_lies_here() -> None:
    """Key Terms (Random): shuffle the deck and draw; the find lies here for anyone."""
    state = day_one()
    plain_map(state)
    deck = len(state.table.cards_in(ITEM_DECK))
    stack_events(state, "abandoned-sled")
    act(state, Attempt("E"))
    (found,) = lying_here(state)
    assert len(state.table.cards_in(ITEM_DECK)) == deck - 1
    assert PickUp(found, 0) in GAME.legal_actions(state)


def test_a_trader_swaps_an_item_for_a_random_one() -> None:
    """Key Terms (Trade): other cards allow trading; items traded to cards go to the deck."""
    state = day_one()
    plain_map(state)
    (rope,) = hand(state, 0, "rope")
    stack_events(state, "trader")
    act(state, Attempt("E"))
    assert isinstance(asked(state), TraderOffer)
    answers = {a for a in GAME.legal_actions(state) if isinstance(a, Barter | Decline)}
    assert answers == {Barter(rope), Decline()}
    act(state, Barter(rope))
    assert state.table.where[rope] == ITEM_DECK
    assert len(lying_here(state)) == 1 and lying_here(state) != [rope]


def test_a_trader_may_be_declined() -> None:
    state = day_one()
    plain_map(state)
    (rope,) = hand(state, 0, "rope")
    stack_events(state, "trader")
    act(state, Attempt("E"))
    assert "only an item the team carries" in refused(state, Barter("it-knife-1"))
    act(state, Decline())
    assert state.holder(rope) == 0 and not state.frames


def test_bad_omens_draw_another_event() -> None:
    """The Events: some cards make the team draw more events here, one at a time."""
    state = day_one()
    plain_map(state)
    stack_events(state, "bad-omens", "quiet-night")
    act(state, Attempt("E"))
    assert GAME.legal_actions(state) == [NextEvent()]
    events = act(state, NextEvent())
    assert "Quiet Night" in texts(events)


def test_clear_skies_turn_the_neighbours_up() -> None:
    state = day_one()
    plain_map(state)
    place_team(state, 4, previous=0)
    stack_events(state, "clear-skies")
    act(state, Attempt("E"))
    assert all(state.location_at(n) in state.table.face_up for _, n in state.neighbours(5))


def test_macs_telegram_adds_days_then_sends_the_team_home() -> None:
    """Key Terms (Retreat) to Frontier, after the card's other effect."""
    state = day_one()
    plain_map(state)
    place_team(state, 5, previous=1)
    stack_events(state, "macs-telegram")
    countdown = state.countdown
    act(state, Attempt("E"))
    assert state.sled == 0 and state.countdown == countdown + 2
