"""Nordguard's state: where every card is, where the team is, and who decides what.

Layout (the Qt table reads this; keep it in step with the code)
----------------------------------------------------------------

Card ids and faces (``table.faces[id]`` is the face; ``content.name_of(face)`` its name):

- characters ``ch-<key>`` with face ``char:<key>`` (e.g. ``ch-nickel``);
- items ``it-<key>-<n>`` with face ``item:<key>`` (n counts the copies from 1);
- locations ``frontier`` and ``destination`` (the blue backs), and ``s<set>-<key>[-<n>]``
  with face ``loc:<key>`` for the others (set counts from 1; n only for extra copies);
- events ``ev-<key>-<n>`` with face ``event:<key>``.

Zones (``table.zones``), all public unless said otherwise; public cards are face up
except the map's face-down locations:

- ``characters``: Character cards nobody has chosen (set-up only has use for it);
- ``team``: the chosen Character cards, in seat order;
- ``slots:<seat>``: the Items that seat's Character carries (at most its slots);
- ``item-pool``: the face-up Items to stock from during set-up; empty after "Set out";
- ``item-deck`` (hidden): the face-down Item deck. Its order never matters (every
  random draw shuffles first), so restocking names an item *kind*, not a card;
- ``item-spent``: limited Items whose printed uses ran out (out of this game);
- ``dropped``: Items lying at the team's location (dropped, found or stolen-and-left);
  they go to the Item deck the moment the team leaves;
- ``map``: the location cards in reading order: ``map.cards[i]`` lies on cell
  ``i`` = (row ``i // width``, column ``i % width``); row 0 is north, column 0 west.
  Frontier is cell 0 (the north-west corner), Destination the last cell. A
  face-down location is seen as ``?map#i`` in a view;
- ``event-deck`` (hidden), ``event-current`` (the event being resolved, face up),
  ``event-discard``;
- ``obstacles``: permanent events; ``state.placed[event] = location`` says which
  location card each lies on (it travels with that card when the map drifts).

Counters: ``table.counters["countdown"]`` is the days left, today included.
``state.turn`` is the day number (1 during set-up).

Phases (``state.phase``) and who decides (``state.active``, or ``state.prompt.player``):

- ``characters``: seat ``active`` (0, 1, ... in turn) chooses a free Character; its
  required starting items are taken from the pool at once;
- ``stock``: seat ``active`` takes items from the pool until its slots are full or it
  says done; then the next seat;
- ``study``: the map lies face up; the day-1 leader (seat 0) says "Set out": every
  location but Frontier and Destination turns face down, the pool becomes the deck;
- ``day``: the day's LEADER (seats take turns by day, seat 0 first) makes every team
  decision: the one move attempt, scouting, trades, drops, pick-ups, restocks, using
  items, answering prompts, and ending the day (designed: the rulebook says only that
  "the team" decides).

Inside a day, interruptions are prompts addressed to the leader (``prompt.kind``):
``combat`` (answers: Fire a gun, Strike with a set amount, StopFighting),
``event`` (NextEvent: the next of several events here), ``steal`` (GiveUp: the item a
thief takes, when the card lets the team choose), ``barter`` (Barter an item or
Decline a trader). ``state.attempt`` and ``state.run`` hold the move attempt or the
event that waits for the answer. Trades, drops and pick-ups stay legal while a prompt
is open (Rulebook: "at any point", "at any time"); a steal prompt's ``context`` lists
the items dropped while the thief waits, which it may still take.

Other fields:

- ``sled``: the team's cell; ``previous``: the location card it last left (a retreat "to
  where it came from" goes back to that card, wherever a shuffle or a drift has put it);
  ``departed``: the team has left Frontier once (starting items are checked until then);
- ``character[seat]``: the seat's Character card id; ``starting[seat]``: the item cards
  it must carry out of Frontier;
- ``uses[item]``: uses left of a limited item in play (absent: unlimited, or in a deck);
  ``worn``: items used at least once (they change hands with one use left);
- ``scouted["<card>/<i>"]``: dice faces rolled in advance for challenge ``i`` of a
  location or permanent event, counted by the next attempt to enter;
- today's flags: ``attempted`` (the one move attempt), ``scouted_today`` (Nickel),
  ``looked`` (the pairs of Binoculars that have looked today, each once a day) and
  ``surveyed`` (Binoculars), ``rerolled`` (Geri), ``restock_here`` (an event allows
  restocking until the team leaves).

A seat's view (``NordguardGame.view``) hides the decks and the face-down locations, and
``hide_unseen`` drops every card that seat cannot see from the fields above: no view names
a hidden card anywhere.

For the odds display, ``challenges.pending_check`` (also ``NordguardGame.pending_check``)
lists what every possible move would take, with exact chances.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from engine.boards.locationgrid import Cell, Direction
from engine.core.game import GameState
from engine.core.rng import Rng
from engine.core.zones import Table

CHARACTERS, TEAM = "characters", "team"
POOL, ITEM_DECK, SPENT, DROPPED = "item-pool", "item-deck", "item-spent", "dropped"
MAP = "map"
EVENT_DECK, EVENT_CURRENT, EVENT_DISCARD, OBSTACLES = (
    "event-deck", "event-current", "event-discard", "obstacles")
COUNTDOWN = "countdown"
FRONTIER, DESTINATION = "frontier", "destination"

SETUP_PHASES = ("characters", "stock", "study")


_SLOT_ZONES = tuple(f"slots:{seat}" for seat in range(8))  # asked on every legal_actions


def slots(seat: int) -> str:
    return _SLOT_ZONES[seat]


@cache
def _moves(width: int, height: int) -> tuple[list[tuple[Direction, int]], ...]:
    """Every cell's moves on a map of this size, worked out once (asked on every move)."""
    out = []
    for index in range(width * height):
        row, col = divmod(index, width)
        moves = []
        for direction in Direction:
            r, k = row + direction.value[0], col + direction.value[1]
            if 0 <= r < height and 0 <= k < width:
                moves.append((direction, r * width + k))
        out.append(moves)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Attempt:
    """A move attempt waiting on a combat check: where to, and what is left to meet.

    `queue` holds the challenges still to meet as (source card, index in its list);
    day costs wait in `days` until the team is through.
    """

    origin: int
    target: int
    queue: tuple[tuple[str, int], ...]
    days: int


