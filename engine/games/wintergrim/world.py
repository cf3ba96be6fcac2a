"""What the table holds, read the rulebook's way: areas, structures, units, food, room,
requirements and a unit's values under the weather and what is attached to it.

Every rule module asks here rather than walking the entities itself, so "local",
"inside", "in play" and "affected by weather" each have one meaning.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from engine.core.entities import Entity
from engine.games.wintergrim.content import REALMS, Card, Req, WintergrimContent, load
from engine.games.wintergrim.state import PLAYED, SKY, WintergrimState, hand

SHELTERS = ("building", "dwelling")  # Card types: inside these, weather does not reach


@cache
def content() -> WintergrimContent:
    """The card pool: every deck, shipped or built, names cards of the shipped pool."""
    return load()


def card_of(state: WintergrimState, ident: str) -> Card:
    return content().cards[state.table.faces[ident]]


def name(state: WintergrimState, ident: str) -> str:
    return card_of(state, ident).name


# -- what stands where -------------------------------------------------------------------
def one_of_each(state: WintergrimState, cards: tuple[str, ...],
                leave_out: str = "") -> list[str]:
    """The first card of each name among `cards`: two copies of a card are the same choice
    (to play, to pay with), so a seat is offered it once."""
    faces = state.table.faces
    seen: dict[str, str] = {}
    for card in cards:
        if card != leave_out:
            seen.setdefault(faces[card], card)
    return list(seen.values())


def listed_copy(state: WintergrimState, seat: int, card: str) -> str:
    """The copy of `card` in `seat`'s hand that the listing offers (`one_of_each`): any
    copy is the same choice, so an action naming another is read as naming this one."""
    cards = state.table.cards_in(hand(seat))
    if card not in cards:
        return card
    face = state.table.faces[card]
    return next(c for c in cards if state.table.faces[c] == face)


def pieces(state: WintergrimState) -> Iterator[tuple[str, Entity, Card]]:
    cards = content().cards
    faces = state.table.faces
    for ident, entity in state.pieces.by_id.items():
        yield ident, entity, cards[faces[ident]]


def areas(state: WintergrimState) -> list[str]:
    """Every area in play, in the order they came into play."""
    return [i for i, e in state.pieces.by_id.items() if e.at == i]


def is_area(state: WintergrimState, ident: str) -> bool:
    entity = state.pieces.by_id.get(ident)
    return entity is not None and entity.at == ident


def is_path(state: WintergrimState, area: str) -> bool:
    return card_of(state, area).tactic == "path"


def area_owner(state: WintergrimState, area: str) -> int | None:
    return state.pieces[area].owner


def owned_areas(state: WintergrimState, seat: int) -> list[str]:
    return [a for a in areas(state) if state.pieces[a].owner == seat]


def units(state: WintergrimState, seat: int | None = None) -> list[str]:
    """Units in play (of `seat`), in the order they came into play."""
    return _of_kind(state, "unit", seat)


def structures(state: WintergrimState, seat: int | None = None) -> list[str]:
    return _of_kind(state, "structure", seat)


def _of_kind(state: WintergrimState, kind: str, seat: int | None) -> list[str]:
    """Cards in play of a kind (of `seat`), read in one comprehension: every listing and
    every check asks for them."""
    cards, faces = content().cards, state.table.faces
    if seat is None:
        return [i for i in state.pieces.by_id if cards[faces[i]].kind == kind]
    return [i for i, e in state.pieces.by_id.items()
            if e.owner == seat and cards[faces[i]].kind == kind]


def hq_holders(state: WintergrimState) -> set[int | None]:
    """The seats with an HQ area in play (Destroy)."""
    cards, faces = content().cards, state.table.faces
    return {e.owner for i, e in state.pieces.by_id.items() if e.at == i and cards[faces[i]].hq}


def local(state: WintergrimState, area: str) -> list[str]:
    """Everything standing in `area` (its area card too)."""
    return [i for i, e in state.pieces.by_id.items() if e.at == area]


def inside(state: WintergrimState, structure: str) -> list[str]:
    return [i for i, e in state.pieces.by_id.items() if e.inside == structure and i != structure]


def weather(state: WintergrimState) -> list[str]:
    return [i for i, e in state.pieces.by_id.items() if e.at == SKY]


def waiting_tactics(state: WintergrimState) -> list[str]:
    return [i for i, e in state.pieces.by_id.items() if e.at == PLAYED]


def realms_in_play(state: WintergrimState, seat: int) -> set[str]:
    """The realms of the cards `seat` has in play (Rain asks "any Asheim card in play")."""
    cards, faces = content().cards, state.table.faces
    return {cards[faces[i]].realm for i, e in state.pieces.by_id.items()
            if e.owner == seat and e.at != PLAYED}


class Ground:
    """The board read once for a listing of moves: areas and their owners, the structures in
    each area with the room left in them, what each path lets through, and the realms each
    seat has in play. Every move step of a turn asks these; reading the entities once
    instead of per unit and per destination keeps listing cheap."""

    __slots__ = ("area_owner", "areas", "held", "passage", "realms", "room", "structures_at",
                 "unit_areas", "weather")

    def __init__(self, state: WintergrimState) -> None:
        cards, faces = content().cards, state.table.faces
        self.areas: list[str] = []
        self.area_owner: dict[str, int | None] = {}
        self.structures_at: dict[str, list[str]] = {}
        self.room: dict[str, int] = {}
        self.passage: dict[str, str] = {}
        self.realms: dict[int | None, set[str]] = {}
        self.held: dict[int | None, list[tuple[Card, str]]] = {}  # (card, where) in play
        self.unit_areas: dict[int | None, set[str]] = {}
        self.weather = False
        needs: list[tuple[str, int]] = []
        for ident, entity in state.pieces.by_id.items():
            card = cards[faces[ident]]
            if entity.at != PLAYED:
                self.realms.setdefault(entity.owner, set()).add(card.realm)
                self.held.setdefault(entity.owner, []).append((card, entity.at))
            if entity.at == SKY:
                self.weather = True
            if card.kind == "unit":
                self.unit_areas.setdefault(entity.owner, set()).add(entity.at)
            if entity.at == ident:
                self.areas.append(ident)
                self.area_owner[ident] = entity.owner
                power = card.power("passage")
                if power is not None:
                    self.passage[ident] = power.realm  # type: ignore[union-attr]
            if card.kind == "structure":
                self.structures_at.setdefault(entity.at, []).append(ident)
                self.room[ident] = self.room.get(ident, 0) + card.room
            if entity.inside and entity.inside != ident:
                needs.append((entity.inside, card.room))
        for holder, need in needs:
            self.room[holder] = self.room.get(holder, 0) + need

    def lets_through(self, seat: int, path: str) -> bool:
        realm = self.passage.get(path)
        return realm is not None and realm in self.realms.get(seat, ())


# -- requirements, room and food -----------------------------------------------------------
def meets(state: WintergrimState, seat: int, req: Req, area: str,
          ground: Ground | None = None) -> bool:
    """Whether `seat` has in play a card that `req` asks for (Explain the Cards, Req)."""
    held = (ground or Ground(state)).held.get(seat, ())
    for card, at in held:
        if req.local and at != area:
            continue
        if req.kind is not None and card.kind != req.kind:
            continue
        if req.realm is not None and card.realm != req.realm:
            continue
        if req.role is not None and req.role not in card.roles:
            continue
        if req.structure is not None and card.structure != req.structure:
            continue
        if req.card is not None and card.key != req.card:
            continue
        return True
    return False


def unmet(state: WintergrimState, seat: int, card: Card, area: str,
          ground: Ground | None = None) -> Req | None:
    """The first requirement of `card` that `seat` does not meet placing it in `area`."""
    if not card.req:
        return None
    g = ground or Ground(state)
    return next((r for r in card.req if not meets(state, seat, r, area, g)), None)


def room_left(state: WintergrimState, structure: str) -> int:
    """Room a structure offers less what its inside units take (Values: Room)."""
    left = card_of(state, structure).room
    for ident in inside(state, structure):
        left += card_of(state, ident).room
    return left


def food(state: WintergrimState, seat: int) -> int:
    """Every F of `seat`'s cards in play, across all areas (ALWAYS: summarize "Food")."""
    return foods(state)[seat]


