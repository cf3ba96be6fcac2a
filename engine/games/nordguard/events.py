"""Nordguard's events: what happened on the run, as facts; each log line is said from them.

The table reads the facts (the summary counts `Entered`, `EventDrawn`, `CombatEnds`; the
Dice dock every roll's pool, faces and total), never the wording, so a line can be
reworded without changing what anything counts. Facts name cards twice: by id (`card`,
for the table) and by name (for the line, which has no cards to look names up in).

Nothing here is private: the team plays in the open, and what a deck hides is never
named by an event until it is drawn face up. Every roll subclasses the core's `Rolled`.
"""

from __future__ import annotations

from typing import Literal

from engine.core.events import Event, event
from engine.core.table_events import Rolled
from engine.games.nordguard.english import days_left, possessive

Reveal = Literal["heading", "scouting", "arriving", "clearing"]  # why a location turns up
Route = Literal["previous", "waypoint", "no-waypoint", "frontier"]  # where a retreat goes

# -- set-up ------------------------------------------------------------------------------


@event("choose")
class CharacterChosen(Event):
    seat: int
    card: str
    character: str
    starting: tuple[str, ...] = ()  # the starting items it takes, by name

    def say(self, full: bool) -> str:
        text = f"Player {self.seat + 1} chooses {self.character}"
        if self.starting:
            text += " and takes the starting " + ", ".join(self.starting)
        return text


@event("take")
class ItemTaken(Event):
    """An item taken from the stocking pool."""

    character: str
    card: str
    item: str

    def say(self, full: bool) -> str:
        return f"{self.character} takes the {self.item}"


@event("stocked")
class Stocked(Event):
    character: str

    def say(self, full: bool) -> str:
        return f"{self.character} is ready"


@event("study")
class MapStudied(Event):
    def say(self, full: bool) -> str:
        return "The team studies the map, face up, before setting out"


@event("set-out")
class TeamSetsOut(Event):
    """Rulebook, The Map and The Team: the locations turn face down, the decks are made."""

    leader: str
    countdown: int

    def say(self, full: bool) -> str:
        return ("The locations are turned face down; the unused items and the events are "
                f"shuffled into face-down decks. Day 1: {self.leader} leads, "
                f"{self.countdown} days on the countdown")


# -- the day --------------------------------------------------------------------------------


@event("day")
class DayBegins(Event):
    day: int
    leader: str
    left: int  # days on the countdown

    def say(self, full: bool) -> str:
        return f"Day {self.day}: {self.leader} leads; {days_left(self.left)} on the countdown"


@event("win")
class RunWon(Event):
    """Rulebook, The Countdown: a turn ended at Destination before the countdown ran out."""

    day: int
    countdown: int

    def say(self, full: bool) -> str:
        return (f"The team ends day {self.day} at Destination before the countdown runs out "
                f"({self.countdown} on it): the run succeeds")


# Rulebook, The Countdown: the two ways a run is lost, as the outcome states them.
LOSSES = {"time": "the countdown ran out", "stranded": "the team cannot move in any direction"}


@event("lose")
class RunLost(Event):
    cause: Literal["time", "stranded"]
    blocked: tuple[str, ...] = ()  # stranded: what blocks each neighbour, by name

    @property
    def why(self) -> str:
        """The outcome's reason: the cause, and what blocks the team."""
        why = LOSSES[self.cause]
        return f"{why} ({', '.join(self.blocked)})" if self.blocked else why

    def say(self, full: bool) -> str:
        return f"The run fails: {self.why}"


@event("days")
class SurveyCost(Event):
    """Rulebook, Scout: surveying every neighbour through Binoculars costs a day."""

    left: int

    def say(self, full: bool) -> str:
        return f"The survey costs a day: {days_left(self.left)}"


@event("use")
class ItemUsed(Event):
    card: str
    item: str
    days: int  # what it adds to the countdown
    left: int

    def say(self, full: bool) -> str:
        return f"The {self.item} buys the team {self.days} day(s): {days_left(self.left)}"


