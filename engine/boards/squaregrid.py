"""Square-grid geometry with elevation, for Collision's board (up to 24 x 12, elevation 1-5).

``x`` counts columns left to right and ``y`` rows top to bottom, so north is ``y - 1``,
matching how the UI draws the board. Movement is orthogonal only, because Collision never
moves diagonally; lines of sight, however, run at any angle, and Collision's cover rules
must tell a square the line really crosses from one whose corner it merely grazes. That
is why :func:`trace_line` works in exact integer arithmetic: a float would decide corner
cases by rounding noise.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise


@dataclass(frozen=True, slots=True, order=True)
class Square:
    """One square of the board; frozen and ordered so it can key dicts and sort stably."""

    x: int
    y: int


CostFn = Callable[[Square, Square], int | None]
"""Cost of one step between adjacent squares, or None when the step is impossible."""

MIN_ELEVATION = 1
MAX_ELEVATION = 5

# Orthogonal steps in the fixed order N, E, S, W; every neighbour listing follows it.
_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))


@dataclass(frozen=True, slots=True)
class LineTrace:
    """Squares met by the centre-to-centre line of sight, each in order from start to end.

    ``crossed`` holds every square whose interior the line passes through, both endpoint
    squares included. ``corner_touches`` holds the squares the line meets only at a single
    corner point; where the line passes through a corner, the two squares beside it are
    listed with the one in the line's x-direction first. No square is in both.
    """

    crossed: tuple[Square, ...]
    corner_touches: tuple[Square, ...]


class SquareGrid:
    """A ``width`` x ``height`` board with an elevation per square.

    Elevation is given sparsely: squares missing from ``elevation`` are at ground level
    (:data:`MIN_ELEVATION`), so flat boards need no data at all.
    """

    __slots__ = ("_elevation", "height", "width")

    def __init__(self, width: int, height: int, elevation: Mapping[Square, int] | None = None):
        if width < 1 or height < 1:
            raise ValueError(f"a square grid needs width and height >= 1, got {width}x{height}")
        self.width = width
        self.height = height
        self._elevation: dict[Square, int] = {}
        for square, level in (elevation or {}).items():
            self._check(square)
            if not MIN_ELEVATION <= level <= MAX_ELEVATION:
                raise ValueError(
                    f"elevation of {square} must be {MIN_ELEVATION}..{MAX_ELEVATION}, got {level}"
                )
            self._elevation[square] = level

    def contains(self, square: Square) -> bool:
        """Whether ``square`` is on the board."""
        return 0 <= square.x < self.width and 0 <= square.y < self.height

    def _check(self, square: Square) -> None:
        if not self.contains(square):
            raise ValueError(f"{square} is outside the {self.width}x{self.height} grid")

    def squares(self) -> list[Square]:
        """Every square in reading order (row by row, left to right)."""
        return [Square(x, y) for y in range(self.height) for x in range(self.width)]

    def elevation_of(self, square: Square) -> int:
        """Elevation of an on-board square (ground level unless set)."""
        self._check(square)
        return self._elevation.get(square, MIN_ELEVATION)

    def neighbours(self, square: Square) -> list[Square]:
        """On-board orthogonal neighbours in the order N, E, S, W."""
        result = []
        for dx, dy in _STEPS:
            n = Square(square.x + dx, square.y + dy)
            if self.contains(n):
                result.append(n)
        return result

    def path_cost(self, path: Sequence[Square], cost_fn: CostFn) -> int | None:
        """Total cost of walking ``path`` step by step, or None if any step is impossible.

        A one-square path costs 0. Squares off the board or steps that are not orthogonal
        moves raise ValueError: they are bugs in the caller, not blocked moves.
        """
        if not path:
            raise ValueError("a path needs at least one square")
        for square in path:
            self._check(square)
        total = 0
        for a, b in pairwise(path):
            if abs(a.x - b.x) + abs(a.y - b.y) != 1:
                raise ValueError(f"{a} -> {b} is not an orthogonal step")
            cost = cost_fn(a, b)
            if cost is None:
                return None
            total += cost
        return total

    def cheapest_paths(self, start: Square, max_cost: int, cost_fn: CostFn) -> dict[Square, int]:
        """Cheapest cost from ``start`` to every square reachable within ``max_cost``.

        Dijkstra over orthogonal steps; ``start`` is included at cost 0. Step costs must be
        non-negative. The result is ordered by cost, then by square, so it is identical
        from run to run and can be shown or compared directly.
        """
        self._check(start)
        if max_cost < 0:
            raise ValueError(f"max_cost must be >= 0, got {max_cost}")
        best = {start: 0}
        frontier = [(0, start)]
        while frontier:
            cost, square = heapq.heappop(frontier)
            if cost > best[square]:
                continue
            for n in self.neighbours(square):
                step = cost_fn(square, n)
                if step is None:
                    continue
                if step < 0:
                    raise ValueError(f"step {square} -> {n} has negative cost {step}")
                new_cost = cost + step
                if new_cost <= max_cost and new_cost < best.get(n, max_cost + 1):
                    best[n] = new_cost
                    heapq.heappush(frontier, (new_cost, n))
        return dict(sorted(best.items(), key=lambda item: (item[1], item[0])))


def trace_line(start: Square, end: Square) -> LineTrace:
    """Every square met by the straight line from the centre of ``start`` to that of ``end``.

    Works in doubled coordinates, where centres are odd and grid lines even, so each
    boundary crossing is a ratio of integers and "crosses x and y boundaries at the same
    moment" (a corner) is an exact comparison. A centre-to-centre line can never run along
    a grid line, so corners are the only borderline case.
    """
    sx, sy = 2 * start.x + 1, 2 * start.y + 1
    dx, dy = 2 * (end.x - start.x), 2 * (end.y - start.y)
    step_x = (dx > 0) - (dx < 0)
    step_y = (dy > 0) - (dy < 0)
    x, y = start.x, start.y
    crossed = [start]
    touches: list[Square] = []
    while (x, y) != (end.x, end.y):
        # Next boundary crossings are at t = num / abs(d); compare by cross-multiplying.
        # An axis the line does not move along never gets crossed.
        num_x = abs(2 * (x + (step_x > 0)) - sx)
        num_y = abs(2 * (y + (step_y > 0)) - sy)
        t_x = num_x * abs(dy) if step_x else None
        t_y = num_y * abs(dx) if step_y else None
        if t_y is None or (t_x is not None and t_x < t_y):
            x += step_x
        elif t_x is None or t_y < t_x:
            y += step_y
        else:
            touches.extend((Square(x + step_x, y), Square(x, y + step_y)))
            x += step_x
            y += step_y
        crossed.append(Square(x, y))
    return LineTrace(tuple(crossed), tuple(touches))
