"""Hex-grid geometry in axial coordinates, for TACTICA and any other hex board.

Hexes are stored as axial ``(q, r)`` because two integers are the smallest hashable form;
the third cube coordinate ``s = -q - r`` is derived on demand, because distance, rotation
and rounding are symmetric in ``q, r, s`` and are easiest to get right in cube form.

Direction indices 0..5 run counter-clockwise *as seen on screen* (y pointing down, as in
Qt) in both layouts, so game rules can be written once and drawn either way. Every
function taking a direction reduces it modulo 6, so ``d + 3`` is the opposite of ``d``
and ``d + 1`` is its counter-clockwise neighbour without extra bookkeeping::

    index  axial step   pointy-topped   flat-topped
    0      (+1,  0)     E               SE
    1      (+1, -1)     NE              NE
    2      ( 0, -1)     NW              N
    3      (-1,  0)     W               NW
    4      (-1, +1)     SW              SW
    5      ( 0, +1)     SE              S

Wedges and cones measure true angles on the drawn board (both layouts are regular hexes,
so the angles are the same); all tests are exact integer arithmetic, never floats.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One hex (or a step between hexes) in axial coordinates.

    Frozen and slotted so it can key dicts and sets and be created by the million in AI
    search; ordered by ``(q, r)`` so collections of hexes can be sorted deterministically.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """Third cube coordinate; derived so the invariant q + r + s == 0 cannot break."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, factor: int) -> Hex:
        """Multiply a step, e.g. to walk ``radius`` hexes in one direction at once."""
        return Hex(self.q * factor, self.r * factor)


ORIGIN = Hex(0, 0)

DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)
"""Unit steps indexed by direction; see the module docstring for the compass table."""

# Bearings are counted in half-steps of 30 degrees: 24 per turn, 4 per 60-degree wedge.
_HALF_STEPS_PER_TURN = 24
_HALF_STEPS_PER_WEDGE = 4


def neighbour(h: Hex, direction: int) -> Hex:
    """The adjacent hex in ``direction`` (taken modulo 6)."""
    return h + DIRECTIONS[direction % 6]


def neighbours(h: Hex) -> list[Hex]:
    """All six adjacent hexes, in direction-index order so iteration is reproducible."""
    return [h + step for step in DIRECTIONS]