@event("restock")
class Restocked(Event):
    character: str
    card: str
    item: str

    def say(self, full: bool) -> str:
        return f"{self.character} restocks a {self.item} from the Item deck"


# -- items changing hands --------------------------------------------------------------------


@event("trade")
class Traded(Event):
    giver: str
    receiver: str
    card: str
    item: str
    uses: int | None  # uses left of a limited item (Rulebook, Trade)

    def say(self, full: bool) -> str:
        left = self.uses
        uses = f" ({left} use{'s' if left != 1 else ''} left)" if left is not None else ""
        return f"{self.giver} trades the {self.item} to {self.receiver}{uses}"


@event("drop")
class Dropped(Event):
    character: str
    card: str
    item: str

    def say(self, full: bool) -> str:
        return f"{self.character} drops the {self.item} here"


@event("pick-up")
class PickedUp(Event):
    character: str
    card: str
    item: str

    def say(self, full: bool) -> str:
        return f"{self.character} picks up the {self.item}"


@event("spent")
class UsedUp(Event):
    """A limited item's printed uses ran out: it is out of the game."""

    owner: str | None  # the Character that carried it
    card: str
    item: str

    def say(self, full: bool) -> str:
        owner = f"{possessive(self.owner)} " if self.owner is not None else ""
        return f"{owner}{self.item} has no uses left and is discarded"


@event("return")
class LeftBehind(Event):
    """Rulebook, Drop: dropped items go to the Item deck when the team leaves."""

    cards: tuple[str, ...]
    items: tuple[str, ...]

    def say(self, full: bool) -> str:
        return f"Left behind, back to the Item deck: {', '.join(self.items)}"


# -- the map ----------------------------------------------------------------------------------


@event("reveal")
class Revealed(Event):
    """A location turned face up: the team heading for it (`by`: the way), a scout (`by`:
    who), the team arriving, or an event clearing the view."""

    card: str
    location: str
    cell: int
    how: Reveal
    by: str = ""

    def say(self, full: bool) -> str:
        match self.how:
            case "heading":
                why = f"The team heads {self.by}"
            case "scouting":
                why = f"{self.by} scouts ahead"
            case "arriving":
                why = "The team arrives"
            case _:
                why = "The view clears"
        return f"{why}: {self.location} is turned face up"


@event("roll")
class ScoutRoll(Rolled):
    """Rulebook, Scout: a roll made in advance, which the next attempt counts."""

    scout: str
    source: str  # the location or permanent event the roll is for
    target: int
    cell: int

    def say(self, full: bool) -> str:
        shown = "+".join(str(f) for f in self.faces)
        return (f"{self.scout} scouts {self.source}: rolled {self.pool} = {shown} = "
                f"{self.total} in advance, against {self.target}; it counts for the next "
                "attempt")


@event("retreat")
class Retreated(Event):
    """Rulebook, Retreat: to where the team came from, a Waypoint, or Frontier (also when
    no `other` Waypoint is face up)."""

    origin: str
    to: str
    cell: int
    route: Route
    other: bool = False  # the team stood on a Waypoint itself

    def say(self, full: bool) -> str:
        match self.route:
            case "previous":
                why = "to where it came from"
            case "waypoint":
                why = "to the nearest face-up Waypoint"
            case "no-waypoint":
                why = f"to Frontier: no {'other ' if self.other else ''}Waypoint is face up"
            case _:
                why = "to Frontier"
        return f"The team retreats from {self.origin} {why}, {self.to}: no event is drawn"


@event("shuffle")
class MapShuffled(Event):
    """Rulebook, Shuffle: shuffled locations lose the permanent events on them."""

    locations: int
    discarded: int  # permanent events

    def say(self, full: bool) -> str:
        text = f"The map is shuffled: {self.locations} locations are dealt face down again"
        if self.discarded:
            text += f"; {self.discarded} permanent event(s) on them are discarded"
        return text


@event("drift")
class Drifted(Event):
    axis: Literal["row", "column"]
    moved: int  # locations that slid (none when fewer than two could)

    def say(self, full: bool) -> str:
        if not self.moved:
            return f"The ice shifts, but nothing in the team's {self.axis} can move"
        way = "east" if self.axis == "row" else "south"
        return (f"The ice drifts: {self.moved} locations in the team's {self.axis} slide one "
                f"place {way}")


