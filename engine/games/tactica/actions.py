"""TACTICA's actions: what a seat can do, naming cards by id and hexes by axial (q, r).

Which action the UI builds from a gesture:

- drag a landmark from the piles onto a hex in LANDMARKS: ``PlaceLandmark``
- drag a troop from the barracks to a hex by your wall: ``Deploy`` before the
  first turn, ``Muster`` in MUSTER
- drag a training card onto a troop: ``Train``
- drag a troop on the field: ``Move`` (also each step of a HORSE group move)
- drag a troop onto an enemy: ``Attack``
- drag a tactics card onto its target: ``PlayTactic`` (``target`` a troop or
  feature id, ``q``/``r`` a hex, ``other`` a second card such as the hostage
  to RESCUE or the troop SAVED swaps with)
- answers to a frame: ``Negate`` (one or two NEGATE cards), ``Swap``,
  ``ChooseCard``, ``PlaceRescued``, ``SpyStack``, ``Done``; a window (a NEGATE
  chain, a counter window) is let go by with the core's ``Pass``
- ``Rescue`` without the card; ``EndPhase`` closes MUSTER, MOVEMENT or COMBAT.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action, renamed
from engine.core.frames import Pass


@dataclass(frozen=True, slots=True)
class PlaceLandmark(Action):
    kind = "tactica-landmark"
    card: str
    q: int
    r: int
    side: str

    def describe(self) -> str:
        return f"place {self.card} as a {self.side.upper()} at ({self.q}, {self.r})"


@dataclass(frozen=True, slots=True)
class Deploy(Action):
    kind = "tactica-deploy"
    card: str
    q: int
    r: int

    def describe(self) -> str:
        return f"deploy {self.card} at ({self.q}, {self.r})"


@dataclass(frozen=True, slots=True)
class Muster(Action):
    kind = "tactica-muster"
    card: str
    q: int
    r: int

    def describe(self) -> str:
        return f"muster {self.card} at ({self.q}, {self.r})"


@dataclass(frozen=True, slots=True)
class Train(Action):
    kind = "tactica-train"
    troop: str

    def describe(self) -> str:
        return f"train {self.troop}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    kind = "tactica-move"
    troop: str
    q: int
    r: int

    def describe(self) -> str:
        return f"move {self.troop} to ({self.q}, {self.r})"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    kind = "tactica-attack"
    attacker: str
    target: str

    def describe(self) -> str:
        return f"{self.attacker} attacks {self.target}"


@dataclass(frozen=True, slots=True)
class Rescue(Action):
    """A rescue without the RESCUE card: the hostage freed is chosen at random."""

    kind = "tactica-rescue"
    troop: str

    def describe(self) -> str:
        return f"{self.troop} attempts a rescue"


@dataclass(frozen=True, slots=True)
class PlayTactic(Action):
    kind = "tactica-play"
    card: str
    target: str = ""
    q: int | None = None
    r: int | None = None
    other: str = ""

    def describe(self) -> str:
        on = f" on {self.target}" if self.target else ""
        at = f" to ({self.q}, {self.r})" if self.q is not None else ""
        with_ = f" with {self.other}" if self.other else ""
        return f"play {self.card}{on}{with_}{at}"


@dataclass(frozen=True, slots=True)
class Negate(Action):
    """Answer a tactics card with one NEGATE, or two together (the double-Negate rule)."""

    kind = "tactica-negate"
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"negate with {' and '.join(self.cards)}"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    kind = "tactica-swap"
    a: str
    b: str

    def describe(self) -> str:
        return f"swap {self.a} and {self.b}"


@dataclass(frozen=True, slots=True)
class ChooseCard(Action):
    kind = "tactica-choose"
    card: str

    def describe(self) -> str:
        return f"choose {self.card}"


@dataclass(frozen=True, slots=True)
class PlaceRescued(Action):
    kind = "tactica-place-rescued"
    q: int
    r: int

    def describe(self) -> str:
        return f"place the rescued troop at ({self.q}, {self.r})"


@dataclass(frozen=True, slots=True)
class SpyStack(Action):
    """SPY in MOVEMENT: put a card of each named face on top of its pile ("" = leave it)."""

    kind = "tactica-spy-stack"
    troop_face: str
    tactic_face: str

    def describe(self) -> str:
        return f"stack {self.troop_face or 'nothing'} and {self.tactic_face or 'nothing'}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish a HORSE group move, a SHIELDWALL rearrangement or a SAVED swap."""

    kind = "tactica-done"

    def describe(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    kind = "tactica-end-phase"

    def describe(self) -> str:
        return "end the phase"


TACTICA_ACTIONS = (PlaceLandmark, Deploy, Muster, Train, Move, Attack, Rescue, PlayTactic,
                   Negate, Swap, ChooseCard, PlaceRescued, SpyStack, Done, EndPhase)


# Before TACTICA ran on the core's frames it had a pass of its own (saves of schema 2).
renamed("tactica-pass", Pass)
