"""The area map (Wintergrim, Yggdrasil): named regions joined by typed links.

Areas are fixed for the life of the scene, but links change during play (bridges fall,
fjords freeze), so link items are kept apart from regions and rebuilt on their own by
:meth:`AreaScene.refresh_links`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsLineItem,
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.board.topology import (
    HIGHLIGHT,
    LABEL_INK,
    TERRAIN_EDGE,
    Z_HIGHLIGHT,
    Z_LINK,
    Z_TERRAIN,
    BoardScene,
    Colour,
    highlight_brush,
    highlight_pen,
    label_font,
    show_detail,
)
from engine.boards.areagraph import AreaGraph

AREA_FILL = QColor("#e7dfc6")
AREA_MIN_SIZE = (120.0, 64.0)
AREA_NAME_PX = 15
NAME_MIN_LOD = 0.3
"""Names are the only way to tell areas apart, so they survive much further zoom-out
than the small print on hexes and squares."""

_SEA = QColor("#6db3e6")
LINK_PENS: dict[str, QPen] = {
    "land": QPen(QColor("#d8c49a"), 4.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap),
    "fjord": QPen(_SEA, 4.0, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap),
    "sea": QPen(_SEA, 4.0, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap),
}
OTHER_LINK_PEN = QPen(QColor("#b8bcb4"), 3.0, Qt.PenStyle.DotLine, Qt.PenCapStyle.RoundCap)
"""Kinds this scene does not know yet still show up, visibly different from land and sea."""

_GLOW_OUTSET = 6.0
_RING_SPACING = 56.0  # free space between neighbouring areas in the default circle layout


class AreaRegion(QGraphicsPathItem):
    """One area: a rounded region centred on its position, with the name painted inside."""

    def __init__(self, name: str, rect: QRectF) -> None:
        path = QPainterPath()
        path.addRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        super().__init__(path)
        self.name = name
        self.rect = QRectF(rect)
        self._font = label_font(AREA_NAME_PX, bold=True)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        super().paint(painter, option, widget)
        if show_detail(painter, NAME_MIN_LOD):
            painter.setFont(self._font)
            painter.setPen(LABEL_INK)
            painter.drawText(self.rect, Qt.AlignmentFlag.AlignCenter, self.name)


def circle_layout(names: list[str], spacing: float) -> dict[str, tuple[float, float]]:
    """Names clockwise from the top of a circle, in the order given.

    The circle's circumference is ``len(names) * spacing``, so neighbours on it are
    ``spacing`` apart whatever the number of areas.
    """
    if len(names) == 1:
        return {names[0]: (0.0, 0.0)}
    radius = len(names) * spacing / (2 * math.pi)
    return {
        name: (
            radius * math.cos(-math.pi / 2 + 2 * math.pi * i / len(names)),
            radius * math.sin(-math.pi / 2 + 2 * math.pi * i / len(names)),
        )
        for i, name in enumerate(names)
    }


class AreaScene(BoardScene):
    """Draws an :class:`AreaGraph` and answers "which area is here" for the game's items.

    ``positions`` maps every area to its centre in scene coordinates; without it, areas
    sit on a circle in name order, so the same graph always looks the same.
    """

    def __init__(
        self,
        graph: AreaGraph,
        positions: Mapping[str, tuple[float, float]] | None = None,
    ) -> None:
        super().__init__()
        self.graph = graph
        names = graph.areas()
        metrics = QFontMetricsF(label_font(AREA_NAME_PX, bold=True))
        min_w, min_h = AREA_MIN_SIZE
        widths = {name: max(min_w, metrics.horizontalAdvance(name) + 40) for name in names}
        if positions is None:
            positions = circle_layout(names, max(widths.values(), default=0) + _RING_SPACING)
        missing = [name for name in names if name not in positions]
        if missing:
            raise ValueError(f"no position for area(s) {', '.join(missing)}")
        self._regions: dict[str, AreaRegion] = {}
        self._links: dict[frozenset[str], QGraphicsLineItem] = {}
        edge = QPen(TERRAIN_EDGE, 2.0)
        for name in names:
            w = widths[name]
            region = AreaRegion(name, QRectF(-w / 2, -min_h / 2, w, min_h))
            region.setPen(edge)
            region.setBrush(AREA_FILL)
            region.setPos(*positions[name])
            region.setZValue(Z_TERRAIN)
            self.addItem(region)
            self._regions[name] = region
        self._frame(self.itemsBoundingRect())
        self.refresh_links()

    def refresh_links(self) -> None:
        """Rebuild the link lines from the graph; regions and highlights are left alone."""
        for item in self._links.values():
            self.removeItem(item)
        self._links.clear()
        for a in self.graph.areas():
            for b in self.graph.neighbours(a):
                if a < b:
                    pen = LINK_PENS.get(self.graph.link_kind(a, b), OTHER_LINK_PEN)
                    item = QGraphicsLineItem(QLineF(self.center_of(a), self.center_of(b)))
                    item.setPen(pen)
                    item.setZValue(Z_LINK)
                    self.addItem(item)
                    self._links[frozenset((a, b))] = item

    def link_item(self, a: str, b: str) -> QGraphicsLineItem | None:
        """The line drawn for the link between ``a`` and ``b``, or None if there is none."""
        return self._links.get(frozenset((a, b)))

    def region(self, name: str) -> AreaRegion:
        """The terrain item of area ``name`` (KeyError for unknown names)."""
        return self._regions[name]

    def area_at(self, scene_pos: QPointF) -> str | None:
        """The area whose region contains ``scene_pos``, or None between areas."""
        for name, region in self._regions.items():
            if region.contains(region.mapFromScene(scene_pos)):
                return name
        return None

    def center_of(self, name: str) -> QPointF:
        """Scene position of the centre of area ``name``."""
        return self._regions[name].pos()

    def highlight(self, names: Iterable[str], colour: Colour = HIGHLIGHT) -> None:
        """Put a glowing rim around the named areas (adds to any existing highlight).

        The rim is wider than the region, so it still shows when pieces crowd the area.
        """
        pen, brush = highlight_pen(colour), highlight_brush(colour)
        o = _GLOW_OUTSET
        for name in names:
            region = self._regions[name]
            rect = region.rect.adjusted(-o, -o, o, o)
            path = QPainterPath()
            path.addRoundedRect(rect, rect.height() / 2, rect.height() / 2)
            glow = QGraphicsPathItem(path)
            glow.setPen(pen)
            glow.setBrush(brush)
            glow.setPos(region.pos())
            self._add(glow, Z_HIGHLIGHT, self._highlights)
