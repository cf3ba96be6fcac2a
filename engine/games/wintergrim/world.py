"""What the table holds, read the rulebook's way: areas, structures, units, food, room,
requirements and a unit's values under the weather and what is attached to it.

Every rule module asks here rather than walking the entities itself, so "local",
"inside", "in play" and "affected by weather" each have one meaning.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache
from operator import attrgetter

from engine.core.entities import Entity
from engine.core.modifiers import allows, dice, total
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


def hq_holders(state: WintergrimState, found: Census | None = None) -> set[int | None]:
    """The seats with an HQ area in play (Destroy); `found`: the state's census, when the
    caller has it already."""
    by_id = state.pieces.by_id
    return {owner for ident, owner in (found or census(state)).hqs
            if by_id[ident].at == ident}


def local(state: WintergrimState, area: str) -> list[str]:
    """Everything standing in `area` (its area card too), in the order it came into play."""
    return state.pieces.at(area)


def inside(state: WintergrimState, structure: str) -> list[str]:
    """What stands inside `structure`, in the order it came into play (the pieces' index
    of who is inside what: a move step into it asks)."""
    return state.pieces.inside(structure)


def weather(state: WintergrimState) -> list[str]:
    """The weather in play: what stands in the sky (looked up in the pieces' index of
    places, which every move keeps; each move step asks whether weather reaches the
    unit)."""
    return state.pieces.at(SKY)


def waiting_tactics(state: WintergrimState) -> list[str]:
    return state.pieces.at(PLAYED)


def realms_in_play(state: WintergrimState, seat: int) -> set[str]:
    """The realms of the cards `seat` has in play (Rain asks "any Asheim card in play")."""
    cards, faces = content().cards, state.table.faces
    return {cards[faces[i]].realm for i, e in state.pieces.by_id.items()
            if e.owner == seat and e.at != PLAYED}


class Ground:
    """The board as a listing of moves reads it: the `Layout` (what changes only when cards
    come into play, leave it or change hands) and, read on demand, what follows the units
    where they stand: the room left in a structure, the places a seat's cards are at.
    Every move step of a turn asks these; the layout is kept on the state across steps,
    and what depends on the units is read only for the structures and seats asked."""

    __slots__ = ("_by_id", "_held", "_ids_in", "layout", "rooms")

    def __init__(self, state: WintergrimState) -> None:
        self.layout = layout(state)
        self._by_id = state.pieces.by_id
        self._ids_in = state.pieces.ids_in
        self.rooms: dict[str, int] = {}  # room() as read so far
        self._held: dict[int | None, list[tuple[Card, str]]] = {}

    @property
    def areas(self) -> list[str]:
        return self.layout.areas

    @property
    def area_owner(self) -> dict[str, int | None]:
        return self.layout.area_owner

    @property
    def passage(self) -> dict[str, str]:
        return self.layout.passage

    @property
    def structures_at(self) -> dict[str, list[str]]:
        return self.layout.structures_at

    @property
    def units(self) -> dict[int | None, list[str]]:
        return self.layout.units

    @property
    def every_unit(self) -> list[str]:
        return self.layout.every_unit

    @property
    def weather(self) -> bool:
        return self.layout.weather

    def room(self, structure: str) -> int:
        """Room the structure offers less what stands inside it (`room_left`): the layout
        has what its non-units take, the units are looked up."""
        left = self.rooms.get(structure)
        if left is None:
            takes = self.layout.unit_room
            left = self.layout.room[structure]
            for ident in self._ids_in(structure):
                unit = takes.get(ident)
                if unit is not None:
                    left += unit
            self.rooms[structure] = left
        return left

    def held(self, seat: int | None) -> list[tuple[Card, str]]:
        """(card, where it stands) for every card `seat` has in play on the board."""
        found = self._held.get(seat)
        if found is None:
            lay, by_id = self.layout, self._by_id
            cards = lay.unit_card
            found = self._held[seat] = lay.held.get(seat, []) + [
                (cards[u], by_id[u].at) for u in lay.units.get(seat, ())]
        return found

    def realms(self, seat: int | None) -> AbstractSet[str]:
        return self.layout.realms(seat)

    def unit_areas(self, seat: int) -> set[str]:
        """The areas where `seat` has units."""
        by_id = self._by_id
        return {by_id[u].at for u in self.layout.units.get(seat, ())}

    def ways(self, seat: int, here: str) -> list[str]:
        return self.layout.ways(seat, here)

    def open_way(self, seat: int, here: str, there: str) -> bool:
        return self.layout.open_way(seat, here, there)


class Layout:
    """What the board's listings read of the cards in play that holds while the same cards
    are in play for the same seats and every card but the units stands where it stood:
    areas and their owners, the structures in each area with the room they offer empty,
    what each path lets through, each seat's units and its other cards with their places,
    whether weather is in play, and what is worked out from these (a seat's realms, the
    ways out of an area, the move steps along them). Units move all the time; of a unit it
    reads only its id, owner and card, so a move keeps it. Kept on the state (`layout`)
    and shared with clones: it is a value of the ids, owners and places it was read from,
    and `layout` reads it again whenever any of them differ, so no clone, undo, load or
    step applied in place can find it stale. `roster` and `stamp` are the entities'
    (Entities.roster, .stamp) it was read at, and the last stamp it was found to hold
    at: an entity's stamp names one content wherever it is found."""

    __slots__ = ("_homes", "_moves", "_realms", "_unmet", "_ways", "area_owner", "areas",
                 "card", "every_unit", "fixed", "fixed_at", "fixed_inside", "held", "passage",
                 "room", "roster", "ships", "stamp", "structure_owner", "structures_at",
                 "unit_card", "unit_room", "units", "weather")

    def __init__(self, state: WintergrimState) -> None:
        faces, board, by_id = state.table.faces, _on_the_board(), state.pieces.by_id
        self.roster, self.stamp = state.pieces.roster, state.pieces.stamp
        ids, owners = _in_play(state)
        self.areas: list[str] = []
        self.area_owner: dict[str, int | None] = {}
        self.structures_at: dict[str, list[str]] = {}
        self.room: dict[str, int] = {}  # each structure's, less what non-units inside take
        self.structure_owner: dict[str, int | None] = {}
        ships: list[str] = []
        self.passage: dict[str, str] = {}
        self.held: dict[int | None, list[tuple[Card, str]]] = {}  # all but units, in play
        self.units: dict[int | None, list[str]] = {}  # in the order they came into play
        self.every_unit: list[str] = []  # every seat's, in that order
        self.unit_card: dict[str, Card] = {}
        self.unit_room: dict[str, int] = {}  # what each unit takes inside a structure
        self.weather = False
        self._realms: dict[int | None, set[str]] = {}
        self._ways: dict[tuple[int, str], list[str]] = {}
        self._moves: dict[tuple[int, str, str, bool], tuple] = {}
        self._unmet: dict[tuple[int, str], Req | None] = {}
        self._homes: dict[tuple[int, str], list[tuple[str, str]]] = {}
        self.card: dict[str, Card] = {}  # of every structure
        fixed: list[str] = []
        realms: dict[int | None, set[str]] = {}
        needs: list[tuple[str, int]] = []
        for ident, owner in zip(ids, owners, strict=True):
            card, kind, takes, passage = board[faces[ident]]
            if kind == "unit":  # stands in an area, never in the sky or waiting to resolve
                self.every_unit.append(ident)
                self.units.setdefault(owner, []).append(ident)
                self.unit_card[ident] = card
                self.unit_room[ident] = takes
                realms.setdefault(owner, set()).add(card.realm)
                continue
            fixed.append(ident)
            entity = by_id[ident]
            at = entity.at
            if at == PLAYED:
                continue  # a tactic waiting in its window: not in play on the board
            self.held.setdefault(owner, []).append((card, at))
            realms.setdefault(owner, set()).add(card.realm)
            if kind == "structure":
                self.structures_at.setdefault(at, []).append(ident)
                self.room[ident] = self.room.get(ident, 0) + takes
                self.structure_owner[ident] = owner
                self.card[ident] = card
                if card.structure == "ship":
                    ships.append(ident)
            if at == SKY:
                self.weather = True
            if at == ident:
                self.areas.append(ident)
                self.area_owner[ident] = owner
                if passage is not None:
                    self.passage[ident] = passage
            inside = entity.inside
            if inside and inside != ident:
                needs.append((inside, takes))
        for holder, need in needs:
            self.room[holder] = self.room.get(holder, 0) + need
        self._realms = realms
        self.ships = frozenset(ships)
        self.fixed = tuple(fixed)
        self.fixed_at = tuple(map(_AT, map(by_id.__getitem__, fixed)))
        self.fixed_inside = tuple(map(_INSIDE, map(by_id.__getitem__, fixed)))

    def realms(self, seat: int | None) -> AbstractSet[str]:
        """The realms of the cards `seat` has in play (`realms_in_play`)."""
        return self._realms.get(seat, _NONE)

    def ways(self, seat: int, here: str) -> list[str]:
        """The other areas `seat`'s units may step to from `here` without Navigate or
        Flank, in the order of `areas` (`moving._passable`): worked out once per area
        while the layout holds, however many units stand there and step."""
        found = self._ways.get((seat, here))
        if found is None:
            found = self._ways[(seat, here)] = [
                other for other in self.areas if other != here and self.open_way(seat, here,
                                                                                 other)]
        return found

    def open_way(self, seat: int, here: str, there: str) -> bool:
        """Between two areas (Game Questions, Can units move between areas): both the
        player's own, or a path whose text lets the player through (designed: a path links
        itself with every area for the players it names). Navigate needs neither."""
        owner = self.area_owner
        return (owner[here] == seat and owner[there] == seat) or \
            self.lets_through(seat, here) or self.lets_through(seat, there)

    def lets_through(self, seat: int, path: str) -> bool:
        realm = self.passage.get(path)
        return realm is not None and realm in self.realms(seat)

    def unmet_anywhere(self, seat: int, card: Card, ground: Ground) -> Req | None:
        """`unmet` for a card none of whose requirements is local: the cards `seat` has
        in play answer, and they are the layout's while it holds."""
        key = (seat, card.key)
        if key in self._unmet:
            return self._unmet[key]
        found = self._unmet[key] = next(
            (r for r in card.req if not meets_in(ground.held(seat), r, "")), None)
        return found

    def homes(self, seat: int, card: Card) -> list[tuple[str, str]]:
        """(area, structure) of `seat`'s structures that take the unit `card` when it is
        paid and placed (placing.houses), before room and Req are asked."""
        key = (seat, card.key)
        found = self._homes.get(key)
        if found is None:
            from engine.games.wintergrim.placing import houses
            owner = self.structure_owner
            found = self._homes[key] = [
                (area, structure) for area, standing in self.structures_at.items()
                for structure in standing
                if owner[structure] == seat and houses(self.card[structure], card)]
        return found

    def moves_out(self, seat: int, unit: str, here: str, roams: bool) -> tuple:
        """The move steps of `unit` from outside in `here` to other areas: to every one
        with Navigate or Flank (`roams`), else along `ways`. Made once per unit and
        area while the layout holds."""
        key = (seat, unit, here, roams)
        found = self._moves.get(key)
        if found is None:
            from engine.games.wintergrim.moving import move
            others = [a for a in self.areas if a != here] if roams else self.ways(seat, here)
            found = self._moves[key] = tuple(move(unit, other, "") for other in others)
        return found


