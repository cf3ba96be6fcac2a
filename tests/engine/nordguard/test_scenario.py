"""A scripted run through the engine (Match): a retreat, a fight with a knife and a gun,
a shuffle of the map, and a win — with arranged decks and fixed dice."""

from __future__ import annotations

from engine.core.match import Match
from engine.core.rng import ScriptedRng
from engine.games.nordguard.actions import (
    Attempt,
    ChooseCharacter,
    DoneStocking,
    EndDay,
    Fire,
    NextEvent,
    SetOut,
    Strike,
)
from engine.games.nordguard.build import NordguardOptions
from engine.games.nordguard.flow import MoreEvents
from engine.games.nordguard.rules import NordguardGame
from engine.games.nordguard.state import EVENT_DISCARD, NordguardState
from tests.engine.nordguard.helpers import asked, lay, stack_events

LAYOUT = {1: "sea-ice", 4: "wolf-den"}  # every other location is open tundra
EVENTS = ("avalanche", "thin-ice-breaks", "earthquake", "quiet-night", "quiet-night",
          "clear-skies", "clear-skies", "tailwind", "supply-cache")
DICE = (4, 5, *[6] * 6)  # Sea Ice's roll, Pi's shot, then sixes for any roll later


class ScriptedGame(NordguardGame):
    """The real rules on an arranged table: the map is laid, the events stacked."""

    def setup(self, options, rng):
        state = super().setup(options, rng)
        assert isinstance(state, NordguardState)
        for cell in range(1, 15):
            lay(state, cell, LAYOUT.get(cell, "tundra"), face_up=True)
        state.rng = ScriptedRng(state.rng.state, DICE)
        return state

    def _set_out(self, s, log):
        super()._set_out(s, log)
        stack_events(s, *EVENTS)


def log_text(match: Match) -> str:
    return "\n".join(event.text for _, event in match.log())


def test_a_scripted_run_from_frontier_to_destination() -> None:
    match = Match(ScriptedGame(), NordguardOptions(players=2, width=4, height=4), seed=3)
    for action in (ChooseCharacter("ch-freki"), ChooseCharacter("ch-pi"), DoneStocking(),
                   DoneStocking(), SetOut()):
        match.submit(action)
    state = match.state
    assert isinstance(state, NordguardState) and state.countdown == 8
    knife = state.carried(0)[0]
    revolver = state.carried(1)[0]

    # Day 1, Freki leads: into the Sea Ice (two events): an avalanche stays, the ice breaks.
    match.submit(Attempt("E"))
    sea_ice = match.state.location_at(1)
    assert isinstance(asked(match.state), MoreEvents)
    assert list(match.state.placed.values()) == [sea_ice]
    match.submit(NextEvent())
    assert match.state.sled == 0, "the retreat took the team back to Frontier"
    assert "retreats" in log_text(match) and match.state.countdown == 7
    match.submit(EndDay())

    # Day 2, Pi leads: the Wolf Den's combat check, Freki's brawn, the Knife and a shot.
    assert match.state.active == 1
    match.submit(Attempt("S"))
    combat = match.state.combat
    assert combat is not None and combat.total == 2  # Freki adds 2 to every fight
    match.submit(Strike(knife))
    match.submit(Fire(revolver))
    assert match.state.sled == 4 and match.state.combat is None
    # The earthquake drawn there shuffles the map: the avalanche on the Sea Ice is lost.
    state = match.state
    assert state.placed == {}
    assert any(state.table.faces[c] == "event:avalanche"
               for c in state.table.cards_in(EVENT_DISCARD))
    assert "The map is shuffled" in log_text(match)
    match.submit(EndDay())

    # Days 3-7: south twice, east three times, ending the last day on Destination.
    for direction in ("S", "S", "E", "E", "E"):
        match.submit(Attempt(direction))
        match.submit(EndDay())
        if match.outcome() is not None:
            break
    outcome = match.outcome()
    assert outcome is not None and outcome.winners == (0, 1), log_text(match)
    assert "the run succeeds" in log_text(match)
