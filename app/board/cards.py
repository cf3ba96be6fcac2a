"""How a card or token looks: one painter used by board items and dock widgets alike.

Drawing in one place keeps the hand dock and the board showing the very
same card, and keeps the look consistent across games.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen

CARD_W, CARD_H = 72.0, 100.0
TOKEN_D = 40.0
RED = QColor("#b3261e")
BLACK = QColor("#1d1b20")
BACK = QColor("#27476e")
BACK_LINE = QColor("#5d7fa8")
FACE = QColor("#fbf8f1")
EDGE = QColor("#3a3a3a")


@dataclass(frozen=True)
class CardLook:
    """What to draw: a face (rank + symbol + colour), a back, or a token."""

    title: str | None  # None draws the back
    symbol: str = ""
    red: bool = False
    token_colour: str | None = None

    @property
    def is_token(self) -> bool:
        return self.token_colour is not None


def card_rect() -> QRectF:
    return QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H)


def token_rect() -> QRectF:
    return QRectF(-TOKEN_D / 2, -TOKEN_D / 2, TOKEN_D, TOKEN_D)


def paint_look(painter: QPainter, look: CardLook, rect: QRectF, lod: float = 1.0,
               glow: QColor | None = None) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if look.is_token:
        _paint_token(painter, look, rect, glow)
        return
    radius = rect.width() * 0.08
    if glow is not None:
        painter.setPen(QPen(glow, 5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), radius + 3, radius + 3)
    painter.setPen(QPen(EDGE, 1.2))
    if look.title is None:
        painter.setBrush(BACK)
        painter.drawRoundedRect(rect, radius, radius)
        if lod > 0.4:
            _paint_lattice(painter, rect.adjusted(6, 6, -6, -6))
        return
    painter.setBrush(FACE)
    painter.drawRoundedRect(rect, radius, radius)
    if lod < 0.3:
        return
    colour = RED if look.red else BLACK
    painter.setPen(colour)
    corner = QFont("DejaVu Sans", max(6, int(rect.width() * 0.16)))
    corner.setBold(True)
    painter.setFont(corner)
    inner = rect.adjusted(5, 3, -5, -3)
    painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                     f"{look.title}\n{look.symbol}")
    painter.save()
    painter.translate(rect.center())
    painter.rotate(180)
    painter.translate(-rect.center())
    painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                     f"{look.title}\n{look.symbol}")
    painter.restore()
    big = QFont("DejaVu Sans", max(8, int(rect.width() * 0.36)))
    painter.setFont(big)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, look.symbol)


def _paint_lattice(painter: QPainter, rect: QRectF) -> None:
    painter.setPen(QPen(BACK_LINE, 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect, 4, 4)
    path = QPainterPath()
    step = 10.0
    x = rect.left() - rect.height()
    while x < rect.right():
        path.moveTo(QPointF(x, rect.bottom()))
        path.lineTo(QPointF(x + rect.height(), rect.top()))
        path.moveTo(QPointF(x, rect.top()))
        path.lineTo(QPointF(x + rect.height(), rect.bottom()))
        x += step
    painter.save()
    painter.setClipRect(rect)
    painter.drawPath(path)
    painter.restore()


def _paint_token(painter: QPainter, look: CardLook, rect: QRectF, glow: QColor | None) -> None:
    colour = QColor(look.token_colour or "#888888")
    if glow is not None:
        painter.setPen(QPen(glow, 5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(rect.adjusted(-3, -3, 3, 3))
    painter.setPen(QPen(colour.darker(160), 2))
    painter.setBrush(QBrush(colour))
    painter.drawEllipse(rect)
    painter.setPen(QPen(colour.lighter(150), 2))
    painter.drawEllipse(rect.adjusted(6, 6, -6, -6))
