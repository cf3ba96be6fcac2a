"""TACTICA's troop tokens, and the measures and print every piece on the field shares.

A troop is a hexagonal token inside its hex, leaving a rim of the hex
showing (a wall's stones under a troop standing on it). It shows its side
twice over, by colour and by the emblem in its top band (rayed SUN,
crescent MOON); its kind by a symbol in the middle; OFF and DEF beside the
symbol's top, RNG and MOV beside its foot, as the barracks cards print
them, raised values in green and lowered ones in red; its training as one
or two chevrons; this turn's damage against its DEF on a red marker.
Numbers are drawn only where they come out at 8 pt or more: zoomed far out
the token keeps its emblem and symbol.

Each look is painted once per zoom into a picture shared by every piece
that looks the same (sprites.py), and each piece keeps its picture in Qt's
device cache: a repaint or a glide across the field costs a copy of
pixels, and a change of zoom a copy per piece, not a drawing.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board import sprites
from app.board.cards import CardLook
from app.board.hex_scene import legible
from app.board.items import GLOW_HOVER, CardItem
from app.board.topology import Z_PIECE
from app.games.tactica.art import SIDE_COLOURS, SIDE_FACES, SIDE_INKS
from app.games.tactica.symbols import paint_emblem, paint_symbol

HEX_SIZE = 48.0
"""The field's hexes, centre to corner, in scene units (flat-topped: the field lies across)."""
TOKEN = 0.86  # a troop token's size against its hex: the rest is the hex showing around it
STAT_PX = 22.0
"""OFF/DEF/RNG/MOV print size: 8 pt or more at the fitted zoom of a 1366x768 window."""
CAPTION_PX = 21.0
CARRIED = 0.72
"""A carried troop lets the glows and captions under it show through."""

UP, DOWN = QColor("#007a55"), QColor("#c2410c")
"""Raised and lowered values: Okabe-Ito's bluish green and vermillion, darkened to print."""
DAMAGE = QColor("#c62828")
TARGET = QColor("#e53935")
SELECTED = QColor("#ffffff")
INK = QColor("#1e2430")
TRAINED = QColor("#2e7d32")


def hexagon(radius: float) -> QPolygonF:
    """A flat-topped hexagon centred on (0, 0)."""
    h = radius * 0.8660254037844386
    return QPolygonF([QPointF(radius, 0), QPointF(radius / 2, h), QPointF(-radius / 2, h),
                      QPointF(-radius, 0), QPointF(-radius / 2, -h), QPointF(radius / 2, -h)])


BODY = hexagon(HEX_SIZE * TOKEN)
BODY_PATH = QPainterPath()
BODY_PATH.addPolygon(BODY)
BODY_PATH.closeSubpath()
RIM = hexagon(HEX_SIZE * 0.97)
HEX = hexagon(HEX_SIZE)
_R = HEX_SIZE * TOKEN
_H = _R * 0.8660254037844386
BAND_BOTTOM = -_H + 17.0  # the side's band across the token's top
STAT_X, STAT_TOP, STAT_FOOT = _R * 0.53, -8.0, 11.5
SYMBOL_CENTRE, SYMBOL_HALF = QPointF(0, 2.5), 16.0


def font(pixels: float, bold: bool = True) -> QFont:
    """A pixel-sized font: sizes are scene units, so print scales with the board."""
    out = QFont("DejaVu Sans", 1)
    out.setPixelSize(max(1, round(pixels)))
    out.setBold(bold)
    return out


STAT_FONT = font(STAT_PX)
CAPTION_FONT = font(CAPTION_PX)


@dataclass(frozen=True)
class TroopFace:
    """What a troop token shows; equal faces need no repaint."""

    side: int
    kind: str  # the face key: champion, foot, crossbow, archer, crown
    stats: tuple[int, int, int, int]  # OFF, DEF, RNG, MOV as they stand now
    base: tuple[int, int, int, int]  # as printed, to colour what modifiers changed
    training: int | None  # 0, 1, 2, or None when the honour rule hides it
    damage: int = 0
    caption: str = ""  # what the gesture in progress would do to this troop
    targeted: bool = False


def pill(text: str, centre: QPointF, pixels: float) -> QRectF:
    metrics = QFontMetricsF(font(pixels))
    width = max(metrics.horizontalAdvance(text) + pixels * 0.7, metrics.height() * 1.2)
    return QRectF(centre.x() - width / 2, centre.y() - metrics.height() * 0.6, width,
                  metrics.height() * 1.2)


def _damage_rect(face: TroopFace) -> QRectF:
    return pill(f"{face.damage}/{face.stats[1]}", QPointF(_R * 0.62, -_H - 2), STAT_PX)


def _caption_rect(face: TroopFace) -> QRectF:
    return pill(face.caption, QPointF(0, _H * 0.5), CAPTION_PX)


