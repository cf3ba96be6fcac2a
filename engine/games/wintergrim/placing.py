"""Cards into play: the set-up search (How to Play, Setting up the game) and paying and
placing in the end phase (How to Play, 4: End; Explain the Cards: Req, cost, room)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.core.events import Event
from engine.games.wintergrim import world
from engine.games.wintergrim.actions import Found, Place
from engine.games.wintergrim.content import Card
from engine.games.wintergrim.doing import enter, put
from engine.games.wintergrim.events import Founded, GoesFirst, Placed
from engine.games.wintergrim.state import SKY, WintergrimState, deck, hand, removed


# -- set-up ------------------------------------------------------------------------------------
def foundings(state: WintergrimState, seat: int) -> list[Found]:
    """Every start a seat may search for: an HQ, two workers of its realm that fit inside
    it (by card key: the deck is face down), and in Conquer mode a path."""
    faces = [state.table.faces[c] for c in state.table.cards_in(deck(seat))]
    cards = world.content().cards
    counts: dict[str, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    paths = sorted(f for f in counts if cards[f].tactic == "path") \
        if state.mode == "conquer" else [""]
    out: list[Found] = []
    for hq in sorted(f for f in counts if cards[f].hq):
        home = cards[hq]
        workers = sorted(f for f in counts if cards[f].is_("worker")
                         and cards[f].realm == home.realm)
        for a, b in combinations_with_replacement(workers, 2):
            if a == b and counts[a] < 2:
                continue
            if home.room + cards[a].room + cards[b].room < 0:
                continue
            if state.mode == "assassinate" and not (cards[a].is_("leader")
                                                    or cards[b].is_("leader")):
                continue
            out += [Found(hq, (a, b), path) for path in paths]
    return out


def found(state: WintergrimState, seat: int, action: Found) -> list[Event]:
    """Put the HQ down with the two workers inside it (and the Conquer path)."""
    def take(face: str) -> str:
        return next(c for c in state.table.cards_in(deck(seat))
                    if state.table.faces[c] == face)

    events: list[Event] = []
    if seat == state.first:
        events.append(GoesFirst(seat=seat))
    hq = take(action.hq)
    enter(state, hq, seat, hq)
    workers: list[str] = []
    for face in action.workers:
        worker = take(face)
        enter(state, worker, seat, hq, hq)
        workers.append(worker)
    if action.path:
        path = take(action.path)
        enter(state, path, seat, path)
        state.goals.append(path)
    if state.mode == "assassinate":  # by seat: the first to search need not be seat 0
        state.marked.extend([""] * (seat + 1 - len(state.marked)))
        state.marked[seat] = next(w for w in workers if world.card_of(state, w).is_("leader"))
    events.append(Founded(seat=seat, hq=world.name(state, hq),
                          workers=(world.name(state, workers[0]),
                                   world.name(state, workers[1]))))
    return events


# -- paying and placing -------------------------------------------------------------------------
def placements(state: WintergrimState, seat: int, only: str = "",
               ground: world.Ground | None = None) -> list[Place]:
    """Every card of the hand `seat` may pay and place now, with each place it may go
    (`only`: that card's alone, as the list offers it; `ground`: the board as the
    listing already read it)."""
    cards = state.table.cards_in(hand(seat))
    out: list[Place] = []
    for card in world.one_of_each(state, cards):
        if only and card != only:
            continue
        kind = world.card_of(state, card)
        if kind.kind == "tactic" or len(cards) - 1 < kind.cost:
            continue
        ground = ground or world.Ground(state)
        out += [Place(card, area, into) for area, into in places(state, seat, kind, ground)]
    return out


def places(state: WintergrimState, seat: int, card: Card,
           ground: world.Ground | None = None) -> list[tuple[str, str]]:
    """(area, structure) pairs where `card` may be paid and placed, its Req met there."""
    g = ground or world.Ground(state)
    if card.kind == "weather":
        # Card types, Weather: no more weather until it is removed
        if g.weather or world.unmet(state, seat, card, "", g) is not None:
            return []
        return [("", "")]
    out: list[tuple[str, str]] = []
    if card.kind == "unit":
        out += [(area, structure) for area, structure in g.layout.homes(seat, card)
                if g.room(structure) >= -card.room
                and world.unmet(state, seat, card, area, g) is None]
        if "emerge" in card.skills:  # Skills, Emerge: "in any area"
            out += [(a, "") for a in g.areas if world.unmet(state, seat, card, a, g) is None]
        return out
    mine = g.unit_areas(seat)
    for area in g.areas:  # a structure, where its Req is met
        if area in g.passage or world.is_path(state, area):
            continue
        present = g.area_owner[area] == seat or area in mine
        if present and world.unmet(state, seat, card, area, g) is None:
            out.append((area, ""))
    return out


def houses(structure: Card, card: Card) -> bool:
    """Whether a structure (its card) takes this unit when paid and placed ("Pay and place
    Vanheim workers inside")."""
    power = structure.power("houses")
    if power is None or power.realm != card.realm:  # type: ignore[union-attr]
        return False
    roles = power.roles  # type: ignore[union-attr]
    return not roles or any(role in card.roles for role in roles)


def finish(state: WintergrimState, seat: int, card: str, area: str, into: str,
           paid: tuple[str, ...] = ()) -> list[Event]:
    """The cost is paid: the card comes into play. A structure that mixes the removed pile
    into the deck when built leaves out the cards just paid for it (designed: they were
    spent on building it)."""
    kind = world.card_of(state, card)
    if kind.kind == "weather":
        enter(state, card, seat, SKY)
        where = " over every area"
    else:
        enter(state, card, seat, area, into)
        where = f" inside {world.name(state, into)}" if into else \
            f" in {world.name(state, area)}"
    events: list[Event] = [Placed(seat=seat, card=card, card_name=kind.name, where=where)]
    if kind.power("reshuffle-removed") is not None:
        for spent in state.table.cards_in(removed(seat)):
            if spent not in paid:
                put(state, spent, deck(seat))
        state.table.shuffle(deck(seat), state.rng)
    return events
