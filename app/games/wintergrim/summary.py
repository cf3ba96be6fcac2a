"""The end of a Wintergrim match in numbers: each player's strength and food turn by turn,
what was captured and what was spent.

The match is walked once (``Match.replay``), a slice at a time (``Work``): at the start
of every turn each player's units and structures in play and its food are read from the
state. Everything read here is in play or in the open piles, public by the end.
"""

from __future__ import annotations

from app.games.base import SUMMARY_SLICE, Chart, Series, Summary, Work
from app.games.wintergrim import looks, wording
from engine.core.match import Match
from engine.games.wintergrim import world
from engine.games.wintergrim.state import WintergrimState, captured, removed


def summarize(match: Match) -> Work[Summary]:
    strength: list[list[tuple[float, float]]] = []
    food: list[list[tuple[float, float]]] = []
    turn = 0
    state: WintergrimState | None = None
    for number, seen in match.replay():
        if number and number % SUMMARY_SLICE == 0:
            yield
        assert isinstance(seen, WintergrimState)
        state = seen
        if not strength:
            strength = [[] for _ in range(state.players)]
            food = [[] for _ in range(state.players)]
        if state.phase == "found" or state.turn == turn:
            continue
        turn = state.turn
        _read(state, turn, strength, food)
    assert state is not None and state.result is not None
    _read(state, turn + 0.5, strength, food)  # the end, within the last turn
    seats = range(state.players)
    colours = [looks.seat_colour(state, seat).name() for seat in seats]
    names = [f"{looks.seat_label(state, seat)} ({looks.deck_name(state, seat)})"
             for seat in seats]
    facts = [("Turns", str(state.turn))]
    for seat in seats:
        facts.append((f"{names[seat]}: in play at the end",
                      f"{len(world.units(state, seat))} units, "
                      f"{len(world.structures(state, seat))} structures"))
        facts.append((f"{names[seat]}: captured, removed pile",
                      f"{len(state.table.cards_in(captured(seat)))}, "
                      f"{len(state.table.cards_in(removed(seat)))}"))
    charts = [
        Chart("Units and structures in play", "turn", "cards",
              [Series(names[seat], strength[seat], colours[seat]) for seat in seats]),
        Chart("Food (below 0, units must go)", "turn", "food",
              [Series(names[seat], food[seat], colours[seat]) for seat in seats]),
    ]
    return Summary(wording.ending(state, state.result), facts, charts)


def _read(state: WintergrimState, when: float, strength: list[list[tuple[float, float]]],
          food: list[list[tuple[float, float]]]) -> None:
    for seat in range(state.players):
        strength[seat].append((when, len(world.units(state, seat))
                               + len(world.structures(state, seat))))
        food[seat].append((when, world.food(state, seat)))
