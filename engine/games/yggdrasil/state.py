"""Yggdrasil's state: the board, the clans' sheets and figures, and where the Age stands.

Layout (the Qt table reads this; keep it in step with the code)
----------------------------------------------------------------

Card ids are ``y<age><nn>`` (``y107``: the 8th card of Age 1's deck), numbered after the
deck is shuffled at set-up, so an id says nothing of its face; ``table.faces[id]`` is
the card key in ``assets/yggdrasil/cards.json``.

Zones:

- ``deck:<age>`` (hidden): an Age's deck for this table (facts 17);
- ``box`` (hidden): cards put away unseen (the draft's leftovers, discarded hands);
- ``discard`` (public): cards played and gone (upgrades replaced, a winner's battle
  cards, revealed quests);
- per seat ``s``: ``packet:s`` (its owner's: the draft packet in front of ``s``),
  ``hand:s`` (its owner's), ``kept:s`` (its owner's: the card kept from the last Age,
  set aside during the draft), ``quests:s`` (its owner's: committed quests, face down to
  the others), ``sheet:s`` (public: upgrades and monsters on the clan sheet),
  ``laid:s`` (its owner's: a battle card laid face down) and ``shown:s`` (public: the
  battle cards it has revealed in the battle under way).

Figures are the ``figures`` entities: ``f<s>-leader``, ``f<s>-ship``, ``f<s>-w<n>``
(n 0-7) and ``f<s>-<monster key>``; ``kind`` is ``leader``, ``warrior``, ``ship`` or the
monster's card key; ``at`` is a province key, a fjord key, ``RESERVE`` or ``VALHALLA``.

Stats are steps 1-6 on the three tracks (``steps[stat][s]``); ``rage`` is the Rage a
clan has left to spend this Age. A battle under way is ``fight`` (the province),
``pillager``, ``fighters`` (the clans in it, from the pillager clockwise) and what its
cards did (``cancelled``, ``boosted``) and cost (``killed``).
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import Field

from engine.core.actions import looked_up
from engine.core.declared import state_field
from engine.core.entities import Entities
from engine.core.game import GameState
from engine.core.options import GameOptions

RESERVE = "reserve"
VALHALLA = "valhalla"
PHASES = ("gifts", "action", "discard", "quest", "ragnarok", "release")
STATS = ("rage", "axes", "horns")
TROOPS = ("leader", "warrior", "ship")


def _named(prefix: str) -> Callable[[int], str]:
    """`prefix:<n>` for a seat or an Age, made once for each: a zone's name is asked for
    on every move and every listing, and a dictionary's own look-up is the cheapest call
    there is (a cached function's took four times as long)."""
    return looked_up(f"{prefix}:{{}}".format)


deck = _named("deck")  # an Age's deck
packet = _named("packet")
hand = _named("hand")
kept = _named("kept")
quests = _named("quests")
sheet = _named("sheet")
laid = _named("laid")
shown = _named("shown")


def figure_id(seat: int, kind: str, n: int = 0) -> str:
    """A figure's id: ``f0-leader``, ``f0-w3``, ``f0-troll``."""
    return f"f{seat}-w{n}" if kind == "warrior" else f"f{seat}-{kind}"


class YggdrasilOptions(GameOptions):
    players: int = Field(4, ge=2, le=4, description="Clans at the table (2 to 4)")


class YggdrasilState(GameState):
    # Fields of words that never name a card (a phase, stats, provinces, rewards, figures:
    # figure ids are never card ids) are declared public, shown to every seat as they are:
    # masking read each of their entries against the seat's hidden cards on every view,
    # a fifth of a view's time. A test holds them to naming no card.
    age: int = 1
    phase: str = state_field(default="gifts", view="public")
    first: int = 0  # holds the first-player marker this Age
    picks: int = 0  # cards each clan has picked in this Age's draft
    # stat -> each clan's step
    steps: dict[str, tuple[int, ...]] = state_field(dict, view="public")
    rage: list[int] = state_field(list)  # Rage left to spend this Age
    glory: list[int] = state_field(list)
    glory_by_age: list[tuple[int, ...]] = state_field(list)  # each clan's Glory per Age end
    # province -> its pillage reward
    tokens: dict[str, str] = state_field(dict, view="public")
    # provinces whose token shows its pillaged side
    pillaged: set[str] = state_field(set, view="public")
    destroyed: set[str] = state_field(set, view="public")
    # the Ragnarök provinces of Ages 1, 2, 3
    doom: list[str] = state_field(list, view="public")
    acted: bool = False  # the active clan has taken its action this turn
    figures: Entities = state_field(Entities)
    # the battle under way
    fight: str = state_field(default="", view="public")
    pillager: int = -1
    fighters: list[int] = state_field(list)
    winner: int = -1
    reveals: int = 0  # battle cards revealed so far in the game (a reveal's number)
    cancelled: set[str] = state_field(set)  # revealed cards whose text does nothing
    boosted: dict[str, int] = state_field(dict)  # revealed quests counting as battle cards
    killed: list[int] = state_field(list)  # per clan: its figures destroyed in this battle
    # figures that took part (Valkyrie, Frost Giant)
    joined: list[str] = state_field(list, view="public")
    # figures kept from the destruction under way
    spared: set[str] = state_field(set, view="public")

    def step(self, stat: str, seat: int) -> int:
        return self.steps[stat][seat]