def foods(state: WintergrimState) -> list[int]:
    """Each seat's food, read in one pass (checked after every step)."""
    totals = [0] * state.players
    cards, faces = content().cards, state.table.faces
    tending: dict[str, int] = {}
    workers: set[str] = set()
    for ident, entity in state.pieces.by_id.items():
        card = cards[faces[ident]]
        if entity.owner is None:
            continue
        totals[entity.owner] += card.food  # 0 for weather and tactics
        if card.kind == "structure":
            tended = card.power("tended")
            if tended is not None:
                tending[ident] = tended.amount  # type: ignore[union-attr]
        elif entity.inside and "worker" in card.roles:
            workers.add(entity.inside)
    for ident, amount in tending.items():
        if ident in workers:
            totals[state.pieces[ident].owner or 0] += amount
    return totals


# -- a unit's values now -----------------------------------------------------------------------
def standing(state: WintergrimState, ident: str) -> str:
    """"outside", or the kind of structure the unit is inside."""
    holder = state.pieces[ident].inside
    if not holder:
        return "outside"
    return str(card_of(state, holder).structure)


def sheltered(state: WintergrimState, ident: str) -> bool:
    """Weather does not reach this unit: inside a building or dwelling (Card types), or it
    has Survival (Skills)."""
    return standing(state, ident) in SHELTERS or "survival" in card_of(state, ident).skills


