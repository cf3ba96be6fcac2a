"""Move steps (How to Play, 2: Move; Game Questions; Skills): in, out and between a
player's local structures, between its areas when outside, to and from paths, and to
enemy areas with Navigate (or anywhere on a Flank roll)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from engine.core.events import Event
from engine.games.wintergrim import world
from engine.games.wintergrim.actions import Move, Step
from engine.games.wintergrim.doing import roll
from engine.games.wintergrim.events import Moved, StepFailed
from engine.games.wintergrim.state import PHASES, SKY, WintergrimState


def may_step(state: WintergrimState, unit: str) -> bool:
    """One move step a turn, and none after attacking or while a Net holds it."""
    entity = state.pieces.by_id[unit]
    return not (SPENT & entity.tokens) and not world.netted(entity)


SPENT = frozenset({"moved", "attacked"})  # a unit with either token has no move step left


def steps(state: WintergrimState, seat: int, unit: str,
          ground: world.Ground | None = None) -> list[Move]:
    """Every move step `unit` may take (its own destinations, Flank's among them)."""
    g = ground or world.Ground(state)
    entity = state.pieces.by_id[unit]
    area, inside = entity.at, entity.inside
    need, intrude, roams = _movers()[state.table.faces[unit]]
    lay = g.layout
    out: list[Move] = []
    if inside and _usable(state, seat, intrude, inside):
        out.append(move(unit, area, ""))
    local = lay.structures_at.get(area)
    if local:
        owner, ships, rooms = lay.structure_owner, lay.ships, g.rooms
        for s in local:
            if s != inside and (owner[s] == seat or (intrude and s not in ships)):
                left = rooms.get(s)
                if (g.room(s) if left is None else left) >= need:
                    out.append(move(unit, area, s))
    if inside:
        return out
    return out + list(lay.moves_out(seat, unit, area, roams))


@lru_cache(maxsize=4096)
def move(unit: str, area: str, into: str) -> Move:
    """A move step, made once and handed out again: a listing offers the same steps turn
    after turn, and a frozen action is the same value whoever holds it (making one is
    a frozen dataclass's __init__, dearer than the look-up)."""
    return Move(unit, area, into)


@cache
def _movers() -> dict[str, tuple[int, bool, bool]]:
    """Per unit card key, what its move steps read: the room it needs inside a structure,
    Intrude, and whether it may step to any area (Navigate, Flank)."""
    return {key: (-card.room, "intrude" in card.skills,
                  "flank" in card.skills or "navigate" in card.skills)
            for key, card in world.content().cards.items() if card.kind == "unit"}


def _usable(state: WintergrimState, seat: int, intrude: bool, structure: str) -> bool:
    """A player's own structures; Intrude (`intrude`) adds non-ship enemy structures."""
    if state.pieces.by_id[structure].owner == seat:
        return True
    return intrude and world.card_of(state, structure).structure != "ship"


def _passable(g: world.Ground, seat: int, here: str, there: str) -> bool:
    """Whether `seat`'s units may step between two areas without Navigate (Ground.open_way)."""
    return g.open_way(seat, here, there)


def passable(state: WintergrimState, seat: int, unit: str, here: str, there: str) -> bool:
    return world.has(state, unit, "navigate") or _open_way(state, seat, here, there)


def _open_way(state: WintergrimState, seat: int, here: str, there: str) -> bool:
    """`Ground.open_way` read from the entities of the two areas alone (a move is checked on
    its own as a save replays it: reading the whole board for each was most of a load)."""
    pieces = state.pieces.by_id
    if pieces[here].owner == seat and pieces[there].owner == seat:
        return True
    realms: set[str] | None = None
    for area in (here, there):
        power = world.card_of(state, area).power("passage")
        if power is not None:
            realms = world.realms_in_play(state, seat) if realms is None else realms
            if power.realm in realms:  # type: ignore[union-attr]
                return True
    return False


def allows(state: WintergrimState, seat: int, action: Move) -> bool:
    """Whether `steps` lists `action` for `seat` (its own unit, in its start or move phase),
    worked out for that move alone: the same destinations, each asked about on its own
    (a load checks every move it replays this way)."""
    unit = action.unit
    entity = state.pieces.by_id.get(unit)
    if entity is None or entity.owner != seat or state.phase not in BEFORE_ATTACKS:
        return False
    movers = _movers().get(state.table.faces[unit])
    if movers is None or SPENT & entity.tokens or (entity.counters and world.netted(entity)):
        return False  # not a unit, or its move step is spent (`may_step`)
    need, intrude, roams = movers
    here, into = entity.at, action.into
    if into:
        holder = state.pieces.by_id.get(into)
        return action.area == here and into != entity.inside and holder is not None \
            and holder.at == here and world.card_of(state, into).kind == "structure" \
            and (holder.owner == seat or _usable(state, seat, intrude, into)) \
            and world.room_left(state, into) >= need
    if entity.inside:
        return action.area == here and _usable(state, seat, intrude, entity.inside)
    if action.area == here or not world.is_area(state, action.area):
        return False
    return roams or _open_way(state, seat, here, action.area)


BEFORE_ATTACKS = frozenset(PHASES[:2])  # the phases a unit may still take its move step in


def perform(state: WintergrimState, seat: int, action: Move) -> list[Event]:
    """Carry out a checked move step: a Flank roll where the way is not otherwise open,
    the weather's Psyche roll, then the move. The step is spent (`moved`) whether or not
    the unit gets there; the tokens and the move are one change of its entity."""
    unit, area, into = action.unit, action.area, action.into
    pieces, cards, faces = state.pieces, world.content().cards, state.table.faces
    entity = pieces.by_id[unit]
    card = cards[faces[unit]]
    name = card.name
    spent = entity.tokens | MOVED
    events: list[Event] = []
    # Only a Flank unit is offered a way that is not open (a listed move is legal)
    if "flank" in card.skills and area != entity.at and \
            not passable(state, seat, unit, entity.at, area):
        _, wins, rolled = roll(state, seat, world.value(state, unit, "l"), f"L for {name} (Flank)")
        events.append(rolled)
        if not wins:
            pieces.change(unit, tokens=spent)
            return [*events, StepFailed(seat=seat, unit_name=name,
                                        why="the flanking march finds no way")]
    # must_roll_psyche's own first question, asked without the call: mostly nothing reaches
    if (entity.attached or pieces.ids_at(SKY)) and world.must_roll_psyche(state, unit):
        _, wins, rolled = roll(state, seat, world.value(state, unit, "p"),
                               f"P for {name} (weather)")
        events.append(rolled)
        if not wins:
            pieces.change(unit, tokens=spent)
            return [*events, StepFailed(seat=seat, unit_name=name,
                                        why="it has no heart to move in this weather")]
    if area != entity.at and pieces.by_id[area].owner != seat:
        spent |= ARRIVED
    pieces.change(unit, at=area, inside=into, tokens=spent)
    events.append(_moved(seat, unit, name, into and cards[faces[into]].name,
                         cards[faces[area]].name))
    return events


@lru_cache(maxsize=4096)
def _moved(seat: int, unit: str, unit_name: str, structure: str, area: str) -> Moved:
    """The event of a move step inside `structure` ("": outside in `area`; names), made
    once and handed out again (as `move`): units step in and out of the same structures
    turn after turn, and an event is an immutable fact (making one sets each of its facts
    in turn, and its text is put together, dearer than the look-up)."""
    where = f"inside {structure}" if structure else f"outside in {area}"
    return Moved(seat=seat, unit=unit, unit_name=unit_name, where=where)


MOVED, ARRIVED = frozenset({"moved"}), frozenset({"arrived"})


def move_steps(state: WintergrimState, seat: int, unit: str,
               mine: Sequence[str] | None = None) -> list[Step]:
    """A unit's move-step texts: remove it to search (the Ranger), Heal, Exorcism (`mine`:
    the seat's units as the listing already read them)."""
    texts = step_texts().get(state.table.faces[unit])
    if texts is None:
        return []
    search, heal, exorcism = texts
    out: list[Step] = [Step(unit, "search")] if search else []
    if not (heal or exorcism):
        return out
    by_id = state.pieces.by_id
    area = by_id[unit].at
    here = [u for u in (world.units(state, seat) if mine is None else mine)
            if by_id[u].at == area]
    if heal:
        out += [Step(unit, "heal", u) for u in here if world.hurt(by_id[u]) or (
            by_id[u].attached and attached_of(state, u, "sickness"))]
    if exorcism:
        out += [Step(unit, "exorcism", u) for u in here
                if by_id[u].attached and attached_of(state, u, "curse")]
    return out


@cache
def step_texts() -> dict[str, tuple[bool, bool, bool]]:
    """Per card key with a move-step text: (the Ranger's search, Heal, Exorcism). Read
    once: every listing of the move phase asks of every unit."""
    out: dict[str, tuple[bool, bool, bool]] = {}
    for key, card in world.content().cards.items():
        texts = (card.power("search") is not None, "heal" in card.skills,
                 "exorcism" in card.skills)
        if any(texts):
            out[key] = texts
    return out


def attached_of(state: WintergrimState, unit: str, tactic: str) -> list[str]:
    """The curses, items or sicknesses (`tactic`) staying on `unit`."""
    return [c for c in state.pieces[unit].attached
            if world.content().cards[state.table.faces[c]].tactic == tactic]
