"""Location-card grid for Nordguard: ``rows`` x ``cols`` cards, moves N/S/E/W only.

Rows count from the top (north) and columns from the left (west), so ``N`` is
``row - 1`` and the layout reads like the cards on the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True, slots=True, order=True)
class Cell:
    """One location card's place; ordered by (row, col), i.e. in reading order."""

    row: int
    col: int


class Direction(Enum):
    """The four moves, valued by their (row, col) step; iteration order is N, E, S, W."""

    N = (-1, 0)
    E = (0, 1)
    S = (1, 0)
    W = (0, -1)


CORNERS = ("NW", "NE", "SW", "SE")
_OPPOSITE_CORNER = {"NW": "SE", "NE": "SW", "SW": "NE", "SE": "NW"}


class LocationGrid:
    """A rectangular layout of location cards.

    At least 2 x 2, because every corner must be distinct from its opposite corner for
    Nordguard's corner-to-corner setup to make sense.
    """

    __slots__ = ("cols", "rows")

    def __init__(self, rows: int, cols: int):
        if rows < 2 or cols < 2:
            raise ValueError(
                f"a location grid needs at least 2 rows and 2 columns, got {rows}x{cols}"
            )
        self.rows = rows
        self.cols = cols

    def contains(self, cell: Cell) -> bool:
        """Whether ``cell`` is one of the grid's places."""
        return 0 <= cell.row < self.rows and 0 <= cell.col < self.cols

    def _check(self, cell: Cell) -> None:
        if not self.contains(cell):
            raise ValueError(f"{cell} is outside the {self.rows}x{self.cols} location grid")

    def neighbour(self, cell: Cell, direction: Direction) -> Cell | None:
        """The cell one move away, or None at the grid's edge (a legal "can't go there")."""
        self._check(cell)
        d_row, d_col = direction.value
        n = Cell(cell.row + d_row, cell.col + d_col)
        return n if self.contains(n) else None

    def neighbours(self, cell: Cell) -> dict[Direction, Cell]:
        """Every possible move from ``cell``, keyed by direction in the order N, E, S, W."""
        result = {}
        for direction in Direction:
            n = self.neighbour(cell, direction)
            if n is not None:
                result[direction] = n
        return result

    def corner(self, name: str) -> Cell:
        """The corner cell called 'NW', 'NE', 'SW' or 'SE'."""
        if name not in CORNERS:
            raise ValueError(f"unknown corner {name!r}; expected one of {', '.join(CORNERS)}")
        row = 0 if name[0] == "N" else self.rows - 1
        col = 0 if name[1] == "W" else self.cols - 1
        return Cell(row, col)

    def opposite_corner(self, name: str) -> Cell:
        """The corner diagonally across from corner ``name`` (e.g. 'NW' -> the SE cell)."""
        if name not in CORNERS:
            raise ValueError(f"unknown corner {name!r}; expected one of {', '.join(CORNERS)}")
        return self.corner(_OPPOSITE_CORNER[name])

    def cells(self) -> list[Cell]:
        """Every cell in reading order: left to right, top to bottom."""
        return [Cell(row, col) for row in range(self.rows) for col in range(self.cols)]
