"""Text that changes on every action without laying the window out again.

A QLabel given new text asks its parent's layout to run again, and that layout its
parent's, up to the main window's, which lays out every dock: about a millisecond
for a few words, on every action. These labels keep their size while their text
still fits, so only the label repaints.
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

SHRINK = 0.6  # a label narrows only when its text needs less than this share of it
TAGS = re.compile(r"<[^>]*>")  # rich text's markup, which takes no room of its own
BREAKS = re.compile(r"<br\s*/?>|\n")  # where a line ends by itself


class SteadyLabel(QLabel):
    """A one-line label of a fixed size, set anew only when the text needs more room
    (or much less): a label of fixed size does not ask the layout for another."""

    def __init__(self) -> None:
        super().__init__()
        self.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def setText(self, text: str) -> None:
        if text == self.text():
            return
        super().setText(text)
        wanted = super().sizeHint()
        if (wanted.width() > self.width() or wanted.width() < self.width() * SHRINK
                or wanted.height() != self.height()):
            self.setFixedSize(wanted)


class TextBar(QWidget):
    """A full-width bar of wrapped text, at least `lines` lines high.

    The text is a child label placed by hand, not by a layout, so a new text stops
    here; the bar itself grows (a layout pass) only when the text needs more lines.
    """

    def __init__(self, background: str, ink: str, lines: int = 2,
                 padding: tuple[int, int] = (10, 6)) -> None:
        super().__init__()
        self.padding = padding
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor(background))
        palette.setColor(QPalette.ColorRole.WindowText, QColor(ink))
        self.setPalette(palette)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        font = self.label.font()
        font.setBold(True)
        self.label.setFont(font)
        self.least = lines * self.label.fontMetrics().lineSpacing() + 2 * padding[1]
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(self.least)

    def text(self) -> str:
        return self.label.text()

    def setText(self, text: str) -> None:
        if text != self.label.text():
            self.label.setText(text)
            self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        x, y = self.padding
        self.label.setGeometry(self.rect().adjusted(x, y, -x, -y))
        self._fit()

    def _fit(self) -> None:
        """Grow for a text of more lines than the least, shrink back after it. Rich text
        is measured by laying out a document (~1 ms), so a text whose lines each fit
        (TACTICA's phase bar: two lines on every action) is not measured at all."""
        width = self.width() - 2 * self.padding[0]
        lines = BREAKS.split(self.label.text())
        metrics = self.label.fontMetrics()
        if all(metrics.horizontalAdvance(html.unescape(TAGS.sub("", line))) <= width
               for line in lines):
            needed = len(lines) * metrics.lineSpacing()
        else:
            needed = self.label.heightForWidth(width)
        height = max(self.least, needed + 2 * self.padding[1])
        if height != self.height():
            self.setFixedHeight(height)
        # The label follows the height now: a resize made before the bar is shown (or while
        # the layout is held back) may come late, and a label taller than its bar centres
        # its text below the bar's edge.
        x, y = self.padding
        self.label.setGeometry(x, y, width, height - 2 * y)
