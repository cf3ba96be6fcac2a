"""Wintergrim's state: every card, what stands where, and whose turn and phase it is.

Layout (the Qt table reads this; keep it in step with the code)
----------------------------------------------------------------

Card ids are ``w<seat><n>`` (``w013``: seat 0's 14th card), numbered after the deck is
shuffled at set-up, so an id says nothing of its face; ``table.faces[id]`` is the card
key in ``assets/wintergrim/cards.json``.

Zones, per seat ``s``:

- ``deck:s`` (hidden, face down), ``hand:s`` (its owner's);
- ``removed:s`` (public): cards paid, spent, defeated or sent away (the rulebook's
  "removed pile"; designed: face up, so a player may count what the other paid);
- ``captured:s`` (public): enemy units ``s`` has captured;
- ``play:s`` (public): every card of ``s`` in play: areas, structures, units, weather,
  tactics staying on a unit, tactics waiting in a window.

What stands where is the ``pieces`` entities, one per card in play, named by the card
id (``Entity.kind`` is the card key, ``owner`` the seat):

- an area card (an HQ, a path) stands ``at`` its own id;
- a structure stands ``at`` its area; an HQ is its own area and structure;
- a unit stands ``at`` its area, ``inside`` a structure or outside (``inside`` "");
- the weather stands ``at`` ``SKY``; a tactic waiting to resolve ``at`` ``PLAYED``;
- counter ``damage``: permanent Health damage; counter ``netted``: the turn number
  through which a Net holds it;
- tokens: ``moved`` (spent its move step this turn), ``attacked`` (its attack step),
  ``used`` (a start-phase text used this turn), ``rolled`` (a weather's keep roll made),
  ``arrived`` (moved into another player's area this turn: traps may answer);
- ``attached``: curse, item and sickness cards staying on a unit.

``phase`` is ``found`` during set-up, then ``start``, ``move``, ``attack``, ``end``
of the active seat's turn; it only goes forward (How to Play: "She can't go back").
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from engine.core.declared import state_field
from engine.core.entities import Entities
from engine.core.game import GameState
from engine.core.options import GameOptions

SKY = "sky"  # where the weather stands
PLAYED = "played"  # where a tactic waits while its window is open
PHASES = ("start", "move", "attack", "end")
Mode = Literal["destroy", "assassinate", "conquer", "enslave"]


def deck(seat: int) -> str:
    return f"deck:{seat}"


def hand(seat: int) -> str:
    return f"hand:{seat}"


def removed(seat: int) -> str:
    return f"removed:{seat}"


def captured(seat: int) -> str:
    return f"captured:{seat}"


def play(seat: int) -> str:
    return f"play:{seat}"


class WintergrimOptions(GameOptions):
    players: int = Field(2, ge=2, le=4, description="Players, one deck each")
    decks: list[str] = Field(
        default_factory=lambda: ["vanheim", "asheim"], min_length=1, max_length=4,
        description="The deck each seat plays, by key; seats beyond the list take the "
                    "list again from its start")
    deck_lists: dict[str, dict[str, int]] = Field(
        default_factory=dict,
        description="Decks built by players, brought into this match by key (so a save "
                    "carries them and loads on any computer)")
    mode: Mode = Field("destroy", title="Game mode",
                       description="Destroy: the last with an HQ wins. Assassinate: lose "
                                   "your marked leader and you lose. Conquer: hold every "
                                   "starting path. Enslave: the first to capture 2 units "
                                   "wins")

    @model_validator(mode="after")
    def _lists_are_small(self) -> WintergrimOptions:
        if len(self.deck_lists) > 8:
            raise ValueError("at most 8 built decks may be brought into a match")
        return self

    def deck_of(self, seat: int) -> str:
        return self.decks[seat % len(self.decks)]


class WintergrimState(GameState):
    phase: str = "found"
    first: int = 0  # the seat that won the roll and takes the first turn
    first_rolls: list[int] = state_field(list)  # each seat's last roll for who goes first
    deck_names: list[str] = state_field(list)  # per seat, as the table shows them
    realms: list[str] = state_field(list)  # per seat: its deck's realm (colours)
    mode: str = "destroy"
    marked: list[str] = state_field(list)  # Assassinate: each seat's marked leader
    goals: list[str] = state_field(list)  # Conquer: the starting paths
    out: list[bool] = state_field(list)  # per seat: lost (Destroy: no HQ left)
    pieces: Entities = state_field(Entities)
    # world.Census: what food and the end of the game read of which cards are in play and
    # whose, with the ids and owners it was read from (a clone shares it; never saved;
    # a seat's view reads its own)
    census: Any = state_field(default=None, cache=True)
    # world.Layout: what listings read of where the cards in play stand, with the ids,
    # owners and places it was read from (shared and kept as the census is)
    layout: Any = state_field(default=None, cache=True)
    # (the pieces' Entities.stamp, `out`, the pieces' roster) at which the checks made
    # always (state_checks) last found nothing to do: they read only the pieces and
    # `out` (and, in Enslave, the captured piles, so it is never kept there); a stamp
    # names one content wherever it is found
    quiet: Any = state_field(default=None, cache=True)
