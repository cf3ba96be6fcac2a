"""The rules log: every event of the match, filterable, each entry a moment to look at."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDockWidget,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

STEP_ROLE = Qt.ItemDataRole.UserRole
OVERRIDE = QColor("#9a4d00")


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
        self.list.setToolTip("Click an entry to see the table at that moment")
        self.list.itemClicked.connect(self._clicked)
        layout.addWidget(self.list)
        self.setWidget(body)

    def show_entries(self, entries: list[tuple[int, str, bool]]) -> None:
        """Entries are (step, text, is_override), oldest first; the newest is shown."""
        self.list.clear()
        for step, text, override in entries:
            item = QListWidgetItem(f"{step}. {text}")
            item.setData(STEP_ROLE, step)
            if override:
                item.setForeground(OVERRIDE)
            self.list.addItem(item)
        self._apply_filter(self.filter.text())
        self.list.scrollToBottom()
        QTimer.singleShot(0, self.list.scrollToBottom)  # again once the rows are laid out

    def texts(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())
                if not self.list.item(i).isHidden()]

    def _apply_filter(self, text: str) -> None:
        needle = text.strip().lower()
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setHidden(bool(needle) and needle not in item.text().lower())

    def _clicked(self, item: QListWidgetItem) -> None:
        self.moment_requested.emit(int(item.data(STEP_ROLE)))
