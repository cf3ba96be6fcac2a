"""Items in play: slots, uses, and every way an item changes hands.

Uses follow the designer's ruling: an item is discarded only when its printed
uses run out, and most items have no limit. A gun carried by a Character with
accuracy holds extra uses; an item that has been used and then changes hands
arrives with one use left (Rulebook, Trade), one never used arrives fresh.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import chain
from operator import itemgetter

from engine.core.events import Event
from engine.games.nordguard.actions import Restock
from engine.games.nordguard.content import (
    MAX_TEAM,
    Character,
    Item,
    NordguardContent,
    Powers,
    shipped,
)
from engine.games.nordguard.events import LeftBehind, UsedUp
from engine.games.nordguard.state import (
    CHARACTERS,
    DROPPED,
    EVENT_CURRENT,
    EVENT_DECK,
    EVENT_DISCARD,
    ITEM_DECK,
    MAP,
    OBSTACLES,
    POOL,
    SLOT_ZONES,
    SPENT,
    TEAM,
    Derived,
    NordguardState,
    slots,
)


@dataclass(frozen=True, slots=True)
class Roster:
    """The team's Characters as the rules ask about them on every move: each seat's
    slots (0 before it has a Character), their powers, the scout among them."""

    team: tuple[str | None, ...]  # the Character cards it was made from (state.character)
    caps: tuple[int, ...]
    powers: tuple[tuple[int, Powers], ...]  # (seat, powers), seat by seat
    scout: int | None  # the seat that scouts any location once a day (Nickel)
    names: tuple[str, ...]  # each seat as the log names it (see `who`)
    uses: dict[tuple[str, int], int]  # a fresh item's uses by face and seat (`full_uses`)


def derived(s: NordguardState) -> Derived:
    """The answers kept for `s` and its clones (a state read back from JSON starts anew)."""
    d = s.derived
    if d is None:
        d = s.derived = Derived()
    return d


def roster(c: NordguardContent, s: NordguardState) -> Roster:
    """The team's Characters, worked out once per team (they change only during set-up).
    Asked several times a move: the last team asked about is checked first, by identity
    (clones share the very tuple)."""
    team = s.character
    d = s.derived or derived(s)
    last = d.roster
    if last is not None and last.team is team:
        return last
    found = d.rosters.get(team)
    if found is None:
        faces = s.table.faces
        caps = tuple(0 if card is None else c.slots_by_face[faces[card]] for card in team)
        powers = tuple((seat, c.powers[faces[card]]) for seat, card in enumerate(team)
                       if card is not None)
        scout = next((seat for seat, p in powers if p.scouts), None)
        names = tuple(f"Player {seat + 1}" if card is None else c.name_of(faces[card])
                      for seat, card in enumerate(team))
        found = d.rosters[team] = Roster(team, caps, powers, scout, names, {})
    d.roster = found
    return found


def content_of(s: NordguardState) -> NordguardContent:
    """The cards `s` is played with (frames read them here; a state read back from JSON
    alone plays with the shipped cards)."""
    c = s.content
    return c if c is not None else shipped()


def kind_of(s: NordguardState, card: str) -> str:
    """The content key of a card ('it-rope-2' -> 'rope')."""
    return s.table.faces[card].partition(":")[2]


def item_of(c: NordguardContent, s: NordguardState, card: str) -> Item:
    item = c.by_face[s.table.faces[card]]
    assert isinstance(item, Item)
    return item


def powers_of(c: NordguardContent, s: NordguardState, card: str) -> Powers:
    """What an item or Character card does, read from its modifiers (content.Powers)."""
    return c.powers[s.table.faces[card]]


def name(c: NordguardContent, s: NordguardState, card: str) -> str:
    return c.name_of(s.table.faces[card])


def who(c: NordguardContent, s: NordguardState, seat: int) -> str:
    """The Character a seat plays ('Pi'), or 'Player n' before it has one."""
    return roster(c, s).names[seat]


def character_of(c: NordguardContent, s: NordguardState, seat: int) -> Character | None:
    card = s.character[seat]
    if card is None:
        return None
    character = c.by_face[s.table.faces[card]]
    assert isinstance(character, Character)
    return character


def slot_count(c: NordguardContent, s: NordguardState, seat: int) -> int:
    card = s.character[seat]
    return 0 if card is None else c.slots_by_face[s.table.faces[card]]


def has_room(c: NordguardContent, s: NordguardState, seat: int) -> bool:
    return len(s.carried(seat)) < slot_count(c, s, seat)


def seats_with_room(c: NordguardContent, s: NordguardState) -> list[int]:
    """The seats that may take an item (a trade, a pick-up, a restock): a free slot."""
    zones = s.table.zones
    return [seat for seat, cap in enumerate(roster(c, s).caps)
            if len(zones[SLOT_ZONES[seat]].cards) < cap]


def receiver(c: NordguardContent, s: NordguardState, seat: int) -> int:
    """Who takes an item when no Character is named: `seat` if it has room, else the
    first seat that has (else `seat`, and the slots rule refuses it)."""
    if has_room(c, s, seat):
        return seat
    return next(iter(seats_with_room(c, s)), seat)


def starting_missing(s: NordguardState, seat: int) -> list[str]:
    """Starting items `seat` must still carry out of Frontier (Rulebook, Starting Items).

    One whose printed uses ran out at Frontier is discarded, out of the game: it can no
    longer be carried, so it is no longer required (designed, with the designer's ruling
    on uses), and the team is never held at Frontier for good.
    """
    if s.departed:
        return []
    where = s.table.where
    return [card for card in s.starting[seat] if where.get(card) not in (slots(seat), SPENT)]


def first_missing(s: NordguardState) -> tuple[int, str] | None:
    """The first starting item still to be carried out of Frontier, with its seat (see
    `starting_missing`); asked before every move, so it stops at the first."""
    if s.departed:
        return None
    where = s.table.where
    for seat, cards in enumerate(s.starting):
        carried = SLOT_ZONES[seat]
        for card in cards:
            zone = where.get(card)
            if zone != carried and zone != SPENT:
                return seat, card
    return None


def starting_held(s: NordguardState, leaving: bool) -> frozenset[str]:
    """Starting items that may not leave their Character's hands now: the team is leaving
    Frontier for the first time (`leaving`: its first move attempt, a fight there included,
    is under way), and must carry them as it goes (Rulebook, Starting Items)."""
    if s.departed or not leaving:
        return frozenset()
    return frozenset(card for cards in s.starting for card in cards)


def team_powers(c: NordguardContent, s: NordguardState) -> tuple[tuple[int, Powers], ...]:
    """(seat, powers) of every Character on the team, seat by seat."""
    return roster(c, s).powers


def extra_uses(c: NordguardContent, s: NordguardState, card: str, seat: int) -> int:
    """Uses the Characters add to a fresh `card` in `seat`'s hands (Pi's accuracy: two
    more for every gun she carries)."""
    tags = powers_of(c, s, card).tags
    faces, powers = s.table.faces, c.powers
    return sum(powers[faces[ch]].extra_uses(tags, own=owner == seat)
               for owner, ch in enumerate(s.character) if ch is not None)


def full_uses(c: NordguardContent, s: NordguardState, card: str, seat: int) -> int:
    """Uses of a fresh copy in `seat`'s hands: printed, plus what Characters add. Asked
    whenever a limited item changes hands: kept on the team's roster by face and seat."""
    known = roster(c, s).uses
    key = (s.table.faces[card], seat)
    found = known.get(key)
    if found is None:
        item = item_of(c, s, card)
        assert isinstance(item.uses, int)
        found = known[key] = item.uses + extra_uses(c, s, card, seat)
    return found


