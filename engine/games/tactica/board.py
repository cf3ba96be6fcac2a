"""A snapshot of the field (who stands where, walls, landmarks, terrain) read from the table.

The table is the one source of truth for where cards are, so that referee
overrides and the rules never disagree. Reading it costs one pass over the
field's cards, so the rules keep the snapshot up to date as they move troops
(``relocate``, ``add_troop``, ``remove_troop``) and a clone shares its
parent's snapshot until it first looks: then the snapshot is checked against
the clone's table (a referee override may have moved a card in between) and
forked, or rebuilt if anything differs.

Walls and landmarks change a few times a battle while troops move every
action, so everything that follows from the features alone (terrain, the
hexes by each side's walls, the MOV cost of every step) is computed once per
layout and shared by every snapshot with that layout.
"""

from __future__ import annotations

from engine.games.tactica import content
from engine.games.tactica.field import (
    NEUTRAL,
    RIDGE,
    Coord,
    Geometry,
    geometry,
    terrain_map,
)
from engine.games.tactica.state import FIELD, TacticaState

CONTENT = content.load()
GEOM: Geometry = geometry(CONTENT.field.width.value, CONTENT.field.height.value)
TROOPS = CONTENT.troops
MELEE = frozenset(k for k, t in TROOPS.items() if t.melee)
TROOP_FACES = frozenset(TROOPS)
PREFIX = ("sun-", "moon-")
UNREACHABLE = 99

Steps = dict[Coord, tuple[tuple[Coord, int], ...]]
Ways = tuple[tuple[Coord, int, tuple[Coord, ...]], ...]
MovesKey = tuple[bool | int, ...]
MovesMemo = tuple[MovesKey, frozenset[Coord], dict[Coord, int]]
"""A troop's card moves, the flags and MOV left they were found with, the hexes they depend on."""


def side_of(card: str) -> int:
    return 0 if card.startswith("sun-") else 1


class Features:
    """What follows from the walls and landmarks alone; shared, never changed."""

    __slots__ = ("by_wall", "landmark_at", "muster_order", "near_wall", "next_enemy_wall",
                 "ridges", "routes", "steps", "terrain", "wall_at", "walls")

    def __init__(self, walls: list[tuple[str, Coord]],
                 marks: list[tuple[str, Coord, str]]) -> None:
        self.wall_at: dict[Coord, str] = {c: card for card, c in walls}
        self.landmark_at: dict[Coord, str] = {c: card for card, c, _ in marks}
        self.terrain = terrain_map(GEOM, frozenset((c, side) for _, c, side in marks))
        self.ridges = frozenset(c for _, c, side in marks if side == RIDGE)
        nbrs = GEOM.neighbours
        own: tuple[set[Coord], set[Coord]] = (set(), set())
        for card, c in walls:
            own[side_of(card)].add(c)
        self.walls = tuple(tuple(card for card, _ in walls if side_of(card) == p) for p in (0, 1))
        # by_wall[p]: next to one of p's walls; near_wall[p]: that or on one of them.
        self.by_wall = tuple(frozenset(n for w in own[p] for n in nbrs[w]) for p in (0, 1))
        self.near_wall = tuple(self.by_wall[p] | own[p] for p in (0, 1))
        self.next_enemy_wall = (self.by_wall[1], self.by_wall[0])
        self.muster_order = tuple(tuple(c for c in GEOM.hexes if c in self.near_wall[p])
                                  for p in (0, 1))
        self.steps: dict[tuple[int, bool, bool, bool], Steps] = {}
        self.routes: dict[tuple[int, bool, bool, bool, int, Coord], Ways] = {}

    def step_table(self, player: int, melee: bool, engineered: bool, climber: bool) -> Steps:
        """For every hex, the neighbours a troop may step to and the MOV each step costs.

        Part 2: 1 MOV a hex, 1 more to change terrain; 2 onto or off a friendly
        wall (ENGINEER: 1, and no terrain extra); enemy walls only with PRESS,
        2 on and 2 off; landmarks impassable to melee troops. Troops in the way
        are checked by the caller, since they move every action.
        """
        key = (player, melee, engineered, climber)
        table = self.steps.get(key)
        if table is not None:
            return table
        table = {}
        wall_at, terrain, marks = self.wall_at, self.terrain, self.landmark_at
        prefix = PREFIX[player]
        for a in GEOM.hexes:
            wall_a = wall_at.get(a)
            out = []
            for c in GEOM.neighbours[a]:
                if melee and c in marks:
                    continue
                wall_c = wall_at.get(c)
                if wall_c is not None and not wall_c.startswith(prefix):
                    if not climber:
                        continue
                    cost = 2
                elif wall_a is not None and not wall_a.startswith(prefix):
                    cost = 2
                elif wall_a is not None or wall_c is not None:
                    cost = 1 if engineered else 2
                elif engineered:
                    cost = 1
                else:
                    cost = 2 if terrain.get(a, NEUTRAL) != terrain.get(c, NEUTRAL) else 1
                out.append((c, cost))
            table[a] = tuple(out)
        self.steps[key] = table
        return table

    def ways(self, player: int, melee: bool, engineered: bool, climber: bool, mov: int,
             start: Coord) -> Ways:
        """Each way to walk from `start` with up to `mov` MOV: (end, cost, hexes passed).

        The ways come cheapest first, so the first one open to a troop is its
        cheapest (movement.reach). Troops move every action, while the walls
        and landmarks behind these ways change a few times a battle, so each
        start hex is worked out once per layout, when a troop first stands there.
        """
        key = (player, melee, engineered, climber, mov, start)
        found = self.routes.get(key)
        if found is not None:
            return found
        steps = self.step_table(player, melee, engineered, climber)
        ways: list[tuple[Coord, int, tuple[Coord, ...]]] = []
        walk: list[tuple[Coord, int, tuple[Coord, ...]]] = [(start, 0, ())]
        while walk:
            here, spent, passed = walk.pop()
            for c, cost in steps[here]:
                total = spent + cost
                if total > mov or c == start or c in passed:
                    continue
                ways.append((c, total, passed))
                walk.append((c, total, (*passed, c)))
        ways.sort(key=lambda way: (way[1], len(way[2])))
        found = self.routes[key] = tuple(ways)
        return found


