"""Key Terms (Scout, Shuffle): Nickel, Binoculars, shuffling and drifting the map."""

from __future__ import annotations

from engine.games.nordguard.actions import Attempt, EndDay, Look, Scout, Survey, Trade
from engine.games.nordguard.events import ScoutRoll
from engine.games.nordguard.state import EVENT_DISCARD, OBSTACLES
from tests.engine.nordguard.helpers import (
    GAME,
    act,
    day_one,
    dice,
    hand,
    lay,
    place_team,
    plain_map,
    refused,
    stack_events,
    texts,
)


def test_nickel_scouts_any_location_turning_it_up_and_rolling_in_advance() -> None:
    """Key Terms (Scout): pick a location, roll its dice in advance; face down turns up."""
    state = day_one()
    far = lay(state, 10, "snowdrift")  # roll 2d6 on snow
    dice(state, 3, 4)
    events = act(state, Scout(10))
    assert far in state.table.face_up
    assert list(state.scouted.values()) == [(3, 4)]
    assert isinstance(events[-1], ScoutRoll)
    assert events[-1].faces == (3, 4) and events[-1].pool == "2d6"


def test_the_scouted_result_counts_for_the_next_attempt_only() -> None:
    """Key Terms (Scout): the result stays until someone tries to enter, as that attempt's."""
    state = day_one()
    lay(state, 1, "snowdrift")
    target = GAME.content.locations["snowdrift"].challenge[0].target
    dice(state, 6, 6)
    act(state, Scout(1))
    dice(state, 1, 1)  # would fail: the scouted 6+6 is used instead
    stack_events(state, "quiet-night")
    events = act(state, Attempt("E"))
    assert state.sled == 1 and "scouted roll = 6+6" in texts(events)
    assert target <= 12 and state.scouted == {}


def test_a_failed_scouted_result_fails_the_next_attempt_then_is_gone() -> None:
    """Key Terms (Scout): a poor pre-roll is that attempt's result; the next one re-rolls."""
    state = day_one()
    lay(state, 1, "snowdrift")
    dice(state, 1, 1)
    act(state, Scout(1))
    act(state, Attempt("E"))
    assert state.sled == 0 and state.scouted == {}
    act(state, EndDay())
    stack_events(state, "quiet-night")
    dice(state, 6, 6)
    act(state, Attempt("E"))
    assert state.sled == 1


def test_nickel_scouts_once_a_day() -> None:
    """Designed: Nickel's scouting is once a day."""
    state = day_one()
    plain_map(state)
    act(state, Scout(5))
    assert not any(isinstance(a, Scout) for a in GAME.legal_actions(state))
    assert "once a day" in refused(state, Scout(6))


def test_only_a_scout_scouts_anywhere() -> None:
    """Key Terms (Scout): scouting any location is Nickel's ability."""
    state = day_one(("geri",))
    assert "scout (Nickel)" in refused(state, Scout(5))


def test_binoculars_scout_one_neighbour_once_a_day() -> None:
    """Key Terms (Scout): Binoculars once per turn, only N, S, E or W of the team."""
    state = day_one(("geri",))
    plain_map(state)
    hand(state, 0, "binoculars")
    assert {a.cell for a in GAME.legal_actions(state) if isinstance(a, Look)} == {1, 4}
    assert "directly North" in refused(state, Look(5))
    act(state, Look(1))
    assert state.location_at(1) in state.table.face_up
    assert "once a day" in refused(state, Look(4))


def test_each_pair_of_binoculars_scouts_once_a_day() -> None:
    """Key Terms (Scout): Binoculars allow scouting once per turn: two pairs in the team,
    two looks a day, one per pair. A pair that has looked does not look again today in
    other hands; a new day, both look again."""
    state = day_one(("geri", "nickel"))
    plain_map(state)
    place_team(state, 5, previous=4)
    first, second = hand(state, 0, "binoculars", "binoculars")
    act(state, Look(6))
    assert {a.cell for a in GAME.legal_actions(state) if isinstance(a, Look)} == {1, 4, 9}
    act(state, Trade(first, 1))
    events = act(state, Look(9))
    assert "Geri (Binoculars) scouts ahead" in texts(events)
    assert state.looked == {first, second}
    assert not any(isinstance(a, Look) for a in GAME.legal_actions(state))
    assert "each pair of Binoculars scouts once a day" in refused(state, Look(4))
    act(state, EndDay())
    act(state, Look(4))
    act(state, Look(1))
    assert all(state.location_at(cell) in state.table.face_up for cell in (1, 4, 6, 9))


def test_binoculars_survey_every_neighbour_for_a_day() -> None:
    """Key Terms (Scout): scouting every location in reach at once costs a day."""
    state = day_one(("geri",))
    plain_map(state)
    hand(state, 0, "binoculars")
    countdown = state.countdown
    act(state, Survey())
    assert state.countdown == countdown - 1
    assert all(state.location_at(c) in state.table.face_up for c in (1, 4))


def test_no_binoculars_no_look() -> None:
    """Key Terms (Scout): looking ahead is what Binoculars do."""
    state = day_one(("geri",))
    assert "Binoculars" in refused(state, Look(1))
    assert "Binoculars" in refused(state, Survey())


def test_shuffled_locations_lose_their_events() -> None:
    """Key Terms (Shuffle): any shuffled location loses the event cards on it."""
    state = day_one()
    plain_map(state)
    (avalanche, quake) = stack_events(state, "avalanche", "earthquake")
    act(state, Attempt("E"))  # the avalanche stays on cell 1
    act(state, EndDay())
    act(state, Attempt("S"))  # from cell 1 south into cell 5, where the earthquake strikes
    assert state.sled == 5
    assert avalanche in state.table.cards_in(EVENT_DISCARD)
    assert state.placed == {}
    face_up = [c for c in state.table.cards_in("map") if c in state.table.face_up]
    assert set(face_up) == {state.location_at(0), state.location_at(5), state.location_at(15)}
    assert quake in state.table.cards_in(EVENT_DISCARD)


def test_moved_locations_keep_their_events() -> None:
    """Key Terms (Shuffle): locations simply moved keep their events (the ice drifts)."""
    state = day_one()
    plain_map(state)
    place_team(state, 5, previous=4)
    (wall,) = stack_events(state, "ice-wall")  # an obstacle, placed where it is drawn
    act(state, Attempt("E"))  # into cell 6
    location = state.location_at(6)
    assert state.placed == {wall: location}
    act(state, EndDay())
    dice(state, 6, 6)
    stack_events(state, "drifting-floes")
    act(state, Attempt("W"))  # back to cell 5; the row (4, 6, 7) slides east
    assert state.location_at(7) == location
    assert state.placed == {wall: location} and wall in state.table.cards_in(OBSTACLES)


def test_drift_keeps_frontier_destination_and_the_team_still() -> None:
    """Designed drift: the blue-backed corners and the team's own location never move."""
    state = day_one()
    plain_map(state)
    row = [state.location_at(c) for c in range(4)]
    stack_events(state, "drifting-floes")
    act(state, Attempt("E"))
    assert state.location_at(0) == row[0] and state.location_at(1) == row[1]
    assert [state.location_at(2), state.location_at(3)] == [row[3], row[2]]
