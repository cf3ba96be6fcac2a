"""Rows of words wrapped into lines, the layouts of the rows last seen kept.

A row of the Rules log is laid out to measure its height when it comes, and again
to paint it, which follows at once; a repaint of the list (a click, a scroll, the
window uncovered) lays out the same twenty rows again. Laying out wrapped words is
most of what a row costs, so a layout is kept for the words and width it was made
for (never stale: other words or another width are another layout) and the font it
was made with (a new font forgets them all).
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QPointF
from PySide6.QtGui import QFont, QFontMetrics, QTextLayout, QTextOption

KEPT = 256  # layouts: the rows in view a few times over
PAD = 2  # pixels above and below a row's words

Lines = tuple[QTextLayout, int, int]  # the words laid out, the indent, the row's height


class RowLines:
    """Rows' words laid out to wrap within a width: leading spaces indent the row, its
    wrapped lines included; words longer than the width break anywhere."""

    def __init__(self, font: QFont, margin: int) -> None:
        self._option = QTextOption()
        self._option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self._kept: OrderedDict[tuple[str, int], Lines] = OrderedDict()
        self.use(font, margin)

    def use(self, font: QFont, margin: int) -> None:
        """Lay out with this font, `margin` pixels clear of either side of a row."""
        self._font = QFont(font)
        metrics = QFontMetrics(font)
        self.spacing = metrics.lineSpacing()
        self._space = metrics.horizontalAdvance(" ")
        self._margin = margin
        self._kept.clear()

    def line_height(self) -> int:
        """The height of a row of one line."""
        return self.spacing + 2 * PAD

    def lines(self, text: str, width: int) -> Lines:
        """`text` laid out in a row `width` pixels wide: the layout (drawn at the indent,
        PAD below the row's top), the indent and the row's height."""
        key = (text, width)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        words = text.lstrip(" ")
        indent = self._margin + self._space * (len(text) - len(words))
        line_width = max(1, width - indent - self._margin)
        layout = QTextLayout(words, self._font)
        layout.setTextOption(self._option)
        layout.beginLayout()
        height = 0
        while (line := layout.createLine()).isValid():
            line.setLineWidth(line_width)
            line.setPosition(QPointF(0, height))
            height += self.spacing
        layout.endLayout()
        kept = layout, indent, max(height, self.spacing) + 2 * PAD
        self._kept[key] = kept
        if len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return kept
