import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.boards.squaregrid import LineTrace, Square, SquareGrid, trace_line

S = Square

# y\x  0 1 2
#  0   1 3 1
#  1   1 2 1
#  2   1 4 1
HILL = SquareGrid(3, 3, {S(1, 0): 3, S(1, 1): 2, S(1, 2): 4})


def climbing_cost(a: Square, b: Square) -> int | None:
    """1 per step plus 1 per level climbed; climbing more than 2 levels is impossible."""
    climb = HILL.elevation_of(b) - HILL.elevation_of(a)
    if climb > 2:
        return None
    return 1 + max(0, climb)


def uniform_cost(a: Square, b: Square) -> int:
    return 1


# --- grid basics --------------------------------------------------------------------------


def test_contains_and_squares():
    grid = SquareGrid(24, 12)
    assert grid.contains(S(0, 0))
    assert grid.contains(S(23, 11))
    assert not grid.contains(S(24, 0))
    assert not grid.contains(S(0, -1))
    squares = grid.squares()
    assert len(squares) == 24 * 12
    assert squares[:3] == [S(0, 0), S(1, 0), S(2, 0)]
    assert squares[24] == S(0, 1)


def test_elevation_defaults_to_ground_level():
    assert HILL.elevation_of(S(0, 0)) == 1
    assert HILL.elevation_of(S(1, 2)) == 4
    with pytest.raises(ValueError, match="outside the 3x3 grid"):
        HILL.elevation_of(S(3, 0))


def test_bad_construction():
    with pytest.raises(ValueError, match="width and height"):
        SquareGrid(0, 5)
    with pytest.raises(ValueError, match="outside"):
        SquareGrid(2, 2, {S(2, 0): 3})
    for level in (0, 6):
        with pytest.raises(ValueError, match=r"elevation of .* must be 1\.\.5"):
            SquareGrid(2, 2, {S(1, 1): level})


def test_elevation_map_is_copied():
    levels = {S(0, 0): 2}
    grid = SquareGrid(2, 2, levels)
    levels[S(0, 0)] = 5
    assert grid.elevation_of(S(0, 0)) == 2


def test_neighbours_are_orthogonal_in_nesw_order():
    grid = SquareGrid(4, 3)
    assert grid.neighbours(S(1, 1)) == [S(1, 0), S(2, 1), S(1, 2), S(0, 1)]
    assert grid.neighbours(S(0, 0)) == [S(1, 0), S(0, 1)]
    assert grid.neighbours(S(3, 2)) == [S(3, 1), S(2, 2)]


@given(st.integers(0, 23), st.integers(0, 11))
def test_neighbours_are_symmetric(x, y):
    grid = SquareGrid(24, 12)
    for n in grid.neighbours(S(x, y)):
        assert S(x, y) in grid.neighbours(n)


# --- costs and Dijkstra -------------------------------------------------------------------


def test_path_cost():
    assert HILL.path_cost([S(0, 0)], climbing_cost) == 0
    assert HILL.path_cost([S(0, 0), S(1, 0), S(2, 0)], climbing_cost) == 3 + 1
    assert HILL.path_cost([S(0, 1), S(1, 1), S(1, 2)], climbing_cost) == 2 + 3
    assert HILL.path_cost([S(0, 2), S(1, 2)], climbing_cost) is None  # climb of 3


def test_path_cost_rejects_bad_paths():
    with pytest.raises(ValueError, match="at least one"):
        HILL.path_cost([], climbing_cost)
    with pytest.raises(ValueError, match="not an orthogonal step"):
        HILL.path_cost([S(0, 0), S(1, 1)], climbing_cost)
    with pytest.raises(ValueError, match="not an orthogonal step"):
        HILL.path_cost([S(0, 0), S(0, 0)], climbing_cost)
    with pytest.raises(ValueError, match="outside"):
        HILL.path_cost([S(0, 0), S(-1, 0)], climbing_cost)


def test_cheapest_paths_with_climbing_cost():
    costs = HILL.cheapest_paths(S(0, 0), 10, climbing_cost)
    # (1, 2) at level 4 cannot be climbed from (0, 2) or (2, 2), only via (1, 1) at level 2
    assert list(costs.items()) == [
        (S(0, 0), 0),
        (S(0, 1), 1),
        (S(0, 2), 2),
        (S(1, 0), 3),
        (S(1, 1), 3),
        (S(2, 0), 4),
        (S(2, 1), 4),
        (S(2, 2), 5),
        (S(1, 2), 6),
    ]


def test_cheapest_paths_respects_max_cost():
    costs = HILL.cheapest_paths(S(0, 0), 4, climbing_cost)
    assert set(costs) == {S(0, 0), S(0, 1), S(0, 2), S(1, 0), S(1, 1), S(2, 0), S(2, 1)}
    assert HILL.cheapest_paths(S(1, 2), 0, climbing_cost) == {S(1, 2): 0}


def test_cheapest_paths_errors():
    with pytest.raises(ValueError, match="outside"):
        HILL.cheapest_paths(S(5, 5), 3, climbing_cost)
    with pytest.raises(ValueError, match="max_cost"):
        HILL.cheapest_paths(S(0, 0), -1, climbing_cost)
    with pytest.raises(ValueError, match="negative cost"):
        HILL.cheapest_paths(S(0, 0), 3, lambda a, b: -1)


