import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.boards.hexgrid import (
    DIRECTIONS,
    ORIGIN,
    Hex,
    HexField,
    Orientation,
    direction_to,
    direction_wedge,
    distance,
    hex_round,
    hexes_within,
    in_cone,
    line,
    neighbour,
    neighbours,
    ring,
    rotate,
)

coords = st.integers(-40, 40)
hexes = st.builds(Hex, coords, coords)
directions = st.integers(0, 5)
orientations = st.sampled_from(Orientation)


def screen_angle(v: Hex) -> float:
    """Counter-clockwise angle on screen (pointy layout, y down), degrees in [0, 360)."""
    x = math.sqrt(3) * (v.q + v.r / 2)
    y = 1.5 * v.r
    return math.degrees(math.atan2(-y, x)) % 360


# --- Hex value type -----------------------------------------------------------------------


def test_hex_is_hashable_frozen_and_has_cube_s():
    h = Hex(2, -5)
    assert h.s == 3
    assert {h, Hex(2, -5)} == {h}
    with pytest.raises(AttributeError):
        h.q = 0  # type: ignore[misc]


def test_hex_arithmetic():
    assert Hex(1, 2) + Hex(3, -4) == Hex(4, -2)
    assert Hex(1, 2) - Hex(3, -4) == Hex(-2, 6)
    assert Hex(1, -2).scale(3) == Hex(3, -6)


def test_hex_is_not_equal_to_a_tuple():
    assert Hex(1, 2) != (1, 2)


# --- neighbours and directions ------------------------------------------------------------


def test_neighbours_in_direction_order():
    assert neighbours(Hex(2, 3)) == [
        Hex(3, 3),
        Hex(3, 2),
        Hex(2, 2),
        Hex(1, 3),
        Hex(1, 4),
        Hex(2, 4),
    ]


def test_neighbour_direction_is_taken_modulo_six():
    assert neighbour(ORIGIN, 0) == Hex(1, 0)
    assert neighbour(ORIGIN, 6) == Hex(1, 0)
    assert neighbour(ORIGIN, -1) == Hex(0, 1)
    assert neighbour(ORIGIN, 2 + 3) == Hex(0, 1)


def test_direction_to():
    assert direction_to(Hex(2, 3), Hex(2, 2)) == 2
    assert direction_to(Hex(2, 3), Hex(1, 4)) == 4
    with pytest.raises(ValueError, match="not adjacent"):
        direction_to(Hex(0, 0), Hex(2, 0))
    with pytest.raises(ValueError, match="not adjacent"):
        direction_to(Hex(0, 0), Hex(0, 0))


@given(hexes, directions)
def test_neighbours_are_symmetric(h, d):
    n = neighbour(h, d)
    assert h in neighbours(n)
    assert neighbour(n, d + 3) == h
    assert direction_to(n, h) == (d + 3) % 6


# --- distance -----------------------------------------------------------------------------


def test_distance_hand_values():
    assert distance(ORIGIN, ORIGIN) == 0
    assert distance(ORIGIN, Hex(3, -1)) == 3
    assert distance(Hex(-2, 3), Hex(1, -1)) == 4
    assert distance(Hex(0, -3), Hex(0, 3)) == 6
    assert distance(Hex(-2, 1), Hex(2, -1)) == 4


@given(hexes, hexes)
def test_distance_is_symmetric(a, b):
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_triangle_inequality(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


# --- rotation -----------------------------------------------------------------------------


def test_rotate_hand_values():
    assert rotate(Hex(1, 0), 1) == Hex(1, -1)
    assert rotate(Hex(2, -1), 3) == Hex(-2, 1)
    assert rotate(Hex(2, -1), -1) == Hex(1, 1)
    assert rotate(Hex(3, 1), 2, center=Hex(2, 1)) == Hex(2, 0)


@given(directions, st.integers(-12, 12))
def test_rotate_turns_direction_indices(d, steps):
    assert rotate(DIRECTIONS[d], steps) == DIRECTIONS[(d + steps) % 6]


@given(hexes, hexes, st.integers(-12, 12))
def test_rotate_preserves_distance_to_center(h, center, steps):
    assert distance(rotate(h, steps, center), center) == distance(h, center)
    assert rotate(rotate(h, steps, center), -steps, center) == h


# --- ring and spiral ----------------------------------------------------------------------


def test_ring_radius_one_order():
    assert ring(ORIGIN, 1) == [Hex(-1, 1), Hex(0, 1), Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0)]