_NONE: frozenset[str] = frozenset()
_AT, _INSIDE = attrgetter("at"), attrgetter("inside")


def _in_play(state: WintergrimState) -> tuple[tuple[str, ...], tuple[int | None, ...]]:
    """The ids of the pieces in play and their owners: what the census and the layout are
    read from (a card's face never changes)."""
    by_id = state.pieces.by_id
    return tuple(by_id), tuple(map(_OWNER, by_id.values()))


def layout(state: WintergrimState) -> Layout:
    """The state's layout, read again only when the cards in play, their owners, or where
    a card that is not a unit stands are not those it was read from (see `Layout`): not
    at all when no entity has changed since it was last found to hold (the stamp), and
    without reading every entity when none has joined, left or changed hands (the
    roster)."""
    pieces = state.pieces
    found = state.layout
    if found is not None and found.stamp == pieces.stamp:
        return found
    if found is None or found.roster != pieces.roster:
        found = state.layout = Layout(state)
        return found
    fixed = tuple(map(pieces.by_id.__getitem__, found.fixed))
    if tuple(map(_AT, fixed)) != found.fixed_at or \
            tuple(map(_INSIDE, fixed)) != found.fixed_inside:
        found = state.layout = Layout(state)
    else:
        found.stamp = pieces.stamp  # it holds here too (a clone sharing it checks again)
    return found


