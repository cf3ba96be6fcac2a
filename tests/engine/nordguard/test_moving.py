"""Rulebook, The Map and The Events: moving N/S/E/W, one attempt a day, challenges, events."""

from __future__ import annotations

from engine.games.nordguard.actions import Attempt, Drop, EndDay, NextEvent, PickUp
from engine.games.nordguard.flow import MoreEvents
from engine.games.nordguard.state import EVENT_CURRENT, EVENT_DECK, EVENT_DISCARD, OBSTACLES
from tests.engine.nordguard.helpers import (
    GAME,
    act,
    asked,
    day_one,
    dice,
    lay,
    place_team,
    plain_map,
    refused,
    stack_events,
    texts,
)


def test_moves_go_north_east_south_west_only() -> None:
    """Rulebook, The Map: N, S, E or W, never diagonally; the map's edge stops a move."""
    state = day_one()
    attempts = {a.direction for a in GAME.legal_actions(state) if isinstance(a, Attempt)}
    assert attempts == {"E", "S"}, "Frontier is the north-west corner"
    assert "diagonally" in refused(state, Attempt("SE"))
    assert "map ends" in refused(state, Attempt("N"))
    assert "map ends" in refused(state, Attempt("W"))


def test_one_attempt_a_day() -> None:
    """Rulebook, The Map: each turn the team may attempt one move."""
    state = day_one()
    plain_map(state)
    stack_events(state, "quiet-night")
    act(state, Attempt("E"))
    assert state.sled == 1
    assert "one attempt a day" in refused(state, Attempt("E"))
    assert not any(isinstance(a, Attempt) for a in GAME.legal_actions(state))
    act(state, EndDay())
    assert any(isinstance(a, Attempt) for a in GAME.legal_actions(state))


def test_a_failed_challenge_keeps_the_team_in_place_and_draws_no_event() -> None:
    """Rulebook, The Events: failing stays put, no event card is drawn."""
    state = day_one()
    lay(state, 1, "blue-ice")  # roll 1d6 on ice, need 5
    deck = list(state.table.cards_in(EVENT_DECK))
    dice(state, 2)
    events = act(state, Attempt("E"))
    assert state.sled == 0
    assert list(state.table.cards_in(EVENT_DECK)) == deck
    assert "cannot get in" in texts(events) and "no event" in texts(events)


def test_the_roll_is_made_afresh_next_time() -> None:
    """Rulebook, The Events: the team may try again in a later turn, re-rolling the dice."""
    state = day_one()
    lay(state, 1, "blue-ice")
    stack_events(state, "quiet-night")
    dice(state, 2, 6)
    act(state, Attempt("E"))
    act(state, EndDay())
    events = act(state, Attempt("E"))
    assert state.sled == 1
    assert "= 6 = 6 against" in texts(events)


def test_meeting_the_challenge_enters_and_draws_one_event() -> None:
    """Rulebook, The Events: success moves the team in and draws an event card."""
    state = day_one()
    lay(state, 1, "blue-ice")
    (quiet,) = stack_events(state, "quiet-night")
    dice(state, 5)
    events = act(state, Attempt("E"))
    assert state.sled == 1 and state.previous == "frontier"
    assert quiet in state.table.cards_in(EVENT_DISCARD)
    assert "Quiet Night" in texts(events)


def test_several_events_one_at_a_time() -> None:
    """Rulebook, The Events: two or more events in a turn are dealt with one at a time."""
    state = day_one()
    lay(state, 1, "haunted-camp")  # draw two events
    first, second = stack_events(state, "tailwind", "quiet-night")
    countdown = state.countdown
    act(state, Attempt("E"))
    assert first in state.table.cards_in(EVENT_DISCARD) and state.countdown == countdown + 1
    assert second in state.table.cards_in(EVENT_DECK)
    assert isinstance(asked(state), MoreEvents)
    assert GAME.legal_actions(state) == [NextEvent()]
    act(state, NextEvent())
    assert second in state.table.cards_in(EVENT_DISCARD) and not state.frames