@given(st.integers(0, 9), st.integers(0, 5), st.integers(0, 12))
def test_uniform_cost_is_manhattan_distance(x, y, budget):
    grid = SquareGrid(10, 6)
    costs = grid.cheapest_paths(S(x, y), budget, uniform_cost)
    expected = {
        s: abs(s.x - x) + abs(s.y - y)
        for s in grid.squares()
        if abs(s.x - x) + abs(s.y - y) <= budget
    }
    assert costs == expected


@given(
    st.dictionaries(
        st.tuples(st.integers(0, 4), st.integers(0, 3), st.integers(0, 3)),
        st.one_of(st.none(), st.integers(0, 5)),
    ),
    st.integers(0, 20),
)
def test_cheapest_paths_matches_bellman_ford(step_costs, budget):
    grid = SquareGrid(5, 4)
    directions = [(0, -1), (1, 0), (0, 1), (-1, 0)]

    def cost(a: Square, b: Square) -> int | None:
        d = directions.index((b.x - a.x, b.y - a.y))
        return step_costs.get((a.x, a.y, d), 1)

    best = {S(0, 0): 0}
    for _ in range(20):
        for a, c in list(best.items()):
            for b in grid.neighbours(a):
                step = cost(a, b)
                if step is not None and c + step < best.get(b, budget + 1):
                    best[b] = c + step
    assert grid.cheapest_paths(S(0, 0), budget, cost) == best


# --- line tracing -------------------------------------------------------------------------


def test_trace_shallow_line():
    assert trace_line(S(0, 0), S(2, 1)) == LineTrace(
        crossed=(S(0, 0), S(1, 0), S(1, 1), S(2, 1)),
        corner_touches=(),
    )


def test_trace_diagonal_passes_exactly_through_corners():
    assert trace_line(S(0, 0), S(2, 2)) == LineTrace(
        crossed=(S(0, 0), S(1, 1), S(2, 2)),
        corner_touches=(S(1, 0), S(0, 1), S(2, 1), S(1, 2)),
    )


def test_trace_steep_line_through_one_corner():
    # From (0.5, 0.5) to (1.5, 3.5): at x = 1 the line is at y = 2, a grid corner.
    assert trace_line(S(0, 0), S(1, 3)) == LineTrace(
        crossed=(S(0, 0), S(0, 1), S(1, 2), S(1, 3)),
        corner_touches=(S(1, 1), S(0, 2)),
    )


def test_trace_straight_and_trivial_lines():
    assert trace_line(S(3, 1), S(0, 1)).crossed == (S(3, 1), S(2, 1), S(1, 1), S(0, 1))
    assert trace_line(S(2, 0), S(2, 2)).crossed == (S(2, 0), S(2, 1), S(2, 2))
    assert trace_line(S(4, 4), S(4, 4)) == LineTrace((S(4, 4),), ())


def test_trace_reversed_diagonal_lists_x_side_first():
    assert trace_line(S(2, 2), S(0, 0)).corner_touches == (S(1, 2), S(2, 1), S(0, 1), S(1, 0))


def _meets(start: Square, end: Square, square: Square, *, open_box: bool) -> bool:
    """Brute force: does the centre line meet the (open or closed) square? Exact fractions."""
    lo_t, hi_t = Fraction(0), Fraction(1)
    for s0, s1, cell in ((start.x, end.x, square.x), (start.y, end.y, square.y)):
        p0, d = Fraction(2 * s0 + 1, 2), Fraction(s1 - s0)
        lo, hi = Fraction(cell), Fraction(cell + 1)
        if d == 0:
            inside = lo < p0 < hi if open_box else lo <= p0 <= hi
            if not inside:
                return False
            continue
        a, b = sorted(((lo - p0) / d, (hi - p0) / d))
        lo_t, hi_t = max(lo_t, a), min(hi_t, b)
    return lo_t < hi_t if open_box else lo_t <= hi_t


points = st.builds(Square, st.integers(0, 9), st.integers(0, 9))


@given(points, points)
def test_trace_matches_exact_brute_force(start, end):
    trace = trace_line(start, end)
    box = [
        S(x, y)
        for x in range(min(start.x, end.x) - 1, max(start.x, end.x) + 2)
        for y in range(min(start.y, end.y) - 1, max(start.y, end.y) + 2)
    ]
    crossed = {s for s in box if _meets(start, end, s, open_box=True)}
    touched = {s for s in box if _meets(start, end, s, open_box=False)} - crossed
    assert set(trace.crossed) == crossed
    assert set(trace.corner_touches) == touched
    assert len(trace.crossed) == len(crossed)
    assert len(trace.corner_touches) == len(touched)


@given(points, points)
def test_trace_order_and_symmetry(start, end):
    trace = trace_line(start, end)
    assert trace.crossed[0] == start
    assert trace.crossed[-1] == end
    corners = len(trace.corner_touches) // 2
    for a, b in itertools.pairwise(trace.crossed):
        assert abs(a.x - b.x) <= 1
        assert abs(a.y - b.y) <= 1
    dx, dy = abs(end.x - start.x), abs(end.y - start.y)
    assert len(trace.crossed) == dx + dy + 1 - corners
    back = trace_line(end, start)
    assert back.crossed == trace.crossed[::-1]
    assert set(back.corner_touches) == set(trace.corner_touches)
