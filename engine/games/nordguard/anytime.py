"""Trades, drops and pick-ups, allowed at any point; and the questions they stay open beside.

Rulebook, Key Terms: Trade — players in the same location may trade items "at any
point"; Drop — items may be dropped "at any time", and anyone there may pick them
up. So these three are turn actions, and every question the day's leader is asked
(a `Question`: a combat check, a thief's pick, a trader's offer, the next of several
events) offers them beside its own answers. Taking one never answers the question: the
frame is pushed again, changed where the question says so (a thief remembers what was
dropped under its nose). Restocking, scouting, using an item and ending the day wait
for the answer (designed: the rulebook's "at any time" speaks of trading and dropping).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from engine.core.actions import Action, Made
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.frames import Frame
from engine.core.game import GameState
from engine.games.nordguard.actions import Drop, PickUp, Trade
from engine.games.nordguard.build import MAX_PLAYERS
from engine.games.nordguard.content import NordguardContent
from engine.games.nordguard.english import possessive
from engine.games.nordguard.events import Dropped, PickedUp, Traded
from engine.games.nordguard.items import (
    content_of,
    drop,
    give,
    has_room,
    name,
    roster,
    seats_with_room,
    starting_held,
    who,
)
from engine.games.nordguard.state import DROPPED, SLOT_ZONES, NordguardState

FREE_ACTIONS = (Trade, Drop, PickUp)  # also legal while a question is open


def free_actions(c: NordguardContent, s: NordguardState, leaving: bool = False,
                 rooms: list[int] | None = None,
                 hands: list[tuple[str, ...]] | None = None) -> list[Action]:
    """Trades, drops and pick-ups, in a fixed order: each carried item's trades, seat by
    seat; every carried item's drop; each item lying here's pick-ups. `leaving`: the
    team's first move attempt out of Frontier is under way; `rooms` (the seats with a
    free slot) and `hands` (each seat's carried items) when the caller has them."""
    zones = s.table.zones
    if rooms is None:
        rooms = seats_with_room(c, s)
    if hands is None:
        hands = [zones[zone].cards for zone in SLOT_ZONES[:s.players]]
    if leaving:
        held = starting_held(s, leaving)
        hands = [tuple(card for card in cards if card not in held) for cards in hands]
    out: list[Action] = []
    if rooms:
        _trades(hands, rooms, out)
    for cards in hands:
        out += map(DROPS.__getitem__, cards)
    dropped = zones[DROPPED].cards
    if dropped and rooms:
        if len(rooms) == 1:
            out += map(PICK_UPS[rooms[0]].__getitem__, dropped)
        else:  # no list made per card: that cost more than the actions' look-ups
            rows = [PICK_UPS[to] for to in rooms]
            append = out.append
            for card in dropped:
                for row in rows:
                    append(row[card])
    return out


def _trades(hands: list[tuple[str, ...]], rooms: list[int], out: list[Action]) -> None:
    """Each carried item traded to each other seat with room, item by item, seat by seat.
    One other seat with room (the commonest, with two players) is listed a hand at a
    time."""
    if len(rooms) == 1:
        to = rooms[0]
        row = TRADES[to].__getitem__
        for seat, cards in enumerate(hands):
            if seat != to:
                out += map(row, cards)
        return
    for seat, cards in enumerate(hands):
        rows = [TRADES[to] for to in rooms if to != seat]
        if len(rows) == 1:  # one other seat with room: the hand in one pass
            out += map(rows[0].__getitem__, cards)
        else:
            for card in cards:
                out += [row[card] for row in rows]


# Events are immutable facts, made once and handed out again (a trade, drop or pick-up is
# most of a random game's moves, and making a frozen dataclass cost more than the move).
TRADED = cache(Traded)
DROPPED_EVENT = cache(Dropped)
PICKED_UP = cache(PickedUp)


def check_free(c: NordguardContent, s: NordguardState, action: Action,
               leaving: bool = False) -> None:
    """Raise IllegalAction with the rule's reason unless this trade, drop or pick-up may
    be made now."""
    match action:
        case Trade():
            holder = s.holder(action.item)
            if holder is None:
                raise IllegalAction("only an item a Character carries can be traded")
            check_seat(s, action.to)
            if holder == action.to:
                raise IllegalAction("that Character carries it already")
            if not has_room(c, s, action.to):
                raise IllegalAction(f"{possessive(who(c, s, action.to))} item slots are full: "
                                    "nobody may exceed their slots (Rulebook, The Team)")
            _check_not_leaving_with(c, s, action.item, leaving)
        case Drop():
            if s.holder(action.item) is None:
                raise IllegalAction("only an item a Character carries can be dropped")
            _check_not_leaving_with(c, s, action.item, leaving)
        case PickUp():
            if s.table.where.get(action.item) != DROPPED:
                raise IllegalAction("only an item lying here can be picked up "
                                    "(Rulebook, Drop)")
            check_seat(s, action.to)
            if not has_room(c, s, action.to):
                raise IllegalAction(f"{possessive(who(c, s, action.to))} item slots are full")


def check_seat(s: NordguardState, seat: int) -> None:
    if not 0 <= seat < s.players:
        raise IllegalAction(f"there is no Player {seat + 1} in this team")


def _check_not_leaving_with(c: NordguardContent, s: NordguardState, item: str,
                            leaving: bool) -> None:
    """A starting item stays in its Character's hands while the team first leaves."""
    if item in starting_held(s, leaving):
        raise IllegalAction(f"{who(c, s, s.carrier(item))} must carry the starting "
                            f"{name(c, s, item)} when the team first leaves Frontier, and "
                            "the team is leaving now (Rulebook, Starting Items)")


def do_free(c: NordguardContent, s: NordguardState, action: Action) -> list[Event]:
    """Make a checked trade, drop or pick-up."""
    return DO_FREE[type(action)](c, s, action)


def _trade(c: NordguardContent, s: NordguardState, action: Trade) -> list[Event]:
    item, to = action.item, action.to
    giver = s.carrier(item)
    give(c, s, item, to)
    names = roster(c, s).names
    return [TRADED(names[giver], names[to], item, c.name_of(s.table.faces[item]),
                   s.uses.get(item))]


def _drop(c: NordguardContent, s: NordguardState, action: Drop) -> list[Event]:
    item = action.item
    giver = s.carrier(item)
    drop(s, item)
    return [DROPPED_EVENT(roster(c, s).names[giver], item, c.name_of(s.table.faces[item]))]


def _pick_up(c: NordguardContent, s: NordguardState, action: PickUp) -> list[Event]:
    item = action.item
    give(c, s, item, action.to)
    return [PICKED_UP(roster(c, s).names[action.to], item, c.name_of(s.table.faces[item]))]


# The free actions by their class: a trade, drop or pick-up is most of a random game's
# moves, and matching an action against class patterns cost more than the look-up.
DO_FREE: dict[type[Action], Callable[[NordguardContent, NordguardState, Any], list[Event]]] = {
    Trade: _trade, Drop: _drop, PickUp: _pick_up}


@dataclass(frozen=True, slots=True)
class Question(Frame):
    """A question to the day's leader (its seat): the question's own answers (`replies`,
    of the kinds `replies_to`), then the trades, drops and pick-ups allowed at any time.

    A subclass gives `replies` and `reply`, and may say why an answer of its kinds is not
    one now (`why_not`) and what a free action changes about it (`after_free`).
    """

    replies_to: ClassVar[tuple[type[Action], ...]] = ()
    leaving: ClassVar[bool] = False  # asked while the team first leaves Frontier

    def replies(self, s: NordguardState) -> list[Action]:
        """The question's own answers, in a fixed order (the table's buttons)."""
        raise NotImplementedError

    def reply(self, s: NordguardState, action: Action) -> list[Event]:
        """Carry out one of `replies` (the frame is off the stack)."""
        raise NotImplementedError

    def why_not(self, s: NordguardState, action: Action) -> str:
        """Why an answer of the kinds this question takes is not one of its answers now."""
        return f"that does not answer {self.prompt_text(s)}"

    def after_free(self, s: NordguardState, action: Action) -> list[Event]:
        """A trade, drop or pick-up was made while the question was open: it stays open."""
        s.frames.append(self)
        return []

    # -- the core's side --------------------------------------------------------------------
    def answers(self, state: GameState, seat: int) -> list[Action]:
        assert isinstance(state, NordguardState)
        return self.replies(state) + free_actions(content_of(state), state, self.leaving)

    def answer(self, state: GameState, seat: int, action: Action) -> list[Event]:
        assert isinstance(state, NordguardState)
        if isinstance(action, FREE_ACTIONS):
            return do_free(content_of(state), state, action) + self.after_free(state, action)
        return self.reply(state, action)

    def refusal(self, state: GameState, seat: int, action: Action) -> str | None:
        assert isinstance(state, NordguardState)
        if isinstance(action, FREE_ACTIONS):
            try:
                check_free(content_of(state), state, action, self.leaving)
            except IllegalAction as exc:
                return exc.reason
            return None
        if not isinstance(action, self.replies_to):
            return (f"answer the question first: {self.prompt_text(state)} (trades, drops "
                    "and pick-ups may still be made)")
        if action not in self.replies(state):
            return self.why_not(state, action)
        return None


def open_question(s: NordguardState) -> Question | None:
    """The question waiting for the leader on top of the frames, or None."""
    frames = s.frames
    top = frames[-1] if frames else None
    return top if isinstance(top, Question) else None


def _to(kind: type[Trade] | type[PickUp], to: int) -> Made[str, Action]:
    """Card id -> its action of `kind` to seat `to`."""
    return Made(lambda card: kind(card, to))


# Actions are immutable values, made once and handed out again (see engine.core.actions).
TRADES = tuple(_to(Trade, to) for to in range(MAX_PLAYERS))  # TRADES[to][card]
PICK_UPS = tuple(_to(PickUp, to) for to in range(MAX_PLAYERS))  # PICK_UPS[to][card]
DROPS: Made[str, Action] = Made(Drop)
