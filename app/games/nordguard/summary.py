"""The end of a Nordguard run in figures: days left against the way still to go.

The match is walked once with `Match.replay` (every state in order, read and let
go), a slice at a time (`Work`). At the end the whole table is revealed, so the
summary may name any card. The chart puts the countdown beside the number of
steps still to Destination, day by day: the run is won where the second line
reaches 0 before the first does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.games.base import SUMMARY_SLICE, Chart, Series, Summary, Work
from app.games.nordguard.looks import plural
from app.words import count
from engine.core.events import Event
from engine.core.match import Match
from engine.games.nordguard.actions import Attempt, EndDay, Look, Scout, Survey
from engine.games.nordguard.content import NordguardContent
from engine.games.nordguard.events import CombatEnds, Entered, EventDrawn
from engine.games.nordguard.items import who
from engine.games.nordguard.state import SPENT, NordguardState


@dataclass
class _Run:
    """What the walk through the match has counted so far."""

    start: int = 0  # the countdown when the team set out
    days_left: list[tuple[float, float]] = field(default_factory=list)  # (day, countdown)
    to_go: list[tuple[float, float]] = field(default_factory=list)  # (day, steps)
    days_lost: int = 0
    days_gained: int = 0
    attempts: int = 0
    entered: int = 0
    events: int = 0
    fights: int = 0
    fights_won: int = 0
    scouted: int = 0
    closest: int | None = None


def steps_to_go(s: NordguardState) -> int:
    """Moves still between the team and Destination (north, south, east or west)."""
    row, col = divmod(s.sled, s.width)
    end_row, end_col = divmod(s.destination_cell, s.width)
    return abs(end_row - row) + abs(end_col - col)


def _day_begins(run: _Run, s: NordguardState) -> None:
    day = float(s.turn)
    run.days_left.append((day, float(s.countdown)))
    run.to_go.append((day, float(steps_to_go(s))))


def _walk(match: Match) -> Work[_Run]:
    """Count the run step by step, reading each state `replay` yields and letting it go."""
    run = _Run()
    before: tuple[int, int, str] | None = None  # (turn, countdown, phase) of the last state
    for number, state in match.replay():
        assert isinstance(state, NordguardState)
        if number and number % SUMMARY_SLICE == 0:
            yield
        if number:
            step = match.steps[number - 1]
            _count_step(run, step.action, step.events)
            if before is not None and before[2] == "day":
                change = state.countdown - before[1]
                if isinstance(step.action, EndDay) and not (state.result and
                                                            state.result.winners):
                    change += 1  # the day's own day is the rule, not a loss
                run.days_lost -= min(change, 0)
                run.days_gained += max(change, 0)
        if state.phase == "day" and (before is None or before[2] != "day"
                                     or before[0] != state.turn):
            run.start = run.start or state.countdown
            _day_begins(run, state)
        if state.phase == "day":
            to_go = steps_to_go(state)
            run.closest = to_go if run.closest is None else min(run.closest, to_go)
        before = (state.turn, state.countdown, state.phase)
    return run


def _count_step(run: _Run, action: object, events: tuple[Event, ...]) -> None:
    if isinstance(action, Attempt):
        run.attempts += 1
    if isinstance(action, (Scout, Look, Survey)):
        run.scouted += 1
    for event in events:
        if isinstance(event, Entered):
            run.entered += 1
        elif isinstance(event, EventDrawn):
            run.events += 1
        elif isinstance(event, CombatEnds):
            run.fights += 1
            run.fights_won += event.won


def summarize(c: NordguardContent, match: Match, headline: str) -> Work[Summary]:
    run = yield from _walk(match)
    end = match.state
    assert isinstance(end, NordguardState)
    if end.phase == "day":
        day = float(end.turn) + 1  # the run's last point: after its final day
        run.days_left.append((day, float(end.countdown)))
        run.to_go.append((day, float(steps_to_go(end))))
    destination = c.name_of(end.table.faces[end.location_at(end.destination_cell)])
    team = ", ".join(who(c, end, seat) for seat in range(end.players))
    facts = [
        ("Team", team),
        ("Days", f"{plural(end.turn, 'day')} played; the countdown went from {run.start} "
                 f"to {end.countdown}" if run.start else "the team never set out"),
        ("Days lost to events, entry costs and surveys", str(run.days_lost)),
        ("Days won back (items, events)", str(run.days_gained)),
        ("Move attempts", f"{run.attempts}, {count(run.entered, 'location')} entered"),
        ("Events drawn", str(run.events)),
        ("Combat checks", f"{run.fights}, {run.fights_won} won"),
        ("Locations scouted or looked at", str(run.scouted)),
        ("Items used up", str(len(end.table.cards_in(SPENT)))),
        (f"Closest to {destination}",
         "reached it" if run.closest == 0 else plural(run.closest or 0, "step") + " away"),
        ("Actions", str(len(match.steps))),
    ]
    # One chart: the summary must fit a 768-pixel screen, and the days lost and won are
    # among the facts.
    charts = [
        Chart(f"Days left against the way to {destination}", "day", "days / steps",
              [Series("Days left on the countdown", run.days_left),
               Series(f"Steps still to {destination}", run.to_go)]),
    ]
    return Summary(headline, facts, charts)
