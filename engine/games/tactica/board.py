"""A snapshot of the field (who stands where, walls, landmarks, terrain) read from the table.

The table is the one source of truth for where cards are, so that referee
overrides and the rules never disagree. Reading it costs one pass over the
field's cards, so the rules keep the snapshot up to date as they move troops
(``relocate``, ``add_troop``, ``remove_troop``, then ``agree``) and a clone
shares its parent's snapshot until it first looks: then the snapshot is checked
against the clone's table (a referee override may have moved a card in between)
and forked, or rebuilt if anything differs. The table replaces its field zone
whenever a card comes, goes or moves on it, so the snapshot keeps the zone it
agrees with and the check is one identity test.

Walls and landmarks change a few times a battle while troops move every
action, so everything that follows from the features alone (terrain, the
hexes by each side's walls, the MOV cost of every step) is computed once per
layout and shared by every snapshot with that layout.
"""

from __future__ import annotations

from engine.core.actions import Made
from engine.core.zones import Table
from engine.games.tactica import content
from engine.games.tactica.actions import Attack, Move
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
Way = tuple[Coord, int, int, int, int]  # one of a walk's ways (see Walk)
Ways = tuple[Way, ...]
Friends = tuple[tuple[str, ...], tuple[str, ...]]
Local = tuple[tuple[tuple[Coord, str], ...], bool, bool]
Walk = tuple[Ways, int, int, dict[Coord, tuple[tuple[int, int], ...]]]
"""The ways to walk from a hex, each as (end, cost, its bits, the end's bit, the end's place
in GEOM.hexes); the hexes where they end, and those with the ones beside the start and every
hex they pass (where an enemy would lock the troop or stop the walk); and by each end
asked of it so far, the (cost, bits) of the ways to it in the same order (movement.ways_to:
a load prices each recorded move, and went through every way; listing the moves, as
self-play does, asks none, so none is made with the walk).
Hexes are bits of an int (GEOM.bit), so whether a walk meets a set of hexes is one `&`; a
way's bits are its end's and, moved up by PASSED, those of the hexes it passes, so one `&`
tells whether it is open (movement._open)."""
PASSED = len(GEOM.hexes)
MovesKey = tuple[bool, bool, bool, int]
MovesMemo = tuple[MovesKey, int, int, dict[Coord, int], tuple[Move, ...]]
"""A troop's card moves: the flags (unlocked, engineered, climber) and MOV spent they were
found with; the hexes (as bits) where a friend coming or going changes them, and those
where an enemy does; the destinations with their cost, and the same as Move actions."""


def _attacks_of(attacker: str) -> Made[str, Attack]:
    return Made(lambda target: Attack(attacker, target))


AimsKey = tuple[tuple[str, int] | None, int, int, int]
AimsMemo = tuple[AimsKey, tuple[Attack, ...]]
"""A troop's Attacks (combat.aims): its training, its side's lost battles, its OFF bonus and
its PRESS they were found with, and the attacks."""

MOVES: Made[str, list[Move | None]] = Made(lambda troop: [None] * len(GEOM.hexes))
"""Move actions by troop and the destination's place in GEOM.hexes (made as first listed):
listed by the dozen every action, so equal actions are shared, not rebuilt; read by the
place a walk keeps with each way's end, a list index where a look-up by hex hashed it."""
ATTACKS: Made[str, Made[str, Attack]] = Made(_attacks_of)
"""Attack actions by attacker and target, shared like MOVES."""


def _side(card: str) -> int:
    return 0 if card.startswith("sun-") else 1


SIDES: Made[str, int] = Made(_side)
"""Each card's side (0: SUN, else MOON), read from its id once and looked up after: asked
of a troop at every move and of each troop beside it (owner_of)."""
side_of = SIDES.__getitem__


StepsKey = tuple[int, bool, bool, bool]
RoutesKey = tuple[int, bool, bool, bool, int, Coord]


class _Steps(dict[Coord, tuple[tuple[Coord, int], ...]]):
    """One step table (Features.step_table); a hex's row is worked out the first time a
    walk leaves that hex, since troops stand on a few of the field's hexes."""

    __slots__ = ("features", "key")

    def __init__(self, features: Features, key: StepsKey) -> None:
        super().__init__()
        self.features, self.key = features, key

    def __missing__(self, a: Coord) -> tuple[tuple[Coord, int], ...]:
        row = self[a] = self.features.step_row(a, *self.key)
        return row