# -- requirements, room and food -----------------------------------------------------------
def meets(state: WintergrimState, seat: int, req: Req, area: str,
          ground: Ground | None = None) -> bool:
    """Whether `seat` has in play a card that `req` asks for (Explain the Cards, Req)."""
    return meets_in((ground or Ground(state)).held(seat), req, area)


def meets_in(held: list[tuple[Card, str]], req: Req, area: str) -> bool:
    """`meets`, among the cards held in play and where they stand."""
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
    """The first requirement of `card` that `seat` does not meet placing it in `area`. One
    that is not local reads only which cards the seat has in play, wherever they stand:
    what a card without a local one finds is kept in the layout."""
    if not card.req:
        return None
    g = ground or Ground(state)
    if card.key not in _asks_locally():
        return g.layout.unmet_anywhere(seat, card, g)
    return next((r for r in card.req if not meets(state, seat, r, area, g)), None)


@cache
def _asks_locally() -> frozenset[str]:
    """The card keys with a local requirement (Req.local): in the area it is placed in."""
    return frozenset(key for key, card in content().cards.items()
                     if any(r.local for r in card.req))


def room_left(state: WintergrimState, structure: str) -> int:
    """Room a structure offers less what its inside units take (Values: Room)."""
    cards, faces = content().cards, state.table.faces
    left = cards[faces[structure]].room
    for ident in state.pieces.ids_in(structure):
        left += cards[faces[ident]].room
    return left


