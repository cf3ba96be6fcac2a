"""The location grid (Nordguard): a card-sized slot per cell, for face-down location cards.

Slots are deliberately faint: the cards placed on them are the board, the slots only show
where a card belongs before it is dealt or after it is removed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from app.board.topology import (
    HIGHLIGHT,
    TABLE,
    Z_HIGHLIGHT,
    Z_TERRAIN,
    BoardScene,
    Colour,
    highlight_brush,
    highlight_pen,
)
from engine.boards.locationgrid import Cell, LocationGrid

SLOT_RADIUS = 8.0
"""Corner radius of a slot, matching the rounded corners of a printed card."""
_GLOW_OUTSET = 6.0  # highlights stick out past the slot so they stay visible around a card


def _rounded(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


class LocationScene(BoardScene):
    """Draws a :class:`LocationGrid` as card slots and maps points to cells.

    Cell ``(0, 0)``'s slot has its top-left corner at the scene origin; slots are
    ``gap`` apart so cards never touch and a drop in a gap belongs to no cell.
    """

    def __init__(
        self,
        grid: LocationGrid,
        card_size: tuple[float, float] = (110, 150),
        gap: float = 16,
    ) -> None:
        width, height = card_size
        if width <= 0 or height <= 0 or gap < 0:
            raise ValueError(f"need a positive card size and gap >= 0, got {card_size}, {gap}")
        super().__init__()
        self.grid = grid
        self.card_size = (width, height)
        self.gap = gap
        slot_pen = QPen(TABLE.lighter(150), 1.5)
        slot_fill = TABLE.lighter(118)
        for cell in grid.cells():
            slot = QGraphicsPathItem(_rounded(self.slot_rect(cell), SLOT_RADIUS))
            slot.setPen(slot_pen)
            slot.setBrush(slot_fill)
            slot.setZValue(Z_TERRAIN)
            self.addItem(slot)
        self._frame(
            QRectF(
                0.0,
                0.0,
                grid.cols * width + (grid.cols - 1) * gap,
                grid.rows * height + (grid.rows - 1) * gap,
            )
        )

    def slot_rect(self, cell: Cell) -> QRectF:
        """Scene rectangle a card on ``cell`` should fill (also defined off the grid)."""
        width, height = self.card_size
        return QRectF(cell.col * (width + self.gap), cell.row * (height + self.gap), width, height)

    def center_of(self, cell: Cell) -> QPointF:
        """Centre of the slot of ``cell``; pass it to :meth:`place_item` to lay a card."""
        return self.slot_rect(cell).center()

    def cell_at(self, scene_pos: QPointF) -> Cell | None:
        """The cell whose slot contains ``scene_pos``; None over gaps and the table."""
        width, height = self.card_size
        cell = Cell(
            math.floor(scene_pos.y() / (height + self.gap)),
            math.floor(scene_pos.x() / (width + self.gap)),
        )
        if self.grid.contains(cell) and self.slot_rect(cell).contains(scene_pos):
            return cell
        return None

    def highlight(self, cells: Iterable[Cell], colour: Colour = HIGHLIGHT) -> None:
        """Put a glowing rim around the slots of ``cells`` (adds to any existing highlight).

        The rim is wider than the slot, so it still shows when a card lies on top.
        """
        pen, brush = highlight_pen(colour), highlight_brush(colour)
        o = _GLOW_OUTSET
        for cell in cells:
            if not self.grid.contains(cell):
                raise ValueError(f"{cell} is not on the {self.grid.rows}x{self.grid.cols} grid")
            rect = self.slot_rect(cell).adjusted(-o, -o, o, o)
            glow = QGraphicsPathItem(_rounded(rect, SLOT_RADIUS + o))
            glow.setPen(pen)
            glow.setBrush(brush)
            self._add(glow, Z_HIGHLIGHT, self._highlights)
