"""What the four board scenes (hex, square, location, area) share: stacking, colours, frame.

Z-order convention. This is the one place it is defined; games put their own items on
the scenes and must use these values, so a piece never vanishes under a highlight:

============  =====  ===============================================================
constant      value  what lives there
============  =====  ===============================================================
Z_LINK          -1   area-graph links, under the regions so a line meets their rims
Z_TERRAIN        0   hexes, squares, card slots, area regions: static, BSP-indexed
Z_OVERLAY        4   TACTICA cone, line-of-sight square marks: facts about terrain
Z_HIGHLIGHT      5   reachable/target glow; above overlays because it answers the
                     player's current gesture
Z_PIECE         10   the games' cards, counters and figures
Z_GUIDE         50   the line-of-sight line itself, so it stays readable over pieces
Z_DRAG         100   the piece being dragged, above everything
============  =====  ===============================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
)

if TYPE_CHECKING:
    from engine.core.match import Match

Z_LINK = -1.0
Z_TERRAIN = 0.0
Z_OVERLAY = 4.0
Z_HIGHLIGHT = 5.0
Z_PIECE = 10.0
Z_GUIDE = 50.0
Z_DRAG = 100.0

BOARD_MARGIN = 48.0
"""Table shown around the board, so edge pieces and glows are never cut off by the view."""

TABLE = QColor("#2f3b37")
"""Calm dark green-grey: light boards and cards stand out without glare."""
TERRAIN_EDGE = QColor("#55594c")
LABEL_INK = QColor("#3d3b33")
HIGHLIGHT = QColor("#f2c230")
"""Default glow: warm gold reads on every terrain tint and on the dark table."""

LABEL_MIN_LOD = 0.6
"""Below this zoom, small labels are unreadable smudges, so tiles skip drawing them."""

Colour = QColor | str | Qt.GlobalColor
"""Anything QColor accepts; callers pass names like "#56b4e9" or Qt.GlobalColor values."""


def show_detail(painter: QPainter, min_lod: float = LABEL_MIN_LOD) -> bool:
    """Whether the current zoom is large enough for small print to be worth painting."""
    lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
    return lod >= min_lod


def label_font(pixel_size: float, bold: bool = False) -> QFont:
    """Pixel-sized font, so labels scale with the board rather than with screen DPI."""
    font = QFont()
    font.setPixelSize(max(7, round(pixel_size)))
    font.setBold(bold)
    return font


def ink_for(fill: QColor) -> QColor:
    """Dark text on light fills, near-white on dark ones, so small print stays legible."""
    return QColor("#1e2430") if fill.lightnessF() > 0.55 else QColor("#f4f4f0")


def highlight_pen(colour: Colour) -> QPen:
    """Opaque rim, so a glow is visible even where a piece covers the tile's middle."""
    pen = QPen(QColor(colour), 3.0)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def highlight_brush(colour: Colour) -> QBrush:
    """Translucent fill, so the terrain tint under a glow stays recognisable."""
    fill = QColor(colour)
    fill.setAlpha(70)
    return QBrush(fill)


def _nowhere(_ref: str) -> None:
    """No Hand dock shows the card."""


class BoardScene(QGraphicsScene):
    """Base of the board scenes: table look, static index, framed sceneRect, highlights.

    Terrain never moves, so the BSP index pays off; the sceneRect is fixed explicitly so
    views do not rescan every item whenever a piece moves near the edge.
    """

    def __init__(self) -> None:
        super().__init__()
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.setBackgroundBrush(TABLE)
        self._board = QRectF()
        self._highlights: list[QGraphicsItem] = []
        self._steps_drawn: int | None = None  # the match's length when last drawn (moved_on)
        self.in_dock: Callable[[str], QPointF | None] = _nowhere
        """Where the player sees a card in the Hand dock, in scene coordinates (None: not
        shown there): one the board takes from the dock otherwise than by a drag (the
        keyboard, a computer seat) glides from there. The window sets it."""

    def board_rect(self) -> QRectF:
        """The board's own extent, without the table margin (a copy, safe to modify)."""
        return QRectF(self._board)

    def place_item(self, item: QGraphicsItem, centre: QPointF, z: float = Z_PIECE) -> None:
        """Add ``item`` (if needed) centred on ``centre``, whatever its local origin is.

        Games draw items around any origin they like; centring on the bounding rect means
        a card drawn from (0, 0) and a counter drawn around (0, 0) both land right.
        """
        if item.scene() is not self:
            self.addItem(item)
        item.setZValue(z)
        offset = item.mapToParent(item.boundingRect().center()) - item.pos()
        item.setPos(centre - offset)

    def loose_cards(self) -> dict[str, QPointF]:
        """Cards lying on the board that may be taken into the Hand dock, by their
        middles: one taken otherwise than by a drag glides from there. None here."""
        return {}

    def moved_on(self, match: Match | None) -> int | None:
        """Called once a render: the match's length when the table was last drawn, if the
        match has moved on since (what changed may be shown moving); None after an undo,
        on a past moment (the length stays) or the first time."""
        steps = len(match.steps) if match is not None else 0
        previous, self._steps_drawn = self._steps_drawn, steps
        return previous if previous is not None and steps > previous else None

    def clear_highlight(self) -> None:
        """Remove every highlight; a no-op when nothing is highlighted."""
        self._discard(self._highlights)

    def _frame(self, board: QRectF) -> None:
        """Fix the board extent once terrain exists, and the sceneRect around it."""
        self._board = QRectF(board)
        m = BOARD_MARGIN
        self.setSceneRect(board.adjusted(-m, -m, m, m))

    def _add(self, item: QGraphicsItem, z: float, into: list[QGraphicsItem]) -> None:
        """Add a transient item and remember it in ``into`` so it can be removed as a group."""
        item.setZValue(z)
        self.addItem(item)
        into.append(item)

    def _add_badge(
        self,
        text: str,
        centre: QPointF,
        font: QFont,
        colour: Colour,
        into: list[QGraphicsItem],
    ) -> None:
        """A caption (e.g. a movement cost) on an opaque pill in the highlight colour.

        Text straight on a translucent glow is unreadable over dark terrain; the pill
        gives it one known background whatever lies underneath.
        """
        fill = QColor(colour)
        label = QGraphicsSimpleTextItem(text)
        label.setFont(font)
        label.setBrush(ink_for(fill))
        text_rect = label.boundingRect()
        pad = font.pixelSize() * 0.3
        rect = QRectF(text_rect).adjusted(-pad, 0, pad, 0)
        rect.setWidth(max(rect.width(), rect.height()))
        rect.moveCenter(QPointF(0, 0))
        path = QPainterPath()
        path.addRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        badge = QGraphicsPathItem(path)
        badge.setPen(QPen(fill.darker(170), 1.0))
        badge.setBrush(fill)
        label.setParentItem(badge)
        label.setPos(-text_rect.center())
        badge.setPos(centre)
        self._add(badge, Z_HIGHLIGHT, into)

    def _discard(self, items: list[QGraphicsItem]) -> None:
        for item in items:
            self.removeItem(item)
        items.clear()
