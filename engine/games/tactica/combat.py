"""Combat: effective OFF, DEF and RNG with every Part 2 modifier, the ridge cone, targets.

Part 2's modifiers: ranged -1 OFF against an adjacent melee troop; melee
-2 OFF against a troop on a wall; ranged +1 RNG on a wall, +1 on high
ground, -1 on low ground, never below 1; high ground +1 DEF (once, however
many ridges); melee training doubles (1x) or triples (2x) DEF, ranged 2x
doubles OFF; CROWN gives adjacent friends +1 OFF; a side that lost one
battle gets +1 DEF on and next to its walls, two battles +1 DEF and +1 OFF.

Designed: damage from several attacks on one troop adds up during the turn;
each troop attacks once per COMBAT phase; OFF never drops below 0 and an
attack needs at least 1 OFF; troops do not block each other's shots.
"""

from __future__ import annotations

from engine.games.tactica.actions import Attack
from engine.games.tactica.board import ATTACKS, GEOM, MELEE, SIDES, TROOPS, Board, side_of
from engine.games.tactica.field import Coord, distance
from engine.games.tactica.state import TacticaState

RNG = {face: troop.rng for face, troop in TROOPS.items()}


def rng_of(state: TacticaState, b: Board, troop: str) -> int:
    face = state.table.faces[troop]
    if face in MELEE:
        return RNG[face]
    c = b.pos[troop]
    rng = RNG[face] + b.terrain.get(c, 0)  # high +1, low -1
    if c in b.wall_at:
        rng += 1
    return max(1, rng)


def _crown_aura(state: TacticaState, b: Board, troop: str, c: Coord, player: int) -> int:
    faces = state.table.faces
    for n in GEOM.neighbours[c]:
        other = b.troop_at.get(n)
        if other is not None and SIDES[other] == player and faces[other] == "crown":
            return 1
    return 0


def _standing_off(state: TacticaState, b: Board, troop: str, face: str, c: Coord,
                  player: int) -> int:
    """OFF before anything that depends on the target: training, CROWN, wall bonus, HORSE."""
    off = TROOPS[face].off
    if face not in MELEE:
        entry = state.training.get(troop)
        if entry is not None and entry[1] == 2:
            off *= 2
    off += _crown_aura(state, b, troop, c, player)
    if state.lost_battles[player] >= 2 and b.near_own_wall(c, player):
        off += 1
    return off + state.off_bonus.get(troop, 0)


def off_of(state: TacticaState, b: Board, troop: str) -> int:
    """OFF as it stands now, before the target's own modifiers (what the card face shows).

    A melee troop attacks only adjacent enemies, so its PRESS bonus counts
    here; a ranged troop's PRESS and the -1/-2 against particular targets are
    left to off_against.
    """
    face = state.table.faces[troop]
    off = _standing_off(state, b, troop, face, b.pos[troop], side_of(troop))
    if face in MELEE:
        off += state.press.get(troop, 0)
    return max(0, off)


def off_against(state: TacticaState, b: Board, attacker: str, target: str) -> int:
    """The damage `attacker` deals to `target` now, all modifiers applied (never below 0)."""
    faces = state.table.faces
    face = faces[attacker]
    c = b.pos[attacker]
    t = b.pos[target]
    off = _standing_off(state, b, attacker, face, c, side_of(attacker))
    adjacent = distance(c, t) == 1
    if face in MELEE:
        if t in b.wall_at:
            off -= 2
    elif adjacent and faces[target] in MELEE:
        off -= 1
    if adjacent:
        off += state.press.get(attacker, 0)
    return max(0, off)


def def_of(state: TacticaState, b: Board, troop: str) -> int:
    """The damage `troop` absorbs: it is captured only when damage exceeds this."""
    face = state.table.faces[troop]
    d = TROOPS[face].def_
    entry = state.training.get(troop)
    if face in MELEE and entry is not None:
        d *= 1 + entry[1]
    c = b.pos[troop]
    if b.terrain.get(c) == 1:
        d += 1
    player = side_of(troop)
    if state.lost_battles[player] >= 1 and b.near_own_wall(c, player):
        d += 1
    return d + state.def_bonus.get(troop, 0)


