"""List rows painted once into pictures and drawn from them.

The Rules log repaints every row in view whenever an entry is added, since the list
moves up by it: some twenty wrapped rows of text laid out and drawn afresh, about two
milliseconds on every action. A row looks the same until its words, its width or its
state (selected, under the mouse, an alternate row) change, so its picture is kept
and the repaint is a copy of pixels per row.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPixmap
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

KEPT = 400  # pictures: a few screens of rows, in each state they are seen in


class RowPictures(QStyledItemDelegate):
    """The default look of each row, painted once per look into a picture."""

    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)
        self._pictures: OrderedDict[Hashable, QPixmap] = OrderedDict()

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        rect = option.rect
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        ink = index.data(Qt.ItemDataRole.ForegroundRole)  # a QColor or QBrush, or None
        colour = None if ink is None else QBrush(ink).color().rgba()
        # The list paints an alternate row's ground itself, then asks for the row.
        alternate = bool(option.features & QStyleOptionViewItem.ViewItemFeature.Alternate)
        ground = (option.palette.alternateBase() if alternate else option.palette.base()).color()
        key = (index.data(Qt.ItemDataRole.DisplayRole), colour, rect.width(), rect.height(),
               option.state.value, option.features.value, ground.rgba(), ratio)
        picture = self._pictures.get(key)
        if picture is None:
            picture = self._paint(option, index, ratio, ground)
            self._pictures[key] = picture
            if len(self._pictures) > KEPT:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(key)
        painter.drawPixmap(rect.topLeft(), picture)

    def _paint(self, option: QStyleOptionViewItem,
               index: QModelIndex | QPersistentModelIndex, ratio: float,
               ground: QColor) -> QPixmap:
        """The row on the ground the list gives it (text smoothed onto it, as it would be
        on the list)."""
        rect = option.rect
        picture = QPixmap(max(1, round(rect.width() * ratio)),
                          max(1, round(rect.height() * ratio)))
        picture.setDevicePixelRatio(ratio)
        picture.fill(ground)
        at_origin = QStyleOptionViewItem(option)
        at_origin.rect = rect.translated(-rect.topLeft())
        painter = QPainter(picture)
        super().paint(painter, at_origin, index)
        painter.end()
        return picture
