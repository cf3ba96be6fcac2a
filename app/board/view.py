"""BoardView: the window onto any scene, with zoom around the cursor, pan and fit.

It also receives cards dragged in from the docks (QDrag with our MIME type)
and hands a board drag over to QDrag when the card leaves the view, so a
card can travel from the board back into the hand dock.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QMouseEvent,
    QPainter,
    QPalette,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from app.board.topology import TABLE
from app.dragdrop import CardDrag, decode

ZOOM_STEP = 1.15
MIN_ZOOM, MAX_ZOOM = 0.15, 6.0


class DropScene(Protocol):
    """What a scene offers the view for drags that start outside it."""

    def hover(self, drag: CardDrag | None, pos: QPointF) -> bool: ...

    def drop(self, drag: CardDrag, pos: QPointF) -> bool: ...

    def leave_board(self) -> None: ...

    def content_rect(self) -> QRectF: ...

    def loose_cards(self) -> dict[str, QPointF]: ...


class BoardView(QGraphicsView):
    drop_refused = Signal(object, QPoint)  # the CardDrag, where it was let go (global)
    pressed = Signal()  # a mouse button went down on the board: a gesture starts

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("boardView")
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setAcceptDrops(True)
        # Panning is by dragging the table, so scroll bars would only take room.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # The board follows the window's size (a dock opened, the window resized) until
        # the player zooms or pans by hand; Fit hands it back to the window.
        self.auto_fit = True
        # Until a table is set (the first moment of a start, or no match open) the board
        # is the table's dark, not a white flash before the felt.
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Base, TABLE)
        self.setPalette(palette)

    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        target = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom() * factor))
        factor = target / self.zoom()
        if abs(factor - 1.0) > 1e-6:
            self.scale(factor, factor)

    def zoom_in(self) -> None:
        self.auto_fit = False
        self._zoom_centred(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.auto_fit = False
        self._zoom_centred(1 / ZOOM_STEP)

    def _zoom_centred(self, factor: float) -> None:
        anchor = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.zoom_by(factor)
        self.setTransformationAnchor(anchor)

    def fit(self) -> None:
        self.auto_fit = True
        scene = self.scene()
        if scene is None:
            return
        rect = scene.content_rect() if hasattr(scene, "content_rect") else scene.itemsBoundingRect()
        self.fitInView(rect.adjusted(-20, -20, 20, 20), Qt.AspectRatioMode.KeepAspectRatio)
        if self.zoom() > MAX_ZOOM or self.zoom() < MIN_ZOOM:
            self.zoom_by(1.0)

    def wheelEvent(self, event: QWheelEvent) -> None:
        """Zoom keeping the table point under the cursor where it is."""
        steps = event.angleDelta().y() / 120
        if steps:
            self.auto_fit = False
            at = event.position().toPoint()
            fixed = self.mapToScene(at)
            anchor = self.transformationAnchor()
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
            self.zoom_by(ZOOM_STEP ** steps)
            self.setTransformationAnchor(anchor)
            drift = self.mapFromScene(fixed) - at
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + drift.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + drift.y())
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.auto_fit:
            self.fit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.pressed.emit()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        before = self.horizontalScrollBar().value(), self.verticalScrollBar().value()
        super().mouseMoveEvent(event)
        if before != (self.horizontalScrollBar().value(), self.verticalScrollBar().value()):
            self.auto_fit = False  # the player dragged the table along by hand
        if not self.viewport().rect().contains(event.position().toPoint()):
            scene = self._drop_scene()
            if scene is not None:
                scene.leave_board()

    # -- drags from the docks -------------------------------------------
    def _drop_scene(self) -> DropScene | None:
        scene: QGraphicsScene | None = self.scene()
        return scene if hasattr(scene, "drop") else None  # type: ignore[return-value]

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if decode(event.mimeData()) is not None and self._drop_scene() is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        """Light the places the card may go, but take the drop anywhere on the board:
        a refused drop is how the player learns the rule's reason (an ignored move
        would mean the drop, and with it the reason, never came)."""
        drag, scene = decode(event.mimeData()), self._drop_scene()
        if drag is None or scene is None:
            event.ignore()
            return
        scene.hover(drag, self.mapToScene(event.position().toPoint()))
        event.acceptProposedAction()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        scene = self._drop_scene()
        if scene is not None:
            scene.hover(None, QPointF())

    def dropEvent(self, event: QDropEvent) -> None:
        drag, scene = decode(event.mimeData()), self._drop_scene()
        if drag is None or scene is None:
            event.ignore()
            return
        scene.hover(None, QPointF())
        if scene.drop(drag, self.mapToScene(event.position().toPoint())):
            event.acceptProposedAction()
        else:
            event.ignore()
            self.drop_refused.emit(drag, self.viewport().mapToGlobal(event.position().toPoint()))