# -- the move attempt ------------------------------------------------------------------------


@event("attempt")
class Attempted(Event):
    location: str
    cell: int

    def say(self, full: bool) -> str:
        return f"The team attempts to enter {self.location}"


@event("bypass")
class Bypassed(Event):
    """Rulebook, Challenge: an item the card names lets the team ignore it."""

    character: str  # who carries the item
    card: str
    item: str
    source: str

    def say(self, full: bool) -> str:
        return f"{possessive(self.character)} {self.item} bypasses {self.source}"


@event("blocked")
class Blocked(Event):
    source: str

    def say(self, full: bool) -> str:
        return f"{self.source} blocks the way: only a bypass gets through"


@event("stay")
class Stayed(Event):
    """Rulebook, The Events: a challenge failed, the team stays and draws no event."""

    location: str

    def say(self, full: bool) -> str:
        return f"The team stays at {self.location}: no event is drawn"


@event("reroll")
class Rerolled(Event):
    by: str

    def say(self, full: bool) -> str:
        return f"{self.by} tries again (once a day)"


@event("roll")
class ChallengeRoll(Rolled):
    """A challenge's roll (or the scouted one counted instead), with what the team adds."""

    source: str
    target: int
    bonus: int  # what items and abilities add (in `pool` too)
    met: bool
    scouted: bool

    def say(self, full: bool) -> str:
        shown = "+".join(str(f) for f in self.faces)
        if self.bonus:
            shown += f"{self.bonus:+d}"
        how = "The scouted roll" if self.scouted else f"Rolled {self.pool}"
        verdict = "the team gets through" if self.met else "the team cannot get in"
        return (f"{how} = {shown} = {self.total} against {possessive(self.source)} "
                f"{self.target}: {verdict}")


@event("enter")
class Entered(Event):
    location: str
    cell: int

    def say(self, full: bool) -> str:
        return f"The team enters {self.location}"


@event("days")
class EntryCost(Event):
    days: int
    left: int

    def say(self, full: bool) -> str:
        return f"Getting in cost {self.days} day(s): {days_left(self.left)}"


# -- event cards ------------------------------------------------------------------------------


@event("event")
class NoEventsLeft(Event):
    def say(self, full: bool) -> str:
        return "No event cards are left to draw"


@event("shuffle")
class EventDeckRenewed(Event):
    """Rulebook, The Events: the discards are shuffled back when the deck runs out."""

    discards: int

    def say(self, full: bool) -> str:
        return (f"The event deck is empty: its {self.discards} discards are shuffled into a "
                "new deck")


@event("event")
class EventDrawn(Event):
    card: str
    name: str
    card_text: str  # what the card says

    def say(self, full: bool) -> str:
        return f"Event: {self.name}. {self.card_text}"


@event("obstacle")
class ObstaclePlaced(Event):
    """Rulebook, The Events: a permanent event stays on its location as a challenge."""

    card: str
    name: str
    location: str

    def say(self, full: bool) -> str:
        return (f"{self.name} stays on {self.location}: from now on it is one more challenge "
                "to enter it")


@event("cancel")
class EventsCancelled(Event):
    """Rulebook, The Events: leaving a location cancels the events still to draw there."""

    left: int

    def say(self, full: bool) -> str:
        return f"The team has left: the {self.left} other event(s) there are not drawn"


@event("restock")
class RestockAllowed(Event):
    def say(self, full: bool) -> str:
        return "The team may restock here from the Item deck until it leaves"


@event("draw")
class MoreEventsDrawn(Event):
    count: int

    def say(self, full: bool) -> str:
        return f"{self.count} more event(s) will be drawn here"


@event("ward")
class Warded(Event):
    by: str  # the Character or item keeping the days

    def say(self, full: bool) -> str:
        return f"{self.by} protects the team: no days are lost"


