"""The action palette (Ctrl+K): every move the seat at the table may make, by keyboard.

Whatever a drag or a click can do, the palette lists: the deciding seat's
legal actions in the rules' words, filtered as you type; Enter plays the
chosen one. It lists only what the seat at the table may do now, read from
the same legal actions the board's glows come from, so it shows nothing the
seat may not see.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.core.actions import Action

ACTION_ROLE = Qt.ItemDataRole.UserRole


class ActionPalette(QDialog):
    def __init__(self, choices: list[tuple[str, Action]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Actions")
        self.setObjectName("actionPalette")
        self.chosen: Action | None = None
        layout = QVBoxLayout(self)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Type to filter what you may do now…")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._apply_filter)
        self.filter.installEventFilter(self)
        layout.addWidget(self.filter)
        self.list = QListWidget()
        self.list.itemActivated.connect(self._take)
        layout.addWidget(self.list)
        for text, action in choices:
            item = QListWidgetItem(text)
            item.setData(ACTION_ROLE, action)
            self.list.addItem(item)
        self.hint = QLabel("↑/↓ choose · Enter plays · Esc closes")
        self.hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout.addWidget(self.hint)
        self.resize(560, 420)
        self._apply_filter("")

    def visible_texts(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())
                if not self.list.item(i).isHidden()]

    def _apply_filter(self, text: str) -> None:
        words = text.lower().split()
        first = None
        for i in range(self.list.count()):
            item = self.list.item(i)
            shown = all(word in item.text().lower() for word in words)
            item.setHidden(not shown)
            if shown and first is None:
                first = item
        self.list.setCurrentItem(first)

    def eventFilter(self, watched: object, event: object) -> bool:
        """Up and Down move through the list while typing in the filter."""
        if watched is self.filter and isinstance(event, QKeyEvent) \
                and event.type() == QKeyEvent.Type.KeyPress:
            if event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
                self._step(-1 if event.key() == Qt.Key.Key_Up else 1)
                return True
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                item = self.list.currentItem()
                if item is not None and not item.isHidden():
                    self._take(item)
                return True
        return super().eventFilter(watched, event)

    def _step(self, delta: int) -> None:
        rows = [i for i in range(self.list.count()) if not self.list.item(i).isHidden()]
        if not rows:
            return
        current = self.list.currentRow()
        at = rows.index(current) if current in rows else -1
        self.list.setCurrentRow(rows[max(0, min(len(rows) - 1, at + delta))])

    def _take(self, item: QListWidgetItem) -> None:
        self.chosen = item.data(ACTION_ROLE)
        self.accept()
