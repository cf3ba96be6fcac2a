"""The pieces on TACTICA's field: troop cards that move, wall and landmark cards that stay.

A troop card is small enough to sit inside its hex without touching its
neighbours, so it shows only what matters in play: its side (colour and
symbol), its name, OFF/DEF/RNG/MOV as they stand now (raised values in
green, lowered in red), its training, and this turn's damage against its
DEF. Walls and landmarks are landscape cards under the troops, wide enough
that a line of walls reads as one wall.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board.cards import CARD_H, CARD_W, CardLook, paint_look
from app.board.items import GLOW_HOVER, CardItem
from app.board.topology import Z_PIECE, Z_TERRAIN
from app.games.tactica.art import (
    SIDE_COLOURS,
    SIDE_FACES,
    SIDE_SYMBOLS,
    paint_ravine,
    paint_ridge,
    paint_wall,
)

TROOP_W, TROOP_H = 74.0, 70.0
"""As wide as a hex allows with a gap to the next one, so the numbers read at fit zoom."""
FEATURE_W, FEATURE_H = 80.0, 52.0
Z_FEATURE = Z_TERRAIN + 1
"""Walls and landmarks lie on the terrain, under the glows that answer a gesture."""

UP, DOWN = QColor("#1d7a34"), QColor("#b3261e")
DAMAGE = QColor("#c62828")
TARGET = QColor("#e53935")
SELECTED = QColor("#ffffff")
INK = QColor("#1e2430")


def _font(pixels: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans", 1)
    font.setPixelSize(max(5, round(pixels)))
    font.setBold(bold)
    return font


@dataclass(frozen=True)
class TroopFace:
    """What a troop card shows; equal faces need no repaint."""

    side: int
    title: str
    stats: tuple[int, int, int, int]  # OFF, DEF, RNG, MOV as they stand now
    base: tuple[int, int, int, int]  # as printed, to colour what modifiers changed
    training: int | None  # 0, 1, 2, or None when the honour rule hides it
    damage: int = 0
    caption: str = ""  # what the gesture in progress would do to this troop
    targeted: bool = False


class TroopItem(CardItem):
    """A troop card on a hex; the scene moves it with the mouse and submits the drop."""

    def __init__(self, ref: str, face: TroopFace, tooltip: str) -> None:
        super().__init__(ref, "field", CardLook(face.title), tooltip)
        self.face = face
        self.selected = False
        self.set_face(face, tooltip)
        self.locked = False  # an enemy troop, or not your decision: a click selects, no drag

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if not self.locked:
            super().mouseMoveEvent(event)

    def set_face(self, face: TroopFace, tooltip: str) -> None:
        if face != self.face:
            self.prepareGeometryChange()
            self.face = face
            self.update()
        self.setToolTip(tooltip)
        if not self.dragging:  # markers stick out of the card: keep them above neighbours
            self.setZValue(Z_PIECE + (1 if face.damage or face.caption else 0))

    def set_selected(self, selected: bool) -> None:
        if selected != self.selected:
            self.selected = selected
            self.update()

    def card_rect(self) -> QRectF:
        return QRectF(-TROOP_W / 2, -TROOP_H / 2, TROOP_W, TROOP_H)

    def boundingRect(self) -> QRectF:
        return self.card_rect().adjusted(-14, -12, 14, 4)

    def shape(self) -> QPainterPath:
        """Only the card itself is grabbed, not the room kept for badges around it."""
        path = QPainterPath()
        path.addRect(self.card_rect())
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        face = self.face
        rect = self.card_rect()
        colour = SIDE_COLOURS[face.side]
        if self.dragging or self.selected or face.targeted:
            rim = GLOW_HOVER if self.dragging else TARGET if face.targeted else SELECTED
            painter.setPen(QPen(rim, 4))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 8, 8)
        painter.setPen(QPen(colour.darker(150), 1.5))
        painter.setBrush(SIDE_FACES[face.side])
        painter.drawRoundedRect(rect, 6, 6)
        band = QRectF(rect.left(), rect.top(), rect.width(), 18)
        clip = QPainterPath()
        clip.addRoundedRect(rect, 6, 6)
        painter.save()
        painter.setClipPath(clip)
        painter.fillRect(band, colour)
        painter.restore()
        self._paint_title(painter, band, face.title)
        self._paint_watermark(painter, rect.adjusted(0, band.height(), 0, 0), colour)
        self._paint_stats(painter, QRectF(rect.left() + 2, band.bottom() + 1, rect.width() - 4,
                                          rect.bottom() - band.bottom() - 2))
        if face.training:
            self._paint_training(painter, rect, face.training)
        if face.damage:
            self._paint_damage(painter, rect)
        if face.caption:
            self._paint_caption(painter, rect, face.caption)

    def _paint_title(self, painter: QPainter, band: QRectF, text: str) -> None:
        font = _font(11, bold=True)
        font.setStretch(QFont.Stretch.SemiCondensed)
        painter.setFont(font)
        box = band.adjusted(3, 0, -3, 0)
        text = painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight,
                                                int(box.width()))
        painter.setPen(QColor("#ffffff"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_watermark(self, painter: QPainter, area: QRectF, colour: QColor) -> None:
        """The side's SUN or MOON symbol, faint behind the numbers: side told without colour."""
        faint = QColor(colour)
        faint.setAlpha(45)
        painter.setPen(faint)
        painter.setFont(_font(area.height() * 0.95, bold=True))
        painter.drawText(area, Qt.AlignmentFlag.AlignCenter, SIDE_SYMBOLS[self.face.side])

    def _paint_training(self, painter: QPainter, rect: QRectF, training: int) -> None:
        """A green seal over the top-left corner: trained 1x or 2x."""
        box = QRectF(rect.left() - 9, rect.top() - 10, 20, 16)
        painter.setPen(QPen(QColor("#1d4a1a"), 1))
        painter.setBrush(QColor("#3f9a3a"))
        painter.drawRoundedRect(box, 8, 8)
        painter.setPen(QColor("#ffffff"))
        painter.setFont(_font(10.5, bold=True))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, f"{training}x")

    def _paint_stats(self, painter: QPainter, area: QRectF) -> None:
        """OFF DEF over RNG MOV: a small name beside a large number, as they stand now."""
        names = ("OFF", "DEF", "RNG", "MOV")
        cell_w, cell_h = area.width() / 2, area.height() / 2
        for i, (label, now, printed) in enumerate(zip(names, self.face.stats, self.face.base,
                                                      strict=True)):
            cell = QRectF(area.left() + (i % 2) * cell_w, area.top() + (i // 2) * cell_h,
                          cell_w, cell_h)
            painter.setPen(QColor("#3d3d3d"))
            label_font = _font(10.5, bold=True)
            label_font.setStretch(QFont.Stretch.Condensed)
            painter.setFont(label_font)
            painter.drawText(cell.adjusted(1, 0, 0, 0),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
            painter.setPen(UP if now > printed else DOWN if now < printed else INK)
            painter.setFont(_font(18 if now < 10 else 14, bold=True))
            painter.drawText(cell.adjusted(0, 0, -2, 0),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             str(now))

    def _paint_damage(self, painter: QPainter, rect: QRectF) -> None:
        """A red marker in the corner: damage so far, against the DEF it must exceed."""
        text = f"{self.face.damage}/{self.face.stats[1]}"
        painter.setFont(_font(11, bold=True))
        width = painter.fontMetrics().horizontalAdvance(text) + 10
        box = QRectF(rect.right() - width + 8, rect.top() - 10, width, 17)
        painter.setPen(QPen(DAMAGE.darker(150), 1))
        painter.setBrush(DAMAGE)
        painter.drawRoundedRect(box, 8.5, 8.5)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_caption(self, painter: QPainter, rect: QRectF, text: str) -> None:
        """What the gesture would do here, on a pill across the card's lower half."""
        painter.setFont(_font(10.5, bold=True))
        width = painter.fontMetrics().horizontalAdvance(text) + 12
        box = QRectF(rect.center().x() - width / 2, rect.bottom() - 24, width, 17)
        painter.setPen(QPen(TARGET.darker(160), 1))
        painter.setBrush(TARGET if self.face.targeted else QColor("#f2c230"))
        painter.drawRoundedRect(box, 8.5, 8.5)
        painter.setPen(QColor("#ffffff") if self.face.targeted else INK)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class FeatureItem(QGraphicsItem):
    """A wall or landmark card lying on its hex; the terrain under it does not move."""

    def __init__(self, ref: str, kind: str, side: int, tooltip: str) -> None:
        super().__init__()
        self.ref = ref
        self.kind = kind  # "wall", "ridge" or "ravine"
        self.side = side
        self.setZValue(Z_FEATURE)
        self.setToolTip(tooltip)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # presses pan the table

    def set_kind(self, kind: str, tooltip: str) -> None:
        if kind != self.kind:
            self.kind = kind
            self.update()
        self.setToolTip(tooltip)

    def boundingRect(self) -> QRectF:
        return QRectF(-FEATURE_W / 2 - 2, -FEATURE_H / 2 - 2, FEATURE_W + 4, FEATURE_H + 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(-FEATURE_W / 2, -FEATURE_H / 2, FEATURE_W, FEATURE_H)
        clip = QPainterPath()
        clip.addRoundedRect(rect, 5, 5)
        painter.save()
        painter.setClipPath(clip)
        if self.kind == "wall":
            paint_wall(painter, rect, self.side)
        elif self.kind == "ridge":
            paint_ridge(painter, rect)
        else:
            paint_ravine(painter, rect)
        painter.restore()
        edge = SIDE_COLOURS[self.side].darker(140) if self.kind == "wall" else QColor("#3a3226")
        painter.setPen(QPen(edge, 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect, 5, 5)
        if self.kind != "wall":
            self._paint_name(painter, rect)

    def _paint_name(self, painter: QPainter, rect: QRectF) -> None:
        text = f"{SIDE_SYMBOLS[self.side]} {self.kind.upper()}"
        painter.setFont(_font(9.5, bold=True))
        width = painter.fontMetrics().horizontalAdvance(text) + 8
        box = QRectF(rect.center().x() - width / 2, rect.bottom() - 14, width, 13)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 150))
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class PlayedCard(QGraphicsItem):
    """A tactics card played this turn, shown beside the field until RESOLUTION routes it."""

    SCALE = 1.2

    def __init__(self, ref: str, look: CardLook, tooltip: str) -> None:
        super().__init__()
        self.ref = ref
        self.look = look
        self.setToolTip(tooltip)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def _rect(self) -> QRectF:
        w, h = CARD_W * self.SCALE, CARD_H * self.SCALE
        return QRectF(-w / 2, -h / 2, w, h)

    def boundingRect(self) -> QRectF:
        return self._rect().adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        paint_look(painter, self.look, self._rect(), lod)
