"""Wintergrim's events: what happened at the table, as facts; each log line is said from them.

Facts name cards twice: by id (for the table, which animates and highlights them) and
by name (for the line, which has no cards to look names up in). A card drawn is
private to its drawer; everything else happens in the open.
"""

from __future__ import annotations

from engine.core.events import Event, event
from engine.core.table_events import Rolled


def _seat(seat: int) -> str:
    return f"Player {seat + 1}"


def _counted(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@event("wg-roll")
class DiceRolled(Rolled):
    """A roll of a pool of d6 where each 4+ succeeds (or 6 under Sneak)."""

    purpose: str  # "to start", "CC for Woodsman", "P for Woodsman (Rain)", "to keep Rain"
    successes: int
    need: int = 4  # the face that succeeds (6 against Sneak); a 6 is a perfect hit

    def say(self, full: bool) -> str:
        faces = ", ".join(str(f) for f in self.faces) or "no dice"
        won = f"{self.successes} success{'' if self.successes == 1 else 'es'}"
        return f"{_seat(self.seat)} rolls {self.purpose}: {faces} ({won})"


@event("wg-first")
class GoesFirst(Event):
    seat: int

    def say(self, full: bool) -> str:
        return f"{_seat(self.seat)} rolled highest and goes first"


@event("wg-found")
class Founded(Event):
    seat: int
    hq: str
    workers: tuple[str, str]

    def say(self, full: bool) -> str:
        return (f"{_seat(self.seat)} starts with {self.hq}, {self.workers[0]} and "
                f"{self.workers[1]} inside")


@event("wg-turn")
class TurnBegins(Event):
    seat: int
    turn: int

    def say(self, full: bool) -> str:
        return f"Turn {self.turn}: {_seat(self.seat)}"


@event("wg-phase")
class PhaseEntered(Event):
    seat: int
    phase: str

    def say(self, full: bool) -> str:
        return f"{_seat(self.seat)} is in the {self.phase} phase"


@event("wg-draw")
class Drew(Event):
    seat: int
    count: int
    cards: tuple[str, ...]  # names
    source: str  # what let it draw
    private = ("cards",)

    def say(self, full: bool) -> str:
        if self.count == 0:
            return f"{_seat(self.seat)} has no card left to draw ({self.source})"
        what = ", ".join(self.cards) if full else _counted(self.count, "card")
        return f"{_seat(self.seat)} draws {what} ({self.source})"


@event("wg-move")
class Moved(Event):
    seat: int
    unit: str
    unit_name: str
    where: str  # "inside Forest and Cabin", "outside in Overgrown Forest"

    def say(self, full: bool) -> str:
        return f"{_seat(self.seat)} moves {self.unit_name} {self.where}"


@event("wg-stay")
class StepFailed(Event):
    seat: int
    unit_name: str
    why: str

    def say(self, full: bool) -> str:
        return f"{self.unit_name} does not go: {self.why}"


@event("wg-search")
class Searched(Event):
    seat: int
    unit_name: str
    found: str  # the card's name, shown to all ("show it"), or "" when nothing

    def say(self, full: bool) -> str:
        if not self.found:
            return f"{_seat(self.seat)} removes {self.unit_name} and finds nothing"
        return f"{_seat(self.seat)} removes {self.unit_name}, finds {self.found} and shows it"


@event("wg-pay")
class Paid(Event):
    seat: int
    card: str
    card_name: str
    owed: int  # still to pay after this card

    def say(self, full: bool) -> str:
        return f"{_seat(self.seat)} pays with {self.card_name}"


@event("wg-place")
class Placed(Event):
    seat: int
    card: str
    card_name: str
    where: str

    def say(self, full: bool) -> str:
        return f"{_seat(self.seat)} places {self.card_name}{self.where}"


@event("wg-tactic")
class TacticPlayed(Event):
    seat: int
    card: str
    card_name: str
    target_name: str

    def say(self, full: bool) -> str:
        on = f" on {self.target_name}" if self.target_name else ""
        return f"{_seat(self.seat)} plays {self.card_name}{on}"


@event("wg-effect")
class TacticWorks(Event):
    """What a tactic did, once every tactic played at the same time is in."""

    seat: int
    card_name: str
    outcome: str

    def say(self, full: bool) -> str:
        return f"{self.card_name}: {self.outcome}"


@event("wg-attack")
class AttackDeclared(Event):
    seat: int
    unit: str
    unit_name: str
    target: str
    target_name: str
    combat: str

    def say(self, full: bool) -> str:
        return (f"{_seat(self.seat)}: {self.unit_name} attacks {self.target_name} with "
                f"{self.combat.upper()}")


@event("wg-battle")
class BattleEnds(Event):
    """The attacker's and defender's successes and what came of it."""

    seat: int
    unit_name: str
    target_name: str
    attacker: int
    defender: int
    outcome: str  # "misses", "deals 2 damage", "perfect hit: 3 damage", ...

    def say(self, full: bool) -> str:
        return (f"{self.unit_name} {self.attacker} against {self.target_name} "
                f"{self.defender}: {self.outcome}")


@event("wg-defeat")
class Defeated(Event):
    seat: int  # the owner
    card: str
    card_name: str
    fate: str  # "removed", "captured by Player 2", "sent outside"

    def say(self, full: bool) -> str:
        return f"{self.card_name} of {_seat(self.seat)} is {self.fate}"


@event("wg-food")
class FoodShort(Event):
    seat: int
    food: int

    def say(self, full: bool) -> str:
        return (f"{_seat(self.seat)}'s food is {self.food}: units must be removed until it "
                "is not negative")


@event("wg-weather")
class WeatherEnds(Event):
    seat: int
    card_name: str
    why: str

    def say(self, full: bool) -> str:
        return f"{self.card_name} ends: {self.why}"


@event("wg-out")
class PlayerOut(Event):
    seat: int
    why: str

    def say(self, full: bool) -> str:
        return f"{_seat(self.seat)} is out: {self.why}"


@event("wg-win")
class Won(Event):
    seat: int
    why: str

    def say(self, full: bool) -> str:
        return f"{_seat(self.seat)} wins: {self.why}"
