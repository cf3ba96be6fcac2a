"""The pieces of Nordguard's table: location cards, the sled, the event, piles, items.

Each item only paints what the scene hands it; none of them reads the state. Sizes
are scene units, chosen so a 7x7 map with its piles beside it fits a 1366x768
window with every print at least the small-print size (lettering): location cards
lie landscape, which suits a wide screen, and print that would fall below the small
print at the zoom of the moment is left out rather than shrunk (faces). Cards are
cached as device pixmaps: a 7x7 map of card backs costs ~15 ms to paint, the
cached one ~4 ms, and cards change only when the state does. A location card is
painted from the picture of its look (sprites), so a card that looks again as it
did (the sled leaves it, an undo brings it back) costs a copy of pixels.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board import sprites
from app.board.cards import CardLook
from app.board.items import GLOW_HOVER, CardItem
from app.board.topology import Z_PIECE
from app.games.nordguard.faces import EDGE, INK, WHITE, paint_back, paint_face, paint_location
from app.games.nordguard.lettering import Print, metrics, write, write_lines
from app.games.nordguard.looks import LocationFace
from app.glide import GLIDE_MS, Glider

CARD_SIZE = (180.0, 112.0)  # a location, lying landscape
SLED_SIZE = (100.0, 40.0)
SLED_FOOT = 30.0  # the foot of the team's location card that the sled covers
EVENT_SIZE = (350.0, 270.0)
PILE_SIZE = (125.0, 150.0)
ITEM_SIZE = (125.0, 175.0)  # an item lying at the team's location
LABEL = 13.0  # design size of pile labels
HERE = QColor("#f4efe2")  # the rim of the location the team stands on
CLICK_DISTANCE = 6.0  # a press that moves less than this is a click, not a pan
SLIDE_MS = GLIDE_MS + 60  # an event's slide off the deck, a longer way than a step


class LocationCard(QGraphicsItem):
    """A location card on its cell: face up with its challenges, or its back.

    A press is taken only when a click would mean something (scouting), so
    elsewhere the press falls through and the view pans as usual. `key` is what the
    scene last drew it from, so an unchanged card is not rebuilt.
    """

    def __init__(self, cell: int) -> None:
        super().__init__()
        self.cell = cell
        self.face: LocationFace | None = None
        self.back_colour = "#5a4634"
        self.clickable = False
        self.here = False  # the team stands on it
        self.key: object = None
        self.on_click: Callable[[LocationCard], None] | None = None
        self._press: QPointF | None = None
        self.setZValue(Z_PIECE - 1)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self.card_rect().adjusted(-8, -8, 8, 8)

    def card_rect(self) -> QRectF:
        w, h = CARD_SIZE
        return QRectF(-w / 2, -h / 2, w, h)

    def set_face(self, face: LocationFace | None, back_colour: str, tooltip: str,
                 clickable: bool, here: bool) -> None:
        if (face, back_colour, here) != (self.face, self.back_colour, self.here):
            self.face, self.back_colour, self.here = face, back_colour, here
            self.update()
        if clickable != self.clickable:
            self.clickable = clickable
            self.setCursor(Qt.CursorShape.PointingHandCursor if clickable
                           else Qt.CursorShape.ArrowCursor)
        self.setToolTip(tooltip)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        # The print follows the application's font: a new font is a new look.
        look = ("location", self.face, self.back_colour, self.here,
                QGuiApplication.font().key())
        sprites.draw(painter, look, self.boundingRect(), self._paint)

    def _paint(self, painter: QPainter) -> None:
        rect = self.card_rect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.here:
            painter.setPen(QPen(HERE, 5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-4, -4, 4, 4), 12, 12)
        if self.face is None:
            paint_back(painter, rect, self.back_colour)
        else:
            paint_location(painter, self.face, rect, Print.of(painter),
                           SLED_FOOT if self.here else 0.0)

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
        # Its picture kept: a glide or a drag across the map moves it every frame.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        w, h = SLED_SIZE
        return QRectF(-w / 2, -h / 2, w, h).adjusted(-6, -6, 6, 6)

    def move_to(self, spot: QPointF, smoothly: bool) -> None:
        """Go to `spot`, gliding there when the team travelled (not on a jump in time)."""
        if smoothly and self.pos() != spot:
            self.glider.glide(spot)
        else:
            self.glider.stop()
            self.setPos(spot)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = SLED_SIZE
        body = QRectF(-w / 2, -h / 2, w, h * 0.68)
        if self.dragging:
            painter.setPen(QPen(GLOW_HOVER, 5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(body.adjusted(-4, -4, 4, h * 0.32 + 4), 10, 10)
        painter.setPen(QPen(WHITE, 2))
        painter.setBrush(QColor("#b5482a"))
        painter.drawRoundedRect(body, 7, 7)
        runner = QPainterPath()
        y = h / 2 - 3
        runner.moveTo(-w / 2 + 4, y)
        runner.lineTo(w / 2 - 8, y)
        runner.quadTo(w / 2 + 2, y, w / 2 + 2, y - 10)
        pen = QPen(HERE, 3.5)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(runner)
        pr = Print.of(painter)
        if pr.fits(14, body.height()):
            painter.setPen(WHITE)
            write(painter, pr.font(14, bold=True), body, "SLED")

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseMoveEvent(event)
        if self.dragging and self.on_move is not None:
            self.on_move(self)


class LyingItem(CardItem):
    """An item lying at the team's location: drawn large enough to read, carried off the
    board into a Character's panel to pick it up. Its picture is kept: it glides into
    the tray and is carried across the map."""

    def __init__(self, ref: str, zone: str, look: CardLook, tooltip: str) -> None:
        super().__init__(ref, zone, look, tooltip)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self.item_rect().adjusted(-5, -5, 5, 5)

    def item_rect(self) -> QRectF:
        w, h = ITEM_SIZE
        return QRectF(-w / 2, -h / 2, w, h)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        paint_face(painter, self.look, self.item_rect(), Print.of(painter),
                   GLOW_HOVER if self.dragging else None)


class EventItem(QGraphicsItem):
    """The event being resolved, face up and large; an empty frame when there is none.

    A combat check under way is written across its foot, whether an event or a
    location called for it. A newly drawn event slides in from the Event deck.
    """

    def __init__(self) -> None:
        super().__init__()
        self.look: CardLook | None = None
        self.banner = ""
        self.glider = Glider(self)
        self.setZValue(Z_PIECE + 1)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        w, h = EVENT_SIZE
        return QRectF(0, 0, w, h).adjusted(-4, -4, 4, 4)

    def show_event(self, look: CardLook | None, banner: str, tooltip: str) -> bool:
        """Show this event; whether it changed."""
        changed = (look, banner) != (self.look, self.banner)
        if changed:
            self.look, self.banner = look, banner
            self.update()
        self.setToolTip(tooltip)
        return changed

    def slide_in(self, home: QPointF, start: QPointF) -> None:
        """The card comes off the deck at `start` and slides to `home`."""
        self.glider.glide(home, start, SLIDE_MS)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = EVENT_SIZE
        rect = QRectF(0, 0, w, h)
        pr = Print.of(painter)
        if self.look is None:
            painter.setPen(QPen(QColor(255, 255, 255, 110), 1.5, Qt.PenStyle.DashLine))
            painter.setBrush(QColor(0, 0, 0, 40))
            painter.drawRoundedRect(rect, 10, 10)
            painter.setPen(QColor("#c9d1cc"))
            font = pr.font(13)
            text = "Event: drawn face up here when the team enters a location"
            rows = int((h - 24) // pr.line(13))
            write_lines(painter, font, rect.adjusted(14, 14, -14, -14), text, rows)
        else:
            paint_face(painter, self.look, rect, pr)
        if self.banner:
            font = pr.font(14, bold=True)
            rows = 2 if pr.fits(14, h * 0.4, 2) else 1
            height = rows * pr.line(14) + 8
            strip = QRectF(6, h - height - 6, w - 12, height)
            painter.setPen(QPen(QColor("#5c1a1a"), 1.5))
            painter.setBrush(QColor("#8c2f2f"))
            painter.drawRoundedRect(strip, 7, 7)
            painter.setPen(WHITE)
            write_lines(painter, font, strip.adjusted(5, 4, -5, -4), self.banner, rows)


class CountBadge(QGraphicsItem):
    """How many cards a pile holds, on its corner (the item's right end at its origin).

    It is its own item, so that a deck one card lower repaints a pill, not the pile.
    """

    def __init__(self, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.count = 0
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def boundingRect(self) -> QRectF:
        return QRectF(-90, 0, 90, 50)

    def set_count(self, count: int) -> None:
        if count != self.count:
            self.count = count
            self.update()
        self.setVisible(count > 0)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        pr = Print.of(painter)
        if not pr.fits(LABEL, 48):
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = pr.font(LABEL, bold=True)
        text = str(self.count)
        height = pr.line(LABEL) + 2
        width = min(90.0, max(height, metrics(font).horizontalAdvance(text) + 12))
        badge = QRectF(-width, 0, width, height)
        painter.setPen(QPen(EDGE, 1))
        painter.setBrush(QColor("#f4efe2"))
        painter.drawRoundedRect(badge, height / 2, height / 2)
        painter.setPen(INK)
        write(painter, font, badge, text)


class PileCard(QGraphicsItem):
    """A pile beside the map: its top card (or back), how many cards, and its name."""

    def __init__(self, zone: str, label: str, back: str) -> None:
        super().__init__()
        self.zone = zone
        self.label = label
        self.back = back  # the colour drawn under the top card: the pile has depth
        self.count = 0
        self.top: CardLook | None = None
        self.highlight: QColor | None = None
        self.badge = CountBadge(self)
        self.badge.setPos(PILE_SIZE[0] + 6, -6)
        self.setZValue(Z_PIECE)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def card_rect(self) -> QRectF:
        return QRectF(0, 0, *PILE_SIZE)

    def boundingRect(self) -> QRectF:
        w, h = PILE_SIZE
        return QRectF(-20, -6, w + 40, h + 44)

    def set_contents(self, count: int, top: CardLook | None, tooltip: str) -> None:
        """The pile is redrawn when its top card or its depth changes; the count alone
        only redraws the badge."""
        if (min(count, 2), top) != (min(self.count, 2), self.top):
            self.top = top
            self.update()
        self.count = count
        self.badge.set_count(count)
        self.setToolTip(tooltip)

    def set_highlight(self, colour: QColor | None) -> None:
        if colour != self.highlight:
            self.highlight = colour
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.card_rect()
        pr = Print.of(painter)
        painter.setPen(QPen(QColor(255, 255, 255, 110), 1.5, Qt.PenStyle.DashLine))
        painter.setBrush(QColor(0, 0, 0, 40))
        painter.drawRoundedRect(rect.adjusted(-4, -4, 4, 4), 9, 9)
        if self.top is not None:
            for i in (2, 1) if self.count > 1 else ():
                paint_back(painter, rect.translated(i * 2.0, i * 2.0), self.back, plain=True)
            paint_face(painter, self.top, rect, pr, self.highlight)
        elif self.highlight is not None:
            painter.setPen(QPen(self.highlight, 5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 9, 9)
        if pr.fits(LABEL, 36):
            painter.setPen(QColor("#f2efe6"))
            write(painter, pr.font(LABEL, bold=True),
                  QRectF(-20, rect.bottom() + 6, rect.width() + 40, pr.line(LABEL)), self.label)


class TrayItem(QGraphicsItem):
    """Where items lying at the team's location are laid out, large enough to read; a
    card from the Hand dock dropped here is dropped at the location."""

    def __init__(self, zone: str, width: float, height: float) -> None:
        super().__init__()
        self.zone = zone
        self.size = (width, height)
        self.label = "Lying here"
        self.count = 0
        self.highlight: QColor | None = None
        self.setZValue(Z_PIECE - 1)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, *self.size).adjusted(-4, -4, 4, 4)

    def set_contents(self, count: int, tooltip: str) -> None:
        """How many items lie here. The label names no place: a tray that changed with
        every move would repaint its whole area each day (the tooltip and the Hand dock
        name the location)."""
        if count != self.count:
            self.count = count
            self.update()
        self.setToolTip(tooltip)

    def set_highlight(self, colour: QColor | None) -> None:
        if colour != self.highlight:
            self.highlight = colour
            self.update()

    def card_spot(self, index: int, count: int) -> QPointF:
        """Where the `index`-th of `count` lying items goes (centre): a row, fanned
        when it would not fit."""
        w, h = self.size
        iw, ih = ITEM_SIZE
        step = iw + 12 if count < 2 else min(iw + 12, (w - 24 - iw) / (count - 1))
        top = h - ih - 12
        return self.pos() + QPointF(12 + iw / 2 + index * step, top + ih / 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(0, 0, *self.size)
        pen = QPen(self.highlight, 4) if self.highlight is not None else QPen(
            QColor(255, 255, 255, 90), 1.5, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(QColor(0, 0, 0, 40))
        painter.drawRoundedRect(rect, 10, 10)
        pr = Print.of(painter)
        if pr.fits(LABEL, 40):
            painter.setPen(QColor("#f2efe6"))
            write(painter, pr.font(LABEL, bold=True),
                  QRectF(10, 6, rect.width() - 20, pr.line(LABEL)),
                  f"{self.label} · {self.count}", Qt.AlignmentFlag.AlignLeft)
        if not self.count and pr.fits(12, rect.height() / 3):
            painter.setPen(QColor("#c9d1cc"))
            write_lines(painter, pr.font(12), rect.adjusted(14, rect.height() / 3, -14, -14),
                        "Drop an item here to leave it at the team's location", 3)


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
        return QRectF(-self.span / 2, -90, self.span, 180)

    def set_result(self, won: bool, title: str, reason: str) -> None:
        if (won, title, reason) != (self.won, self.title, self.reason):
            self.won, self.title, self.reason = won, title, reason
            self.update()
        self.setVisible(bool(title))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.boundingRect()
        colour = QColor("#1f5a35") if self.won else QColor("#6e1f1f")
        colour.setAlpha(225)
        painter.setPen(QPen(HERE, 3))
        painter.setBrush(colour)
        painter.drawRoundedRect(rect, 16, 16)
        painter.setPen(WHITE)
        pr = Print.of(painter)
        title_h = pr.line(34)
        write(painter, pr.font(34, bold=True),
              QRectF(rect.left() + 16, rect.top() + 10, rect.width() - 32, title_h), self.title)
        room = rect.bottom() - 10 - (rect.top() + 14 + title_h)
        write_lines(painter, pr.font(17), QRectF(rect.left() + 16, rect.top() + 14 + title_h,
                                                 rect.width() - 32, room),
                    self.reason, int(room // pr.line(17)))

