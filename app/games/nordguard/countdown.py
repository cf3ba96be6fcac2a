"""The Countdown card: the days left, the clip on its track, the day and who leads it.

Days won or lost in the middle of a day (an event, an entry cost, a survey) are
shown as they happen, not only in the log: the clip steps along the track a day at
a time and the change flashes across the card ("−2 days"). The day's own day at
its end only steps the clip.
"""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.board.topology import Z_PIECE
from app.games.nordguard.faces import EDGE, INK, SOFT_INK, WHITE, ink_on, radius_of
from app.games.nordguard.lettering import Print, metrics, write
from app.games.nordguard.seats import seat_colour, seat_symbol
from app.glide import Motion

SIZE = (190.0, 270.0)
STEP_MS = 160  # the clip's move from one day to the next
FLASH_MS = 2200  # how long a change stays written across the card, fading
FLASH_Y = 95.0  # across the foot of the big number, which stays readable above it
URGENT = QColor("#b3261e")
LOST, GAINED = QColor("#b3261e"), QColor("#1f6b3a")
MAX_COLUMNS = 7
BAND, NUMBER, WORDS, TRACK = 14.0, 60.0, 14.0, 17.0  # design sizes (lettering)


def change_text(days: int) -> str:
    """'−2 days', '+1 day': a change of the countdown as the card flashes it."""
    sign = "+" if days > 0 else "−"
    return f"{sign}{abs(days)} day{'s' if abs(days) != 1 else ''}"


