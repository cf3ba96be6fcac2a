"""A layout that lines widgets up left to right and wraps them onto new rows.

The hand dock shows one panel per character in co-operative games; side by
side they fit a wide dock, stacked they would need scrolling to trade
between two of them. Inside a panel the cards flow the same way, so a row of
forty items wraps instead of running off the dock where no one can reach it.
A flow's preferred size is everything on one row; given less width it is
as tall as its wrapped rows (height for width).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._gap = spacing
        # Heights for widths, asked several times in one layout pass: each answer lays
        # every item out (panels of cards, in Python), so it is kept until Qt says the
        # items changed.
        self._heights: dict[int, int] = {}

    # -- the QLayout container protocol ----------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self._heights.clear()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        self._heights.clear()
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def invalidate(self) -> None:
        self._heights.clear()
        super().invalidate()

    # -- sizes -------------------------------------------------------------
    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        if width not in self._heights:
            self._heights[width] = self._place(QRect(0, 0, width, 0), move=False)
        return self._heights[width]

    def sizeHint(self) -> QSize:
        """Everything on one row."""
        width, height = 0, 0
        for item in self._items:
            hint = item.sizeHint()
            width += hint.width() + (self._gap if width else 0)
            height = max(height, hint.height())
        margins = self.contentsMargins()
        return QSize(width + margins.left() + margins.right(),
                     height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the items out in `rect` (or only measure); returns the height used.

        Run on every layout pass of the Hand dock (several an action), so each item is
        asked each thing once: every question is a call into Qt."""
        margins = self.contentsMargins()
        left, top = rect.x() + margins.left(), rect.y() + margins.top()
        room = rect.width() - margins.left() - margins.right()
        right = left + room
        x, y, row_height = left, top, 0
        gap = self._gap
        alone = len(self._items) == 1  # a single panel (a hand) takes the whole width
        for item in self._items:
            hint = item.sizeHint()
            width = max(hint.width(), room) if alone else min(hint.width(), room)
            width = max(width, item.minimumSize().width())
            height = (max(0, item.heightForWidth(width)) if item.hasHeightForWidth()
                      else hint.height())
            if x > left and x + width > right:
                x, y, row_height = left, y + row_height + gap, 0
            if move:
                item.setGeometry(QRect(x, y, width, height))
            x += width + gap
            row_height = max(row_height, height)
        return y + row_height - rect.y() + margins.bottom()
