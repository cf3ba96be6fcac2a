"""Changes to the map and the team's place on it: scouting, retreats, shuffles, drifts.

Rulebook, Key Terms: Shuffle — shuffled locations lose the events lying on them,
locations merely moved keep theirs. Retreat — skip to the named location with no
event and no challenge; a Waypoint when one is face up, else Frontier.
"""

from __future__ import annotations

from typing import Literal

from engine.core.dice import DicePool
from engine.core.events import Event
from engine.games.nordguard.challenges import scout_key, sources
from engine.games.nordguard.content import NordguardContent
from engine.games.nordguard.events import (
    Drifted,
    MapShuffled,
    Retreated,
    Reveal,
    Revealed,
    Route,
    ScoutRoll,
)
from engine.games.nordguard.items import kind_of, leave_location, name
from engine.games.nordguard.state import (
    EVENT_DISCARD,
    MAP,
    NordguardState,
)


def reveal(c: NordguardContent, s: NordguardState, cell: int, log: list[Event],
           how: Reveal, by: str = "") -> None:
    """Turn the location on `cell` face up, if it is not: the team heading for it (`by`:
    the way), a scout (`by`: who), the team arriving, or an event clearing the view."""
    location = s.location_at(cell)
    if location in s.table.face_up:
        return
    s.table.set_face(location, True)
    log.append(Revealed(location, name(c, s, location), cell, how, by))


def worth_scouting(c: NordguardContent, s: NordguardState, cell: int) -> bool:
    """A scout learns something: the card is face down, or a roll is not pre-rolled yet."""
    location = s.location_at(cell)
    if location not in s.table.face_up:
        return True
    if not s.placed:  # no permanent event lies anywhere: the location's own rolls alone
        rolls = c.rolls_of[s.table.faces[location]]
        scouted = s.scouted
        return bool(rolls) and (not scouted or any(scout_key(location, i) not in scouted
                                                   for i in rolls))
    return any(ch.kind == "roll" and scout_key(src.card, i) not in s.scouted
               for src in sources(c, s, cell) for i, ch in enumerate(src.challenges))


def scoutable(c: NordguardContent, s: NordguardState) -> list[int]:
    """Every cell but the team's worth scouting, in reading order (Nickel's choices)."""
    sled = s.sled
    face_up = s.table.face_up
    return [cell for cell, location in enumerate(s.table.zones[MAP].cards)
            if cell != sled and (location not in face_up or worth_scouting(c, s, cell))]


def scout(c: NordguardContent, s: NordguardState, cell: int, log: list[Event],
          seat: int, scout_name: str) -> None:
    """Turn the location up and roll its die rolls in advance (Rulebook, Key Terms: Scout).

    The faces stay on the card until the next attempt to enter it, which counts them
    instead of rolling; what the team carries then is added at that attempt. `seat`
    rolls the dice; the log names the scout as `scout_name`.
    """
    reveal(c, s, cell, log, "scouting", scout_name)
    for src in sources(c, s, cell):
        for i, ch in enumerate(src.challenges):
            key = scout_key(src.card, i)
            if ch.kind != "roll" or key in s.scouted:
                continue
            pool = DicePool((6,) * ch.dice)
            faces = pool.roll(s.rng).faces
            s.scouted[key] = faces
            log.append(ScoutRoll(seat, str(pool), faces, sum(faces), scout_name, src.label,
                                 ch.target, cell))


def forget_scouting(s: NordguardState, location: str) -> None:
    """Scouted results on a card (and its obstacles) are used up or swept away."""
    cards = {location, *s.obstacles_on(location)}
    for key in [k for k in s.scouted if k.partition("/")[0] in cards]:
        del s.scouted[key]


def move_team(c: NordguardContent, s: NordguardState, cell: int, log: list[Event]) -> None:
    """The sled leaves its location for `cell` (entering, or a retreat)."""
    if s.sled == 0:
        s.departed = True  # Rulebook, Starting Items: only the first departure checks them
    leave_location(c, s, log)
    s.previous = s.location_at(s.sled)
    s.sled = cell
    reveal(c, s, cell, log, "arriving")


def nearest_waypoint(c: NordguardContent, s: NordguardState) -> int | None:
    """The face-up Waypoint closest to the team (reading order breaks ties), not its own."""
    best: tuple[int, int] | None = None
    row, col = divmod(s.sled, s.width)
    for cell, location in enumerate(s.table.cards_in(MAP)):
        if cell == s.sled or location not in s.table.face_up:
            continue
        loc = c.locations[kind_of(s, location)]
        if not loc.waypoint:
            continue
        r, k = divmod(cell, s.width)
        key = (abs(r - row) + abs(k - col), cell)
        if best is None or key < best:
            best = key
    return None if best is None else best[1]


def retreat(c: NordguardContent, s: NordguardState, to: str, log: list[Event]) -> None:
    """Rulebook, The Events and Key Terms (Retreat): skip to the named location. "Where it
    came from" is the location card the team last left, wherever it lies now."""
    here = name(c, s, s.location_at(s.sled))
    other = False
    route: Route
    if to == "previous" and s.previous is not None:
        cell, route = s.table.cards_in(MAP).index(s.previous), "previous"
    elif to == "waypoint" and (waypoint := nearest_waypoint(c, s)) is not None:
        cell, route = waypoint, "waypoint"
    elif to == "waypoint":
        cell, route = 0, "no-waypoint"
        other = c.locations[kind_of(s, s.location_at(s.sled))].waypoint
    else:
        cell, route = 0, "frontier"
    move_team(c, s, cell, log)
    log.append(Retreated(here, name(c, s, s.location_at(cell)), cell, route, other))


def _fixed_cells(s: NordguardState) -> set[int]:
    return {0, s.destination_cell, s.sled}


def shuffle_map(c: NordguardContent, s: NordguardState, log: list[Event]) -> None:
    """Gather every location but Frontier, Destination and the team's, shuffle, deal face down."""
    cards = list(s.table.cards_in(MAP))
    cells = [i for i in range(len(cards)) if i not in _fixed_cells(s)]
    gathered = [cards[i] for i in cells]
    lost = 0
    for location in gathered:
        forget_scouting(s, location)
        for ev in s.obstacles_on(location):
            del s.placed[ev]
            s.table.move(ev, EVENT_DISCARD)
            lost += 1
        s.table.set_face(location, False)
    s.rng.shuffle(gathered)
    for i, location in zip(cells, gathered, strict=True):
        cards[i] = location
    s.table.arrange(MAP, cards)
    log.append(MapShuffled(len(cells), lost))


def drift(c: NordguardContent, s: NordguardState, axis: Literal["row", "column"],
          log: list[Event]) -> None:
    """The team's row slides east (or column south) one place, wrapping around.

    Frontier, Destination and the team's own location hold still; the moved cards
    keep their face, their events and their scouted rolls.
    """
    cards = list(s.table.cards_in(MAP))
    row, col = divmod(s.sled, s.width)
    line = ([row * s.width + k for k in range(s.width)] if axis == "row"
            else [r * s.width + col for r in range(s.height)])
    cells = [i for i in line if i not in _fixed_cells(s)]
    if len(cells) < 2:
        log.append(Drifted(axis, 0))
        return
    moving = [cards[i] for i in cells]
    for i, location in zip(cells, moving[-1:] + moving[:-1], strict=True):
        cards[i] = location
    s.table.arrange(MAP, cards)
    log.append(Drifted(axis, len(cells)))
