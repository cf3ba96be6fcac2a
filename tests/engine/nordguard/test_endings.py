"""Rulebook, The Countdown: a day a turn; win at Destination; lose on time or when trapped."""

from __future__ import annotations

from engine.games.nordguard.actions import Attempt, Drop, EndDay, Survey
from engine.games.nordguard.challenges import impassable, stranded
from engine.games.nordguard.events import RunLost
from tests.engine.nordguard.helpers import (
    GAME,
    act,
    day_one,
    dice,
    hand,
    lay,
    place_team,
    plain_map,
    stack_events,
    texts,
)


def test_a_day_comes_off_at_the_end_of_every_turn() -> None:
    """Rulebook, The Countdown: subtract a day at the end of each turn."""
    state = day_one()
    countdown = state.countdown
    act(state, EndDay())
    assert state.countdown == countdown - 1 and state.turn == 2


def test_the_day_comes_off_even_when_events_changed_the_days() -> None:
    """Rulebook, The Countdown: the end-of-turn day is subtracted even after events added
    or removed days."""
    state = day_one()
    plain_map(state)
    stack_events(state, "tailwind")
    countdown = state.countdown
    act(state, Attempt("E"))
    assert state.countdown == countdown + 1
    act(state, EndDay())
    assert state.countdown == countdown


def test_the_leader_changes_each_day() -> None:
    """Designed: the day's leader makes the team's decisions; seats lead in turn."""
    state = day_one(("nickel", "geri", "pi"))
    leaders = []
    for _ in range(4):
        leaders.append(state.active)
        act(state, EndDay())
    assert leaders == [0, 1, 2, 0]


def test_ending_a_turn_on_destination_wins() -> None:
    """Rulebook, The Countdown: the team wins by ending a turn in the Destination."""
    state = day_one(("nickel", "geri"))
    plain_map(state)
    place_team(state, 14, previous=13)
    act(state, Attempt("E"))
    assert state.sled == 15 and state.result is None, "entering is not yet ending the turn"
    events = act(state, EndDay())
    assert state.result is not None and state.result.winners == (0, 1)
    assert "succeeds" in texts(events)
    assert GAME.legal_actions(state) == []


def test_the_countdown_running_out_loses() -> None:
    """Rulebook, The Countdown: failing to reach Destination in time loses."""
    state = day_one()
    for _ in range(state.countdown - 1):
        act(state, EndDay())
    assert state.result is None and state.countdown == 1
    act(state, EndDay())
    assert state.result is not None and state.result.winners == ()
    assert "countdown ran out" in state.result.reason


def test_days_lost_to_zero_mid_turn_lose_at_once() -> None:
    """Rulebook, The Countdown: losing the last days to an event is running out of time."""
    state = day_one()
    plain_map(state)
    state.table.counters["countdown"] = 1
    stack_events(state, "snowstorm")
    act(state, Attempt("E"))
    assert state.result is not None and "countdown" in state.result.reason


def trapped(state, face_up: bool = True):
    """The team in the middle of the map with impassable locations all round."""
    plain_map(state)
    for cell in (1, 4, 6, 9):
        lay(state, cell, "crevasse", face_up)  # blocked; a Rope or a Ladder gets across
    lay(state, 6, "ice-jam", face_up)  # blocked; only Dynamite
    place_team(state, 5, previous=1)


def test_a_team_that_cannot_move_in_any_direction_loses() -> None:
    """Rulebook, The Countdown: unable to move in ANY direction, the team loses."""
    state = day_one(("geri",))
    trapped(state)
    act(state, EndDay())
    assert state.result is not None and "cannot move in any direction" in state.result.reason


def test_face_down_locations_may_still_be_tried() -> None:
    """Rulebook, The Countdown: the team loses when it is unable to move in any direction.
    Designed: judged on what the table shows. A face-down neighbour may still be tried
    (trying turns it face up), so the run goes on, and the loss, when every way is seen to
    be shut, names only locations the players have seen."""
    state = day_one(("geri",))
    trapped(state, face_up=False)
    act(state, EndDay())
    assert state.result is None
    act(state, Attempt("E"))  # the Ice Jam turns face up: blocked
    assert state.result is None, "three neighbours are still face down"
    for direction in ("N", "W"):
        act(state, EndDay())
        act(state, Attempt(direction))
    assert state.result is None
    act(state, EndDay())
    events = act(state, Attempt("S"))
    assert state.result is not None
    assert state.result.reason == ("the team cannot move in any direction (Crevasse Field, "
                                   "Ice Jam, Crevasse Field, Crevasse Field)")
    assert "The run fails: the team cannot move in any direction" in texts(events)
    assert events[-1] == RunLost("stranded", ("Crevasse Field", "Ice Jam", "Crevasse Field",
                                              "Crevasse Field"))


