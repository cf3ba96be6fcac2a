"""Nordguard in words: how the action palette (Ctrl+K) lists a move, and how the end of
a run is told.

Every description is read from the seat's view, in the rulebook's words: a
face-down location is "the face-down location at row 3, column 5", never its
name, and only cards the seat can see are named.
"""

from __future__ import annotations

from app.games.nordguard import looks
from app.words import count, possessive
from engine.core.actions import Action
from engine.core.game import Outcome
from engine.games.nordguard.actions import (
    Attempt,
    Barter,
    ChooseCharacter,
    Decline,
    DoneStocking,
    Drop,
    EndDay,
    Fire,
    GiveUp,
    Look,
    NextEvent,
    PickUp,
    Restock,
    Scout,
    SetOut,
    StopFighting,
    Strike,
    Survey,
    TakeItem,
    Trade,
    UseItem,
)
from engine.games.nordguard.challenges import spends_limited_item
from engine.games.nordguard.content import NordguardContent
from engine.games.nordguard.events import LOSSES
from engine.games.nordguard.items import scout_seat, who
from engine.games.nordguard.rules import DIRECTIONS, WORDS
from engine.games.nordguard.state import NordguardState

OUT_OF_TIME, STRANDED = LOSSES["time"], LOSSES["stranded"]  # how the outcome gives them


def destination(c: NordguardContent, s: NordguardState) -> str:
    return looks.name_of(c, s, s.location_at(s.destination_cell))


def ending(c: NordguardContent, s: NordguardState, outcome: Outcome) -> str:
    """'The team reached Tartok Mine on day 7', 'The team lost: time ran out'."""
    if outcome.winners:
        return f"The team reached {destination(c, s)} on day {s.turn}"
    reason = outcome.reason
    if reason == OUT_OF_TIME:
        return "The team lost: time ran out"
    if reason.startswith(STRANDED):
        return "The team lost: it could not move in any direction" + reason[len(STRANDED):]
    return f"The team lost: {reason}"


def banner(c: NordguardContent, s: NordguardState, outcome: Outcome) -> tuple[str, str]:
    """The end written across the map: a title and a line under it."""
    if outcome.winners:
        return (f"The team reached {destination(c, s)}",
                f"On day {s.turn}, with {looks.plural(s.countdown, 'day')} to spare")
    why = ending(c, s, outcome).removeprefix("The team lost: ")
    return "The team lost", why[:1].upper() + why[1:]


def place(c: NordguardContent, s: NordguardState, cell: int) -> str:
    """A location as the seat sees it: its name, or where the face-down card lies."""
    ref = s.location_at(cell)
    if ref in s.table.face_up:
        return looks.name_of(c, s, ref)
    row, col = divmod(cell, s.width)
    return f"the face-down location at row {row + 1}, column {col + 1}"


def _challenge(c: NordguardContent, s: NordguardState, cell: int) -> str:
    ref = s.location_at(cell)
    if ref not in s.table.face_up:
        return ""
    location = c.locations[looks.kind(s, ref) or ""]
    parts = [looks.challenge_line(ch) for ch in location.challenge]
    for ev in s.obstacles_on(ref):
        obstacle = c.events[looks.kind(s, ev) or ""].obstacle
        if obstacle is not None:
            parts.append("⚠ " + looks.challenge_line(obstacle.challenge))
    return f" ({', '.join(parts)})" if parts else " (no challenge)"


def describe(c: NordguardContent, s: NordguardState, action: Action) -> str:
    """An action as the palette lists it (`s` is the deciding seat's view)."""

    def name(ref: str | None) -> str:
        return looks.name_of(c, s, ref)

    match action:
        case ChooseCharacter(character=ref):
            ch = c.characters[looks.kind(s, ref) or ""]
            return (f"Choose {ch.name} for Player {s.active + 1}: "
                    f"{count(ch.slots, 'item slot')}, {looks.character_line(ch)}")
        case TakeItem(item=ref):
            return f"{who(c, s, s.active)} takes a {name(ref)} from the stocking pool"
        case DoneStocking():
            return f"{who(c, s, s.active)} is done stocking"
        case SetOut():
            return "Set out: the locations turn face down and day 1 begins"
        case Attempt(direction=way, spend=spend):
            cell = s.neighbour(s.sled, DIRECTIONS[way]) if way in DIRECTIONS else None
            if cell is None:
                return f"Attempt to move {WORDS.get(way, way)}"
            text = f"Attempt to move {WORDS[way]} into {place(c, s, cell)}"
            text += _challenge(c, s, cell)
            kept = spends_limited_item(c, s, cell)
            return text + (f", keeping the {name(kept)}" if not spend and kept else "")
        case Scout(cell=cell):
            scout = scout_seat(c, s)
            by = who(c, s, scout) if scout is not None else "The scout"
            return f"{by} scouts {place(c, s, cell)}: its rolls are made in advance"
        case Look(cell=cell):
            return f"Look through the Binoculars at {place(c, s, cell)}"
        case Survey():
            return "Survey every neighbouring location through the Binoculars (costs a day)"
        case Trade(item=ref, to=seat):
            return f"{who(c, s, s.carrier(ref))} trades the {name(ref)} to {who(c, s, seat)}"
        case Drop(item=ref):
            here = place(c, s, s.sled)
            return f"{who(c, s, s.carrier(ref))} drops the {name(ref)} at {here}"
        case PickUp(item=ref, to=seat):
            return f"{who(c, s, seat)} picks up the {name(ref)} lying here"
        case Restock(item_kind=key, to=seat):
            item = c.items.get(key)
            return f"{who(c, s, seat)} restocks a {item.name if item else key} from the Item deck"
        case UseItem(item=ref):
            gain = c.powers[s.table.faces[ref]].days
            days = count(gain, "day") if gain else "days"
            return f"{who(c, s, s.carrier(ref))} uses the {name(ref)}: the countdown gains {days}"
        case EndDay():
            return f"End day {s.turn}: a day comes off the countdown and the next player leads"
        case Fire(item=ref):
            left = s.uses.get(ref)
            uses = f"; {count(left, 'use')} left" if left is not None else ""
            return f"{who(c, s, s.carrier(ref))} fires the {name(ref)} (one die{uses})"
        case Strike(item=ref):
            return f"{who(c, s, s.carrier(ref))} strikes with the {name(ref)} (once per combat)"
        case StopFighting():
            return "Stop fighting: the total stays short and the combat check fails"
        case NextEvent():
            return "Draw the next event here"
        case GiveUp(item=ref):
            return f"Let the thief take {_owned(c, s, ref)}"
        case Barter(item=ref):
            return f"Barter {_owned(c, s, ref)} for a random item from the Item deck"
        case Decline():
            return "Decline the trader's offer: keep everything"
    return action.describe()


def _owned(c: NordguardContent, s: NordguardState, ref: str) -> str:
    holder = s.holder(ref)
    owner = possessive(who(c, s, holder)) if holder is not None else "the dropped"
    return f"{owner} {looks.name_of(c, s, ref)}"
