"""Zones and the table: where every card of a match is, and who may see it.

Every game keeps its cards in a `Table`. A card id sits in exactly one zone
at any time (the conservation invariant the tests check after every action),
and what a player may see follows from the zone's visibility and the card's
face: this single rule is what `view()` uses to hide decks and other hands.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import compress
from operator import is_not
from typing import Protocol

from engine.core.quick import quicken

HIDDEN_PREFIX = "?"


class Visibility(StrEnum):
    PUBLIC = "public"  # everyone sees face-up cards; face-down ones nobody sees
    OWNER = "owner"  # the owner sees every card; the others see backs
    HIDDEN = "hidden"  # nobody sees (a deck)


class Layout(StrEnum):
    """How the UI lays a zone out; free zones keep a position per card."""

    STACK = "stack"
    SPREAD = "spread"
    FREE = "free"


# The members under plain names for the hot paths: in Python 3.11 `Visibility.HIDDEN`
# goes through the enum's metaclass (~100 ns), and every move and view asks per card.
_PUBLIC, _OWNER, _HIDDEN = Visibility.PUBLIC, Visibility.OWNER, Visibility.HIDDEN
_FREE = Layout.FREE


_NO_SIGHTS: dict[int, Seen] = {}  # a zone's sights before any: read, never written


class Zone:
    """A named place for cards. Its `cards` (bottom first) are a tuple, never changed
    in place: the table replaces the zone when its cards change, so a clone of the
    table shares every zone it has not touched (a clone per action is cheap)."""

    __slots__ = ("cards", "label", "layout", "name", "owner", "seen", "visibility")
    FIELDS = ("cards", "label", "layout", "name", "owner", "visibility")

    def __init__(self, name: str, label: str, visibility: Visibility,
                 layout: Layout = Layout.STACK, owner: int | None = None,
                 cards: Iterable[str] = ()) -> None:
        self.name, self.label, self.visibility = name, label, visibility
        self.layout, self.owner, self.cards = layout, owner, tuple(cards)
        # each seat's sight of the zone, kept once worked out; _NO_SIGHTS (shared, never
        # written) until the first: most zones a move makes are never seen before the next
        self.seen: dict[int, Seen] = _NO_SIGHTS

    def holding(self, cards: tuple[str, ...]) -> Zone:
        """This zone with other cards (skips __init__: every move makes one)."""
        new = _new_zone(Zone)
        new.name, new.label, new.visibility = self.name, self.label, self.visibility
        new.layout, new.owner = self.layout, self.owner
        new.cards, new.seen = cards, _NO_SIGHTS
        return new

    def seen_by(self, player: int, up: set[str], pos: dict[str, tuple[int, int]],
                faces: dict[str, str]) -> Seen:
        """What `player` sees of this zone when the cards in `up` lie face up.

        A zone's cards never change, so this is worked out once per seat and face-up
        set and kept on the zone; most zones are untouched by an action, and a view is
        made for every seat after every action."""
        known = self.seen.get(player)
        if known is not None and known.up == up:
            return known
        made = self._work_out(player, up, pos, faces)
        self._sights()[player] = made
        return made

    def _sights(self) -> dict[int, Seen]:
        """The zone's own record of sights, to write in (made at the first)."""
        seen = self.seen
        if seen is _NO_SIGHTS:
            seen = self.seen = {}
        return seen

    def _work_out(self, player: int, up: set[str], pos: dict[str, tuple[int, int]],
                  faces: dict[str, str]) -> Seen:
        cards, name = self.cards, self.name
        free = self.layout is _FREE
        mine = self.visibility is _OWNER and self.owner == player
        if mine or (self.visibility is not _HIDDEN and len(up) == len(cards)):
            # Every card seen: read in C (the field of a war game is dozens of cards).
            faces_of = dict(zip(cards, map(faces.__getitem__, cards), strict=True))
            placed = {card: pos[card] for card in cards if card in pos} if free else {}
            return Seen(up, self, dict.fromkeys(cards, name), faces_of, frozenset(), placed)
        if not up or self.visibility is _HIDDEN:  # face up in a deck: unseen
            shown, hidden = hidden_refs(name, len(cards)), frozenset(cards)
        else:
            shown = tuple(card if card in up else hidden_ref(name, i)
                          for i, card in enumerate(cards))
            hidden = frozenset(cards).difference(up)
        faces_of = {card: faces[card] for card in cards if card not in hidden}
        placed = {} if not free else \
            {ref: pos[card] for card, ref in zip(cards, shown, strict=True) if card in pos}
        return Seen(up, self.holding(shown), dict.fromkeys(shown, name), faces_of, hidden,
                    placed)

    def moved_on(self, card: str, spot: tuple[int, int]) -> Zone:
        """This zone with `card` on another spot (a free zone's cards stay as they are):
        each seat's sight of it is carried over with that one spot changed, rather than
        worked out again for the next view (a war game moves a troop on its field at
        nearly every action)."""
        new = self.holding(self.cards)
        # A copy of the sights read at once: a computer seat's thread may be reading a
        # view that shares this zone, and adding its own sight of it meanwhile.
        for player, seen in list(self.seen.items()):
            ref = card if card in seen.faces else hidden_ref(self.name, self.cards.index(card))
            placed = seen.pos.copy()
            placed[ref] = spot
            new._sights()[player] = Seen(seen.up, new if seen.zone is self else seen.zone,
                                         seen.where, seen.faces, seen.hidden, placed)
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Zone) and all(
            getattr(self, a) == getattr(other, a) for a in Zone.FIELDS)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Zone({self.name!r}, {len(self.cards)} cards)"

    def to_json(self) -> dict:
        return {"name": self.name, "label": self.label, "visibility": str(self.visibility),
                "layout": str(self.layout), "owner": self.owner, "cards": list(self.cards)}