class TroopItem(CardItem):
    """A troop token on a hex; the scene moves it with the mouse and submits the drop."""

    def __init__(self, ref: str, face: TroopFace) -> None:
        super().__init__(ref, "field", CardLook(face.kind), "")
        self.face = face
        self.selected = False
        self.locked = False  # an enemy troop, or not your decision: a click selects, no drag
        self.home = QPointF()  # the centre of the hex the state puts it on
        self._bounds = self._measure(face)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.set_face(face)

    # -- where it stands -------------------------------------------------------------
    def place(self, centre: QPointF, glide: bool) -> None:
        """Stand on `centre`; glide there from where it is shown now, or jump."""
        self.home = self.glider.stand(centre, self.home, glide)

    def start_drag(self, scene_pos: QPointF) -> None:
        self.setOpacity(CARRIED)
        super().start_drag(scene_pos)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.dragging:
            self.setOpacity(1.0)
        super().mouseReleaseEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if not self.locked:
            super().mouseMoveEvent(event)

    # -- its look ----------------------------------------------------------------------
    def set_face(self, face: TroopFace) -> None:
        if face != self.face:
            bounds = self._measure(face)
            if bounds != self._bounds:
                self.prepareGeometryChange()
                self._bounds = bounds
            self.face = face
            self.update()
        if not self.dragging:  # markers stick out of the token: keep them above neighbours
            self.setZValue(Z_PIECE + (1 if face.damage or face.caption else 0))

    def set_selected(self, selected: bool) -> None:
        if selected != self.selected:
            self.selected = selected
            self.update()

    @staticmethod
    def _measure(face: TroopFace) -> QRectF:
        rect = RIM.boundingRect().adjusted(-3, -3, 3, 3)
        if face.damage:
            rect = rect.united(_damage_rect(face).adjusted(-2, -2, 2, 2))
        if face.caption:
            rect = rect.united(_caption_rect(face).adjusted(-2, -2, 2, 2))
        return rect

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        """Only the token itself is grabbed, not the room kept for markers around it."""
        return BODY_PATH

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        face = self.face
        rim = (GLOW_HOVER if self.dragging else TARGET if face.targeted
               else SELECTED if self.selected else None)
        sprites.draw(painter, ("troop", face, None if rim is None else rim.rgba()),
                     self._bounds, lambda p: paint_token(p, face, rim))


def paint_token(painter: QPainter, face: TroopFace, rim: QColor | None) -> None:
    """A troop token as `face` says, ringed in `rim` (dragged, targeted, selected)."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = SIDE_COLOURS[face.side]
    if rim is not None:
        painter.setPen(QPen(rim, 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(RIM)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(SIDE_FACES[face.side])
    painter.drawPolygon(BODY)
    painter.save()
    painter.setClipPath(BODY_PATH)
    painter.fillRect(QRectF(-_R, -_H, 2 * _R, BAND_BOTTOM + _H), colour)
    painter.restore()
    painter.setPen(QPen(colour.darker(135), 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                        Qt.PenJoinStyle.RoundJoin))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPolygon(BODY)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(SIDE_INKS[face.side])
    paint_emblem(painter, face.side, QPointF(0, (BAND_BOTTOM - _H) / 2 + 0.5), 7.5)
    painter.setBrush(INK)
    paint_symbol(painter, face.kind, SYMBOL_CENTRE, SYMBOL_HALF)
    if legible(painter, STAT_PX):
        _paint_stats(painter, face)
    if face.training:
        _paint_training(painter, face.training)
    if face.damage and legible(painter, STAT_PX):
        paint_pill(painter, _damage_rect(face), DAMAGE, QColor("#ffffff"),
                    f"{face.damage}/{face.stats[1]}", STAT_FONT)
    if face.caption and legible(painter, CAPTION_PX):
        fill = TARGET if face.targeted else QColor("#f2c230")
        paint_pill(painter, _caption_rect(face), fill,
                    QColor("#ffffff") if face.targeted else INK, face.caption, CAPTION_FONT)


def _paint_stats(painter: QPainter, face: TroopFace) -> None:
    """OFF and DEF beside the symbol's top, RNG and MOV beside its foot."""
    painter.setFont(STAT_FONT)
    metrics = QFontMetricsF(STAT_FONT)
    spots = ((-STAT_X, STAT_TOP), (STAT_X, STAT_TOP), (-STAT_X, STAT_FOOT),
             (STAT_X, STAT_FOOT))
    for (x, y), now, printed in zip(spots, face.stats, face.base, strict=True):
        painter.setPen(UP if now > printed else DOWN if now < printed else INK)
        text = str(now)
        width = metrics.horizontalAdvance(text)
        baseline = y + metrics.capHeight() / 2
        painter.drawText(QPointF(x - width / 2, baseline), text)


def _paint_training(painter: QPainter, training: int) -> None:
    """One chevron for 1x, two for 2x, at the token's foot."""
    pen = QPen(TRAINED, 3.6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
               Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for i in range(training):
        y = _H - 8.0 - i * 6.5
        chevron = QPainterPath(QPointF(-9, y))
        chevron.lineTo(QPointF(0, y - 5.5))
        chevron.lineTo(QPointF(9, y))
        painter.drawPath(chevron)


def paint_pill(painter: QPainter, box: QRectF, fill: QColor, ink: QColor, text: str,
            face: QFont) -> None:
    painter.setPen(QPen(fill.darker(160), 1.2))
    painter.setBrush(fill)
    painter.drawRoundedRect(box, box.height() / 2, box.height() / 2)
    painter.setPen(ink)
    painter.setFont(face)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
