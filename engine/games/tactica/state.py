"""TACTICA's match state: where every card is, what happened this turn, who decides.

Layout (what the table UI reads)
================================

Seats and decks. Two seats: seat 0 plays the SUN deck ("Player 1"), seat 1
the MOON deck. Card ids say the deck, the face and a number, e.g.
``sun-foot-3``, ``moon-negate-1``, ``sun-wall-5``, ``moon-landmark-2``;
the ten shared training cards are ``training-01`` .. ``training-10``.
``owner_of(card)`` reads the seat from the id; ``table.faces[card]`` is the
face key (``champion foot crossbow archer crown disengage engineer horse
negate press rescue saved shieldwall spy wall landmark training``).

Zones (``state.table``), ``p`` being the seat:

=================  ==========  ==========================================
zone               visibility  holds
=================  ==========  ==========================================
``troops:p``       hidden      the troop pile (face down, top = last)
``tactics:p``      hidden      the tactics pile
``barracks:p``     owner       the hand; cards the opponent has seen (a SPY,
                               a card returned from play) are face up
``resupply:p``     public      out for this battle, back at the next one
``lost:p``         public      out for the rest of the war
``hostages:p``     public      enemy troops *p* has captured
``features:p``     public      *p*'s walls and landmarks not on the field
``trained:p``      public      training cards under *p*'s troops (owner-only
                               with the honour rule; face up while a SPY has
                               shown them to the opponent, until RESOLUTION)
``searching:p``    owner       *p*'s troop and tactics piles while *p* looks
                               through them (SPY in MOVEMENT); else empty
``training``       public      the shared training pile
``field``          public      troops, walls and landmarks on the field
``played``         public      tactics cards played this turn, until RESOLUTION
=================  ==========  ==========================================

The field. ``field`` is a free zone whose positions are axial hex
coordinates ``(q, r)`` (``engine.boards.hexgrid.Hex(q, r)``), on a
pointy-topped, odd-r ``HexField`` of the size in assets/tactica/field.json:
SUN's wall row at the bottom, MOON's at the top. A wall and a troop may
share a hex (a troop standing on a wall); nothing else shares. Landmark
cards show ``state.landmark_side[card]`` ("ridge" or "ravine") face up.
Terrain follows from the landmarks (``field.terrain_map``).

Per-troop facts. ``training[troop] = (training card, level 1|2)``;
``damage[troop]`` is this turn's damage and ``mov_spent[troop]`` the MOV it
has spent this turn (both cleared in RESOLUTION). Turn
modifiers (``def_bonus``, ``press``, ``off_bonus``, ``unlocked``,
``engineered``, ``climbers``, ``disengage_to``, ``saved_by``) are keyed by
troop id and cleared in RESOLUTION; the played cards that caused them are in
``played`` with their RESOLUTION destination in ``routes``.

Phases. ``phase`` is LANDMARKS and DEPLOYMENT before a battle's first turn,
then MUSTER, MOVEMENT, COMBAT, RESOLUTION for each turn of ``active``;
OVER when the match has a result. ``musters_left`` and ``moves_left`` count
what is left of the phase.

Who decides. ``frames`` (the core's stack, engine.core.frames) holds what
interrupts the turn, top last; each frame (engine.games.tactica.frames) names
the seat it asks: a NEGATE chain, a counter window after an attack or an
engaging move, HORSE's group move, SHIELDWALL's and SAVED's swaps, SPY's
choices, a ransom, where a rescued Champion appears. With no frame, ``active``
decides. ``swaps_due`` lists the seats whose SAVED swap waits for the end of
MOVEMENT. The rules log names every draw, shuffle, capture and random choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.core.actions import looked_up
from engine.core.declared import state_field
from engine.core.game import GameState
from engine.core.options import GameOptions
from engine.core.rng import Rng
from engine.core.zones import Table
from engine.games.tactica.field import Coord

SIDES = ("sun", "moon")
SIDE_NAMES = ("SUN", "MOON")

FIELD, PLAYED, TRAINING = "field", "played", "training"


class Phase(StrEnum):
    LANDMARKS = "LANDMARKS"
    DEPLOYMENT = "DEPLOYMENT"
    MUSTER = "MUSTER"
    MOVEMENT = "MOVEMENT"
    COMBAT = "COMBAT"
    RESOLUTION = "RESOLUTION"
    OVER = "OVER"


# The phases as plain names, the very members. Python 3.11 looks `Phase.MUSTER` up through
# the enum metaclass's __getattr__ hook, some 400 ns a look, and the rules ask which phase
# it is several times an action (2% of a load's instructions, under callgrind).
LANDMARKS, DEPLOYMENT, MUSTER, MOVEMENT, COMBAT, RESOLUTION, OVER = Phase


TURN_PHASES = (MUSTER, MOVEMENT, COMBAT, RESOLUTION)
"""The four phases of every turn, in order: what the table's phase bar shows."""