def test_ring_radius_two_is_exactly_these_twelve_in_order():
    assert ring(ORIGIN, 2) == [
        Hex(-2, 2),
        Hex(-1, 2),
        Hex(0, 2),
        Hex(1, 1),
        Hex(2, 0),
        Hex(2, -1),
        Hex(2, -2),
        Hex(1, -2),
        Hex(0, -2),
        Hex(-1, -1),
        Hex(-2, 0),
        Hex(-2, 1),
    ]


def test_ring_zero_and_negative():
    assert ring(Hex(4, 4), 0) == [Hex(4, 4)]
    with pytest.raises(ValueError, match="radius"):
        ring(ORIGIN, -1)


def test_hexes_within_spiral_order():
    assert hexes_within(Hex(1, 1), 0) == [Hex(1, 1)]
    spiral = hexes_within(ORIGIN, 2)
    assert spiral == [ORIGIN, *ring(ORIGIN, 1), *ring(ORIGIN, 2)]
    with pytest.raises(ValueError, match="radius"):
        hexes_within(ORIGIN, -1)


@given(hexes, st.integers(1, 12))
def test_ring_size_and_distance(center, radius):
    r = ring(center, radius)
    assert len(r) == 6 * radius
    assert len(set(r)) == 6 * radius
    assert all(distance(center, h) == radius for h in r)
    # consecutive ring hexes (cyclically) are adjacent
    assert all(distance(a, b) == 1 for a, b in zip(r, r[1:] + r[:1], strict=True))


@given(hexes, st.integers(0, 8))
def test_hexes_within_is_the_full_disc(center, radius):
    disc = hexes_within(center, radius)
    assert len(disc) == len(set(disc)) == 3 * radius * (radius + 1) + 1
    assert [distance(center, h) for h in disc] == sorted(distance(center, h) for h in disc)


# --- rounding and lines -------------------------------------------------------------------


def test_hex_round():
    assert hex_round(0.1, -0.2) == ORIGIN
    assert hex_round(0.9, 0.05) == Hex(1, 0)
    assert hex_round(1.1, -0.8) == Hex(1, -1)
    # plain rounding gives cube (0, 0, -1), which is off the plane; q moved most, so repair q
    assert hex_round(0.48, 0.4) == Hex(1, 0)


def test_line_hand_value():
    assert line(Hex(0, 0), Hex(3, -1)) == [Hex(0, 0), Hex(1, 0), Hex(2, -1), Hex(3, -1)]


def test_line_along_hex_edge_breaks_tie_to_the_same_side():
    # The midpoint (1, -0.5) lies exactly on the edge between Hex(1, 0) and Hex(1, -1).
    assert line(Hex(0, 0), Hex(2, -1)) == [Hex(0, 0), Hex(1, 0), Hex(2, -1)]
    assert line(Hex(5, 5), Hex(7, 4)) == [Hex(5, 5), Hex(6, 5), Hex(7, 4)]


def test_line_to_itself():
    assert line(Hex(2, 2), Hex(2, 2)) == [Hex(2, 2)]


@given(hexes, hexes)
def test_line_length_is_distance_plus_one(a, b):
    path = line(a, b)
    assert len(path) == distance(a, b) + 1
    assert path[0] == a
    assert path[-1] == b
    assert all(distance(x, y) == 1 for x, y in itertools.pairwise(path))
    assert all(distance(a, h) + distance(h, b) == distance(a, b) for h in path)


# --- wedges and cones ---------------------------------------------------------------------


def test_direction_wedge_hand_values():
    assert direction_wedge(ORIGIN, Hex(3, -1)) == 0  # strictly inside wedge 0
    assert direction_wedge(ORIGIN, Hex(2, -1)) == 0  # on the diagonal inside wedge 0
    assert direction_wedge(ORIGIN, Hex(1, -2)) == 1  # diagonal between directions 1 and 2
    assert direction_wedge(ORIGIN, Hex(-1, -1)) == 2
    assert direction_wedge(ORIGIN, Hex(-3, 1)) == 3
    assert direction_wedge(ORIGIN, Hex(-1, 3)) == 4
    assert direction_wedge(ORIGIN, Hex(2, 1)) == 5
    assert direction_wedge(Hex(2, 2), Hex(2, -1)) == 2  # relative to a non-zero origin