@event("days")
class DaysChanged(Event):
    amount: int
    left: int

    def say(self, full: bool) -> str:
        change = f"gains {self.amount}" if self.amount > 0 else f"loses {-self.amount}"
        return f"The countdown {change} day(s): {days_left(self.left)}"


@event("steal")
class Stolen(Event):
    """Rulebook, Steal: to the Item deck, unless the card leaves it lying here."""

    owner: str | None  # the Character it was taken from; None: it lay here
    card: str
    item: str
    left_here: bool

    def say(self, full: bool) -> str:
        owner = possessive(self.owner) if self.owner is not None else "The dropped"
        where = ("it is left lying here" if self.left_here
                 else "it goes back to the Item deck")
        return f"{owner} {self.item} is stolen: {where}"


@event("steal")
class TheftFoiled(Event):
    """Rulebook, Steal: the thief went for an item that cannot be stolen."""

    owner: str
    card: str
    item: str

    def say(self, full: bool) -> str:
        return (f"The thief goes for {possessive(self.owner)} {self.item}, which cannot be "
                "stolen: nothing is stolen")


@event("steal")
class NothingStolen(Event):
    """The thief finds nothing to take: the team carries nothing it is after, trades have
    left it nothing it may take, or nothing the team carries can be stolen."""

    why: Literal["nothing-carried", "nothing-left", "nothing-stealable"]

    def say(self, full: bool) -> str:
        match self.why:
            case "nothing-carried":
                return "There is nothing for the thief to take"
            case "nothing-left":
                return "Nothing the thief may take is left: nothing is stolen"
            case _:
                return "Nothing the team carries can be stolen: nothing is stolen"


@event("find")
class Found(Event):
    card: str
    item: str

    def say(self, full: bool) -> str:
        return f"Found: {self.item}, lying here for anyone to pick up"


@event("find")
class NothingFound(Event):
    def say(self, full: bool) -> str:
        return "The Item deck is empty: nothing is found"


@event("barter")
class NoOffer(Event):
    def say(self, full: bool) -> str:
        return "The trader has nothing to offer the team"


@event("barter")
class OfferDeclined(Event):
    def say(self, full: bool) -> str:
        return "The team declines the trade"


@event("barter")
class Bartered(Event):
    character: str
    card: str
    item: str

    def say(self, full: bool) -> str:
        return f"{self.character} trades away the {self.item}: it goes to the Item deck"


# -- combat checks ------------------------------------------------------------------------------


@event("combat")
class CombatBegins(Event):
    opponent: str  # the card called against
    need: int
    base: int  # what the Characters' and items' modifiers add from the start

    def say(self, full: bool) -> str:
        text = f"Combat check against {self.opponent}: the team needs a total of {self.need}"
        if self.base:
            text += f" (abilities add {self.base})"
        return text


@event("roll")
class GunFired(Rolled):
    """Rulebook, Combat Check: each use fired adds a die roll to the team's total."""

    shooter: str
    card: str
    item: str
    running: int  # the team's total after the roll
    need: int

    def say(self, full: bool) -> str:
        shown = "+".join(str(f) for f in self.faces)
        if len(self.faces) > 1:
            shown += f" = {self.total}"
        return (f"{self.shooter} fires the {self.item}: rolled {self.pool} = {shown}, total "
                f"{self.running} of {self.need}")


@event("strike")
class Struck(Event):
    """Rulebook, Combat Check: a set amount (the Knife's), once per combat."""

    character: str
    card: str
    item: str
    amount: int
    total: int
    need: int

    def say(self, full: bool) -> str:
        return (f"{self.character} uses the {self.item}: +{self.amount}, total {self.total} "
                f"of {self.need}")


@event("stop")
class StoppedFiring(Event):
    def say(self, full: bool) -> str:
        return "The team stops firing"


@event("combat-end")
class CombatEnds(Event):
    opponent: str
    total: int
    need: int
    won: bool

    def say(self, full: bool) -> str:
        verdict = "the team prevails" if self.won else "the team falls short"
        return (f"Combat against {self.opponent}: total {self.total} against {self.need}, "
                f"{verdict}")
