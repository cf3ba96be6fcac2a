"""The table's furniture beside the board: each clan's sheet (stat tracks, Rage left,
Glory, upgrades, quest slot, reserve and Valhalla trays) and the Glory track above.

A sheet shows only what the whole table may know: how many cards a clan holds and how
many quests it has committed, never which. Its figures stand on it as FigureItems (the
scene places them on the trays this sheet draws).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.board.items import FacedItem
from app.board.lettering import (
    INK,
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
from app.board.topology import Z_PIECE
from app.games.yggdrasil.layout import (
    FIGURE_D,
    PANEL_H,
    RESERVE_Y,
    VALHALLA_Y,
)
from app.games.yggdrasil.paint import (
    PAPER,
    base_path,
)

SHEET = QColor("#26302c")
DIM = QColor("#c9c4b6")
GOLD = QColor("#f2c230")
QUEST_SLOT = (44.0, 46.0)


@dataclass(frozen=True)
class Track:
    name: str
    colour: str
    step: int  # 1-6
    values: tuple[int, ...]  # the stat at each step


@dataclass(frozen=True)
class SheetFace:
    """What a clan's sheet shows; equal faces need no repaint."""

    title: str  # '● Player 1'
    colour: str
    size: tuple[float, float]
    first: bool  # holds the first-player marker
    turn: bool  # the clan whose turn it is, or who must decide
    note: str  # 'computer', 'has passed'
    tracks: tuple[Track, ...]
    rage_left: int
    glory: int
    counts: str  # 'Hand 4 · on board 3 of 4 Horns'
    upgrades: tuple[str, ...]
    quests: int


