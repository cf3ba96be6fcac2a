"""The hand dock: the cards of the seat at the computer, draggable onto the board.

Cards leave the dock with QDrag (our MIME type) and come back the same way,
or from the board when a carried card leaves the view.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QDrag, QDragEnterEvent, QDropEvent, QMouseEvent, QPainter, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.board.cards import CARD_H, CARD_W, CardLook, paint_look
from app.dragdrop import CardDrag, decode, encode

SCALE = 1.15


class CardWidget(QWidget):
    """One card in the hand; press and move to drag it out."""

    activated = Signal(str)

    def __init__(self, ref: str, zone: str, look: CardLook, tooltip: str) -> None:
        super().__init__()
        self.ref, self.zone, self.look = ref, zone, look
        self._press: QPoint | None = None
        self.setFixedSize(QSize(int(CARD_W * SCALE) + 8, int(CARD_H * SCALE) + 8))
        self.setToolTip(tooltip)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setObjectName(f"card-{ref}")

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        rect = QRectF(4, 4, CARD_W * SCALE, CARD_H * SCALE)
        paint_look(painter, self.look, rect)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None:
            return
        moved = (event.position().toPoint() - self._press).manhattanLength()
        if moved >= QApplication.startDragDistance():
            self._press = None
            self.start_drag()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._press = None

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.activated.emit(self.ref)

    def start_drag(self) -> None:
        drag = QDrag(self)
        drag.setMimeData(encode(CardDrag(self.ref, self.zone)))
        pixmap = QPixmap(self.size())
        pixmap.fill(Qt.GlobalColor.transparent)
        self.render(pixmap)
        drag.setPixmap(pixmap)
        drag.setHotSpot(QPoint(self.width() // 2, self.height() // 2))
        drag.exec(Qt.DropAction.MoveAction)


class HandDock(QDockWidget):
    """Shows one seat's hand; emits what the player asks for, never changes state itself."""

    dropped = Signal(object)  # CardDrag arriving in the hand
    draw_requested = Signal()
    end_turn_requested = Signal()
    card_activated = Signal(str)  # double-click: play it to the board

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Hand", parent)
        self.setObjectName("handDock")
        body = QWidget()
        outer = QVBoxLayout(body)
        outer.setContentsMargins(6, 4, 6, 4)
        top = QHBoxLayout()
        self.title = QLabel("No match")
        self.title.setObjectName("handTitle")
        top.addWidget(self.title, 1)
        self.draw_button = QPushButton("Draw")
        self.draw_button.setToolTip("Take the top card of the deck into this hand")
        self.draw_button.clicked.connect(self.draw_requested)
        top.addWidget(self.draw_button)
        self.end_turn_button = QPushButton("End turn")
        self.end_turn_button.setToolTip("Pass the seat to the next player")
        self.end_turn_button.clicked.connect(self.end_turn_requested)
        top.addWidget(self.end_turn_button)
        outer.addLayout(top)
        self.strip = QWidget()
        self.strip.setObjectName("handStrip")
        self.row = QHBoxLayout(self.strip)
        self.row.setContentsMargins(2, 2, 2, 2)
        self.row.setSpacing(4)
        self.row.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(self.strip)
        scroll.setWidgetResizable(True)
        scroll.setMinimumHeight(int(CARD_H * SCALE) + 30)
        outer.addWidget(scroll)
        self.setWidget(body)
        self.setAcceptDrops(True)
        self.zone: str | None = None

    def show_hand(self, zone: str | None, title: str,
                  cards: list[tuple[str, CardLook, str]]) -> None:
        """Replace the shown cards; `cards` are (ref, look, tooltip) in hand order."""
        self.zone = zone
        self.title.setText(title)
        while self.row.count() > 1:
            item = self.row.takeAt(0)
            widget = item.widget()
            if widget is not None:  # hide now: deleteLater waits for the event loop
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()
        for ref, look, tip in cards:
            widget = CardWidget(ref, zone or "", look, tip)
            widget.activated.connect(self.card_activated)
            self.row.insertWidget(self.row.count() - 1, widget)

    def card_widgets(self) -> list[CardWidget]:
        return [self.row.itemAt(i).widget() for i in range(self.row.count() - 1)]

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        drag = decode(event.mimeData())
        if drag is not None and self.zone is not None and drag.zone != self.zone:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        drag = decode(event.mimeData())
        if drag is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.dropped.emit(drag)
