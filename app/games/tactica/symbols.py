"""TACTICA's symbols as paths: a sign per troop kind and an emblem per side.

A troop token is too small for its name at the fitted zoom, so its kind is a
picture that reads at a dozen pixels: the Champion's sword, the Foot's shield
and spear, the Crossbow lying across its stock, the Archer's upright longbow
with an arrow, the CROWN. The SUN is a rayed disc and the MOON a crescent,
so the two sides differ in shape as well as in colour.

Each path is built once, in a box from -1 to 1 each way, and scaled where it
is drawn; strokes are turned into outlines so one fill draws the whole sign.
"""

from __future__ import annotations

import math
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPainterPathStroker, QPolygonF, QTransform


def _polygon(*points: tuple[float, float]) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
    path.closeSubpath()
    return path


def _stroke(path: QPainterPath, width: float) -> QPainterPath:
    stroker = QPainterPathStroker()
    stroker.setWidth(width)
    stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
    stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return stroker.createStroke(path)


def _line(*points: tuple[float, float]) -> QPainterPath:
    path = QPainterPath(QPointF(*points[0]))
    for p in points[1:]:
        path.lineTo(QPointF(*p))
    return path


def _union(*paths: QPainterPath) -> QPainterPath:
    out = QPainterPath()
    out.setFillRule(Qt.FillRule.WindingFill)
    for path in paths:
        out = out.united(path)
    return out.simplified()


def _sword() -> QPainterPath:
    """Champion: an upright sword, the sign of a chosen fighter."""
    blade = _polygon((-0.13, 0.32), (-0.13, -0.68), (0.0, -0.98), (0.13, -0.68), (0.13, 0.32))
    guard = QPainterPath()
    guard.addRoundedRect(QRectF(-0.52, 0.3, 1.04, 0.17), 0.08, 0.08)
    grip = QPainterPath()
    grip.addRect(QRectF(-0.08, 0.45, 0.16, 0.36))
    pommel = QPainterPath()
    pommel.addEllipse(QPointF(0, 0.87), 0.13, 0.13)
    return _union(blade, guard, grip, pommel)


def _shield() -> QPainterPath:
    """Foot: a spear behind a heater shield, the line soldier."""
    shield = QPainterPath(QPointF(-0.62, -0.38))
    shield.lineTo(QPointF(0.62, -0.38))
    shield.lineTo(QPointF(0.62, 0.12))
    shield.quadTo(QPointF(0.55, 0.62), QPointF(0.0, 0.95))
    shield.quadTo(QPointF(-0.55, 0.62), QPointF(-0.62, 0.12))
    shield.closeSubpath()
    head = _polygon((-0.15, -0.58), (0.0, -0.98), (0.15, -0.58))
    shaft = _stroke(_line((0.0, -0.6), (0.0, -0.36)), 0.12)
    boss = QPainterPath()
    boss.addEllipse(QPointF(0, 0.12), 0.17, 0.17)
    return _union(shield, head, shaft).subtracted(_stroke(_ring(0.12, 0.3), 0.1)).united(boss)


def _ring(cy: float, r: float) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(0, cy), r, r)
    return path


def _crossbow() -> QPainterPath:
    """Crossbow: the bow lies across the stock, its bolt pointing forward."""
    bow = QPainterPath(QPointF(-0.78, -0.08))
    bow.quadTo(QPointF(0.0, -0.72), QPointF(0.78, -0.08))
    string = _line((-0.78, -0.08), (0.0, 0.2), (0.78, -0.08))
    stock = QPainterPath()
    stock.addRoundedRect(QRectF(-0.11, -0.52, 0.22, 1.45), 0.08, 0.08)
    bolt = _polygon((-0.14, -0.58), (0.0, -0.98), (0.14, -0.58))
    trigger = _stroke(_line((0.1, 0.45), (0.3, 0.62)), 0.1)
    return _union(_stroke(bow, 0.2), _stroke(string, 0.08), stock, bolt, trigger)