class FlashItem(QGraphicsItem):
    """A change of the countdown written across the card ("−2 days"), fading away.

    It is its own item, over the card's cached picture, so that fading it repaints a
    pill and not the whole card sixty times a second.
    """

    def __init__(self, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.text = ""
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def boundingRect(self) -> QRectF:
        return QRectF(0, -40, SIZE[0], 80)

    def show_text(self, text: str) -> None:
        self.text = text
        self.setOpacity(1.0)
        self.show()
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pr = Print.of(painter)
        font = pr.font(20, bold=True)
        width = min(SIZE[0] - 8, metrics(font).horizontalAdvance(self.text) + 24)
        height = min(pr.line(20) + 6, 80.0)
        pill = QRectF((SIZE[0] - width) / 2, -height / 2, width, height)
        fill = GAINED if self.text.startswith("+") else LOST
        painter.setPen(QPen(fill.darker(140), 1.5))
        painter.setBrush(fill)
        painter.drawRoundedRect(pill, height / 2, height / 2)
        painter.setPen(WHITE)
        write(painter, font, pill, self.text)


class CountdownItem(QGraphicsItem):
    """The Countdown card. `days` is the countdown; `shown` is where the clip is while it
    steps there; `flash` the change written across the card while it fades."""

    def __init__(self) -> None:
        super().__init__()
        self.days = 0
        self.start = 0
        self.shown = 0
        self.day = 0
        self.leader: tuple[str, int] | None = None  # the day's leader: name, seat
        self.steps = Motion(self)  # the clip stepping to the new count
        self.fade = Motion(self)  # the change written across the card, fading
        self.flash_item = FlashItem(self)
        self.flash_item.setPos(0, FLASH_Y)
        self.setZValue(Z_PIECE)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    @property
    def flash(self) -> str:
        return self.flash_item.text if self.flash_item.isVisible() else ""

    @property
    def flash_level(self) -> float:
        return self.flash_item.opacity() if self.flash_item.isVisible() else 0.0

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, *SIZE).adjusted(-2, -2, 2, 2)

    def set_days(self, days: int, start: int, tooltip: str, smoothly: bool = False,
                 change: int = 0) -> None:
        """Put the clip on `days`; `smoothly` steps it there a day at a time, and a
        `change` of days in the middle of a day flashes across the card."""
        self.setToolTip(tooltip)
        if (days, start) == (self.days, self.start) and not change:
            return
        self.days, self.start = days, start
        if smoothly and days != self.shown:
            self.steps.run(self.shown, days, self._step, STEP_MS * min(abs(days - self.shown), 6),
                           QEasingCurve.Type.Linear)
        else:
            self.steps.stop()
            self.shown = days
        if change:
            self._flash(change_text(change))
        self.update()

    def set_day(self, day: int, leader: tuple[str, int] | None) -> None:
        if (day, leader) != (self.day, self.leader):
            self.day, self.leader = day, leader
            self.update()

    def _step(self, value: object) -> None:
        if isinstance(value, int) and value != self.shown:
            self.shown = value
            self.update()

    def _flash(self, text: str) -> None:
        self.flash_item.show_text(text)
        # InQuart: it stays bright, then fades.
        self.fade.run(1.0, 0.0, self._fade, FLASH_MS, QEasingCurve.Type.InQuart,
                      self.flash_item.hide)

    def _fade(self, value: object) -> None:
        self.flash_item.setOpacity(float(value) if isinstance(value, float) else 0.0)

    # -- painting -------------------------------------------------------------------------
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = SIZE
        rect = QRectF(0, 0, w, h)
        r = radius_of(rect)
        pr = Print.of(painter)
        painter.setPen(QPen(EDGE, 1.2))
        painter.setBrush(QColor("#e9eef2"))
        painter.drawRoundedRect(rect, r, r)
        band = QRectF(0, 0, w, pr.line(BAND) + 6)
        painter.save()
        painter.setClipRect(band)
        painter.setBrush(QColor("#23313a"))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawRoundedRect(rect, r, r)
        painter.restore()
        painter.setPen(WHITE)
        write(painter, pr.font(BAND, bold=True), band, "COUNTDOWN")
        y = band.bottom()
        painter.setPen(URGENT if self.shown <= 2 else INK)
        number = QRectF(0, y, w, pr.line(NUMBER))
        write(painter, pr.font(NUMBER, bold=True), number, str(self.shown))
        y = number.bottom() - 4
        word = {0: "time is up", 1: "day left"}.get(self.shown, "days left")
        write(painter, pr.font(WORDS, bold=True), QRectF(0, y, w, pr.line(WORDS)), word)
        y += pr.line(WORDS) + 2
        y = self._paint_day(painter, pr, y)
        self._paint_track(painter, pr, QRectF(6, y + 4, w - 12, h - y - 10))

    def _paint_day(self, painter: QPainter, pr: Print, y: float) -> float:
        """'Day 5' and the leader's seat chip (colour and symbol) with the name."""
        w = SIZE[0]
        line = pr.line(WORDS)
        if not self.day:
            return y
        painter.setPen(SOFT_INK)
        write(painter, pr.font(WORDS, bold=True), QRectF(4, y, w - 8, line), f"Day {self.day}")
        y += line
        if self.leader is None:
            return y
        name, seat = self.leader
        font = pr.font(WORDS)
        chip_w = line + 2
        text = f"{name} leads"
        if chip_w + 4 + metrics(font).horizontalAdvance(text) > w - 12:
            text = name  # "Major Oleg" whole says more than "Major Oleg le…"
        width = min(w - 12, chip_w + 4 + metrics(font).horizontalAdvance(text))
        left = (w - width) / 2
        colour = QColor(seat_colour(seat))
        chip = QRectF(left, y + 1, chip_w, line - 2)
        painter.setPen(QPen(colour.darker(150), 1))
        painter.setBrush(colour)
        painter.drawRoundedRect(chip, 4, 4)
        painter.setPen(ink_on(colour))
        write(painter, pr.font(WORDS, bold=True), chip, seat_symbol(seat))
        painter.setPen(INK)
        write(painter, font, QRectF(chip.right() + 4, y, width - chip_w - 4, line), text,
              Qt.AlignmentFlag.AlignLeft)
        return y + line

    def _paint_track(self, painter: QPainter, pr: Print, area: QRectF) -> None:
        """The days printed along the card's foot, the clip on the one the countdown is at;
        numbers when they fit at the small print, plain marks otherwise."""
        top = max(self.start, self.shown, 1)
        font = pr.font(TRACK, bold=True)
        widest = metrics(font).horizontalAdvance("00") + 4
        columns = max(1, min(MAX_COLUMNS, int(area.width() // widest)))
        rows = (top + columns - 1) // columns
        cell_w = area.width() / columns
        cell_h = min(pr.line(TRACK) + 2, area.height() / max(rows, 1))
        numbers = pr.fits(TRACK, cell_h) and widest <= cell_w
        if not numbers:  # marks only: as many to a row as the card is wide for
            columns = MAX_COLUMNS
            rows = (top + columns - 1) // columns
            cell_w = area.width() / columns
            cell_h = min(pr.line(TRACK) + 2, area.height() / max(rows, 1))
        area.setTop(area.bottom() - rows * cell_h)  # the track runs along the card's foot
        for n in range(1, top + 1):
            row, col = divmod(n - 1, columns)
            box = QRectF(area.left() + col * cell_w, area.top() + row * cell_h, cell_w, cell_h)
            if n == self.shown:
                painter.setPen(QPen(INK, 1.5))
                painter.setBrush(WHITE)
                painter.drawRoundedRect(box.adjusted(1, 1, -1, -1), 4, 4)
            painter.setPen(INK if n <= self.shown else QColor("#9aa3aa"))
            if numbers:
                write(painter, font, box, str(n))
            else:
                painter.setBrush(painter.pen().color())
                painter.drawEllipse(box.center(), 2.5, 2.5)
