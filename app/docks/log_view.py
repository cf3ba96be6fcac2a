"""The Rules log's rows, drawn by hand: only the rows in view are laid out and painted.

A QListWidget laid every row out again whenever one was added (a millisecond at eight
thousand rows) and, since the list moved up by the new row, repainted the twenty
rows in view through its delegate (another millisecond): every action paid for the
whole log. Here each row's height is measured once, when the row comes (and again
when the width changes, a batch at a time, newest first); the rows' tops are running
sums of those heights, so the row at a point is a binary search; and the list scrolls
by moving the pixels already drawn, so a row added at the bottom is the only one painted.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import accumulate

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAccessible,
    QColor,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QScrollBar,
    QStyle,
    QStyleOptionFocusRect,
    QStyleOptionSlider,
    QWidget,
)

from app.docks import log_access
from app.docks.row_lines import PAD, RowLines

OVERRIDE = QColor("#9a4d00")  # a referee's override, in the words' place
MEASURED_AT_ONCE = 150  # rows measured in one turn of the event loop (a few ms)

MOVES = (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown,
         Qt.Key.Key_Home, Qt.Key.Key_End)  # the keys that move through the rows

Row = tuple[str, bool]  # a row's words (leading spaces indent it), drawn as an override


class LogView(QAbstractScrollArea):
    """Rows of wrapped words, one of them current; the filter shows the rows holding a
    text. `row_chosen` is the player's doing only (a click, a key): rows made current
    by the program say nothing."""

    row_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._texts: list[str] = []
        self._overrides: list[bool] = []
        self._heights: list[int] = []  # per row, at the width measured for
        self._shown: list[int] = []  # the rows the filter lets through, in order
        self._tops: list[int] = [0]  # per shown row where it starts; the last, the end
        self._needle = ""
        self._current: int | None = None
        self._width = 0  # the width the rows' heights were measured for
        self._stale = 0  # rows below this one still wait to be measured at that width
        self._later = QTimer(self)
        self._later.setInterval(0)
        self._later.timeout.connect(self._measure_some)
        self._lines = RowLines(self.font(), self._margin())
        self._bar = SteadyScrollBar()
        self.setVerticalScrollBar(self._bar)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # Made here rather than asked of Qt: the first viewport() call makes shiboken find
        # the widget's Python class, which builds some 37 of Qt's enum types (~12 ms of
        # the first window).
        viewport = QWidget()
        self.setViewport(viewport)
        viewport.setAutoFillBackground(False)
        # Every pixel is painted here, so Qt may scroll by moving the pixels drawn.
        viewport.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        log_access.install()  # a screen reader finds an item for each row

    # -- the rows --------------------------------------------------------------------
    def count(self) -> int:
        return len(self._texts)

    def text(self, row: int) -> str:
        return self._texts[row]

    def texts(self) -> list[str]:
        """The words of the rows the filter shows."""
        return [self._texts[row] for row in self._shown]

    def add(self, rows: Sequence[Row]) -> None:
        """Append rows: the newest are measured now; of many at once (a log read anew)
        the older ones get a line's height until their turn comes, a batch at a time."""
        start = len(self._texts)
        for text, override in rows:
            self._texts.append(text)
            self._overrides.append(override)
        now = max(start, len(self._texts) - MEASURED_AT_ONCE)
        self._heights.extend([self._line_height()] * (now - start))
        self._heights.extend(self._measure(range(now, len(self._texts))))
        if now > start:
            self._stale = max(self._stale, now)
            self._later.start()
        at = len(self._shown)
        self._shown.extend(row for row in range(start, len(self._texts)) if self._passes(row))
        self._tops.extend(self._sums(self._shown[at:], self._tops[-1]))
        self._grown(at)
        log_access.tell(self, QAccessible.Event.ObjectReorder)

    def rewrite(self, rows: Sequence[tuple[int, Row]]) -> None:
        """Give these rows new words (a seat reads the log anew, the end reveals what was
        hidden); the newest of them are measured now, the others when their turn comes
        (as after a resize)."""
        if not rows:
            return
        for row, (text, override) in rows:
            self._texts[row] = text
            self._overrides[row] = override
        changed = [row for row, _ in rows]
        if len(changed) > MEASURED_AT_ONCE:
            self._stale = max(self._stale, changed[-MEASURED_AT_ONCE - 1] + 1)
            self._later.start()
        now = changed[-MEASURED_AT_ONCE:]
        for row, height in zip(now, self._measure(now), strict=True):
            self._heights[row] = height
        if self._needle:
            self._refilter()
            return
        self._relayout(changed[0])
        for row in changed:
            self._repaint_row(row)  # new words, perhaps at the height they had
        log_access.tell(self, QAccessible.Event.ObjectReorder)  # the items' new names

    def truncate(self, count: int) -> None:
        """Keep the first `count` rows (the later ones were undone)."""
        if count >= len(self._texts):
            return
        del self._texts[count:], self._overrides[count:], self._heights[count:]
        cut = bisect_right(self._shown, count - 1)
        del self._shown[cut:], self._tops[cut + 1:]
        if self._current is not None and self._current >= count:
            self._current = None
        self._update_range()  # which scrolls back by the rows gone, if at the end
        end = self._tops[-1] - self._bar.value()
        if end < self.viewport().height():  # the rows gone were in view: now blank
            self.viewport().update(0, end, self.viewport().width(),
                                   self.viewport().height() - end)
        log_access.tell(self, QAccessible.Event.ObjectReorder)

    def filter(self, needle: str) -> None:
        """Show only the rows holding `needle` (any case); an empty one shows them all."""
        needle = needle.strip().lower()
        if needle != self._needle:
            self._needle = needle
            self._refilter()

    def _passes(self, row: int) -> bool:
        return not self._needle or self._needle in self._texts[row].lower()

    # -- the current row ---------------------------------------------------------------
    def current(self) -> int | None:
        return self._current

    def set_current(self, row: int | None) -> None:
        """Make `row` current (None: none is), brought into view; `row_chosen` is not
        emitted."""
        if row == self._current:
            if row is not None:
                self.ensure_visible(row)
            return
        self._repaint_row(self._current)
        self._current = row
        self._repaint_row(row)
        if row is not None:
            self.setAccessibleDescription(self._texts[row].strip())
            self.ensure_visible(row)
            log_access.tell(self, QAccessible.Event.Focus, row)

    def _choose(self, row: int | None) -> None:
        """The player made `row` current."""
        if row is not None:
            self.set_current(row)
            self.row_chosen.emit(row)

    # -- geometry ------------------------------------------------------------------------
    def row_rect(self, row: int) -> QRect:
        """Where the row is in the viewport (an empty rectangle if the filter hides it)."""
        at = self.place(row)
        if at is None:
            return QRect()
        top = self._tops[at] - self._bar.value()
        return QRect(0, top, self.viewport().width(), self._tops[at + 1] - self._tops[at])

    def row_at(self, point: QPoint) -> int | None:
        """The row under a point of the viewport, if any."""
        y = point.y() + self._bar.value()
        at = bisect_right(self._tops, y) - 1
        return self._shown[at] if 0 <= at < len(self._shown) and y >= 0 else None

    def ensure_visible(self, row: int) -> None:
        at = self.place(row)
        if at is None:
            return
        top, bottom = self._tops[at], self._tops[at + 1]
        if top < self._bar.value():
            self._bar.setValue(top)
        elif bottom > self._bar.value() + self.viewport().height():
            self._bar.setValue(min(top, bottom - self.viewport().height()))

    def scroll_to_bottom(self) -> None:
        self._bar.setValue(self._bar.maximum())

    def shown_rows(self) -> list[int]:
        """The rows the filter lets through, in order (the view's own list: read it only)."""
        return self._shown

    def place(self, row: int | None) -> int | None:
        """The row's place among the shown rows, or None if it is not shown."""
        if row is None:
            return None
        at = bisect_right(self._shown, row) - 1
        return at if at >= 0 and self._shown[at] == row else None

    def _grown(self, at: int) -> None:
        """Rows were shown from place `at` on: repaint them if they are in view (the list
        that follows its newest row scrolls to them instead, painting just those)."""
        self._update_range()  # which may scroll, to follow the newest row
        top = self._tops[at] - self._bar.value()
        if top < self.viewport().height():
            self.viewport().update(0, top, self.viewport().width(), self._tops[-1] - top)

    def _relayout(self, first: int) -> None:
        """Heights changed from row `first` on: the tops after it move. The row at the
        top of the view stays there (unless the view is at the end, which follows);
        the view is repainted if a row in it moved or changed height, or if the list
        scrolled: a scroll moves the pixels drawn, and rows whose heights changed above
        the view (a batch measured at a new width) shift the end by the same amount as
        the rows in it, so those pixels would show rows twice."""
        bar = self._bar
        in_view, value = self._in_view(), bar.value()
        anchor = self.row_at(QPoint(0, 0))
        shift = 0 if anchor is None else bar.value() - self._tops[self.place(anchor)]
        at = bisect_right(self._shown, first - 1)
        self._tops[at + 1:] = self._sums(self._shown[at:], self._tops[at])
        at_end = bar.value() >= bar.maximum()
        self._update_range()
        if not at_end and anchor is not None:
            bar.setValue(self._tops[self.place(anchor)] + shift)
        if bar.value() != value or self._in_view() != in_view:
            self.viewport().update()

    def _in_view(self) -> list[tuple[int, int, int]]:
        """The rows in view, each with where it starts and ends in the viewport."""
        offset, height = self._bar.value(), self.viewport().height()
        at = max(0, bisect_right(self._tops, offset) - 1)
        end = bisect_right(self._tops, offset + height)
        return [(self._shown[place], self._tops[place] - offset, self._tops[place + 1] - offset)
                for place in range(at, min(end, len(self._shown)))]

    def _refilter(self) -> None:
        self._shown = [row for row in range(len(self._texts)) if self._passes(row)]
        self._tops = [0, *self._sums(self._shown, 0)]
        self._update_range()
        self.viewport().update()
        if self._current is not None:
            self.ensure_visible(self._current)
        log_access.tell(self, QAccessible.Event.ObjectReorder)

    def _sums(self, rows: list[int], start: int) -> list[int]:
        """Where each of these shown rows ends, the first starting at `start`."""
        return list(accumulate(map(self._heights.__getitem__, rows), initial=start))[1:]

    def _update_range(self) -> None:
        bar, height = self._bar, self.viewport().height()
        with bar.held():  # and the value that may follow the range (LogDock)
            bar.setPageStep(height)
            bar.setSingleStep(self._line_height())
            bar.setRange(0, max(0, self._tops[-1] - height))

    # -- measuring ----------------------------------------------------------------------
    def _line_height(self) -> int:
        return self._lines.line_height()

    def _margin(self) -> int:
        return self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self) + 1

    def _measure(self, rows: Iterable[int]) -> list[int]:
        width = self._wrap_width()
        lines, texts = self._lines.lines, self._texts
        return [lines(texts[row], width)[2] for row in rows]

    def _wrap_width(self) -> int:
        return self._width or self.viewport().width()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_range()
        self._remeasure()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._lines.use(self.font(), self._margin())
            self._width = 0
            self._remeasure()

    def _remeasure(self) -> None:
        """The width changed: measure every row again, newest first (those are in view),
        a batch at a time so that a long log never holds the window up (a row keeps its
        older height until then)."""
        width = self.viewport().width()
        if width != self._width:
            self._width = width
            self._stale = len(self._texts)
            self._later.start()

    def _measure_some(self) -> None:
        end = min(self._stale, len(self._texts))  # rows may have gone since (an undo)
        self._stale = max(0, end - MEASURED_AT_ONCE)
        if not self._stale:
            self._later.stop()
        if end > self._stale:
            self._heights[self._stale:end] = self._measure(range(self._stale, end))
            self._relayout(self._stale)

    # -- painting -----------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        viewport = self.viewport()
        painter = QPainter(viewport)
        area = event.rect()
        offset = self._bar.value()
        width = viewport.width()
        palette = self.palette()  # in the colours of the window's state: active or not
        at = max(0, bisect_right(self._tops, area.top() + offset) - 1)
        bottom = area.bottom() + offset
        while at < len(self._shown) and self._tops[at] <= bottom:
            row = self._shown[at]
            rect = QRect(0, self._tops[at] - offset, width, self._tops[at + 1] - self._tops[at])
            self._paint_row(painter, palette, row, rect, alternate=bool(at & 1))
            at += 1
        end = self._tops[-1] - offset
        if end <= area.bottom():
            painter.fillRect(QRect(0, end, width, area.bottom() + 1 - end), palette.base())
        painter.end()

    def _paint_row(self, painter: QPainter, palette: QPalette, row: int, rect: QRect,
                   alternate: bool) -> None:
        selected = row == self._current
        if selected:
            ground, ink = palette.highlight(), palette.highlightedText().color()
        else:
            ground = palette.alternateBase() if alternate else palette.base()
            ink = OVERRIDE if self._overrides[row] else palette.text().color()
        painter.fillRect(rect, ground)
        layout, indent, _height = self._lines.lines(self._texts[row], rect.width())
        painter.setPen(ink)
        layout.draw(painter, QPointF(rect.left() + indent, rect.top() + PAD))
        if selected and self.hasFocus():
            option = QStyleOptionFocusRect()
            option.initFrom(self)  # shown as the style shows focus (some after keys only)
            option.rect = rect
            option.state |= QStyle.StateFlag.State_Selected
            option.backgroundColor = ground.color()
            self.style().drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, option,
                                       painter, self)

    def _repaint_row(self, row: int | None) -> None:
        rect = QRect() if row is None else self.row_rect(row)
        if not rect.isEmpty():
            self.viewport().update(rect)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self.viewport().scroll(dx, dy)  # the pixels drawn move; only what comes in is painted

    # -- the player ---------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self._choose(self.row_at(event.position().toPoint()))
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """A drag with the button held goes through the rows, as in any list."""
        if not event.buttons() & Qt.MouseButton.LeftButton:
            super().mouseMoveEvent(event)
            return
        row = self.row_at(event.position().toPoint())
        if row is not None and row != self._current:
            self._choose(row)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() not in MOVES:
            super().keyPressEvent(event)
            return
        target = self._moved_to(event.key())
        if target is not None and target != self._current:
            self._choose(target)

    def _moved_to(self, key: int) -> int | None:
        """The row a key moves to among the shown rows (the newest, from none)."""
        if not self._shown:
            return None
        last = len(self._shown) - 1
        at = self.place(self._current)
        if at is None and self._current is not None:  # the filter hides it
            at = min(last, bisect_right(self._shown, self._current))
        page = self.viewport().height()
        if key == Qt.Key.Key_Home:
            return self._shown[0]
        if key == Qt.Key.Key_End or (at is None and key in MOVES):
            return self._shown[last]
        assert at is not None
        if key == Qt.Key.Key_Up:
            return self._shown[max(0, at - 1)]
        if key == Qt.Key.Key_Down:
            return self._shown[min(last, at + 1)]
        if key == Qt.Key.Key_PageUp:
            return self._shown[max(0, bisect_right(self._tops, self._tops[at] - page) - 1)]
        return self._shown[min(last, bisect_right(self._tops, self._tops[at] + page) - 1)]

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self._repaint_row(self._current)  # its focus frame

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self._repaint_row(self._current)


