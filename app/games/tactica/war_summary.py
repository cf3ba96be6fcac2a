"""The end of a TACTICA match in numbers: points turn by turn, battles won, captures, walls.

The match is walked once (``Match.replay``), a slice at a time (``Work``): after
each step the battle, its
turn and both sides' points are read from the state. A battle's last turn
ends inside the step that starts the next battle (whose points start at
nought), so its closing totals come from what that step logged: each
capture and each landmark count carries its side's new total. Everything
here was public by the end of the match.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from app.games.base import SUMMARY_SLICE, Chart, Series, Summary, Work
from app.games.tactica.art import SIDE_COLOURS
from app.games.tactica.looks import side_label
from app.games.tactica.wording import ending
from engine.core.events import Event
from engine.core.match import Match
from engine.games.tactica.actions import PlayTactic
from engine.games.tactica.events import (
    BattleWon,
    Captured,
    FeatureRemoved,
    LandmarksHeld,
    face_of,
)
from engine.games.tactica.state import TacticaState

HOW = {"points": "on points", "wipe-out": "by leaving the enemy no troop on the field",
       "turn limit": "at the turn limit"}


@dataclass
class Battle:
    """One battle as the summary tells it."""

    number: int
    points: dict[int, tuple[int, int]] = field(default_factory=dict)  # turn -> (SUN, MOON)
    winner: int | None = None
    how: str = ""


@dataclass
class Tally:
    battles: list[Battle] = field(default_factory=list)
    captures: list[int] = field(default_factory=lambda: [0, 0])  # by captor
    walls_lost: list[int] = field(default_factory=lambda: [0, 0])  # by owner
    tactics: list[int] = field(default_factory=lambda: [0, 0])  # played, by player


def walk(match: Match) -> Work[Tally]:
    """Read the whole match once: points after every turn of every battle, and the rest."""
    tally = Tally()
    turn = 0
    for number, state in match.replay():
        if number and number % SUMMARY_SLICE == 0:
            yield
        assert isinstance(state, TacticaState)
        if number == 0:
            tally.battles.append(Battle(state.battle))
            turn = state.battle_turn
            continue
        step = match.steps[number - 1]
        battle = tally.battles[-1]
        if isinstance(step.action, PlayTactic):
            tally.tactics[step.actor] += 1
        for event in step.events:
            _count(tally, event)
        ended = next((e for e in step.events if isinstance(e, BattleWon)), None)
        if ended is not None:
            battle.winner, battle.how = ended.winner, ended.how
            battle.points[ended.turns] = _closing(battle, step.events)
            if state.battle != battle.number:
                tally.battles.append(Battle(state.battle))
        elif state.battle_turn != turn:  # a turn ended: its points are settled
            battle.points[turn] = (state.vp[0], state.vp[1])
        turn = state.battle_turn
    return tally


def _count(tally: Tally, event: Event) -> None:
    if isinstance(event, Captured):
        tally.captures[event.capturer] += 1
    elif isinstance(event, FeatureRemoved) and face_of(event.feature) == "wall":
        tally.walls_lost[event.owner] += 1


def _closing(battle: Battle, events: tuple[Event, ...]) -> tuple[int, int]:
    """Both sides' points at the end of a battle, from the turn before and its log."""
    before = battle.points[max(battle.points)] if battle.points else (0, 0)
    points = list(before)
    for event in events:
        if isinstance(event, BattleWon):
            break
        if isinstance(event, Captured):
            points[event.capturer] = event.points
        elif isinstance(event, LandmarksHeld):
            points[event.seat] = event.points
    return points[0], points[1]


def summarize(match: Match) -> Work[Summary]:
    """The summary the window shows when the war (or the single battle) is over."""
    outcome = match.outcome()
    assert outcome is not None
    state = match.state
    assert isinstance(state, TacticaState)
    tally = yield from walk(match)
    battles = [b for b in tally.battles if b.points or b.winner is not None]
    facts = [("Battles won", f"{side_label(0)} {state.battles_won[0]} – "
                             f"{state.battles_won[1]} {side_label(1)}")]
    for b in battles:
        facts.append((f"Battle {b.number}", _battle_line(b)))
    facts += [
        ("Captures", _pair(tally.captures)),
        ("Walls lost", _pair(tally.walls_lost)),
        ("Tactics cards played", _pair(tally.tactics)),
        ("Turns", _turns(battles)),
        ("Actions", str(len(match.steps))),
    ]
    return Summary(ending(state, outcome), facts, [_points_chart(battles)])


def _battle_line(b: Battle) -> str:
    turns = max(b.points) if b.points else 0
    final = b.points.get(turns, (0, 0))
    if b.winner is None:
        return f"not finished: {final[0]} – {final[1]} points after {turns} turn(s)"
    return (f"{side_label(b.winner)} won {HOW.get(b.how, b.how)}, {final[b.winner]} points "
            f"to {final[1 - b.winner]}, in {turns} turns")


def _pair(values: list[int]) -> str:
    return f"{side_label(0)} {values[0]} · {side_label(1)} {values[1]}"


def _turns(battles: list[Battle]) -> str:
    counts = [max(b.points) if b.points else 0 for b in battles]
    if len(counts) == 1:
        return str(counts[0])
    return f"{sum(counts)} ({' + '.join(str(c) for c in counts)})"


def _points_chart(battles: list[Battle]) -> Chart:
    """Each side's points after every turn, the battles one after the other with a gap
    between them (a battle's points start again from nought)."""
    lines: list[list[tuple[float, float]]] = [[], []]
    spans = []
    start = 0
    for b in battles:
        turns = sorted(b.points)
        for turn in turns:
            for p in (0, 1):
                lines[p].append((start + turn, b.points[turn][p]))
        end = start + (turns[-1] if turns else 0)
        spans.append(f"battle {b.number}: turns {start + 1}–{end}")
        for p in (0, 1):
            lines[p].append((end + 0.5, math.nan))  # breaks the line between battles
        start = end
    x_label = "turn of the war" if len(battles) > 1 else "turn"
    if len(battles) > 1:
        x_label += " (" + " · ".join(spans) + ")"
    # Each side's line in its colour on the table.
    series = [Series(f"{side_label(p)} (Player {p + 1})", lines[p][:-1],
                     SIDE_COLOURS[p].name()) for p in (0, 1)]
    return Chart("Points after each turn", x_label, "points", series)
