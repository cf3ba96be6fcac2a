"""Reading the board: where figures stand, how strong they are, what a clan's sheet lets
it do, and where a figure may go. Nothing here changes the state."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from engine.core.actions import looked_up
from engine.core.modifiers import total
from engine.games.yggdrasil.content import (
    Card,
    Figure,
    Gain,
    Rule,
    Take,
    YggdrasilContent,
    load,
)
from engine.games.yggdrasil.sheet import Sheet
from engine.games.yggdrasil.state import (
    RESERVE,
    STATS,
    VALHALLA,
    YggdrasilState,
    hand,
    sheet,
    shown,
)

YGGDRASIL = "yggdrasil"


@cache
def content() -> YggdrasilContent:
    return load()


def card(state: YggdrasilState, ident: str) -> Card:
    return content().cards[state.table.faces[ident]]


def name(state: YggdrasilState, ident: str) -> str:
    """A card's or a figure's name, as the log and the table say it."""
    face = state.table.faces.get(ident)
    if face is not None:
        return _card_name(face)
    return _figure_name(state.figures.by_id[ident].kind)


@looked_up
def _card_name(face: str) -> str:
    return content().cards[face].name


@looked_up
def _figure_name(kind: str) -> str:
    return kind.capitalize() if kind in ("leader", "warrior", "ship") else \
        content().cards[kind].name


# -- the board ----------------------------------------------------------------------------------
def is_fjord(place: str) -> bool:
    return place.startswith("fjord-")


def standing(state: YggdrasilState) -> list[str]:
    """Provinces not destroyed, Yggdrasil first then the ring (facts 16)."""
    return list(_standing(frozenset(state.destroyed)))


def standing_now(state: YggdrasilState) -> tuple[str, ...]:
    """`standing` as the one shared tuple, for the hot paths that only read it (every
    listing and every turn's end ask): the last one found is handed out again while the
    destroyed provinces are the same, without a frozen copy of them made and hashed."""
    destroyed, last = state.destroyed, _LAST_STANDING[0]
    if destroyed != last[0]:
        frozen = frozenset(destroyed)
        last = _LAST_STANDING[0] = (frozen, _standing(frozen))
    return last[1]


@cache
def _standing(destroyed: frozenset[str]) -> tuple[str, ...]:
    """standing for each set of destroyed provinces, read once (a few per match: every
    listing asks)."""
    return (YGGDRASIL, *(p for p in content().board.ring if p not in destroyed))


# the destroyed provinces standing_now last read and what stands of the board then, as
# one value replaced whole: a computer player thinks in a thread of its own while the
# window lists, and each must read one reading whole, never half of two
_LAST_STANDING: list[tuple[frozenset[str] | None, tuple[str, ...]]] = [(None, ())]


def fjords_of(state: YggdrasilState, province: str) -> list[str]:
    """The fjords that support a standing `province` (facts 11, ruling 7)."""
    if province in state.destroyed:
        return []
    return list(_fjords_by_province().get(province, ()))


def open_fjords(state: YggdrasilState) -> tuple[str, ...]:
    """Fjords a ship may enter: at least one of their provinces stands (ruling 7)."""
    return _open_fjords(frozenset(state.destroyed))


@cache
def _open_fjords(destroyed: frozenset[str]) -> tuple[str, ...]:
    """open_fjords for each set of destroyed provinces, read once."""
    return tuple(f for f, sides in _supports().items() if any(p not in destroyed for p in sides))


def supported(state: YggdrasilState, fjord: str) -> list[str]:
    """The standing provinces a fjord supports."""
    return [p for p in _supports()[fjord] if p not in state.destroyed]


@cache
def _supports() -> dict[str, tuple[str, ...]]:
    """Each fjord's two provinces, read once from the board."""
    return {f.key: tuple(f.supports) for f in content().board.fjords}


def reach(places: Iterable[str]) -> set[str]:
    """The provinces a clan standing at `places` fights in: those places, and the
    provinces beside its fjords (what in_battle asks, for every province at once)."""
    supports = _supports()
    out = set(places)
    for place in out & supports.keys():
        out.update(supports[place])
    return out


@cache
def _fjords_by_province() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for fjord, sides in _supports().items():
        for p in sides:
            out.setdefault(p, []).append(fjord)
    return {p: tuple(f) for p, f in out.items()}


@looked_up
def slot_of(key: str) -> str | None:
    """The clan-sheet slot a card takes, by its key (content.Card.slot, read once)."""
    return content().cards[key].slot


def battle_places(state: YggdrasilState, province: str) -> tuple[str, ...]:
    """A province and its supporting fjords: what a battle, a quest or Ragnarök there
    takes in (facts 11); the province alone once destroyed."""
    if province in state.destroyed:
        return (province,)
    return _with_fjords(province)


@looked_up
def _with_fjords(province: str) -> tuple[str, ...]:
    """A standing province and its fjords (battle_places), read once: a battle asks at
    each of its steps."""
    return (province, *_fjords_by_province().get(province, ()))


@looked_up
def adjacent(province: str) -> tuple[str, ...]:
    """The provinces beside `province`, read once (every Call to Battle asks each clan)."""
    return tuple(content().provinces[province].adjacent)


def at(state: YggdrasilState, place: str) -> tuple[str, ...]:
    return state.figures.ids_at(place)


def figures_in(state: YggdrasilState, places: Iterable[str]) -> list[str]:
    where = state.figures.places()
    return [f for p in places for f in where.get(p, ())]


def owner(state: YggdrasilState, figure: str) -> int:
    seat = state.figures[figure].owner
    assert seat is not None
    return seat


def own(state: YggdrasilState, seat: int, place: str) -> list[str]:
    by_id = state.figures.by_id
    return [f for f in state.figures.ids_at(place) if by_id[f].owner == seat]


def movers(state: YggdrasilState, seat: int, *places: str) -> list[str]:
    """`seat`'s figures at each of `places` that may leave it on foot, never a ship, the
    first of each kind in a place standing for all of its kind there
    (frames.one_per_kind): who may march on, who may answer Call to Battle from the
    provinces beside (read in one pass: the listing asks while the call goes round)."""
    by_id, where = state.figures.by_id, state.figures.places()
    ship_kinds = ships()
    out: list[str] = []
    for place in places:
        kinds: set[str] = set()
        for f in where.get(place, ()):
            e = by_id[f]
            kind = e.kind
            if e.owner == seat and kind not in ship_kinds and kind not in kinds:
                kinds.add(kind)
                out.append(f)
    return out


def muster(state: YggdrasilState, seat: int) -> Muster:
    """`seat`'s Muster, kept with the figures' stamp (the last one read): the action a
    listing offered is carried out on the figures it was listed from, and an invasion
    asks again which figure waits in the reserve."""
    last = _LAST_MUSTER[0]
    if last.seat == seat and last.stamp == state.figures.stamp:
        return last
    found = _LAST_MUSTER[0] = Muster(state, seat)
    return found


class Muster:
    """Where a clan's figures are, read in one pass over them: a turn's listing asks where
    they stand, what waits in the reserve and in Valhalla, and how many Horns allow."""

    __slots__ = ("on_board", "places", "reserve", "seat", "stamp", "valhalla")

    def __init__(self, state: YggdrasilState, seat: int) -> None:
        by_id = state.figures.by_id
        # the kinds in the reserve, in figure order, each with its first figure there
        reserve: dict[str, str] = {}
        valhalla: list[str] = []  # the kinds in Valhalla, once each, in figure order
        # province or fjord -> each kind of figure there -> the first of that kind (the
        # one that stands for all of its kind: frames.one_per_kind)
        places: dict[str, dict[str, str]] = {}
        on_board = 0
        for f in state.figures.ids_of(seat):
            e = by_id[f]
            at = e.at  # the kind is read only where it counts: most figures wait in reserve
            if at == RESERVE:
                if e.kind not in reserve:
                    reserve[e.kind] = f
            elif at == VALHALLA:
                if e.kind not in valhalla:
                    valhalla.append(e.kind)
            else:
                kinds = places.get(at)
                if kinds is None:
                    places[at] = {e.kind: f}
                elif e.kind not in kinds:
                    kinds[e.kind] = f
                on_board += 1
        self.reserve, self.valhalla, self.places, self.on_board = \
            reserve, valhalla, places, on_board
        self.seat, self.stamp = seat, state.figures.stamp


_NONE_READ = Muster.__new__(Muster)  # the muster of no clan, before any is read
_NONE_READ.seat, _NONE_READ.stamp = -1, 0
_LAST_MUSTER = [_NONE_READ]  # the last Muster read (muster)


def on_board(state: YggdrasilState, seat: int) -> list[str]:
    """A clan's figures in provinces and fjords: what Horns limits (facts 6)."""
    by_id = state.figures.by_id
    return [f for f in state.figures.ids_of(seat) if by_id[f].at not in (RESERVE, VALHALLA)]


def open_land(state: YggdrasilState, standing: tuple[str, ...]) -> tuple[str, ...]:
    """The `standing` provinces with an empty village, Yggdrasil always (room).

    Every listing asks, and mostly one figure has moved since the last: the last reading
    is kept with the figures' stamp (_LAST_LAND), and when the figures are those it was
    read from but for one (Entities.prior and touched), it holds still unless that
    figure filled the province it stands in or one of the full provinces has emptied (a
    province opens only as a figure leaves it, which only a full one can do)."""
    figures = state.figures
    read_at, read_standing, land, full = _LAST_LAND[0]  # one reading, whole
    if read_standing is standing:
        stamp = figures.stamp
        if read_at == stamp:
            return land
        if read_at == figures.prior and _still(state, land, full, figures.touched):
            _LAST_LAND[0] = (stamp, standing, land, full)
            return land
    where = figures.places()
    opened: list[str] = []
    filled: list[str] = []
    for p, villages in _villages_of(standing):  # a loop: a comprehension is a call
        (opened if villages > len(where.get(p, ())) else filled).append(p)
    land = tuple(opened)
    _LAST_LAND[0] = (figures.stamp, standing, land, tuple(filled))
    return land


# The last open_land read: the figures' stamp and the standing provinces it was read at,
# the open provinces and the full ones. One value replaced whole, as _LAST_STANDING.
_LAST_LAND: list[tuple[int, tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = \
    [(0, (), (), ())]


def _still(state: YggdrasilState, land: tuple[str, ...], full: tuple[str, ...],
           touched: str) -> bool:
    """Whether the open land is as it was read (`land` open, `full` full) after the
    figure `touched` alone has changed (moved, joined or left): the province it stands
    in is not newly full, and no full province has emptied."""
    where, villages = state.figures.places(), _villages()
    figure = state.figures.by_id.get(touched)
    if figure is not None:
        here = figure.at
        if here in villages and here != YGGDRASIL and here in land and \
                villages[here] <= len(where.get(here, ())):
            return False
    return not full or all(villages[p] <= len(where.get(p, ())) for p in full)


@cache
def _villages_of(standing: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """Each of `standing` with its villages, Yggdrasil's more than there are figures
    (open_land: every listing asks of every standing province), read once for each set
    of standing provinces."""
    villages = _villages()
    return tuple((p, _NO_LIMIT if p == YGGDRASIL else villages[p]) for p in standing)


_NO_LIMIT = 1 << 30  # Yggdrasil's villages: no limit (facts 10)


def room(state: YggdrasilState, province: str) -> int:
    """Empty villages; Yggdrasil has no limit (facts 10)."""
    if province == YGGDRASIL:
        return 99
    if province in state.destroyed:
        return 0
    return _villages()[province] - len(state.figures.ids_at(province))


@cache
def _villages() -> dict[str, int]:
    return {key: p.villages for key, p in content().provinces.items()}


# -- the clan sheet ----------------------------------------------------------------------
def clan_sheet(state: YggdrasilState, seat: int) -> Sheet:
    """What `seat`'s upgrades give it (read once per run of faces: sheet.Sheet). Each
    clan's last sheet is kept with the very tuple of card ids and the faces it was read
    from: a sheet changes only when an upgrade is played, and asking the cache of every
    run of faces again (a tuple of faces made and hashed) was a hundredth of self-play."""
    table = state.table
    cards = table.zones[sheet(seat)].cards
    if not cards:  # most sheets, most of a match
        return _BLANK
    last = _LAST_SHEETS.get(seat)
    if last is not None and last[0] is cards and last[1] is table.faces:
        return last[2]
    found = _read_sheet(tuple(map(table.faces.__getitem__, cards)))
    _LAST_SHEETS[seat] = (cards, table.faces, found)
    return found


# seat -> the sheet's card ids and the match's faces its last sheet was read from, and it
_LAST_SHEETS: dict[int, tuple[tuple[str, ...], dict[str, str], Sheet]] = {}


_BLANK = Sheet(())  # a sheet with no upgrade: read once, as every other sheet is


@lru_cache(maxsize=4096)
def _read_sheet(faces: tuple[str, ...]) -> Sheet:
    cards = content().cards
    return Sheet(tuple(cards[f] for f in faces))


def upgrades(state: YggdrasilState, seat: int) -> list[Card]:
    return list(clan_sheet(state, seat).cards)


def rule(state: YggdrasilState, seat: int, key: str) -> Rule | None:
    """The rule an upgrade on `seat`'s sheet gives it, or None."""
    return clan_sheet(state, seat).rules.get(key)


def gains(state: YggdrasilState, seat: int, on: str) -> list[Card]:
    """`seat`'s upgrades that gain something when `on` happens."""
    return list(clan_sheet(state, seat).gains(on))


def stat(state: YggdrasilState, name: str, seat: int) -> int:
    """A stat's value at the clan's step (facts 5)."""
    return _track(name)[state.steps[name][seat] - 1]


@looked_up
def _track(name: str) -> tuple[int, ...]:
    return tuple(content().track(name).steps)


def horns_room(state: YggdrasilState, seat: int) -> int:
    return stat(state, "horns", seat) - len(on_board(state, seat))


def raisable(state: YggdrasilState, seat: int, but: str = "") -> list[str]:
    return [s for s in STATS if s != but and state.step(s, seat) < 6]


# -- figures -------------------------------------------------------------------------------------
def monster(kind: str) -> Card | None:
    return _monsters().get(kind)


@cache
def _monsters() -> dict[str, Card]:
    return {key: c for key, c in content().cards.items() if c.kind == "monster"}


def is_ship(kind: str) -> bool:
    """A ship, or a monster that is one in every respect (Sea Serpent, ruling 25)."""
    return kind in ships()


@cache
def ships() -> frozenset[str]:
    """The kinds of figure that are ships (is_ship for a loop over many figures)."""
    return frozenset(["ship", *(key for key, m in _monsters().items()
                                if m.rule("as-ship") is not None)])


@cache
def _figure(kind: str) -> Figure:
    """A clan figure's line on the clan sheet (leader, warrior, ship)."""
    return content().figure(kind)


def figure_kind(state: YggdrasilState, figure: str) -> str:
    return state.figures[figure].kind


def base_str(state: YggdrasilState, seat: int, kind: str, place: str) -> int:
    """A figure's STR where it stands, its clan's upgrades counted (facts 3, 56, 61)."""
    return _str_on(clan_sheet(state, seat), kind, place)


def _str_on(upgrades: Sheet, kind: str, place: str) -> int:
    """base_str for a clan whose sheet is read already."""
    if kind in _monsters():
        return _monster_str(kind, place)
    return _figure(kind).str + upgrades.str_bonus(kind, place)


@cache
def _monster_str(kind: str, place: str) -> int:
    """A monster's STR at `place`: its own, its card's modifiers counted (Dark Elf)."""
    m = _monsters()[kind]
    return (m.str or 0) + total(m.modifiers, "str", {"figure": "this-monster",
                                                      "province": place})


def clan_str(state: YggdrasilState, seat: int, places: Iterable[str]) -> int:
    """A clan's STR over `places`, Warrior pairs counted per province (facts 51, 61)."""
    upgrades = clan_sheet(state, seat)
    pair = upgrades.warrior_pair
    where, by_id = state.figures.places(), state.figures.by_id
    out = 0
    for place in places:
        warriors = 0
        for f in where.get(place, ()):
            e = by_id[f]
            if e.owner == seat:
                kind = e.kind
                warriors += kind == "warrior"
                out += _str_on(upgrades, kind, place)
        out += pair * (warriors // 2)
    return out


def invade_cost(state: YggdrasilState, seat: int, kind: str) -> int:
    """Rage to invade: the figure's STR outside Yggdrasil, the Leader free (facts 28,
    ruling 27), a monster's own discount (Dwarf Chieftain, Soldier of Hel)."""
    return cost_to_invade(clan_sheet(state, seat), kind)


def cost_to_invade(upgrades: Sheet, kind: str) -> int:
    """invade_cost for a clan whose sheet is read already (kept on the sheet: every listing
    asks it for each kind in the reserve)."""
    cost = upgrades.invade_costs.get(kind)
    if cost is None:
        cost = _fixed_cost(kind)
        if cost is None:
            cost = _figure(kind).str + upgrades.str_bonus(kind, "")
        upgrades.invade_costs[kind] = cost
    return cost


@cache
def _fixed_cost(kind: str) -> int | None:
    """What invading with `kind` costs whatever the clan's sheet: a monster's STR less its
    own discount, a figure's printed cost (the Leader's 0); None: the figure's STR."""
    m = _monsters().get(kind)
    if m is None:
        return _figure(kind).invade_cost
    return max(0, (m.str or 0) + total(m.modifiers, "invade-cost", {"figure": "this-monster"}))


def upgrade_cost(state: YggdrasilState, seat: int, c: Card) -> int:
    """Frigga's Charm makes upgrades 1 Rage cheaper, never below 0 (designed)."""
    return clan_sheet(state, seat).upgrade_cost(c)


def destinations(state: YggdrasilState, seat: int, kind: str) -> list[str]:
    """Where a figure of `kind` may invade: an empty village of a standing outer province,
    a ship into an open fjord, Yggdrasil only for the Dark Elf (facts 28, ruling 6, 7)."""
    if is_ship(kind):
        return list(open_fjords(state))
    out = [p for p in standing(state) if p != YGGDRASIL and room(state, p) > 0]
    m = monster(kind)
    if m is not None and m.rule("invades-yggdrasil") is not None:
        out.insert(0, YGGDRASIL)
    return out


def in_reserve(state: YggdrasilState, seat: int, kind: str, where: str = RESERVE) -> str | None:
    """The first figure of `kind` of `seat` in its reserve (or Valhalla), or None."""
    if where == RESERVE:
        return muster(state, seat).reserve.get(kind)
    by_id = state.figures.by_id
    for f in state.figures.ids_of(seat):
        e = by_id[f]
        if e.kind == kind and e.at == where:
            return f
    return None


def reserve_kinds(state: YggdrasilState, seat: int, where: str = RESERVE) -> list[str]:
    """The kinds of figure `seat` has in its reserve (or Valhalla), once each."""
    out: list[str] = []
    by_id = state.figures.by_id
    for f in state.figures.ids_of(seat):
        e = by_id[f]
        if e.at == where and e.kind not in out:
            out.append(e.kind)
    return out


# -- battle ---------------------------------------------------------------------------------------
def shown_cards(state: YggdrasilState, seat: int) -> tuple[str, ...]:
    return state.table.cards_in(shown(seat))


def owner_of_shown(state: YggdrasilState, ident: str) -> int:
    """The clan that revealed a card (its ``shown:s`` zone)."""
    return int(state.table.where[ident].split(":")[1])


def live_text(state: YggdrasilState, seat: int, key: str) -> list[str]:
    """`seat`'s revealed cards carrying the rule `key` whose text still works (ruling 23)."""
    faces, having, cancelled = state.table.faces, with_rule(key), state.cancelled
    return [c for c in shown_cards(state, seat) if c not in cancelled and faces[c] in having]


def has_live_text(state: YggdrasilState, seat: int, key: str) -> bool:
    """Whether `live_text` finds any card, read without a list: every reveal asks it of
    every clan for each text that waits for a reveal (Thor's Primacy, Heimdall's Watch,
    Odin's Smite and Tide, the quests as strength)."""
    return shows_live(state, seat, with_rule(key))


def shows_live(state: YggdrasilState, seat: int, having: frozenset[str]) -> bool:
    """Whether `seat` has revealed a card of a face in `having` whose text still works
    (ruling 23): what a text that waits for a battle's moments asks of every clan in it
    before reading what the card does."""
    faces, cancelled = state.table.faces, state.cancelled
    for card in state.table.zones[shown(seat)].cards:  # quicker than any()
        if card not in cancelled and faces[card] in having:
            return True
    return False


@looked_up
def with_rule(key: str) -> frozenset[str]:
    """The cards (by face) whose text carries the rule `key`."""
    return frozenset(face for face, c in content().cards.items() if c.rule(key) is not None)


@cache
def gaining(on: str) -> frozenset[str]:
    """The cards (by face) whose text gains something when `on` happens."""
    return frozenset(face for face, c in content().cards.items()
                     if any(isinstance(e, Gain) and e.on == on for e in c.effects))


@cache
def taking() -> frozenset[str]:
    """The cards (by face) whose text takes Rage or Glory from the battle's winner (Loki's
    Trickery and Backstab; Loki's Poison, which takes cards, is not one)."""
    return frozenset(face for face, c in content().cards.items()
                     if any(isinstance(e, Take) and not e.cards for e in c.effects))


def card_str(state: YggdrasilState, seat: int, ident: str) -> int:
    """A revealed card's +STR: its print, a quest counted as a battle card (Tyr's Domain,
    Tyr's Wrath), or Heimdall's Sight copying the strongest enemy card (ruling 19)."""
    if ident in state.boosted:
        return state.boosted[ident]
    c = card(state, ident)
    if c.kind != "battle":
        return 0
    if c.rule("copy-highest-card") is not None:
        if ident in state.cancelled:
            return 0
        return max((_fixed_str(state, c2) for s in state.fighters if s != seat
                    for c2 in shown_cards(state, s)), default=0)
    return c.str or 0


def _fixed_str(state: YggdrasilState, ident: str) -> int:
    """A card's +STR without copying (a Sight copies no other Sight, designed)."""
    if ident in state.boosted:
        return state.boosted[ident]
    c = card(state, ident)
    return (c.str or 0) if c.kind == "battle" else 0


def battle_total(state: YggdrasilState, seat: int) -> int:
    """A clan's total: its figures in the province and its fjords, and its cards (facts
    39)."""
    cards = sum(card_str(state, seat, c) for c in shown_cards(state, seat))
    return clan_str(state, seat, battle_places(state, state.fight)) + cards


def hand_of(state: YggdrasilState, seat: int) -> tuple[str, ...]:
    return state.table.cards_in(hand(seat))


def in_battle(state: YggdrasilState, seat: int, province: str) -> bool:
    where, by_id = state.figures.places(), state.figures.by_id
    return any(by_id[f].owner == seat for p in battle_places(state, province)
               for f in where.get(p, ()))


def seats_from(state: YggdrasilState, start: int) -> list[int]:
    """Every seat clockwise from `start` (left is the next seat)."""
    return [(start + k) % state.players for k in range(state.players)]
