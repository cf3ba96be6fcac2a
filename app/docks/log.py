"""The rules log: every event of the match, filterable, each entry a moment to look at.

Each step is numbered once; the further events of the same step follow it,
indented. Clicking an entry, or moving through the list with the arrow keys,
shows the table after that step. The list grows by the new entries only,
because rebuilding ten thousand rows on every action cost a frame and more.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.core.match import Match

STEP_ROLE = Qt.ItemDataRole.UserRole
OVERRIDE = QColor("#9a4d00")
INDENT = "      "

Entry = tuple[int, str, bool]  # step, text, is a referee override


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
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # Rows wrap to different heights; laid out all at once, a log of thousands of
        # rows cost 35 ms after every action. In batches only what changed is laid out.
        self.list.setLayoutMode(QListView.LayoutMode.Batched)
        self.list.setBatchSize(100)
        self.list.setToolTip("Click an entry, or use the arrow keys, to see the table after "
                             "that step")
        self.list.itemClicked.connect(self._chosen)
        self.list.currentItemChanged.connect(self._moved)
        layout.addWidget(self.list)
        self.setWidget(body)
        self._entries: list[Entry] = []
        self._filtering = False  # some rows may be hidden by the filter
        # Rows are laid out in batches after they are added, so the list keeps growing
        # for a moment: while the newest entry should be in view, it follows the growth.
        self._stick = True
        bar = self.list.verticalScrollBar()
        bar.rangeChanged.connect(self._follow)
        bar.actionTriggered.connect(self._scrolled_by_hand)
        self._quiet = False  # selection changed by the window, not by the player

    # -- what is shown ----------------------------------------------------------------
    def show_entries(self, entries: list[Entry], shown_step: int | None = None) -> None:
        """Entries oldest first. `shown_step` is the past step the table shows (selected,
        the list left where it is); None is the present (the newest entry in view)."""
        keep = _common_prefix(self._entries, entries)
        at_bottom = self._scrolled_to_bottom()
        self._quiet = True
        try:
            while self.list.count() > keep:
                self.list.takeItem(self.list.count() - 1)
            for index in range(keep, len(entries)):
                self.list.addItem(self._item(entries, index))
            self._entries = list(entries)
            self._apply_filter(self.filter.text(), start=keep)  # the rows kept are done
            self._select(shown_step)
        finally:
            self._quiet = False
        self._stick = shown_step is None and (at_bottom or keep < len(entries))
        if self._stick:
            self.list.scrollToBottom()

    @staticmethod
    def _item(entries: list[Entry], index: int) -> QListWidgetItem:
        step, text, override = entries[index]
        first = index == 0 or entries[index - 1][0] != step
        item = QListWidgetItem(f"{step}. {text}" if first else INDENT + text)
        item.setData(STEP_ROLE, step)
        if override:
            item.setForeground(OVERRIDE)
        return item

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


class LogFeed:
    """The log's entries as one seat reads them, worked out for new steps only.

    Rebuilding every entry of a long match after each action took most of the
    time an action cost in the window; a step's entries never change unless the
    step is undone or another seat reads the log (then it starts over).
    """

    def __init__(self) -> None:
        self._key: tuple[object, int] | None = None
        self._steps: list[object] = []
        self._entries: list[Entry] = []

    def entries(self, match: Match, reader: int) -> list[Entry]:
        steps = match.steps
        known = len(self._steps)
        if (self._key != (match, reader) or len(steps) < known
                or (known and steps[known - 1] is not self._steps[-1])):
            self._key, self._steps, self._entries = (match, reader), [], []
            known = 0
        for number, step in enumerate(steps[known:], start=known + 1):
            self._entries.extend((number, event.text_for(reader), event.override)
                                 for event in step.events)
            self._steps.append(step)
        return self._entries


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
