"""The turn and its phases (How to Play: "The 4 phases of a turn"), and how a game ends
(Game modes).

Phases only go forward: an action of a later phase moves the turn on to it, and
what the start phase offered is gone once it is left (Rain not rolled for is
removed: "If not, or no dice show 4+, remove this card").
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.game import Outcome
from engine.games.wintergrim import world
from engine.games.wintergrim.combat import area_falls
from engine.games.wintergrim.doing import to_removed
from engine.games.wintergrim.events import PhaseEntered, PlayerOut, TurnBegins, WeatherEnds, Won
from engine.games.wintergrim.state import PHASES, WintergrimState, captured

PHASE_AT = {phase: at for at, phase in enumerate(PHASES)}  # as PHASES.index, looked up
# What a piece spent this turn, cleared when it ends: no check made always
# (rules.state_checks) reads one, so clearing them keeps what those checks last found.
TURN_TOKENS = frozenset({"moved", "attacked", "used", "rolled", "arrived"})


def enter_phase(state: WintergrimState, phase: str) -> list[Event]:
    """Move the active seat's turn on to `phase` (never back)."""
    if PHASE_AT[phase] <= PHASE_AT[state.phase]:
        return []
    events: list[Event] = []
    if state.phase == "start":
        events += _unkept_weather(state)
    state.phase = phase
    return [*events, PhaseEntered(seat=state.active, phase=phase)]


def _unkept_weather(state: WintergrimState) -> list[Event]:
    """Leaving the start phase: the active seat's weather not rolled for is removed."""
    events: list[Event] = []
    for sky in world.weather(state):
        entity = state.pieces[sky]
        card = world.card_of(state, sky)
        if entity.owner == state.active and card.power("keep-roll") is not None \
                and "rolled" not in entity.tokens:
            events.append(WeatherEnds(seat=state.active, card_name=card.name,
                                      why="its player did not roll to keep it"))
            to_removed(state, sky)
    return events


def next_turn(state: WintergrimState) -> list[Event]:
    """The turn passes to the next seat still in the game; a Net that held a unit
    through this turn lets go."""
    events = _unkept_weather(state) if state.phase == "start" else []
    pieces, quiet = state.pieces, state.quiet
    was = pieces.stamp
    pieces.shed(TURN_TOKENS)
    if quiet is not None and quiet[0] == was:  # they found nothing before: nor after
        state.quiet = (pieces.stamp, *quiet[1:])
    held = [i for i, e in pieces.by_id.items() if e.counters and world.netted(e)
            and e.counter("netted") <= state.turn] if world.counted(state) else ()
    for ident in held:
        pieces.count(ident, "netted", 0)
    after = world.seats_after(state, state.active)
    state.active = after[0] if after else state.active
    state.turn += 1
    state.phase = "start"
    events.append(TurnBegins(seat=state.active, turn=state.turn))
    if state.mode == "conquer":
        events += _conquered(state)
    return events


# -- endings ---------------------------------------------------------------------------------
def endings(state: WintergrimState, found: world.Census | None = None) -> list[Event]:
    """Game modes, checked always: who is out, and who has won (`found`: the state's
    census, when the caller has it already)."""
    if state.phase == "found" or state.result is not None:
        return []
    events: list[Event] = []
    mode, out = state.mode, state.out
    if mode == "destroy":
        holders = world.hq_holders(state, found)
        for seat in range(state.players):
            if not out[seat] and seat not in holders:
                events += _goes_out(state, seat, "no HQ left")
    elif mode == "assassinate":
        for seat in range(state.players):
            if not out[seat] and state.marked[seat] not in state.pieces:
                events += _goes_out(state, seat, "its marked leader is lost")
    elif mode == "enslave":
        for seat in range(state.players):
            if not out[seat] and len(state.table.cards_in(captured(seat))) >= 2:
                return _win(state, seat, "the first to hold 2 captured units")
    standing = out.count(False)
    if standing == 1:
        return events + _win(state, out.index(False), "the last player standing")
    if not standing:
        state.result = Outcome((), "every player is out")
    return events


def _goes_out(state: WintergrimState, seat: int, why: str) -> list[Event]:
    state.out[seat] = True
    return [PlayerOut(seat=seat, why=why), *_leave_the_table(state, seat)]


def _leave_the_table(state: WintergrimState, seat: int) -> list[Event]:
    """Designed: a player who is out takes its cards out of play (to its removed pile), so
    nothing of it stands, eats or is fought over any more. Others' units inside its
    structures step outside, and what others have in its areas goes home as when an area
    card falls (combat.area_falls)."""
    mine = [i for i, e in state.pieces.by_id.items() if e.owner == seat]
    for ident in mine:
        for guest in world.inside(state, ident):
            if state.pieces[guest].owner != seat:
                state.pieces.change(guest, inside="")
    events: list[Event] = []
    for area in world.owned_areas(state, seat):
        events += area_falls(state, area, seat)
    for ident in mine:
        if ident in state.pieces:
            for inner in world.inside(state, ident):
                to_removed(state, inner)
            to_removed(state, ident)
    return events


def _conquered(state: WintergrimState) -> list[Event]:
    """Conquer (designed): a player controls a path when it has units there and nobody else
    has; controlling every starting path at the start of its turn wins."""
    seat = state.active
    for path in state.goals:
        if path not in state.pieces:
            continue
        owners = {state.pieces[u].owner for u in world.units(state)
                  if state.pieces[u].at == path}
        if owners != {seat}:
            return []
    return _win(state, seat, "it controls every starting path")


def _win(state: WintergrimState, seat: int, why: str) -> list[Event]:
    state.result = Outcome((seat,), why)
    return [Won(seat=seat, why=why)]