def _per_seat(kind: str) -> Callable[[int], str]:
    """The zone of `kind` of a seat ('barracks:0'): the names are made once, since the rules
    look zones up thousands of times a second."""
    return (f"{kind}:0", f"{kind}:1").__getitem__


troop_pile = _per_seat("troops")
tactics_pile = _per_seat("tactics")
barracks = _per_seat("barracks")
resupply = _per_seat("resupply")
lost = _per_seat("lost")
hostages = _per_seat("hostages")
features = _per_seat("features")
trained = _per_seat("trained")
searching = _per_seat("searching")


def _deck_seat(card: str) -> int | None:
    """The seat whose deck a card belongs to, read from its id; None for the shared
    training cards."""
    if card.startswith("sun-"):
        return 0
    if card.startswith("moon-"):
        return 1
    return None


owner_of: Callable[[str], int | None] = looked_up(_deck_seat)
"""The seat whose deck a card belongs to (_deck_seat), read once per id and looked up
after: the rules ask it of nearly every card they check or move, and a str method's call
costs several look-ups (an id names the same deck for good)."""


def seat(p: int) -> str:
    return f"Player {p + 1}"


# -- what a played tactics card did --------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """A tactics card played: by whom, in which phase, on what."""

    card: str
    player: int
    phase: str
    target: str = ""
    hex: Coord | None = None
    other: str = ""


class TacticaState(GameState):
    """The whole match, declared field by field (engine.core.declared makes clone, JSON,
    hash and views); plain containers, so a clone stays cheap for search and undo."""

    options: GameOptions
    battle: int = 1
    first: int = 0
    phase: Phase = LANDMARKS
    battle_turn: int = 1
    battles_won: list[int] = state_field(lambda: [0, 0])
    lost_battles: list[int] = state_field(lambda: [0, 0])
    vp: list[int] = state_field(lambda: [0, 0])
    landmark_side: dict[str, str] = state_field(dict)
    # Under the honour rule the opponent's training cards lie in an owner-only zone, so
    # the generated view leaves out their levels unless a SPY has them face up.
    training: dict[str, tuple[str, int]] = state_field(dict)
    damage: dict[str, int] = state_field(dict)
    # Part 2: MOV is the movement points a troop has in a single turn, however many card
    # moves it is spread over.
    mov_spent: dict[str, int] = state_field(dict)
    attacked: set[str] = state_field(set)
    attack_of: dict[str, str] = state_field(dict)
    off_bonus: dict[str, int] = state_field(dict)
    press: dict[str, int] = state_field(dict)
    def_bonus: dict[str, int] = state_field(dict)
    disengage_to: dict[str, Coord] = state_field(dict)
    saved_by: dict[str, tuple[str, ...]] = state_field(dict)
    unlocked: set[str] = state_field(set)
    engineered: set[str] = state_field(set)
    climbers: set[str] = state_field(set)
    routes: dict[str, str] = state_field(dict)
    musters_left: int = 0
    moves_left: int = 0
    moves_made: int = 0
    deployed: list[int] = state_field(lambda: [0, 0])
    crown_held: list[bool] = state_field(lambda: [False, False])
    ransom_from: list[int] = state_field(lambda: [0, 0])
    ransom_blocked: list[bool] = state_field(lambda: [False, False])
    swaps_due: list[int] = state_field(list)  # SAVED in MOVEMENT: swaps at the phase's end
    # The board index (board.Board): shared by clones until one looks, when board() checks
    # it against that clone's table (a referee override may have moved cards) and forks it.
    _board: Any = state_field(default=None, cache=True)

    def __init__(self, options: GameOptions, table: Table, rng: Rng) -> None:
        super().__init__(2, table, rng)
        self.options = options

    def clear_turn(self) -> None:
        """Forget everything that lasts only until RESOLUTION."""
        self.damage.clear()
        self.mov_spent.clear()
        self.attacked.clear()
        self.attack_of.clear()
        self.off_bonus.clear()
        self.press.clear()
        self.def_bonus.clear()
        self.disengage_to.clear()
        self.saved_by.clear()
        self.unlocked.clear()
        self.engineered.clear()
        self.climbers.clear()
