"""Lettering and marks shared by the boards drawn in scene units (Wintergrim's areas,
Yggdrasil's provinces): pixel-sized print that scales with the board, text fitted or
elided to its room, pills and the glow round a place a gesture may end on."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

INK = QColor("#1e2430")
MUTED = QColor("#5b5f66")
NAME_PX, VALUE_PX, SMALL_PX = 13.0, 12.0, 11.0


@cache
def font(pixels: float, bold: bool = False, italic: bool = False) -> QFont:
    """A pixel-sized font: sizes are scene units, so print scales with the board."""
    out = QFont("DejaVu Sans", 1)
    out.setPixelSize(max(1, round(pixels)))
    out.setBold(bold)
    out.setItalic(italic)
    return out


def ink_on(fill: QColor) -> QColor:
    """Dark print on a light fill, white on a dark one."""
    return QColor("#ffffff") if fill.lightnessF() < 0.55 else INK


def elided(text: str, f: QFont, width: float) -> str:
    return QFontMetricsF(f).elidedText(text, Qt.TextElideMode.ElideRight, width)


def text_width(text: str, f: QFont) -> float:
    return QFontMetricsF(f).horizontalAdvance(text)


@cache
def fitted(text: str, width: float, largest: float, smallest: float) -> QFont:
    """The largest bold font from `largest` down to `smallest` in which `text` fits (asked
    at every paint of every piece, so kept)."""
    size = largest
    while size > smallest and text_width(text, font(size, bold=True)) > width:
        size -= 1
    return font(size, bold=True)


def rim(painter: QPainter, rect: QRectF, radius: float, glow: QColor | None) -> None:
    """A glow around a piece a gesture may end on: its own rim, never hidden by others."""
    if glow is None:
        return
    painter.setPen(QPen(glow, 5))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), radius + 3, radius + 3)


def pill(painter: QPainter, text: str, centre: QPointF, f: QFont, fill: QColor,
         ink: QColor) -> QRectF:
    """`text` in a rounded pill around `centre`; returns where it was drawn."""
    metrics = QFontMetricsF(f)
    w = metrics.horizontalAdvance(text) + f.pixelSize() * 0.8
    h = metrics.height() * 1.1
    box = QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)
    painter.setPen(QPen(fill.darker(150), 1))
    painter.setBrush(fill)
    painter.drawRoundedRect(box, h / 2, h / 2)
    painter.setPen(ink)
    painter.setFont(f)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    return box