def test_one_way_out_is_enough() -> None:
    """Rulebook, The Countdown: it is ANY direction; a Rope opens three of the four here."""
    state = day_one(("geri",))
    trapped(state)
    hand(state, 0, "rope")
    assert stranded(GAME.content, state) is None
    act(state, EndDay())
    assert state.result is None


def test_an_item_lying_here_still_counts_as_a_way_out() -> None:
    """Designed precision: 'cannot move' counts items the team could pick up here."""
    state = day_one(("geri",))
    trapped(state)
    (rope,) = hand(state, 0, "rope")
    act(state, Drop(rope))
    assert state.result is None


def test_cannot_move_means_no_roll_or_fight_could_ever_succeed() -> None:
    """Designed precision: a combat total above every die the team could add is hopeless;
    a roll it might make is not."""
    state = day_one(("geri",))
    plain_map(state)
    lay(state, 9, "bear-cave")  # combat check, no Lantern
    place_team(state, 5, previous=1)  # away from Frontier's Item deck
    need = GAME.content.locations["bear-cave"].challenge[0].total
    hand(state, 0, "knife")  # a set amount far below the total
    assert impassable(GAME.content, state, 9) == "Bear Cave"
    hand(state, 0, "rifle")
    assert 6 * GAME.content.items["rifle"].uses + 2 >= need
    assert impassable(GAME.content, state, 9) is None
    lay(state, 10, "frozen-falls")  # a hard roll is never impassable
    assert impassable(GAME.content, state, 10) is None


def test_frontier_counts_the_item_deck_as_within_reach() -> None:
    """Designed precision: at Frontier the team could still restock the item it lacks."""
    state = day_one(("geri",))
    lay(state, 1, "crevasse", face_up=True)
    lay(state, 4, "crevasse", face_up=True)
    act(state, EndDay())
    assert state.result is None


def test_time_running_out_ends_a_fight_at_once() -> None:
    """Rulebook, The Countdown: when the last day is gone the run is over, question or not."""
    state = day_one()
    lay(state, 1, "whiteout-ridge")  # a fog roll, and a day to get in
    hand(state, 0, "rifle")
    state.table.counters["countdown"] = 1
    stack_events(state, "wolf-pack")  # a combat check would follow
    dice(state, 6, 6)
    act(state, Attempt("E"))
    assert state.result is not None and "countdown" in state.result.reason
    assert not state.frames and state.combat is None
    assert GAME.legal_actions(state) == []


def test_the_countdown_stops_at_zero_and_the_run_is_lost_at_once() -> None:
    """Rulebook, The Countdown: time cannot run out by more than it has. A Blizzard (-2)
    with 1 day left empties the countdown (never "-1 days left") and the run is lost."""
    state = day_one()
    plain_map(state)
    state.table.counters["countdown"] = 1
    stack_events(state, "blizzard")
    events = act(state, Attempt("E"))
    assert state.countdown == 0
    assert state.result is not None and state.result.reason == "the countdown ran out"
    log = texts(events)
    assert "-1" not in log
    assert "The countdown loses 2 day(s): no days are left" in log


def test_a_day_cost_that_empties_the_countdown_draws_no_event() -> None:
    """Rulebook, The Countdown (designed: time runs out at once): the team that pays its last
    days getting in draws no event there; the run is already lost."""
    state = day_one()
    lay(state, 1, "mountain-shoulder", face_up=True)  # two days to get in
    state.table.counters["countdown"] = 1
    (top,) = stack_events(state, "tailwind")  # would give a day back
    events = act(state, Attempt("E"))
    assert state.sled == 1 and state.countdown == 0
    assert state.result is not None and state.result.reason == "the countdown ran out"
    assert state.table.where[top] == "event-deck"
    assert "Getting in cost 2 day(s): no days are left" in texts(events)


def test_a_survey_on_the_last_day_ends_the_run_at_zero() -> None:
    """Rulebook, Key Terms: Scout: the Binoculars' survey costs a day; on the last day it
    empties the countdown, which reads 0, and the run is lost."""
    state = day_one()
    hand(state, 0, "binoculars")
    state.table.counters["countdown"] = 1
    events = act(state, Survey())
    assert state.countdown == 0 and state.result is not None
    assert "The survey costs a day: no days are left" in texts(events)
