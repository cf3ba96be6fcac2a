"""The Action phase: what a clan may do on its turn, why anything else is refused, and how
the turn passes (facts 24-34, rulings 5, 6, 8, 12, 15, 16, 25, 27)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from typing import Any

from engine.core.actions import Action, Made
from engine.core.entities import Entity
from engine.core.errors import excerpt
from engine.core.events import Event
from engine.games.yggdrasil import ages, board
from engine.games.yggdrasil.actions import (
    REST,
    Invade,
    March,
    Pillage,
    Quest,
    Rest,
    Sacrifice,
    Upgrade,
)
from engine.games.yggdrasil.battle import (
    begin_pillage,
)
from engine.games.yggdrasil.doing import invade, place_name, put
from engine.games.yggdrasil.events import MARCHED, QuestCommitted, Rested, Upgraded
from engine.games.yggdrasil.frames import (
    YggSacrifice,
    march_on,
    offer,
    one_per_kind,
)
from engine.games.yggdrasil.sheet import Sheet
from engine.games.yggdrasil.state import (
    RESERVE,
    TROOPS,
    VALHALLA,
    YggdrasilState,
    figure_id,
    hand,
    quests,
    sheet,
)

YGGDRASIL = board.YGGDRASIL

# Listed actions are values made once and handed out again (engine.core.actions.Made): a
# turn lists dozens, and making them was most of a listing.
# (a kind of figure, from Valhalla) -> its invasions by where they go
INVADES: Made[tuple[str, bool], Made[str, Invade]] = Made(
    lambda key: Made(lambda to: Invade(key[0], to, key[1])))
# a figure -> its marches by where they go
MARCHES: Made[str, Made[str, March]] = Made(lambda f: Made(lambda to: March(f, to)))
PILLAGES: Made[str, Pillage] = Made(Pillage)
UPGRADES: Made[tuple[str, str], Upgrade] = Made(lambda key: Upgrade(*key))
QUESTS: Made[str, Quest] = Made(Quest)
SACRIFICES: Made[str, Sacrifice] = Made(Sacrifice)


def actions(state: YggdrasilState, seat: int) -> list[Action]:
    """Every action `seat` may take now; none at all with no Rage (ruling 5). The clan's
    figures are read once (board.Muster) for every kind of action, and the invasions and
    marches into the open provinces come ready made with them (_Land)."""
    if state.rage[seat] <= 0:
        return []
    muster = board.muster(state, seat)
    clan_sheet = board.clan_sheet(state, seat)
    standing = board.standing_now(state)
    land = _land(board.open_land(state, standing))
    plays = _plays(state, seat)
    out = [*_invasions(state, seat, muster, clan_sheet, land),
           *_marches(muster, standing, land),
           *plays.upgrades(clan_sheet.dearest(state.rage[seat])), *plays.quests,
           *_pillages(state, seat, muster, clan_sheet, standing)]
    if "sacrifice-for-stat" in clan_sheet.rules:  # Frigga's Sacrifice, rarely on a sheet
        out += _sacrifices(state, seat, clan_sheet, muster.on_board)
    out.append(REST)
    return out


class _Land:
    """The provinces open to a figure at one moment (board.open_land: Yggdrasil first),
    with the invasions and the marches into them, each list made the first time it is
    asked for. A turn's listing is mostly these lists, and the same provinces stay open
    turn after turn, so each set of open provinces is read once (_LANDS: the board has
    nine outer provinces, so a few hundred sets at most) and what it lists is handed out
    again; it depends on nothing but the provinces and the figure, never on a state."""

    __slots__ = ("everywhere", "invading", "marching", "outer")

    def __init__(self, everywhere: tuple[str, ...]) -> None:
        self.everywhere = everywhere
        self.outer = everywhere[1:]
        # Looked up as dicts, made on a miss (Made): a listing asks for each kind in the
        # reserve and each kind in each province, and a method call per question was a
        # tenth of a listing.
        # (kind, from Valhalla) -> its invasions of the provinces, never a ship's: ships
        # go to the fjords
        self.invading: Made[tuple[str, bool], tuple[Action, ...]] = Made(self._invasions)
        # (figure, from) -> its marches; most are made afresh (a figure's place and the
        # open land vary)
        self.marching: Made[tuple[str, str], tuple[Action, ...]] = Made(self._marches)

    def _invasions(self, key: tuple[str, bool]) -> tuple[Action, ...]:
        """A figure of a kind invading the open provinces (Yggdrasil too for the Dark
        Elf)."""
        to = self.everywhere if _goes(key[0]) == 1 else self.outer
        return tuple(map(INVADES[key].__getitem__, to))

    def _marches(self, key: tuple[str, str]) -> tuple[Action, ...]:
        """A figure standing at a place marching to every other open province."""
        figure, here = key
        to = self.everywhere
        if here in to:
            at = to.index(here)
            to = to[:at] + to[at + 1:]
        return tuple(map(MARCHES[figure].__getitem__, to))


# the open provinces (board.open_land) -> what they list
_LANDS: Made[tuple[str, ...], _Land] = Made(_Land)


def _land(everywhere: tuple[str, ...]) -> _Land:
    """What the open provinces list: the last one again while open_land hands out the
    very tuple it read last (it does while no province fills or empties), without
    hashing the provinces to look it up."""
    last = _LAST_LAND[0]
    if last.everywhere is not everywhere:
        last = _LAST_LAND[0] = _LANDS[everywhere]
    return last


_LAST_LAND = [_LANDS[()]]  # the last land _land handed out


def _invasions(state: YggdrasilState, seat: int, muster: board.Muster, clan_sheet: Sheet,
               land: _Land) -> list[Action]:
    """Invasions from the reserve (and with Frigga's Domain from Valhalla): the open
    provinces' lists for every kind of figure, the open fjords for a ship
    (board.destinations says the rule)."""
    if board.stat(state, "horns", seat) - muster.on_board <= 0:
        return []
    rage = state.rage[seat]
    out: list[Action] = []
    costs, ships = clan_sheet.invade_costs, board.ships()
    for kind in muster.reserve:
        cost = costs.get(kind)  # board.cost_to_invade, read once per sheet and kind
        if cost is None:
            cost = board.cost_to_invade(clan_sheet, kind)
        if cost <= rage:
            out += _by_sea(state, kind, False) if kind in ships else \
                land.invading[kind, False]
    domain = clan_sheet.rules.get("invade-from-valhalla")
    if domain is not None and domain.params["rage"] <= rage:
        for kind in muster.valhalla:
            out += _by_sea(state, kind, True) if _goes(kind) == 2 else \
                land.invading[kind, True]
    return out


def _by_sea(state: YggdrasilState, kind: str, from_valhalla: bool) -> Iterator[Action]:
    """A ship's invasions: the open fjords."""
    return map(INVADES[kind, from_valhalla].__getitem__, board.open_fjords(state))


@cache
def _goes(kind: str) -> int:
    """Where a figure of `kind` invades, as _invasions indexes its places: 0 the outer
    provinces, 1 Yggdrasil too (the Dark Elf), 2 the fjords (a ship)."""
    if board.is_ship(kind):
        return 2
    return 1 if _into_yggdrasil(kind) else 0


def _into_yggdrasil(kind: str) -> bool:
    return kind in board.with_rule("invades-yggdrasil") and board.monster(kind) is not None


def offered(state: YggdrasilState, seat: int, action: Action) -> bool:
    """Whether `actions` lists `action`, worked out for that action alone (a save loads by
    checking every action it replays; listing the whole turn for each would be most of a
    load). A property test holds it to the listing."""
    rage = state.rage[seat]
    if rage <= 0 or state.phase != "action":
        return False
    if isinstance(action, Rest):
        return True
    if isinstance(action, Invade):
        return _may_invade(state, seat, action)
    if isinstance(action, March):
        figures = state.figures
        if action.figure not in figures:
            return False
        e = figures[action.figure]
        return e.owner == seat and not board.is_ship(e.kind) and e.at != action.to and \
            e.at in board.content().provinces and e.at not in state.destroyed and \
            action.to in board.content().provinces and board.room(state, action.to) > 0 and \
            action.figure in one_per_kind(state, board.own(state, seat, e.at))
    if isinstance(action, Upgrade | Quest):
        return action in (upgrades(state, seat) if isinstance(action, Upgrade)
                          else quest_plays(state, seat))
    if isinstance(action, Pillage):
        return action.province in board.content().provinces and \
            may_pillage(state, seat, action.province)
    return action in sacrifices(state, seat)


def _may_invade(state: YggdrasilState, seat: int, action: Invade) -> bool:
    kind, to = action.figure, action.to
    if board.horns_room(state, seat) <= 0:
        return False
    if action.from_valhalla:
        domain = board.rule(state, seat, "invade-from-valhalla")
        if domain is None or domain.params["rage"] > state.rage[seat] or \
                board.in_reserve(state, seat, kind, VALHALLA) is None:
            return False
    elif board.in_reserve(state, seat, kind) is None or \
            board.invade_cost(state, seat, kind) > state.rage[seat]:
        return False
    if board.is_ship(kind):
        return to in board.open_fjords(state)
    if to == YGGDRASIL:
        return _into_yggdrasil(kind)
    return to in board.content().provinces and to not in state.destroyed and \
        board.room(state, to) > 0


def _marches(muster: board.Muster, standing: tuple[str, ...], land: _Land) -> list[Action]:
    """Figures in a standing province march, never a ship (facts 29); one figure of a
    kind stands for all of its kind there (frames.one_per_kind: board.Muster keeps the
    first of each kind)."""
    places = muster.places
    if not places:  # nothing on the board (every clan at an Age's start)
        return []
    if len(places) == 1:  # most often the clan stands in one place: that one is asked
        (here,) = places
        asked: Iterable[str] = places if here in standing else ()
    else:
        asked = standing
    out: list[Action] = []
    ships = board.ships()
    for here in asked:
        kinds = places.get(here)
        if kinds:
            for kind, f in kinds.items():
                if kind not in ships:
                    out += land.marching[f, here]
    return out


def upgrades(state: YggdrasilState, seat: int) -> Sequence[Action]:
    return _plays(state, seat).upgrades(board.clan_sheet(state, seat).dearest(state.rage[seat]))


def quest_plays(state: YggdrasilState, seat: int) -> tuple[Action, ...]:
    return _plays(state, seat).quests


def _plays(state: YggdrasilState, seat: int) -> _Plays:
    """What `seat` may play from its hand beside its sheet now (_Plays), read once for each
    hand and sheet of a match: the hand stays as it is turn after turn while its clan
    marches and invades."""
    table = state.table
    faces, zones = table.faces, table.zones
    key = (zones[hand(seat)].cards, zones[sheet(seat)].cards)
    found = _HANDS.get(key)
    if found is None or found.faces is not faces:  # card ids name other faces in another match
        if len(_HANDS) >= HANDS_KEPT:
            _HANDS.clear()
        found = _HANDS[key] = _Plays(faces, *key)
    return found


class _Plays:
    """The upgrades and the quests a clan may play from one hand beside one sheet, one
    card of each face standing for its copies. An upgrade fits a slot, free or taken
    (the card there is replaced), at its cost (facts 30, Frigga's Charm); a monster may
    replace another even with a slot free (ruling 9).

    It depends on nothing but the cards' ids and their faces, which a match never
    changes (it holds the very faces it was read with, and is read again for others),
    and on the dearest printed cost the clan pays (Sheet.dearest), which changes with
    nearly every action: the upgrades are kept with their costs, and all of them at once
    for a clan that pays every one."""

    __slots__ = ("_everything", "_priced", "_top", "faces", "quests")

    def __init__(self, faces: dict[str, str], in_hand: tuple[str, ...],
                 on_sheet: tuple[str, ...]) -> None:
        # Loops written out: a comprehension is a call of its own, and a hand is read
        # afresh at every Age and after every card played from it.
        self.faces = faces
        slots: dict[str | None, list[str]] = {}
        for u in on_sheet:
            slots.setdefault(board.slot_of(faces[u]), []).append(u)
        quests: list[Action] = []
        # each upgrade face in hand order: its printed cost and its plays
        priced: list[tuple[int, list[Action]]] = []
        everything: list[Action] = []
        top = 0
        seen: set[str] = set()
        for c in in_hand:
            face = faces[c]
            played = _PLAYED[face]
            if played is None or face in seen:  # a battle card is not played
                continue
            seen.add(face)
            slot, cost, room = played
            if slot is None:
                quests.append(QUESTS[c])
                continue
            taken = slots.get(slot, ())
            plays: list[Action] = []
            if len(taken) < room:  # a slot is free
                plays.append(UPGRADES[c, ""])
            if not plays or slot == "monster":
                for u in taken:
                    plays.append(UPGRADES[c, u])
            priced.append((cost, plays))
            everything += plays
            if cost > top:
                top = cost
        self.quests = tuple(quests)
        self._priced, self._everything, self._top = priced, tuple(everything), top

    def upgrades(self, dearest: int) -> Sequence[Action]:
        """The upgrades whose printed cost is at most `dearest`."""
        if dearest >= self._top:
            return self._everything
        out: list[Action] = []
        for cost, plays in self._priced:
            if cost <= dearest:
                out += plays
        return out


HANDS_KEPT = 4096  # hands and sheets differ by the cards they hold: a bound, not a set
_HANDS: dict[tuple[tuple[str, ...], tuple[str, ...]], _Plays] = {}


def _played(face: str) -> tuple[str | None, int, int] | None:
    """How a card in hand is played, read once per face (every listing asks for each card
    in hand): the slot it takes (None: a quest), its printed cost and how many of that
    slot a sheet has; None for a battle card, which is not played."""
    card = board.content().cards[face]
    slot = board.slot_of(face)
    if slot is None:
        return (None, 0, 0) if card.kind == "quest" else None
    return slot, card.cost or 0, board.content().clan.slots[slot]


_PLAYED: Made[str, tuple[str | None, int, int] | None] = Made(_played)


def pillage_cost(state: YggdrasilState, seat: int, province: str) -> int | None:
    """0, Tyr's Challenge's Rage for a province pillaged already (ruling 16), or None."""
    if province not in state.pillaged:
        return 0
    again = board.rule(state, seat, "pillage-again")
    return None if again is None else again.params["rage"]


def may_pillage(state: YggdrasilState, seat: int, province: str) -> bool:
    cost = pillage_cost(state, seat, province)
    return cost is not None and cost <= state.rage[seat] and \
        province not in state.destroyed and board.in_battle(state, seat, province)


def _pillages(state: YggdrasilState, seat: int, muster: board.Muster, clan_sheet: Sheet,
              standing: tuple[str, ...]) -> list[Action]:
    """Standing provinces where the clan has a figure, or a ship in a fjord beside (what
    board.in_battle asks), at what pillaging there costs."""
    places = muster.places
    if not places:
        return []
    pillaged = state.pillaged
    again = clan_sheet.rules.get("pillage-again")
    if again is not None and again.params["rage"] <= state.rage[seat]:
        pillaged = set()  # Tyr's Challenge: pillaged ones too, at its cost
    if len(places) == 1:  # the clan stands in one place, most often a province
        (p,) = places
        if p in standing:
            return [] if p in pillaged else [PILLAGES[p]]
    held = board.reach(places)
    out: list[Action] = []
    for p in standing:  # a loop: a comprehension is a call of its own
        if p in held and p not in pillaged:
            out.append(PILLAGES[p])
    return out


def sacrifices(state: YggdrasilState, seat: int) -> list[Action]:
    return _sacrifices(state, seat, board.clan_sheet(state, seat),
                       len(board.on_board(state, seat)))


def _sacrifices(state: YggdrasilState, seat: int, clan_sheet: Sheet,
                on_board: int) -> list[Action]:
    rule = clan_sheet.rules.get("sacrifice-for-stat")
    if rule is None or on_board < rule.params["figures"]:
        return []
    return [SACRIFICES[stat] for stat in board.raisable(state, seat)]


_CARD_PLAYS = (Upgrade, Quest)  # made once: `Upgrade | Quest` is a new union at every turn


def listed(state: YggdrasilState, seat: int, action: Action) -> Action:
    """The form of `action` the listing offers: any Warrior stands for the first of its
    province, any copy of a card in hand for the first."""
    # Loops written out rather than next() over a generator: every turn's action asks.
    if isinstance(action, March):
        by_id = state.figures.by_id
        e = by_id.get(action.figure)
        if e is not None and e.owner == seat and e.kind == "warrior":
            for f in state.figures.ids_at(e.at):
                if f == action.figure:
                    return action
                other = by_id[f]
                if other.kind == "warrior" and other.owner == seat:
                    return dataclasses.replace(action, figure=f)
    elif isinstance(action, _CARD_PLAYS):
        in_hand = state.table.zones[hand(seat)].cards
        if action.card in in_hand:
            faces = state.table.faces
            face = faces[action.card]
            for c in in_hand:
                if c == action.card:
                    return action
                if faces[c] == face:
                    return dataclasses.replace(action, card=c)
    return action


def _is_place(key: str) -> bool:
    content = board.content()
    return key in content.provinces or any(f.key == key for f in content.board.fjords)


def _kind_name(kind: str) -> str:
    if kind in TROOPS:
        return kind
    m = board.monster(kind)
    return m.name if m is not None else excerpt(kind)


def refusal(state: YggdrasilState, seat: int, action: Action) -> str:
    """The rule an action breaks, in the rules' words."""
    if state.phase != "action":
        return f"clans take actions in the Action phase; this is the {state.phase} phase"
    if state.rage[seat] <= 0:
        return "with no Rage left you may take no action at all, not even a free one"
    rage = state.rage[seat]
    if isinstance(action, Invade | March) and not _is_place(action.to):
        return f"there is no place {excerpt(action.to)} on the board"
    if isinstance(action, Invade):
        if board.horns_room(state, seat) <= 0:
            return f"your figures on the board already equal your Horns " \
                   f"({board.stat(state, 'horns', seat)})"
        if action.from_valhalla and board.rule(state, seat, "invade-from-valhalla") is None:
            return "only Frigga's Domain invades from Valhalla"
        source = VALHALLA if action.from_valhalla else RESERVE
        if board.in_reserve(state, seat, action.figure, source) is None:
            return f"you have no {_kind_name(action.figure)} in your {source}"
        if action.to == YGGDRASIL:
            return "no figure invades Yggdrasil directly; march there (ruling 6)"
        if board.is_ship(action.figure) != board.is_fjord(action.to):
            return "ships invade fjords, and only ships do"
        if action.to in state.destroyed:
            return f"{place_name(action.to)} is destroyed"
        if not board.is_fjord(action.to) and board.room(state, action.to) <= 0:
            return f"{place_name(action.to)} has no empty village"
        cost = board.invade_cost(state, seat, action.figure)
        return f"that invasion costs {cost} Rage; you have {rage}"
    if isinstance(action, March):
        if action.figure not in state.figures or state.figures[action.figure].owner != seat:
            return "march your own figures"
        if board.is_ship(state.figures[action.figure].kind):
            return "ships never march"
        if board.is_fjord(state.figures[action.figure].at):
            return "nothing marches from a fjord"
        if board.is_fjord(action.to):
            return "a march ends in a province, never in a fjord"
        if action.to in state.destroyed or board.room(state, action.to) <= 0:
            return f"{place_name(action.to)} has no empty village"
        return "a march moves figures from one province to another"
    if isinstance(action, Upgrade | Quest):
        if action.card not in state.table.cards_in(hand(seat)):
            return "that card is not in your hand"
        card = board.card(state, action.card)
        if isinstance(action, Quest):
            return f"{card.name} is not a quest"
        if card.slot is None:
            return f"{card.name} is not an upgrade"
        cost = board.upgrade_cost(state, seat, card)
        if cost > rage:
            return f"{card.name} costs {cost} Rage; you have {rage}"
        if action.replace:
            if action.replace not in state.table.cards_in(sheet(seat)) or \
                    board.card(state, action.replace).slot != card.slot:
                return f"{card.name} replaces a {card.slot} upgrade on your sheet"
            return f"your {card.slot} slots have room: {card.name} replaces nothing"
        return f"your {card.slot} slots are full: name the upgrade it replaces"
    if isinstance(action, Pillage):
        if action.province not in board.content().provinces:
            return "pillage a province"
        if action.province in state.destroyed:
            return f"{place_name(action.province)} is destroyed"
        if not board.in_battle(state, seat, action.province):
            return "pillage a province where you have a figure (or a ship in its fjord)"
        cost = pillage_cost(state, seat, action.province)
        if cost is None:
            return f"{place_name(action.province)} has been pillaged this Age"
        return f"pillaging it again costs {cost} Rage; you have {rage}"
    if isinstance(action, Sacrifice):
        return "Frigga's Sacrifice needs the upgrade and two of your figures on the board"
    return f"that is not an action of the Action phase ({action.describe()})"


def perform(state: YggdrasilState, seat: int, action: Action) -> list[Event]:
    """Carry out a turn action checked or listed for `seat` (_PERFORMS: looked up by the
    action's class rather than asked of each in turn, as every turn carries one out)."""
    state.acted = True
    return _PERFORMS[type(action)](state, seat, action)


def _rest(state: YggdrasilState, seat: int, action: Rest) -> list[Event]:
    state.rage[seat] = 0
    return [Rested(seat=seat)]


def _invade(state: YggdrasilState, seat: int, action: Invade) -> list[Event]:
    if action.from_valhalla:
        cost = board.rule(state, seat, "invade-from-valhalla").params["rage"]  # type: ignore[union-attr]
        return invade(state, seat, action.figure, action.to, cost, "action", VALHALLA)
    cost = board.invade_cost(state, seat, action.figure)
    return invade(state, seat, action.figure, action.to, cost, "action")


def _march(state: YggdrasilState, seat: int, action: March) -> list[Event]:
    source = state.figures.by_id[action.figure].at
    state.rage[seat] -= 1
    state.figures.move(action.figure, action.to)
    march_on(state, seat, source, action.to)
    return [MARCHED(seat=seat, figure=action.figure,
                    figure_name=board.name(state, action.figure), source=source,
                    to=action.to, to_name=place_name(action.to), rage=1)]


def _quest(state: YggdrasilState, seat: int, action: Quest) -> list[Event]:
    put(state, action.card, quests(seat))
    return [QuestCommitted(seat=seat, card_name=board.name(state, action.card),
                           seen_by=frozenset({seat}))]


def _pillage(state: YggdrasilState, seat: int, action: Pillage) -> list[Event]:
    cost = pillage_cost(state, seat, action.province)
    return begin_pillage(state, seat, action.province, cost or 0)


def _sacrifice(state: YggdrasilState, seat: int, action: Sacrifice) -> list[Event]:
    state.frames.append(YggSacrifice(seats=(seat,), stat=action.stat))
    return []


def _upgrade(state: YggdrasilState, seat: int, action: Upgrade) -> list[Event]:
    """The card goes on the sheet (a replaced one to the discard, its monster out of the
    game: ruling 9); a troop or monster upgrade may bring a figure in free (ruling 8)."""
    card = board.card(state, action.card)
    cost = board.upgrade_cost(state, seat, card)
    state.rage[seat] -= cost
    replaced = ""
    if action.replace:
        old = board.card(state, action.replace)
        replaced = old.name
        if old.kind == "monster":
            state.figures.remove(figure_id(seat, old.key))
        put(state, action.replace, "discard")
    put(state, action.card, sheet(seat))
    events: list[Event] = [Upgraded(seat=seat, card=action.card, card_name=card.name,
                                    replaced=replaced, rage=cost)]
    if card.kind == "monster":
        state.figures.add(figure_id(seat, card.key), Entity(card.key, seat, RESERVE))
        offer(state, seat, (card.key,), "free")
    elif card.kind == "troop":
        assert card.troop is not None
        kinds = tuple(k for k in board.reserve_kinds(state, seat)
                      if (board.is_ship(k) if card.troop == "ship" else k == card.troop))
        offer(state, seat, kinds, "free")
    return events


# each turn action's class -> what carries it out
_PERFORMS: dict[type[Action], Callable[[YggdrasilState, int, Any], list[Event]]] = {
    Invade: _invade, March: _march, Upgrade: _upgrade, Quest: _quest, Pillage: _pillage,
    Sacrifice: _sacrifice, Rest: _rest}


def next_turn(state: YggdrasilState) -> list[Event] | None:
    """After an action the turn passes clockwise to the next clan with Rage; the phase ends
    when nobody has Rage or every standing province is pillaged (facts 27). Once the turn
    has passed the new active clan must act: None at once, rather than an empty list
    that has settling ask again for nothing after every turn."""
    pillaged, rage = state.pillaged, state.rage
    if (YGGDRASIL in pillaged and pillaged.issuperset(board.standing_now(state))) or \
            not any(rage):
        return ages.next_phase(state)
    active = state.active
    if not state.acted and rage[active] > 0:
        return None
    state.acted = False
    players = state.players
    for k in range(1, players + 1):
        seat = (active + k) % players
        if rage[seat] > 0:
            state.active = seat
            state.turn += 1
            return None
    return ages.next_phase(state)
