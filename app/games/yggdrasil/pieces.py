"""The Yggdrasil board's pieces: provinces, fjords and the figures standing in them.

Every piece carries `spot`, the name a drop on it goes by (a province or fjord key, a
figure id, a tray's ``tray:<seat>:<where>:<kind>``), so the scene reads what lies under
the pointer from the pieces themselves. A piece that a gesture may end on shows it by
its own rim (`set_glow`), with what ending there costs in a pill (`caption`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board.cards import CardLook
from app.board.items import GLOW_HOVER, CardItem, FacedItem
from app.board.lettering import (
    INK,
    MUTED,
    NAME_PX,
    SMALL_PX,
    VALUE_PX,
    elided,
    font,
    ink_on,
    pill,
    rim,
    text_width,
)
from app.board.topology import Z_PIECE, Z_TERRAIN
from app.games.yggdrasil.layout import FIGURE_D, PROV_HEAD
from app.games.yggdrasil.paint import (
    base_path,
    glyph_path,
)

REGION_FILLS = {"manheim": "#e6dcc0", "jotunheim": "#d8dde0", "alfheim": "#dfe6cc",
                None: "#eadfc4"}
RUIN_FILL = QColor("#4a4541")
WATER = QColor("#6fa5c9")
TOKEN_FILLS = {"rage": "#b3261e", "axes": "#44617b", "horns": "#7a5a1e",
               "all-stats": "#5d3f80", "glory": "#b08a1e"}
TOKEN_MARKS = {"rage": "R", "axes": "A", "horns": "H", "all-stats": "RAH", "glory": "G"}
BATTLE = QColor("#c62828")
Z_PROVINCE, Z_FJORD, Z_FIGURE = Z_TERRAIN + 1, Z_TERRAIN + 2, Z_PIECE


def caption_pill(painter: QPainter, text: str, centre: QPointF, glow: QColor | None) -> None:
    pill(painter, text, centre, font(SMALL_PX + 1, bold=True), glow or GLOW_HOVER, INK)


# -- a province ------------------------------------------------------------------------------
@dataclass(frozen=True)
class ProvinceFace:
    """What a province shows; equal faces need no repaint."""

    name: str
    region: str  # '' for Yggdrasil
    region_key: str | None
    size: tuple[float, float]
    villages: tuple[tuple[float, float], ...]  # slot centres, from the province's corner
    free: int  # villages empty (outer provinces)
    token: str  # its pillage reward; '' when it has none
    token_mark: str  # what the token's face says ('R', '5★')
    pillaged: bool  # the token shows its pillaged side
    destroyed: bool
    doom: int  # the Age whose Ragnarök destroys it (0: none to come)
    doom_now: bool  # this Age's Ragnarök
    battle: bool  # the battle under way is here


class ProvinceItem(FacedItem):
    """A province: its villages, its pillage token, Ragnarök's mark, or its ruins. A click
    on it pillages, when the clan deciding may."""

    def __init__(self, key: str, face: ProvinceFace, tooltip: str) -> None:
        super().__init__(face)
        self.spot = key
        self.glow: QColor | None = None
        self.caption = ""
        self.on_click: Callable[[str], None] | None = None
        self._press: QPointF | None = None
        self.setToolTip(tooltip)
        self.setZValue(Z_PROVINCE)

    def boundingRect(self) -> QRectF:
        return self.rect().adjusted(-8, -14, 8, 8)

    def set_glow(self, glow: QColor | None, caption: str = "") -> None:
        if (glow, caption) != (self.glow, self.caption):
            self.glow, self.caption = glow, caption
            self.update()

    def token_rect(self) -> QRectF:
        r = self.rect()
        return QRectF(r.right() - 38, r.top() + 4, 32, 32)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.on_click is not None:
            self._press = event.scenePos()
            event.accept()
        else:
            event.ignore()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        start, self._press = self._press, None
        if start is not None and self.on_click is not None and \
                (event.scenePos() - start).manhattanLength() < 6:
            self.on_click(self.spot)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        face = self.face
        rect = self.rect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rim(painter, rect, 12, self.glow)
        if face.destroyed:
            self._paint_ruin(painter, rect)
            return
        fill = QColor(REGION_FILLS.get(face.region_key, REGION_FILLS[None]))
        edge = BATTLE if face.battle else fill.darker(160)
        painter.setPen(QPen(edge, 4 if face.battle else 1.6))
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, 12, 12)
        if face.region_key is None:
            _paint_tree(painter, rect)
        painter.setPen(INK)
        name_font = font(NAME_PX + 2, bold=True)
        painter.setFont(name_font)
        head = QRectF(10, 3, rect.width() - 56, PROV_HEAD)
        painter.drawText(head, Qt.AlignmentFlag.AlignVCenter, face.name)
        if face.region:
            painter.setFont(font(SMALL_PX, italic=True))
            painter.setPen(MUTED)
            painter.drawText(head.adjusted(text_width(face.name, name_font) + 8, 1, 0, 0),
                             Qt.AlignmentFlag.AlignVCenter,
                             elided(face.region, font(SMALL_PX, italic=True),
                                    head.width() - text_width(face.name, name_font) - 8))
        painter.setPen(QPen(fill.darker(135), 1.3, Qt.PenStyle.DashLine))
        painter.setBrush(fill.lighter(106))
        for x, y in face.villages:
            _paint_village(painter, QPointF(x, y))
        self._paint_token(painter)
        foot = QRectF(10, rect.height() - 24, rect.width() - 20, 20)
        if face.doom:
            colour = BATTLE if face.doom_now else QColor("#7a5048")
            pill(painter, f"☠ Ragnarök · Age {('I', 'II', 'III')[face.doom - 1]}",
                 QPointF(foot.left() + 62, foot.center().y()), font(SMALL_PX, bold=True),
                 colour, QColor("#ffffff"))
        if face.villages:
            painter.setFont(font(SMALL_PX))
            painter.setPen(MUTED)
            painter.drawText(foot, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                             f"{face.free} of {len(face.villages)} free")
        if face.battle:
            pill(painter, "⚔ battle", QPointF(rect.center().x(), rect.top()),
                 font(SMALL_PX, bold=True), BATTLE, QColor("#ffffff"))
        if self.caption:
            caption_pill(painter, self.caption, QPointF(rect.center().x(), rect.top() - 2),
                         self.glow)

    def _paint_token(self, painter: QPainter) -> None:
        face = self.face
        if not face.token:
            return
        box = self.token_rect()
        fill = QColor("#8c8a84") if face.pillaged else QColor(TOKEN_FILLS[face.token])
        painter.setPen(QPen(fill.darker(150), 1.5))
        painter.setBrush(fill)
        painter.drawEllipse(box)
        painter.setPen(QColor("#ffffff"))
        mark = "✓" if face.pillaged else face.token_mark
        painter.setFont(font(SMALL_PX if len(mark) > 2 else VALUE_PX + 1, bold=True))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, mark)

    def _paint_ruin(self, painter: QPainter, rect: QRectF) -> None:
        painter.setPen(QPen(QColor("#2a2623"), 2))
        painter.setBrush(RUIN_FILL)
        painter.drawRoundedRect(rect, 12, 12)
        painter.setPen(QPen(QColor("#756c62"), 2))
        cracks = QPainterPath()
        w, h = rect.width(), rect.height()
        for x0, pts in ((0.2, ((0.3, 0.4), (0.25, 0.7), (0.35, 1.0))),
                        (0.7, ((0.6, 0.35), (0.72, 0.6), (0.64, 1.0)))):
            cracks.moveTo(x0 * w, 0)
            for x, y in pts:
                cracks.lineTo(x * w, y * h)
        painter.drawPath(cracks)
        painter.setPen(QColor("#d8d0c4"))
        painter.setFont(font(NAME_PX + 1, bold=True))
        painter.drawText(QRectF(10, 4, w - 20, PROV_HEAD), Qt.AlignmentFlag.AlignVCenter,
                         self.face.name)
        painter.setFont(font(VALUE_PX, italic=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "destroyed by Ragnarök")
        if self.caption:
            caption_pill(painter, self.caption, QPointF(rect.center().x(), rect.top() - 2),
                         self.glow)


def _paint_village(painter: QPainter, at: QPointF) -> None:
    """An empty village: a house's outline, which a figure covers when it takes it."""
    r = FIGURE_D / 2
    house = QPainterPath()
    house.moveTo(at.x() - r * 0.8, at.y() + r * 0.75)
    house.lineTo(at.x() - r * 0.8, at.y() - r * 0.1)
    house.lineTo(at.x(), at.y() - r * 0.85)
    house.lineTo(at.x() + r * 0.8, at.y() - r * 0.1)
    house.lineTo(at.x() + r * 0.8, at.y() + r * 0.75)
    house.closeSubpath()
    painter.drawPath(house)


