"""The table's own events: what referee actions and free dice do, as facts.

Every game has these (assisted matches log them as overrides; the sandbox has
nothing else), and `Rolled` is the roll every game's dice events build on, so
the Dice dock reads one set of facts whoever rolled.
"""

from __future__ import annotations

from engine.core.events import Event, event


def seat_name(player: int) -> str:
    return f"Player {player + 1}"


@event("move")
class CardMoved(Event):
    """A card moved by hand; `card` is its name, private unless every seat sees it."""

    seat: int
    card: str
    card_id: str  # the id, for the table; as private as the name
    source: str  # the zone's label it left; "" when it moved within its zone
    to: str  # the zone's name
    to_label: str
    private = ("card", "card_id")

    def say(self, full: bool) -> str:
        place = f"from {self.source} to" if self.source else "to another place on"
        return f"{seat_name(self.seat)} moves {self.card if full else 'a card'} {place} " \
               f"{self.to_label}"


@event("flip")
class CardTurned(Event):
    seat: int
    card: str
    card_id: str
    up: bool
    place: str
    private = ("card", "card_id")

    def say(self, full: bool) -> str:
        return f"{seat_name(self.seat)} turns {self.card if full else 'a card'} face " \
               f"{'up' if self.up else 'down'} on {self.place}"


@event("shuffle")
class PileShuffled(Event):
    seat: int
    zone: str
    label: str
    count: int

    def say(self, full: bool) -> str:
        return f"{seat_name(self.seat)} shuffles {self.label} ({self.count} cards)"


@event("roll")
class Rolled(Event):
    """Dice rolled: `pool` as written ("2d6+1"), each die's face, the total.

    A game's roll subclasses it to add what the roll was for and say it its way."""

    seat: int
    pool: str
    faces: tuple[int, ...]
    total: int

    def say(self, full: bool) -> str:
        faces = ", ".join(str(f) for f in self.faces)
        return f"{seat_name(self.seat)} rolls {self.pool}: {faces} = {self.total}"


@event("counter")
class CounterSet(Event):
    seat: int
    name: str
    old: int
    new: int

    def say(self, full: bool) -> str:
        return f"{seat_name(self.seat)} sets {self.name} from {self.old} to {self.new}"


@event("seat")
class SeatPassed(Event):
    seat: int
    player: int  # who has the seat now

    def say(self, full: bool) -> str:
        return f"{seat_name(self.seat)} passes the seat to {seat_name(self.player)}"


@event("result")
class ResultDeclared(Event):
    seat: int
    winners: tuple[int, ...]

    def say(self, full: bool) -> str:
        names = ", ".join(seat_name(p) for p in self.winners)
        ended = f"{names} won" if names else "nobody won"
        return f"{seat_name(self.seat)} declares the match over: {ended}"


@event("commit")
class Chosen(Event):
    """A seat's simultaneous choice is in; only that seat reads what it was."""

    seat: int
    choice: str  # how the choice reads to its own seat ("You choose Odin's Spear")
    private = ("choice",)

    def say(self, full: bool) -> str:
        return self.choice if full else f"{seat_name(self.seat)} has chosen"
