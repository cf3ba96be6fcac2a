"""The hex board (TACTICA): tinted terrain tiles, reach highlights and the ridge cone.

Scene coordinates are the engine's pixel coordinates (``HexField.to_pixel``), so a hex
centre here is exactly what the engine computes and hit-testing needs no offset.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QStaticText,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board.topology import (
    HIGHLIGHT,
    LABEL_INK,
    TERRAIN_EDGE,
    Z_HIGHLIGHT,
    Z_OVERLAY,
    Z_TERRAIN,
    BoardScene,
    Colour,
    highlight_brush,
    highlight_pen,
    label_font,
    show_detail,
)
from engine.boards.hexgrid import Hex, HexField, Orientation

TERRAIN_TINTS: dict[str, QColor] = {
    "neutral": QColor("#e3e4c6"),  # pale green parchment: the unremarkable default
    "high": QColor("#d6b07f"),  # warm light brown: ridges and hills
    "low": QColor("#a3b3bf"),  # cool blue-grey: marsh and hollows
}

CONE = QColor("#d55e00")
"""Vermillion (Okabe-Ito): distinct from the gold reach glow for colour-blind players too."""

_INSET = 0.9  # highlight hexes are drawn smaller, so neighbouring glows stay separate


def _hex_polygon(orientation: Orientation, size: float) -> QPolygonF:
    """Corners of a hex centred on (0, 0); flat-topped hexes start at 0°, pointy at 30°."""
    start = 0.0 if orientation is Orientation.FLAT else 30.0
    return QPolygonF(
        [
            QPointF(
                size * math.cos(math.radians(start + 60 * i)),
                size * math.sin(math.radians(start + 60 * i)),
            )
            for i in range(6)
        ]
    )


class HexTile(QGraphicsPolygonItem):
    """One terrain hex; paints its own coordinate label so it can skip it when zoomed out.

    The label is the wargame-style offset number ``CCRR`` near the top edge, leaving the
    centre free for a counter and the bottom for a movement cost. It is a QStaticText,
    laid out once, because re-laying out 2,000 labels doubled the cost of a repaint.
    """

    def __init__(
        self, hex_: Hex, polygon: QPolygonF, label: str, font: QFont, label_y: float
    ) -> None:
        super().__init__(polygon)
        self.hex = hex_
        self._font = font
        self._label_y = label_y
        self.set_label(label)

    def set_label(self, label: str) -> None:
        """Replace the coordinate label, e.g. with the numbering a game's rules log uses."""
        self._label = QStaticText(label)
        self._label.prepare(font=self._font)
        text = self._label.size()
        self._label_pos = QPointF(-text.width() / 2, self._label_y - text.height() / 2)
        self.update()

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        super().paint(painter, option, widget)
        if show_detail(painter):
            painter.setFont(self._font)
            painter.setPen(LABEL_INK)
            painter.drawStaticText(self._label_pos, self._label)


