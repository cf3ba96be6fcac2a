"""The hot-seat curtain: covers the table when the seat changes and hands are hidden.

The next player must click before their hand is shown, so the previous
player never sees it and the next one never sees the previous hand.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class Curtain(QWidget):
    lifted = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("curtain")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        self.label = QLabel()
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setStyleSheet("color: #f2efe6; font-size: 22px;")
        layout.addWidget(self.label)
        self.button = QPushButton()
        self.button.setObjectName("curtainButton")
        self.button.setMinimumHeight(40)
        self.button.setStyleSheet("font-size: 16px; padding: 6px 18px;")
        self.button.clicked.connect(self._lift)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        parent.installEventFilter(self)
        self.hide()

    def drop_for(self, seat: int) -> None:
        self.label.setText(f"Pass the computer to Player {seat + 1}.\n"
                           "Their hand stays hidden until they are ready.")
        self.button.setText(f"I am Player {seat + 1}: show my table")
        self.setGeometry(self.parentWidget().rect())
        self.raise_()
        self.show()
        self.button.setFocus()

    def _lift(self) -> None:
        self.hide()
        self.lifted.emit()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(20, 28, 26, 245))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.parentWidget().rect())
        return False
