"""The hand dock: the seat's cards in the game's panels, draggable onto the board.

Cards leave the dock with QDrag (our MIME type) and come back the same way,
or from the board when a carried card leaves the view.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, QObject, QPoint, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCursor,
    QDrag,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.board.cards import BODY_SHARE, CARD_H, CARD_W, CardLook, paint_look
from app.docks.flow import FlowLayout
from app.dragdrop import CardDrag, decode, encode
from app.games.base import Panel

BODY_MIN_PT = 8.0  # the least size a card's rules text is drawn at in the dock


def hand_scale() -> float:
    """How much larger than board size the dock draws cards, so their rules text is at
    least 8 pt and grows with the system font (a larger font gives larger cards)."""
    font = QApplication.font()
    screen = QApplication.primaryScreen()
    dpi = screen.logicalDotsPerInchY() if screen is not None else 96.0
    body_pt = max(BODY_MIN_PT, font.pointSizeF() * 0.9)
    return max(1.15, body_pt * dpi / 72 / (CARD_W * BODY_SHARE))


END_KEY = QKeySequence("Ctrl+E")
EDGE = 36  # px from the panels' top or bottom edge where a carried card scrolls them
EDGE_TICK_MS = 40
EDGE_TICKS_MAX = 75  # 3 s of scrolling without a drag event: the drag ended elsewhere
MIN_PANEL_WIDTH = 220  # a title such as "Player 2 — no Character yet" on one or two lines


class CardWidget(QWidget):
    """One card in the hand; press and move to drag it out."""

    activated = Signal(str)

    def __init__(self, ref: str, zone: str, look: CardLook, tooltip: str) -> None:
        super().__init__()
        self.ref, self.zone, self.look = ref, zone, look
        self._press: QPoint | None = None
        self.draggable = True
        self.scale = hand_scale()
        self.setFixedSize(QSize(int(CARD_W * self.scale) + 8, int(CARD_H * self.scale) + 8))
        self.setToolTip(tooltip)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setObjectName(f"card-{ref}")

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        rect = QRectF(4, 4, CARD_W * self.scale, CARD_H * self.scale)
        paint_look(painter, self.look, rect)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.draggable:
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


class SlotWidget(QWidget):
    """An empty item slot: a dashed card outline that says there is room."""

    def __init__(self, tooltip: str = "An empty slot") -> None:
        super().__init__()
        self.scale = hand_scale()
        self.setFixedSize(QSize(int(CARD_W * self.scale) + 8, int(CARD_H * self.scale) + 8))
        self.setToolTip(tooltip)

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(self.palette().color(QPalette.ColorRole.Mid), 1.5, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawRoundedRect(QRectF(4, 4, CARD_W * self.scale, CARD_H * self.scale), 6, 6)


class PanelWidget(QFrame):
    """One zone of the hand dock: a title, its cards, empty slots; a drop target."""

    dropped = Signal(object, str)  # CardDrag, zone

    def __init__(self, panel: Panel) -> None:
        super().__init__()
        self.zone = panel.zone
        self.setObjectName(f"panel-{panel.zone}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAcceptDrops(True)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 2, 4, 2)
        outer.setSpacing(2)
        self.title = QLabel(f"<b>{escape(panel.title)}</b>"
                            + (f" — {escape(panel.note)}" if panel.note else ""))
        self.title.setWordWrap(True)
        outer.addWidget(self.title)
        row = FlowLayout(spacing=4)
        row.setContentsMargins(0, 0, 0, 0)
        self.cards: list[CardWidget] = []
        if panel.portrait is not None:
            ref, look, tip = panel.portrait
            portrait = CardWidget(ref, "", look, tip)
            portrait.draggable = False
            portrait.setCursor(Qt.CursorShape.ArrowCursor)
            row.addWidget(portrait)
        for ref, look, tip in panel.cards:
            widget = CardWidget(ref, panel.zone, look, tip)
            self.cards.append(widget)
            row.addWidget(widget)
        for _ in range(max(0, (panel.slots or 0) - len(panel.cards))):
            row.addWidget(SlotWidget())
        if not panel.cards and not panel.slots and panel.portrait is None:
            # An empty panel still shows where a card may be dropped, at card size.
            row.addWidget(SlotWidget("Drop a card here"))
        self.setMinimumWidth(MIN_PANEL_WIDTH)
        outer.addLayout(row)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        drag = decode(event.mimeData())
        if drag is not None and drag.zone != self.zone:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        drag = decode(event.mimeData())
        if drag is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.dropped.emit(drag, self.zone)


class HandDock(QDockWidget):
    """The seat's own cards, as the game's panels; emits requests, never changes state."""

    dropped = Signal(object, str)  # CardDrag arriving in a panel's zone
    action_requested = Signal(object)  # a button's action
    card_activated = Signal(str)  # double-click: play it to the board

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Hand", parent)
        self.setObjectName("handDock")
        # The seat's name and its buttons are the dock's title bar: one row, not two.
        top_bar = QWidget()
        top_bar.setObjectName("handTitleBar")
        top = QHBoxLayout(top_bar)
        top.setContentsMargins(8, 3, 6, 3)
        self.title = QLabel("No match")
        self.title.setObjectName("handTitle")
        top.addWidget(self.title, 1)
        self.button_row = QHBoxLayout()
        top.addLayout(self.button_row)
        self.setTitleBarWidget(top_bar)
        self.strip = QWidget()
        self.strip.setObjectName("handStrip")
        self.column = FlowLayout(self.strip, spacing=6)
        self.column.setContentsMargins(2, 2, 2, 2)
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.strip)
        self.scroll.setWidgetResizable(True)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setMinimumHeight(int(CARD_H * hand_scale()) + 16)
        self.setWidget(self.scroll)
        # A card carried near the top or bottom edge scrolls the panels, also while the
        # mouse rests there.
        self._edge_timer = QTimer(self)
        self._edge_timer.setInterval(EDGE_TICK_MS)
        self._edge_timer.timeout.connect(self._edge_tick)
        self._edge_at: QPoint | None = None
        self._edge_moves = 0
        self.strip.installEventFilter(self)
        self.setAcceptDrops(True)
        self.panels: list[PanelWidget] = []
        self._shown: list[Panel] = []
        self._titled = False
        self.buttons: list[QPushButton] = []
        self._shown_buttons: list[tuple[str, str, object, bool]] = []

    def show_panels(self, title: str, panels: list[Panel]) -> None:
        """Show these panels; a dock-wide drop goes to the only panel when there is one.

        Panels that have not changed keep their widgets: most actions change one
        panel or none, and rebuilding seven characters' panels cost a frame.
        """
        self.title.setText(title)
        titled = len(panels) > 1
        shown = {} if self._titled != titled else {
            panel.zone: (panel, widget) for panel, widget in zip(self._shown, self.panels,
                                                                  strict=True)}
        widgets: list[PanelWidget] = []
        for panel in panels:  # matched by zone: a panel that moves keeps its widgets
            old = shown.get(panel.zone)
            if old is not None and old[0] == panel:
                widgets.append(shown.pop(panel.zone)[1])
            else:
                widgets.append(self._panel(panel, titled))
        kept = {id(widget) for widget in widgets}
        if [id(w) for w in widgets] != [id(w) for w in self.panels]:
            for widget in self.panels:  # only a change of order or members lays out anew
                self.column.removeWidget(widget)
            for widget in widgets:
                self.column.addWidget(widget)
        for old_widget in self.panels:
            if id(old_widget) not in kept:  # hide now: deleteLater waits for the event loop
                old_widget.hide()
                old_widget.setParent(None)
                old_widget.deleteLater()
        self.panels, self._shown, self._titled = widgets, list(panels), titled

    def _panel(self, panel: Panel, titled: bool) -> PanelWidget:
        widget = PanelWidget(panel)
        if not titled:  # the dock's own title names a lone panel: show only its note
            widget.title.setText(escape(panel.note))
        widget.title.setVisible(titled or bool(panel.note))
        widget.dropped.connect(self.dropped)
        widget.installEventFilter(self)
        for card in widget.cards:
            card.activated.connect(self.card_activated)
        return widget

    def show_buttons(self, buttons: list[tuple[str, str, object, bool]]) -> None:
        """(label, tooltip, action, enabled) per button; unchanged buttons stay as they are."""
        if buttons == self._shown_buttons:
            return
        self._shown_buttons = list(buttons)
        for old in self.buttons:
            old.hide()
            old.setParent(None)
            old.deleteLater()
        self.buttons = []
        ending = next((label for label, *_ in buttons if label.startswith("End")), None)
        for label, tip, action, enabled in buttons:
            button = QPushButton(label)
            if label == ending:  # End turn / End day / End MUSTER: one key for whichever
                button.setShortcut(END_KEY)
                tip = f"{tip} ({END_KEY.toString(QKeySequence.SequenceFormat.NativeText)})"
            button.setToolTip(tip)
            button.setEnabled(enabled)
            button.clicked.connect(lambda _c=False, a=action: self.action_requested.emit(a))
            self.button_row.addWidget(button)
            self.buttons.append(button)

    def button(self, label: str) -> QPushButton:
        for button in self.buttons:
            if button.text() == label:
                return button
        raise KeyError(f"no button {label!r} (have {[b.text() for b in self.buttons]})")

    # -- scrolling while a card is carried ------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.DragMove and isinstance(watched, QWidget):
            self._edge_at = watched.mapToGlobal(event.position().toPoint())
            self._edge_moves = 0
            self._edge_tick()
        elif kind == QEvent.Type.Drop:
            self._edge_timer.stop()
        return False  # the panels still take the drag

    def _edge_tick(self) -> None:
        """Scroll toward the edge the carried card is near, faster the nearer it is.

        While the mouse rests no drag events come, so the timer follows the cursor
        itself, and stops once it leaves the panels or nothing has moved for a while
        (a drag ended elsewhere)."""
        if self._edge_at is None:
            return
        self._edge_moves += 1
        viewport = self.scroll.viewport()
        at = self._edge_at if self._edge_moves == 1 else QCursor.pos()
        y = viewport.mapFromGlobal(at).y()
        inside = viewport.rect().contains(viewport.mapFromGlobal(at))
        if not inside or self._edge_moves > EDGE_TICKS_MAX:
            self._edge_timer.stop()
            return
        if y < EDGE:
            step = -(EDGE - y) // 2 - 4
        elif y > viewport.height() - EDGE:
            step = (y - viewport.height() + EDGE) // 2 + 4
        else:
            self._edge_timer.stop()
            return
        bar = self.scroll.verticalScrollBar()
        bar.setValue(bar.value() + step)
        if not self._edge_timer.isActive():
            self._edge_timer.start()

    def card_widget(self, ref: str) -> CardWidget | None:
        return next((card for card in self.card_widgets() if card.ref == ref), None)

    def card_widgets(self) -> list[CardWidget]:
        return [card for panel in self.panels for card in panel.cards]

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        drag = decode(event.mimeData())
        if drag is not None and len(self.panels) == 1 and drag.zone != self.panels[0].zone:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        drag = decode(event.mimeData())
        if drag is None or len(self.panels) != 1:
            event.ignore()
            return
        event.acceptProposedAction()
        self.dropped.emit(drag, self.panels[0].zone)
