"""The piles dock: every zone of the match with its count, a drop target for each.

Piles live on the board too, but a list shows all of them at once (hands of
other seats, hidden piles), so cards can be moved between any two.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QDrag, QDragEnterEvent, QDragMoveEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QHBoxLayout,
    QMenu,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.dragdrop import CardDrag, decode, encode

ZONE_ROLE = Qt.ItemDataRole.UserRole
TOP_ROLE = Qt.ItemDataRole.UserRole + 1


class PileTree(QTreeWidget):
    """Rows are zones; accepts card drops onto a row and drags the top card out."""

    dropped = Signal(object, str)  # CardDrag, zone
    lifted = Signal()  # a pile's top card is carried out: a gesture starts

    def __init__(self) -> None:
        super().__init__()
        self.setColumnCount(3)
        self.setHeaderLabels(["Pile", "Cards", "Top"])
        self.setRootIsDecorated(False)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        header = self.header()
        header.setStretchLastSection(True)
        self.setColumnWidth(0, 120)
        self.setColumnWidth(1, 46)
        self._press: QPoint | None = None

    def zone_at(self, pos: QPoint) -> str | None:
        item = self.itemAt(pos)
        return item.data(0, ZONE_ROLE) if item else None

    def row_for(self, zone: str) -> QTreeWidgetItem | None:
        for i in range(self.topLevelItemCount()):
            item = self.topLevelItem(i)
            if item.data(0, ZONE_ROLE) == zone:
                return item
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        super().mousePressEvent(event)
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None:
            return
        if (event.position().toPoint() - self._press).manhattanLength() < \
                QApplication.startDragDistance():
            return
        item = self.itemAt(self._press)
        self._press = None
        if item is None or not item.data(0, TOP_ROLE):
            return
        self.lifted.emit()
        drag = QDrag(self)
        drag.setMimeData(encode(CardDrag(item.data(0, TOP_ROLE), item.data(0, ZONE_ROLE))))
        drag.exec(Qt.DropAction.MoveAction)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._press = None
        super().mouseReleaseEvent(event)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if decode(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        drag = decode(event.mimeData())
        zone = self.zone_at(event.position().toPoint())
        if drag is not None and zone is not None and zone != drag.zone:
            self.setCurrentItem(self.row_for(zone))
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        drag = decode(event.mimeData())
        zone = self.zone_at(event.position().toPoint())
        if drag is None or zone is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.dropped.emit(drag, zone)


class PilesDock(QDockWidget):
    dropped = Signal(object, str)  # CardDrag, zone
    shuffle_requested = Signal(str)
    draw_requested = Signal(str)  # top card of that zone into the seat's hand
    lifted = Signal()  # a pile's top card is carried out: a gesture starts

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Piles", parent)
        self.setObjectName("pilesDock")
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 4, 6, 4)
        self.tree = PileTree()
        self.tree.dropped.connect(self.dropped)
        self.tree.lifted.connect(self.lifted)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._menu)
        layout.addWidget(self.tree)
        buttons = QHBoxLayout()
        self.shuffle_button = QPushButton("Shuffle")
        self.shuffle_button.setToolTip("Shuffle the selected pile")
        self.shuffle_button.clicked.connect(self._shuffle_selected)
        buttons.addWidget(self.shuffle_button)
        self.take_button = QPushButton("Take top")
        self.take_button.setToolTip("Take the top card of the selected pile into your hand")
        self.take_button.clicked.connect(self._take_selected)
        buttons.addWidget(self.take_button)
        layout.addLayout(buttons)
        self.setWidget(body)
        self.commands = True
        self._rows: list[tuple[str, str, int, str, str | None]] = []  # as shown

    def set_commands(self, shown: bool) -> None:
        """Shuffle and Take top are table tools: shown on free tables and for referees."""
        self.commands = shown
        self.shuffle_button.setVisible(shown)
        self.take_button.setVisible(shown)

    def show_piles(self, rows: list[tuple[str, str, int, str, str | None]]) -> None:
        """Rows are (zone, label, count, top-card text, top ref) in display order.

        The same zones keep their rows and only a changed row is rewritten: rebuilding
        the tree after every action cost half a millisecond and a repaint of it all.
        """
        if rows == self._rows:
            return
        if [row[0] for row in rows] != [row[0] for row in self._rows]:
            self._rebuild(rows)
        else:
            for i, (row, old) in enumerate(zip(rows, self._rows, strict=True)):
                if row != old:
                    self._fill(self.tree.topLevelItem(i), row)
        if [row[1] for row in rows] != [row[1] for row in self._rows]:
            # Long pile names ("Items to stock from") get room, within reason for a side
            # dock.
            self.tree.setColumnWidth(0, max(120, min(self.tree.sizeHintForColumn(0) + 12,
                                                     160)))
        self._rows = list(rows)

    def _rebuild(self, rows: list[tuple[str, str, int, str, str | None]]) -> None:
        selected = self.selected_zone()
        self.tree.clear()
        for row in rows:
            item = QTreeWidgetItem()
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight)
            self._fill(item, row)
            self.tree.addTopLevelItem(item)
        if selected is not None and self.tree.row_for(selected) is not None:
            self.tree.setCurrentItem(self.tree.row_for(selected))

    @staticmethod
    def _fill(item: QTreeWidgetItem, row: tuple[str, str, int, str, str | None]) -> None:
        zone, label, count, top_text, top_ref = row
        item.setText(0, label)
        item.setText(1, str(count))
        item.setText(2, top_text)
        item.setData(0, ZONE_ROLE, zone)
        item.setData(0, TOP_ROLE, top_ref)
        item.setToolTip(0, f"{label}: drop a card here to put it on top; drag to take the "
                           "top card")
        item.setToolTip(2, top_text)

    def selected_zone(self) -> str | None:
        item = self.tree.currentItem()
        return item.data(0, ZONE_ROLE) if item else None

    def _shuffle_selected(self) -> None:
        zone = self.selected_zone()
        if zone:
            self.shuffle_requested.emit(zone)

    def _take_selected(self) -> None:
        zone = self.selected_zone()
        if zone:
            self.draw_requested.emit(zone)

    def _menu(self, pos: QPoint) -> None:
        zone = self.tree.zone_at(pos)
        if zone is None or not self.commands:
            return
        menu = QMenu(self)
        menu.addAction("Shuffle", lambda: self.shuffle_requested.emit(zone))
        menu.addAction("Take the top card", lambda: self.draw_requested.emit(zone))
        menu.exec(self.tree.viewport().mapToGlobal(pos))
