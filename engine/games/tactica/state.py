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

Who decides. ``pending`` is a stack of interruptions; the top one decides:
``NegateChain`` (the other player may NEGATE the card just played),
``CounterWindow`` (the defender may answer an attack or an engaging move
with DISENGAGE, SAVED or SHIELDWALL), ``GroupMove`` (HORSE's group move),
``Rearrange`` (SHIELDWALL's swaps) and ``Choice`` (SPY, ransom, placing a
rescued Champion, SAVED's swap). ``state.prompt`` mirrors the top frame for
the UI; with no frame, ``active`` decides. The rules log names every draw,
shuffle, capture and random choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.core.game import GameOptions, GameState
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


TURN_PHASES = (Phase.MUSTER, Phase.MOVEMENT, Phase.COMBAT, Phase.RESOLUTION)
"""The four phases of every turn, in order: what the table's phase bar shows."""


def troop_pile(p: int) -> str:
    return f"troops:{p}"


def tactics_pile(p: int) -> str:
    return f"tactics:{p}"


def barracks(p: int) -> str:
    return f"barracks:{p}"


def resupply(p: int) -> str:
    return f"resupply:{p}"


def lost(p: int) -> str:
    return f"lost:{p}"


def hostages(p: int) -> str:
    return f"hostages:{p}"


def features(p: int) -> str:
    return f"features:{p}"


def trained(p: int) -> str:
    return f"trained:{p}"


def searching(p: int) -> str:
    return f"searching:{p}"


def owner_of(card: str) -> int | None:
    """The seat whose deck a card belongs to; None for the shared training cards."""
    if card.startswith("sun-"):
        return 0
    if card.startswith("moon-"):
        return 1
    return None


def seat(p: int) -> str:
    return f"Player {p + 1}"


# -- the decision stack --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """A tactics card played: by whom, in which phase, on what."""

    card: str
    player: int
    phase: str
    target: str = ""
    hex: Coord | None = None
    other: str = ""

    def to_json(self) -> list[Any]:
        return [self.card, self.player, self.phase, self.target,
                None if self.hex is None else list(self.hex), self.other]


@dataclass(frozen=True, slots=True)
class NegateChain:
    """A card waiting to resolve while the players take turns to NEGATE the last card."""

    play: Play
    links: tuple[tuple[int, tuple[str, ...]], ...] = ()

    @property
    def player(self) -> int:
        last = self.links[-1][0] if self.links else self.play.player
        return 1 - last

    def to_json(self) -> list[Any]:
        return ["negate", self.play.to_json(), [[p, list(c)] for p, c in self.links]]


@dataclass(frozen=True, slots=True)
class CounterWindow:
    """The defender may answer an attack or an engaging move with counter-cards."""

    player: int
    trigger: str

    def to_json(self) -> list[Any]:
        return ["counter", self.player, self.trigger]


@dataclass(frozen=True, slots=True)
class GroupMove:
    """HORSE: the anchor troop moves first, then its companions end next to it."""

    player: int
    anchor: str
    members: tuple[str, ...]
    moved: tuple[str, ...] = ()

    def to_json(self) -> list[Any]:
        return ["horse", self.player, self.anchor, list(self.members), list(self.moved)]


@dataclass(frozen=True, slots=True)
class Rearrange:
    """SHIELDWALL in MOVEMENT: the Foot and its adjacent melee troops swap places."""

    player: int
    members: tuple[str, ...]
    swaps_left: int

    def to_json(self) -> list[Any]:
        return ["shieldwall", self.player, list(self.members), self.swaps_left]


@dataclass(frozen=True, slots=True)
class Choice:
    """A single decision: spy-return, spy-stack, ransom, place-rescued or saved-swap."""

    player: int
    kind: str
    subject: str = ""
    anchor: str = ""

    def to_json(self) -> list[Any]:
        return ["choice", self.player, self.kind, self.subject, self.anchor]


Frame = NegateChain | CounterWindow | GroupMove | Rearrange | Choice


class TacticaState(GameState):
    """The whole match; plain containers so clone() stays cheap for search and undo."""

    __slots__ = (
        "_board", "attack_of", "attacked", "battle", "battle_turn", "battles_won",
        "climbers", "crown_held", "damage", "def_bonus", "deployed", "disengage_to",
        "engineered", "first", "landmark_side", "lost_battles", "mov_spent", "moves_left",
        "moves_made", "musters_left", "off_bonus", "options", "pending", "phase",
        "press", "ransom_blocked", "ransom_due", "ransom_from", "routes", "saved_by",
        "swaps_due", "training", "unlocked", "vp",
    )

    def __init__(self, options: GameOptions, table: Table, rng: Rng) -> None:
        super().__init__(2, table, rng)
        self.options = options
        self.battle = 1
        self.first = 0
        self.phase = Phase.LANDMARKS
        self.battle_turn = 1
        self.battles_won = [0, 0]
        self.lost_battles = [0, 0]
        self.vp = [0, 0]
        self.landmark_side: dict[str, str] = {}
        self.training: dict[str, tuple[str, int]] = {}
        self.damage: dict[str, int] = {}
        # Part 2: MOV is the movement points a troop has in a single turn, however
        # many card moves it is spread over.
        self.mov_spent: dict[str, int] = {}
        self.attacked: set[str] = set()
        self.attack_of: dict[str, str] = {}
        self.off_bonus: dict[str, int] = {}
        self.press: dict[str, int] = {}
        self.def_bonus: dict[str, int] = {}
        self.disengage_to: dict[str, Coord] = {}
        self.saved_by: dict[str, tuple[str, ...]] = {}
        self.unlocked: set[str] = set()
        self.engineered: set[str] = set()
        self.climbers: set[str] = set()
        self.routes: dict[str, str] = {}
        self.musters_left = 0
        self.moves_left = 0
        self.moves_made = 0
        self.deployed = [0, 0]
        self.crown_held = [False, False]
        self.ransom_from = [0, 0]
        self.ransom_blocked = [False, False]
        self.ransom_due: list[int] = []
        self.swaps_due: list[int] = []
        self.pending: list[Frame] = []
        self._board: Any = None

    def clone(self) -> TacticaState:
        new = TacticaState.__new__(TacticaState)
        self.copy_base_into(new)
        new.options = self.options
        new.battle = self.battle
        new.first = self.first
        new.phase = self.phase
        new.battle_turn = self.battle_turn
        new.battles_won = list(self.battles_won)
        new.lost_battles = list(self.lost_battles)
        new.vp = list(self.vp)
        new.landmark_side = dict(self.landmark_side)
        new.training = dict(self.training)
        new.damage = dict(self.damage)
        new.mov_spent = dict(self.mov_spent)
        new.attacked = set(self.attacked)
        new.attack_of = dict(self.attack_of)
        new.off_bonus = dict(self.off_bonus)
        new.press = dict(self.press)
        new.def_bonus = dict(self.def_bonus)
        new.disengage_to = dict(self.disengage_to)
        new.saved_by = dict(self.saved_by)
        new.unlocked = set(self.unlocked)
        new.engineered = set(self.engineered)
        new.climbers = set(self.climbers)
        new.routes = dict(self.routes)
        new.musters_left = self.musters_left
        new.moves_left = self.moves_left
        new.moves_made = self.moves_made
        new.deployed = list(self.deployed)
        new.crown_held = list(self.crown_held)
        new.ransom_from = list(self.ransom_from)
        new.ransom_blocked = list(self.ransom_blocked)
        new.ransom_due = list(self.ransom_due)
        new.swaps_due = list(self.swaps_due)
        new.pending = list(self.pending)
        # Shared until the clone first looks: board() then checks it against the
        # clone's table (a referee override may have moved cards) and forks it.
        new._board = self._board
        return new

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out.update({
            "battle": self.battle, "first": self.first, "phase": str(self.phase),
            "battle_turn": self.battle_turn, "battles_won": self.battles_won,
            "lost_battles": self.lost_battles, "vp": self.vp,
            "landmark_side": dict(sorted(self.landmark_side.items())),
            "training": {k: list(v) for k, v in sorted(self.training.items())},
            "damage": dict(sorted(self.damage.items())),
            "mov_spent": dict(sorted(self.mov_spent.items())),
            "attacked": sorted(self.attacked),
            "attack_of": dict(sorted(self.attack_of.items())),
            "off_bonus": dict(sorted(self.off_bonus.items())),
            "press": dict(sorted(self.press.items())),
            "def_bonus": dict(sorted(self.def_bonus.items())),
            "disengage_to": {k: list(v) for k, v in sorted(self.disengage_to.items())},
            "saved_by": {k: list(v) for k, v in sorted(self.saved_by.items())},
            "unlocked": sorted(self.unlocked), "engineered": sorted(self.engineered),
            "climbers": sorted(self.climbers), "routes": dict(sorted(self.routes.items())),
            "musters_left": self.musters_left, "moves_left": self.moves_left,
            "moves_made": self.moves_made, "deployed": self.deployed,
            "crown_held": self.crown_held, "ransom_from": self.ransom_from,
            "ransom_blocked": self.ransom_blocked, "ransom_due": self.ransom_due,
            "swaps_due": self.swaps_due,
            "pending": [f.to_json() for f in self.pending],
        })
        return out

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