@dataclass(frozen=True, slots=True)
class EventRun:
    """The event being resolved: its card, the effects still to do, events still to draw.

    An effect is named by its path: (i,) is the card's i-th effect, (i, j) the j-th
    thing that happens when the team fails the combat check of effect i. `waiting`
    is the effect waiting on the leader's answer (a combat, a thief, a trader).
    An empty `card` means the event is done and the next one waits to be drawn.
    """

    card: str
    todo: tuple[tuple[int, ...], ...]
    cell: int
    left: int
    waiting: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Combat:
    """A combat check under way: the card's total, the team's so far, set amounts used."""

    label: str
    need: int
    total: int
    struck: tuple[str, ...] = ()


class NordguardState(GameState):
    __slots__ = ("attempt", "attempted", "character", "combat", "departed", "height", "looked",
                 "phase", "placed", "previous", "rerolled", "restock_here", "run",
                 "scouted", "scouted_today", "sled", "starting", "steal_left", "surveyed",
                 "uses", "width", "worn")

    def __init__(self, players: int, table: Table, rng: Rng, width: int, height: int) -> None:
        super().__init__(players, table, rng)
        self.phase = "characters"
        self.width = width
        self.height = height
        self.sled = 0
        self.previous: str | None = None
        self.departed = False
        self.character: list[str | None] = [None] * players
        self.starting: list[tuple[str, ...]] = [()] * players
        self.uses: dict[str, int] = {}
        self.worn: set[str] = set()
        self.placed: dict[str, str] = {}
        self.scouted: dict[str, tuple[int, ...]] = {}
        self.attempted = False
        self.looked: set[str] = set()
        self.surveyed = False
        self.scouted_today = False
        self.rerolled = False
        self.restock_here = False
        self.attempt: Attempt | None = None
        self.run: EventRun | None = None
        self.combat: Combat | None = None
        self.steal_left = 0

    def clone(self) -> NordguardState:
        new = NordguardState.__new__(NordguardState)
        self.copy_base_into(new)
        new.phase = self.phase
        new.width = self.width
        new.height = self.height
        new.sled = self.sled
        new.previous = self.previous
        new.departed = self.departed
        new.character = list(self.character)
        new.starting = list(self.starting)
        new.uses = dict(self.uses)
        new.worn = set(self.worn)
        new.placed = dict(self.placed)
        new.scouted = dict(self.scouted)
        new.attempted = self.attempted
        new.looked = set(self.looked)
        new.surveyed = self.surveyed
        new.scouted_today = self.scouted_today
        new.rerolled = self.rerolled
        new.restock_here = self.restock_here
        new.attempt = self.attempt
        new.run = self.run
        new.combat = self.combat
        new.steal_left = self.steal_left
        return new

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out.update({
            "phase": self.phase, "width": self.width, "height": self.height,
            "sled": self.sled, "previous": self.previous, "departed": self.departed,
            "character": list(self.character),
            "starting": [list(s) for s in self.starting],
            "uses": dict(sorted(self.uses.items())), "worn": sorted(self.worn),
            "placed": dict(sorted(self.placed.items())),
            "scouted": {k: list(v) for k, v in sorted(self.scouted.items())},
            "today": [self.attempted, sorted(self.looked), self.surveyed, self.scouted_today,
                      self.rerolled, self.restock_here],
            "attempt": None if self.attempt is None else [
                self.attempt.origin, self.attempt.target,
                [list(q) for q in self.attempt.queue], self.attempt.days],
            "run": None if self.run is None else [
                self.run.card, [list(p) for p in self.run.todo], self.run.cell, self.run.left,
                list(self.run.waiting)],
            "combat": None if self.combat is None else [
                self.combat.label, self.combat.need, self.combat.total, list(self.combat.struck)],
            "steal_left": self.steal_left,
        })
        return out

    # -- reading the board ----------------------------------------------------------------
    @property
    def countdown(self) -> int:
        return self.table.counters[COUNTDOWN]

    def cell(self, index: int) -> Cell:
        return Cell(index // self.width, index % self.width)

    def index(self, cell: Cell) -> int:
        return cell.row * self.width + cell.col

    def location_at(self, index: int) -> str:
        """The location card lying on cell `index`."""
        cards = self.table.zones[MAP].cards
        assert cards is not None
        return cards[index]

    def neighbour(self, index: int, direction: Direction) -> int | None:
        d_row, d_col = direction.value
        row, col = index // self.width + d_row, index % self.width + d_col
        if 0 <= row < self.height and 0 <= col < self.width:
            return row * self.width + col
        return None

    def neighbours(self, index: int) -> list[tuple[Direction, int]]:
        """The moves from `index`, in the order N, E, S, W."""
        return _moves(self.width, self.height)[index]

    @property
    def destination_cell(self) -> int:
        return self.width * self.height - 1

    def carried(self, seat: int) -> list[str]:
        cards = self.table.zones[slots(seat)].cards
        assert cards is not None
        return cards

    def team_items(self) -> list[tuple[int, str]]:
        """(seat, item) for every item the team carries, seat by seat."""
        zones = self.table.zones
        return [(seat, item) for seat in range(self.players)
                for item in zones[_SLOT_ZONES[seat]].cards or ()]

    def holder(self, item: str) -> int | None:
        zone = self.table.where.get(item, "")
        return int(zone[6:]) if zone.startswith("slots:") else None

    def carrier(self, item: str) -> int:
        """The seat carrying `item`, which the caller knows is carried."""
        seat = self.holder(item)
        assert seat is not None, f"{item} is not carried"
        return seat

    def obstacles_on(self, location: str) -> list[str]:
        """Permanent events lying on `location`, in the order they were placed."""
        return [ev for ev in self.table.cards_in(OBSTACLES) if self.placed.get(ev) == location]


def hide_unseen(s: NordguardState, known: Collection[str]) -> None:
    """Forget, in a view, every card id outside `known` (the cards its seat can see) from
    the fields above; what is left is what the seat itself could note down at the table."""
    s.starting = [tuple(card for card in cards if card in known) for cards in s.starting]
    s.uses = {card: n for card, n in s.uses.items() if card in known}
    s.worn = {card for card in s.worn if card in known}
    s.looked = {card for card in s.looked if card in known}
    s.placed = {ev: loc for ev, loc in s.placed.items() if ev in known and loc in known}
    s.scouted = {key: faces for key, faces in s.scouted.items()
                 if key.partition("/")[0] in known}
    if s.previous is not None and s.previous not in known:
        s.previous = None
    if s.attempt is not None:
        s.attempt = replace(s.attempt, queue=tuple(q for q in s.attempt.queue if q[0] in known))
    if s.run is not None and s.run.card and s.run.card not in known:
        s.run = replace(s.run, card="")
    if s.combat is not None:
        s.combat = replace(s.combat, struck=tuple(c for c in s.combat.struck if c in known))
    if s.prompt is not None:
        s.prompt = replace(s.prompt, context=tuple(c for c in s.prompt.context if c in known))
