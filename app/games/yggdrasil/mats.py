"""The mat over the board, drawn from a `matplan.Mat`: its cloth, its drop places, the
battle's columns and the cards on it.

Cards keep their items by their place on the mat, so a battle card laid face down that
turns face up flips where it lies; all of a reveal's cards flip together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board.cards import CardLook
from app.board.items import CardItem
from app.board.lettering import (
    NAME_PX,
    SMALL_PX,
    VALUE_PX,
    elided,
    font,
    ink_on,
    rim,
)
from app.board.topology import Z_DRAG, Z_PIECE
from app.games.yggdrasil.looks import figure_initials
from app.games.yggdrasil.matplan import Column, Mat, MatCard, MatSlot
from app.games.yggdrasil.paint import (
    PAPER,
    base_path,
    glyph_path,
)
from app.glide import Motion

Z_MAT = Z_PIECE + 20  # over the board's figures
CLOTH = QColor(28, 36, 33, 248)
DIM = QColor("#c9c4b6")
GOLD = QColor("#f2c230")
FLIP_MS = 260


class Cloth(QGraphicsItem):
    """The mat itself: over the board, its title and news; nothing under it answers."""

    def __init__(self, spec: Mat) -> None:
        super().__init__()
        self.spec = spec
        self.setZValue(Z_MAT)
        self.setToolTip(spec.tip)

    def boundingRect(self) -> QRectF:
        return self.spec.rect.adjusted(-2, -2, 2, 2)

    def set_spec(self, spec: Mat) -> None:
        if spec != self.spec:
            if spec.rect != self.spec.rect:
                self.prepareGeometryChange()
            self.spec = spec
            self.update()
        self.setToolTip(spec.tip)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()  # the board under the mat is not to be touched

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        rect = self.spec.rect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#5c6b64"), 2))
        painter.setBrush(CLOTH)
        painter.drawRoundedRect(rect, 14, 14)
        title_font = font(NAME_PX + 3, bold=True)
        painter.setFont(title_font)
        painter.setPen(GOLD)
        head = QRectF(rect.left() + 16, rect.top() + 10, rect.width() - 32, 24)
        painter.drawText(head, Qt.AlignmentFlag.AlignVCenter,
                         elided(self.spec.title, title_font, head.width()))
        news_font = font(VALUE_PX)
        painter.setFont(news_font)
        painter.setPen(PAPER)
        painter.drawText(head.translated(0, 24), Qt.AlignmentFlag.AlignVCenter,
                         elided(self.spec.news, news_font, head.width()))


class SlotItem(QGraphicsItem):
    """A place on the mat a card may be dropped on: your hand, the kept card's place, your
    place in the battle."""

    def __init__(self, slot: MatSlot) -> None:
        super().__init__()
        self.slot = slot
        self.spot = slot.spot
        self.glow: QColor | None = None
        self.setZValue(Z_MAT + 1)

    def boundingRect(self) -> QRectF:
        return self.slot.rect.adjusted(-6, -6, 6, 6)

    def set_slot(self, slot: MatSlot) -> None:
        if slot != self.slot:
            if slot.rect != self.slot.rect:
                self.prepareGeometryChange()
            self.slot = slot
            self.update()

    def set_glow(self, glow: QColor | None) -> None:
        if glow != self.glow:
            self.glow = glow
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        rect = self.slot.rect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rim(painter, rect, 10, self.glow)
        painter.setPen(QPen(DIM.darker(120), 1.4, Qt.PenStyle.DashLine))
        painter.setBrush(QColor(255, 255, 255, 14))
        painter.drawRoundedRect(rect, 10, 10)
        painter.setFont(font(SMALL_PX, italic=True))
        painter.setPen(DIM)
        painter.drawText(QRectF(rect.left() + 8, rect.top() + 3, rect.width() - 16, 30),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                         | Qt.TextFlag.TextWordWrap, self.slot.label)


class ColumnItem(QGraphicsItem):
    """A clan in the battle: its mark and figures, its strength, its total."""

    def __init__(self, column: Column) -> None:
        super().__init__()
        self.column = column
        self.setZValue(Z_MAT + 0.5)

    def boundingRect(self) -> QRectF:
        return self.column.rect.adjusted(-4, -4, 4, 4)

    def set_column(self, column: Column) -> None:
        if column != self.column:
            if column.rect != self.column.rect:
                self.prepareGeometryChange()
            self.column = column
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        c = self.column
        rect = c.rect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(c.colour)
        painter.setPen(QPen(GOLD if c.winner else colour.lighter(120), 3 if c.winner else 1.4))
        painter.setBrush(QColor(255, 255, 255, 10))
        painter.drawRoundedRect(rect, 10, 10)
        band = QRectF(rect.left() + 1, rect.top() + 1, rect.width() - 2, 22)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(band, 9, 9)
        painter.setPen(ink_on(colour))
        painter.setFont(font(VALUE_PX + 1, bold=True))
        painter.drawText(band.adjusted(8, 0, -8, 0), Qt.AlignmentFlag.AlignVCenter,
                         c.title + ("  · wins" if c.winner else ""))
        x = rect.left() + 16
        y = band.bottom() + 16
        for kind, count in c.figures:
            painter.save()
            painter.translate(x, y)
            painter.setPen(QPen(colour.darker(170), 1))
            painter.setBrush(colour)
            painter.drawPath(base_path(c.seat, 22))
            glyph = glyph_path(kind, 14)
            if glyph is not None:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(ink_on(colour))
                painter.drawPath(glyph)
            else:
                painter.setPen(ink_on(colour))
                painter.setFont(font(SMALL_PX - 2, bold=True))
                painter.drawText(QRectF(-11, -11, 22, 22), Qt.AlignmentFlag.AlignCenter,
                                 figure_initials(kind))
            painter.restore()
            if count > 1:
                painter.setPen(PAPER)
                painter.setFont(font(SMALL_PX, bold=True))
                painter.drawText(QRectF(x + 11, y - 8, 24, 16), Qt.AlignmentFlag.AlignVCenter,
                                 f"×{count}")
                x += 20
            x += 28
            if x > rect.right() - 16:
                break
        painter.setFont(font(SMALL_PX))
        painter.setPen(DIM)
        foot = QRectF(rect.left() + 8, rect.bottom() - 34, rect.width() - 16, 14)
        painter.drawText(foot, Qt.AlignmentFlag.AlignVCenter,
                         elided(c.strength, font(SMALL_PX), foot.width()))
        if c.total:
            painter.setFont(font(NAME_PX + 2, bold=True))
            painter.setPen(GOLD if c.winner else PAPER)
            painter.drawText(foot.translated(0, 16).adjusted(0, -2, 0, 2),
                             Qt.AlignmentFlag.AlignVCenter, c.total)


class MatCardItem(CardItem):
    """A card on the mat, drawn `scale` times a board card; only a card the viewer may
    play now is carried. A card that turns face up flips in place."""

    def __init__(self, card: MatCard) -> None:
        super().__init__(card.ref, card.key, card.look, card.tip)
        self.spot = card.key
        self.carry = card.carry
        self.home = QPointF(card.centre)
        self.flip = Motion(self)
        self._face: CardLook | None = None  # the face a turning card shows once half turned
        self.setScale(card.scale)
        self.setPos(card.centre)
        self.setZValue(Z_MAT + 2)

    def update_card(self, card: MatCard) -> None:
        turning = _back(self.look) and not _back(card.look)
        self.ref, self.carry = card.ref, card.carry
        if turning:
            self._face = card.look
            self.setToolTip(card.tip)
            self.flip.run(0.0, 1.0, self._turn, FLIP_MS, done=self._turned)
        elif not self.flip.running():
            self.set_look(card.look, card.tip)
        if card.scale != self.scale():
            self.setScale(card.scale)
        if card.centre != self.home and not self.dragging:
            self.home = QPointF(card.centre)
            self.setPos(card.centre)

    def _turn(self, share: object) -> None:
        """Half a turn showing the back narrowing, half showing the face widening."""
        s = float(share) if isinstance(share, float) else 1.0
        if s >= 0.5 and self._face is not None:
            self.set_look(self._face, self.toolTip())
            self._face = None
        self.setTransform(QTransform.fromScale(max(0.02, abs(1.0 - 2.0 * s)), 1.0))

    def _turned(self) -> None:
        if self._face is not None:
            self.set_look(self._face, self.toolTip())
            self._face = None
        self.setTransform(QTransform())

    def start_drag(self, scene_pos: QPointF) -> None:
        super().start_drag(scene_pos)
        self.setZValue(Z_DRAG if self.carry else Z_MAT + 2)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.carry:
            super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        self.setZValue(Z_MAT + 2)


class MatView:
    """The mat's items on a scene, kept in step with the Mat the table shows."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.cloth: Cloth | None = None
        self.slots: dict[str, SlotItem] = {}
        self.columns: dict[int, ColumnItem] = {}
        self.cards: dict[str, MatCardItem] = {}

    def show(self, spec: Mat | None) -> list[MatCardItem]:
        """Lay `spec` (None: take the mat away); returns the cards new on it."""
        if spec is None:
            self.clear()
            return []
        if self.cloth is None:
            self.cloth = Cloth(spec)
            self.scene.addItem(self.cloth)
        self.cloth.set_spec(spec)
        _sync(self.scene, self.slots, {s.spot: s for s in spec.slots}, SlotItem,
              SlotItem.set_slot)
        _sync(self.scene, self.columns, {c.seat: c for c in spec.columns}, ColumnItem,
              ColumnItem.set_column)
        return _sync(self.scene, self.cards, {c.key: c for c in spec.cards}, MatCardItem,
                     MatCardItem.update_card)

    def clear(self) -> None:
        for group in (self.slots, self.columns, self.cards):
            for item in group.values():
                self.scene.removeItem(item)
            group.clear()
        if self.cloth is not None:
            self.scene.removeItem(self.cloth)
            self.cloth = None

    def shown(self) -> bool:
        return self.cloth is not None


def _sync(scene: QGraphicsScene, items: dict[Any, Any], wanted: dict[Any, Any],
          make: Callable[[Any], QGraphicsItem],
          change: Callable[[Any, Any], None]) -> list[Any]:
    """Items for `wanted`'s values: kept where their key stays, made or removed else."""
    for key in [k for k in items if k not in wanted]:
        scene.removeItem(items.pop(key))
    made = []
    for key, value in wanted.items():
        item = items.get(key)
        if item is None:
            item = items[key] = make(value)
            scene.addItem(item)
            made.append(item)
        else:
            change(item, value)
    return made


def _back(look: CardLook) -> bool:
    return look.title is None
