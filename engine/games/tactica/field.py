"""The hex field's geometry and terrain, precomputed once per field size.

Rules ask the same questions thousands of times a second (who is next to
whom, how far, which hexes a ridge shades), so the answers are tables built
once from engine.boards.hexgrid and looked up by plain ``(q, r)`` tuples,
which hash and compare much faster than Hex objects in the hot loops.

The field is drawn pointy-topped with odd rows shifted right (hexgrid's
"odd-r"), so each player's wall line is one straight row: SUN (seat 0) at
the bottom, MOON (seat 1) at the top.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from engine.boards.hexgrid import DIRECTIONS, Hex, HexField, Orientation, in_cone

Coord = tuple[int, int]

NEUTRAL, HIGH, LOW = 0, 1, -1
TERRAIN_NAMES = {NEUTRAL: "neutral", HIGH: "high", LOW: "low"}
RIDGE, RAVINE = "ridge", "ravine"

_STEPS = tuple((d.q, d.r) for d in DIRECTIONS)


def hex_of(c: Coord) -> Hex:
    return Hex(c[0], c[1])


def distance(a: Coord, b: Coord) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class Geometry:
    """Neighbours, rows and ridge cones of one field size."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.grid = HexField(width, height, Orientation.POINTY)
        self.hexes: tuple[Coord, ...] = tuple((h.q, h.r) for h in self.grid)
        self.on = frozenset(self.hexes)
        self.neighbours: dict[Coord, tuple[Coord, ...]] = {
            c: tuple(n for n in ((c[0] + dq, c[1] + dr) for dq, dr in _STEPS) if n in self.on)
            for c in self.hexes}
        self.offset: dict[Coord, tuple[int, int]] = {
            c: self.grid.to_offset(hex_of(c)) for c in self.hexes}
        # Hexes as bits of an int: a set of hexes is then one number, and whether two
        # sets meet one `&`, where the walks test every way against the troops.
        self.bit: dict[Coord, int] = {c: 1 << i for i, c in enumerate(self.hexes)}
        self.bits_near: dict[Coord, int] = {
            c: self.mask(self.neighbours[c]) for c in self.hexes}
        self._cones: dict[tuple[Coord, int], frozenset[Coord]] = {}
        self._disks: dict[tuple[Coord, int], tuple[Coord, ...]] = {}
        self._disk_sets: dict[tuple[Coord, int], frozenset[Coord]] = {}

    def mask(self, hexes: Iterable[Coord]) -> int:
        """The bits of the field hexes among `hexes`."""
        bit = self.bit
        out = 0
        for c in hexes:
            out |= bit.get(c, 0)
        return out

    def at(self, col: int, row: int) -> Coord:
        """The hex at offset (col, row): how the mat and the tests name places."""
        h = self.grid.from_offset(col, row)
        return (h.q, h.r)

    def direction(self, a: Coord, b: Coord) -> int:
        return _STEPS.index((b[0] - a[0], b[1] - a[1]))

    def cone(self, origin: Coord, toward: Coord) -> frozenset[Coord]:
        """Field hexes in the 120-degree cone from `origin` through its neighbour `toward`.

        Part 2 draws the ridge's cover as the region projected from the ridge's
        three far faces; those projections approach but never reach the two rays
        through the troop's own neighbours beside the ridge, so the border rays
        are outside (include_border=False).
        """
        key = (origin, self.direction(origin, toward))
        found = self._cones.get(key)
        if found is None:
            o = hex_of(origin)
            found = frozenset(c for c in self.hexes if in_cone(o, key[1], hex_of(c), 2, False))
            self._cones[key] = found
        return found

    def disk(self, c: Coord, radius: int) -> tuple[Coord, ...]:
        """Field hexes within `radius` of `c`."""
        key = (c, radius)
        found = self._disks.get(key)
        if found is None:
            # distance() written out: each new disk reads every hex of the field, and the
            # first games of a session ask for hundreds of them
            q, r, twice = c[0], c[1], 2 * radius
            found = self._disks[key] = tuple(
                h for h in self.hexes
                if abs(h[0] - q) + abs(h[1] - r) + abs(h[0] + h[1] - q - r) <= twice)
        return found

    def disk_set(self, c: Coord, radius: int) -> frozenset[Coord]:
        key = (c, radius)
        found = self._disk_sets.get(key)
        if found is None:
            found = self._disk_sets[key] = frozenset(self.disk(c, radius))
        return found

    def wall_rows(self, gap: int) -> tuple[int, int]:
        """(SUN row, MOON row) with `gap` rows between the two wall lines, centred."""
        top = (self.height - gap - 2) // 2
        return top + gap + 1, top

    def wall_line(self, gap: int, player: int, count: int) -> list[Coord]:
        """`count` hexes in one unbroken row, centred on the player's wall row."""
        row = self.wall_rows(gap)[player]
        start = (self.width - count) // 2
        return [self.at(start + i, row) for i in range(count)]


@cache
def geometry(width: int, height: int) -> Geometry:
    return Geometry(width, height)


@cache
def terrain_map(geom: Geometry, landmarks: frozenset[tuple[Coord, str]]) -> dict[Coord, int]:
    """Non-neutral terrain of every hex, following Part 2's four cases.

    A hex next to ridges only is high, next to ravines only is low, next to
    both or neither is neutral. A landmark's own hex (only ranged troops may
    stand there) takes the landmark's own height: a designed answer, since the
    seed speaks only of the hexes around it.
    """
    ridge_near: set[Coord] = set()
    ravine_near: set[Coord] = set()
    for where, side in landmarks:
        (ridge_near if side == RIDGE else ravine_near).update(geom.neighbours[where])
    out: dict[Coord, int] = {}
    for c in ridge_near - ravine_near:
        out[c] = HIGH
    for c in ravine_near - ridge_near:
        out[c] = LOW
    for where, side in landmarks:
        out[where] = HIGH if side == RIDGE else LOW
    return out