def give(c: NordguardContent, s: NordguardState, card: str, seat: int) -> None:
    """Put `card` into `seat`'s slots, setting its uses as the Trade rule says."""
    table = s.table
    table.move(card, SLOT_ZONES[seat])  # the table notes the card as touched
    if card not in table.face_up:
        table.set_face(card, True)
    if table.faces[card] in c.limited:
        s.uses[card] = 1 if card in s.worn else full_uses(c, s, card, seat)


def to_deck(s: NordguardState, *cards: str) -> None:
    """Back to the face-down Item deck, fresh: their use counts are forgotten. Several
    go in one move (the pool as the team sets out, what lies where it leaves), as
    moving each in turn would put them."""
    table = s.table
    table.move_all(cards, ITEM_DECK)
    for card in cards:
        table.set_face(card, False)
        s.uses.pop(card, None)
    if not s.worn.isdisjoint(cards):
        s.worn = s.worn.difference(cards)


def drop(s: NordguardState, card: str) -> None:
    """Lay an item at the team's location (it keeps its uses until it leaves it)."""
    table = s.table
    table.move(card, DROPPED)  # the table notes the card as touched
    if card not in table.face_up:  # a carried item mostly is
        table.set_face(card, True)


def spend(c: NordguardContent, s: NordguardState, card: str, log: list[Event]) -> None:
    """One use of a limited item; when its printed uses run out it is discarded."""
    if not item_of(c, s, card).limited:
        return
    if card not in s.worn:
        s.worn = s.worn | {card}
    s.uses[card] -= 1
    if s.uses[card] <= 0:
        holder = s.holder(card)
        s.table.move(card, SPENT)
        s.uses.pop(card, None)
        s.worn = s.worn - {card}
        owner = who(c, s, holder) if holder is not None else None
        log.append(UsedUp(owner, card, name(c, s, card)))


