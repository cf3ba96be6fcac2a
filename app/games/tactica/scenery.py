"""What lies on TACTICA's table besides the troops: walls, landmarks, the cards played.

A wall or landmark covers its whole hex, so a troop standing on a wall
shows the stones around it; a wall carries its owner's emblem on a seal, a
landmark its side's picture (a RIDGE's crest, a RAVINE's crack) and, where
the zoom makes it legible, its name. A tactics card played this turn is a
tab beside the field until RESOLUTION routes it.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board import sprites
from app.board.hex_scene import legible
from app.board.topology import Z_TERRAIN
from app.games.tactica.art import (
    SIDE_COLOURS,
    SIDE_FACES,
    SIDE_INKS,
    paint_ravine,
    paint_ridge,
    paint_wall,
)
from app.games.tactica.pieces import HEX, HEX_SIZE, INK, font, hexagon, pill
from app.games.tactica.symbols import paint_emblem

Z_FEATURE = Z_TERRAIN + 1
"""Walls and landmarks lie on the terrain, under the glows that answer a gesture."""


class FeatureItem(QGraphicsItem):
    """A wall or landmark card lying over its whole hex; the terrain under it does not move."""

    NAME_PX = 15.0  # a landmark's name, shown where the zoom makes it legible

    def __init__(self, ref: str, kind: str, side: int, tooltip: str) -> None:
        super().__init__()
        self.ref = ref
        self.kind = kind  # "wall", "ridge" or "ravine"
        self.side = side
        self.setZValue(Z_FEATURE)
        self.setToolTip(tooltip)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # presses pan the table
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_kind(self, kind: str, tooltip: str) -> None:
        if kind != self.kind:
            self.kind = kind
            self.update()
        if tooltip != self.toolTip():
            self.setToolTip(tooltip)

    def boundingRect(self) -> QRectF:
        return HEX.boundingRect().adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        kind, side = self.kind, self.side
        sprites.draw(painter, ("feature", kind, side), self.boundingRect(),
                     lambda p: paint_feature(p, kind, side, self.NAME_PX))


def paint_feature(painter: QPainter, kind: str, side: int, name_px: float) -> None:
    """A wall (stones, the owner's seal) or a landmark (its side's picture) over a hex."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = HEX.boundingRect()
    clip = QPainterPath()
    clip.addPolygon(HEX)
    clip.closeSubpath()
    painter.save()
    painter.setClipPath(clip)
    if kind == "wall":
        paint_wall(painter, rect, side)
    elif kind == "ridge":
        paint_ridge(painter, rect)
    else:
        paint_ravine(painter, rect)
    painter.restore()
    edge = SIDE_COLOURS[side].darker(150) if kind == "wall" else QColor("#3a3226")
    painter.setPen(QPen(edge, 2.5))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPolygon(hexagon(HEX_SIZE - 1.25))
    if kind == "wall":
        _paint_seal(painter, side)
    elif legible(painter, name_px):
        _paint_name(painter, kind.upper(), name_px)


def _paint_seal(painter: QPainter, side: int) -> None:
    """The owner's emblem on a disc of its colour: whose wall, without colour alone."""
    colour = SIDE_COLOURS[side]
    painter.setPen(QPen(colour.darker(160), 2))
    painter.setBrush(colour)
    painter.drawEllipse(QPointF(0, 0), 15, 15)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(SIDE_INKS[side])
    paint_emblem(painter, side, QPointF(0, 0), 10)


def _paint_name(painter: QPainter, text: str, pixels: float) -> None:
    box = pill(text, QPointF(0, HEX_SIZE * 0.6), pixels)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 150))
    painter.drawRoundedRect(box, 4, 4)
    painter.setPen(QColor("#ffffff"))
    painter.setFont(font(pixels))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class PlayedCard(QGraphicsItem):
    """A tactics card played this turn, beside the field until RESOLUTION routes it: a
    tab in its side's colour with the side's emblem and the card's name."""

    WIDTH, HEIGHT = 230.0, 38.0
    NAME_PX = 21.0

    def __init__(self, ref: str, side: int, title: str, tooltip: str) -> None:
        super().__init__()
        self.ref = ref
        self.side = side
        self.title = title
        self.setToolTip(tooltip)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return QRectF(-self.WIDTH / 2 - 2, -self.HEIGHT / 2 - 2, self.WIDTH + 4,
                      self.HEIGHT + 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        side, title = self.side, self.title
        sprites.draw(painter, ("played", side, title), self.boundingRect(),
                     lambda p: paint_played(p, side, title, self.NAME_PX))


def paint_played(painter: QPainter, side: int, title: str, name_px: float) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRectF(-PlayedCard.WIDTH / 2, -PlayedCard.HEIGHT / 2, PlayedCard.WIDTH,
                  PlayedCard.HEIGHT)
    colour = SIDE_COLOURS[side]
    painter.setPen(QPen(colour.darker(140), 2))
    painter.setBrush(SIDE_FACES[side])
    painter.drawRoundedRect(rect, 7, 7)
    band = QRectF(rect.left(), rect.top(), rect.height(), rect.height())
    clip = QPainterPath()
    clip.addRoundedRect(rect, 7, 7)
    painter.save()
    painter.setClipPath(clip)
    painter.fillRect(band, colour)
    painter.restore()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(SIDE_INKS[side])
    paint_emblem(painter, side, band.center(), rect.height() * 0.34)
    if legible(painter, name_px):
        painter.setPen(INK)
        painter.setFont(font(name_px))
        painter.drawText(rect.adjusted(band.width() + 8, 0, -6, 0),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, title)


class Heading(QGraphicsSimpleTextItem):
    """A heading on the table ('Played this turn'), left out where it would be too small
    to read."""

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if legible(painter, self.font().pixelSize()):
            super().paint(painter, option, widget)
