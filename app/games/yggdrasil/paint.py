"""The Yggdrasil table's own marks: the clans' bases and the figures' symbols, drawn as
paths so they look alike on every system's fonts (the lettering is app.board.lettering)."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainterPath, QPolygonF

PAPER = QColor("#f2efe6")


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
