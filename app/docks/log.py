"""The rules log: every event of the match, filterable, each entry a moment to look at.

Each step is numbered once; the further events of the same step follow it,
indented. Clicking an entry, or moving through the list with the arrow keys,
shows the table after that step. The list grows by the new entries only,
because rebuilding ten thousand rows on every action cost a frame and more,
and each row's height is worked out once (LogList).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from app.docks.row_pictures import RowPictures
from engine.core.events import Event
from engine.core.match import Match, shared_steps

STEP_ROLE = Qt.ItemDataRole.UserRole
OVERRIDE = QColor("#9a4d00")
INDENT = "      "
REHINT_ROWS = 150  # rows measured in one turn of the event loop (~5 ms)

Entry = tuple[int, str, bool]  # step, text, is a referee override
Looks = tuple[str, int, bool]  # a row's words, its step, drawn as an override


def _looks(entries: list[Entry], index: int) -> Looks:
    """How an entry is shown: its step's number on the step's first entry only."""
    step, text, override = entries[index]
    first = index == 0 or entries[index - 1][0] != step
    return (f"{step}. {text}" if first else INDENT + text), step, override


def _row(entries: list[Entry], index: int) -> QListWidgetItem:
    item = QListWidgetItem()
    _show(item, _looks(entries, index))
    return item


def _show(item: QListWidgetItem, looks: Looks) -> None:
    text, step, override = looks
    item.setText(text)
    item.setData(STEP_ROLE, step)
    item.setData(Qt.ItemDataRole.ForegroundRole, OVERRIDE if override else None)


class LogDock(QDockWidget):
    moment_requested = Signal(int)  # show the table as it was after that step

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Rules log", parent)
        self.setObjectName("logDock")
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 4, 6, 4)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter the log…")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._apply_filter)
        layout.addWidget(self.filter)
        self.list = LogList()
        self.list.setAlternatingRowColors(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setToolTip("Click an entry, or use the arrow keys, to see the table after "
                             "that step")
        self.list.itemClicked.connect(self._chosen)
        self.list.currentItemChanged.connect(self._moved)
        layout.addWidget(self.list)
        self.setWidget(body)
        self._entries: list[Entry] = []
        self._shown_step: int | None = None
        self._filtering = False  # some rows may be hidden by the filter
        # Rows are laid out after they are added (and laid out again, a batch at a time,
        # when the width changes), so the list grows a moment later: while the newest
        # entry should be in view, it follows the growth.
        self._stick = True
        bar = self.list.verticalScrollBar()
        bar.rangeChanged.connect(self._follow)
        bar.actionTriggered.connect(self._scrolled_by_hand)
        self._quiet = False  # selection changed by the window, not by the player

    # -- what is shown ----------------------------------------------------------------
    def show_entries(self, entries: list[Entry], shown_step: int | None = None) -> None:
        """Entries oldest first. `shown_step` is the past step the table shows (selected,
        the list left where it is); None is the present (the newest entry in view).

        Rows are kept: a row whose words changed (another seat reads the log, the end
        reveals what was hidden) is rewritten in place, new entries are added, rows
        beyond the new ones go."""
        old = self._entries
        keep = _common_prefix(old, entries)
        if keep == len(entries) == len(old) and shown_step == self._shown_step:
            return  # an unchanged log is not touched, nor repainted
        self._shown_step = shown_step
        at_bottom = self._scrolled_to_bottom()
        self._quiet = True
        try:
            while self.list.count() > len(entries):
                self.list.takeItem(self.list.count() - 1)
            shared = self.list.count()
            self.list.rewrite([(row, _looks(entries, row))
                               for row in _changed(old, entries, keep, shared)])
            self.list.add([_row(entries, index) for index in range(shared, len(entries))])
            self._entries = list(entries)
            self._apply_filter(self.filter.text(), start=keep)  # the rows kept are done
            self._select(shown_step)
        finally:
            self._quiet = False
        self._stick = shown_step is None and (at_bottom or keep < len(entries))
        if self._stick:
            self.list.scrollToBottom()

    def _select(self, step: int | None) -> None:
        """Mark the last entry of `step` (none for the present) without scrolling away."""
        if step is None:
            self.list.setCurrentItem(None)
            self.list.clearSelection()
            return
        for row in range(self.list.count() - 1, -1, -1):
            item = self.list.item(row)
            if item.data(STEP_ROLE) == step:
                self.list.setCurrentItem(item)
                self.list.scrollToItem(item, QAbstractItemView.ScrollHint.EnsureVisible)
                return

    def _follow(self, _minimum: int, maximum: int) -> None:
        if self._stick:
            self.list.verticalScrollBar().setValue(maximum)

    def _scrolled_by_hand(self, _action: int) -> None:
        """The player moved the list: it stays where they put it (unless at the end)."""
        bar = self.list.verticalScrollBar()
        self._stick = bar.sliderPosition() >= bar.maximum() - 2

    def _scrolled_to_bottom(self) -> bool:
        bar = self.list.verticalScrollBar()
        return bar.value() >= bar.maximum() - 2

    def texts(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())
                if not self.list.item(i).isHidden()]

    def selected_step(self) -> int | None:
        item = self.list.currentItem()
        return None if item is None else int(item.data(STEP_ROLE))

    # -- the player's choices -----------------------------------------------------------
    def _apply_filter(self, text: str, start: int = 0) -> None:
        """Hide the rows from `start` on that do not contain `text`."""
        needle = text.strip().lower()
        if not needle and not self._filtering:
            return  # nothing is hidden and nothing is asked: no row to touch
        self._filtering = bool(needle)
        for i in range(start, self.list.count()):
            item = self.list.item(i)
            item.setHidden(bool(needle) and needle not in item.text().lower())

    def _chosen(self, item: QListWidgetItem) -> None:
        self.moment_requested.emit(int(item.data(STEP_ROLE)))

    def _moved(self, item: QListWidgetItem | None, _previous: object) -> None:
        if item is not None and not self._quiet:
            self.moment_requested.emit(int(item.data(STEP_ROLE)))


class LogList(QListWidget):
    """The log's rows, word-wrapped, each with its height worked out once.

    A list of rows of different heights lays every row out again whenever one is
    added, asking each its height: a wrapped text measured anew, 35 ms for a few
    thousand rows. Here each row carries its height (measured once, when it is
    added, and again when the width changes), so laying them all out costs a
    fraction of a millisecond; and each row is drawn from its picture (RowPictures).
    """

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)
        self.rows = RowPictures(self)  # held: a list does not keep its delegate alive
        self.setItemDelegate(self.rows)
        self._width = 0  # the width the rows' heights were measured for
        self._stale = 0  # rows below this one still wait for their heights to be measured
        self._rehint = QTimer(self)
        self._rehint.setInterval(0)
        self._rehint.timeout.connect(self._rehint_some)

    def add(self, items: list[QListWidgetItem]) -> None:
        """Append rows: the newest are measured now; of many at once (a log read anew)
        the older ones get a line's height until their turn comes, a batch at a time."""
        start = self.count()
        for item in items:
            self.addItem(item)
        now = max(start, self.count() - REHINT_ROWS)
        if now > start:
            line = QSize(self._wrap_width(), self.fontMetrics().lineSpacing() + 4)
            self._set_hints(range(start, now), lambda _item: line)
            self._stale = max(self._stale, now)
            self._rehint.start()
        self._measure(range(now, self.count()))

    def rewrite(self, rows: list[tuple[int, Looks]]) -> None:
        """Give these rows their new looks (those that changed: comparing the rows' own
        texts cost a call into Qt a row); the newest of them are measured now, the
        others when their turn comes (as after a resize)."""
        if not rows:
            return
        model = self.model()
        blocked = model.blockSignals(True)  # one layout for all, not an update a row
        try:
            for row, looks in rows:
                _show(self.item(row), looks)
        finally:
            model.blockSignals(blocked)
        changed = [row for row, _ in rows]
        if len(changed) > REHINT_ROWS:
            self._stale = max(self._stale, changed[-REHINT_ROWS - 1] + 1)
            self._rehint.start()
        self._measure(changed[-REHINT_ROWS:])
        self.viewport().update()

    def _wrap_width(self) -> int:
        return self._width or self.viewport().width()

    def _measure(self, rows: Sequence[int]) -> None:
        """Measure these rows as the item delegate would, at the list's width."""
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        option.rect = QRect(0, 0, self._wrap_width(), 1)  # where the text wraps
        delegate = self.itemDelegate()

        def height(item: QListWidgetItem) -> QSize:
            item.setData(Qt.ItemDataRole.SizeHintRole, None)  # else it answers with it
            return delegate.sizeHint(option, self.indexFromItem(item))

        self._set_hints(rows, height)

    def _set_hints(self, rows: Sequence[int],
                   hint: Callable[[QListWidgetItem], QSize]) -> None:
        if not rows:
            return
        model = self.model()
        blocked = model.blockSignals(True)  # one layout for all, not an update a row
        try:
            for row in rows:
                item = self.item(row)
                item.setSizeHint(hint(item))
        finally:
            model.blockSignals(blocked)
        self.scheduleDelayedItemsLayout()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._remeasure()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._width = 0
            self._remeasure()

    def _remeasure(self) -> None:
        """The width changed: measure every row again, newest first (those are in view),
        a batch at a time so that a long log never holds the window up (a row keeps
        its older height until then)."""
        width = self.viewport().width()
        if width != self._width:
            self._width = width
            self._stale = self.count()
            self._rehint.start()

    def _rehint_some(self) -> None:
        end = min(self._stale, self.count())  # rows may have gone since (an undo)
        self._stale = max(0, end - REHINT_ROWS)
        self._measure(range(self._stale, end))
        if not self._stale:
            self._rehint.stop()


