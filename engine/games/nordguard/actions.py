"""Nordguard's actions: what a seat may do, by ids only.

Set-up actions belong to the seat filling its Character; every day action belongs
to the day's leader, who speaks for the team; answers to a question belong to the
seat its frame names (the leader). Cells are map indices in reading order (see
state.py); items are card ids, except restocking, which names an item kind
because the Item deck is face down.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action

# -- set-up ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseCharacter(Action):
    kind = "ng-choose"
    character: str  # a Character card id, e.g. "ch-nickel"

    def describe(self) -> str:
        return f"choose {self.character}"


@dataclass(frozen=True, slots=True)
class TakeItem(Action):
    """Stocking: the seat filling its slots takes this item from the face-up pool."""

    kind = "ng-take"
    item: str

    def describe(self) -> str:
        return f"take {self.item} from the pool"


@dataclass(frozen=True, slots=True)
class DoneStocking(Action):
    kind = "ng-stocked"

    def describe(self) -> str:
        return "done stocking"


@dataclass(frozen=True, slots=True)
class SetOut(Action):
    """End the study: the map turns face down and day 1 begins."""

    kind = "ng-set-out"

    def describe(self) -> str:
        return "set out"


# -- the day -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Attempt(Action):
    """The day's one move attempt: "N", "E", "S" or "W"."""

    kind = "ng-attempt"
    direction: str
    spend: bool = True  # False: do not spend a limited item (Dynamite) to bypass

    def describe(self) -> str:
        keep = "" if self.spend else ", keeping limited items"
        return f"attempt to move {self.direction}{keep}"


@dataclass(frozen=True, slots=True)
class Scout(Action):
    """Nickel scouts any location (once a day)."""

    kind = "ng-scout"
    cell: int

    def describe(self) -> str:
        return f"scout cell {self.cell}"


@dataclass(frozen=True, slots=True)
class Look(Action):
    """Binoculars scout one neighbouring location (once a day)."""

    kind = "ng-look"
    cell: int

    def describe(self) -> str:
        return f"look at cell {self.cell} through binoculars"


@dataclass(frozen=True, slots=True)
class Survey(Action):
    """Binoculars scout every neighbouring location at once, for a day of the countdown."""

    kind = "ng-survey"

    def describe(self) -> str:
        return "survey every neighbour through binoculars"


@dataclass(frozen=True, slots=True)
class Trade(Action):
    kind = "ng-trade"
    item: str
    to: int  # the seat whose Character receives it

    def describe(self) -> str:
        return f"trade {self.item} to seat {self.to + 1}"


@dataclass(frozen=True, slots=True)
class Drop(Action):
    kind = "ng-drop"
    item: str

    def describe(self) -> str:
        return f"drop {self.item}"


@dataclass(frozen=True, slots=True)
class PickUp(Action):
    kind = "ng-pick-up"
    item: str
    to: int

    def describe(self) -> str:
        return f"seat {self.to + 1} picks up {self.item}"


@dataclass(frozen=True, slots=True)
class Restock(Action):
    """Take an item of this kind from the Item deck (at Frontier, or where a card allows)."""

    kind = "ng-restock"
    item_kind: str  # an item key, e.g. "rope"
    to: int

    def describe(self) -> str:
        return f"restock a {self.item_kind} for seat {self.to + 1}"


@dataclass(frozen=True, slots=True)
class UseItem(Action):
    """Use an item that does something on its own (e.g. Rations gain a day)."""

    kind = "ng-use"
    item: str

    def describe(self) -> str:
        return f"use {self.item}"


@dataclass(frozen=True, slots=True)
class EndDay(Action):
    kind = "ng-end-day"

    def describe(self) -> str:
        return "end the day"


# -- answers to questions--------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fire(Action):
    """Combat check: fire this gun once (one d6 added to the total)."""

    kind = "ng-fire"
    item: str

    def describe(self) -> str:
        return f"fire {self.item}"


@dataclass(frozen=True, slots=True)
class Strike(Action):
    """Combat check: add this item's set amount (once per combat)."""

    kind = "ng-strike"
    item: str

    def describe(self) -> str:
        return f"strike with {self.item}"


@dataclass(frozen=True, slots=True)
class StopFighting(Action):
    """Combat check: stop early; the total stays short and the check fails."""

    kind = "ng-stop"

    def describe(self) -> str:
        return "stop the combat check"


@dataclass(frozen=True, slots=True)
class NextEvent(Action):
    kind = "ng-next-event"

    def describe(self) -> str:
        return "draw the next event"


@dataclass(frozen=True, slots=True)
class GiveUp(Action):
    """A thief takes this item (the team chose it)."""

    kind = "ng-give-up"
    item: str

    def describe(self) -> str:
        return f"give up {self.item}"


@dataclass(frozen=True, slots=True)
class Barter(Action):
    """A trader's offer: hand over this item for a random one from the Item deck."""

    kind = "ng-barter"
    item: str

    def describe(self) -> str:
        return f"barter {self.item}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    kind = "ng-decline"

    def describe(self) -> str:
        return "decline the offer"
