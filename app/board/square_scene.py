"""The square board (Collision): elevation-tinted squares, reach highlights, line of sight.

Square ``(x, y)`` occupies ``[x * size, (x + 1) * size) x [y * size, (y + 1) * size)``,
so the board's top-left corner is the scene origin and hit-testing is one division.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsRectItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board.topology import (
    HIGHLIGHT,
    TERRAIN_EDGE,
    Z_GUIDE,
    Z_HIGHLIGHT,
    Z_OVERLAY,
    Z_TERRAIN,
    BoardScene,
    Colour,
    highlight_brush,
    highlight_pen,
    ink_for,
    label_font,
    show_detail,
)
from engine.boards.squaregrid import MAX_ELEVATION, MIN_ELEVATION, Square, SquareGrid, trace_line

ELEVATION_TINTS: dict[int, QColor] = {
    level: QColor(name)
    for level, name in zip(
        range(MIN_ELEVATION, MAX_ELEVATION + 1),
        # ColorBrewer YlGnBu: one monotone light-to-dark ramp that stays ordered for
        # every common colour-vision deficiency and in greyscale.
        ("#ffffcc", "#a1dab4", "#41b6c4", "#2c7fb8", "#253494"),
        strict=True,
    )
}

LINE_CROSSED = QColor("#d55e00")
"""Vermillion marks squares the line of sight passes through."""
LINE_CORNER = QColor("#cc79a7")
"""Reddish purple, drawn dashed, marks squares only grazed at a corner; the dash keeps the
two kinds apart even for players who cannot tell the colours apart."""

_MARK_INSET = 4.0  # line marks sit inside the grid lines so adjacent marks stay distinct


class SquareTile(QGraphicsRectItem):
    """One square; paints its elevation in the top-left corner, skipped when zoomed out."""

    def __init__(self, square: Square, elevation: int, size: float) -> None:
        super().__init__(0.0, 0.0, size, size)
        self.square = square
        self.elevation = elevation
        fill = ELEVATION_TINTS[elevation]
        self.setBrush(fill)
        self._ink = ink_for(fill)
        self._font = label_font(size * 0.22, bold=True)
        self._label_rect = QRectF(size * 0.06, size * 0.03, size * 0.4, size * 0.3)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        super().paint(painter, option, widget)
        if show_detail(painter):
            painter.setFont(self._font)
            painter.setPen(self._ink)
            flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
            painter.drawText(self._label_rect, flags, str(self.elevation))


class SquareScene(BoardScene):
    """Draws a :class:`SquareGrid` and answers "which square is here" for the game's items."""

    def __init__(self, grid: SquareGrid, size: float = 56) -> None:
        if size <= 0:
            raise ValueError(f"square size must be > 0, got {size}")
        super().__init__()
        self.grid = grid
        self.size = size
        self._tiles: dict[Square, SquareTile] = {}
        self._line: list[QGraphicsItem] = []
        grid_pen = QPen(TERRAIN_EDGE, 1.0)
        for square in grid.squares():
            tile = SquareTile(square, grid.elevation_of(square), size)
            tile.setPen(grid_pen)
            tile.setPos(square.x * size, square.y * size)
            tile.setZValue(Z_TERRAIN)
            self.addItem(tile)
            self._tiles[square] = tile
        self._frame(QRectF(0.0, 0.0, grid.width * size, grid.height * size))

    def tile(self, square: Square) -> SquareTile:
        """The terrain item of an on-board square (KeyError otherwise)."""
        return self._tiles[square]

    def square_at(self, scene_pos: QPointF) -> Square | None:
        """The on-board square under ``scene_pos``, or None over the table margin."""
        square = Square(
            math.floor(scene_pos.x() / self.size), math.floor(scene_pos.y() / self.size)
        )
        return square if self.grid.contains(square) else None

    def center_of(self, square: Square) -> QPointF:
        """Scene position of the centre of ``square``."""
        return QPointF((square.x + 0.5) * self.size, (square.y + 0.5) * self.size)

    def _rect_of(self, square: Square, inset: float) -> QRectF:
        s = self.size
        return QRectF(square.x * s, square.y * s, s, s).adjusted(inset, inset, -inset, -inset)

    def _check(self, square: Square) -> None:
        if not self.grid.contains(square):
            raise ValueError(f"{square} is not on the {self.grid.width}x{self.grid.height} grid")

    def highlight(
        self,
        squares: Iterable[Square],
        colour: Colour = HIGHLIGHT,
        labels: Mapping[Square, str] | None = None,
    ) -> None:
        """Make ``squares`` glow, with an optional caption (e.g. movement cost) in each.

        Adds to any existing highlight; call :meth:`clear_highlight` first to replace.
        Captions go in the bottom-right corner, clear of the elevation number and of a
        piece standing in the middle.
        """
        pen, brush = highlight_pen(colour), highlight_brush(colour)
        font = label_font(self.size * 0.26, bold=True)
        for square in squares:
            self._check(square)
            glow = QGraphicsRectItem(self._rect_of(square, 3.0))
            glow.setPen(pen)
            glow.setBrush(brush)
            self._add(glow, Z_HIGHLIGHT, self._highlights)
            if labels and square in labels:
                corner = self.center_of(square) + QPointF(self.size * 0.27, self.size * 0.27)
                self._add_badge(labels[square], corner, font, colour, self._highlights)

    def show_line(self, a: Square, b: Square) -> None:
        """Draw the line of sight from ``a`` to ``b`` and mark what :func:`trace_line` meets.

        Replaces any previous line. The marks are the engine's own trace, so what the
        player sees is exactly what the cover rules will use.
        """
        self._check(a)
        self._check(b)
        self.clear_line()
        trace = trace_line(a, b)
        for squares, colour, style in (
            (trace.crossed, LINE_CROSSED, Qt.PenStyle.SolidLine),
            (trace.corner_touches, LINE_CORNER, Qt.PenStyle.DashLine),
        ):
            fill = QColor(colour)
            fill.setAlpha(80)
            for square in squares:
                mark = QGraphicsRectItem(self._rect_of(square, _MARK_INSET))
                mark.setPen(QPen(colour, 3.0, style))
                mark.setBrush(QBrush(fill))
                self._add(mark, Z_OVERLAY, self._line)
        # A white halo under a dark core keeps the line visible on every elevation tint.
        line = QLineF(self.center_of(a), self.center_of(b))
        for colour, width in ((QColor(255, 255, 255, 200), 6.0), (QColor("#15181c"), 2.5)):
            stroke = QGraphicsLineItem(line)
            stroke.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            self._add(stroke, Z_GUIDE, self._line)
        radius = self.size * 0.08
        for end in (line.p1(), line.p2()):
            dot = QGraphicsEllipseItem(-radius, -radius, 2 * radius, 2 * radius)
            dot.setPen(QPen(QColor("#ffffff"), 1.5))
            dot.setBrush(QColor("#15181c"))
            dot.setPos(end)
            self._add(dot, Z_GUIDE, self._line)

    def clear_line(self) -> None:
        """Remove the line of sight and its marks; a no-op when none is shown."""
        self._discard(self._line)
