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

Phases (``state.phase``) and who decides (``state.active``, or the seat of the open frame):

- ``characters``: seat ``active`` (0, 1, ... in turn) chooses a free Character; its
  required starting items are taken from the pool at once;
- ``stock``: seat ``active`` takes items from the pool until its slots are full or it
  says done; then the next seat;
- ``study``: the map lies face up; the day-1 leader (seat 0) says "Set out": every
  location but Frontier and Destination turns face down, the pool becomes the deck;
- ``day``: the day's LEADER (seats take turns by day, seat 0 first) makes every team
  decision: the one move attempt, scouting, trades, drops, pick-ups, restocks, using
  items, answering questions, and ending the day (designed: the rulebook says only that
  "the team" decides).

Inside a day, what the rules still have to do and what they ask are core frames on
``state.frames`` (engine.core.frames; Nordguard's are in flow.py, combat.py and
anytime.py), top last; the first thing to happen is on top:

- a move attempt pushes ``EnterLocation`` (target cell, days the entry costs) and above
  it one ``MeetChallenge`` per challenge still to meet (source card, index), the first
  on top; a failure takes the rest of the attempt off the stack (no event is drawn);
- an event drawn pushes ``FinishEvent`` (its card, the cell, how many events are still
  to draw there) and above it one ``EventStep`` per effect (the effect's path: (i,) the
  card's i-th effect, (i, j) the j-th thing that happens when its combat check fails);
  a retreat takes the event's remaining steps off;
- questions to the leader (``Question`` frames, engine.games.nordguard.anytime):
  ``EntryCombat`` / ``EventCombat`` (a combat check: its label, the card's total, the
  team's total, the set amounts used; ``state.combat`` is the one open), answered with
  Fire, Strike or StopFighting; ``MoreEvents`` (NextEvent: draw the next of several
  events here); ``ThiefsPick`` (GiveUp: the item a thief takes, when the card lets the
  team choose; ``dropped`` lists the items dropped while it waits, which it may still
  take); ``TraderOffer`` (Barter an item, or Decline).

Every question also offers the leader trades, drops and pick-ups (Rulebook: "at any
point", "at any time"): taking one leaves the question open.

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
  restocking until the team leaves);
- ``content``: the cards the table is played with (what each Item and Character does is
  its modifiers, read into ``content.powers``); shared by clones and views, never saved.
- ``derived``: what the rules work out again on every move (each seat's slots and the
  Characters' powers, a location's challenges), keyed so that no state reads an answer
  made from another; shared by clones, never saved, never in a seat's view (it knows
  face-down locations the rules looked at).
- ``stock_read``: the Item deck by kind as last read, with the zones out of view it was
  read from (items.stock); handed to clones, never to a seat's view, never saved.

A seat's view hides the decks and the face-down locations, and (generated from the
declaration, engine.core.declared) drops every card that seat cannot see from the fields
above and the frames: no view names a hidden card anywhere.

For the odds display, ``challenges.pending_check`` (also ``NordguardGame.pending_check``)
lists what every possible move would take, with exact chances.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from engine.boards.locationgrid import Cell, Direction
from engine.core.declared import state_field
from engine.core.game import GameState
from engine.core.rng import Rng
from engine.core.zones import Table
from engine.games.nordguard.content import NordguardContent

if TYPE_CHECKING:  # what the tables of Derived hold (those modules read this one)
    from engine.games.nordguard.actions import Restock
    from engine.games.nordguard.challenges import Source
    from engine.games.nordguard.items import Roster, Stock

CHARACTERS, TEAM = "characters", "team"
POOL, ITEM_DECK, SPENT, DROPPED = "item-pool", "item-deck", "item-spent", "dropped"
MAP = "map"
EVENT_DECK, EVENT_CURRENT, EVENT_DISCARD, OBSTACLES = (
    "event-deck", "event-current", "event-discard", "obstacles")
COUNTDOWN = "countdown"
FRONTIER, DESTINATION = "frontier", "destination"

SETUP_PHASES = ("characters", "stock", "study")


SLOT_ZONES = tuple(f"slots:{seat}" for seat in range(8))  # asked on every legal_actions


_SEAT_OF = {zone: seat for seat, zone in enumerate(SLOT_ZONES)}


def slots(seat: int) -> str:
    return SLOT_ZONES[seat]


@cache
def cell_moves(width: int, height: int) -> tuple[list[tuple[Direction, int]], ...]:
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