def leave_location(c: NordguardContent, s: NordguardState, log: list[Event]) -> None:
    """The team leaves: dropped items go to the Item deck; a restock offer lapses."""
    dropped = s.table.cards_in(DROPPED)
    to_deck(s, *dropped)
    if dropped:
        log.append(LeftBehind(dropped, tuple(name(c, s, card) for card in dropped)))
    s.restock_here = False


def in_play(c: NordguardContent, s: NordguardState) -> list[tuple[str, Powers]]:
    """(card, powers) of every Character on the team, then every item it carries."""
    faces = s.table.faces
    cards = [card for card in s.character if card is not None]
    cards += [card for _, card in s.team_items()]
    return [(card, c.powers[faces[card]]) for card in cards]


def scout_seat(c: NordguardContent, s: NordguardState) -> int | None:
    """The seat whose Character scouts any location once a day (Nickel), if any."""
    return roster(c, s).scout


def reroller(c: NordguardContent, s: NordguardState) -> str | None:
    """The card that rolls a failed challenge roll again once a day (Geri), by name."""
    return next((name(c, s, card) for card, p in in_play(c, s) if p.rerolls), None)


def restocks_at(c: NordguardContent, s: NordguardState, place: str) -> bool:
    """Whether a card in play allows restocking at this kind of place (Iyoto: Waypoints)."""
    return any(place in p.restock for _, p in in_play(c, s))


@cache
def _in_view(players: int) -> tuple[str, ...]:
    return (POOL, DROPPED, SPENT, *SLOT_ZONES[:players])


def items_in_view(s: NordguardState) -> frozenset[str]:
    """The cards in the zones where items lie face up (the stocking pool, the items lying
    here, the spent ones, the slots): what the Item deck's contents are read from."""
    zones = s.table.zones
    return frozenset(chain.from_iterable([zones[zone].cards for zone in _in_view(s.players)]))


@dataclass(frozen=True, slots=True)
class Stock:
    """The face-down Item deck as the table can know it (see `restock_kinds`)."""

    kinds: dict[str, int]  # copies left by kind, in the order of their keys
    restocks: tuple[tuple[Restock, ...], ...]  # of each kind left, a Restock for each seat
    offers: dict[tuple[int, ...], tuple[Restock, ...]]  # see `offers_to`; per kinds left
    after: dict[str, Stock]  # the deck once a copy of a kind is restocked (`restock`)

    def offers_to(self, rooms: list[int]) -> tuple[Restock, ...]:
        """Each kind left, restocked to each seat of `rooms` (listed on many moves at
        Frontier: made once per kinds left and seats)."""
        key = tuple(rooms)
        found = self.offers.get(key)
        if found is None:
            found = self.offers[key] = (
                tuple(map(itemgetter(rooms[0]), self.restocks)) if len(rooms) == 1
                else tuple(row[to] for row in self.restocks for to in rooms))
        return found


# Every zone but those of `items_in_view` (Characters, the team, the decks, the map, the
# events): the cards on a table never change, only their zones, so these zones holding
# the same cards mean the same cards in view.
OUT_OF_VIEW = (CHARACTERS, TEAM, ITEM_DECK, MAP, EVENT_DECK, EVENT_CURRENT, EVENT_DISCARD,
               OBSTACLES)


def stock(c: NordguardContent, s: NordguardState) -> Stock:
    """The Item deck by kind, read from public facts only so that a view (the table, the
    computer team) answers it too: every copy not in a public zone (carried, lying here,
    spent, the stocking pool) is in the deck. Restocking names a kind for the same reason.

    Asked on most moves at Frontier: a state keeps its last answer (`stock_read`, handed
    to its clones, never to a seat's view) with the zones out of view it was read from,
    and while those hold the same cards the answer stands. Trades, drops and
    pick-ups move items between the zones in view and change nothing here, so answers
    are also kept by the cards in view (in `s.derived`).
    """
    outside = _outside(s)
    read = s.stock_read
    if read is not None and read[0] == outside:  # the very tuples, mostly: compared by id
        return read[1]
    found = _stock_by_view(c, s)
    s.stock_read = (outside, found)
    return found