def test_direction_wedge_border_ray_belongs_to_its_own_direction():
    for d, step in enumerate(DIRECTIONS):
        assert direction_wedge(ORIGIN, step) == d
        assert direction_wedge(Hex(5, -7), Hex(5, -7) + step.scale(4)) == d


def test_direction_wedge_of_origin_raises():
    with pytest.raises(ValueError, match="origin"):
        direction_wedge(Hex(1, 1), Hex(1, 1))


def test_cone_of_120_degrees_facing_direction_0():
    def cone(t, **kw):
        return in_cone(ORIGIN, 0, t, 2, **kw)

    assert cone(Hex(3, 0))  # on the axis
    assert cone(Hex(1, 1))  # on the diagonal between directions 5 and 0
    assert cone(Hex(3, -1))
    assert cone(Hex(2, -2))  # border ray of direction 1
    assert cone(Hex(0, 2))  # border ray of direction 5
    assert not cone(Hex(2, -2), include_border=False)
    assert not cone(Hex(0, 2), include_border=False)
    assert not cone(Hex(1, -2))
    assert not cone(Hex(-1, 0))
    assert not cone(ORIGIN)


def test_ridge_shields_troop_from_the_120_degrees_behind_it():
    troop, ridge_side = Hex(0, 0), Hex(0, -1)
    facing = direction_to(troop, ridge_side)
    assert facing == 2

    def shielded(attacker: Hex) -> bool:
        return in_cone(troop, facing, attacker, 2)

    assert shielded(Hex(0, -4))  # straight across the ridge
    assert shielded(Hex(2, -4))  # 30 degrees off the axis
    assert shielded(Hex(3, -3))  # exactly on the border: inside by the default rule
    assert not shielded(Hex(3, -1))
    assert not shielded(Hex(0, 3))  # from behind the troop
    # the cone opening away from the ridge is the same shape turned by 180 degrees
    assert in_cone(troop, facing + 3, Hex(0, 3), 2)
    assert not in_cone(troop, facing + 3, Hex(0, -4), 2)


def test_cone_widths():
    assert in_cone(ORIGIN, 0, Hex(2, -1), 1)  # 30 degrees: border of the 60-degree cone
    assert not in_cone(ORIGIN, 0, Hex(2, -1), 1, include_border=False)
    assert in_cone(ORIGIN, 0, Hex(3, -1), 1)
    assert not in_cone(ORIGIN, 0, Hex(1, -1), 1)
    assert all(in_cone(ORIGIN, 4, h, 6) for h in hexes_within(ORIGIN, 3)[1:])
    assert in_cone(ORIGIN, 0, Hex(-2, 0), 6, include_border=True)
    assert not in_cone(ORIGIN, 0, Hex(-2, 0), 6, include_border=False)
    for width in (0, 7):
        with pytest.raises(ValueError, match="width_sectors"):
            in_cone(ORIGIN, 0, Hex(1, 0), width)


@given(hexes, hexes)
def test_wedge_matches_screen_angle(origin, target):
    if origin == target:
        return
    wedge = direction_wedge(origin, target)
    # wedge w covers angles [60w, 60w + 60); the tolerance only absorbs float noise on rays
    assert (screen_angle(target - origin) - 60 * wedge + 1e-6) % 360 < 60


@given(hexes, hexes, directions, st.integers(1, 6), st.booleans())
def test_cone_matches_screen_angle(origin, target, facing, width, border):
    if origin == target:
        return
    off = abs((screen_angle(target - origin) - 60 * facing + 180) % 360 - 180)
    half = 30 * width
    if abs(off - half) < 1e-6:
        assert in_cone(origin, facing, target, width, include_border=border) == border
    else:
        assert in_cone(origin, facing, target, width, include_border=border) == (off < half)


@given(hexes, hexes, st.integers(-6, 6))
def test_wedge_rotates_with_the_board(origin, target, steps):
    if origin == target:
        return
    turned = rotate(target, steps, origin)
    assert direction_wedge(origin, turned) == (direction_wedge(origin, target) + steps) % 6


def on_ray(v: Hex, d: int) -> bool:
    return v != ORIGIN and v == DIRECTIONS[d % 6].scale(distance(ORIGIN, v))


