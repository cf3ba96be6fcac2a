"""The clan sheet's three stat tracks, drawn as the picture on the Hand dock's sheet card.

Cards in the dock draw a picture by name (app.board.cards.ART); a sheet's picture is
named by its three steps, ``ygg-tracks:<rage>:<axes>:<horns>``, and its painter is made
the first time those steps are shown (at most 216 of them).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from app.board.cards import ART
from app.games.yggdrasil.looks import STAT_COLOURS, STAT_NAMES
from engine.games.yggdrasil import board
from engine.games.yggdrasil.state import STATS, YggdrasilState

PREFIX = "ygg-tracks:"


def art_name(state: YggdrasilState, seat: int) -> str:
    """The picture of `seat`'s tracks, registered for the dock's card painter."""
    steps = tuple(state.step(stat, seat) for stat in STATS)
    name = PREFIX + ":".join(map(str, steps))
    if name not in ART:
        ART[name] = _painter(steps)
    return name


def _painter(steps: tuple[int, ...]) -> Callable[[QPainter, QRectF], None]:
    def paint(painter: QPainter, rect: QRectF) -> None:
        row = rect.height() / len(STATS)
        label_w = rect.width() * 0.2
        for n, stat in enumerate(STATS):
            values = board.content().track(stat).steps
            colour = QColor(STAT_COLOURS[stat])
            top = rect.top() + n * row
            label = QFont("DejaVu Sans", 1)
            label.setPixelSize(max(5, int(row * 0.5)))
            label.setBold(True)
            painter.setFont(label)
            painter.setPen(colour)
            painter.drawText(QRectF(rect.left(), top, label_w, row),
                             Qt.AlignmentFlag.AlignVCenter, STAT_NAMES[stat][0])
            cell = (rect.width() - label_w) / len(values)
            for k, value in enumerate(values):
                box = QRectF(rect.left() + label_w + k * cell + 0.5, top + 1, cell - 1, row - 2)
                now = k + 1 == steps[n]
                painter.setPen(QPen(colour.darker(130), 0.8))
                painter.setBrush(colour if now else colour.lighter(185) if k < steps[n]
                                 else QColor("#f4f1ea"))
                painter.drawRect(box)
                painter.setPen(QColor("#ffffff") if now else QColor("#3a3a3a"))
                number = QFont("DejaVu Sans", 1)
                number.setPixelSize(max(5, int(row * 0.46)))
                number.setBold(now)
                painter.setFont(number)
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(value))
    return paint
