"""TACTICA's colours and card art, drawn with QPainter paths so it scales and needs no files.

Landmarks must read at a glance from across the table: a RIDGE is a
brown mountain crest standing up out of the card, a RAVINE a dark crack
cut down into it. A wall is a course of stone blocks in its side's colour.
The same painters draw the cards on the field and in the hand dock, so a
landmark looks the same in both places.

The sides' colours are Okabe and Ito's orange and blue, which stay apart
for every common kind of colour blindness; wherever a side's colour shows,
its emblem (a rayed SUN, a crescent MOON) or its name shows too.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPainterPath, QPen

SIDE_COLOURS = (QColor("#e69f00"), QColor("#0072b2"))
"""SUN orange and MOON blue (Okabe-Ito): far apart in hue and lightness, so colour-blind
players tell them apart too; the SUN and MOON emblems say it again wherever they show."""
SIDE_INKS = (QColor("#1e2430"), QColor("#ffffff"))
"""What reads on each side's colour: dark on the orange, white on the blue."""
SIDE_FACES = (QColor("#fdf1d8"), QColor("#deebf7"))
CARD_BANDS = ("#f3b73a", "#0072b2")
"""Title bands of the side's cards in the hand dock; the SUN's is light enough for dark
print, which the shared card painter picks by lightness."""
SIDE_SYMBOLS = ("☀", "☾")

RIDGE_ROCK = QColor("#8a5a2b")
RIDGE_LIGHT = QColor("#c99a5e")
RIDGE_SKY = QColor("#f3e2bf")
RAVINE_DARK = QColor("#1f2a36")
RAVINE_SIDE = QColor("#6f8496")
RAVINE_GROUND = QColor("#b9c6cf")


def _crest(rect: QRectF, peaks: tuple[tuple[float, float], ...]) -> QPainterPath:
    """A closed silhouette through (x, height) fractions of `rect`, standing on its bottom."""
    path = QPainterPath(QPointF(rect.left(), rect.bottom()))
    for fx, fy in peaks:
        path.lineTo(QPointF(rect.left() + fx * rect.width(), rect.bottom() - fy * rect.height()))
    path.lineTo(QPointF(rect.right(), rect.bottom()))
    path.closeSubpath()
    return path


def paint_ridge(painter: QPainter, rect: QRectF) -> None:
    """A mountain crest: a sunny sky, a brown massif and pale sunlit faces."""
    painter.save()
    painter.setClipRect(rect, Qt.ClipOperation.IntersectClip)
    sky = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    sky.setColorAt(0, RIDGE_SKY.lighter(108))
    sky.setColorAt(1, RIDGE_SKY)
    painter.fillRect(rect, QBrush(sky))
    back = _crest(rect, ((0.0, 0.35), (0.18, 0.62), (0.3, 0.5), (0.55, 0.9), (0.72, 0.6),
                         (0.86, 0.72), (1.0, 0.4)))
    painter.setPen(QPen(RIDGE_ROCK.darker(150), max(1.0, rect.height() * 0.02)))
    painter.setBrush(RIDGE_ROCK)
    painter.drawPath(back)
    # Sunlit faces: the left flank of each peak, so the crest reads as three-dimensional.
    light = QPainterPath()
    for (x0, y0), (x1, y1) in (((0.18, 0.62), (0.24, 0.2)), ((0.55, 0.9), (0.47, 0.25)),
                               ((0.86, 0.72), (0.8, 0.3))):
        top = QPointF(rect.left() + x0 * rect.width(), rect.bottom() - y0 * rect.height())
        foot = QPointF(rect.left() + x1 * rect.width(), rect.bottom() - y1 * rect.height())
        light.moveTo(top)
        light.lineTo(foot)
        light.lineTo(QPointF(top.x() - rect.width() * 0.09, rect.bottom() - y1 * rect.height()))
        light.closeSubpath()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(RIDGE_LIGHT)
    painter.drawPath(light)
    painter.restore()


def paint_ravine(painter: QPainter, rect: QRectF) -> None:
    """A chasm: grey-blue ground split by a jagged dark crack with steep lit sides."""
    painter.save()
    painter.setClipRect(rect, Qt.ClipOperation.IntersectClip)
    painter.fillRect(rect, RAVINE_GROUND)
    w, h = rect.width(), rect.height()

    def at(fx: float, fy: float) -> QPointF:
        return QPointF(rect.left() + fx * w, rect.top() + fy * h)

    rim = [at(0.0, 0.38), at(0.16, 0.3), at(0.3, 0.42), at(0.46, 0.28), at(0.62, 0.4),
           at(0.8, 0.3), at(1.0, 0.4)]
    lip = [at(1.0, 0.66), at(0.82, 0.74), at(0.64, 0.62), at(0.48, 0.76), at(0.32, 0.64),
           at(0.16, 0.74), at(0.0, 0.64)]
    slope = QPainterPath(rim[0])
    for p in rim[1:] + lip:
        slope.lineTo(p)
    slope.closeSubpath()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(RAVINE_SIDE)
    painter.drawPath(slope)
    crack = QPainterPath(at(0.0, 0.5))
    for fx, fy in ((0.14, 0.45), (0.3, 0.56), (0.46, 0.44), (0.62, 0.55), (0.8, 0.46),
                   (1.0, 0.53), (1.0, 0.57), (0.8, 0.55), (0.62, 0.6), (0.46, 0.53),
                   (0.3, 0.61), (0.14, 0.54), (0.0, 0.58)):
        crack.lineTo(at(fx, fy))
    crack.closeSubpath()
    painter.setBrush(RAVINE_DARK)
    painter.drawPath(crack)
    painter.setPen(QPen(RAVINE_DARK, max(1.0, h * 0.025)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for edge in (rim, lip):
        path = QPainterPath(edge[0])
        for p in edge[1:]:
            path.lineTo(p)
        painter.drawPath(path)
    painter.restore()


def paint_wall(painter: QPainter, rect: QRectF, side: int) -> None:
    """Stone blocks in staggered courses, mortar in the side's colour."""
    painter.save()
    painter.setClipRect(rect, Qt.ClipOperation.IntersectClip)
    mortar = SIDE_COLOURS[side].darker(130)
    painter.fillRect(rect, mortar)
    stone = QColor("#d9d2c3") if side == 0 else QColor("#cfd6df")
    courses = 3
    course_h = rect.height() / courses
    block_w = rect.width() / 3.5
    gap = max(1.0, rect.height() * 0.04)
    painter.setPen(Qt.PenStyle.NoPen)
    for row in range(courses):
        y = rect.top() + row * course_h
        x = rect.left() - (block_w / 2 if row % 2 else 0)
        while x < rect.right():
            block = QRectF(x + gap / 2, y + gap / 2, block_w - gap, course_h - gap)
            shade = stone.darker(100 + (row * 7 + int(x)) % 12)
            painter.setBrush(shade)
            painter.drawRoundedRect(block, gap, gap)
            x += block_w
    painter.restore()