def _paint_tree(painter: QPainter, rect: QRectF) -> None:
    """The World Tree, faint behind Yggdrasil's figures."""
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(90, 120, 70, 45))
    c = rect.center()
    for dx, dy, r in ((0, -10, 34), (-34, 4, 26), (34, 4, 26), (-16, 18, 24), (16, 18, 24)):
        painter.drawEllipse(QPointF(c.x() + dx, c.y() + dy), r, r * 0.8)
    painter.setBrush(QColor(110, 80, 50, 55))
    painter.drawRect(QRectF(c.x() - 7, c.y() + 20, 14, rect.bottom() - c.y() - 24))
    painter.restore()


# -- a fjord ---------------------------------------------------------------------------------
class FjordItem(QGraphicsItem):
    """A fjord: water between two provinces, where ships sail."""

    def __init__(self, key: str, size: tuple[float, float], tooltip: str) -> None:
        super().__init__()
        self.spot = key
        self.size = size
        self.glow: QColor | None = None
        self.caption = ""
        self.battle = False
        self.setToolTip(tooltip)
        self.setZValue(Z_FJORD)

    def rect(self) -> QRectF:
        return QRectF(0, 0, *self.size)

    def boundingRect(self) -> QRectF:
        return self.rect().adjusted(-8, -14, 8, 8)

    def set_size(self, size: tuple[float, float], tooltip: str, battle: bool) -> None:
        if size != self.size:
            self.prepareGeometryChange()
            self.size = size
        if battle != self.battle:
            self.battle = battle
            self.update()
        self.setToolTip(tooltip)

    def set_glow(self, glow: QColor | None, caption: str = "") -> None:
        if (glow, caption) != (self.glow, self.caption):
            self.glow, self.caption = glow, caption
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        rect = self.rect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rim(painter, rect, 18, self.glow)
        painter.setPen(QPen(BATTLE if self.battle else WATER.darker(140),
                            3 if self.battle else 1.5))
        painter.setBrush(WATER)
        radius = min(rect.width(), rect.height()) / 2
        painter.drawRoundedRect(rect, radius, radius)
        painter.setPen(QPen(QColor(255, 255, 255, 120), 1.2))
        waves = QPainterPath()
        along = rect.width() >= rect.height()
        for n in range(3):
            if along:
                y = rect.top() + rect.height() * (0.3 + 0.2 * n)
                waves.moveTo(rect.left() + 14 + 6 * n, y)
                waves.cubicTo(rect.left() + 30, y - 4, rect.left() + 40, y + 4, rect.left() + 54, y)
            else:
                x = rect.left() + rect.width() * (0.3 + 0.2 * n)
                waves.moveTo(x, rect.top() + 14 + 6 * n)
                waves.cubicTo(x - 4, rect.top() + 30, x + 4, rect.top() + 40, x, rect.top() + 54)
        painter.drawPath(waves)
        if self.caption:
            caption_pill(painter, self.caption, QPointF(rect.center().x(), rect.top() - 2),
                         self.glow)


