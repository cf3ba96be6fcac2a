"""How big Nordguard's print is on screen: it follows the application font, and nothing
is painted below the small print.

Sizes are design sizes: scene units at zoom 1 with a 9 pt application font, the
size the table was drawn for. On screen a text is its design size times the zoom,
but never below SMALL_PRINT_POINTS (or 8/9 of a larger application font): when the
table is zoomed out so far that print would shrink past that, the print stays at
the small-print size and a card shows fewer lines (its tooltip keeps the whole
text). A larger system font makes every size larger, so the table reads like the
rest of the desktop.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QGuiApplication, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

DESIGN_POINTS = 9.0  # the application font size the design sizes are drawn for
SMALL_PRINT_POINTS = 8.0  # the smallest print on the table, on screen
SMALL_PRINT_SHARE = 8.0 / 9.0  # of a larger application font
POINTS_PER_INCH = 72.0
LEADING = 1.15  # a line's height in its font's size (DejaVu Sans needs 1.164)


def screen_dpi() -> float:
    """The logical DPI text sizes in points are measured at (96 on most desktops)."""
    screen = QGuiApplication.primaryScreen()
    return screen.logicalDotsPerInchY() if screen is not None else 96.0


def application_points() -> float:
    """The application font's size in points (a font set in pixels is converted)."""
    font = QGuiApplication.font()
    if font.pointSizeF() > 0:
        return font.pointSizeF()
    return font.pixelSize() * POINTS_PER_INCH / screen_dpi()


def small_print_points() -> float:
    return max(SMALL_PRINT_POINTS, application_points() * SMALL_PRINT_SHARE)


def zoom_of(painter: QPainter) -> float:
    return QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())


class Print:
    """The print sizes for painting at one zoom (`zoom`: screen pixels per scene unit)."""

    def __init__(self, zoom: float) -> None:
        points = application_points()
        self.scale = points / DESIGN_POINTS
        self.floor = small_print_points() * screen_dpi() / POINTS_PER_INCH / max(zoom, 1e-3)
        self.family = QGuiApplication.font().family()

    @classmethod
    def of(cls, painter: QPainter) -> Print:
        return cls(zoom_of(painter))

    def size(self, design: float) -> float:
        """Scene units for a text of this design size: scaled with the application font,
        never smaller on screen than the small print."""
        return max(design * self.scale, self.floor)

    def font(self, design: float, bold: bool = False) -> QFont:
        return _font(self.family, math.ceil(self.size(design)), bold)

    def line(self, design: float) -> float:
        """The height of one line of this print."""
        return math.ceil(self.size(design)) * LEADING

    def fits(self, design: float, height: float, lines: int = 1) -> bool:
        return self.line(design) * lines <= height + 0.5


@lru_cache(maxsize=256)
def _font(family: str, pixels: int, bold: bool) -> QFont:
    font = QFont(family)
    font.setPixelSize(max(1, pixels))
    font.setBold(bold)
    return font


@lru_cache(maxsize=256)
def metrics(font: QFont) -> QFontMetricsF:
    return QFontMetricsF(font)


def wrap(font: QFont, text: str, width: float, max_lines: int) -> list[str]:
    """`text` broken at spaces into lines no wider than `width`; the last line that fits
    is cut with an ellipsis when the text runs on (never more than `max_lines`)."""
    fm = metrics(font)
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and fm.horizontalAdvance(f"{line} {words[0]}") <= width:
            line += " " + words.pop(0)
        lines.append(line)
    if words and lines:
        lines[-1] = f"{lines[-1]} {' '.join(words)}"
    return [fm.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in lines]


def write(painter: QPainter, font: QFont, box: QRectF, text: str,
          align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter) -> None:
    """One line in `box`, cut with an ellipsis if it is too wide."""
    painter.setFont(font)
    shown = metrics(font).elidedText(text, Qt.TextElideMode.ElideRight, box.width())
    painter.drawText(box, align | Qt.AlignmentFlag.AlignVCenter, shown)


def write_lines(painter: QPainter, font: QFont, box: QRectF, text: str, max_lines: int,
                align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignHCenter) -> float:
    """`text` wrapped into at most `max_lines` lines from the top of `box`; the height used."""
    if max_lines <= 0:
        return 0.0
    lines = wrap(font, text, box.width(), max_lines)
    step = font.pixelSize() * LEADING
    painter.setFont(font)
    for i, line in enumerate(lines):
        painter.drawText(QRectF(box.left(), box.top() + i * step, box.width(), step),
                         align | Qt.AlignmentFlag.AlignVCenter, line)
    return step * len(lines)