def food(state: WintergrimState, seat: int) -> int:
    """Every F of `seat`'s cards in play, across all areas (ALWAYS: summarize "Food")."""
    return foods(state)[seat]


def foods(state: WintergrimState, found: Census | None = None) -> list[int]:
    """Each seat's food (checked after every step): the printed F of its cards in play,
    and what each structure it tends with a worker inside yields (`found`: as
    `hq_holders`)."""
    found = found or census(state)
    totals = list(found.food)
    if found.tended:
        tended = set(map(_INSIDE, map(state.pieces.by_id.__getitem__, found.workers)))
        for ident, owner, amount in found.tended:
            if ident in tended:
                totals[owner] += amount
    return totals


@dataclass(frozen=True, slots=True)
class Census:
    """What food and the game's end read of the cards in play that does not change while
    the same cards are in play for the same seats: each seat's printed F summed, the
    structures with a Tended text (id, owner, yield), the workers, the HQs (id, owner).
    Where a worker stands and whether an HQ still stands as an area are read at each
    step; the rest only when a card comes into play or leaves it (`roster`: the
    entities' Entities.roster it was read at). `fed`: no seat's food can be negative,
    wherever the workers stand (what structures yield tended only adds), so food need
    not be summed at all."""

    roster: int
    food: tuple[int, ...]
    tended: tuple[tuple[str, int, int], ...]
    workers: frozenset[str]
    hqs: tuple[tuple[str, int | None], ...]
    hq_ids: frozenset[str]
    fed: bool


_OWNER = attrgetter("owner")


def census(state: WintergrimState) -> Census:
    """The state's census, read again only when a piece has joined, left or changed hands
    since (Entities.roster: a move keeps it, so after most steps this is one compare). It
    is kept on the state and shared with its clones: a roster names one set of ids and
    owners wherever it is found, so no undo, clone or load can find it stale."""
    found = state.census
    roster = state.pieces.roster
    if found is None or found.roster != roster:
        found = state.census = _count(state, roster)
    return found


def _count(state: WintergrimState, roster: int) -> Census:
    cards, feeding, faces = content().cards, _feeding(), state.table.faces
    food = [0] * state.players
    tended: list[tuple[str, int, int]] = []
    workers: list[str] = []
    hqs: list[tuple[str, int | None]] = []
    for ident, owner in zip(*_in_play(state), strict=True):
        face = faces[ident]
        if cards[face].hq:
            hqs.append((ident, owner))
        if owner is None:
            continue
        printed, yields, worker = feeding[face]
        food[owner] += printed  # 0 for weather and tactics
        if yields:
            tended.append((ident, owner, yields))
        elif worker:
            workers.append(ident)
    least = list(food)
    for _, owner, yields in tended:
        least[owner] += min(0, yields)
    return Census(roster, tuple(food), tuple(tended), frozenset(workers), tuple(hqs),
                  frozenset(ident for ident, _ in hqs), min(least) >= 0)


