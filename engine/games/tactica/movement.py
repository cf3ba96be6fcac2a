"""Movement: MOV costs, terrain, walls, the adjacency lock and where a troop can go.

Part 2's costs: 1 MOV a hex, 1 more to change terrain (neutral, high, low),
2 MOV onto or off a friendly wall, enemy walls only with PRESS (2 MOV on,
2 MOV off), landmarks impassable to melee troops; ENGINEER drops the landmark
and friendly-wall extras. A troop next to an enemy troop cannot move without
DISENGAGE. Designed: a hex holds one troop (no passing through), and a troop
that steps next to an enemy must stop there unless DISENGAGE freed it this
phase.

MOV is "the number of movement points possessed in a single turn" (Part 2,
TROOP CARDS): the card moves of a turn share it, so a troop that has spent
its MOV moves no further until its next turn, and one that has spent part of
it has only the rest. HORSE's 2 MOV are the card's own, spent in its group
move, and leave the troop its MOV ("these cards can still gain their allowed
2 MOV").
"""

from __future__ import annotations

from engine.games.tactica.board import GEOM, MELEE, TROOPS, UNREACHABLE, Board, side_of
from engine.games.tactica.field import Coord
from engine.games.tactica.state import TacticaState


def step_cost(b: Board, player: int, melee: bool, a: Coord, c: Coord,
              engineered: bool, climber: bool) -> int:
    """MOV to step from `a` to its neighbour `c`; UNREACHABLE when the rules forbid it."""
    if c in b.troop_at:
        return UNREACHABLE
    for n, cost in b.features.step_table(player, melee, engineered, climber)[a]:
        if n == c:
            return cost
    return UNREACHABLE


def reach(state: TacticaState, b: Board, troop: str, mov: int,
          free: bool | None = None) -> dict[Coord, int]:
    """Every hex `troop` can end on with `mov` MOV, and the least MOV it costs.

    `free` (default: DISENGAGE was played on it this phase) lets it walk past
    enemies; otherwise it stops on the first hex next to one. The ways to
    walk are precomputed per layout (Features.ways), so only the
    troops in the way are looked at here.
    """
    player = side_of(troop)
    ways = b.features.ways(player, state.table.faces[troop] in MELEE,
                           troop in state.engineered, troop in state.climbers, mov, b.pos[troop])
    if free is None:
        free = troop in state.unlocked
    stop = () if free else b.danger(player)
    occupied = b.troop_at
    best: dict[Coord, int] = {}
    for c, cost, passed in ways:
        if c in best or c in occupied:
            continue
        for p in passed:
            if p in occupied or p in stop:
                break
        else:
            best[c] = cost
    return best


def mov_of(state: TacticaState, troop: str) -> int:
    return TROOPS[state.table.faces[troop]].mov


def mov_left(state: TacticaState, troop: str) -> int:
    """The MOV `troop` has not yet spent this turn."""
    return max(0, mov_of(state, troop) - state.mov_spent.get(troop, 0))


def locked(state: TacticaState, b: Board, troop: str) -> bool:
    """Next to an enemy troop and not freed by DISENGAGE: it may not move."""
    return troop not in state.unlocked and b.pos[troop] in b.danger(side_of(troop))


def card_moves(state: TacticaState, b: Board, troop: str) -> dict[Coord, int]:
    """Destinations of one ordinary card move of `troop` and the MOV each costs.

    Empty when it may not move: locked, or its MOV for the turn spent. The
    answer is remembered on the field snapshot until a troop moves near it
    (Board._changed), since most troops stand still from one action to the
    next; it is shared, so callers must not change it.
    """
    mov = mov_left(state, troop)
    key = (troop in state.unlocked, troop in state.engineered, troop in state.climbers, mov)
    found = b.remembered_moves(troop, key)
    if found is None:
        found = {} if mov <= 0 or locked(state, b, troop) else reach(state, b, troop, mov)
        b.remember_moves(troop, key, mov, found)
    return found


HORSE_MOV = 2


def group_moves(state: TacticaState, b: Board, troop: str, anchor: str,
                anchor_moved: bool) -> dict[Coord, int]:
    """HORSE: where a group member may go with the card's 2 MOV.

    The anchor (the troop HORSE was played on) moves first; a companion must
    end next to the anchor's hex, as Part 2 requires of the whole group.
    """
    if locked(state, b, troop):
        return {}
    dests = reach(state, b, troop, HORSE_MOV)
    if troop == anchor:
        return dests
    if not anchor_moved:
        return {}
    near = GEOM.neighbours[b.pos[anchor]]
    return {c: m for c, m in dests.items() if c in near}
