"""The Wintergrim table's pieces: areas, structures, units, the sky and each seat's corner.

Every piece carries `spot`, the name a drop on it goes by (an entity id, a
pile's zone, the sky), so the scene reads what lies under the pointer from the
pieces themselves. A piece that a gesture may end on shows it by its own rim
(`set_glow`): a glow never hides under a crowd of units.

Print is sized in scene units for the fitted zoom of a 1366x768 window: names
at 13 and values at 12 units stay at least 8 pt while the table keeps most of
its room.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board.cards import FACE, CardLook
from app.board.items import GLOW_HOVER, CardItem, FacedItem, PileItem
from app.board.lettering import (
    INK,
    MUTED,
    NAME_PX,
    SMALL_PX,
    VALUE_PX,
    elided,
    fitted,
    font,
    ink_on,
    pill,
    rim,
)
from app.board.topology import Z_PIECE, Z_TERRAIN
from app.games.wintergrim.layout import (
    AREA_HEAD,
    AREA_NAME_PX,
    CHIP_H,
    CHIP_W,
    EMPTY_SKY_W,
    GAP,
    OUTSIDE_LABEL,
    PILE_SCALE,
    SEAT_PANEL,
    SKY_CARD,
    STRUCT_HEAD,
)

DAMAGE = QColor("#c62828")
WARN = QColor("#e0a100")
AREA_FILL = QColor("#e4dcc3")
PATH_FILL = QColor("#d5cba8")
SLOT_PEN = QColor("#9a9384")
Z_AREA, Z_STRUCTURE, Z_UNIT = Z_TERRAIN + 1, Z_PIECE - 2, Z_PIECE


# -- a unit ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class UnitFace:
    """What a unit shows; equal faces need no repaint."""

    name: str
    colour: str  # its player's
    values: str  # 'CC1 A0 H1/1', as they stand now
    note: str  # its weapon, or what this turn has done to it
    damage: int
    spent: bool  # moved or attacked: its turn's step is used
    lowered: bool  # the weather or a curse lowers a value


class UnitItem(CardItem):
    """A unit card on the table, small enough to sit on its structure. Only the seat
    deciding may carry its own units; any unit may be clicked."""

    def __init__(self, ref: str, face: UnitFace, tooltip: str) -> None:
        super().__init__(ref, "play", CardLook(face.name), tooltip)
        self.face = face
        self.spot = ref
        self.locked = True
        self.home = QPointF()
        self.glow: QColor | None = None
        self.caption = ""  # what the gesture under way would do to it (an attack's odds)
        self.on_move: Callable[[UnitItem], None] | None = None
        self.setZValue(Z_UNIT)

    def boundingRect(self) -> QRectF:
        extra = 0 if not self.caption else QFontMetricsF(font(SMALL_PX, bold=True)) \
            .horizontalAdvance(self.caption) / 2
        half = max(CHIP_W / 2 + 6, extra + 10)
        return QRectF(-half, -CHIP_H / 2 - 10, 2 * half, CHIP_H + 28)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(QRectF(-CHIP_W / 2, -CHIP_H / 2, CHIP_W, CHIP_H))
        return path

    def set_face(self, face: UnitFace, tooltip: str) -> None:
        if face != self.face:
            self.face = face
            self.update()
        self.setToolTip(tooltip)

    def set_glow(self, glow: QColor | None, caption: str = "") -> None:
        if caption != self.caption:
            self.prepareGeometryChange()
            self.caption = caption
            self.setZValue(Z_UNIT + (1 if caption else 0))
            self.update()
        if glow != self.glow:
            self.glow = glow
            self.update()

    def place(self, centre: QPointF, glide: bool) -> None:
        """Stand on `centre`; glide there from where it is shown now, or jump."""
        self.home = self.glider.stand(centre, self.home, glide)

    def start_drag(self, scene_pos: QPointF) -> None:
        self.setOpacity(0.8)
        super().start_drag(scene_pos)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if not self.locked:
            super().mouseMoveEvent(event)
            if self.on_move is not None and self.dragging:
                self.on_move(self)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.setOpacity(1.0)
        super().mouseReleaseEvent(event)
        self.setZValue(Z_UNIT)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        face = self.face
        rect = QRectF(-CHIP_W / 2, -CHIP_H / 2, CHIP_W, CHIP_H)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rim(painter, rect, 6, GLOW_HOVER if self.dragging else self.glow)
        colour = QColor(face.colour)
        painter.setPen(QPen(colour.darker(160), 1.4))
        painter.setBrush(FACE if not face.spent else QColor("#e6e1d6"))
        painter.drawRoundedRect(rect, 6, 6)
        band = QRectF(rect.left(), rect.top(), rect.width(), 21)
        path = QPainterPath()
        path.addRoundedRect(rect, 6, 6)
        painter.save()
        painter.setClipPath(path)
        painter.fillRect(band, colour)
        painter.restore()
        name_font = fitted(face.name, band.width() - 9, NAME_PX, SMALL_PX)
        painter.setFont(name_font)
        painter.setPen(ink_on(colour))
        painter.drawText(band.adjusted(5, 0, -4, 0), Qt.AlignmentFlag.AlignVCenter,
                         elided(face.name, name_font, band.width() - 9))
        value_font = fitted(face.values, rect.width() - 10, VALUE_PX, SMALL_PX - 1)
        painter.setFont(value_font)
        painter.setPen(DAMAGE if face.lowered else INK)
        painter.drawText(QRectF(rect.left() + 5, band.bottom() + 2, rect.width() - 10, 18),
                         Qt.AlignmentFlag.AlignVCenter,
                         elided(face.values, value_font, rect.width() - 10))
        note_font = font(SMALL_PX, italic=face.spent)
        painter.setFont(note_font)
        painter.setPen(MUTED)
        painter.drawText(QRectF(rect.left() + 5, band.bottom() + 20, rect.width() - 10, 18),
                         Qt.AlignmentFlag.AlignVCenter,
                         elided(face.note, note_font, rect.width() - 10))
        if face.damage:
            pill(painter, f"−{face.damage}", QPointF(rect.right() - 10, rect.top() - 1),
                 font(SMALL_PX, bold=True), DAMAGE, QColor("#ffffff"))
        if self.caption:
            pill(painter, self.caption, QPointF(0, rect.bottom() + 2), font(SMALL_PX, bold=True),
                 self.glow or DAMAGE, QColor("#ffffff"))


# -- a structure ------------------------------------------------------------------------------
class Clickable(QGraphicsItem):
    """A piece that answers a click (a press and release that did not move as far as a
    drag): a structure or the weather, whose start-phase text a click uses."""

    def __init__(self) -> None:
        super().__init__()
        self.on_click: Callable[[Any], None] | None = None
        self._press: QPointF | None = None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.scenePos()
            event.accept()
        else:
            event.ignore()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        start, self._press = self._press, None
        if start is not None and self.on_click is not None and \
                (event.scenePos() - start).manhattanLength() < QApplication.startDragDistance():
            self.on_click(self)


@dataclass(frozen=True)
class StructureFace:
    name: str
    kind: str  # 'Dwelling · HQ'
    colour: str
    values: str  # 'A0 H6/6 · F+4'
    room: str  # 'room 0 of 2'
    inside: int  # units standing on it
    free: int  # empty places drawn: the room left
    width: float
    damage: int
    start: str  # what a click does now ('click: draw 2'), when anything


class StructureItem(Clickable):
    """A structure card lying in its area, its inside units standing on it. A click uses
    its start-phase text."""

    def __init__(self, ref: str, face: StructureFace, tooltip: str) -> None:
        super().__init__()
        self.ref = ref
        self.spot = ref
        self.face = face
        self.glow: QColor | None = None
        self.caption = ""  # what the gesture under way would do to it (an attack's odds)
        self.setToolTip(tooltip)
        self.setZValue(Z_STRUCTURE)

    def boundingRect(self) -> QRectF:
        return QRectF(-5, -5, self.face.width + 10, STRUCT_HEAD + CHIP_H + 2 * GAP + 20)

    def rect(self) -> QRectF:
        return QRectF(0, 0, self.face.width, STRUCT_HEAD + CHIP_H + 2 * GAP)

    def set_face(self, face: StructureFace, tooltip: str) -> None:
        if face != self.face:
            if face.width != self.face.width:
                self.prepareGeometryChange()
            self.face = face
            self.update()
        self.setToolTip(tooltip)

    def set_glow(self, glow: QColor | None, caption: str = "") -> None:
        if (glow, caption) != (self.glow, self.caption):
            self.glow, self.caption = glow, caption
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        self._paint_card(painter)
        if self.caption:
            rect = self.rect()
            pill(painter, self.caption, QPointF(rect.center().x(), rect.bottom() + 2),
                 font(SMALL_PX, bold=True), self.glow or DAMAGE, QColor("#ffffff"))

    def _paint_card(self, painter: QPainter) -> None:
        face = self.face
        rect = self.rect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rim(painter, rect, 8, self.glow)
        colour = QColor(face.colour)
        painter.setPen(QPen(colour.darker(150), 1.6))
        painter.setBrush(FACE)
        painter.drawRoundedRect(rect, 8, 8)
        band = QRectF(0, 0, rect.width(), 22)
        path = QPainterPath()
        path.addRoundedRect(rect, 8, 8)
        painter.save()
        painter.setClipPath(path)
        painter.fillRect(band, colour.lighter(115))
        painter.restore()
        ink = ink_on(colour.lighter(115))
        kind_font = font(SMALL_PX)
        kind_w = QFontMetricsF(kind_font).horizontalAdvance(face.kind) + 8
        name_font = font(NAME_PX, bold=True)
        painter.setFont(name_font)
        painter.setPen(ink)
        painter.drawText(band.adjusted(6, 0, -kind_w - 4, 0), Qt.AlignmentFlag.AlignVCenter,
                         elided(face.name, name_font, band.width() - kind_w - 10))
        painter.setFont(kind_font)
        painter.drawText(band.adjusted(0, 0, -6, 0), Qt.AlignmentFlag.AlignVCenter
                         | Qt.AlignmentFlag.AlignRight, face.kind)
        line = QRectF(6, band.bottom() + 1, rect.width() - 12, STRUCT_HEAD - band.height() - 2)
        value_font = font(VALUE_PX, bold=True)
        painter.setFont(value_font)
        painter.setPen(DAMAGE if face.damage else INK)
        painter.drawText(line, Qt.AlignmentFlag.AlignVCenter, face.values)
        painter.setFont(font(SMALL_PX))
        painter.setPen(MUTED)
        painter.drawText(line, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                         face.start or face.room)
        painter.setPen(QPen(SLOT_PEN, 1.2, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for n in range(face.inside, face.inside + face.free):
            box = QRectF(GAP + n * (CHIP_W + GAP), STRUCT_HEAD + GAP, CHIP_W, CHIP_H)
            painter.drawRoundedRect(box, 6, 6)


# -- an area ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class AreaFace:
    name: str
    subtitles: tuple[str, ...]  # longest first: the first that fits is shown
    colour: str
    path: bool
    size: tuple[float, float]
    outside_top: float  # the row of outside units, from the area's top


class AreaItem(FacedItem):
    """An area: the ground its structures and outside units stand on. Dropping a unit on
    its open ground means outside, here."""

    def __init__(self, ref: str, face: AreaFace, tooltip: str) -> None:
        super().__init__(face)
        self.ref = ref
        self.spot = f"ground:{ref}"
        self.glow: QColor | None = None
        self.setToolTip(tooltip)
        self.setZValue(Z_AREA)

    def boundingRect(self) -> QRectF:
        return self.rect().adjusted(-6, -6, 6, 6)

    def set_glow(self, glow: QColor | None) -> None:
        if glow != self.glow:
            self.glow = glow
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        face = self.face
        rect = self.rect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rim(painter, rect, 14, self.glow)
        colour = QColor(face.colour)
        pen = QPen(colour, 3, Qt.PenStyle.DashLine if face.path else Qt.PenStyle.SolidLine)
        painter.setPen(pen)
        painter.setBrush(PATH_FILL if face.path else AREA_FILL)
        painter.drawRoundedRect(rect, 14, 14)
        head = QRectF(12, 4, rect.width() - 24, AREA_HEAD - 8)
        name_font = font(AREA_NAME_PX, bold=True)
        painter.setFont(name_font)
        painter.setPen(colour.darker(130))
        name_w = QFontMetricsF(name_font).horizontalAdvance(face.name)
        painter.drawText(head, Qt.AlignmentFlag.AlignVCenter,
                         elided(face.name, name_font, head.width()))
        sub_font = font(SMALL_PX, italic=True)
        painter.setFont(sub_font)
        painter.setPen(MUTED)
        rest = head.adjusted(name_w + 10, 0, 0, 0)
        metrics = QFontMetricsF(sub_font)
        fits = next((t for t in face.subtitles if metrics.horizontalAdvance(t) <= rest.width()),
                    "")
        painter.drawText(rest, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, fits)
        label = QRectF(12, face.outside_top, rect.width() - 24, OUTSIDE_LABEL)
        painter.setPen(QPen(SLOT_PEN, 1, Qt.PenStyle.DotLine))
        painter.drawLine(QPointF(12, label.top() + 1), QPointF(rect.width() - 12, label.top() + 1))
        painter.setPen(MUTED)
        painter.drawText(label, Qt.AlignmentFlag.AlignVCenter, "outside")


# -- the sky: the weather and the tactics waiting ---------------------------------------------
@dataclass(frozen=True)
class SkyFace:
    title: str  # the card's name, or the empty slot's label
    lines: tuple[str, ...]
    colour: str | None  # None: an empty slot
    badge: str = ""


class SkyCard(Clickable):
    """A card lying in the open above the areas: the weather (or its empty place), or a
    tactic waiting for its window to close. A click uses the weather's start text."""

    def __init__(self, spot: str, face: SkyFace, tooltip: str) -> None:
        super().__init__()
        self.spot = spot
        self.face = face
        self.glow: QColor | None = None
        self.setToolTip(tooltip)
        self.setZValue(Z_PIECE)

    def rect(self) -> QRectF:
        return QRectF(0, 0, EMPTY_SKY_W if self.face.colour is None else SKY_CARD[0],
                      SKY_CARD[1])

    def boundingRect(self) -> QRectF:
        return self.rect().adjusted(-6, -18, 6, 6)

    def set_face(self, spot: str, face: SkyFace, tooltip: str) -> None:
        self.spot = spot
        if face != self.face:
            if (face.colour is None) != (self.face.colour is None):
                self.prepareGeometryChange()
            self.face = face
            self.update()
        self.setToolTip(tooltip)

    def set_glow(self, glow: QColor | None) -> None:
        if glow != self.glow:
            self.glow = glow
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        face = self.face
        rect = self.rect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rim(painter, rect, 8, self.glow)
        if face.colour is None:
            painter.setPen(QPen(QColor(255, 255, 255, 110), 1.5, Qt.PenStyle.DashLine))
            painter.setBrush(QColor(0, 0, 0, 40))
            painter.drawRoundedRect(rect, 8, 8)
            painter.setPen(QColor("#c9c4b6"))
            painter.setFont(font(VALUE_PX, italic=True))
            painter.drawText(rect.adjusted(10, 6, -10, -6), Qt.AlignmentFlag.AlignCenter
                             | Qt.TextFlag.TextWordWrap, "\n".join((face.title, *face.lines)))
            return
        colour = QColor(face.colour)
        painter.setPen(QPen(colour.darker(150), 1.4))
        painter.setBrush(FACE)
        painter.drawRoundedRect(rect, 8, 8)
        band = QRectF(0, 0, rect.width(), 22)
        path = QPainterPath()
        path.addRoundedRect(rect, 8, 8)
        painter.save()
        painter.setClipPath(path)
        painter.fillRect(band, colour)
        painter.restore()
        painter.setPen(ink_on(colour))
        painter.setFont(font(NAME_PX, bold=True))
        painter.drawText(band.adjusted(6, 0, -6, 0), Qt.AlignmentFlag.AlignVCenter, face.title)
        painter.setPen(INK)
        painter.setFont(font(SMALL_PX))
        painter.drawText(QRectF(6, band.bottom() + 3, rect.width() - 12,
                                rect.height() - band.height() - 6),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                         | Qt.TextFlag.TextWordWrap, "\n".join(face.lines))
        if face.badge:
            pill(painter, face.badge, QPointF(rect.width() / 2, -4), font(SMALL_PX, bold=True),
                 QColor("#fff3c4"), INK)


