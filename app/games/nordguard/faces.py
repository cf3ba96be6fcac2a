"""Nordguard's cards as the table paints them, legible at every zoom.

A card shows what a player checks at a glance, most important first, and leaves
out what does not fit at the print size the zoom allows (lettering.Print): a
location always shows its name and its challenges, then what lies on it (a
permanent event, a scout's dice), then its notes; an item its name, what it does
and its uses left; an event its name and its text. The tooltip keeps the whole
card. Card backs carry no print at all: their colour and emblem tell them apart.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap

from app.board.cards import CardLook
from app.games.nordguard.lettering import Print, metrics, wrap, write, write_lines, zoom_of
from app.games.nordguard.looks import BLUE_BACK, LocationFace

INK = QColor("#1d1b20")
SOFT_INK = QColor("#3d3b33")
PAPER = QColor("#fbf8f1")
EDGE = QColor("#3a3a3a")
NOTE_FILL = QColor("#fff3c4")
OBSTACLE_FILL = QColor("#5a3d6b")
WHITE = QColor("#ffffff")
PAD = 4.0

# Design sizes (lettering): what each kind of print is at zoom 1.
NAME, CHALLENGE, SMALL, TITLE, BODY, BADGE = 15.0, 19.0, 12.0, 13.0, 12.0, 12.0


def rounded(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


def radius_of(rect: QRectF) -> float:
    return min(rect.width(), rect.height()) * 0.08


def ink_on(fill: QColor) -> QColor:
    return WHITE if fill.lightnessF() < 0.55 else INK


def _band(painter: QPainter, rect: QRectF, height: float, colour: QColor) -> QRectF:
    band = QRectF(rect.left(), rect.top(), rect.width(), height)
    painter.save()
    painter.setClipPath(rounded(rect, radius_of(rect)))
    painter.fillRect(band, colour)
    painter.restore()
    return band


def _glow(painter: QPainter, rect: QRectF, glow: QColor | None) -> None:
    if glow is not None:
        painter.setPen(QPen(glow, 5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        r = radius_of(rect) + 3
        painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), r, r)


# -- backs ------------------------------------------------------------------------------

def paint_back(painter: QPainter, rect: QRectF, colour: str, glow: QColor | None = None,
               plain: bool = False) -> None:
    """A card back: its colour, a fine lattice and a compass-star emblem (`plain`: the
    colour alone, for the cards under a pile's top, of which only an edge shows).

    The lattice is drawn once per size, colour and zoom and then copied: a map of 47
    backs redrawn at a new zoom costs one back and 47 copies, not 47 lattices.
    """
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    _glow(painter, rect, glow)
    if plain:
        r = radius_of(rect)
        painter.setPen(QPen(EDGE, 1.2))
        painter.setBrush(QColor(colour))
        painter.drawRoundedRect(rect, r, r)
        return
    scale = max(0.05, round(zoom_of(painter), 3))
    ratio = painter.device().devicePixelRatio() if painter.device() is not None else 1.0
    picture = _back_picture(rect.width(), rect.height(), colour, scale * ratio)
    painter.drawPixmap(rect, picture, QRectF(picture.rect()))


@lru_cache(maxsize=24)
def _back_picture(width: float, height: float, colour: str, scale: float) -> QPixmap:
    """A back of this size and colour, drawn at `scale` device pixels per scene unit."""
    picture = QPixmap(max(1, round(width * scale)), max(1, round(height * scale)))
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(picture.width() / width, picture.height() / height)
    rect = QRectF(0.6, 0.6, width - 1.2, height - 1.2)
    fill = QColor(colour)
    r = radius_of(rect)
    painter.setPen(QPen(EDGE, 1.2))
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, r, r)
    inner = rect.adjusted(5, 5, -5, -5)
    painter.translate(inner.topLeft())
    painter.setPen(QPen(fill.lighter(128), 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(_lattice(inner.width(), inner.height(), r * 0.6))
    painter.setPen(QPen(fill.lighter(150), 1))
    painter.drawRoundedRect(QRectF(0, 0, inner.width(), inner.height()), r * 0.6, r * 0.6)
    size = min(rect.width(), rect.height()) * 0.24
    painter.translate(inner.width() / 2, inner.height() / 2)
    painter.setPen(QPen(fill.darker(140), 1))
    painter.setBrush(fill.darker(125))
    painter.drawEllipse(QPointF(0, 0), size * 0.62, size * 0.62)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#f4efe2"))
    painter.drawPath(_star(size))
    painter.end()
    return picture


@lru_cache(maxsize=32)
def _lattice(width: float, height: float, radius: float) -> QPainterPath:
    """Diagonal lines across a back, clipped to its inner frame (built once per size)."""
    lines = QPainterPath()
    x, step = -height, 11.0
    while x < width:
        lines.moveTo(QPointF(x, height))
        lines.lineTo(QPointF(x + height, 0))
        lines.moveTo(QPointF(x, 0))
        lines.lineTo(QPointF(x + height, height))
        x += step
    frame = QPainterPath()
    frame.addRoundedRect(QRectF(0, 0, width, height), radius, radius)
    return _clipped(lines, frame)


def _clipped(lines: QPainterPath, frame: QPainterPath) -> QPainterPath:
    """`lines` cut to `frame`, segment by segment (QPainterPath.intersected fills shapes,
    which would close the lines into areas)."""
    out = QPainterPath()
    box = frame.boundingRect()
    for i in range(0, lines.elementCount() - 1, 2):
        a, b = lines.elementAt(i), lines.elementAt(i + 1)
        start, end = _cut(QPointF(a.x, a.y), QPointF(b.x, b.y), box)
        if start is not None and end is not None:
            out.moveTo(start)
            out.lineTo(end)
    return out


def _cut(a: QPointF, b: QPointF, box: QRectF) -> tuple[QPointF | None, QPointF | None]:
    """The part of segment a-b inside `box` (Liang-Barsky)."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    low, high = 0.0, 1.0
    for p, q in ((-dx, a.x() - box.left()), (dx, box.right() - a.x()),
                 (-dy, a.y() - box.top()), (dy, box.bottom() - a.y())):
        if p == 0:
            if q < 0:
                return None, None
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
    if low > high:
        return None, None
    return QPointF(a.x() + low * dx, a.y() + low * dy), QPointF(a.x() + high * dx,
                                                                a.y() + high * dy)


@lru_cache(maxsize=32)
def _star(size: float) -> QPainterPath:
    """A four-pointed compass star around (0, 0), the team's mark on every back."""
    star = QPainterPath()
    rays = ((0, -1), (0.7, -0.7), (1, 0), (0.7, 0.7), (0, 1), (-0.7, 0.7), (-1, 0),
            (-0.7, -0.7))
    for i, (x, y) in enumerate(rays):
        length = size * (0.55 if i % 2 == 0 else 0.16)
        point = QPointF(x * length, y * length)
        if i == 0:
            star.moveTo(point)
        else:
            star.lineTo(point)
    star.closeSubpath()
    return star


# -- item, event and character faces ------------------------------------------------------

def paint_face(painter: QPainter, look: CardLook, rect: QRectF, pr: Print,
               glow: QColor | None = None) -> None:
    """A card with a title band, rules lines and a corner badge (uses left)."""
    if look.title is None:
        paint_back(painter, rect, look.back_colour or "#4b5a3c", glow)
        return
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    _glow(painter, rect, glow)
    r = radius_of(rect)
    painter.setPen(QPen(EDGE, 1.2))
    painter.setBrush(PAPER)
    painter.drawRoundedRect(rect, r, r)
    colour = QColor(look.face_colour or "#6d5d4b")
    title = f"{look.symbol} {look.title}".strip()
    title_font = pr.font(TITLE, bold=True)
    line = pr.line(TITLE)
    if line + PAD > rect.height() * 0.6:
        _band(painter, rect, rect.height() * 0.3, colour)  # too far out for any print
        return
    rows = 2 if 2 * line + PAD <= rect.height() * 0.45 else 1
    titles = wrap(title_font, title, rect.width() - 2 * PAD, rows)
    band = _band(painter, rect, len(titles) * line + PAD, colour)
    painter.setPen(ink_on(colour))
    write_lines(painter, title_font, band.adjusted(PAD, PAD / 2, -PAD, 0), title, len(titles))
    bottom = rect.bottom() - PAD
    if look.badge:
        bottom = _paint_badge(painter, look.badge, rect, band.bottom(), pr, colour)
    body_font = pr.font(BODY * max(1.0, look.body_scale * 0.85))
    step = body_font.pixelSize() * 1.22
    y = band.bottom() + 2
    painter.setPen(INK)
    for text in look.body:
        room = int((bottom - y) // step)
        if room <= 0:
            break
        y += write_lines(painter, body_font, QRectF(rect.left() + PAD, y,
                                                    rect.width() - 2 * PAD, bottom - y),
                         text, room, Qt.AlignmentFlag.AlignLeft)


def _paint_badge(painter: QPainter, text: str, rect: QRectF, top: float, pr: Print,
                 colour: QColor) -> float:
    """The corner badge (uses left) if it fits below `top`; the bottom left for the body."""
    font = pr.font(BADGE, bold=True)
    height = pr.line(BADGE) + 2
    width = min(rect.width() - 2 * PAD, metrics(font).horizontalAdvance(text) + 12)
    if rect.bottom() - PAD - height < top + 2:
        return rect.bottom() - PAD
    box = QRectF(rect.right() - width - PAD, rect.bottom() - height - PAD, width, height)
    painter.setPen(QPen(colour.darker(140), 1))
    painter.setBrush(NOTE_FILL)
    painter.drawRoundedRect(box, height / 2, height / 2)
    painter.setPen(INK)
    write(painter, font, box, text)
    return box.top() - 1


# -- locations ----------------------------------------------------------------------------

def paint_location(painter: QPainter, face: LocationFace, rect: QRectF, pr: Print,
                   foot: float = 0.0) -> None:
    """A face-up location: name band, challenges large, then what lies on it, then notes,
    all above `foot` (where the sled stands on the team's own location)."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    r = radius_of(rect)
    painter.setPen(QPen(QColor(BLUE_BACK), 5) if face.blue else QPen(EDGE, 1.2))
    painter.setBrush(PAPER)
    painter.drawRoundedRect(rect, r, r)
    colour = QColor(face.colour)
    line = pr.line(NAME)
    if line + PAD > rect.height() * 0.55:
        _band(painter, rect, rect.height() * 0.3, colour)  # too far out for any print
        return
    name = ("★ " if face.waypoint else "") + face.name
    name_font = pr.font(NAME, bold=True)
    main_h, sub_h = pr.line(CHALLENGE), pr.line(SMALL)
    # A name too long for one line takes two when the challenges still fit below it.
    too_long = metrics(name_font).horizontalAdvance(name) > rect.width() - 2 * PAD
    rows = 2 if too_long and 2 * line + PAD + len(face.lines) * main_h <= rect.height() else 1
    names = wrap(name_font, name, rect.width() - 2 * PAD, rows)
    band = _band(painter, rect, len(names) * line + PAD, colour)
    painter.setPen(WHITE)
    write_lines(painter, name_font, band.adjusted(PAD, PAD / 2, -PAD, 0), name, len(names))
    inner = rect.adjusted(PAD, 0, -PAD, -PAD - foot)
    y = band.bottom() + 1
    main_font, sub_font = pr.font(CHALLENGE, bold=True), pr.font(SMALL)
    lying = _lying_height(face, pr)  # what lies on the card comes before small print
    two_rows = y + len(face.lines) * (main_h + sub_h) + lying <= inner.bottom()
    for main, sub in face.lines:
        if y + main_h > inner.bottom() + 1:
            break
        box = QRectF(inner.left(), y, inner.width(), main_h)
        if two_rows:
            painter.setPen(INK)
            write(painter, main_font, box, main)
            painter.setPen(SOFT_INK)
            write(painter, sub_font, QRectF(inner.left(), y + main_h - 2, inner.width(), sub_h),
                  sub)
            y += main_h + sub_h - 2
        else:
            _write_pair(painter, box, main, main_font, sub, sub_font)
            y += main_h
    bottom = _paint_lying(painter, face, inner, y, pr)
    painter.setPen(SOFT_INK)
    for note in face.notes:
        room = int((bottom - y) // sub_h)
        if room <= 0:
            break
        y += write_lines(painter, sub_font, QRectF(inner.left(), y, inner.width(), bottom - y),
                         note, room)


def _write_pair(painter: QPainter, box: QRectF, main: str, main_font: QFont, sub: str,
                sub_font: QFont) -> None:
    """'2d6 ≥ 8' bold and 'on ice' after it on one line, or the bold part alone."""
    gap = 6.0
    first = metrics(main_font).horizontalAdvance(main)
    second = metrics(sub_font).horizontalAdvance(sub)
    painter.setPen(INK)
    if first + gap + second > box.width():
        write(painter, main_font, box, main)
        return
    left = box.left() + (box.width() - first - gap - second) / 2
    write(painter, main_font, QRectF(left, box.top(), first + 1, box.height()), main,
          Qt.AlignmentFlag.AlignLeft)
    painter.setPen(SOFT_INK)
    write(painter, sub_font, QRectF(left + first + gap, box.top(), second + 1, box.height()),
          sub, Qt.AlignmentFlag.AlignLeft)


def _lying_height(face: LocationFace, pr: Print) -> float:
    """The height of what lies on a location at its most compact: a line per permanent
    event, one for a scout's dice."""
    line = pr.line(SMALL)
    return len(face.obstacles) * (line + 6) + (line + 4 if face.scouted else 0)


def _paint_lying(painter: QPainter, face: LocationFace, inner: QRectF, top: float,
                 pr: Print) -> float:
    """Permanent events and a scout's dice, from the foot of the card up, while they fit
    below `top` (two lines to an event when there is room to spare); the top of what
    was drawn, where notes must stop."""
    bottom = inner.bottom()
    small = pr.font(SMALL, bold=True)
    line = pr.line(SMALL)
    roomy = bottom - top >= _lying_height(face, pr) + len(face.obstacles) * line + line
    for obstacle in reversed(face.obstacles):
        tail = obstacle.line + (f" · {obstacle.scouted}" if obstacle.scouted else "")
        height = (2 * line if roomy else line) + 4
        if bottom - height < top:
            return bottom
        strip = QRectF(inner.left(), bottom - height, inner.width(), height)
        painter.setPen(QPen(OBSTACLE_FILL.darker(150), 1))
        painter.setBrush(OBSTACLE_FILL)
        painter.drawRoundedRect(strip, 5, 5)
        painter.setPen(WHITE)
        # Short of room the event's challenge says more than its name (the tooltip has it).
        texts = [f"⚠ {obstacle.name}", tail] if roomy else [f"⚠ {tail}"]
        for i, text in enumerate(texts):
            write(painter, small, QRectF(strip.left() + 3, strip.top() + 2 + i * line,
                                         strip.width() - 6, line), text)
        bottom = strip.top() - 2
    if face.scouted:
        height = line + 2
        if bottom - height < top:
            return bottom
        pill = QRectF(inner.left() + 2, bottom - height, inner.width() - 4, height)
        painter.setPen(QPen(QColor("#a08a3a"), 1))
        painter.setBrush(NOTE_FILL)
        painter.drawRoundedRect(pill, height / 2, height / 2)
        painter.setPen(INK)
        text = f"Scouted {face.scouted}"
        if metrics(small).horizontalAdvance(text) > pill.width() - 8:
            text = "Scouted " + "; ".join(part.rpartition("= ")[2]
                                          for part in face.scouted.split("; "))
        write(painter, small, pill, text)
        bottom = pill.top() - 2
    return bottom