@given(hexes, hexes, directions)
def test_cone_of_120_degrees_is_two_wedges_with_the_border_rule(origin, target, facing):
    if origin == target:
        return
    v = target - origin
    two_wedges = direction_wedge(origin, target) in {(facing - 1) % 6, facing}
    # wedges own their clockwise border ray, the cone treats both border rays alike
    assert in_cone(origin, facing, target, 2) == (two_wedges or on_ray(v, facing + 1))
    assert in_cone(origin, facing, target, 2, include_border=False) == (
        two_wedges and not on_ray(v, facing - 1)
    )


# --- rectangular field --------------------------------------------------------------------


def test_field_flat_is_odd_q():
    field = HexField(4, 3)
    assert field.orientation is Orientation.FLAT
    assert field.from_offset(0, 0) == ORIGIN
    assert field.from_offset(1, 0) == Hex(1, 0)
    assert field.from_offset(2, 0) == Hex(2, -1)
    assert field.from_offset(3, 1) == Hex(3, 0)
    assert field.from_offset(2, 2) == Hex(2, 1)
    assert field.to_offset(Hex(3, 0)) == (3, 1)


def test_field_pointy_is_odd_r():
    field = HexField(4, 3, Orientation.POINTY)
    assert field.from_offset(0, 1) == Hex(0, 1)
    assert field.from_offset(0, 2) == Hex(-1, 2)
    assert field.from_offset(3, 2) == Hex(2, 2)
    assert field.to_offset(Hex(-1, 2)) == (0, 2)


def test_field_contains_and_iterates_in_reading_order():
    field = HexField(3, 2)
    assert len(field) == 6
    assert list(field) == [field.from_offset(c, r) for r in range(2) for c in range(3)]
    assert list(field) == [Hex(0, 0), Hex(1, 0), Hex(2, -1), Hex(0, 1), Hex(1, 1), Hex(2, 0)]
    assert field.contains(Hex(2, -1))
    assert not field.contains(Hex(1, -1))  # offset (1, -1)
    assert not field.contains(Hex(3, -1))  # offset (3, 0)
    assert all(field.contains(h) for h in field)


def test_field_rejects_empty_size():
    with pytest.raises(ValueError, match="width and height"):
        HexField(0, 3)


def test_to_pixel_hand_values():
    flat = HexField(5, 5)
    pointy = HexField(5, 5, Orientation.POINTY)
    assert flat.to_pixel(Hex(0, 0), 10) == (0, 0)
    x, y = flat.to_pixel(Hex(1, 0), 10)
    assert x == pytest.approx(15)
    assert y == pytest.approx(5 * math.sqrt(3))
    x, y = pointy.to_pixel(Hex(1, 0), 10)
    assert x == pytest.approx(10 * math.sqrt(3))
    assert y == pytest.approx(0)
    x, y = pointy.to_pixel(Hex(0, 1), 10)
    assert x == pytest.approx(5 * math.sqrt(3))
    assert y == pytest.approx(15)
    with pytest.raises(ValueError, match="size"):
        flat.to_pixel(ORIGIN, 0)
    with pytest.raises(ValueError, match="size"):
        flat.from_pixel(1, 1, -2)


def test_field_rows_draw_as_a_rectangle():
    # Every hex in one offset row has its centre within half a hex of the row's line.
    for orientation in Orientation:
        field = HexField(6, 4, orientation)
        for row in range(4):
            ys = [field.to_pixel(field.from_offset(c, row), 1.0)[1] for c in range(6)]
            assert max(ys) - min(ys) <= math.sqrt(3) / 2 + 1e-9


@given(orientations, st.integers(-60, 60), st.integers(-60, 60))
def test_offset_round_trip(orientation, col, row):
    field = HexField(3, 3, orientation)
    assert field.to_offset(field.from_offset(col, row)) == (col, row)


@given(
    orientations,
    hexes,
    st.floats(4, 80),
    st.floats(0, 0.8),
    st.floats(0, 2 * math.pi),
)
def test_pixel_round_trip(orientation, h, size, jitter, theta):
    field = HexField(3, 3, orientation)
    x, y = field.to_pixel(h, size)
    assert field.from_pixel(x, y, size) == h
    # any point well inside the hex (inradius is sqrt(3)/2 * size) maps back to it
    r = jitter * size
    assert field.from_pixel(x + r * math.cos(theta), y + r * math.sin(theta), size) == h