def shielded(b: Board, shooter: Coord, target: Coord) -> bool:
    """The RIDGE's cover: no ranged shot into the cone behind a ridge next to either end.

    A troop next to a ridge is covered from the 120 degrees beyond that ridge,
    and a ranged troop next to a ridge cannot shoot into the same kind of cone;
    one hex between troop and ridge removes the effect (Part 2, RIDGE).
    """
    ridges = b.ridges
    if not ridges:
        return False
    for end, other in ((target, shooter), (shooter, target)):
        for n in GEOM.neighbours[end]:
            if n in ridges and other in GEOM.cone(end, n):
                return True
    return False


def cone_hexes(b: Board, c: Coord) -> frozenset[Coord]:
    """The hexes a ranged troop on `c` cannot shoot into because of adjacent ridges."""
    out: set[Coord] = set()
    for n in GEOM.neighbours[c]:
        if n in b.ridges:
            out |= GEOM.cone(c, n)
    return frozenset(out)


def attack_problem(state: TacticaState, b: Board, attacker: str, target: str) -> str | None:
    """Why `attacker` may not attack `target` now, in the rulebook's words; None if it may."""
    if attacker in state.attacked:
        return "each troop attacks once in a COMBAT phase"
    c, t = b.pos[attacker], b.pos[target]
    face = state.table.faces[attacker]
    gap = distance(c, t)
    if gap > rng_of(state, b, attacker):
        if face in MELEE:
            return "a melee troop attacks only an adjacent enemy"
        return f"the target is {gap} hexes away, beyond this troop's RNG"
    if face not in MELEE and shielded(b, c, t):
        return "the RIDGE covers that line of fire"
    if off_against(state, b, attacker, target) <= 0:
        return "this attack would deal no damage (OFF 0 after modifiers)"
    return None


def targets(state: TacticaState, b: Board, attacker: str) -> list[str]:
    """Enemy troops `attacker` may attack now, in field order (attack_problem's rules)."""
    if attacker in state.attacked:
        return []
    c = b.pos[attacker]
    player = side_of(attacker)
    near = GEOM.disk_set(c, rng_of(state, b, attacker))
    if near.isdisjoint(b.hexes(1 - player)):
        return []  # no enemy within range: most troops, most of the time
    ranged = state.table.faces[attacker] not in MELEE
    out = []
    for t in b.troops[1 - player]:
        tc = b.pos[t]
        if tc not in near or (ranged and shielded(b, c, tc)):
            continue
        if off_against(state, b, attacker, t) > 0:
            out.append(t)
    return out


def side_attacks(state: TacticaState, b: Board, player: int) -> list[Attack]:
    """Every Attack of `player`'s troops: each troop's targets in field order, as actions.

    Most troops have no enemy within range, which is told from where the enemies stand
    before anything else is worked out."""
    out: list[Attack] = []
    attacked, pos, faces = state.attacked, b.pos, state.table.faces
    terrain, wall_at = b.terrain, b.wall_at
    beside, bit = b.danger(player), GEOM.bit
    enemies = b.hexes(1 - player)
    for t in b.troops[player]:
        if t in attacked:
            continue
        face, c = faces[t], pos[t]
        rng = RNG[face]
        if face not in MELEE:  # rng_of: the ground and a wall change a ranged troop's RNG
            rng = max(1, rng + terrain.get(c, 0) + (c in wall_at))
        if rng == 1:
            if not bit[c] & beside:
                continue
        elif GEOM.disk_set(c, rng).isdisjoint(enemies):
            continue
        out += aims(state, b, t, player)
    return out


def aims(state: TacticaState, b: Board, troop: str, player: int) -> tuple[Attack, ...]:
    """`troop`'s Attacks (its targets, as actions) while it has its attack left.

    Kept on the field snapshot until a troop moves (Board.aims): in COMBAT the troops
    mostly stand still while attacks, counter-cards and passes come and go. Besides where
    the troops stand, the answer depends only on the troop's training, its side's lost
    battles, its OFF bonus and its PRESS, the key it is kept with."""
    key = (state.training.get(troop), state.lost_battles[player], state.off_bonus.get(troop, 0),
           state.press.get(troop, 0))
    memo = b.aims.get(troop)
    if memo is None or memo[0] != key:
        found = tuple(map(ATTACKS[troop].__getitem__, targets(state, b, troop)))
        memo = b.aims[troop] = (key, found)
    return memo[1]
