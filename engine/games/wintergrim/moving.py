"""Move steps (How to Play, 2: Move; Game Questions; Skills): in, out and between a
player's local structures, between its areas when outside, to and from paths, and to
enemy areas with Navigate (or anywhere on a Flank roll)."""

from __future__ import annotations

from engine.core.events import Event
from engine.games.wintergrim import world
from engine.games.wintergrim.actions import Move, Step
from engine.games.wintergrim.doing import roll
from engine.games.wintergrim.events import Moved, StepFailed
from engine.games.wintergrim.state import WintergrimState


def may_step(state: WintergrimState, unit: str) -> bool:
    """One move step a turn, and none after attacking or while a Net holds it."""
    entity = state.pieces[unit]
    return not ({"moved", "attacked"} & entity.tokens) and not entity.counter("netted")


def steps(state: WintergrimState, seat: int, unit: str,
          ground: world.Ground | None = None) -> list[Move]:
    """Every move step `unit` may take (its own destinations, Flank's among them)."""
    g = ground or world.Ground(state)
    entity = state.pieces[unit]
    area = entity.at
    need = -world.card_of(state, unit).room
    local = g.structures_at.get(area, ())
    out: list[Move] = []
    if entity.inside:
        if _may_use(state, seat, unit, entity.inside):
            out.append(Move(unit, area, ""))
        out += [Move(unit, area, s) for s in local if s != entity.inside
                and g.room[s] >= need and _may_use(state, seat, unit, s)]
        return out
    out += [Move(unit, area, s) for s in local
            if g.room[s] >= need and _may_use(state, seat, unit, s)]
    if world.has(state, unit, "flank"):
        return out + [Move(unit, other, "") for other in g.areas if other != area]
    navigate = world.has(state, unit, "navigate")
    for other in g.areas:
        if other != area and (navigate or _passable(g, seat, area, other)):
            out.append(Move(unit, other, ""))
    return out


def _may_use(state: WintergrimState, seat: int, unit: str, structure: str) -> bool:
    """A player's own structures; Intrude adds non-ship enemy structures."""
    if state.pieces[structure].owner == seat:
        return True
    return world.has(state, unit, "intrude") and \
        world.card_of(state, structure).structure != "ship"


def _passable(g: world.Ground, seat: int, here: str, there: str) -> bool:
    """Between two areas (Game Questions, Can units move between areas): both the
    player's own, or a path whose text lets the player through (designed: a path links
    itself with every area for the players it names). Navigate needs neither."""
    owner = g.area_owner
    return (owner[here] == seat and owner[there] == seat) or \
        g.lets_through(seat, here) or g.lets_through(seat, there)


def passable(state: WintergrimState, seat: int, unit: str, here: str, there: str) -> bool:
    return world.has(state, unit, "navigate") or _passable(world.Ground(state), seat, here,
                                                           there)


def perform(state: WintergrimState, seat: int, action: Move) -> list[Event]:
    """Carry out a checked move step: a Flank roll where the way is not otherwise open,
    the weather's Psyche roll, then the move."""
    unit = action.unit
    entity = state.pieces[unit]
    name = world.name(state, unit)
    state.pieces.mark(unit, "moved")
    events: list[Event] = []
    # Only a Flank unit is offered a way that is not open (a listed move is legal)
    if world.has(state, unit, "flank") and action.area != entity.at and \
            not passable(state, seat, unit, entity.at, action.area):
        _, wins, rolled = roll(state, seat, world.value(state, unit, "l"), f"L for {name} (Flank)")
        events.append(rolled)
        if not wins:
            return [*events, StepFailed(seat=seat, unit_name=name,
                                        why="the flanking march finds no way")]
    if world.must_roll_psyche(state, unit):
        _, wins, rolled = roll(state, seat, world.value(state, unit, "p"),
                               f"P for {name} (weather)")
        events.append(rolled)
        if not wins:
            return [*events, StepFailed(seat=seat, unit_name=name,
                                        why="it has no heart to move in this weather")]
    state.pieces.change(unit, at=action.area, inside=action.into)
    if action.area != entity.at and world.area_owner(state, action.area) != seat:
        state.pieces.mark(unit, "arrived")
    where = f"inside {world.name(state, action.into)}" if action.into else \
        f"outside in {world.name(state, action.area)}"
    return [*events, Moved(seat=seat, unit=unit, unit_name=name, where=where)]


def move_steps(state: WintergrimState, seat: int, unit: str) -> list[Step]:
    """A unit's move-step texts: remove it to search (the Ranger), Heal, Exorcism."""
    card = world.card_of(state, unit)
    out: list[Step] = []
    if card.power("search") is not None:
        out.append(Step(unit, "search"))
    area = state.pieces[unit].at
    if "heal" in card.skills:
        out += [Step(unit, "heal", u) for u in world.units(state, seat)
                if state.pieces[u].at == area and (
                    state.pieces[u].counter("damage") or attached_of(state, u, "sickness"))]
    if "exorcism" in card.skills:
        out += [Step(unit, "exorcism", u) for u in world.units(state, seat)
                if state.pieces[u].at == area and attached_of(state, u, "curse")]
    return out


def attached_of(state: WintergrimState, unit: str, tactic: str) -> list[str]:
    """The curses, items or sicknesses (`tactic`) staying on `unit`."""
    return [c for c in state.pieces[unit].attached
            if world.content().cards[state.table.faces[c]].tactic == tactic]