_new_zone = object.__new__
_EVERYONE = object()  # every seat sees a card (Table._seen_by_whom)
NOBODY: frozenset[int] = frozenset()  # the seats most steps show a hidden card to


def _sight(zone: Zone, card: str, face_up: set[str]) -> object:
    """Who sees `card`'s face in `zone`: _EVERYONE, one owner's seat, or None (nobody)."""
    visibility = zone.visibility
    if visibility is _HIDDEN:
        return None
    if card in face_up:
        return _EVERYONE
    if visibility is _OWNER:
        return zone.owner
    return None


@quicken  # one for each zone a seat's view patches (engine.core.quick)
@dataclass(frozen=True, slots=True)
class Seen:
    """One seat's sight of one zone: its places, the ids it may read, those it may not."""

    up: set[str]  # the zone's face-up cards it was worked out for
    zone: Zone  # the zone as the seat sees it (unseen cards by their places)
    where: dict[str, str]  # ref -> zone name
    faces: dict[str, str]  # the ids whose faces the seat reads, with their faces
    hidden: frozenset[str]
    pos: dict[str, tuple[int, int]]  # free zones: ref -> spot


class Shuffler(Protocol):
    def shuffle(self, items: list[str]) -> None: ...


@functools.cache
def hidden_refs(zone: str, count: int) -> tuple[str, ...]:
    """The places of a zone's `count` unseen cards (made once: every view needs them)."""
    return tuple(hidden_ref(zone, i) for i in range(count))


def hidden_ref(zone: str, index: int) -> str:
    """The name a hidden card goes by in a view: its place, never its identity.

    A card id would let a player follow a card through a shuffle, so views
    replace unseen ids by their position and actions may name cards that way.
    """
    return f"{HIDDEN_PREFIX}{zone}#{index}"