# -- a seat's corner: counters and piles ----------------------------------------------------
@dataclass(frozen=True)
class SeatFace:
    title: str  # '● Player 1'
    deck: str
    colour: str
    counters: tuple[tuple[str, str, bool], ...]  # (label, value, warn)
    warning: str  # a line in the warning colour (food about to go negative)
    turn: bool  # it is this seat's turn


class SeatPanel(QGraphicsItem):
    """A player's counters: food (with its warning), room, hand and deck."""

    def __init__(self, seat: int, face: SeatFace) -> None:
        super().__init__()
        self.seat = seat
        self.spot = f"seat:{seat}"
        self.face = face
        self.setZValue(Z_PIECE)

    def boundingRect(self) -> QRectF:
        return QRectF(-4, -4, SEAT_PANEL[0] + 8, SEAT_PANEL[1] + 8)

    def set_face(self, face: SeatFace, tooltip: str) -> None:
        if face != self.face:
            self.face = face
            self.update()
        self.setToolTip(tooltip)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        face = self.face
        rect = QRectF(0, 0, *SEAT_PANEL)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(face.colour)
        painter.setPen(QPen(QColor("#f2c230") if face.turn else colour.lighter(140),
                            3 if face.turn else 1.5))
        painter.setBrush(QColor("#26302c"))
        painter.drawRoundedRect(rect, 8, 8)
        band = QRectF(0, 0, rect.width(), 24)
        path = QPainterPath()
        path.addRoundedRect(rect, 8, 8)
        painter.save()
        painter.setClipPath(path)
        painter.fillRect(band, colour)
        painter.restore()
        painter.setPen(ink_on(colour))
        title_font, deck_font = font(NAME_PX, bold=True), font(SMALL_PX, italic=True)
        painter.setFont(title_font)
        title_w = QFontMetricsF(title_font).horizontalAdvance(face.title)
        painter.drawText(band.adjusted(8, 0, -6, 0), Qt.AlignmentFlag.AlignVCenter, face.title)
        painter.setFont(deck_font)
        painter.drawText(band.adjusted(title_w + 16, 0, -8, 0), Qt.AlignmentFlag.AlignVCenter
                         | Qt.AlignmentFlag.AlignRight,
                         elided(face.deck, deck_font, band.width() - title_w - 24))
        y = band.bottom() + 6
        label_font, value_font = font(VALUE_PX), font(VALUE_PX + 2, bold=True)
        col_w = (rect.width() - 16) / 2
        for n, (label, value, warn) in enumerate(face.counters):
            row, col = divmod(n, 2)
            box = QRectF(8 + col * col_w, y + row * 24, col_w - 4, 22)
            painter.setFont(label_font)
            painter.setPen(QColor("#c9c4b6"))
            painter.drawText(box, Qt.AlignmentFlag.AlignVCenter, label)
            painter.setFont(value_font)
            painter.setPen(WARN if warn else QColor("#f2efe6"))
            painter.drawText(box, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                             value)
        if face.warning:
            box = QRectF(6, rect.height() - 30, rect.width() - 12, 24)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(WARN)
            painter.drawRoundedRect(box, 6, 6)
            warn_font = font(SMALL_PX, bold=True)
            painter.setFont(warn_font)
            painter.setPen(INK)
            painter.drawText(box.adjusted(6, 0, -6, 0), Qt.AlignmentFlag.AlignVCenter,
                             elided(face.warning, warn_font, box.width() - 12))


class Pile(PileItem):
    """A seat's removed or captured pile; cards dropped on the removed pile pay."""

    def __init__(self, zone: str, label: str) -> None:
        super().__init__(zone, label)
        self.spot = zone
        self.setScale(PILE_SCALE)

    def boundingRect(self) -> QRectF:
        """Wide enough for its label ('Removed · 15'), which is wider than the card."""
        return super().boundingRect().adjusted(-14, 0, 14, 0)