class Features:
    """What follows from the walls and landmarks alone; shared, never changed."""

    __slots__ = ("_local", "by_wall", "landmark_at", "muster_order", "near_wall",
                 "next_enemy_wall", "ridges", "routes", "sides", "steps", "terrain",
                 "wall_at", "walls")

    def __init__(self, walls: list[tuple[str, Coord]],
                 marks: list[tuple[str, Coord, str]]) -> None:
        self.wall_at: dict[Coord, str] = {c: card for card, c in walls}
        self.landmark_at: dict[Coord, str] = {c: card for card, c, _ in marks}
        self.sides: dict[Coord, str] = {c: side for _, c, side in marks}
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
        self.steps: dict[StepsKey, _Steps] = {}
        self.routes: dict[RoutesKey, Walk] = {}
        self._local: dict[tuple[Coord, int], Local] = {}

    def local(self, start: Coord, mov: int) -> Local:
        """What decides the cost of every way of up to `mov` MOV from `start`: the walls
        (by side) within `mov` hexes, where a way may step on or off one, and the landmarks
        (by the side up) within `mov` + 1, whose terrain reaches the hexes next to them, in
        the order of their hexes so that like surroundings read alike; then whether a wall
        and whether a landmark stands within `mov` (only those a way can meet)."""
        key = (start, mov)
        found = self._local.get(key)
        if found is None:
            near, around = GEOM.disk_set(start, mov), GEOM.disk_set(start, mov + 1)
            wall_at = self.wall_at
            walls = [(c, PREFIX[side_of(wall)]) for c, wall in wall_at.items() if c in near]
            marks = [(c, side) for c, side in self.sides.items()
                     if c in around and c not in wall_at]
            found = self._local[key] = (tuple(sorted(walls + marks)), bool(walls),
                                        any(c in near for c, _ in marks))
        return found

    def step_table(self, player: int, melee: bool, engineered: bool, climber: bool) -> Steps:
        """For every hex, the neighbours a troop may step to and the MOV each step costs
        (rows worked out as walks need them: step_row)."""
        key = (player, melee, engineered, climber)
        table = self.steps.get(key)
        if table is None:
            table = self.steps[key] = _Steps(self, key)
        return table

    def step_row(self, a: Coord, player: int, melee: bool, engineered: bool,
                 climber: bool) -> tuple[tuple[Coord, int], ...]:
        """The neighbours of `a` a troop may step to and the MOV each step costs.

        Part 2: 1 MOV a hex, 1 more to change terrain; 2 onto or off a friendly
        wall (ENGINEER: 1, and no terrain extra); enemy walls only with PRESS,
        2 on and 2 off; landmarks impassable to melee troops. Troops in the way
        are checked by the caller, since they move every action.
        """
        wall_at, terrain, marks = self.wall_at, self.terrain, self.landmark_at
        prefix = PREFIX[player]
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
        return tuple(out)

    def walk(self, player: int, melee: bool, engineered: bool, climber: bool, mov: int,
             start: Coord) -> Walk:
        """Each way to walk from `start` with up to `mov` MOV: (end, cost, hexes passed),
        and the hexes whose troops the ways depend on (Walk).

        The ways come cheapest first, so the first one open to a troop is its
        cheapest (movement.reach). Troops move every action, while the walls
        and landmarks behind these ways change a few times a battle, so each
        start hex is worked out once per layout, when a troop first stands there;
        and since a walk's steps cost what the features near its start make them
        (local), it is kept for every layout, war and troop alike there (WALKS).
        """
        key = (player, melee, engineered, climber, mov, start)
        found = self.routes.get(key)
        if found is not None:
            return found
        local, walls, marks = self.local(start, mov)
        if not local:  # every step costs 1 MOV, for anyone
            like: tuple[object, ...] = (mov, start)
        else:
            # Only walls tell the sides apart (and PRESS matters only there); only
            # landmarks shut melee troops out.
            like = (player if walls else 0, melee and marks, engineered, climber and walls,
                    mov, start, local)
        found = WALKS.get(like)
        if found is None:
            if len(WALKS) > WALKS_KEPT:
                WALKS.clear()
            found = WALKS[like] = self._walk(player, melee, engineered, climber, mov, start)
        self.routes[key] = found
        return found

    def _walk(self, player: int, melee: bool, engineered: bool, climber: bool, mov: int,
              start: Coord) -> Walk:
        """Every way of up to `mov` MOV that passes no hex twice, found depth first and
        sorted by cost, then by the hexes passed, then as found; less the longer ways to an
        end one step reaches: a step costs at most 2 MOV and a longer way at least that, so
        the step comes first and is open whenever they are, and movement._open would never
        take them."""
        steps = self.step_table(player, melee, engineered, climber)
        bit, near = GEOM.bit, GEOM.bits_near
        # (cost, hexes passed, order found, end, bits passed): sorted as tuples, no key
        paths: list[tuple[int, int, int, Coord, int]] = []
        walk: list[tuple[Coord, int, int, int]] = [(start, 0, 0, 0)]  # here, spent, passed
        beside = near[start]
        direct = 0  # the ends of the steps from `start`, all found first (the stack's first)
        while walk:
            here, spent, count, passed = walk.pop()
            reached = False
            for c, cost in steps[here]:
                total = spent + cost
                if total > mov or c == start or bit[c] & passed:
                    continue
                reached = True
                if not count:
                    direct |= bit[c]
                    paths.append((total, 0, len(paths), c, 0))
                elif not bit[c] & direct:
                    paths.append((total, count, len(paths), c, passed))
                if total < mov:  # every step costs MOV: a walk with none left ends here
                    walk.append((c, total, count + 1, passed | bit[c]))
            if count and reached:  # ways pass `here`
                beside |= near[here]
        paths.sort()
        ends = 0
        ways: list[tuple[Coord, int, int, int, int]] = []
        for total, _, _, c, passed in paths:
            end = bit[c]
            ends |= end
            ways.append((c, total, end | passed << PASSED, end, end.bit_length() - 1))
        return tuple(ways), ends, ends | beside, {}


