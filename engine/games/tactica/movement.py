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

from collections.abc import Iterable

from engine.core.actions import Made
from engine.games.tactica.actions import Move
from engine.games.tactica.board import (
    GEOM,
    MELEE,
    MOVES,
    PASSED,
    TROOPS,
    UNREACHABLE,
    Board,
    MovesKey,
    MovesMemo,
    Walk,
    Way,
    Ways,
    side_of,
)
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
          free: bool | None = None, occupied: Iterable[Coord] | None = None) -> dict[Coord, int]:
    """Every hex `troop` can end on with `mov` MOV, and the least MOV it costs.

    `free` (default: DISENGAGE was played on it this phase) lets it walk past
    enemies; otherwise it stops on the first hex next to one. `occupied`
    (default: the field now) is where troops stand in the way, so a plan of
    several moves can be walked through without moving anything. The ways to
    walk are precomputed per layout (Features.ways), so only the troops in
    the way are looked at here.
    """
    player = side_of(troop)
    ways = b.features.walk(player, state.table.faces[troop] in MELEE,
                           troop in state.engineered, troop in state.climbers, mov,
                           b.pos[troop])[0]
    if free is None:
        free = troop in state.unlocked
    return _open(ways, b.occupied if occupied is None else GEOM.mask(occupied),
                 0 if free else b.danger(player))[0]


def _open(ways: Ways, occupied: int, stop: int) -> tuple[dict[Coord, int], list[Way]]:
    """Where the ways open past `occupied` hexes and not through `stop` ones end, each at
    the cost of the cheapest (hexes as bits, GEOM.bit: each way is tested with one `&`, its
    end against the hexes taken, the hexes it passes, from PASSED up, against those blocked)."""
    best: dict[Coord, int] = {}
    opened: list[Way] = []  # the ways that open, for whoever makes their moves
    taken = occupied | (occupied | stop) << PASSED
    for way in ways:
        if way[2] & taken:
            continue
        best[way[0]] = way[1]
        opened.append(way)
        taken |= way[3]
    return best, opened


MOV = {face: troop.mov for face, troop in TROOPS.items()}


def mov_of(state: TacticaState, troop: str) -> int:
    return MOV[state.table.faces[troop]]


def mov_left(state: TacticaState, troop: str) -> int:
    """The MOV `troop` has not yet spent this turn."""
    return max(0, mov_of(state, troop) - state.mov_spent.get(troop, 0))


def locked(state: TacticaState, b: Board, troop: str) -> bool:
    """Next to an enemy troop and not freed by DISENGAGE: it may not move."""
    return (troop not in state.unlocked
            and GEOM.bit[b.pos[troop]] & b.danger(side_of(troop)) != 0)


def card_moves(state: TacticaState, b: Board, troop: str) -> dict[Coord, int]:
    """Destinations of one ordinary card move of `troop` and the MOV each costs.

    Empty when it may not move: locked, or its MOV for the turn spent. The
    answer is remembered on the field snapshot until a troop moves where it
    could change it (Board._changed), since most troops stand still from one
    action to the next; it is shared, so callers must not change it.
    """
    key = (troop in state.unlocked, troop in state.engineered, troop in state.climbers,
           state.mov_spent.get(troop, 0))
    player = side_of(troop)
    memo = b.moves[player].get(troop)
    if memo is None or memo[0] != key:
        memo = _remember(state, b, troop, key, player)
    return memo[3]


def move_cost(state: TacticaState, b: Board, troop: str, c: Coord) -> int | None:
    """The MOV an ordinary card move of `troop` to `c` costs; None when it may not go there.

    Read from its card moves when they are kept; otherwise only the ways that end on `c`
    are tried: a load checks and makes one recorded move at a time, and working out every
    destination of the troop (and its Move actions) for it cost several times more. The
    answer is kept on the snapshot (Board.priced) until a troop moves: a load asks it
    twice for each recorded move, when it checks the move and when it makes it."""
    key = (troop in state.unlocked, troop in state.engineered, troop in state.climbers,
           state.mov_spent.get(troop, 0))
    player = side_of(troop)
    memo = b.moves[player].get(troop)
    if memo is not None and memo[0] == key:
        return memo[3].get(c)
    priced = b.priced
    if priced is not None and priced[0] == troop and priced[1] == c and priced[2] == key:
        return priced[3]
    cost = _cost(state, b, troop, c, key, player)
    b.priced = (troop, c, key, cost)
    return cost


def _cost(state: TacticaState, b: Board, troop: str, c: Coord, key: MovesKey,
          player: int) -> int | None:
    """move_cost worked out from the ways that end on `c`."""
    free, engineered, climber, spent = key
    face = state.table.faces[troop]
    mov = MOV[face] - spent
    start = b.pos[troop]
    stop = 0 if free else b.danger(player)
    if mov <= 0 or stop & GEOM.bit[start]:
        return None
    to = ways_to(b.features.walk(player, face in MELEE, engineered, climber, mov, start), c)
    occupied = b.occupied
    taken = occupied | (occupied | stop) << PASSED
    for cost, bits in to:  # cheapest first, as _open takes them
        if not bits & taken:
            return cost
    return None


def ways_to(walk: Walk, c: Coord) -> tuple[tuple[int, int], ...]:
    """The (cost, bits) of `walk`'s ways that end on `c`, cheapest first; kept with the walk
    (which is kept for every layout) the first time they are asked."""
    to = walk[3]
    found = to.get(c)
    if found is None:
        found = to[c] = tuple([(cost, bits) for end, cost, bits, _, _ in walk[0] if end == c])
    return found