class SheetItem(FacedItem):
    """A clan's sheet on the table; a card dropped on it upgrades (its owner's, while it
    decides)."""

    def __init__(self, seat: int, face: SheetFace) -> None:
        super().__init__(face)
        self.seat = seat
        self.spot = f"sheet:{seat}"
        self.glow: QColor | None = None
        self.quest_slot = QuestSlot(seat, self)
        self.setZValue(Z_PIECE - 3)

    def boundingRect(self) -> QRectF:
        return self.rect().adjusted(-6, -6, 6, 6)

    def set_face(self, face: SheetFace, tooltip: str) -> bool:
        changed = super().set_face(face, tooltip)
        if changed:
            self.quest_slot.set_count(face.quests)
        top = self.rect().bottom() - PANEL_H
        self.quest_slot.setPos(self.rect().width() - QUEST_SLOT[0] - 10, top + 150)
        return changed

    def set_glow(self, glow: QColor | None, quest_glow: QColor | None = None) -> None:
        if glow != self.glow:
            self.glow = glow
            self.update()
        self.quest_slot.set_glow(quest_glow)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        face = self.face
        rect = self.rect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rim(painter, rect, 8, self.glow)
        colour = QColor(face.colour)
        painter.setPen(QPen(GOLD if face.turn else colour.lighter(130), 3 if face.turn else 1.5))
        painter.setBrush(SHEET)
        painter.drawRoundedRect(rect, 8, 8)
        band = QRectF(1, 1, rect.width() - 2, 24)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(band, 7, 7)
        painter.setPen(ink_on(colour))
        title_font = font(NAME_PX + 1, bold=True)
        painter.setFont(title_font)
        painter.drawText(band.adjusted(8, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, face.title)
        right = rect.width() - 8
        if face.first:
            box = pill(painter, "1st", QPointF(right - 14, band.center().y()),
                       font(SMALL_PX, bold=True), GOLD, INK)
            right = box.left() - 4
        if face.note:
            note_font = font(SMALL_PX, italic=True)
            painter.setFont(note_font)
            painter.setPen(ink_on(colour))
            left = 16 + text_width(face.title, title_font)
            painter.drawText(QRectF(left, band.top(), right - left, band.height()),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                             elided(face.note, note_font, right - left))
        top = rect.height() - PANEL_H  # a taller sheet keeps its trays at the bottom
        for n, track in enumerate(face.tracks):
            _paint_track(painter, track, QRectF(8, 30 + n * 24, rect.width() - 16, 21))
        line = QRectF(8, 104, rect.width() - 16, 22)
        painter.setFont(font(VALUE_PX + 1, bold=True))
        painter.setPen(PAPER)
        painter.drawText(line, Qt.AlignmentFlag.AlignVCenter, f"Rage left {face.rage_left}")
        painter.setPen(GOLD)
        painter.drawText(line, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                         f"Glory {face.glory}")
        painter.setFont(font(SMALL_PX))
        painter.setPen(DIM)
        painter.drawText(QRectF(8, 128, rect.width() - 16, 18), Qt.AlignmentFlag.AlignVCenter,
                         elided(face.counts, font(SMALL_PX), rect.width() - 16))
        text_w = rect.width() - QUEST_SLOT[0] - 30
        upgrades = list(face.upgrades) or ["no upgrades yet"]
        painter.setPen(PAPER if face.upgrades else DIM)
        small = font(SMALL_PX, italic=not face.upgrades)
        painter.setFont(small)
        for n, name in enumerate(upgrades[:LISTED]):  # the reserve's label lies below
            more = len(upgrades) - LISTED if n == LISTED - 1 and len(upgrades) > LISTED else 0
            text = f"{name} +{more} more" if more else name
            painter.drawText(QRectF(8, 148 + n * 15, text_w, 15), Qt.AlignmentFlag.AlignVCenter,
                             elided(("• " if face.upgrades else "") + text, small, text_w))
        tray = QRectF(6, top + RESERVE_Y - FIGURE_D / 2 - 6, rect.width() - 12, FIGURE_D + 12)
        painter.setPen(QPen(DIM.darker(130), 1, Qt.PenStyle.DashLine))
        painter.setBrush(QColor(0, 0, 0, 50))
        painter.drawRoundedRect(tray, 8, 8)
        painter.setFont(font(SMALL_PX - 1))
        painter.setPen(DIM)
        painter.drawText(QRectF(tray.left() + 8, tray.top() - 14, 80, 13),
                         Qt.AlignmentFlag.AlignVCenter, "Reserve")
        painter.drawText(QRectF(8, top + VALHALLA_Y - 9, 50, 18), Qt.AlignmentFlag.AlignVCenter,
                         "Valhalla")


LISTED = 2  # upgrade lines a sheet on the board has room for; the Hand dock shows them all


def _paint_track(painter: QPainter, track: Track, box: QRectF) -> None:
    """A stat's six steps, the clan's step filled; each step's value printed on it."""
    colour = QColor(track.colour)
    label_w = 48.0
    painter.setFont(font(SMALL_PX + 1, bold=True))
    painter.setPen(colour.lighter(170))
    painter.drawText(QRectF(box.left(), box.top(), label_w, box.height()),
                     Qt.AlignmentFlag.AlignVCenter, track.name)
    cell = (box.width() - label_w) / len(track.values)
    value_font = font(SMALL_PX, bold=True)
    for n, value in enumerate(track.values):
        r = QRectF(box.left() + label_w + n * cell + 1, box.top(), cell - 2, box.height())
        reached = n + 1 <= track.step
        now = n + 1 == track.step
        painter.setPen(QPen(colour.lighter(140) if now else QColor("#4b5550"), 1.2))
        painter.setBrush(colour if now else colour.darker(200) if reached else QColor("#323c38"))
        painter.drawRoundedRect(r, 4, 4)
        painter.setFont(value_font)
        painter.setPen(QColor("#ffffff") if now else DIM if reached else QColor("#7c847f"))
        painter.drawText(r, Qt.AlignmentFlag.AlignCenter, str(value))


class QuestSlot(QGraphicsItem):
    """Where a clan's committed quests lie face down: a card dropped here commits it."""

    def __init__(self, seat: int, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.spot = f"quests:{seat}"
        self.count = 0
        self.glow: QColor | None = None
        self.setToolTip("Committed quests lie here face down; only their clan knows them. "
                        "Drop a quest card from your hand here to commit it.")

    def boundingRect(self) -> QRectF:
        return QRectF(-5, -5, QUEST_SLOT[0] + 10, QUEST_SLOT[1] + 10)

    def set_count(self, count: int) -> None:
        if count != self.count:
            self.count = count
            self.update()

    def set_glow(self, glow: QColor | None) -> None:
        if glow != self.glow:
            self.glow = glow
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        rect = QRectF(0, 0, *QUEST_SLOT)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rim(painter, rect, 5, self.glow)
        if self.count:
            painter.setPen(QPen(QColor("#14110e"), 1))
            painter.setBrush(QColor("#3b3246"))
            painter.drawRoundedRect(rect, 5, 5)
            pill(painter, f"×{self.count}", rect.center(), font(SMALL_PX, bold=True),
                 QColor("#fff3c4"), INK)
        else:
            painter.setPen(QPen(DIM, 1, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect, 5, 5)
            painter.setFont(font(SMALL_PX - 2))
            painter.setPen(DIM)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "Quests")


# -- the Glory track ---------------------------------------------------------------------
@dataclass(frozen=True)
class GloryFace:
    size: tuple[float, float]
    glory: tuple[int, ...]
    colours: tuple[str, ...]
    news: str  # the Age, Ragnarök to come, the last battle


class GloryTrack(QGraphicsItem):
    """Every clan's Glory on one track above the board (its mark at its score), and a line
    of news under it."""

    def __init__(self, face: GloryFace, tooltip: str) -> None:
        super().__init__()
        self.face = face
        self.setToolTip(tooltip)
        self.setZValue(Z_PIECE - 3)

    def boundingRect(self) -> QRectF:
        return QRectF(-4, -4, self.face.size[0] + 8, self.face.size[1] + 8)

    def set_face(self, face: GloryFace, tooltip: str) -> None:
        if face != self.face:
            if face.size != self.face.size:
                self.prepareGeometryChange()
            self.face = face
            self.update()
        self.setToolTip(tooltip)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        face = self.face
        w, h = face.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#4b5550"), 1))
        painter.setBrush(QColor("#222b28"))
        painter.drawRoundedRect(QRectF(0, 0, w, h), 8, 8)
        left, right, y = 70.0, w - 16, 19.0
        painter.setFont(font(NAME_PX, bold=True))
        painter.setPen(GOLD)
        painter.drawText(QRectF(10, y - 12, 60, 24), Qt.AlignmentFlag.AlignVCenter, "Glory")
        top = max(face.glory, default=0)
        span = max(20, -(-(top + 5) // 10) * 10)
        step = 5 if span <= 40 else 10 if span <= 100 else 20
        painter.setPen(QPen(DIM.darker(140), 2))
        painter.drawLine(QPointF(left, y), QPointF(right, y))
        tick_font = font(SMALL_PX - 1)
        painter.setFont(tick_font)
        for value in range(0, span + 1, step):
            x = left + (right - left) * value / span
            painter.setPen(QPen(DIM.darker(140), 1))
            painter.drawLine(QPointF(x, y - 4), QPointF(x, y + 4))
            painter.setPen(DIM.darker(115))
            painter.drawText(QRectF(x - 15, y - 19, 30, 11), Qt.AlignmentFlag.AlignCenter,
                             str(value))
        taken: dict[int, int] = {}
        for seat, glory in sorted(enumerate(face.glory), key=lambda sg: sg[1]):
            x = left + (right - left) * max(0, glory) / span
            lane = round(x / 14)
            stack = taken.get(lane, 0)
            taken[lane] = stack + 1
            colour = QColor(face.colours[seat])
            painter.save()
            painter.translate(x + stack * 9, y + stack * 3)
            painter.setPen(QPen(colour.darker(170), 1.2))
            painter.setBrush(colour)
            painter.drawPath(base_path(seat, 14))
            painter.restore()
        painter.setFont(font(SMALL_PX + 1))
        painter.setPen(PAPER)
        painter.drawText(QRectF(10, 29, w - 20, h - 30), Qt.AlignmentFlag.AlignVCenter,
                         elided(face.news, font(SMALL_PX + 1), w - 20))