def facts(state: WintergrimState, ident: str, attack: str = "") -> dict[str, object]:
    """The facts a modifier's conditions are read against, for this unit now."""
    owner = state.pieces[ident].owner
    present = set() if owner is None else realms_in_play(state, owner)
    lacking = tuple(r for r in REALMS if r not in present)
    out: dict[str, object] = {"lacks-realm": lacking, "standing": standing(state, ident)}
    if attack:
        out["attack"] = attack
    return out


def modifiers_on(state: WintergrimState, ident: str) -> list:
    """The modifiers that reach this unit: the weather's (unless sheltered) and what is
    attached to it."""
    out: list = []
    if not sheltered(state, ident):
        for sky in weather(state):
            out.extend(card_of(state, sky).modifiers)
    for card in state.pieces[ident].attached:
        out.extend(content().cards[state.table.faces[card]].modifiers)
    return out


def value(state: WintergrimState, ident: str, stat: str, attack: str = "") -> int:
    """A printed value with the modifiers that hold now, never below 0."""
    from engine.core.modifiers import total
    base = card_of(state, ident).stat(stat) if stat != "damage" else 0
    return max(0, base + total(modifiers_on(state, ident), stat, facts(state, ident, attack)))


def extra_dice(state: WintergrimState, ident: str, stat: str) -> int:
    from engine.core.modifiers import dice
    return dice(modifiers_on(state, ident), stat, facts(state, ident, stat))


def must_roll_psyche(state: WintergrimState, ident: str) -> bool:
    """Rain: this unit must pass a P roll to move, attack or defend."""
    from engine.core.modifiers import allows
    return allows(modifiers_on(state, ident), "psyche-roll", facts(state, ident))


def health_left(state: WintergrimState, ident: str) -> int:
    return value(state, ident, "h") - state.pieces[ident].counter("damage")


def has(state: WintergrimState, ident: str, skill: str) -> bool:
    return skill in card_of(state, ident).skills


def seats_after(state: WintergrimState, seat: int) -> tuple[int, ...]:
    """Every other seat still in the game, in turn order after `seat`."""
    n = state.players
    return tuple(s for s in ((seat + k) % n for k in range(1, n)) if not state.out[s])