class HexScene(BoardScene):
    """Draws a :class:`HexField` and answers "which hex is here" for the game's items."""

    def __init__(self, field: HexField, size: float = 48) -> None:
        super().__init__()
        self.field = field
        self.size = size
        self._polygon = _hex_polygon(field.orientation, size)
        self._tiles: dict[Hex, HexTile] = {}
        self._cone: list[QGraphicsItem] = []
        edge = QPen(TERRAIN_EDGE, 1.0)
        font = label_font(size * 0.2)
        for h in field:
            col, row = field.to_offset(h)
            tile = HexTile(h, self._polygon, f"{col:02d}{row:02d}", font, -0.58 * size)
            tile.setPen(edge)
            tile.setBrush(TERRAIN_TINTS["neutral"])
            tile.setPos(self.center_of(h))
            tile.setZValue(Z_TERRAIN)
            self.addItem(tile)
            self._tiles[h] = tile
        self._frame(self.itemsBoundingRect())

    def tile(self, h: Hex) -> HexTile:
        """The terrain item of an on-board hex (KeyError otherwise)."""
        return self._tiles[h]

    def set_terrain(self, h: Hex, kind: str) -> None:
        """Tint ``h`` as 'neutral', 'high' or 'low' ground."""
        if kind not in TERRAIN_TINTS:
            raise ValueError(
                f"unknown terrain {kind!r}; expected one of {', '.join(TERRAIN_TINTS)}"
            )
        self._tiles[h].setBrush(TERRAIN_TINTS[kind])

    def hex_at(self, scene_pos: QPointF) -> Hex | None:
        """The on-board hex under ``scene_pos``, or None over the table margin."""
        h = self.field.from_pixel(scene_pos.x(), scene_pos.y(), self.size)
        return h if self.field.contains(h) else None

    def center_of(self, h: Hex) -> QPointF:
        """Scene position of the centre of ``h`` (defined for off-board hexes too)."""
        return QPointF(*self.field.to_pixel(h, self.size))

    def highlight(
        self,
        hexes: Iterable[Hex],
        colour: Colour = HIGHLIGHT,
        labels: Mapping[Hex, str] | None = None,
    ) -> None:
        """Make ``hexes`` glow, with an optional caption (e.g. movement cost) in each.

        Adds to any existing highlight, so several colours can be shown at once; call
        :meth:`clear_highlight` first to replace. Off-board hexes are a caller bug.
        """
        pen, brush = highlight_pen(colour), highlight_brush(colour)
        inset = QPolygonF([p * _INSET for p in self._polygon])
        font = label_font(self.size * 0.3, bold=True)
        for h in hexes:
            if not self.field.contains(h):
                raise ValueError(f"{h} is not on the {self.field.width}x{self.field.height} field")
            glow = QGraphicsPolygonItem(inset)
            glow.setPen(pen)
            glow.setBrush(brush)
            glow.setPos(self.center_of(h))
            self._add(glow, Z_HIGHLIGHT, self._highlights)
            if labels and h in labels:
                below_centre = self.center_of(h) + QPointF(0, self.size * 0.5)
                self._add_badge(labels[h], below_centre, font, colour, self._highlights)

    def draw_cone(self, origin: Hex, hexes: Iterable[Hex]) -> None:
        """Shade ``hexes`` as one region with a single outline and ring ``origin``.

        Replaces any previous cone. Cones naturally run off the board's edge, so hexes
        outside the field are dropped rather than rejected. The fill is one path, so
        shared edges do not show as seams; the outline follows only the region's border.
        """
        if not self.field.contains(origin):
            raise ValueError(f"cone origin {origin} is not on the field")
        self.clear_cone()
        region = {h for h in hexes if self.field.contains(h)}
        fill_path = QPainterPath()
        fill_path.setFillRule(Qt.FillRule.WindingFill)
        border = QPainterPath()
        for h in region:
            centre = self.center_of(h)
            corners = [centre + p for p in self._polygon]
            fill_path.addPolygon(QPolygonF(corners))
            for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
                # The neighbour across an edge has its centre mirrored through the edge.
                across = centre + ((a + b) / 2 - centre) * 2
                if self.field.from_pixel(across.x(), across.y(), self.size) not in region:
                    border.moveTo(a)
                    border.lineTo(b)
        # A light wash plus hatching: a plain orange tint alone would read as 'high' ground.
        wash, hatch = QColor(CONE), QColor(CONE)
        wash.setAlpha(35)
        hatch.setAlpha(150)
        for brush in (QBrush(wash), QBrush(hatch, Qt.BrushStyle.BDiagPattern)):
            shade = QGraphicsPathItem(fill_path)
            shade.setPen(Qt.PenStyle.NoPen)
            shade.setBrush(brush)
            self._add(shade, Z_OVERLAY, self._cone)
        outline = QGraphicsPathItem(border)
        outline.setPen(QPen(CONE, 2.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        self._add(outline, Z_OVERLAY, self._cone)
        ring = QGraphicsPolygonItem(QPolygonF([p * 0.8 for p in self._polygon]))
        ring.setPen(QPen(CONE, 3.0, Qt.PenStyle.DashLine))
        ring.setPos(self.center_of(origin))
        self._add(ring, Z_OVERLAY, self._cone)

    def clear_cone(self) -> None:
        """Remove the cone overlay; a no-op when none is drawn."""
        self._discard(self._cone)