class Table:
    """Zones, card faces, face-up flags, free positions and counters of one match.

    `faces` maps card id to its face key (e.g. "7H"); it never changes during
    a match, so clones share it. A view replaces it by the faces that player
    can see.
    """

    __slots__ = ("counters", "face_up", "faces", "pos", "sights", "touched", "where", "zones")

    def __init__(self, faces: dict[str, str]) -> None:
        self.faces = faces
        # Each seat's last view as assembled (`view_and_hidden`), shared by this table's
        # clones: the next state's view starts from it and works out only the zones
        # that changed. Never carried by a view (it holds every seat's sight).
        self.sights: dict[int, TableSight] = {}
        # Cards moved or turned since `track()` (None: not tracking), each with who saw
        # its face before it was first touched: a step's reveals are read from these few
        # instead of a scan of the table, and need no copy of the table as it was.
        self.touched: dict[str, object] | None = None
        self.zones: dict[str, Zone] = {}
        self.where: dict[str, str] = {}
        # Spots and faces change only through move, place and set_face once play has begun:
        # a zone's sight (Zone.seen_by) is kept until its zone is replaced (move, place)
        # or its face-up cards differ (set_face); a spot written directly would go unseen.
        self.face_up: set[str] = set()
        self.pos: dict[str, tuple[int, int]] = {}
        self.counters: dict[str, int] = {}

    # -- building -------------------------------------------------------
    def add_zone(self, zone: Zone) -> Zone:
        if zone.name in self.zones:
            raise ValueError(f"zone {zone.name!r} exists already")
        self.zones[zone.name] = zone
        for card in zone.cards:
            self.where[card] = zone.name
        return zone

    def clone(self) -> Table:
        t = Table.__new__(Table)
        t.faces = self.faces
        t.zones = self.zones.copy()  # zones are replaced, never changed: share them
        t.where = self.where.copy()
        t.face_up = set(self.face_up)
        t.pos = self.pos.copy()
        t.counters = self.counters.copy()
        t.touched = None
        t.sights = self.sights
        return t

    def track(self) -> None:
        """Start noting the cards that move or turn (the match does, for each action)."""
        self.touched = {}

    # -- reading --------------------------------------------------------
    def zone(self, name: str) -> Zone:
        try:
            return self.zones[name]
        except KeyError:
            raise KeyError(f"there is no zone called {name!r}") from None

    def cards_in(self, zone: str) -> tuple[str, ...]:
        return self.zone(zone).cards

    def resolve(self, ref: str) -> str:
        """Turn a card reference (an id, or a hidden place like ?deck#3) into an id."""
        if ref.startswith(HIDDEN_PREFIX):
            zone_name, _, index_text = ref[1:].rpartition("#")
            cards = self.zones[zone_name].cards if zone_name in self.zones else None
            if cards is None or not index_text.isdigit() or int(index_text) >= len(cards):
                raise KeyError(f"no card at {ref!r}")
            return cards[int(index_text)]
        if ref not in self.where:
            raise KeyError(f"no card {ref!r} on the table")
        return ref

    def visible_to(self, card: str, player: int | None) -> bool:
        """Whether `player` may see the face of `card`; None is the all-seeing referee."""
        if player is None:
            return True
        who = self._seen_by_whom(card)
        return who is _EVERYONE or (who is not None and who == player)

    def seats_seeing(self, card: str, players: int) -> set[int]:
        """The seats of a table of `players` that see `card`'s face now."""
        who = self._seen_by_whom(card)
        if who is _EVERYONE:
            return set(range(players))
        return set() if who is None else {who}  # type: ignore[arg-type]

    def visible_cards(self, player: int | None) -> set[str]:
        return {card for card in self.where if self.visible_to(card, player)}

    def revealed_since(self, before: Table, players: Iterable[int]) -> frozenset[int]:
        """The players who can see a card now that they could not see in `before`.

        Only cards that moved or turned over can change who sees them, so the
        scan is over those few rather than the whole table: a card that moved
        sits in a zone whose list changed, and comparing lists is cheap.
        """
        changed = self.face_up ^ before.face_up
        old_zones = before.zones
        for name, zone in self.zones.items():
            old = old_zones.get(name)
            if old is not zone and (old is None or zone.cards != old.cards):
                changed.update(card for card in zone.cards if before.where.get(card) != name)
        old_where, old_up = before.where, before.face_up
        was: dict[str, object] = {}
        for card in changed:
            name = old_where.get(card)
            was[card] = None if name is None else _sight(old_zones[name], card, old_up)
        return self._newly_seeing(was, frozenset(players))

    def revealed_by_touched(self, players: Iterable[int]) -> frozenset[int]:
        """As `revealed_since` the table as it was at `track()`, read from the cards
        noted since then."""
        assert self.touched is not None, "the table was not tracking"
        return self._newly_seeing(self.touched, frozenset(players))

    def _newly_seeing(self, was: dict[str, object], seats: frozenset[int]) -> frozenset[int]:
        """The players among `seats` who see one of the cards of `was` now and did not
        see it then (`was`: each card's sight then). Most steps show nobody anything:
        they share one empty set (a step keeps what this says).

        Each card's sight is read once as "everyone", "nobody" or "one owner" (the
        three the zone rules allow), not asked seat by seat: a step runs this after
        every action."""
        if not was:  # most steps of a game of entities move no card at all
            return NOBODY
        out: set[int] = set()
        # The table's parts read once: a step runs this for every card it moved or turned.
        zones, where, up = self.zones, self.where, self.face_up
        for card, then in was.items():
            now = _sight(zones[where[card]], card, up)
            if now is None or then is _EVERYONE or then == now:
                continue
            if now is _EVERYONE:
                out.update(seats if then is None else seats - {then})
            else:
                out.add(now)  # type: ignore[arg-type]  # one owner's seat
            if len(out) >= len(seats):
                break
        return seats.intersection(out) if out else NOBODY

    def _seen_by_whom(self, card: str) -> object:
        """Who sees `card`'s face: _EVERYONE, one owner's seat, or None (nobody)."""
        return _sight(self.zones[self.where[card]], card, self.face_up)

    def all_cards(self) -> Iterator[str]:
        for zone in self.zones.values():
            yield from zone.cards

    # -- changing -------------------------------------------------------
    def move(self, card: str, to: str, index: int | None = None,
             pos: tuple[int, int] | None = None) -> None:
        """Move a card; index None puts it on top (the end of the list)."""
        zones = self.zones
        dest = zones.get(to)
        if dest is None:
            raise KeyError(f"there is no zone called {to!r}")
        source = self.where[card]
        src = zones[source]
        touched = self.touched
        if touched is not None and card not in touched:
            touched[card] = _sight(src, card, self.face_up)
        cards = src.cards
        if cards[-1] == card:  # the top card, as a draw or a deal takes
            cards = cards[:-1]
        else:
            at = cards.index(card)
            cards = cards[:at] + cards[at + 1:]
        if source != to:
            zones[source] = src.holding(cards)
            cards = dest.cards
        pos_of = self.pos
        if pos_of:  # cards lie on spots only in free zones: most tables have none
            pos_of.pop(card, None)
        if index is None or index >= len(cards):
            cards = cards + (card,)  # noqa: RUF005 (a concatenation is quicker here)
        else:
            at = max(0, index)
            cards = (*cards[:at], card, *cards[at:])
        zones[to] = dest.holding(cards)
        self.where[card] = to
        if dest.layout is _FREE:
            pos_of[card] = pos if pos is not None else (0, 0)

    def move_all(self, cards: Sequence[str], to: str) -> None:
        """Move `cards` onto the top of `to`, in that order: as a move of each in turn,
        with each zone's list made once (a draft passing packets round the table moved
        a packet's cards one by one, a new list for every card)."""
        dest = self.zones.get(to)
        if dest is None:
            raise KeyError(f"there is no zone called {to!r}")
        moving = set(cards)
        if len(moving) != len(cards):
            raise ValueError("a card is named twice in one move")
        zones, where, pos, touched = self.zones, self.where, self.pos, self.touched
        if touched is not None:
            up = self.face_up
            for card in cards:
                if card not in touched:
                    touched[card] = _sight(zones[where[card]], card, up)
        sources = {where[card] for card in cards}
        for name in sources - {to}:
            zone = zones[name]
            zones[name] = zone.holding(tuple([c for c in zone.cards if c not in moving]))
        # The zone they go to is read through only if some of them lie there already: a
        # discard or a box holds hundreds of cards, and most moves bring cards from
        # elsewhere.
        kept = [c for c in dest.cards if c not in moving] if to in sources else dest.cards
        zones[to] = dest.holding((*kept, *cards))
        free = dest.layout is _FREE
        if not pos and not free:  # no card lies on a spot, nor will: only where each is
            for card in cards:
                where[card] = to
            return
        for card in cards:
            where[card] = to
            pos.pop(card, None)
            if free:
                pos[card] = (0, 0)

    def pass_round(self, names: Sequence[str]) -> None:
        """Each zone of `names` takes the cards the zone before it held, the first those
        of the last, in their order: a draft passing every packet on to the next seat. As
        moving each zone's cards on in turn would leave them, in one step (a draft passes
        its packets after every round of picks)."""
        if len(set(names)) != len(names):
            raise ValueError("a zone is named twice in one pass")
        zones, where, pos, touched = self.zones, self.where, self.pos, self.touched
        old = [zones[name] for name in names]  # raises KeyError for a zone that is not here
        if touched is not None:
            up = self.face_up
            for zone in old:
                for card in zone.cards:
                    if card not in touched:
                        touched[card] = _sight(zone, card, up)
        for at, zone in enumerate(old):
            cards, name = old[at - 1].cards, zone.name
            zones[name] = zone.holding(cards)
            free = zone.layout is _FREE
            if not pos and not free:  # no card on a spot, nor will be (a draft's packets)
                for card in cards:
                    where[card] = name
                continue
            for card in cards:
                where[card] = name
                pos.pop(card, None)
                if free:
                    pos[card] = (0, 0)

    def place(self, card: str, pos: tuple[int, int]) -> None:
        """Put a card of a free zone on another spot, where it lies."""
        name = self.where[card]
        zone = self.zones[name]
        if zone.layout is not _FREE:
            raise ValueError(f"{zone.label} keeps no spots")
        self.pos[card] = pos
        self.zones[name] = zone.moved_on(card, pos)  # a new zone: views see the new spot

    def shuffle(self, zone: str, rng: Shuffler) -> None:
        """Shuffle a zone's cards with the match's RNG."""
        cards = list(self.zone(zone).cards)
        rng.shuffle(cards)
        self.zones[zone] = self.zones[zone].holding(tuple(cards))

    def arrange(self, zone: str, cards: Iterable[str]) -> None:
        """Put a zone's own cards in a new order (a map dealt again, a pile restacked)."""
        now = self.zone(zone)
        order = tuple(cards)
        if sorted(order) != sorted(now.cards):
            raise ValueError(f"arranging {zone!r} must keep its very cards")
        self.zones[zone] = now.holding(order)

    def set_face(self, card: str, up: bool) -> None:
        touched = self.touched
        if touched is not None and card not in touched:
            touched[card] = self._seen_by_whom(card)
        if up:
            self.face_up.add(card)
        else:
            self.face_up.discard(card)

    # -- views and records ------------------------------------------------
    def view(self, player: int | None) -> Table:
        """A copy holding only what `player` may see (hidden ids become places)."""
        return self.view_and_hidden(player)[0] if player is not None else self.clone()

    def view_and_hidden(self, player: int) -> tuple[Table, frozenset[str]]:
        """`player`'s view of the table, and the ids it may not see (what no other part
        of its view may name).

        A view is made for a seat after every action, and an action changes a zone or
        two: the seat's last view (`sights`, kept per table lineage) is patched where a
        zone was replaced or a card turned, each zone's part worked out once per zone
        (`Zone.seen_by`). Nothing of the kept sight is handed out: the view gets copies.
        """
        last = self.sights.get(player, _NO_SIGHT)
        sight = last.followed(self, player)
        if sight is not last:
            self.sights[player] = sight
        t = Table.__new__(Table)
        t.zones, t.where, t.pos = sight.zones.copy(), sight.where.copy(), sight.pos.copy()
        t.face_up, t.faces = set(sight.face_up), sight.faces.copy()
        t.counters = dict(self.counters)
        t.touched = None  # a view is a table too: a search may move cards on it
        t.sights = {}
        return t, sight.hidden

    def hidden_from(self, player: int) -> frozenset[str]:
        """The cards `player` may not see: what a view must not name anywhere."""
        up = self.face_up
        out: set[str] = set()
        for zone in self.zones.values():
            cards = zone.cards
            if not cards:
                continue
            if zone.visibility is _HIDDEN:
                out.update(cards)
            elif zone.visibility is _PUBLIC or zone.owner != player:
                out.update(card for card in cards if card not in up)
        return frozenset(out)

    def to_json(self) -> dict:
        return {
            "zones": [z.to_json() for z in self.zones.values()],
            "face_up": sorted(self.face_up),
            "pos": {card: list(p) for card, p in sorted(self.pos.items())},
            "counters": dict(sorted(self.counters.items())),
        }

    @classmethod
    def from_json(cls, data: dict, template: Table) -> Table:
        """The table `data` describes; the card faces, fixed for a match, come from
        `template` (JSON leaves them out: every state of the match shares them)."""
        table = cls(template.faces)
        for z in data["zones"]:
            table.add_zone(Zone(z["name"], z["label"], Visibility(z["visibility"]),
                                Layout(z["layout"]), z["owner"], z["cards"]))
        table.face_up = set(data["face_up"])
        table.pos = {card: (x, y) for card, (x, y) in data["pos"].items()}
        table.counters = dict(data["counters"])
        return table

    def check_conservation(self, expected: Iterable[str]) -> str | None:
        """Return a description of the first broken invariant, or None when all hold."""
        seen: dict[str, str] = {}
        for name, zone in self.zones.items():
            for card in zone.cards:
                if card in seen:
                    return f"card {card} is in both {seen[card]} and {name}"
                seen[card] = name
        missing = set(expected) - seen.keys()
        if missing:
            return f"cards vanished: {sorted(missing)[:5]}"
        extra = seen.keys() - set(expected)
        if extra:
            return f"cards appeared from nowhere: {sorted(extra)[:5]}"
        if seen != self.where:
            return "the card index disagrees with the zones"
        return None