@cache
def _on_the_board() -> dict[str, tuple[Card, str, int, str | None]]:
    """Per card key, what the Ground reads of it: the card, its kind, its room and the
    realm its path lets through (None: not a path). Read once: a listing reads the
    board every time."""
    out: dict[str, tuple[Card, str, int, str | None]] = {}
    for key, card in content().cards.items():
        passage = card.power("passage")
        out[key] = (card, card.kind, card.room,
                    None if passage is None else passage.realm)  # type: ignore[union-attr]
    return out


@cache
def _feeding() -> dict[str, tuple[int, int, bool]]:
    """Per card key, what food reads of it: its F, what it yields while a worker tends it
    (a structure's Tended text; 0: none) and whether it is a worker. Read once: food is
    summed after every step."""
    out: dict[str, tuple[int, int, bool]] = {}
    for key, card in content().cards.items():
        tended = card.power("tended") if card.kind == "structure" else None
        out[key] = (card.food, 0 if tended is None else tended.amount,  # type: ignore[union-attr]
                    "worker" in card.roles)
    return out


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
    skies = weather(state)
    if skies and not sheltered(state, ident):
        for sky in skies:
            out.extend(card_of(state, sky).modifiers)
    for card in state.pieces[ident].attached:
        out.extend(content().cards[state.table.faces[card]].modifiers)
    return out


def value(state: WintergrimState, ident: str, stat: str, attack: str = "") -> int:
    """A printed value with the modifiers that hold now, never below 0. The facts their
    conditions read (the realms of every card in play among them) are read only when a
    modifier reaches the unit: mostly none does."""
    base = card_of(state, ident).stat(stat) if stat != "damage" else 0
    modifiers = modifiers_on(state, ident)
    if not modifiers:
        return max(0, base)
    return max(0, base + total(modifiers, stat, facts(state, ident, attack)))


def extra_dice(state: WintergrimState, ident: str, stat: str) -> int:
    modifiers = modifiers_on(state, ident)
    return dice(modifiers, stat, facts(state, ident, stat)) if modifiers else 0


def must_roll_psyche(state: WintergrimState, ident: str) -> bool:
    """Rain: this unit must pass a P roll to move, attack or defend."""
    if not state.pieces.by_id[ident].attached and not state.pieces.ids_at(SKY):
        return False  # nothing reaches it (each move step asks; mostly nothing does)
    modifiers = modifiers_on(state, ident)
    return bool(modifiers) and allows(modifiers, "psyche-roll", facts(state, ident))


def hurt(entity: Entity) -> bool:
    """Whether a unit or structure carries damage (most carry no counter at all: the test
    every listing makes of every unit is spared reading them)."""
    return bool(entity.counters) and entity.counter("damage") != 0


def counted(state: WintergrimState) -> bool:
    """Whether any piece carries a counter (damage, a Net): mostly none does, and every
    turn's end asks twice. A plain loop: through an attrgetter or a generator each piece
    cost twice as much to read."""
    for entity in state.pieces.by_id.values():  # noqa: SIM110 (a generator: see above)
        if entity.counters:
            return True
    return False


def netted(entity: Entity) -> bool:
    """Whether a Net holds it (the `netted` counter; most carry none)."""
    return bool(entity.counters) and entity.counter("netted") != 0


def health_left(state: WintergrimState, ident: str) -> int:
    return value(state, ident, "h") - state.pieces[ident].counter("damage")


def has(state: WintergrimState, ident: str, skill: str) -> bool:
    return skill in card_of(state, ident).skills


def seats_after(state: WintergrimState, seat: int) -> tuple[int, ...]:
    """Every other seat still in the game, in turn order after `seat`."""
    out = state.out
    others = _others(seat, state.players)
    return tuple(s for s in others if not out[s]) if any(out) else others


@cache
def _others(seat: int, players: int) -> tuple[int, ...]:
    """Every other seat, in turn order after `seat`: made once, for every window and turn
    passes while nobody is out."""
    return tuple((seat + k) % players for k in range(1, players))