def _outside(s: NordguardState) -> tuple[tuple[str, ...], ...]:
    """The cards of the zones out of view, zone by zone: what `stock_read` is kept by.
    Read zone by zone, not through map and attrgetter: asked on most moves at Frontier,
    and under callgrind the C-level chain cost three times the plain look-ups."""
    zones = s.table.zones
    return (zones[CHARACTERS].cards, zones[TEAM].cards, zones[ITEM_DECK].cards,
            zones[MAP].cards, zones[EVENT_DECK].cards, zones[EVENT_CURRENT].cards,
            zones[EVENT_DISCARD].cards, zones[OBSTACLES].cards)


def restock(c: NordguardContent, s: NordguardState, kind: str, seat: int) -> str:
    """Give `seat` the first card of `kind` in the Item deck (Rulebook, Restock), which
    the caller knows holds one; the card.

    The deck by kind after it is the one before with a copy fewer: worked out from that
    answer, not read from the table again, and kept on the state (`stock`). Restocking
    is most of a random game's moves at Frontier."""
    before = stock(c, s)
    cards = s.table.cards_in(ITEM_DECK)
    card = cards[list(map(s.table.faces.__getitem__, cards)).index(f"item:{kind}")]
    give(c, s, card, seat)
    after = before.after.get(kind)
    if after is None:
        kinds = before.kinds.copy()
        kinds[kind] -= 1
        if not kinds[kind]:
            del kinds[kind]
        after = before.after[kind] = _stock_of(s, kinds)
    s.stock_read = (_outside(s), after)
    return card


def _stock_of(s: NordguardState, kinds: dict[str, int]) -> Stock:
    """The Stock of the deck holding `kinds` (copies by kind, none at 0, in key order):
    one per deck in a match, however it came about, and the offers made for it shared by
    every deck with the same kinds left (a restock mostly leaves them; kept in
    `s.derived`)."""
    key = tuple(kinds.items())
    d = derived(s)
    found = d.stocks.get(key)
    if found is None:
        left = tuple(kinds)
        offers = d.offers.get(left)
        if offers is None:
            if len(d.offers) >= Derived.LIMIT:
                d.offers.clear()
            offers = d.offers[left] = {}
        if len(d.stocks) >= Derived.LIMIT:
            d.stocks.clear()
        found = d.stocks[key] = Stock(kinds, tuple(map(_restocks, left)), offers, {})
    return found


def _stock_by_view(c: NordguardContent, s: NordguardState) -> Stock:
    """`stock`, kept in `s.derived` by the cards in view."""
    shown = items_in_view(s)
    known = derived(s).stock
    found = known.get(shown)
    if found is None:
        faces = s.table.faces
        count: dict[str, int] = {}
        seen = count.get
        for card in shown:
            face = faces[card]
            count[face] = seen(face, 0) + 1
        kinds: dict[str, int] = {}
        for key, face, copies in c.stock_by_key:
            n = copies - seen(face, 0)
            if n > 0:
                kinds[key] = n
        if len(known) >= Derived.LIMIT:
            known.clear()
        found = known[shown] = _stock_of(s, kinds)
    return found


def restock_kinds(c: NordguardContent, s: NordguardState) -> Mapping[str, int]:
    """The Item deck by kind (see `stock`)."""
    return stock(c, s).kinds


@cache
def _restocks(kind: str) -> tuple[Restock, ...]:
    """Actions are values: a kind's restocks are made once and handed out again."""
    return tuple(Restock(kind, to) for to in range(MAX_TEAM))


def binoculars(c: NordguardContent, s: NordguardState) -> list[str]:
    """The team's items that scout a neighbour (pairs of Binoculars), seat by seat."""
    faces, powers = s.table.faces, c.powers
    return [card for _, card in s.team_items() if powers[faces[card]].looks]


def can_survey(c: NordguardContent, s: NordguardState) -> bool:
    """Whether the team carries an item that scouts every neighbour at once (Binoculars)."""
    faces, powers = s.table.faces, c.powers
    return any(powers[faces[card]].surveys for _, card in s.team_items())


def fresh_binoculars(c: NordguardContent, s: NordguardState) -> str | None:
    """A pair of Binoculars that has not looked today (Rulebook, Key Terms: Scout: once per
    turn, for each pair), if the team carries one."""
    return next((card for card in binoculars(c, s) if card not in s.looked), None)