def _longbow() -> QPainterPath:
    """Archer: an upright longbow drawn, an arrow on the string."""
    bow = QPainterPath(QPointF(0.12, -0.86))
    bow.quadTo(QPointF(-0.95, 0.0), QPointF(0.12, 0.86))
    string = _line((0.12, -0.86), (0.5, 0.0), (0.12, 0.86))
    shaft = _line((-0.55, 0.0), (0.72, 0.0))
    head = _polygon((-0.5, -0.17), (-0.9, 0.0), (-0.5, 0.17))
    fletch = _union(_stroke(_line((0.55, 0.0), (0.8, -0.2)), 0.08),
                    _stroke(_line((0.55, 0.0), (0.8, 0.2)), 0.08))
    return _union(_stroke(bow, 0.2), _stroke(string, 0.08), _stroke(shaft, 0.11), head, fletch)


def _crown() -> QPainterPath:
    """CROWN: a crown of three points on a band, its jewels cut out."""
    points = _polygon((-0.78, 0.3), (-0.78, -0.5), (-0.4, -0.05), (0.0, -0.72), (0.4, -0.05),
                      (0.78, -0.5), (0.78, 0.3))
    band = QPainterPath()
    band.addRoundedRect(QRectF(-0.82, 0.3, 1.64, 0.38), 0.06, 0.06)
    tips = QPainterPath()
    for x, y in ((-0.78, -0.58), (0.0, -0.82), (0.78, -0.58)):
        tips.addEllipse(QPointF(x, y), 0.13, 0.13)
    jewels = QPainterPath()
    for x in (-0.45, 0.0, 0.45):
        jewels.addEllipse(QPointF(x, 0.49), 0.09, 0.09)
    return _union(points, band, tips).subtracted(jewels)


def _sun() -> QPainterPath:
    """SUN: a disc with eight rays."""
    disc = QPainterPath()
    disc.addEllipse(QPointF(0, 0), 0.5, 0.5)
    rays = []
    for i in range(8):
        a = math.radians(45 * i)
        spread = math.radians(13)
        rays.append(_polygon((0.6 * math.cos(a - spread), 0.6 * math.sin(a - spread)),
                             (1.0 * math.cos(a), 1.0 * math.sin(a)),
                             (0.6 * math.cos(a + spread), 0.6 * math.sin(a + spread))))
    return _union(disc, *rays)


def _moon() -> QPainterPath:
    """MOON: a crescent opening to the upper right."""
    whole = QPainterPath()
    whole.addEllipse(QPointF(0, 0), 0.95, 0.95)
    bite = QPainterPath()
    bite.addEllipse(QPointF(0.42, -0.22), 0.78, 0.78)
    return whole.subtracted(bite)


_BUILDERS = {"champion": _sword, "foot": _shield, "crossbow": _crossbow, "archer": _longbow,
             "crown": _crown, "sun": _sun, "moon": _moon}

SIDE_EMBLEMS = ("sun", "moon")
"""The emblem of each seat: SUN (seat 0) and MOON (seat 1)."""


@cache
def symbol(name: str) -> QPainterPath:
    """The path of a troop kind ('foot', 'crown', ...) or a side ('sun', 'moon')."""
    return _BUILDERS[name]()


def paint_symbol(painter: QPainter, name: str, centre: QPointF, half: float) -> None:
    """Fill the symbol `name` with the painter's brush, `half` units from centre to edge."""
    transform = QTransform()
    transform.translate(centre.x(), centre.y())
    transform.scale(half, half)
    painter.drawPath(transform.map(symbol(name)))


def paint_emblem(painter: QPainter, side: int, centre: QPointF, half: float) -> None:
    """A side's emblem (rayed SUN or crescent MOON) in the painter's brush."""
    paint_symbol(painter, SIDE_EMBLEMS[side], centre, half)
