"""Board scenes: hit-testing round trips, transient overlays, framing and real rendering."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene

from app.board.area_scene import AreaScene
from app.board.hex_scene import TERRAIN_TINTS, HexScene
from app.board.location_scene import LocationScene
from app.board.square_scene import LINE_CORNER, LINE_CROSSED, SquareScene
from app.board.topology import TABLE, Z_PIECE
from engine.boards.areagraph import AreaGraph
from engine.boards.hexgrid import Hex, HexField, Orientation, distance, hexes_within, in_cone
from engine.boards.locationgrid import Cell, LocationGrid
from engine.boards.squaregrid import Square, SquareGrid, trace_line


def _hex_scene(orientation: Orientation = Orientation.FLAT) -> HexScene:
    return HexScene(HexField(12, 9, orientation))


def _square_scene() -> SquareScene:
    elevation = {Square(x, y): 1 + (x + y) % 5 for x in range(8) for y in range(6)}
    return SquareScene(SquareGrid(8, 6, elevation))


def _area_graph() -> AreaGraph:
    graph = AreaGraph()
    for name in ("Asgard", "Midgard", "Jotunheim", "Niflheim", "Muspelheim", "Vanaheim"):
        graph.add_area(name)
    graph.link("Asgard", "Midgard")
    graph.link("Midgard", "Jotunheim")
    graph.link("Jotunheim", "Niflheim", "fjord")
    graph.link("Niflheim", "Muspelheim", "sea")
    graph.link("Vanaheim", "Asgard", "bifrost")
    return graph


def _render(scene: QGraphicsScene, path: str | None = None) -> QImage:
    """Render the whole sceneRect into about 1200 x 800 pixels, keeping its aspect ratio."""
    rect = scene.sceneRect()
    scale = min(1200 / rect.width(), 800 / rect.height())
    image = QImage(
        round(rect.width() * scale), round(rect.height() * scale), QImage.Format.Format_ARGB32
    )
    image.fill(Qt.GlobalColor.black)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(image.rect()), scene.sceneRect())
    painter.end()
    if path:
        image.save(path)
    return image


def _colours(image: QImage) -> set[int]:
    return {
        image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)
    }


def _all_inside_scene_rect(scene: QGraphicsScene) -> bool:
    rect = scene.sceneRect()
    return all(rect.contains(item.sceneBoundingRect()) for item in scene.items())


@pytest.mark.parametrize("orientation", list(Orientation))
def test_hex_round_trip(qapp, orientation):
    scene = _hex_scene(orientation)
    for h in scene.field:
        assert scene.hex_at(scene.center_of(h)) == h
    corner = scene.sceneRect().topLeft() + QPointF(2, 2)
    assert scene.hex_at(corner) is None


def test_hex_highlight_adds_and_removes_items(qapp):
    scene = _hex_scene()
    before = len(scene.items())
    reach = [Hex(2, 2), Hex(3, 2), Hex(2, 3)]
    scene.highlight(reach, "#56b4e9", labels={Hex(2, 2): "1", Hex(3, 2): "2"})
    assert len(scene.items()) == before + 3 + 2 * 2  # a badge is a pill and its text
    scene.clear_highlight()
    assert len(scene.items()) == before
    with pytest.raises(ValueError):
        scene.highlight([Hex(-5, 0)])


def test_hex_cone_and_terrain_tint(qapp):
    scene = _hex_scene()
    h = Hex(4, 2)
    assert scene.tile(h).brush().color() == TERRAIN_TINTS["neutral"]
    scene.set_terrain(h, "high")
    assert scene.tile(h).brush().color() == TERRAIN_TINTS["high"]
    with pytest.raises(ValueError):
        scene.set_terrain(h, "lava")
    before = len(scene.items())
    cone = [t for t in hexes_within(h, 4) if in_cone(h, 0, t, 2)]
    scene.draw_cone(h, cone)
    drawn = len(scene.items())
    assert drawn > before
    scene.draw_cone(h, cone)  # a second cone replaces the first
    assert len(scene.items()) == drawn
    scene.clear_cone()
    assert len(scene.items()) == before


def test_square_round_trip_and_highlight(qapp):
    scene = _square_scene()
    for square in scene.grid.squares():
        assert scene.square_at(scene.center_of(square)) == square
    assert scene.square_at(QPointF(-1, 10)) is None
    assert scene.tile(Square(2, 1)).elevation == 4
    before = len(scene.items())
    scene.highlight([Square(0, 0), Square(1, 0)], labels={Square(1, 0): "3"})
    assert len(scene.items()) == before + 2 + 2
    scene.clear_highlight()
    assert len(scene.items()) == before


@pytest.mark.parametrize("end", [Square(2, 2), Square(3, 1)])
def test_show_line_marks_exactly_the_traced_squares(qapp, end):
    scene = _square_scene()
    scene.show_line(Square(0, 0), end)
    marks = [
        item
        for item in scene.items()
        if type(item) is QGraphicsRectItem and item.pen().color() in (LINE_CROSSED, LINE_CORNER)
    ]
    crossed = {
        scene.square_at(m.sceneBoundingRect().center())
        for m in marks
        if m.pen().color() == LINE_CROSSED
    }
    corners = {
        scene.square_at(m.sceneBoundingRect().center())
        for m in marks
        if m.pen().color() == LINE_CORNER
    }
    trace = trace_line(Square(0, 0), end)
    assert len(marks) == len(trace.crossed) + len(trace.corner_touches)
    assert crossed == set(trace.crossed)
    assert corners == set(trace.corner_touches)
    scene.clear_line()
    assert not [i for i in scene.items() if type(i) is QGraphicsRectItem]


def test_location_round_trip_and_gaps(qapp):
    scene = LocationScene(LocationGrid(3, 4))
    for cell in scene.grid.cells():
        assert scene.cell_at(scene.slot_rect(cell).center()) == cell
        assert scene.cell_at(scene.slot_rect(cell).topLeft() + QPointF(1, 1)) == cell
    gap_point = scene.slot_rect(Cell(0, 0)).topRight() + QPointF(scene.gap / 2, 5)
    assert scene.cell_at(gap_point) is None
    before = len(scene.items())
    scene.highlight([Cell(0, 0), Cell(2, 3)], "#009e73")
    assert len(scene.items()) == before + 2
    scene.clear_highlight()
    assert len(scene.items()) == before


def test_area_round_trip_links_and_highlight(qapp):
    graph = _area_graph()
    scene = AreaScene(graph)
    for name in graph.areas():
        assert scene.area_at(scene.center_of(name)) == name
    assert scene.area_at(QPointF(0, 0)) is None  # middle of the default circle
    line = scene.link_item("Midgard", "Jotunheim")
    assert line is not None and line.scene() is scene
    graph.unlink("Midgard", "Jotunheim")
    regions_before = [scene.region(name) for name in graph.areas()]
    scene.refresh_links()
    assert scene.link_item("Midgard", "Jotunheim") is None
    assert line.scene() is None
    assert [scene.region(name) for name in graph.areas()] == regions_before
    assert scene.link_item("Niflheim", "Jotunheim").pen().style() == Qt.PenStyle.DashLine
    before = len(scene.items())
    scene.highlight(["Asgard"], "#56b4e9")
    assert len(scene.items()) == before + 1
    scene.clear_highlight()
    assert len(scene.items()) == before


def test_area_positions_must_cover_every_area(qapp):
    graph = _area_graph()
    with pytest.raises(ValueError, match="Vanaheim"):
        AreaScene(graph, {name: (0.0, 0.0) for name in graph.areas() if name != "Vanaheim"})
    scene = AreaScene(graph, {name: (i * 200.0, 0.0) for i, name in enumerate(graph.areas())})
    assert scene.center_of("Asgard") == QPointF(0, 0)


def test_place_item_centres_any_origin(qapp):
    scene = LocationScene(LocationGrid(2, 2))
    card = QGraphicsRectItem(0, 0, 110, 150)  # drawn from its top-left corner
    scene.place_item(card, scene.center_of(Cell(1, 1)))
    assert card.sceneBoundingRect().center() == scene.center_of(Cell(1, 1))
    assert card.zValue() == Z_PIECE


def _dressed_scenes() -> dict[str, QGraphicsScene]:
    """Each scene with its overlays in use, as a game would show them."""
    hexes = _hex_scene()
    for h in (Hex(5, 0), Hex(5, 1), Hex(6, 0), Hex(6, 1)):
        hexes.set_terrain(h, "high")
    for h in hexes_within(hexes.field.from_offset(2, 6), 1):
        hexes.set_terrain(h, "low")
    origin = hexes.field.from_offset(5, 4)
    hexes.draw_cone(origin, [t for t in hexes_within(origin, 5) if in_cone(origin, 0, t, 2)])
    start = hexes.field.from_offset(2, 2)
    reach = hexes_within(start, 2)
    hexes.highlight(reach, labels={h: str(distance(start, h)) for h in reach})

    ramp = {Square(x, y): 1 + min(4, (x + 2 * y) // 5) for x in range(16) for y in range(10)}
    squares = SquareScene(SquareGrid(16, 10, ramp))
    squares.highlight([Square(1, 7), Square(2, 7), Square(1, 8)], labels={Square(2, 7): "2"})
    squares.show_line(Square(3, 2), Square(7, 6))

    locations = LocationScene(LocationGrid(4, 5))
    locations.highlight([Cell(1, 2), Cell(2, 2)])

    areas = AreaScene(_area_graph())
    areas.highlight(["Midgard"])
    return {"hex": hexes, "square": squares, "location": locations, "area": areas}


def test_scenes_frame_their_items_and_render(qapp):
    for name, scene in _dressed_scenes().items():
        assert scene.sceneRect().contains(scene.board_rect())
        assert _all_inside_scene_rect(scene), name
        image = _render(scene, f"/tmp/scene_{name}.png")
        colours = _colours(image)
        assert len(colours) > 1, name
        assert QColor(TABLE).rgb() in colours, name  # the table shows around the board
