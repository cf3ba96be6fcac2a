"""How a card or token looks: one painter used by board items and dock widgets alike.

Drawing in one place keeps the hand dock and the board showing the very
same card, and keeps the look consistent across games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

CARD_W, CARD_H = 72.0, 100.0
BODY_SHARE = 0.095  # a card's rules text is this share of its width high
TOKEN_D = 40.0
RED = QColor("#b3261e")
BLACK = QColor("#1d1b20")
BACK = QColor("#27476e")
BACK_LINE = QColor("#5d7fa8")
FACE = QColor("#fbf8f1")
EDGE = QColor("#3a3a3a")

ART: dict[str, Callable[[QPainter, QRectF], None]] = {}
"""Picture painters by name, registered by games for CardLook.art (e.g. a landmark's side)."""


@dataclass(frozen=True)
class CardLook:
    """What to draw: a face (rank + symbol + colour), a back, or a token.

    A face with `body` lines is a game card (location, item, troop): a tinted
    title band, the lines of rules text, and a corner `badge` for what changes
    in play (uses left, damage). `back_colour` tells card kinds apart face down,
    as Nordguard's blue-backed Frontier and Destination.
    """

    title: str | None  # None draws the back
    symbol: str = ""
    red: bool = False
    token_colour: str | None = None
    body: tuple[str, ...] = ()
    face_colour: str | None = None
    back_colour: str | None = None
    badge: str = ""
    back_label: str = ""
    body_scale: float = 1.0  # larger rules print for cards with only a few short lines
    art: str = ""  # a name in ART: a picture between the title band and the text

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
        painter.setBrush(QColor(look.back_colour) if look.back_colour else BACK)
        painter.drawRoundedRect(rect, radius, radius)
        if lod > 0.4:
            _paint_lattice(painter, rect.adjusted(6, 6, -6, -6))
            if look.back_label:
                _paint_back_label(painter, look.back_label, rect)
        return
    painter.setBrush(FACE)
    painter.drawRoundedRect(rect, radius, radius)
    if lod < 0.3:
        return
    if look.body or look.face_colour:
        _paint_text_card(painter, look, rect, radius)
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


def _paint_text_card(painter: QPainter, look: CardLook, rect: QRectF, radius: float) -> None:
    """A game card: tinted title band, rules lines in a small font, a badge in the corner."""
    band_colour = QColor(look.face_colour or "#6d5d4b")
    band = QRectF(rect.left(), rect.top(), rect.width(), rect.height() * 0.24)
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    painter.save()
    painter.setClipPath(path)
    painter.fillRect(band, band_colour)
    painter.restore()
    ink = QColor("#ffffff") if band_colour.lightnessF() < 0.55 else BLACK
    title = f"{look.symbol} {look.title}".strip()
    title_box = band.adjusted(4, 1, -4, -1)
    painter.setFont(_title_font(title, title_box, int(rect.width() * 0.12)))
    painter.setPen(ink)
    painter.drawText(title_box, TITLE_FLAGS, title)
    text_top = band.bottom()
    art = ART.get(look.art)
    if art is not None:
        picture = QRectF(rect.left() + 3, band.bottom() + 3, rect.width() - 6,
                         rect.height() * 0.4)
        art(painter, picture)
        text_top = picture.bottom()
    body_font = QFont("DejaVu Sans", 1)
    body_font.setPixelSize(max(5, int(rect.width() * BODY_SHARE * look.body_scale)))
    painter.setFont(body_font)
    painter.setPen(BLACK)
    text_box = QRectF(rect.left() + 4, text_top + 3, rect.width() - 8,
                      rect.bottom() - text_top - 6)
    painter.drawText(text_box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                     | Qt.TextFlag.TextWordWrap, "\n".join(look.body))
    if look.badge:
        badge_font = QFont("DejaVu Sans", 1)
        badge_font.setPixelSize(max(6, int(rect.width() * 0.13)))
        badge_font.setBold(True)
        painter.setFont(badge_font)
        width = painter.fontMetrics().horizontalAdvance(look.badge) + 10
        height = rect.width() * 0.2
        box = QRectF(rect.right() - width - 3, rect.bottom() - height - 3, width, height)
        painter.setPen(QPen(band_colour.darker(140), 1))
        painter.setBrush(QColor("#fff3c4"))
        painter.drawRoundedRect(box, height / 2, height / 2)
        painter.setPen(BLACK)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, look.badge)


TITLE_FLAGS = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap


def _title_font(title: str, box: QRectF, largest: int) -> QFont:
    """The title band's bold font, a pixel smaller at a time (to two thirds) until a long
    name's lines fit the band: three lines of a 25-letter name ran over its text."""
    font = QFont("DejaVu Sans", 1)
    font.setBold(True)
    size = max(6, largest)
    least = max(6, largest * 2 // 3)
    while True:
        font.setPixelSize(size)
        if size <= least or QFontMetricsF(font).boundingRect(
                box, TITLE_FLAGS, title).height() <= box.height():
            return font
        size -= 1


def _paint_back_label(painter: QPainter, text: str, rect: QRectF) -> None:
    font = QFont("DejaVu Sans", 1)
    font.setPixelSize(max(6, int(rect.width() * 0.12)))
    font.setBold(True)
    painter.setFont(font)
    box = QRectF(rect.left() + 6, rect.center().y() - rect.height() * 0.12,
                 rect.width() - 12, rect.height() * 0.24)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 150))
    painter.drawRoundedRect(box, 4, 4)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


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
