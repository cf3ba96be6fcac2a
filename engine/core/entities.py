"""Entities: units and markers on the board, beside the cards in zones.

Collision's fighters turn and tire, Wintergrim's units stand inside structures,
Yggdrasil's warriors and ships crowd provinces: what a card in a zone cannot say
(where a piece stands, which way it faces, how many wounds it carries, which status
tokens lie on it, which cards are attached to it) an entity says. A game declares
a field `Entities` in its state; clone, save, load, hash and each seat's view follow
from that, as for every declared field.

An entity is a frozen value, replaced whole when it changes, so a clone of the
state copies one dict and shares every entity. Who may see an entity follows the
zones' rule (`Visibility`): a public one is seen by all, an owner-only one by its
owner, a hidden one by nobody; a seat that may not see it still sees that something
stands there (its owner, place and container), under a name that is its place and
not its identity (as a face-down card), so it cannot be followed.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import count
from typing import Any, ClassVar

from engine.core.quick import quicken, replacer
from engine.core.zones import Visibility

HIDDEN_ENTITY = "?unit"  # the prefix of a hidden entity's name in a view
_PUBLIC, _OWNER = Visibility.PUBLIC, Visibility.OWNER  # as globals: see zones.py


@quicken  # made on every move (engine.core.quick)
@dataclass(frozen=True, slots=True)
class Entity:
    """One unit or marker. `kind` is its content key ("warrior", "doom"); `at` is where
    it stands in the game's terms (an area's name, a hex "q,r", a track step); `inside`
    names the entity it is in (a structure, a ship), "" for none."""

    kind: str
    owner: int | None = None
    at: str = ""
    inside: str = ""
    facing: int = 0
    counters: tuple[tuple[str, int], ...] = ()  # (name, value), sorted: endurance, mana
    tokens: frozenset[str] = frozenset()  # status tokens: "stunned", "poisoned"
    attached: tuple[str, ...] = ()  # card ids attached; the cards stay in their zones
    visibility: Visibility = Visibility.PUBLIC

    def counter(self, name: str) -> int:
        return dict(self.counters).get(name, 0)

    def seen_by(self, seat: int) -> bool:
        if self.visibility is _PUBLIC:
            return True
        return self.visibility is _OWNER and self.owner == seat

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "owner": self.owner, "at": self.at, "inside": self.inside,
                "facing": self.facing, "counters": [list(c) for c in self.counters],
                "tokens": sorted(self.tokens), "attached": list(self.attached),
                "visibility": str(self.visibility)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Entity:
        return cls(data["kind"], data["owner"], data["at"], data["inside"], data["facing"],
                   tuple((str(n), int(v)) for n, v in data["counters"]),
                   frozenset(data["tokens"]), tuple(data["attached"]),
                   Visibility(data["visibility"]))

    def changed(self, facts: dict[str, Any]) -> Entity:
        """This entity with the named facts replaced, as dataclasses.replace makes it
        (quick.replacer: that walks the class's fields in Python on every call, and every
        move of a unit or a figure makes one; Entities.change calls the replacer itself).
        An unknown fact is refused by name."""
        try:
            return _replaced(self, **facts)  # type: ignore[no-any-return]
        except TypeError:
            unknown = [name for name in facts if name not in _FACT_NAMES]
            if unknown:
                raise TypeError(f"a unit or marker has no fact {unknown[0]!r}") from None
            raise


_FACT_NAMES = frozenset(field.name for field in dataclasses.fields(Entity))
_replaced = replacer(Entity)
_placed = replacer(Entity, "at", "inside")  # a move's two facts, the rest copied as they are
_STAMPS = count(1)  # one count for every Entities of the process: see Entities.stamp


class Entities:
    """Every entity of a match by id, in the order they were added (a view keeps it)."""

    __slots__ = ("_held", "_held_own", "_owned", "_plain", "_rank", "_where", "_where_own",
                 "by_id", "prior", "roster", "stamp", "touched")
    views_per_seat: ClassVar[bool] = True  # declared state asks `view(seat, hidden)`

    def __init__(self, by_id: dict[str, Entity] | None = None) -> None:
        self.by_id: dict[str, Entity] = {} if by_id is None else by_id
        # place -> the entities there, in order: read once, then looked up (a listing asks
        # "what stands here?" dozens of times between two changes) and kept up to date by
        # moves, which used to throw it away and have the next question read every entity
        # again. Shared with clones until one of them moves something (`_where_own`).
        # Write `by_id` only through the methods below, or the index goes stale.
        self._where: dict[str, tuple[str, ...]] | None = None
        self._where_own = False
        # id -> its place in `by_id`: where a moved entity joins an index; None after an
        # entity joined or left, made again with the next index
        self._rank: dict[str, int] | None = None
        self._owned: dict[int | None, tuple[str, ...]] | None = None  # the same, by owner
        # every entity public with nothing attached: each seat's view is the whole (a war
        # game's figures); None until read after a change
        self._plain: bool | None = None
        # container -> the entities inside it, in order: kept up to date by every change
        # of who is inside what and shared with clones as `_where` is. A move carries what
        # is inside, and a rule asks what a structure holds (the room left in it as a
        # unit steps in), without looking through every entity.
        self._held: dict[str, tuple[str, ...]] | None = None
        self._held_own = False
        # A game's cache of what it reads off the entities asks "has anything changed
        # since?" in O(1) here instead of comparing what it was read from. `stamp` is
        # drawn afresh from one count for the whole process at every change, and a clone
        # keeps it (same entities): two Entities with the same stamp hold the same
        # entities, so a cache keyed on it cannot go stale across clone, undo, load or a
        # step applied in place. `roster` is the same, drawn only when an entity joins,
        # leaves or changes owner (a move keeps it). `prior` is the stamp before the last
        # change and `touched` the one entity it changed, added or took off: a cache
        # read at `prior` need look again at that entity only (0: not known).
        self.stamp = self.roster = next(_STAMPS)
        self.prior, self.touched = 0, ""

    # -- reading -------------------------------------------------------------------------
    def __getitem__(self, ident: str) -> Entity:
        try:
            return self.by_id[ident]
        except KeyError:
            raise KeyError(f"there is no unit or marker {ident!r}") from None

    def __contains__(self, ident: object) -> bool:
        return ident in self.by_id

    def __iter__(self) -> Iterator[str]:
        return iter(self.by_id)

    def __len__(self) -> int:
        return len(self.by_id)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entities) and self.by_id == other.by_id

    __hash__ = None  # type: ignore[assignment]

    def at(self, place: str) -> list[str]:
        """The entities standing at `place` (inside others too), in order."""
        return list(self.ids_at(place))

    def ids_at(self, place: str) -> tuple[str, ...]:
        """`at` without a copy, for the rules' hot paths (a listing asks dozens of times)."""
        where = self._where
        if where is None:
            where = self._index_places()
        return where.get(place, ())

    def places(self) -> Mapping[str, tuple[str, ...]]:
        """Every place with the entities standing there, in order: `ids_at` for every
        place at once, for a rule that asks of many places in a row (a listing asks of
        every province). Read it, never keep it: the next change changes it."""
        where = self._where
        return where if where is not None else self._index_places()

    def _index_places(self) -> dict[str, tuple[str, ...]]:
        made: dict[str, list[str]] = {}
        for i, e in self.by_id.items():
            made.setdefault(e.at, []).append(i)
        where = self._where = {at: tuple(ids) for at, ids in made.items()}
        self._where_own = True
        if self._rank is None:
            self._rank = {i: n for n, i in enumerate(self.by_id)}
        return where

    def _shift(self, index: dict[str, tuple[str, ...]], ident: str, was: str,
               now: str) -> None:
        """Move `ident` in an index from the entry `was` to the entry `now` ("": none),
        where it joins in the order of `by_id`."""
        # Searched and sliced in C: a reserve or a graveyard holds dozens.
        if was:
            here = index[was]
            if len(here) == 1:
                del index[was]
            else:
                at = here.index(ident)
                index[was] = here[:at] + here[at + 1:]
        if now:
            there = index.get(now, ())
            rank = self._rank
            assert rank is not None  # made with the index
            at = bisect_left(there, rank[ident], key=rank.__getitem__)
            # joining the end, as most do, by concatenation: quicker than an unpacking
            index[now] = there + (ident,) if at == len(there) \
                else (*there[:at], ident, *there[at:])  # noqa: RUF005 (above)

    def ids_in(self, container: str) -> tuple[str, ...]:
        """The entities inside `container`, in order (without a copy: see `ids_at`)."""
        held = self._held
        if held is None:
            made: dict[str, list[str]] = {}
            for i, e in self.by_id.items():
                if e.inside:
                    made.setdefault(e.inside, []).append(i)
            held = self._held = {holder: tuple(ids) for holder, ids in made.items()}
            self._held_own = True
            if self._rank is None:
                self._rank = {i: n for n, i in enumerate(self.by_id)}
        return held.get(container, ())

    def inside(self, container: str) -> list[str]:
        return list(self.ids_in(container))

    def of(self, owner: int) -> list[str]:
        return list(self.ids_of(owner))

    def ids_of(self, owner: int) -> tuple[str, ...]:
        """`of` without a copy, for the rules' hot paths (a turn's listing reads where
        each of the clan's figures is)."""
        owned = self._owned
        if owned is None:
            made: dict[int | None, list[str]] = {}
            for i, e in self.by_id.items():
                made.setdefault(e.owner, []).append(i)
            owned = self._owned = {seat: tuple(ids) for seat, ids in made.items()}
        return owned.get(owner, ())

    # -- changing: each replaces the entity, never changes it ------------------------------
    def add(self, ident: str, entity: Entity) -> None:
        if ident in self.by_id:
            raise ValueError(f"unit or marker {ident!r} exists already")
        if ident.startswith(HIDDEN_ENTITY):
            raise ValueError(f"{ident!r}: names starting {HIDDEN_ENTITY!r} are kept for views")
        self.by_id[ident] = entity
        self._where = self._owned = self._plain = self._held = self._rank = None
        self.prior, self.touched = self.stamp, ident
        self.stamp = self.roster = next(_STAMPS)

    def remove(self, ident: str) -> Entity:
        self[ident]  # an unknown id is refused by name
        if self.ids_in(ident):
            raise ValueError(f"{ident!r} still holds others; move them out first")
        return self.forget(ident)

    def forget(self, ident: str) -> Entity:
        """Take an entity off the board whatever it holds (its holder's rules say where
        the rest goes)."""
        entity = self.by_id.pop(ident)
        self._where = self._owned = self._plain = self._held = self._rank = None
        self.prior, self.touched = self.stamp, ident
        self.stamp = self.roster = next(_STAMPS)
        return entity

    def change(self, ident: str, **facts: Any) -> Entity:
        """Replace the named facts of an entity (at=, inside=, facing=, owner=, ...)."""
        old = self.by_id.get(ident) or self[ident]  # an unknown id is refused by name
        try:  # Entity.changed, without its call: every change of every piece comes here
            new = _replaced(old, **facts)
        except TypeError:
            old.changed(facts)  # names the fact an entity does not have
            raise
        return self._put(ident, old, new)

    def _put(self, ident: str, old: Entity, new: Entity) -> Entity:
        """`new` in the place of `old`, the entity `ident` was, with every index kept up."""
        by_id = self.by_id
        holder = new.inside
        while holder:
            if holder == ident:
                raise ValueError(f"{ident!r} cannot be inside itself")
            if holder not in by_id:
                raise ValueError(f"there is no {holder!r} for {ident!r} to be inside")
            holder = by_id[holder].inside
        by_id[ident] = new
        self._plain = None
        self.prior, self.touched = self.stamp, ident
        self.stamp = next(_STAMPS)
        if new.at != old.at:  # the place index kept up to date (read: `_where`)
            where = self._where
            if where is not None:
                if not self._where_own:
                    where = self._where = dict(where)
                    self._where_own = True
                self._shift(where, ident, old.at, new.at)
        if new.owner != old.owner:
            self._owned = None
            self.roster = self.stamp
        if new.inside != old.inside and self._held is not None:
            if not self._held_own:
                self._held = dict(self._held)
                self._held_own = True
            self._shift(self._held, ident, old.inside, new.inside)
        return new

    def move(self, ident: str, at: str, inside: str = "") -> None:
        """Move an entity, and everything inside it, to `at` (inside `inside`). As
        `change` does, with a replacer of these two facts only (_placed): a dictionary of
        facts made and read again, and asking of each of nine facts whether it was named,
        were a fifth of every figure's move."""
        old = self.by_id.get(ident) or self[ident]
        self._put(ident, old, _placed(old, at, inside))
        held = self._held  # what it carries (`ids_in`, without a call: most carry nothing)
        for carried in held.get(ident, ()) if held is not None else self.ids_in(ident):
            self.move(carried, at, ident)

    def count(self, ident: str, name: str, value: int) -> None:
        """Set a counter (0 drops it, so equal entities write equal saves)."""
        counters = dict(self[ident].counters)
        counters[name] = value
        self.change(ident, counters=tuple(sorted((n, v) for n, v in counters.items() if v)))

    def mark(self, ident: str, token: str, on: bool = True) -> None:
        tokens = self[ident].tokens
        self.change(ident, tokens=tokens | {token} if on else tokens - {token})

    def shed(self, tokens: frozenset[str]) -> None:
        """Take `tokens` off every entity that carries any of them, as one change (the end
        of a turn clears what each piece spent in it): nothing else of any entity changes,
        so no index is read again, and `touched` is the one carrier (none: not known)."""
        carriers = [(i, e) for i, e in self.by_id.items()
                    if e.tokens and not tokens.isdisjoint(e.tokens)]
        if not carriers:
            return
        by_id = self.by_id
        for ident, entity in carriers:
            by_id[ident] = _replaced(entity, tokens=entity.tokens - tokens)
        self.prior, self.touched = (self.stamp, carriers[0][0]) if len(carriers) == 1 \
            else (0, "")
        self.stamp = next(_STAMPS)

    def attach(self, ident: str, card: str) -> None:
        if any(card in e.attached for e in self.by_id.values()):
            raise ValueError(f"card {card!r} is attached already")
        self.change(ident, attached=(*self[ident].attached, card))

    def detach(self, ident: str, card: str) -> None:
        attached = self[ident].attached
        if card not in attached:
            raise ValueError(f"card {card!r} is not attached to {ident!r}")
        self.change(ident, attached=tuple(c for c in attached if c != card))

    # -- the declared-state protocol ---------------------------------------------------------
    def clone(self) -> Entities:
        twin = Entities(dict(self.by_id))
        twin._where, twin._owned, twin._plain = self._where, self._owned, self._plain
        twin._held, twin._rank = self._held, self._rank
        twin.stamp, twin.roster = self.stamp, self.roster
        twin.prior, twin.touched = self.prior, self.touched
        self._where_own = self._held_own = False  # shared now: the next move of either
        # copies what it changes first
        return twin

    def to_json(self) -> dict[str, Any]:
        return {ident: entity.to_json() for ident, entity in self.by_id.items()}

    @classmethod
    def from_json(cls, data: dict[str, Any], template: Entities | None = None) -> Entities:
        return cls({str(ident): Entity.from_json(entity) for ident, entity in data.items()})

    def view(self, seat: int, hidden_cards: frozenset[str]) -> Entities:
        """What `seat` sees: an entity it may not see keeps its owner, place, container and
        facing under a name that is its place (its kind, counters, tokens and attached
        cards are left out); attached cards the seat may not see are left out.

        Unseen entities are numbered within their place and listed after the seen ones,
        both in an order of what the seat sees (place, owner, facing, container): by
        the order they were added, or a count across the table, two that swapped places
        would show which went where."""
        if self._plain is None:
            self._plain = all(e.visibility is _PUBLIC and not e.attached
                              for e in self.by_id.values())
        if self._plain:
            return self.clone()
        unseen = [ident for ident, entity in self.by_id.items() if not entity.seen_by(seat)]
        unseen.sort(key=lambda ident: self._seen_key(ident, seat))
        names: dict[str, str] = {}
        per_place: dict[str, int] = {}
        for ident in unseen:
            at = self.by_id[ident].at
            number = per_place[at] = per_place.get(at, -1) + 1
            names[ident] = f"{HIDDEN_ENTITY}:{at}#{number}"
        out: dict[str, Entity] = {}
        for ident, entity in self.by_id.items():
            if ident in names:
                continue
            inside = names.get(entity.inside, entity.inside)
            attached = tuple(c for c in entity.attached if c not in hidden_cards)
            if attached != entity.attached or inside != entity.inside:
                entity = dataclasses.replace(entity, attached=attached, inside=inside)
            out[ident] = entity
        for ident in unseen:
            entity = self.by_id[ident]
            out[names[ident]] = Entity("", entity.owner, entity.at,
                                       names.get(entity.inside, entity.inside), entity.facing,
                                       visibility=entity.visibility)
        return Entities(out)

    def _seen_key(self, ident: str, seat: int) -> tuple[str, int, int, str]:
        """How an unseen entity sorts for `seat`: by what the seat sees of it only (a
        container the seat may not see either counts as one unknown)."""
        entity = self.by_id[ident]
        holder = self.by_id.get(entity.inside)
        inside = entity.inside if holder is None or holder.seen_by(seat) else HIDDEN_ENTITY
        owner = -1 if entity.owner is None else entity.owner
        return entity.at, owner, entity.facing, inside

    def unseen_by(self, seat: int) -> set[str]:
        """The ids `seat` may not read (a view names those entities by their place)."""
        return {ident for ident, entity in self.by_id.items() if not entity.seen_by(seat)}

    def check(self, cards: frozenset[str]) -> str | None:
        """The first broken rule of the entities, or None: every container exists and
        stands where what it holds stands, and attached cards are on the table, once."""
        attached: set[str] = set()
        for ident, entity in self.by_id.items():
            if entity.inside:
                holder = self.by_id.get(entity.inside)
                if holder is None:
                    return f"{ident!r} is inside {entity.inside!r}, which is not there"
                if holder.at != entity.at:
                    return f"{ident!r} stands apart from {entity.inside!r}, which holds it"
            for card in entity.attached:
                if card not in cards:
                    return f"{ident!r} has card {card!r} attached, which is not on the table"
                if card in attached:
                    return f"card {card!r} is attached twice"
                attached.add(card)
        return None