def direction_to(a: Hex, b: Hex) -> int:
    """Direction index of the step from ``a`` to its neighbour ``b``.

    Rules usually know two adjacent hexes (a troop and the ridge side it touches) and need
    the direction to feed :func:`in_cone`; non-adjacent pairs are a caller bug, so they
    raise instead of guessing.
    """
    try:
        return DIRECTIONS.index(b - a)
    except ValueError:
        raise ValueError(f"{b} is not adjacent to {a}") from None


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes."""
    d = a - b
    return (abs(d.q) + abs(d.r) + abs(d.s)) // 2


def rotate(h: Hex, steps: int, center: Hex = ORIGIN) -> Hex:
    """Rotate ``h`` about ``center`` by ``steps`` x 60 degrees, direction d -> d + steps.

    Positive steps turn the same way as increasing direction indices (counter-clockwise
    on screen), so rotating a whole formation keeps its facings consistent.
    """
    v = h - center
    q, r, s = v.q, v.r, v.s
    for _ in range(steps % 6):
        q, r, s = -s, -q, -r
    return center + Hex(q, r)


def ring(center: Hex, radius: int) -> list[Hex]:
    """The 6 x radius hexes exactly ``radius`` steps from ``center`` (``[center]`` for 0).

    Order is fixed so callers may rely on it: start at ``center + radius * DIRECTIONS[4]``
    and walk ``radius`` steps in each direction 0, 1, ..., 5, which goes once around
    counter-clockwise on screen.
    """
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    result = []
    h = center + DIRECTIONS[4].scale(radius)
    for step in DIRECTIONS:
        for _ in range(radius):
            result.append(h)
            h = h + step
    return result


def hexes_within(center: Hex, radius: int) -> list[Hex]:
    """All hexes at distance <= ``radius``, as a spiral: center, then ring 1, ring 2, ...

    Spiral order means nearer hexes always come first, which is what range-based rules
    and "closest target" searches want.
    """
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    result = [center]
    for k in range(1, radius + 1):
        result.extend(ring(center, k))
    return result


def hex_round(q: float, r: float) -> Hex:
    """The hex containing fractional axial point ``(q, r)``.

    Rounds all three cube coordinates and then repairs the one that moved most, which is
    the only way to keep q + r + s == 0 and land in the hex that really contains the point.
    """
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(rq, rr)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The distance(a, b) + 1 hexes on the straight line from ``a`` to ``b``, both included.

    Sampled by cube interpolation. A line running exactly along hex edges would sample
    points on a border; every sample is nudged by (+1e-6, +2e-6, -3e-6) in (q, r, s) so
    such ties always fall to the same side and the result never depends on float noise.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    dq, dr = b.q - a.q, b.r - a.r
    return [hex_round(a.q + dq * i / n + 1e-6, a.r + dr * i / n + 2e-6) for i in range(n + 1)]


def _bearing(v: Hex) -> int:
    """Angle of non-zero vector ``v`` in half-steps of 30 degrees, 0..23, from direction 0.

    Even values mean ``v`` lies exactly on a 30-degree ray (4d is direction d itself, 4d + 2
    the diagonal between d and d + 1); odd values mean strictly between two rays. Keeping
    "on the ray" distinct is what lets wedge and cone borders follow an explicit rule
    instead of float luck.
    """
    q, r, s = v.q, v.r, v.s
    # Each wedge is a sign pattern of the cube coordinates (wedge 0 spans a*(1,0,-1) +
    # b*(1,-1,0) with a > 0, b >= 0); the >= / <= halves put each axis ray in one wedge.
    if r <= 0 and s < 0:
        wedge = 0
    elif q > 0 and s >= 0:
        wedge = 1
    elif r < 0 and q <= 0:
        wedge = 2
    elif s > 0 and r >= 0:
        wedge = 3
    elif q < 0 and s <= 0:
        wedge = 4
    else:
        wedge = 5
    for _ in range(wedge):  # turn back into wedge 0, where r == s is the diagonal
        q, r, s = -r, -s, -q
    if r == 0:
        fine = 0
    elif r > s:
        fine = 1
    elif r == s:
        fine = 2
    else:
        fine = 3
    return _HALF_STEPS_PER_WEDGE * wedge + fine


def direction_wedge(origin: Hex, target: Hex) -> int:
    """Which of the six 60-degree wedges around ``origin`` contains ``target``.

    Wedge d is bounded by the rays along direction d and direction d + 1. Border rule: a
    hex exactly on the ray of direction d belongs to wedge d (its counter-clockwise side),
    so every hex other than ``origin`` is in exactly one wedge. Raises ValueError for
    ``target == origin``, which has no direction.
    """
    if target == origin:
        raise ValueError(f"{target} is the origin itself and lies in no wedge")
    return _bearing(target - origin) // _HALF_STEPS_PER_WEDGE


def in_cone(
    origin: Hex,
    facing: int,
    target: Hex,
    width_sectors: int,
    include_border: bool = True,
) -> bool:
    """Whether ``target`` lies in the cone of ``width_sectors`` x 60 degrees from ``origin``.

    The cone is centred on the ray of direction ``facing`` (modulo 6), reaching
    ``width_sectors`` x 30 degrees to either side; for width 2 (120 degrees) that is exactly
    wedges ``facing - 1`` and ``facing``. Border rule: hexes exactly on the two bounding rays
    count as inside when ``include_border`` is true, outside otherwise; being symmetric, the
    rule does not depend on which side of the cone a hex is on. ``origin`` itself is never
    inside, because a hex has no direction from itself.

    TACTICA ridge example: a troop on ``o`` with a ridge on its side towards neighbour ``r``
    is shielded from attacker ``t`` when ``in_cone(o, direction_to(o, r), t, 2)``; the cone
    opening away from ``r`` is ``in_cone(o, direction_to(o, r) + 3, t, 2)``.
    """
    if not 1 <= width_sectors <= 6:
        raise ValueError(f"width_sectors must be 1..6, got {width_sectors}")
    if target == origin:
        return False
    axis = _HALF_STEPS_PER_WEDGE * (facing % 6)
    offset = (_bearing(target - origin) - axis) % _HALF_STEPS_PER_TURN
    angle = min(offset, _HALF_STEPS_PER_TURN - offset)
    limit = 2 * width_sectors
    return angle < limit or (include_border and angle == limit)


class Orientation(Enum):
    """How hexes are drawn: which also fixes the offset-coordinate convention of a field."""

    FLAT = "flat"
    POINTY = "pointy"


_SQRT3 = math.sqrt(3.0)


class HexField:
    """A rectangular board of ``width`` columns x ``height`` rows of hexes.

    The offset convention follows the orientation, because only that pairing draws as a
    rectangle on screen: FLAT uses "odd-q" (odd columns are shoved down half a hex), POINTY
    uses "odd-r" (odd rows are shoved right half a hex). Offset ``(0, 0)`` is the top-left
    hex and is axial ``Hex(0, 0)``, whose centre is pixel ``(0, 0)``.
    """

    __slots__ = ("height", "orientation", "width")

    def __init__(self, width: int, height: int, orientation: Orientation = Orientation.FLAT):
        if width < 1 or height < 1:
            raise ValueError(f"a hex field needs width and height >= 1, got {width}x{height}")
        self.width = width
        self.height = height
        self.orientation = orientation

    def from_offset(self, col: int, row: int) -> Hex:
        """The axial hex at offset ``(col, row)``; board files and the UI think in offsets."""
        if self.orientation is Orientation.FLAT:
            return Hex(col, row - (col - (col & 1)) // 2)
        return Hex(col - (row - (row & 1)) // 2, row)

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """``(col, row)`` of ``h``; defined for hexes off the field too."""
        if self.orientation is Orientation.FLAT:
            return h.q, h.r + (h.q - (h.q & 1)) // 2
        return h.q + (h.r - (h.r & 1)) // 2, h.r

    def contains(self, h: Hex) -> bool:
        """Whether ``h`` is on the board."""
        col, row = self.to_offset(h)
        return 0 <= col < self.width and 0 <= row < self.height

    def __iter__(self) -> Iterator[Hex]:
        """Reading order of offsets (row by row, left to right) so scans are reproducible."""
        for row in range(self.height):
            for col in range(self.width):
                yield self.from_offset(col, row)

    def __len__(self) -> int:
        return self.width * self.height

    def to_pixel(self, h: Hex, size: float) -> tuple[float, float]:
        """Centre of ``h`` in pixels (y down) for hexes of circumradius ``size``."""
        _check_size(size)
        if self.orientation is Orientation.FLAT:
            return size * 1.5 * h.q, size * _SQRT3 * (h.r + h.q / 2)
        return size * _SQRT3 * (h.q + h.r / 2), size * 1.5 * h.r

    def from_pixel(self, x: float, y: float, size: float) -> Hex:
        """The hex under pixel ``(x, y)``; may be off the field, so check :meth:`contains`."""
        _check_size(size)
        if self.orientation is Orientation.FLAT:
            q = (2 / 3 * x) / size
            r = (-x / 3 + _SQRT3 / 3 * y) / size
        else:
            q = (_SQRT3 / 3 * x - y / 3) / size
            r = (2 / 3 * y) / size
        return hex_round(q, r)


def _check_size(size: float) -> None:
    if size <= 0:
        raise ValueError(f"hex size must be > 0, got {size}")