def test_leaving_the_location_cancels_the_other_events() -> None:
    """Rulebook, The Events: if an event makes the team leave, the rest are not drawn."""
    state = day_one()
    lay(state, 1, "haunted-camp")
    _, other = stack_events(state, "thin-ice-breaks", "quiet-night")
    events = act(state, Attempt("E"))
    assert state.sled == 0
    assert other in state.table.cards_in(EVENT_DECK)
    assert not state.frames
    assert "not drawn" in texts(events)


def test_the_event_deck_reshuffles_its_discards_when_empty() -> None:
    """Rulebook, The Events: discarded events are shuffled back when the deck runs out."""
    state = day_one()
    plain_map(state)
    deck = state.table.cards_in(EVENT_DECK)
    keep = next(c for c in deck if state.table.faces[c] == "event:quiet-night")
    for card in [c for c in deck if c != keep]:
        state.table.move(card, EVENT_DISCARD)
    act(state, Attempt("E"))
    assert state.table.cards_in(EVENT_DECK) == ()
    act(state, EndDay())
    events = act(state, Attempt("E"))
    assert "shuffled into a new deck" in texts(events)
    assert len(state.table.cards_in(EVENT_DECK)) + len(state.table.cards_in(EVENT_DISCARD)) \
        + len(state.table.cards_in(EVENT_CURRENT)) + len(state.table.cards_in(OBSTACLES)) \
        == len(GAME.all_cards(state) & {c for c in state.table.faces if c.startswith("ev-")})


def test_permanent_events_stay_and_become_a_challenge() -> None:
    """Rulebook, The Events and Key Terms (Challenge): permanent events stay on the location
    and count as one of its challenges."""
    state = day_one()
    plain_map(state)
    location = state.location_at(1)
    (avalanche,) = stack_events(state, "avalanche")  # obstacle: roll 2d6 on snow, need 8
    act(state, Attempt("E"))
    assert state.placed == {avalanche: location}
    assert avalanche in state.table.cards_in(OBSTACLES)
    act(state, EndDay())
    act(state, Attempt("W"))
    assert state.sled == 0
    act(state, EndDay())
    dice(state, 1, 2)
    events = act(state, Attempt("E"))
    assert state.sled == 0, "the avalanche's roll was not met"
    assert "Avalanche" in texts(events)


def test_retreat_ignores_challenges_and_draws_no_event() -> None:
    """Rulebook, Key Terms (Retreat): skip to the location, no event, no challenge."""
    state = day_one()
    lay(state, 1, "deep-drifts")  # roll 2d6 on snow, need 10
    lay(state, 2, "tundra")
    place_team(state, 1, previous=0)
    act(state, EndDay())
    (_, quiet) = stack_events(state, "thin-ice-breaks", "quiet-night")
    dice(state, 1)  # a roll for the Deep Drifts would use (and fail on) this die
    act(state, Attempt("E"))  # into cell 2, whose event sends the team back to cell 1
    assert state.sled == 1 and state.previous == state.location_at(2)
    assert quiet in state.table.cards_in(EVENT_DECK), "no event for arriving by retreat"
    assert state.rng.faces == [1], "no roll for the Deep Drifts' challenge"


def test_retreat_after_a_drift_goes_back_to_the_card_the_team_came_from() -> None:
    """Rulebook, The Events: a retreat forces the team back to its previous LOCATION, the
    card, wherever the ice has carried it this turn (not whatever card now lies where it
    used to)."""
    state = day_one()
    plain_map(state)
    came_from = lay(state, 5, "old-trail", face_up=True)
    lay(state, 6, "haunted-camp", face_up=True)  # two events here
    place_team(state, 5, previous=4)
    stack_events(state, "drifting-floes", "thin-ice-breaks")
    act(state, Attempt("E"))  # into cell 6; the row drifts east: the Old Trail to cell 7
    assert state.location_at(7) == came_from and state.location_at(5) != came_from
    events = act(state, NextEvent())  # the thin ice breaks: back to the Old Trail
    assert state.sled == 7 and state.location_at(state.sled) == came_from
    assert "to where it came from, Old Trapline" in texts(events)