WALKS: dict[tuple[object, ...], Walk] = {}
"""Walks by what they depend on (Features.walk), shared by every layout."""
WALKS_KEPT = 8192

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
    __slots__ = ("_braced", "_danger", "_friends", "_hexes", "_paired", "_pairs", "_shared", "aims",
                 "features", "field", "landmark_at", "moves", "occupied", "owner", "pos",
                 "priced", "ridges", "table", "terrain", "troop_at", "troops", "wall_at")

    def __init__(self, state: TacticaState) -> None:
        table = state.table
        faces = table.faces
        where = table.pos
        on = GEOM.on
        troop_at: dict[Coord, str] = {}
        pos: dict[str, Coord] = {}
        troops: tuple[list[str], list[str]] = ([], [])
        sig: list[tuple[str, Coord, str]] = []
        sides = state.landmark_side
        self.field = table.zones[FIELD]
        for card in self.field.cards or ():
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
        self.owner = id(state)
        self.table = table
        self.troop_at = troop_at
        self.occupied = GEOM.mask(troop_at)  # the hexes troops stand on, as bits
        self.pos = pos
        self.troops = troops
        self._set_features(_features(tuple(sig)))
        self._danger: list[int | None] = [None, None]
        self._paired: list[bool | None] = [None, None]
        self._pairs: list[tuple[tuple[str, str], ...] | None] = [None, None]
        self._braced: list[tuple[str, ...] | None] = [None, None]
        self._hexes: list[frozenset[Coord] | None] = [None, None]
        self.moves: tuple[dict[str, MovesMemo], dict[str, MovesMemo]] = ({}, {})
        self._friends: dict[str, Friends] = {}
        self.aims: dict[str, AimsMemo] = {}
        # The last move priced without its troop's card moves (movement.move_cost): troop,
        # hex, the troop's MovesKey and the cost; forgotten when a troop moves.
        self.priced: tuple[str, Coord, MovesKey, int | None] | None = None
        self._shared = False

    def _set_features(self, f: Features) -> None:
        self.features = f
        self.wall_at = f.wall_at
        self.landmark_at = f.landmark_at
        self.terrain = f.terrain
        self.ridges = f.ridges

    def agree(self, table: Table) -> None:
        """The rules have moved cards on `table`'s field and kept this snapshot up to date
        with them: it agrees with the field zone the table now holds."""
        self.field = table.zones[FIELD]

    def fork(self, state: TacticaState) -> Board:
        """This snapshot for `state`, sharing every container with this one until either
        moves a troop (_own): most actions move none, and the copy was a tenth of a step.

        What is worked out while they share (danger, friends, card moves) follows from where
        the troops stand, the same for both, so either may add it for both."""
        new: Board = object.__new__(Board)
        new.field = self.field
        new.owner = id(state)
        new.table = state.table
        new.troop_at = self.troop_at
        new.occupied = self.occupied
        new.pos = self.pos
        new.troops = self.troops
        new._set_features(self.features)
        new._danger = self._danger
        new._paired = self._paired
        new._pairs = self._pairs
        new._braced = self._braced
        new._hexes = self._hexes
        new.moves = self.moves
        new._friends = self._friends
        new.aims = self.aims
        new.priced = self.priced
        new._shared = self._shared = True
        return new

    def _own(self) -> None:
        """Copy the containers shared with other snapshots (fork) before troops move."""
        if not self._shared:
            return
        self.troop_at = dict(self.troop_at)
        self.pos = dict(self.pos)
        self.troops = (list(self.troops[0]), list(self.troops[1]))
        self._danger = list(self._danger)
        self._paired = list(self._paired)
        self._pairs = list(self._pairs)
        self._braced = list(self._braced)
        self._hexes = list(self._hexes)
        self.moves = (dict(self.moves[0]), dict(self.moves[1]))
        self._friends = dict(self._friends)
        self._shared = False

    # -- keeping up with the rules' own moves ------------------------------------------
    def relocate(self, card: str, c: Coord) -> None:
        self._own()
        old = self.pos[card]
        del self.troop_at[old]
        self.troop_at[c] = card
        self.occupied = self.occupied & ~GEOM.bit[old] | GEOM.bit[c]
        self.pos[card] = c
        self._changed(side_of(card), (card,), old, c)

    def swap(self, a: str, b: str) -> None:
        """Two troops of one side exchange hexes (SAVED, SHIELDWALL)."""
        self._own()
        ca, cb = self.pos[a], self.pos[b]
        self.troop_at[ca], self.troop_at[cb] = b, a
        self.pos[a] = cb
        self.pos[b] = ca
        self._moved_within(side_of(a), (a, b), ca, cb)

    def add_troop(self, card: str, c: Coord) -> None:
        self._own()
        self.troop_at[c] = card
        self.occupied |= GEOM.bit[c]
        self.pos[card] = c
        self.troops[side_of(card)].append(card)
        self._changed(side_of(card), (card,), c, c)

    def remove_troop(self, card: str) -> None:
        self._own()
        old = self.pos.pop(card)
        del self.troop_at[old]
        self.occupied &= ~GEOM.bit[old]
        self.troops[side_of(card)].remove(card)
        self._changed(side_of(card), (card,), old, old)

    def _changed(self, side: int, cards: tuple[str, ...], old: Coord, new: Coord) -> None:
        """`side`'s troops `cards` left `old` or came to `new`: forget what that may have
        changed.

        Besides what _moved_within forgets, another troop's card moves are
        forgotten only if a walk of it ends or passes there (a troop in the way),
        or, for an enemy, if the hex is beside its start or a hex it passes
        (where it is locked, or would have to stop).
        """
        self._moved_within(side, cards, old, new)
        hexes = GEOM.bit[old] | GEOM.bit[new]
        for memos, deps in ((self.moves[side], 1), (self.moves[1 - side], 2)):
            if memos:
                for troop in [t for t, m in memos.items() if m[deps] & hexes]:
                    del memos[troop]

    def _moved_within(self, side: int, cards: tuple[str, ...], old: Coord, new: Coord) -> None:
        """What follows from where `side`'s troops stand, whichever of them stands where:
        the other side's danger hexes, the friends of troops next to `old` or `new`, and
        the card moves of the troops that moved, and every troop's attacks (which troop
        stands where decides them all). A swap changes nothing more: every hex it touches
        holds a troop of that side before and after."""
        self.aims = {}  # a new dict: snapshots forked from this one keep theirs
        self.priced = None
        self._danger[1 - side] = None
        self._hexes[side] = None
        self._paired[side] = None
        self._pairs[side] = None
        self._braced[side] = None
        friends = self._friends
        own = self.moves[side]
        for card in cards:
            friends.pop(card, None)
            own.pop(card, None)
        if friends:
            troop_at = self.troop_at
            nbrs = GEOM.neighbours
            for n in (*nbrs[old], *nbrs[new]) if new != old else nbrs[old]:
                t = troop_at.get(n)
                if t is not None:
                    friends.pop(t, None)

    # -- friends side by side (SHIELDWALL, SAVED) ------------------------------------------
    def friends(self, troop: str, faces: dict[str, str]) -> Friends:
        """The friendly troops next to `troop`, in neighbour order: (melee ones, Foot)."""
        found = self._friends.get(troop)
        if found is None:
            sides = SIDES
            side = sides[troop]
            troop_at = self.troop_at
            melee: list[str] = []
            foot: list[str] = []
            for n in GEOM.neighbours[self.pos[troop]]:
                other = troop_at.get(n)
                if other is not None and sides[other] == side:
                    face = faces[other]
                    if face in MELEE:
                        melee.append(other)
                    if face == "foot":
                        foot.append(other)
            found = self._friends[troop] = (tuple(melee), tuple(foot))
        return found

    def paired(self, player: int, faces: dict[str, str]) -> bool:
        """Whether two of `player`'s melee troops stand next to each other."""
        found = self._paired[player]
        if found is None:  # the friends kept are read in place (braced)
            found = False
            known, friends = self._friends, self.friends
            for t in self.troops[player]:
                if faces[t] in MELEE and (known.get(t) or friends(t, faces))[0]:
                    found = True
                    break
            self._paired[player] = found
        return found

    def pairs(self, player: int, faces: dict[str, str]) -> tuple[tuple[str, str], ...]:
        """`player`'s melee troops side by side, each pair once, by name (SAVED's swaps,
        asked again whenever the rules settle while its frame is open)."""
        found = self._pairs[player]
        if found is None:
            friends = self.friends
            found = self._pairs[player] = tuple(
                (t, other) for t in sorted(self.troops[player]) if faces[t] in MELEE
                for other in friends(t, faces)[0] if other > t)
        return found

    def braced(self, player: int, faces: dict[str, str]) -> tuple[str, ...]:
        """`player`'s Foot with a melee troop of theirs beside them, in field order.

        Asked at every listing while SHIELDWALL is held, and worked out again whenever one
        of the player's troops has moved; most troops' friends are still kept then, so they
        are read in place rather than through a call each."""
        found = self._braced[player]
        if found is None:
            known, friends = self._friends, self.friends
            found = self._braced[player] = tuple([
                t for t in self.troops[player]
                if faces[t] == "foot" and (known.get(t) or friends(t, faces))[0]])
        return found

    # -- questions ---------------------------------------------------------------------
    def terrain_of(self, c: Coord) -> int:
        return self.terrain.get(c, NEUTRAL)

    def hexes(self, player: int) -> frozenset[Coord]:
        """Where `player`'s troops stand."""
        found = self._hexes[player]
        if found is None:
            pos = self.pos
            found = self._hexes[player] = frozenset(pos[t] for t in self.troops[player])
        return found

    def danger(self, player: int) -> int:
        """Hexes next to an enemy of `player`, as bits (GEOM.bit): where its troops are
        locked or must stop. Bits, not a set of hexes: the walks test them with one `&`,
        and building a set on each enemy move cost more than every look-up it served."""
        found = self._danger[player]
        if found is None:
            pos, near = self.pos, GEOM.bits_near
            found = 0
            for t in self.troops[1 - player]:
                found |= near[pos[t]]
            self._danger[player] = found
        return found

    def enemy_adjacent(self, c: Coord, player: int) -> bool:
        """Whether an enemy of `player` stands next to hex `c`."""
        return GEOM.bit[c] & self.danger(player) != 0

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
    """The state's field snapshot to read: its own, its parent's while the two fields agree
    (a clone shares its parent's until it moves a troop: kept), or one read afresh.

    Most actions move no troop, so most states only read; the snapshot holds the field
    zone it agrees with (every card there where the snapshot has it), so no other zone
    can ever pass for it."""
    b = state._board
    if b is None or b.field is not state.table.zones[FIELD]:
        b = state._board = Board(state)
    return b


def kept(state: TacticaState) -> Board | None:
    """The snapshot to keep up to date as the rules move cards, made this state's own (forked
    from its parent's) if need be; None when there is none yet, to be read afresh when asked.

    A snapshot belongs to the state whose id and very table it was made for: the table
    it holds stays alive with it, so no other state can ever pass for its owner. Forking
    costs far less than reading the field again, so a move made before anything looked at
    the field this action still keeps what the parent's snapshot knew."""
    b = state._board
    if b is None or (b.owner == id(state) and b.table is state.table):
        return b
    b = state._board = (b.fork(state) if b.field is state.table.zones[FIELD]
                        else Board(state))
    return b


def invalidate(state: TacticaState) -> None:
    """A wall or landmark came or went: the next look rebuilds the snapshot."""
    state._board = None


def level(state: TacticaState, troop: str) -> int:
    entry = state.training.get(troop)
    return 0 if entry is None else entry[1]