_FEATURES: dict[tuple[tuple[str, Coord, str], ...], Features] = {}


def _features(sig: tuple[tuple[str, Coord, str], ...]) -> Features:
    found = _FEATURES.get(sig)
    if found is None:
        if len(_FEATURES) > 512:
            _FEATURES.clear()
        walls = [(card, c) for card, c, kind in sig if kind == "wall"]
        marks = [(card, c, kind) for card, c, kind in sig if kind != "wall"]
        found = _FEATURES[sig] = Features(walls, marks)
    return found


class Board:
    __slots__ = ("_danger", "_moves", "features", "landmark_at", "owner", "placed", "pos",
                 "ridges", "terrain", "troop_at", "troops", "wall_at")

    def __init__(self, state: TacticaState | None) -> None:
        if state is None:
            return  # fork() fills the fields in
        table = state.table
        faces = table.faces
        where = table.pos
        on = GEOM.on
        troop_at: dict[Coord, str] = {}
        pos: dict[str, Coord] = {}
        troops: tuple[list[str], list[str]] = ([], [])
        sig: list[tuple[str, Coord, str]] = []
        sides = state.landmark_side
        field = table.zones[FIELD].cards or ()
        for card in field:
            c = where.get(card)
            if c is None or c not in on:
                continue  # a referee may drop a card off the mat; the rules ignore it
            face = faces[card]
            if face == "wall":
                sig.append((card, c, "wall"))
            elif face == "landmark":
                sig.append((card, c, sides.get(card, RIDGE)))
            elif face in TROOP_FACES and c not in troop_at:
                if card.startswith("sun-"):
                    troops[0].append(card)
                elif card.startswith("moon-"):
                    troops[1].append(card)
                else:
                    continue
                troop_at[c] = card
                pos[card] = c
        # The field is the table's only free zone, so table.pos holds exactly the
        # field's cards: a copy kept up to date tells cheaply whether they moved.
        self.placed = dict(where)
        self.owner = id(state)
        self.troop_at = troop_at
        self.pos = pos
        self.troops = troops
        self._set_features(_features(tuple(sig)))

    def _set_features(self, f: Features) -> None:
        self.features = f
        self.wall_at = f.wall_at
        self.landmark_at = f.landmark_at
        self.terrain = f.terrain
        self.ridges = f.ridges
        self._danger: list[frozenset[Coord] | None] = [None, None]
        self._moves: dict[str, MovesMemo] = {}

    def matches(self, state: TacticaState) -> bool:
        """Whether the state's table still puts every card where this snapshot has it."""
        return self.placed == state.table.pos

    def fork(self, owner: int) -> Board:
        new = Board(None)
        new.placed = dict(self.placed)
        new.owner = owner
        new.troop_at = dict(self.troop_at)
        new.pos = dict(self.pos)
        new.troops = (list(self.troops[0]), list(self.troops[1]))
        new._set_features(self.features)
        new._danger = list(self._danger)
        new._moves = dict(self._moves)
        return new

    # -- keeping up with the rules' own moves ------------------------------------------
    def relocate(self, card: str, c: Coord) -> None:
        old = self.pos[card]
        del self.troop_at[old]
        self.troop_at[c] = card
        self.pos[card] = c
        self.placed[card] = c
        self._changed(card, old, c)

    def add_troop(self, card: str, c: Coord) -> None:
        self.troop_at[c] = card
        self.pos[card] = c
        self.troops[side_of(card)].append(card)
        self.placed[card] = c
        self._changed(card, c, c)

    def remove_troop(self, card: str) -> None:
        old = self.pos.pop(card)
        del self.troop_at[old]
        self.troops[side_of(card)].remove(card)
        del self.placed[card]
        self._changed(card, old, old)

    def _changed(self, card: str, old: Coord, new: Coord) -> None:
        """A troop left `old` or came to `new`: forget what that may have changed.

        Only the other side's danger hexes follow from this troop; a remembered
        card move can change only if its walk passes within one hex (a troop
        in the way, or an enemy it would stop next to).
        """
        self._danger[1 - side_of(card)] = None
        moves = self._moves
        if moves:
            for troop in [t for t, memo in moves.items()
                          if old in memo[1] or new in memo[1]]:
                del moves[troop]

    # -- remembered card moves (movement.card_moves) ---------------------------------------
    def remembered_moves(self, troop: str, key: MovesKey) -> dict[Coord, int] | None:
        memo = self._moves.get(troop)
        return memo[2] if memo is not None and memo[0] == key else None

    def remember_moves(self, troop: str, key: MovesKey, mov: int,
                       moves: dict[Coord, int]) -> None:
        self._moves[troop] = (key, GEOM.disk_set(self.pos[troop], mov + 1), moves)

    # -- questions ---------------------------------------------------------------------
    def terrain_of(self, c: Coord) -> int:
        return self.terrain.get(c, NEUTRAL)

    def danger(self, player: int) -> frozenset[Coord]:
        """Hexes next to an enemy of `player`: where its troops are locked or must stop."""
        found = self._danger[player]
        if found is None:
            nbrs = GEOM.neighbours
            found = frozenset(n for t in self.troops[1 - player] for n in nbrs[self.pos[t]])
            self._danger[player] = found
        return found

    def enemy_adjacent(self, c: Coord, player: int) -> bool:
        """Whether an enemy of `player` stands next to hex `c`."""
        return c in self.danger(player)

    def near_own_wall(self, c: Coord, player: int) -> bool:
        """On or next to one of `player`'s walls: where they train and get the loser's bonus."""
        return c in self.features.near_wall[player]

    def next_to_own_wall(self, c: Coord, player: int) -> bool:
        return c in self.features.by_wall[player]

    def next_to_enemy_wall(self, c: Coord, player: int) -> bool:
        return c in self.features.next_enemy_wall[player]

    def walls_of(self, player: int) -> tuple[str, ...]:
        return self.features.walls[player]


def board(state: TacticaState) -> Board:
    """The state's field snapshot, forked from its parent's or rebuilt as needed."""
    b = state._board
    me = id(state)
    if b is not None and b.owner == me:
        return b
    b = b.fork(me) if b is not None and b.matches(state) else Board(state)
    state._board = b
    return b


def owned(state: TacticaState) -> Board | None:
    """The snapshot if this state already owns it (safe to update in place), else None."""
    b = state._board
    return b if b is not None and b.owner == id(state) else None


def invalidate(state: TacticaState) -> None:
    state._board = None


def level(state: TacticaState, troop: str) -> int:
    entry = state.training.get(troop)
    return 0 if entry is None else entry[1]
