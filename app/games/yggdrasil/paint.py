"""The Yggdrasil table's lettering and marks: pixel-sized print, pills, rims and the
figures' symbols, drawn as paths so they look alike on every system's fonts."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

INK = QColor("#1e2430")
MUTED = QColor("#5b5f66")
PAPER = QColor("#f2efe6")
NAME_PX, VALUE_PX, SMALL_PX = 13.0, 12.0, 11.0


@cache
def font(pixels: float, bold: bool = False, italic: bool = False) -> QFont:
    """A pixel-sized font: sizes are scene units, so print scales with the board."""
    out = QFont("DejaVu Sans", 1)
    out.setPixelSize(max(1, round(pixels)))
    out.setBold(bold)
    out.setItalic(italic)
    return out


def ink_on(fill: QColor) -> QColor:
    return QColor("#ffffff") if fill.lightnessF() < 0.55 else INK


def elided(text: str, f: QFont, width: float) -> str:
    return QFontMetricsF(f).elidedText(text, Qt.TextElideMode.ElideRight, width)


def text_width(text: str, f: QFont) -> float:
    return QFontMetricsF(f).horizontalAdvance(text)


def rim(painter: QPainter, rect: QRectF, radius: float, glow: QColor | None) -> None:
    """A glow around a piece a gesture may end on: its own rim, never hidden by others."""
    if glow is None:
        return
    painter.setPen(QPen(glow, 5))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), radius + 3, radius + 3)


def pill(painter: QPainter, text: str, centre: QPointF, f: QFont, fill: QColor,
         ink: QColor) -> QRectF:
    """`text` in a rounded pill around `centre`; returns where it was drawn."""
    metrics = QFontMetricsF(f)
    w = metrics.horizontalAdvance(text) + f.pixelSize() * 0.9
    h = metrics.height() * 1.15
    box = QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)
    painter.setPen(QPen(fill.darker(150), 1))
    painter.setBrush(fill)
    painter.drawRoundedRect(box, h / 2, h / 2)
    painter.setPen(ink)
    painter.setFont(f)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    return box


# -- a clan's base and a figure's symbol ----------------------------------------------------
def base_path(mark: int, d: float) -> QPainterPath:
    """A figure's base in its clan's shape (circle, square, hexagon, diamond), `d` across,
    centred on (0, 0)."""
    r = d / 2
    path = QPainterPath()
    if mark == 0:
        path.addEllipse(QPointF(0, 0), r, r)
    elif mark == 1:
        path.addRoundedRect(QRectF(-r * 0.9, -r * 0.9, r * 1.8, r * 1.8), r * 0.25, r * 0.25)
    elif mark == 2:
        path.addPolygon(QPolygonF([QPointF(r * 0.95, 0), QPointF(r * 0.48, r * 0.86),
                                   QPointF(-r * 0.48, r * 0.86), QPointF(-r * 0.95, 0),
                                   QPointF(-r * 0.48, -r * 0.86), QPointF(r * 0.48, -r * 0.86)]))
        path.closeSubpath()
    else:
        path.addPolygon(QPolygonF([QPointF(0, -r * 1.05), QPointF(r * 1.05, 0),
                                   QPointF(0, r * 1.05), QPointF(-r * 1.05, 0)]))
        path.closeSubpath()
    return path


def _polygon(points: list[tuple[float, float]], s: float) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x * s, y * s) for x, y in points]))
    path.closeSubpath()
    return path


@cache
def glyph_path(kind: str, size: float) -> QPainterPath | None:
    """The Leader's crown, a Warrior's sword, a ship's sail; None for a monster (its
    initials are written instead)."""
    s = size
    if kind == "leader":
        return _polygon([(-0.5, 0.32), (-0.5, -0.26), (-0.25, 0.04), (0, -0.42), (0.25, 0.04),
                         (0.5, -0.26), (0.5, 0.32)], s)
    if kind == "warrior":
        path = _polygon([(-0.07, -0.48), (0.07, -0.48), (0.07, 0.16), (-0.07, 0.16)], s)
        path.addPath(_polygon([(-0.3, 0.14), (0.3, 0.14), (0.3, 0.25), (-0.3, 0.25)], s))
        path.addPath(_polygon([(-0.06, 0.25), (0.06, 0.25), (0.06, 0.48), (-0.06, 0.48)], s))
        return path
    if kind == "ship":
        path = _polygon([(-0.5, 0.14), (0.5, 0.14), (0.3, 0.42), (-0.3, 0.42)], s)
        path.addPath(_polygon([(-0.04, -0.46), (0.04, -0.46), (0.04, 0.14), (-0.04, 0.14)], s))
        path.addPath(_polygon([(0.08, -0.42), (0.42, 0.06), (0.08, 0.06)], s))
        return path
    return None
