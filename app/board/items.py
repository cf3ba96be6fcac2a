"""Cards, tokens and piles as scene items.

Pieces move as scene items (press, move, release), not with QDrag, which
lives outside the scene; the scene turns the release into an action and an
illegal drop springs back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board.cards import CardLook, card_rect, paint_look, token_rect
from app.board.topology import Z_DRAG, Z_HIGHLIGHT, Z_PIECE
from app.glide import Glider

Z_PILE, Z_CARD = Z_HIGHLIGHT, Z_PIECE  # piles glow themselves; cards pass over them
GLOW_LEGAL = QColor(80, 200, 120, 220)
GLOW_HOVER = QColor(255, 214, 90, 240)


class FacedItem(QGraphicsItem):
    """A board item drawn from a face (a frozen record with a `size`): it repaints, and
    changes its bounds, only when a new face differs from the one it shows."""

    def __init__(self, face: Any) -> None:
        super().__init__()
        self.face = face

    def rect(self) -> QRectF:
        return QRectF(0, 0, *self.face.size)

    def set_face(self, face: Any, tooltip: str) -> bool:
        """Show `face` and `tooltip`; whether the face changed."""
        changed = face != self.face
        if changed:
            if face.size != self.face.size:
                self.prepareGeometryChange()
            self.face = face
            self.update()
        self.setToolTip(tooltip)
        return changed


class CardItem(QGraphicsItem):
    """A card or token on the board, movable by the mouse."""

    def __init__(self, ref: str, zone: str, look: CardLook, tooltip: str) -> None:
        super().__init__()
        self.ref = ref
        self.zone = zone
        self.look = look
        self.origin = QPointF()
        self.on_release: Callable[[CardItem], None] | None = None
        self.on_press: Callable[[CardItem], None] | None = None
        self.on_double_click: Callable[[CardItem], None] | None = None
        self.glider = Glider(self)  # springing back, or moving where the rules put it
        self._grab_offset: QPointF | None = None  # set while the mouse carries the item
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setToolTip(tooltip)
        self.setZValue(Z_CARD)

    def boundingRect(self) -> QRectF:
        rect = token_rect() if self.look.is_token else card_rect()
        return rect.adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        rect = token_rect() if self.look.is_token else card_rect()
        glow = GLOW_HOVER if self.dragging else None
        paint_look(painter, self.look, rect, lod, glow)

    def set_look(self, look: CardLook, tooltip: str) -> None:
        if look != self.look:
            self.prepareGeometryChange()
            self.look = look
            self.update()
        self.setToolTip(tooltip)

    @property
    def dragging(self) -> bool:
        return self._grab_offset is not None

    def start_drag(self, scene_pos: QPointF) -> None:
        """Pick the item up; also used for a card just lifted off a pile."""
        self.glider.stop()
        self.origin = self.pos()
        self._grab_offset = self.pos() - scene_pos
        self.setZValue(Z_DRAG)
        self.setCursor(Qt.CursorShape.ClosedHandCursor)
        self.update()
        if self.on_press:
            self.on_press(self)

    def is_click(self) -> bool:
        """Whether the press and release were a click, not a move: the card travelled
        less than the platform's drag distance."""
        return (self.pos() - self.origin).manhattanLength() < QApplication.startDragDistance()

    def cancel_drag(self) -> None:
        """Put the item back without a drop (the drag left the board for a dock)."""
        self._grab_offset = None
        self.setZValue(Z_CARD)
        self.setPos(self.origin)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        self.start_drag(event.scenePos())
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._grab_offset is not None:
            self.setPos(event.scenePos() + self._grab_offset)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._grab_offset is None or event.button() != Qt.MouseButton.LeftButton:
            return
        self._grab_offset = None
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setZValue(Z_CARD)
        self.update()
        if self.on_release:
            self.on_release(self)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.on_double_click:
            self.on_double_click(self)

    def spring_back(self) -> None:
        """Glide back to where the drag started: the drop was refused."""
        self.glider.glide(self.origin)


class PileItem(QGraphicsItem):
    """A stack zone on the board (deck, discard): shows its top card and a count."""

    def __init__(self, zone: str, label: str) -> None:
        super().__init__()
        self.zone = zone
        self.label = label
        self.count = 0
        self.top: CardLook | None = None
        self.top_ref: str | None = None
        self.highlight: QColor | None = None
        self.on_double_click: Callable[[PileItem], None] | None = None
        self.on_drag_top: Callable[[PileItem, QGraphicsSceneMouseEvent], None] | None = None
        self._press: QPointF | None = None
        self.setZValue(Z_PILE)
        self.setAcceptHoverEvents(True)

    def boundingRect(self) -> QRectF:
        return card_rect().adjusted(-8, -8, 8, 30)

    def set_contents(self, count: int, top: CardLook | None, top_ref: str | None,
                     tooltip: str) -> None:
        self.count, self.top, self.top_ref = count, top, top_ref
        self.setToolTip(tooltip)
        self.update()

    def set_highlight(self, colour: QColor | None) -> None:
        if colour != self.highlight:
            self.highlight = colour
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = card_rect()
        pen = QPen(QColor(255, 255, 255, 110), 1.5, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(QColor(0, 0, 0, 40))
        painter.drawRoundedRect(rect.adjusted(-4, -4, 4, 4), 8, 8)
        if self.count > 1:
            for i in (2, 1):
                painter.save()
                painter.translate(i * 1.5, i * 1.5)
                paint_look(painter, CardLook(None), rect, 0.2)
                painter.restore()
        if self.top is not None:
            paint_look(painter, self.top, rect, 1.0, self.highlight)
        elif self.highlight is not None:
            painter.setPen(QPen(self.highlight, 5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 9, 9)
        painter.setPen(QColor("#f2efe6"))
        font = QFont("DejaVu Sans", 10)
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(QRectF(rect.left() - 10, rect.bottom() + 6, rect.width() + 20, 20),
                         Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextDontClip,
                         f"{self.label} · {self.count}")

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._press = event.scenePos() if event.button() == Qt.MouseButton.LeftButton else None
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None or self.top_ref is None:
            return
        if (event.scenePos() - self._press).manhattanLength() >= 6 and self.on_drag_top:
            self._press = None
            self.on_drag_top(self, event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._press = None

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.on_double_click:
            self.on_double_click(self)
