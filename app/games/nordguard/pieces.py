"""The pieces of Nordguard's table: location cards, the sled, the countdown, the event.

Each item only paints what the scene hands it; none of them reads the state.
Sizes are in scene units chosen so a location's challenge stays readable when
a 4x4 map is fitted into the window. Cards are cached as device pixmaps: a 7x7
map of card backs with their lattice costs ~15 ms to paint, the cached one ~4 ms,
and cards change only when the state does.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board.cards import FACE, CardLook, paint_look
from app.board.items import GLOW_HOVER, CardItem
from app.board.topology import Z_PIECE
from app.games.nordguard.looks import BLUE_BACK, LocationFace

CARD_SIZE = (132.0, 180.0)
SLED_SIZE = (84.0, 30.0)
EVENT_SIZE = (180.0, 246.0)
PILE_SIZE = (96.0, 132.0)
PILE_LABEL_H = 22.0
INK = QColor("#1d1b20")
NOTE_FILL = QColor("#fff3c4")
OBSTACLE_FILL = QColor("#5a3d6b")
HERE = QColor("#f4efe2")  # the rim of the location the team stands on
CLICK_DISTANCE = 6.0  # a press that moves less than this is a click, not a pan


def font(pixels: float, bold: bool = False, italic: bool = False) -> QFont:
    f = QFont("DejaVu Sans", 1)
    f.setPixelSize(max(6, round(pixels)))
    f.setBold(bold)
    f.setItalic(italic)
    return f


def _lod(painter: QPainter) -> float:
    return QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())


def _rounded(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


class LocationCard(QGraphicsItem):
    """A location card on its cell: face up with its challenges, or its back.

    A press is taken only when a click would mean something (scouting), so
    elsewhere the press falls through and the view pans as usual.
    """

    def __init__(self, cell: int) -> None:
        super().__init__()
        self.cell = cell
        self.face: LocationFace | None = None
        self.back_colour = QColor("#5a4634")
        self.back_label = "Location"
        self.clickable = False
        self.here = False  # the team stands on it
        self.on_click: Callable[[LocationCard], None] | None = None
        self._press: QPointF | None = None
        self.setZValue(Z_PIECE - 1)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        w, h = CARD_SIZE
        return QRectF(-w / 2, -h / 2, w, h).adjusted(-8, -8, 8, 8)

    def card_rect(self) -> QRectF:
        w, h = CARD_SIZE
        return QRectF(-w / 2, -h / 2, w, h)

    def set_face(self, face: LocationFace | None, back_colour: str, back_label: str,
                 tooltip: str, clickable: bool, here: bool) -> None:
        if (face, back_colour, back_label, here) != (self.face, self.back_colour.name(),
                                                     self.back_label, self.here):
            self.face = face
            self.back_colour = QColor(back_colour)
            self.back_label = back_label
            self.here = here
            self.update()
        self.clickable = clickable
        self.setCursor(Qt.CursorShape.PointingHandCursor if clickable
                       else Qt.CursorShape.ArrowCursor)
        self.setToolTip(tooltip)

    # -- painting ---------------------------------------------------------------------
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        rect = self.card_rect()
        lod = _lod(painter)
        if self.here:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(HERE, 5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-4, -4, 4, 4), 12, 12)
        if self.face is None:
            paint_look(painter, CardLook(None, back_colour=self.back_colour.name(),
                                         back_label=self.back_label), rect, lod)
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        face = self.face
        radius = 9.0
        edge = QPen(QColor(BLUE_BACK), 5) if face.blue else QPen(QColor("#3a3a3a"), 1.2)
        painter.setPen(edge)
        painter.setBrush(FACE)
        painter.drawRoundedRect(rect, radius, radius)
        if lod < 0.25:
            return
        band = QRectF(rect.left(), rect.top(), rect.width(), 40)
        painter.save()
        painter.setClipPath(_rounded(rect, radius))
        painter.fillRect(band, QColor(face.colour))
        painter.restore()
        painter.setPen(QColor("#ffffff"))
        painter.setFont(font(15, bold=True))
        painter.drawText(band.adjusted(5, 2, -5, -2),
                         Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, face.name)
        y = band.bottom() + 4
        if face.waypoint:
            painter.setPen(QColor("#8a6a12"))
            painter.setFont(font(12, bold=True))
            painter.drawText(QRectF(rect.left(), y, rect.width(), 16),
                             Qt.AlignmentFlag.AlignCenter, "★ Waypoint")
            y += 17
        for main, sub in face.lines:
            painter.setPen(INK)
            painter.setFont(font(20, bold=True))
            painter.drawText(QRectF(rect.left() + 2, y, rect.width() - 4, 25),
                             Qt.AlignmentFlag.AlignCenter, main)
            y += 25
            if sub:
                painter.setPen(QColor("#3d3b33"))
                painter.setFont(font(13))
                painter.drawText(QRectF(rect.left() + 2, y - 2, rect.width() - 4, 17),
                                 Qt.AlignmentFlag.AlignCenter, sub)
                y += 16
        painter.setFont(font(12))
        painter.setPen(QColor("#3d3b33"))
        notes = QRectF(rect.left() + 6, y + 2, rect.width() - 12, rect.bottom() - y - 4)
        painter.drawText(notes, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
                         | Qt.TextFlag.TextWordWrap, "\n".join(face.notes))
        bottom = rect.bottom() - 14  # the sled sits across the foot of the card
        for obstacle in reversed(face.obstacles):
            strip = QRectF(rect.left() + 4, bottom - 34, rect.width() - 8, 34)
            painter.setPen(QPen(OBSTACLE_FILL.darker(150), 1))
            painter.setBrush(OBSTACLE_FILL)
            painter.drawRoundedRect(strip, 5, 5)
            painter.setPen(QColor("#ffffff"))
            line = obstacle.line + (f" · {obstacle.scouted}" if obstacle.scouted else "")
            for i, (text, bold) in enumerate(((f"⚠ {obstacle.name}", True), (line, False))):
                painter.setFont(font(11, bold=bold))
                box = QRectF(strip.left() + 3, strip.top() + 2 + i * 15, strip.width() - 6, 15)
                shown = painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight,
                                                         int(box.width()))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, shown)
            bottom = strip.top() - 3
        if face.scouted:
            pill = QRectF(rect.left() + 6, bottom - 22, rect.width() - 12, 22)
            painter.setPen(QPen(QColor("#a08a3a"), 1))
            painter.setBrush(NOTE_FILL)
            painter.drawRoundedRect(pill, 11, 11)
            painter.setPen(INK)
            painter.setFont(font(12, bold=True))
            painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, f"Scouted {face.scouted}")

    # -- clicks -----------------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or not self.clickable:
            event.ignore()
            return
        self._press = event.scenePos()
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        press, self._press = self._press, None
        if press is None or (event.scenePos() - press).manhattanLength() > CLICK_DISTANCE:
            return
        if self.on_click is not None:
            self.on_click(self)


class SledItem(CardItem):
    """The team's sled: a wooden sled with red runners, carried to attempt a move."""

    def __init__(self) -> None:
        super().__init__("sled", "map", CardLook("Sled"), "")
        self.on_move: Callable[[SledItem], None] | None = None

    def boundingRect(self) -> QRectF:
        w, h = SLED_SIZE
        return QRectF(-w / 2, -h / 2, w, h).adjusted(-6, -6, 6, 6)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = SLED_SIZE
        body = QRectF(-w / 2, -h / 2, w, h * 0.66)
        if self.dragging:
            painter.setPen(QPen(GLOW_HOVER, 5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(body.adjusted(-4, -4, 4, h * 0.34 + 4), 10, 10)
        painter.setPen(QPen(QColor("#ffffff"), 2))
        painter.setBrush(QColor("#b5482a"))
        painter.drawRoundedRect(body, 7, 7)
        runner = QPainterPath()
        y = h / 2 - 3
        runner.moveTo(-w / 2 + 4, y)
        runner.lineTo(w / 2 - 8, y)
        runner.quadTo(w / 2 + 2, y, w / 2 + 2, y - 10)
        pen = QPen(QColor("#f4efe2"), 3.5)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(runner)
        painter.setPen(QColor("#ffffff"))
        painter.setFont(font(14, bold=True))
        painter.drawText(body, Qt.AlignmentFlag.AlignCenter, "SLED")

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseMoveEvent(event)
        if self.dragging and self.on_move is not None:
            self.on_move(self)


class CountdownItem(QGraphicsItem):
    """The Countdown card with its clip: the days left, big, and the clip on the track."""

    def __init__(self) -> None:
        super().__init__()
        self.days = 0
        self.start = 0
        self.setZValue(Z_PIECE)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        w, h = CARD_SIZE
        return QRectF(0, 0, w, h).adjusted(-2, -2, 2, 2)

    def set_days(self, days: int, start: int, tooltip: str) -> None:
        if (days, start) != (self.days, self.start):
            self.days, self.start = days, start
            self.update()
        self.setToolTip(tooltip)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = CARD_SIZE
        rect = QRectF(0, 0, w, h)
        painter.setPen(QPen(QColor("#3a3a3a"), 1.2))
        painter.setBrush(QColor("#e9eef2"))
        painter.drawRoundedRect(rect, 9, 9)
        band = QRectF(0, 0, w, 28)
        painter.save()
        painter.setClipPath(_rounded(rect, 9))
        painter.fillRect(band, QColor("#23313a"))
        painter.restore()
        painter.setPen(QColor("#ffffff"))
        painter.setFont(font(14, bold=True))
        painter.drawText(band, Qt.AlignmentFlag.AlignCenter, "COUNTDOWN")
        urgent = self.days <= 2
        painter.setPen(QColor("#b3261e") if urgent else INK)
        painter.setFont(font(46, bold=True))
        painter.drawText(QRectF(0, 26, w, 54), Qt.AlignmentFlag.AlignCenter, str(self.days))
        painter.setFont(font(13, bold=True))
        word = {0: "time is up", 1: "day left"}.get(self.days, "days left")
        painter.drawText(QRectF(0, 78, w, 18), Qt.AlignmentFlag.AlignCenter, word)
        top = max(self.start, self.days, 1)
        cols = 6
        rows = (top + cols - 1) // cols
        cell_w = (w - 12) / cols
        cell_h = min(16.0, (h - 104) / max(rows, 1))
        painter.setFont(font(min(11, cell_h - 2)))
        for n in range(1, top + 1):
            r, k = divmod(n - 1, cols)
            box = QRectF(6 + k * cell_w, 100 + r * cell_h, cell_w, cell_h)
            if n == self.days:
                painter.setPen(QPen(QColor("#1d1b20"), 1.5))
                painter.setBrush(QColor("#ffffff"))
                painter.drawRoundedRect(box.adjusted(0, 0, 0, 0), 4, 4)
            painter.setPen(INK if n <= self.days else QColor("#9aa3aa"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(n))


class EventItem(QGraphicsItem):
    """The event being resolved, face up and large; an empty frame when there is none.

    A combat check under way is written across its foot, whether an event or a
    location called for it.
    """

    def __init__(self) -> None:
        super().__init__()
        self.look: CardLook | None = None
        self.banner = ""
        self.setZValue(Z_PIECE)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        w, h = EVENT_SIZE
        return QRectF(0, 0, w, h).adjusted(-4, -4, 4, 4)

    def show_event(self, look: CardLook | None, banner: str, tooltip: str) -> None:
        if (look, banner) != (self.look, self.banner):
            self.look, self.banner = look, banner
            self.update()
        self.setToolTip(tooltip)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = EVENT_SIZE
        rect = QRectF(0, 0, w, h)
        if self.look is None:
            painter.setPen(QPen(QColor(255, 255, 255, 110), 1.5, Qt.PenStyle.DashLine))
            painter.setBrush(QColor(0, 0, 0, 40))
            painter.drawRoundedRect(rect, 10, 10)
            painter.setPen(QColor("#c9d1cc"))
            painter.setFont(font(14))
            painter.drawText(rect.adjusted(12, 12, -12, -12),
                             Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                             "Event\n\nDrawn face up here when the team enters a location")
        else:
            paint_look(painter, self.look, rect, _lod(painter), GLOW_HOVER)
        if self.banner:
            strip = QRectF(6, h - 50, w - 12, 44)
            painter.setPen(QPen(QColor("#5c1a1a"), 1.5))
            painter.setBrush(QColor("#8c2f2f"))
            painter.drawRoundedRect(strip, 7, 7)
            painter.setPen(QColor("#ffffff"))
            painter.setFont(font(14, bold=True))
            painter.drawText(strip.adjusted(4, 2, -4, -2),
                             Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                             self.banner)


class PileCard(QGraphicsItem):
    """A pile beside the map: its top card (or back), how many cards, and its name."""

    def __init__(self, zone: str, label: str, back: CardLook) -> None:
        super().__init__()
        self.zone = zone
        self.label = label
        self.back = back  # drawn under the top card: the pile has depth
        self.count = 0
        self.top: CardLook | None = None
        self.highlight: QColor | None = None
        self.setZValue(Z_PIECE)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def card_rect(self) -> QRectF:
        return QRectF(0, 0, *PILE_SIZE)

    def boundingRect(self) -> QRectF:
        w, h = PILE_SIZE
        return QRectF(-30, -6, w + 60, h + PILE_LABEL_H + 10)

    def set_contents(self, count: int, top: CardLook | None, tooltip: str) -> None:
        if (count, top) != (self.count, self.top):
            self.count, self.top = count, top
            self.update()
        self.setToolTip(tooltip)

    def set_highlight(self, colour: QColor | None) -> None:
        if colour != self.highlight:
            self.highlight = colour
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.card_rect()
        painter.setPen(QPen(QColor(255, 255, 255, 110), 1.5, Qt.PenStyle.DashLine))
        painter.setBrush(QColor(0, 0, 0, 40))
        painter.drawRoundedRect(rect.adjusted(-4, -4, 4, 4), 9, 9)
        if self.top is not None:
            if self.count > 1:
                for i in (2, 1):
                    painter.save()
                    painter.translate(i * 2.0, i * 2.0)
                    paint_look(painter, self.back, rect, 0.2)
                    painter.restore()
            paint_look(painter, self.top, rect, _lod(painter), self.highlight)
        elif self.highlight is not None:
            painter.setPen(QPen(self.highlight, 5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 9, 9)
        painter.setPen(QColor("#f2efe6"))
        painter.setFont(font(14, bold=True))
        painter.drawText(QRectF(-30, rect.bottom() + 6, rect.width() + 60, PILE_LABEL_H),
                         Qt.AlignmentFlag.AlignHCenter, f"{self.label} · {self.count}")


class ResultBanner(QGraphicsItem):
    """The end of the run, written across the map: success or why it failed."""

    def __init__(self, span: float) -> None:
        super().__init__()
        self.span = span
        self.title = ""
        self.reason = ""
        self.won = False
        self.setZValue(Z_PIECE + 20)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return QRectF(-self.span / 2, -60, self.span, 120)

    def set_result(self, won: bool, title: str, reason: str) -> None:
        self.won, self.title, self.reason = won, title, reason
        self.setVisible(bool(title))
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.boundingRect()
        colour = QColor("#1f5a35") if self.won else QColor("#6e1f1f")
        colour.setAlpha(225)
        painter.setPen(QPen(QColor("#f4efe2"), 3))
        painter.setBrush(colour)
        painter.drawRoundedRect(rect, 16, 16)
        painter.setPen(QColor("#ffffff"))
        painter.setFont(font(34, bold=True))
        painter.drawText(QRectF(rect.left(), rect.top() + 10, rect.width(), 50),
                         Qt.AlignmentFlag.AlignCenter, self.title)
        painter.setFont(font(17))
        painter.drawText(QRectF(rect.left() + 16, rect.top() + 62, rect.width() - 32, 50),
                         Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.reason)