class TableSight:
    """One seat's view of a whole table as last assembled, with what it was assembled
    from: the table's zones then (`true`, in the table's order `names`), the seat's
    sight of each (`parts`, None for an empty zone) and the face-up cards (`up`).
    Never changed once made: `followed` makes a new one."""

    __slots__ = ("face_up", "faces", "hidden", "names", "parts", "pos", "true", "up",
                 "where", "zones")

    def __init__(self) -> None:
        self.names: tuple[str, ...] = ()
        self.true: dict[str, Zone] = {}
        self.parts: dict[str, Seen | None] = {}
        self.up: frozenset[str] = frozenset()
        self.zones: dict[str, Zone] = {}
        self.where: dict[str, str] = {}
        self.faces: dict[str, str] = {}
        self.face_up: frozenset[str] = frozenset()
        self.pos: dict[str, tuple[int, int]] = {}
        self.hidden: frozenset[str] = frozenset()

    def followed(self, table: Table, player: int) -> TableSight:
        """This sight brought up to `table`: itself when no zone was replaced and no card
        turned, else a new one with the changed zones' parts patched."""
        zones_now, up = table.zones, table.face_up
        names = tuple(zones_now)
        if names != self.names:  # a zone added since (or an older state): from nothing
            return _NO_SIGHT._patched(table, player, names, list(names))
        changed = list(compress(names, map(is_not, zones_now.values(), self.true.values())))
        if self.up != up:
            where_now = table.where
            for name in {where_now[card] for card in self.up.symmetric_difference(up)
                         if card in where_now}:
                if name not in changed:
                    changed.append(name)
        if not changed:
            return self
        return self._patched(table, player, names, changed)

    def _patched(self, table: Table, player: int, names: tuple[str, ...],
                 changed: list[str]) -> TableSight:
        """A new sight: the `changed` zones' old parts taken out, then their parts now put
        in (all out first: a card that moved between two of them is named by the one it
        is in now). What a troop's new spot leaves alike (`Zone.moved_on` shares the
        places and faces) is not taken out at all."""
        zones_now, up = table.zones, table.face_up
        table_pos, table_faces = table.pos, table.faces
        new = TableSight()
        new.names, new.up = names, frozenset(up)
        new.true, new.parts, zones = self.true.copy(), self.parts.copy(), self.zones.copy()
        where, faces, pos = self.where.copy(), self.faces.copy(), self.pos.copy()
        before: list[Seen] = []
        now: list[Seen] = []
        for name in changed:
            zone = zones_now[name]
            cards = zone.cards
            seen = zone.seen_by(player, up.intersection(cards), table_pos, table_faces) \
                if cards else None
            old = new.parts.get(name)
            new.true[name], new.parts[name] = zone, seen
            zones[name] = zone if seen is None else seen.zone
            if seen is not old:
                before.append(old or _NO_SEEN)
                now.append(seen or _NO_SEEN)
        for old, seen in zip(before, now, strict=True):
            if old.where is not seen.where:
                for ref in old.where:
                    del where[ref]
                for ref in old.pos:
                    del pos[ref]
            if old.faces is not seen.faces:
                for card in old.faces:
                    del faces[card]
        for seen in now:
            where.update(seen.where)
            faces.update(seen.faces)
            pos.update(seen.pos)
        new.zones, new.where, new.faces, new.pos = zones, where, faces, pos
        new.face_up, new.hidden = self.face_up, self.hidden
        if any(old.hidden != seen.hidden for old, seen in zip(before, now, strict=True)):
            new.hidden = self.hidden.difference(*(old.hidden for old in before)).union(
                *(seen.hidden for seen in now))
        if any(_face_up(old) != _face_up(seen) for old, seen in zip(before, now, strict=True)):
            new.face_up = self.face_up.difference(*map(_face_up, before)).union(
                *map(_face_up, now))
        return new


def _face_up(seen: Seen) -> set[str] | frozenset[str]:
    """The face-up cards a seat's sight of a zone adds to its view: those of a zone it
    reads any face of (a face-up card inside a deck stays unseen)."""
    return seen.up if seen.faces else frozenset()


_NO_SIGHT = TableSight()
_NO_SEEN = Seen(set(), Zone("", "", _HIDDEN), {}, {}, frozenset(), {})