class SteadyScrollBar(QScrollBar):
    """A scroll bar repainted only when its look changes, and never through the widgets
    beneath it. A log of thousands of rows grows by one without the slider moving a
    pixel, yet each change of range repainted the bar (twice, as the list followed its
    end) and, since a style's bar need not cover its ground, the dock and the window
    under it too."""

    def __init__(self) -> None:
        super().__init__(Qt.Orientation.Vertical)
        self.setAutoFillBackground(True)  # opaque: its ground is its own
        self._painted: tuple[object, ...] = ()  # the look last painted
        self._holding = False

    @contextmanager
    def held(self) -> Iterator[None]:
        """Changes made meanwhile (a range, then the value that follows it) are looked at
        together, at the end."""
        holding, self._holding = self._holding, True
        try:
            yield
        finally:
            self._holding = holding
            if not holding and self._look() != self._painted:
                self.update()

    def sliderChange(self, change: QScrollBar.SliderChange) -> None:
        if not self._holding and self._look() != self._painted:
            super().sliderChange(change)

    def paintEvent(self, event: QPaintEvent) -> None:
        self._painted = self._look()
        super().paintEvent(event)

    def _look(self) -> tuple[object, ...]:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        slider = self.style().subControlRect(QStyle.ComplexControl.CC_ScrollBar, option,
                                             QStyle.SubControl.SC_ScrollBarSlider, self)
        return (slider.getRect(), self.minimum() < self.maximum(), self.value() > self.minimum(),
                self.value() < self.maximum())
