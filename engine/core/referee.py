"""Referee actions: the table overrides every game has.

Rulebooks have exceptions no engine foresees, so any card may be moved to any
zone or place, flipped, a pile shuffled, a counter set, free dice rolled, the
seat passed or a result declared. Enforced matches refuse these; assisted
matches log them as overrides; the sandbox table has nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.actions import Action
from engine.core.dice import DicePool
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import GameState, Outcome
from engine.core.table_events import (
    CardMoved,
    CardTurned,
    CounterSet,
    PileShuffled,
    ResultDeclared,
    Rolled,
    SeatPassed,
    seat_name,
)
from engine.core.zones import NOBODY, Layout, Table, Visibility, hidden_ref

FREE_LIMIT = 100_000  # table units; far beyond any board, but keeps saves sane
# The members as globals: `Layout.FREE` goes through the enum's class (some 150 ns), and
# every move a load replays, and every card a listing offers, asks.
_FREE, _STACK, _HIDDEN = Layout.FREE, Layout.STACK, Visibility.HIDDEN

NameOf = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class MoveCard(Action):
    kind = "move"
    referee = True
    card: str
    to: str
    index: int | None = None
    x: int | None = None
    y: int | None = None
    face_up: bool | None = None

    def describe(self) -> str:
        return f"move {self.card} to {self.to}"


@dataclass(frozen=True, slots=True)
class FlipCard(Action):
    kind = "flip"
    referee = True
    card: str

    def describe(self) -> str:
        return f"flip {self.card}"


@dataclass(frozen=True, slots=True)
class ShuffleZone(Action):
    kind = "shuffle"
    referee = True
    zone: str

    def describe(self) -> str:
        return f"shuffle {self.zone}"


@dataclass(frozen=True, slots=True)
class RollDice(Action):
    kind = "roll"
    referee = True
    pool: str

    def describe(self) -> str:
        return f"roll {self.pool}"


@dataclass(frozen=True, slots=True)
class SetCounter(Action):
    kind = "counter"
    referee = True
    name: str
    value: int

    def describe(self) -> str:
        return f"set {self.name} to {self.value}"


@dataclass(frozen=True, slots=True)
class PassSeat(Action):
    kind = "pass_seat"
    referee = True
    player: int

    def describe(self) -> str:
        return f"pass the seat to {seat_name(self.player)}"


@dataclass(frozen=True, slots=True)
class DeclareResult(Action):
    kind = "declare"
    referee = True
    winners: tuple[int, ...]

    def describe(self) -> str:
        return "declare the result"


def _card(table: Table, ref: str) -> str:
    try:
        return table.resolve(ref)
    except KeyError as exc:
        raise IllegalAction(str(exc.args[0])) from None


def check(state: GameState, action: Action) -> str | DicePool | None:
    """Raise IllegalAction when a referee action names something that does not exist;
    the id of the card a move or a flip names, the pool a roll names, None for the
    others. What is found is handed on so that it is read once (a card resolved twice
    cost a replayed sandbox table 3% of its load)."""
    table = state.table
    match action:
        case MoveCard():
            card = _card(table, action.card)
            if action.to not in table.zones:
                raise IllegalAction(f"there is no zone called {action.to!r}")
            if table.zones[action.to].layout is _FREE:
                if action.x is None or action.y is None:
                    raise IllegalAction(f"a card put on {table.zones[action.to].label} "
                                        "needs a position")
                if abs(action.x) > FREE_LIMIT or abs(action.y) > FREE_LIMIT:
                    raise IllegalAction("that position is off the table")
            if action.index is not None and action.index < 0:
                raise IllegalAction("a pile position cannot be negative")
            return card
        case FlipCard():
            return _card(table, action.card)
        case ShuffleZone():
            if action.zone not in table.zones:
                raise IllegalAction(f"there is no zone called {action.zone!r}")
            if len(table.cards_in(action.zone)) < 2:
                raise IllegalAction(f"{table.zones[action.zone].label} has fewer than two "
                                    "cards: nothing to shuffle")
        case RollDice():
            try:
                return DicePool.parse(action.pool)
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
        case SetCounter():
            if not action.name:
                raise IllegalAction("a counter needs a name")
        case PassSeat():
            if not 0 <= action.player < state.players:
                raise IllegalAction(f"there is no {seat_name(action.player)} at this table")
        case DeclareResult():
            if any(not 0 <= p < state.players for p in action.winners):
                raise IllegalAction("a winner named is not at this table")
            if len(set(action.winners)) != len(action.winners):
                raise IllegalAction("a winner is named twice")
        case _:
            raise IllegalAction(f"{action.kind!r} is not a referee action")
    return None


def apply(state: GameState, action: Action, actor: int, name_of: NameOf) -> list[Event]:
    """Check and perform a referee action; events tell the table what happened."""
    found = check(state, action)
    table = state.table
    match action:
        case MoveCard():
            assert isinstance(found, str)
            return [_move(state, action, found, actor, name_of)]
        case FlipCard():
            assert isinstance(found, str)
            return [_flip(state, found, actor, name_of)]
        case ShuffleZone():
            zone = table.zones[action.zone]
            table.shuffle(zone.name, state.rng)
            return [PileShuffled(seat=actor, zone=zone.name, label=zone.label,
                                 count=len(table.cards_in(zone.name)))]
        case RollDice():
            assert isinstance(found, DicePool)
            result = found.roll(state.rng)
            return [Rolled(seat=actor, pool=str(found), faces=tuple(result.faces),
                           total=result.total)]
        case SetCounter():
            old = table.counters.get(action.name, 0)
            table.counters[action.name] = action.value
            return [CounterSet(seat=actor, name=action.name, old=old, new=action.value)]
        case PassSeat():
            state.active = action.player
            return [SeatPassed(seat=actor, player=action.player)]
        case DeclareResult():
            state.result = Outcome(action.winners, f"declared by {seat_name(actor)}")
            return [ResultDeclared(seat=actor, winners=tuple(action.winners))]
    raise AssertionError(action)


def _move(state: GameState, action: MoveCard, card: str, actor: int,
          name_of: NameOf) -> Event:
    table = state.table
    src = table.zones[table.where[card]]
    knew = table.seats_seeing(card, state.players)
    pos = (action.x, action.y) if action.x is not None and action.y is not None else None
    table.move(card, action.to, action.index, pos)
    if action.face_up is not None:
        table.set_face(card, action.face_up)
    dest = table.zones[action.to]
    return CardMoved(seat=actor, card=name_of(table.faces[card]), card_id=card,
                     source="" if src.name == dest.name else src.label, to=dest.name,
                     to_label=dest.label, seen_by=_readers(knew, table, card, state.players))


def _flip(state: GameState, card: str, actor: int, name_of: NameOf) -> Event:
    table = state.table
    knew = table.seats_seeing(card, state.players)
    up = card not in table.face_up
    table.set_face(card, up)
    label = table.zones[table.where[card]].label
    # A flip inside a deck or a hand shows the card to nobody new: name it only to those
    # who see it, as moves do.
    return CardTurned(seat=actor, card=name_of(table.faces[card]), card_id=card, up=up,
                      place=label, seen_by=_readers(knew, table, card, state.players))


def _readers(knew: set[int], table: Table, card: str, players: int) -> frozenset[int] | None:
    """Who reads the name of `card`, just moved or turned, in the log: the seats that saw
    its face before (`knew`, which this fills) or see it now; None when every seat may.
    A card every seat saw before needs no second look, and most steps name nobody: they
    share the one empty set (a replayed free table made one for every hidden move)."""
    if len(knew) < players:
        knew |= table.seats_seeing(card, players)
        if len(knew) < players:
            return frozenset(knew) if knew else NOBODY
    return None


def legal_actions(state: GameState) -> list[Action]:
    """A representative, deterministic set of referee actions for random play and AI.

    Any card may go anywhere, so the full set is unbounded; this offers the
    top of every pile and every card in a spread or free zone, to every
    other zone (free zones at a spot derived from the card count), plus a
    flip, a shuffle, a roll, a seat pass and a declared end.
    """
    table = state.table
    viewer = state.to_move()
    out: list[Action] = []
    zone_names = list(table.zones)
    for name in zone_names:
        zone = table.zones[name]
        cards = zone.cards or []
        if not cards:
            continue
        first = len(cards) - 1 if zone.layout is _STACK else 0
        for index in range(first, len(cards)):
            card = cards[index]
            ref = card if table.visible_to(card, viewer) else hidden_ref(name, index)
            for dest in zone_names:
                dest_layout = table.zones[dest].layout
                if dest == name and dest_layout is not _FREE:
                    continue
                if dest_layout is _FREE:
                    n = len(table.cards_in(dest))
                    out.append(MoveCard(ref, dest, x=40 * (n % 12), y=60 * (n // 12)))
                else:
                    out.append(MoveCard(ref, dest))
            if zone.visibility is not _HIDDEN:
                out.append(FlipCard(ref))
        if len(cards) >= 2:
            out.append(ShuffleZone(name))
    out.append(RollDice("2d6"))
    if state.players > 1:
        out.append(PassSeat((state.active + 1) % state.players))
    out.append(DeclareResult((state.active,)))
    return out
