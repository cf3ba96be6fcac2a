"""Pictures of pieces and cards, painted once per look and zoom and shared by all alike.

Thirty troop tokens show perhaps a dozen different faces, ten walls two, and
a card in the Hand dock repaints whenever its panel is laid out anew. Each
look is painted once into a picture of device pixels at the zoom it is seen
at, and every piece or card that looks the same draws that picture. Qt's own
device cache would paint every piece again whenever the zoom changes, and
the zoom changes whenever the window gives the board a few pixels more or
less (a dock growing by a line): that cost 13 ms a time on a full field.
The pictures of the last few zooms are kept, so going back and forth
between two sizes paints nothing new.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform

ZOOMS_KEPT = 3
LOOKS_KEPT = 300  # per zoom; a war's many passing captions and damage markers come and go

_pictures: OrderedDict[float, dict[Hashable, QPixmap]] = OrderedDict()


def draw(painter: QPainter, key: Hashable, rect: QRectF,
         paint: Callable[[QPainter], None]) -> None:
    """Draw the look `key` (what `paint` draws inside `rect`, in item units) from its
    picture at the painter's zoom, painting the picture first if there is none yet."""
    transform = painter.worldTransform()
    if transform.type().value > QTransform.TransformationType.TxScale.value:  # turned
        paint(painter)
        return
    scale = transform.m11()
    ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
    zoom = round(scale, 5)
    pictures = _pictures.get(zoom)
    if pictures is None:
        pictures = _pictures[zoom] = {}
        while len(_pictures) > ZOOMS_KEPT:
            _pictures.popitem(last=False)
    else:
        _pictures.move_to_end(zoom)
    picture = pictures.get((key, ratio))
    if picture is None:
        if len(pictures) >= LOOKS_KEPT:
            del pictures[next(iter(pictures))]  # the oldest look goes first
        picture = pictures[(key, ratio)] = _paint(rect, scale, ratio, paint,
                                                  painter.renderHints())
    corner = transform.map(rect.topLeft())
    painter.save()
    painter.setWorldTransform(QTransform())
    painter.drawPixmap(QPointF(math.floor(corner.x()), math.floor(corner.y())), picture)
    painter.restore()


def _paint(rect: QRectF, scale: float, ratio: float, paint: Callable[[QPainter], None],
           hints: QPainter.RenderHint) -> QPixmap:
    width = math.ceil(rect.width() * scale) + 2
    height = math.ceil(rect.height() * scale) + 2
    picture = QPixmap(max(1, round(width * ratio)), max(1, round(height * ratio)))
    picture.setDevicePixelRatio(ratio)
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    painter.setRenderHints(hints)
    painter.scale(scale, scale)
    painter.translate(-rect.topLeft())
    paint(painter)
    painter.end()
    return picture


def forget() -> None:
    """Drop every picture, so the next paint draws each look afresh (tests use it to
    watch what a look prints)."""
    _pictures.clear()