class LogFeed:
    """The log's entries as one seat reads them, worked out for new steps only.

    Rebuilding every entry of a long match after each action took most of the
    time an action cost in the window; a step's entries never change unless the
    step is undone (then its entries go, and those of the steps before stay) or
    another seat reads the log (then only the lines that read differently to it
    are read anew: the end of a TACTICA war, read by everyone, took 50 ms reading
    a thousand steps again, and so did an undo).
    """

    def __init__(self) -> None:
        self._key: tuple[object, int] | None = None
        self._steps: list[object] = []
        self._ends: list[int] = []  # per step: how many entries up to its own
        self._events: list[Event] = []  # one per entry
        self._entries: list[Entry] = []

    def entries(self, match: Match, reader: int) -> list[Entry]:
        steps = match.steps
        if self._key is None or self._key[0] is not match:
            self._forget(0)
        else:
            self._forget(shared_steps(self._steps, steps))
            if self._key[1] != reader:
                self._reread(self._key[1], reader)
        self._key = (match, reader)
        for number, step in enumerate(steps[len(self._steps):], start=len(self._steps) + 1):
            self._events.extend(step.events)
            self._entries.extend((number, event.text_for(reader), event.override)
                                 for event in step.events)
            self._steps.append(step)
            self._ends.append(len(self._entries))
        return self._entries

    def _forget(self, keep: int) -> None:
        """Drop the entries of the steps from `keep` on (undone, or another match's)."""
        cut = self._ends[keep - 1] if keep else 0
        del self._steps[keep:], self._ends[keep:], self._events[cut:], self._entries[cut:]

    def _reread(self, was: int, reader: int) -> None:
        """The entries as `reader` reads them, from those `was` read. An event's line
        depends on its reader only through whether the reader sees its private facts
        (Event.text_for), so a line both see alike is kept as it is."""
        self._entries = [
            entry if event.sees(was) == event.sees(reader)
            else (entry[0], event.text_for(reader), entry[2])
            for entry, event in zip(self._entries, self._events, strict=True)]


def _changed(old: list[Entry], new: list[Entry], start: int, end: int) -> list[int]:
    """The rows from `start` to `end` whose looks differ: their entry changed, or the
    step of the entry before (which decides whether the row shows its step's number)."""
    return [row for row in range(start, end)
            if old[row] != new[row] or (row and old[row - 1][0] != new[row - 1][0])]


def _common_prefix(old: list[Entry], new: list[Entry]) -> int:
    """How many leading entries two logs share (a seat change rewrites its secrets)."""
    if new[:len(old)] == old:
        return len(old)
    count = 0
    for a, b in zip(old, new, strict=False):
        if a != b:
            break
        count += 1
    return count