# -- a figure ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class FigureFace:
    kind: str
    colour: str  # its clan's
    mark: int  # its clan's base shape
    initials: str  # a monster's, on its piece
    count: int = 0  # a tray's figures of this kind (0: a single figure, no badge)
    fallen: bool = False  # in Valhalla


class FigureItem(CardItem):
    """A figure on the board, or a kind of figure in a clan's reserve or Valhalla (with
    how many). Only the clan deciding may carry its own figures; any may be clicked."""

    def __init__(self, spot: str, face: FigureFace, tooltip: str) -> None:
        super().__init__(spot, "figure", CardLook(face.kind), tooltip)
        self.spot = spot
        self.face = face
        self.locked = True
        self.home = QPointF()
        self.glow: QColor | None = None
        self.caption = ""
        self.on_move: Callable[[FigureItem], None] | None = None
        self.setZValue(Z_FIGURE)

    def boundingRect(self) -> QRectF:
        half = FIGURE_D / 2 + 8
        extra = 0.0 if not self.caption else text_width(self.caption, font(SMALL_PX + 1, True)) / 2
        wide = max(half, extra + 12)
        return QRectF(-wide, -half - 12, 2 * wide, 2 * half + 24)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), FIGURE_D / 2 + 2, FIGURE_D / 2 + 2)
        return path

    def set_face(self, face: FigureFace, tooltip: str) -> None:
        if face != self.face:
            self.face = face
            self.update()
        self.setToolTip(tooltip)

    def set_glow(self, glow: QColor | None, caption: str = "") -> None:
        if caption != self.caption:
            self.prepareGeometryChange()
            self.caption = caption
            self.update()
        if glow != self.glow:
            self.glow = glow
            self.update()

    def place(self, centre: QPointF, glide: bool) -> None:
        """Stand on `centre`; glide there from where it is shown now, or jump."""
        self.home = self.glider.stand(centre, self.home, glide)

    def start_drag(self, scene_pos: QPointF) -> None:
        super().start_drag(scene_pos)
        if self.locked:
            self.setZValue(Z_FIGURE)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if not self.locked:
            super().mouseMoveEvent(event)
            if self.on_move is not None and self.dragging:
                self.on_move(self)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        self.setZValue(Z_FIGURE)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        face = self.face
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(face.colour)
        if face.fallen:
            colour = QColor.fromHslF(colour.hslHueF(), 0.15, 0.55)
        base = base_path(face.mark, FIGURE_D)
        glow = GLOW_HOVER if self.dragging and not self.locked else self.glow
        if glow is not None:
            painter.setPen(QPen(glow, 6))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(base_path(face.mark, FIGURE_D + 6))
        painter.setPen(QPen(colour.darker(170), 1.6))
        painter.setBrush(colour)
        painter.drawPath(base)
        ink = ink_on(colour)
        glyph = glyph_path(face.kind, FIGURE_D * 0.62)
        if glyph is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(ink)
            painter.drawPath(glyph)
        else:
            painter.setPen(ink)
            painter.setFont(font(VALUE_PX, bold=True))
            painter.drawText(QRectF(-FIGURE_D / 2, -FIGURE_D / 2, FIGURE_D, FIGURE_D),
                             Qt.AlignmentFlag.AlignCenter, face.initials)
        if face.count:
            pill(painter, f"×{face.count}", QPointF(FIGURE_D / 2 - 5, FIGURE_D / 2 - 3),
                 font(SMALL_PX - 1, bold=True), QColor("#fff3c4"), INK)
        if self.caption:
            caption_pill(painter, self.caption, QPointF(0, -FIGURE_D / 2 - 10), self.glow)