PLAIN: Made[int, MovesKey] = Made(lambda spent: (False, False, False, spent))
"""The key of a troop no card has freed, engineered or made a climber, by the MOV it has
spent: one shared tuple each rather than one built for every troop at every listing."""


def side_moves(state: TacticaState, b: Board, player: int) -> list[Move]:
    """Every Move of `player`'s troops: each troop's card_moves in field order, as actions."""
    out: list[Move] = []
    unlocked, engineered, climbers = state.unlocked, state.engineered, state.climbers
    spent = state.mov_spent
    memos = b.moves[player]
    flagged = unlocked or engineered or climbers  # most turns no card has freed anyone
    for t in b.troops[player]:
        key = ((t in unlocked, t in engineered, t in climbers, spent.get(t, 0)) if flagged
               else PLAIN[spent.get(t, 0)])
        memo = memos.get(t)
        if memo is None or memo[0] != key:
            memo = _remember(state, b, t, key, player)
        out += memo[4]
    return out


def _remember(state: TacticaState, b: Board, troop: str, key: MovesKey,
              player: int) -> MovesMemo:
    """Work out `troop`'s card moves (it is `player`'s) and keep them with what they
    depend on."""
    free, engineered, climber, spent = key
    face = state.table.faces[troop]
    mov = MOV[face] - spent
    ends = around = 0
    moves: dict[Coord, int] = {}
    actions: list[Move] = []
    if mov > 0:
        start = b.pos[troop]
        stop = 0 if free else b.danger(player)  # free: no enemy can stop it
        if stop & GEOM.bit[start]:  # locked: only an enemy leaving its side frees it
            around = GEOM.bit[start] | GEOM.bits_near[start]
        else:
            ways, ends, around, _ = b.features.walk(player, face in MELEE, engineered,
                                                    climber, mov, start)
            if free:  # only troops in the way count
                around = ends
            moves, opened = _open(ways, b.occupied, stop)
            made = MOVES[troop]  # each destination's Move, by the end's place
            for c, _, _, _, at in opened:
                move = made[at]
                if move is None:
                    move = made[at] = Move(troop, c[0], c[1])
                actions.append(move)
    memo = b.moves[player][troop] = (key, ends, around, moves, tuple(actions))
    return memo


HORSE_MOV = 2
Plan = tuple[tuple[str, ...], frozenset[Coord]]
"""A HORSE group's companions still away from the anchor and the hexes troops stand on."""


def group_moves(state: TacticaState, b: Board, anchor: str, members: tuple[str, ...],
                moved: tuple[str, ...], troop: str) -> dict[Coord, int]:
    """HORSE: where a group member may go now with the card's 2 MOV.

    Part 2: the group move "must end with all cards still adjacent to the
    originally targeted card". The anchor (that card) moves first (designed);
    a companion must end next to the anchor's hex. A move is offered only if
    the companions still to move can all end next to the anchor after it, so
    the group can always be closed (group_gathered) and no companion is left
    behind.
    """
    if (troop in moved or troop not in b.pos or locked(state, b, troop)
            or (troop != anchor and anchor not in moved)):
        return {}
    here = b.pos[troop]
    waiting = tuple(t for t in members
                    if t != troop and t != anchor and t not in moved and t in b.pos)
    occupied = frozenset(b.troop_at)
    out = {}
    for c, cost in reach(state, b, troop, HORSE_MOV).items():
        centre = c if troop == anchor else b.pos[anchor]
        if troop != anchor and c not in GEOM.neighbours[centre]:
            continue
        if _can_gather(state, b, centre, waiting, (occupied - {here}) | {c}, {}):
            out[c] = cost
    return out


def group_gathered(b: Board, anchor: str, members: tuple[str, ...]) -> bool:
    """Whether every member of a HORSE group stands next to the anchor: it may end now."""
    centre = b.pos.get(anchor)
    if centre is None:
        return True
    near = GEOM.neighbours[centre]
    return all(b.pos[t] in near for t in members if t != anchor and t in b.pos)


def _can_gather(state: TacticaState, b: Board, centre: Coord, waiting: tuple[str, ...],
                occupied: frozenset[Coord], seen: dict[Plan, bool]) -> bool:
    """Whether the `waiting` companions, moving one by one with HORSE's 2 MOV, can all end
    next to `centre` while troops stand on `occupied`.

    A search over who moves next and where; a group is at most a troop and its six
    neighbours, and each position is looked at once (`seen`). A companion that could
    not reach the anchor even if every other companion still away had left its hex
    ends the search at once: moving the others first would not help it.
    """
    near = GEOM.neighbours[centre]
    away = tuple(t for t in waiting if b.pos[t] not in near)
    if not away:
        return True
    key = (away, occupied)
    found = seen.get(key)
    if found is not None:
        return found
    emptied = occupied - {b.pos[t] for t in away}
    found = all(not locked(state, b, t) and any(
        c in near for c in reach(state, b, t, HORSE_MOV, occupied=emptied)) for t in away)
    if found:
        found = any(
            c in near and _can_gather(state, b, centre, tuple(x for x in away if x != t),
                                      (occupied - {b.pos[t]}) | {c}, seen)
            for t in away for c in reach(state, b, t, HORSE_MOV, occupied=occupied))
    seen[key] = found
    return found
