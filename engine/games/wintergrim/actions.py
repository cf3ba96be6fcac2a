"""Wintergrim's actions: what a seat may do, by card ids only.

Cards in play are named by their card id (the entity of the same name); a card
searched for in a face-down deck is named by its key, since the deck's cards
have no ids a seat may see. The phase an action belongs to moves the turn on
to that phase (How to Play: "That means she is now in the move phase").
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action


@dataclass(frozen=True, slots=True)
class Found(Action):
    """Set-up: the HQ card and the two workers searched for in the deck and put down
    inside it, by card key (the deck's cards have no ids a seat may see); Conquer mode
    adds the path put into play before the start."""

    kind = "wg-found"
    hq: str
    workers: tuple[str, str]
    path: str = ""

    def describe(self) -> str:
        return f"start with {self.hq} and {self.workers[0]}, {self.workers[1]}"


@dataclass(frozen=True, slots=True)
class UseStart(Action):
    """Start phase: use a card's "on your start phase" text (draw for workers inside;
    roll to keep the weather)."""

    kind = "wg-start"
    card: str

    def describe(self) -> str:
        return f"use {self.card}'s start phase text"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move phase: one move step of a unit, to `area`, inside `into` ("": outside)."""

    kind = "wg-move"
    unit: str
    area: str
    into: str = ""

    def describe(self) -> str:
        where = f"inside {self.into}" if self.into else f"outside in {self.area}"
        return f"move {self.unit} {where}"


@dataclass(frozen=True, slots=True)
class Step(Action):
    """Move phase: a unit's move-step text (remove it to search; heal; exorcise)."""

    kind = "wg-step"
    unit: str
    power: str  # "search", "heal", "exorcism"
    target: str = ""

    def describe(self) -> str:
        return f"{self.unit}: {self.power}" + (f" {self.target}" if self.target else "")


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack phase: `unit` attacks `target` (a unit or structure in its area) with
    `combat` ("cc", "rc" or "p", as its weapon)."""

    kind = "wg-attack"
    unit: str
    target: str
    combat: str

    def describe(self) -> str:
        return f"{self.unit} attacks {self.target} ({self.combat.upper()})"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """End phase: pay and place a unit, structure or weather from the hand: into the
    structure `into`, outside in `area` (Emerge), or a structure in `area`."""

    kind = "wg-place"
    card: str
    area: str = ""
    into: str = ""

    def describe(self) -> str:
        where = f" inside {self.into}" if self.into else f" in {self.area}" if self.area else ""
        return f"pay and place {self.card}{where}"


@dataclass(frozen=True, slots=True)
class PlayTactic(Action):
    """Any time but while dice roll: pay and play a tactic, on `target` where it needs
    one (a unit, a tactic it answers)."""

    kind = "wg-tactic"
    card: str
    target: str = ""

    def describe(self) -> str:
        return f"play {self.card}" + (f" on {self.target}" if self.target else "")


@dataclass(frozen=True, slots=True)
class PayWith(Action):
    """Pay one card of a cost by removing it from the hand."""

    kind = "wg-pay"
    card: str

    def describe(self) -> str:
        return f"pay with {self.card}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """A search: take the first card of this key from the deck."""

    kind = "wg-take"
    face: str

    def describe(self) -> str:
        return f"take {self.face}"


@dataclass(frozen=True, slots=True)
class Dismiss(Action):
    """Food is short: remove this unit to the removed pile."""

    kind = "wg-dismiss"
    unit: str

    def describe(self) -> str:
        return f"send {self.unit} away"


@dataclass(frozen=True, slots=True)
class Capture(Action):
    """A defeated enemy unit: capture it (True) or remove it to its player's pile."""

    kind = "wg-capture"
    keep: bool

    def describe(self) -> str:
        return "capture it" if self.keep else "remove it"


@dataclass(frozen=True, slots=True)
class Intercept(Action):
    """Patrol / Protect: this unit takes the attack instead."""

    kind = "wg-intercept"
    unit: str

    def describe(self) -> str:
        return f"{self.unit} takes the attack"


@dataclass(frozen=True, slots=True)
class Vanguard(Action):
    """Vanguard: remove this outside unit to remove a locally played one-shot tactic."""

    kind = "wg-vanguard"
    unit: str
    tactic: str

    def describe(self) -> str:
        return f"{self.unit} stops {self.tactic}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    kind = "wg-end-turn"

    def describe(self) -> str:
        return "end the turn"


END_TURN = EndTurn()