@cache
def cells_next_to(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Every cell's neighbours on a map of this size, N, E, S, W (`next_to` of each cell,
    for the checks made after every action)."""
    return tuple(tuple(cell for _, cell in moves) for moves in cell_moves(width, height))


class Derived:
    """Answers worked out from a state, kept for the states after it.

    Clones share one Derived (a seat's view makes its own), and undo or another branch
    of play may hand it states that differ in anything: every table here is keyed by all
    its answer is made
    from (card ids keep their face for a match), so a state never reads an answer that
    is not its own. Teams and location cards are few; the tables keyed by the items in
    view are emptied when they grow past LIMIT.
    """

    LIMIT = 1024

    __slots__ = ("offers", "roster", "rosters", "sources", "stock", "stocks")

    def __init__(self) -> None:
        self.rosters: dict[tuple[str | None, ...], Roster] = {}  # by state.character
        self.roster: Roster | None = None  # the last one asked for
        self.sources: dict[str, tuple[Source, ...]] = {}  # a location card, no obstacles
        self.stock: dict[frozenset[str], Stock] = {}  # by the items in view
        self.stocks: dict[tuple[tuple[str, int], ...], Stock] = {}  # by the deck's kinds
        # a Stock's restocks by the seats with room, by the kinds left in the deck
        self.offers: dict[tuple[str, ...], dict[tuple[int, ...], tuple[Restock, ...]]] = {}


class NordguardState(GameState):
    """The whole run, declared field by field (engine.core.declared makes clone, JSON,
    hash and views: a seat's view leaves out every card id it cannot see — ids name
    kinds, 'it-rifle-2' — from the records below, as from the table)."""

    width: int
    height: int
    phase: str = state_field(default="characters", view="public")  # a word, never a card
    sled: int = 0
    previous: str | None = None
    departed: bool = False
    character: tuple[str | None, ...] = ()
    starting: tuple[tuple[str, ...], ...] = ()
    uses: dict[str, int] = state_field(dict)
    worn: frozenset[str] = frozenset()
    placed: dict[str, str] = state_field(dict)
    scouted: dict[str, tuple[int, ...]] = state_field(dict)
    attempted: bool = False
    looked: frozenset[str] = frozenset()
    surveyed: bool = False
    scouted_today: bool = False
    rerolled: bool = False
    restock_here: bool = False
    # The cards this table is played with (set by the set-up; shared by clones and views).
    content: NordguardContent | None = state_field(default=None, cache=True, view="public")
    # What the rules work out from the team and the map and ask again on every move
    # (engine.games.nordguard.items.roster); shared by clones, never saved, and never
    # handed to a seat's view: it knows the face-down locations the rules looked at.
    derived: Derived | None = state_field(default=None, cache=True)
    # The Item deck by kind as last read, with the zones out of view it was read from
    # (engine.games.nordguard.items.stock); handed to clones, never to a seat's view (it
    # holds the decks in order: a cache not declared public is not), never saved.
    stock_read: tuple[Any, ...] | None = state_field(default=None, cache=True)

    def __init__(self, players: int, table: Table, rng: Rng, width: int, height: int,
                 content: NordguardContent | None = None) -> None:
        super().__init__(players, table, rng)
        self.content = content
        self.derived = Derived()
        self.width = width
        self.height = height
        self.character = (None,) * players
        self.starting = ((),) * players

    # -- reading the board ----------------------------------------------------------------
    @property
    def combat(self) -> Any:
        """The combat check under way (the CombatCheck frame waiting on top), or None."""
        frames = self.frames
        top = frames[-1] if frames else None
        return top if getattr(top, "fighting", False) else None

    @property
    def countdown(self) -> int:
        return self.table.counters[COUNTDOWN]

    def cell(self, index: int) -> Cell:
        return Cell(index // self.width, index % self.width)

    def index(self, cell: Cell) -> int:
        return cell.row * self.width + cell.col

    def location_at(self, index: int) -> str:
        """The location card lying on cell `index`."""
        return self.table.zones[MAP].cards[index]

    def neighbour(self, index: int, direction: Direction) -> int | None:
        d_row, d_col = direction.value
        row, col = index // self.width + d_row, index % self.width + d_col
        if 0 <= row < self.height and 0 <= col < self.width:
            return row * self.width + col
        return None

    def neighbours(self, index: int) -> list[tuple[Direction, int]]:
        """The moves from `index`, in the order N, E, S, W."""
        return cell_moves(self.width, self.height)[index]

    def next_to(self, index: int) -> tuple[int, ...]:
        """The cells of those moves (the same order)."""
        return cells_next_to(self.width, self.height)[index]

    @property
    def destination_cell(self) -> int:
        return self.width * self.height - 1

    def carried(self, seat: int) -> tuple[str, ...]:
        return self.table.zones[slots(seat)].cards

    def team_items(self) -> list[tuple[int, str]]:
        """(seat, item) for every item the team carries, seat by seat."""
        zones = self.table.zones
        return [(seat, item) for seat in range(self.players)
                for item in zones[SLOT_ZONES[seat]].cards]

    def holder(self, item: str) -> int | None:
        return _SEAT_OF.get(self.table.where.get(item, ""))

    def carrier(self, item: str) -> int:
        """The seat carrying `item`, which the caller knows is carried."""
        seat = self.holder(item)
        assert seat is not None, f"{item} is not carried"
        return seat

    def obstacles_on(self, location: str) -> list[str]:
        """Permanent events lying on `location`, in the order they were placed."""
        return [ev for ev in self.table.cards_in(OBSTACLES) if self.placed.get(ev) == location]
