"""The hand dock: the seat's cards in the game's panels, draggable onto the board.

Cards leave the dock with QDrag (our MIME type) and come back the same way,
or from the board when a carried card leaves the view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
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

from app.board import sprites
from app.board.cards import BODY_SHARE, CARD_H, CARD_W, CardLook, paint_look
from app.docks.flow import FlowLayout
from app.dragdrop import CardDrag, decode, encode
from app.games.base import Panel
from app.glide import fly, nearest_inside

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
    lifted = Signal()  # a drag of this card starts

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

    def set_look(self, look: CardLook, tooltip: str) -> None:
        if look != self.look:
            self.look = look
            self.update()
        self.setToolTip(tooltip)

    def paintEvent(self, event: object) -> None:
        """From the card's picture, painted once per look: a card repaints whenever a
        panel is laid out anew or a flying card passes over it."""
        self._paint_face(QPainter(self))

    def picture(self) -> QPixmap:
        """The card as it is shown, for a picture of it to fly: drawn from its face, not
        grabbed from the window (a grab lays the window out there and then, before the
        change that moved the card is finished: twice the layout, about 4 ms a trade)."""
        ratio = self.devicePixelRatioF()
        picture = QPixmap(max(1, round(self.width() * ratio)),
                          max(1, round(self.height() * ratio)))
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        self._paint_face(painter)
        painter.end()
        return picture

    def _paint_face(self, painter: QPainter) -> None:
        rect = QRectF(4, 4, CARD_W * self.scale, CARD_H * self.scale)
        sprites.draw(painter, ("hand card", self.look, rect.width()), rect,
                     lambda p: paint_look(p, self.look, rect))

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
        self.lifted.emit()
        drag = QDrag(self)
        drag.setMimeData(encode(CardDrag(self.ref, self.zone)))
        drag.setPixmap(self.picture())
        drag.setHotSpot(QPoint(self.width() // 2, self.height() // 2))
        drag.exec(Qt.DropAction.MoveAction)


class SlotWidget(QWidget):
    """An empty item slot: a dashed card outline that says there is room."""

    def __init__(self) -> None:
        super().__init__()
        self.scale = hand_scale()
        self.setFixedSize(QSize(int(CARD_W * self.scale) + 8, int(CARD_H * self.scale) + 8))

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(self.palette().color(QPalette.ColorRole.Mid), 1.5, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawRoundedRect(QRectF(4, 4, CARD_W * self.scale, CARD_H * self.scale), 6, 6)


class PanelWidget(QFrame):
    """One zone of the hand dock: a title, its cards, empty slots; a drop target.

    A new value is shown by changing only what differs: the title's text, a card's
    look, the cards that came or went. Rebuilding a panel cost ~1 ms a panel and a
    layout pass, and most actions change a title or a look, not the cards.
    """

    dropped = Signal(object, str, QPoint)  # CardDrag, zone, where it was let go (global)
    card_activated = Signal(str)
    card_lifted = Signal()  # a drag of one of its cards starts

    def __init__(self, panel: Panel, titled: bool) -> None:
        super().__init__()
        self.zone = panel.zone
        self.titled = titled  # one panel among several: its own title names it
        self.setObjectName(f"panel-{panel.zone}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAcceptDrops(True)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 2, 4, 2)
        outer.setSpacing(2)
        self.title = QLabel()
        self.title.setWordWrap(True)
        outer.addWidget(self.title)
        self.row = FlowLayout(spacing=4)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.cards: list[CardWidget] = []
        self.shown: Panel | None = None
        self.portrait: CardWidget | None = None  # a card shown first, not draggable
        self.slots: list[SlotWidget] = []
        self.setMinimumWidth(MIN_PANEL_WIDTH)
        outer.addLayout(self.row)
        self.set_panel(panel)

    def set_panel(self, panel: Panel) -> None:
        old, self.shown = self.shown, panel
        if old is None or (old.title, old.note) != (panel.title, panel.note):
            # The dock's own title names a lone panel: it shows only its note.
            self.title.setText(f"<b>{escape(panel.title)}</b>"
                               + (f" — {escape(panel.note)}" if panel.note else "")
                               if self.titled else escape(panel.note))
            self.title.setVisible(self.titled or bool(panel.note))
        refs = [ref for ref, _, _ in panel.cards]
        if old is not None and (old.portrait, old.slots) == (panel.portrait, panel.slots) \
                and refs == [card.ref for card in self.cards]:
            for card, (_, look, tip) in zip(self.cards, panel.cards, strict=True):
                card.set_look(look, tip)
            return
        self._lay_out_cards(panel)

    def _lay_out_cards(self, panel: Panel) -> None:
        """The row anew: the portrait, cards that stay and the empty slots keep their
        widgets (a widget made and deleted costs more than one moved)."""
        while self.row.takeAt(0) is not None:
            pass
        portrait = self.portrait
        if portrait is not None and (panel.portrait is None
                                     or panel.portrait[0] != portrait.ref):
            _discard(portrait)
            portrait = None
        if panel.portrait is not None:
            ref, look, tip = panel.portrait
            if portrait is None:
                portrait = CardWidget(ref, "", look, tip)
                portrait.draggable = False
                portrait.setCursor(Qt.CursorShape.ArrowCursor)
            portrait.set_look(look, tip)
            self.row.addWidget(portrait)
        self.portrait = portrait
        kept = {card.ref: card for card in self.cards}
        self.cards = []
        for ref, look, tip in panel.cards:
            card = kept.pop(ref, None)
            if card is None:
                card = CardWidget(ref, panel.zone, look, tip)
                card.activated.connect(self.card_activated)
                card.lifted.connect(self.card_lifted)
            else:
                card.set_look(look, tip)
            self.cards.append(card)
            self.row.addWidget(card)
        for card in kept.values():
            _discard(card)
        tips = ["An empty slot"] * max(0, (panel.slots or 0) - len(panel.cards))
        if not panel.cards and not panel.slots and panel.portrait is None:
            # An empty panel still shows where a card may be dropped, at card size.
            tips = ["Drop a card here"]
        while len(self.slots) > len(tips):
            _discard(self.slots.pop())
        self.slots += [SlotWidget() for _ in range(len(tips) - len(self.slots))]
        for slot, tip in zip(self.slots, tips, strict=True):
            slot.setToolTip(tip)
            self.row.addWidget(slot)

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
        self.dropped.emit(drag, self.zone, self.mapToGlobal(event.position().toPoint()))


def _stood_as_nothing(_ref: str) -> None:
    """No card in the dock stands for another."""


def _discard(widget: QWidget) -> None:
    """Take a widget out of sight at once: deleteLater waits for the event loop."""
    widget.hide()
    widget.setParent(None)  # type: ignore[call-overload]
    widget.deleteLater()


class HandDock(QDockWidget):
    """The seat's own cards, as the game's panels; emits requests, never changes state."""

    dropped = Signal(object, str)  # CardDrag arriving in a panel's zone
    action_requested = Signal(object)  # a button's action
    card_activated = Signal(str)  # double-click: play it to the board
    lifted = Signal()  # a card is carried out of a panel: a gesture starts

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
        # As tall with buttons as without: a title bar that shrank when a seat had none
        # (the computer's turn) resized the panels below, which all repainted.
        self.title.setMinimumHeight(QPushButton("End turn").sizeHint().height())
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
        self._titled = False
        self._landing: tuple[str, QPoint] | None = None  # a drop being answered: zone, where
        self.buttons: list[QPushButton] = []
        self._shown_buttons: list[tuple[str, str, object, bool]] = []

    def show_panels(self, title: str, panels: list[Panel], moving: bool = False,
                    on_board: Mapping[str, QPoint] | None = None,
                    stood_as: Callable[[str], str | None] | None = None) -> None:
        """Show these panels; a dock-wide drop goes to the only panel when there is one.

        A panel keeps its widget while its zone stays (matched by zone, so a panel
        that moves keeps it too) and changes only what differs: most actions change
        one panel or none, and rebuilding seven characters' panels cost a frame.
        `moving`: the match has moved on (not an undo, not a look at the past), so a
        card that changed panels glides there: from where it was let go when it was
        dropped here, else from where the player saw it last (see _setting_off).
        `on_board`: where the board showed cards in sight before the change (global
        middles). `stood_as`: the dock card a card new to the dock was shown as before
        (a row that shows one card per kind, such as an item deck to restock from).
        """
        self.title.setText(title)
        titled = len(panels) > 1
        moving = moving and self.isVisible()  # nobody would see a card glide
        was = self._places() if moving else {}
        kept = {} if self._titled != titled else {widget.zone: widget for widget in self.panels}
        widgets: list[PanelWidget] = []
        for panel in panels:
            widget = kept.pop(panel.zone, None)
            if widget is None:
                widget = self._panel(panel, titled)
            elif widget.shown != panel:
                widget.set_panel(panel)
            widgets.append(widget)
        if [id(w) for w in widgets] != [id(w) for w in self.panels]:
            for widget in self.panels:  # only a change of order or members lays out anew
                self.column.removeWidget(widget)
            for widget in widgets:
                self.column.addWidget(widget)
        for widget in self.panels:  # gone, or rebuilt when titles came or went
            if all(widget is not w for w in widgets):
                _discard(widget)
        self.panels, self._titled = widgets, titled
        if moving:
            self._glide_arrivals(was, on_board or {}, stood_as or _stood_as_nothing)

    def _panel(self, panel: Panel, titled: bool) -> PanelWidget:
        widget = PanelWidget(panel, titled)
        widget.dropped.connect(self._dropped_on)
        widget.card_activated.connect(self.card_activated)
        widget.card_lifted.connect(self.lifted)
        widget.installEventFilter(self)
        return widget

    # -- cards gliding into place -------------------------------------------------------
    def _places(self) -> dict[str, tuple[str, QPoint]]:
        """Where each card is shown now: its panel's zone and its middle (global)."""
        return {card.ref: (panel.zone, card.mapToGlobal(card.rect().center()))
                for panel in self.panels for card in panel.cards}

    def _glide_arrivals(self, was: Mapping[str, tuple[str, QPoint]],
                        on_board: Mapping[str, QPoint],
                        stood_as: Callable[[str], str | None]) -> None:
        for panel in self.panels:
            for card in panel.cards:
                start = self._setting_off(card.ref, panel.zone, was, on_board, stood_as)
                if start is not None:
                    fly(card, card.picture(), start, arriving=True,
                        seen_through=self.scroll.viewport())

    def _setting_off(self, ref: str, zone: str, was: Mapping[str, tuple[str, QPoint]],
                     on_board: Mapping[str, QPoint],
                     stood_as: Callable[[str], str | None]) -> QPoint | None:
        """Where a card now in `zone` glides from; None when it stayed, or came from
        nowhere the player saw.

        Where it was let go, when it was dropped here; else its old place in the dock
        when in sight; else its place on the board (an item in the tray picked up from
        the keyboard or by a computer seat); else the edge of the panels in view nearest
        to its old place, or to the card it was shown as (the Item deck row's card of
        its kind, for an item restocked): a row scrolled out of sight sends it in from
        its side, not from outside the window.
        """
        old_zone, old_place = was.get(ref, (None, None))
        if old_zone == zone:
            return None
        if self._landing is not None and self._landing[0] == zone:
            return self._landing[1]
        if old_place is not None and self._into_sight(old_place) == old_place:
            return old_place
        if ref in on_board:
            return on_board[ref]
        if old_place is None:
            _, old_place = was.get(stood_as(ref) or "", (None, None))
        return None if old_place is None else self._into_sight(old_place)

    def place_of(self, ref: str) -> QPoint | None:
        """Where the player sees `ref` in the dock (global): its middle, or the edge of the
        panels in view nearest to it when it is scrolled out of sight; None when the dock
        does not show it (another seat's hidden hand, the dock closed or behind a tab)."""
        card = self.card_widget(ref)
        if card is None or not card.isVisible():
            return None
        return self._into_sight(card.mapToGlobal(card.rect().center()))

    def _into_sight(self, point: QPoint) -> QPoint:
        """The point nearest `point` (global) among the panels in view: itself when it
        is not on a panel scrolled out of sight."""
        return nearest_inside(self.scroll.viewport(), point)

    def _dropped_on(self, drag: CardDrag, zone: str, at: QPoint) -> None:
        """Pass a drop on; while the table answers it, remember where the card was let go."""
        self._landing = (zone, at)
        try:
            self.dropped.emit(drag, zone)
        finally:
            self._landing = None

    def show_buttons(self, buttons: list[tuple[str, str, object, bool]]) -> None:
        """(label, tooltip, action, enabled) per button. The buttons shown are kept and
        given their new words: new buttons cost a polish and a layout pass each."""
        if buttons == self._shown_buttons:
            return
        self._shown_buttons = list(buttons)
        while len(self.buttons) > len(buttons):
            _discard(self.buttons.pop())
        for index in range(len(self.buttons), len(buttons)):
            button = QPushButton()
            button.clicked.connect(partial(self._pressed, index))
            self.button_row.addWidget(button)
            self.buttons.append(button)
        ending = next((label for label, *_ in buttons if label.startswith("End")), None)
        for button, (label, tip, _action, enabled) in zip(self.buttons, buttons, strict=True):
            button.setText(label)
            if label == ending:  # End turn / End day / End MUSTER: one key for whichever
                button.setShortcut(END_KEY)
                tip = f"{tip} ({END_KEY.toString(QKeySequence.SequenceFormat.NativeText)})"
            elif button.shortcut() == END_KEY:
                button.setShortcut(QKeySequence())
            button.setToolTip(tip)
            button.setEnabled(enabled)

    def _pressed(self, index: int, _checked: bool = False) -> None:
        self.action_requested.emit(self._shown_buttons[index][2])

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
        self._dropped_on(drag, self.panels[0].zone,
                         self.mapToGlobal(event.position().toPoint()))
