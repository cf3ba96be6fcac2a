"""Setting up a match: options, the cards on the table, the map dealt face up for study.

Rulebook, The Map: Frontier in a corner, the other locations shuffled and laid
left to right, top to bottom, Destination in the opposite corner; more than one
set of location cards when the map needs more than one set holds.
"""

from __future__ import annotations

from functools import cache
from math import ceil

from pydantic import Field, model_validator

from engine.core.options import GameOptions
from engine.core.rng import Rng
from engine.core.zones import Layout, Table, Visibility, Zone
from engine.games.nordguard.content import MAX_TEAM, NordguardContent, load
from engine.games.nordguard.state import (
    CHARACTERS,
    COUNTDOWN,
    DESTINATION,
    DROPPED,
    EVENT_CURRENT,
    EVENT_DECK,
    EVENT_DISCARD,
    FRONTIER,
    ITEM_DECK,
    MAP,
    OBSTACLES,
    POOL,
    SPENT,
    TEAM,
    NordguardState,
    slots,
)

MAX_SIDE = 10
MAX_PLAYERS = MAX_TEAM  # Rulebook, The Map: recommended maps go up to 4-7 players


def recommended_size(players: int) -> int:
    """Rulebook, Recommended Maps, one size per team: 4x4 for 1-2, 5x5 for 3, 6x6 for 4,
    7x7 for 5-7 (where the rulebook's ranges overlap, the smaller map is ours)."""
    return {1: 4, 2: 4, 3: 5, 4: 6}.get(players, 7)


class NordguardOptions(GameOptions):
    players: int = Field(2, ge=1, le=MAX_PLAYERS,
                         description="Players, each with one Character (1-7)")
    width: int | None = Field(None, ge=2, le=MAX_SIDE,
                              description="Map width in location cards (Recommended: by team "
                                          "size, 4 for 1-2 players up to 7 for 5-7)")
    height: int | None = Field(None, ge=2, le=MAX_SIDE,
                               description="Map height in location cards (Recommended: as "
                                           "the width)")
    sets: int | None = Field(None, ge=1, le=4,
                             description="Location sets shuffled together (Recommended: as "
                                         "many as the map needs)")

    @model_validator(mode="after")
    def _enough_locations(self) -> NordguardOptions:
        if self.sets is not None:
            width, height = map_size(self)
            have = self.sets * load().set_size
            if have < width * height - 2:
                raise ValueError(f"a {width}x{height} map needs {width * height - 2} locations "
                                 f"but {self.sets} set(s) hold {have}")
        return self


def map_size(options: NordguardOptions) -> tuple[int, int]:
    side = recommended_size(options.players)
    return options.width or side, options.height or side


def sets_needed(c: NordguardContent, width: int, height: int) -> int:
    return max(1, ceil((width * height - 2) / c.set_size))


@cache
def _printed(c: NordguardContent) -> tuple[dict[str, str], tuple[str, ...], tuple[str, ...],
                                          tuple[str, ...]]:
    """The Character, Item and Event cards of `c` as the table names them: their faces by
    id, then the ids of each kind. Worked out once per content: a random game is short,
    and naming every card again took a tenth of its work."""
    faces: dict[str, str] = {}
    characters = tuple(f"ch-{key}" for key in c.characters)
    for key in c.characters:
        faces[f"ch-{key}"] = f"char:{key}"
    pool: list[str] = []
    for key, item in c.items.items():
        for n in range(1, item.copies + 1):
            faces[f"it-{key}-{n}"] = f"item:{key}"
            pool.append(f"it-{key}-{n}")
    events: list[str] = []
    for key, ev in c.events.items():
        for n in range(1, ev.copies + 1):
            faces[f"ev-{key}-{n}"] = f"event:{key}"
            events.append(f"ev-{key}-{n}")
    return faces, characters, tuple(pool), tuple(events)


@cache
def _locations(c: NordguardContent, sets: int) -> tuple[tuple[str, str], ...]:
    """(id, key) of every plain location card in `sets` sets, in the order they are
    shuffled from (worked out once per content and number of sets)."""
    stack: list[tuple[str, str]] = []
    for number in range(1, sets + 1):
        for key, loc in c.locations.items():
            if loc.role != "location":
                continue
            for n in range(1, loc.copies + 1):
                suffix = f"-{n}" if loc.copies > 1 else ""
                stack.append((f"s{number}-{key}{suffix}", key))
    return tuple(stack)


def build(c: NordguardContent, options: NordguardOptions, rng: Rng) -> NordguardState:
    width, height = map_size(options)
    sets = options.sets or sets_needed(c, width, height)
    printed, characters, pool, events = _printed(c)
    faces = dict(printed)  # a match's own: the dealt locations join it
    stack = list(_locations(c, sets))
    rng.shuffle(stack)
    dealt = stack[:width * height - 2]
    assert c.frontier is not None and c.destination is not None
    faces[FRONTIER] = f"loc:{c.frontier.key}"
    faces[DESTINATION] = f"loc:{c.destination.key}"
    for card, key in dealt:
        faces[card] = f"loc:{key}"
    layout = [FRONTIER, *(card for card, _ in dealt), DESTINATION]

    table = Table(faces)
    public = Visibility.PUBLIC
    table.add_zone(Zone(CHARACTERS, "Characters", public, Layout.SPREAD, None, characters))
    table.add_zone(Zone(TEAM, "The team", public, Layout.SPREAD))
    for seat in range(options.players):
        table.add_zone(Zone(slots(seat), f"Player {seat + 1}'s items", public, Layout.SPREAD,
                            seat))
    table.add_zone(Zone(POOL, "Items to stock from", public, Layout.SPREAD, None, pool))
    table.add_zone(Zone(ITEM_DECK, "Item deck", Visibility.HIDDEN, Layout.STACK))
    table.add_zone(Zone(SPENT, "Spent items", public, Layout.STACK))
    table.add_zone(Zone(DROPPED, "Items lying here", public, Layout.SPREAD))
    table.add_zone(Zone(MAP, "The map", public, Layout.SPREAD, None, layout))
    table.add_zone(Zone(EVENT_DECK, "Event deck", Visibility.HIDDEN, Layout.STACK, None, events))
    table.add_zone(Zone(EVENT_CURRENT, "Event", public, Layout.STACK))
    table.add_zone(Zone(EVENT_DISCARD, "Event discard", public, Layout.STACK))
    table.add_zone(Zone(OBSTACLES, "Permanent events", public, Layout.SPREAD))
    table.face_up.update(characters, pool, layout)
    table.counters[COUNTDOWN] = width + height
    return NordguardState(options.players, table, rng, width, height, c)
