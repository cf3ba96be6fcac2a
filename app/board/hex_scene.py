"""The hex board (TACTICA): tinted terrain, reach highlights and the ridge cone.

Scene coordinates are the engine's pixel coordinates (``HexField.to_pixel``), or those
turned a quarter turn (``quarter_turn``): a portrait field then lies across a landscape
screen, which gives every hex more pixels. ``center_of`` and ``hex_at`` are the only way
between hexes and the scene, so hit-testing agrees with what is drawn either way.

The terrain never moves, so it is one item drawn from a cache of device pixels: a full
repaint costs one picture, not a polygon and a label per hex.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
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
)
from engine.boards.hexgrid import Hex, HexField, Orientation

TERRAIN_TINTS: dict[str, QColor] = {
    "neutral": QColor("#e3e4c6"),  # pale green parchment: the unremarkable default
    "high": QColor("#d6b07f"),  # warm light brown: ridges and hills
    "low": QColor("#a3b3bf"),  # cool blue-grey: marsh and hollows
}

CONE = QColor("#d55e00")
"""Vermillion (Okabe-Ito): distinct from the gold reach glow for colour-blind players too."""

LEGIBLE_PX = 8 * 96 / 72
"""8 pt on a 96 dpi screen: text that would come out smaller is not drawn at all."""

LABEL_SIZE = 0.36  # hex labels, as a fraction of the hex size
BADGE_SIZE = 0.46  # captions on glowing hexes: large enough to read at the fitted zoom
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


def legible(painter: QPainter, pixel_size: float) -> bool:
    """Whether text of `pixel_size` scene units comes out at least 8 pt on the device."""
    lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
    return pixel_size * lod >= LEGIBLE_PX - 1e-6


class HexTile:
    """One terrain hex as the terrain layer draws it: its tint and its label."""

    def __init__(self, hex_: Hex, centre: QPointF, layer: TerrainLayer) -> None:
        self.hex = hex_
        self.centre = centre
        self.kind = "neutral"
        self._layer = layer
        self.label = QStaticText()

    def brush(self) -> QBrush:
        return QBrush(TERRAIN_TINTS[self.kind])

    def set_label(self, label: str) -> None:
        """Replace the coordinate label, e.g. with the numbering a game's rules log uses."""
        self.label = QStaticText(label)
        self.label.prepare(font=self._layer.font)
        self._layer.update()


class TerrainLayer(QGraphicsItem):
    """Every hex of the field in one item, painted once per zoom into a device cache.

    Labels are drawn only where they come out legible; they sit in the middle of
    the hex, where a piece on it covers them, so only empty hexes show theirs.
    """

    def __init__(self, polygon: QPolygonF, bounds: QRectF, size: float) -> None:
        super().__init__()
        self.polygon = polygon
        self.bounds = bounds
        self.font = label_font(size * LABEL_SIZE, bold=True)
        self.tiles: dict[Hex, HexTile] = {}
        self.setZValue(Z_TERRAIN)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self.bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(TERRAIN_EDGE, 1.0))
        for kind, tint in TERRAIN_TINTS.items():
            painter.setBrush(tint)
            for tile in self.tiles.values():
                if tile.kind == kind:
                    painter.drawPolygon(self.polygon.translated(tile.centre))
        if not legible(painter, self.font.pixelSize()):
            return
        painter.setFont(self.font)
        ink = QColor(LABEL_INK)
        ink.setAlpha(80)  # found when looked for, never louder than the pieces
        painter.setPen(ink)
        for tile in self.tiles.values():
            size = tile.label.size()
            painter.drawStaticText(tile.centre - QPointF(size.width() / 2, size.height() / 2),
                                   tile.label)


class HexScene(BoardScene):
    """Draws a :class:`HexField` and answers "which hex is here" for the game's items."""

    def __init__(self, field: HexField, size: float = 48, quarter_turn: bool = False) -> None:
        super().__init__()
        self.field = field
        self.size = size
        self.quarter_turn = quarter_turn
        drawn = field.orientation
        if quarter_turn:  # a pointy-topped hex turned a quarter is flat-topped, and back
            drawn = Orientation.FLAT if drawn is Orientation.POINTY else Orientation.POINTY
        self.orientation = drawn
        self._polygon = _hex_polygon(drawn, size)
        self._cone: list[QGraphicsItem] = []
        centres = {h: self.center_of(h) for h in field}
        bounds = self._polygon.boundingRect()
        extent = QRectF()
        for centre in centres.values():
            extent = extent.united(bounds.translated(centre))
        self.terrain = TerrainLayer(self._polygon, extent.adjusted(-1, -1, 1, 1), size)
        for h, centre in centres.items():
            col, row = field.to_offset(h)
            tile = HexTile(h, centre, self.terrain)
            tile.set_label(f"{col:02d}{row:02d}")
            self.terrain.tiles[h] = tile
        self.addItem(self.terrain)
        self._frame(extent)

    def polygon(self, scale: float = 1.0) -> QPolygonF:
        """A hex as drawn here, centred on (0, 0), `scale` times the size (for pieces)."""
        return QPolygonF([p * scale for p in self._polygon])

    def tile(self, h: Hex) -> HexTile:
        """The terrain of an on-board hex (KeyError otherwise)."""
        return self.terrain.tiles[h]

    def set_terrain(self, h: Hex, kind: str) -> None:
        """Tint ``h`` as 'neutral', 'high' or 'low' ground."""
        if kind not in TERRAIN_TINTS:
            raise ValueError(
                f"unknown terrain {kind!r}; expected one of {', '.join(TERRAIN_TINTS)}"
            )
        tile = self.terrain.tiles[h]
        if tile.kind != kind:
            tile.kind = kind
            self.terrain.update()

    def hex_at(self, scene_pos: QPointF) -> Hex | None:
        """The on-board hex under ``scene_pos``, or None over the table margin."""
        h = self._hex_under(scene_pos)
        return h if self.field.contains(h) else None

    def _hex_under(self, pos: QPointF) -> Hex:
        x, y = (pos.y(), -pos.x()) if self.quarter_turn else (pos.x(), pos.y())
        return self.field.from_pixel(x, y, self.size)

    def center_of(self, h: Hex) -> QPointF:
        """Scene position of the centre of ``h`` (defined for off-board hexes too)."""
        x, y = self.field.to_pixel(h, self.size)
        return QPointF(-y, x) if self.quarter_turn else QPointF(x, y)

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
        inset = self.polygon(_INSET)
        font = label_font(self.size * BADGE_SIZE, bold=True)
        for h in hexes:
            if not self.field.contains(h):
                raise ValueError(f"{h} is not on the {self.field.width}x{self.field.height} field")
            glow = QGraphicsPolygonItem(inset)
            glow.setPen(pen)
            glow.setBrush(brush)
            glow.setPos(self.center_of(h))
            self._add(glow, Z_HIGHLIGHT, self._highlights)
            if labels and h in labels:
                below_centre = self.center_of(h) + QPointF(0, self.size * 0.45)
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
                if self._hex_under(centre + ((a + b) / 2 - centre) * 2) not in region:
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
        ring = QGraphicsPolygonItem(self.polygon(0.8))
        ring.setPen(QPen(CONE, 3.0, Qt.PenStyle.DashLine))
        ring.setPos(self.center_of(origin))
        self._add(ring, Z_OVERLAY, self._cone)

    def clear_cone(self) -> None:
        """Remove the cone overlay; a no-op when none is drawn."""
        self._discard(self._cone)

