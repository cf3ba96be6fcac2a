import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.boards.locationgrid import CORNERS, Cell, Direction, LocationGrid

OPPOSITE = {
    Direction.N: Direction.S,
    Direction.S: Direction.N,
    Direction.E: Direction.W,
    Direction.W: Direction.E,
}


def test_minimum_size_is_two_by_two():
    LocationGrid(2, 2)
    for rows, cols in ((1, 3), (3, 1), (0, 0)):
        with pytest.raises(ValueError, match=f"at least 2 rows and 2 columns, got {rows}x{cols}"):
            LocationGrid(rows, cols)


def test_cells_in_reading_order():
    grid = LocationGrid(2, 3)
    assert grid.cells() == [Cell(0, 0), Cell(0, 1), Cell(0, 2), Cell(1, 0), Cell(1, 1), Cell(1, 2)]
    assert grid.cells() == sorted(grid.cells())


def test_contains():
    grid = LocationGrid(3, 4)
    assert grid.contains(Cell(2, 3))
    assert not grid.contains(Cell(3, 0))
    assert not grid.contains(Cell(0, 4))
    assert not grid.contains(Cell(-1, 0))


def test_neighbour_directions():
    grid = LocationGrid(3, 3)
    centre = Cell(1, 1)
    assert grid.neighbour(centre, Direction.N) == Cell(0, 1)
    assert grid.neighbour(centre, Direction.S) == Cell(2, 1)
    assert grid.neighbour(centre, Direction.E) == Cell(1, 2)
    assert grid.neighbour(centre, Direction.W) == Cell(1, 0)
    assert grid.neighbour(Cell(0, 0), Direction.N) is None
    assert grid.neighbour(Cell(0, 0), Direction.W) is None


def test_neighbours_dict_in_nesw_order():
    grid = LocationGrid(3, 3)
    assert list(grid.neighbours(Cell(1, 1)).items()) == [
        (Direction.N, Cell(0, 1)),
        (Direction.E, Cell(1, 2)),
        (Direction.S, Cell(2, 1)),
        (Direction.W, Cell(1, 0)),
    ]
    assert grid.neighbours(Cell(2, 0)) == {Direction.N: Cell(1, 0), Direction.E: Cell(2, 1)}


def test_off_grid_cell_is_an_error():
    grid = LocationGrid(2, 2)
    with pytest.raises(ValueError, match="outside the 2x2 location grid"):
        grid.neighbour(Cell(2, 0), Direction.N)
    with pytest.raises(ValueError, match="outside"):
        grid.neighbours(Cell(0, -1))


def test_corners():
    grid = LocationGrid(3, 5)
    assert grid.corner("NW") == Cell(0, 0)
    assert grid.corner("NE") == Cell(0, 4)
    assert grid.corner("SW") == Cell(2, 0)
    assert grid.corner("SE") == Cell(2, 4)
    assert grid.opposite_corner("NW") == Cell(2, 4)
    assert grid.opposite_corner("NE") == Cell(2, 0)
    assert grid.opposite_corner("SW") == Cell(0, 4)
    assert grid.opposite_corner("SE") == Cell(0, 0)
    with pytest.raises(ValueError, match="unknown corner 'N'"):
        grid.corner("N")
    with pytest.raises(ValueError, match="unknown corner 'nw'"):
        grid.opposite_corner("nw")


@given(st.integers(2, 6), st.integers(2, 6), st.sampled_from(CORNERS))
def test_opposite_corner_is_an_involution_and_far_away(rows, cols, name):
    grid = LocationGrid(rows, cols)
    a, b = grid.corner(name), grid.opposite_corner(name)
    assert abs(a.row - b.row) == rows - 1
    assert abs(a.col - b.col) == cols - 1


@given(st.integers(2, 8), st.integers(2, 8), st.data())
def test_neighbours_are_symmetric(rows, cols, data):
    grid = LocationGrid(rows, cols)
    cell = data.draw(st.sampled_from(grid.cells()))
    for direction, n in grid.neighbours(cell).items():
        assert grid.contains(n)
        assert grid.neighbour(n, OPPOSITE[direction]) == cell
    assert len(grid.neighbours(cell)) == sum(
        grid.contains(Cell(cell.row + dr, cell.col + dc)) for dr, dc in (d.value for d in Direction)
    )