def test_retreat_after_a_shuffle_finds_the_card_the_team_came_from() -> None:
    """Rulebook, The Events and Key Terms (Shuffle): after the map is shuffled, the previous
    location is the same card, now lying elsewhere face down; the team retreats onto it and
    turns it face up."""
    state = day_one()
    plain_map(state)
    came_from = lay(state, 5, "old-trail", face_up=True)
    lay(state, 6, "haunted-camp", face_up=True)
    place_team(state, 5, previous=4)
    stack_events(state, "earthquake", "thin-ice-breaks")
    act(state, Attempt("E"))
    assert state.location_at(5) != came_from, "seed 7 deals the Old Trail elsewhere"
    assert came_from not in state.table.face_up
    act(state, NextEvent())
    assert state.location_at(state.sled) == came_from and came_from in state.table.face_up


def test_retreat_to_the_nearest_face_up_waypoint() -> None:
    """Rulebook, Key Terms (Retreat): a Waypoint that is face up."""
    state = day_one()
    plain_map(state)
    near = lay(state, 4, "trading-post", face_up=True)
    lay(state, 15 - 1, "mission", face_up=True)
    lay(state, 6, "tundra")
    place_team(state, 5, previous=1)
    stack_events(state, "lost-in-whiteout")
    act(state, Attempt("E"))
    assert state.sled == 4 and state.location_at(4) == near


def test_retreat_to_frontier_when_no_waypoint_is_face_up() -> None:
    """Rulebook, Key Terms (Retreat): with no Waypoint face up, skip to Frontier."""
    state = day_one()
    plain_map(state)
    lay(state, 4, "trading-post", face_up=False)
    place_team(state, 5, previous=1)
    stack_events(state, "lost-in-whiteout")
    events = act(state, Attempt("E"))
    assert state.sled == 0
    assert "no Waypoint is face up" in texts(events)


def test_retreat_from_the_only_face_up_waypoint_says_so() -> None:
    """Rulebook, Key Terms (Retreat): with no Waypoint to go to, skip to Frontier. Standing
    on the only face-up Waypoint, the log says no OTHER one is face up (designed: a retreat
    never keeps the team where it is), not that none is."""
    state = day_one()
    plain_map(state)
    lay(state, 6, "mission")  # a Waypoint, face down until the team arrives
    place_team(state, 5, previous=1)
    stack_events(state, "lost-in-whiteout")
    events = act(state, Attempt("E"))
    assert state.sled == 0
    log = texts(events)
    assert "no Waypoint is face up" not in log
    assert "to Frontier: no other Waypoint is face up" in log


def test_dropped_items_return_to_the_deck_when_the_team_leaves() -> None:
    """Rulebook, Key Terms (Drop): anyone here may pick it up; it goes to the Item deck the
    moment the team leaves."""
    state = day_one(("freki",))
    plain_map(state)
    (knife,) = state.carried(0)
    act(state, Drop(knife))
    assert PickUp(knife, 0) in GAME.legal_actions(state)
    act(state, PickUp(knife, 0))
    act(state, Drop(knife))
    stack_events(state, "quiet-night")
    state.departed = True  # the starting Knife is no longer required
    act(state, Attempt("E"))
    assert state.table.where[knife] == "item-deck"


def test_the_log_says_deep_drifts_not_deep_drifts_s() -> None:
    """A name ending in s takes the apostrophe alone: "against Deep Drifts' 10"."""
    state = day_one()
    lay(state, 1, "deep-drifts", face_up=True)
    dice(state, 1, 2)
    text = texts(act(state, Attempt("E")))
    assert "against Deep Drifts' 10" in text and "Drifts's" not in text
