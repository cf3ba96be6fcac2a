"""Where everything on the Yggdrasil table goes, worked out from a view of the state.

The nine provinces lie in the board file's 3×3 layout, Yggdrasil in the middle; each
fjord lies on the board's outer edge across the seam of the two provinces it supports,
so a ship sits between the provinces it fights for. An outer province shows its
villages as a row of slots, a figure standing on each village it takes; Yggdrasil,
which has no villages, holds its figures in a grid. Above the board runs the Glory
track; beside it the clans' sheets lie two by two, each with its reserve and Valhalla.
The draft, the card kept at the Discard phase and a battle's cards are laid on a mat
over the board, which nobody acts on meanwhile.

Sizes are scene units chosen for the fitted zoom of a 1366×768 window (about 0.7):
names at 13 units and figures 34 units across stay readable there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF

from engine.games.yggdrasil import board
from engine.games.yggdrasil.state import RESERVE, VALHALLA, YggdrasilState

PROV_W, PROV_H = 236.0, 140.0
GAP = 14.0  # between provinces
FJORD_OUT = 40.0  # how far a fjord reaches out of the grid (the board's margin)
FJORD_IN = 8.0  # how far it reaches over the provinces' edge
FJORD_LONG = 112.0  # a fjord's length along the board's edge, for two ships
FIGURE_D = 34.0  # a figure's base
SLOT = 42.0  # one village, or one figure's room in Yggdrasil
PROV_HEAD = 26.0  # the province's name band
SLOTS_Y = 72.0  # the village row's middle, from the province's top
HEAD_H = 58.0  # the Glory track and the table's news, above the board
SIDE_GAP = 18.0  # between the board and the clan sheets
PANEL_W, PANEL_H = 216.0, 288.0
PANEL_GAP = 10.0
TRAY_STEP = 40.0  # figures side by side in a reserve
RESERVE_Y = PANEL_H - 64.0  # the reserve's row of figures, from the panel's top
VALHALLA_Y = PANEL_H - 20.0  # Valhalla's row, from the panel's top
VALHALLA_SCALE = 0.7


@dataclass
class Plan:
    """Every rectangle and centre the scene needs, in scene units."""

    provinces: dict[str, QRectF] = field(default_factory=dict)
    villages: dict[str, list[QPointF]] = field(default_factory=dict)  # outer: one per village
    fjords: dict[str, QRectF] = field(default_factory=dict)
    figures: dict[str, QPointF] = field(default_factory=dict)  # on the board: centres
    crowding: dict[str, float] = field(default_factory=dict)  # place -> figure scale there
    panels: dict[int, QRectF] = field(default_factory=dict)
    trays: dict[tuple[int, str, str], QPointF] = field(default_factory=dict)
    """(seat, RESERVE or VALHALLA, kind) -> the centre of that kind's piece in the tray."""
    head: QRectF = field(default_factory=QRectF)
    mat: QRectF = field(default_factory=QRectF)  # over the board
    content: QRectF = field(default_factory=QRectF)


def plan(state: YggdrasilState) -> Plan:
    out = Plan()
    rows = board.content().board.layout
    width = len(rows[0]) * PROV_W + (len(rows[0]) - 1) * GAP
    height = len(rows) * PROV_H + (len(rows) - 1) * GAP
    left, top = FJORD_OUT, HEAD_H + FJORD_OUT
    for r, keys in enumerate(rows):
        for c, key in enumerate(keys):
            out.provinces[key] = QRectF(left + c * (PROV_W + GAP), top + r * (PROV_H + GAP),
                                        PROV_W, PROV_H)
    grid_rect = QRectF(left, top, width, height)
    for fjord in board.content().board.fjords:
        ships = len(state.figures.at(fjord.key))
        out.fjords[fjord.key] = _fjord_rect(out.provinces, grid_rect, fjord.supports, ships)
    for key, rect in out.provinces.items():
        _place_province(state, key, rect, out)
    for key, rect in out.fjords.items():
        _place_fjord(state, key, rect, out)
    board_w = grid_rect.width() + 2 * FJORD_OUT
    board_bottom = grid_rect.bottom() + FJORD_OUT
    out.head = QRectF(0, 0, board_w, HEAD_H - 8)
    out.mat = QRectF(0, HEAD_H, board_w, board_bottom - HEAD_H)
    side = board_w + SIDE_GAP
    panel_h = max(PANEL_H, (board_bottom - PANEL_GAP) / 2)
    for seat in range(state.players):
        row, col = divmod(seat, 2)
        rect = QRectF(side + col * (PANEL_W + PANEL_GAP), row * (panel_h + PANEL_GAP),
                      PANEL_W, panel_h)
        out.panels[seat] = rect
        _place_trays(state, seat, rect, out)
    right = side + min(2, state.players) * (PANEL_W + PANEL_GAP) - PANEL_GAP
    bottom = max(board_bottom, max(r.bottom() for r in out.panels.values()))
    out.content = QRectF(0, 0, right, bottom)
    return out


def _fjord_rect(provinces: dict[str, QRectF], grid_rect: QRectF, supports: list[str],
                ships: int) -> QRectF:
    """Across the seam of its two provinces, on the board's outer edge they share."""
    a, b = (provinces[p] for p in supports)
    long = max(FJORD_LONG, ships * SLOT + 24)
    short = FJORD_OUT + FJORD_IN
    if abs(a.top() - b.top()) < 1:  # side by side: the top or the bottom edge
        x = (min(a.right(), b.right()) + max(a.left(), b.left())) / 2
        y = grid_rect.top() - FJORD_OUT if a.top() <= grid_rect.top() + 1 \
            else grid_rect.bottom() - FJORD_IN
        return QRectF(x - long / 2, y, long, short)
    y = (min(a.bottom(), b.bottom()) + max(a.top(), b.top())) / 2
    x = grid_rect.left() - FJORD_OUT if a.left() <= grid_rect.left() + 1 \
        else grid_rect.right() - FJORD_IN
    return QRectF(x, y - long / 2, short, long)


def figure_order(state: YggdrasilState, figures: list[str]) -> list[str]:
    """Clan by clan; within a clan the Leader, monsters, then Warriors and ships."""
    rank = {"leader": 0, "warrior": 2, "ship": 3}
    return sorted(figures, key=lambda f: (state.figures[f].owner or 0,
                                          rank.get(state.figures[f].kind, 1), f))


def _place_province(state: YggdrasilState, key: str, rect: QRectF, out: Plan) -> None:
    figures = figure_order(state, state.figures.at(key))
    villages = board.content().provinces[key].villages
    if villages:
        step = min(SLOT, (rect.width() - 16) / villages)
        x0 = rect.center().x() - step * (villages - 1) / 2
        spots = [QPointF(x0 + n * step, rect.top() + SLOTS_Y) for n in range(villages)]
        out.villages[key] = spots
        out.crowding[key] = 1.0
        for figure, spot in zip(figures, spots, strict=False):
            out.figures[figure] = spot
        return
    room = rect.adjusted(10, PROV_HEAD + 4, -10, -22)
    cols = max(5, -(-len(figures) // 2))
    rows = max(1, -(-len(figures) // cols))
    step = min(SLOT, room.width() / cols, room.height() / rows)
    out.crowding[key] = min(1.0, step / (FIGURE_D + 4))
    for n, figure in enumerate(figures):
        row, col = divmod(n, cols)
        in_row = min(cols, len(figures) - row * cols)
        x0 = room.center().x() - step * (in_row - 1) / 2
        y0 = room.center().y() - step * (rows - 1) / 2
        out.figures[figure] = QPointF(x0 + col * step, y0 + row * step)


def _place_fjord(state: YggdrasilState, key: str, rect: QRectF, out: Plan) -> None:
    ships = figure_order(state, state.figures.at(key))
    along = rect.width() >= rect.height()
    out.crowding[key] = 1.0
    for n, ship in enumerate(ships):
        offset = (n - (len(ships) - 1) / 2) * SLOT
        centre = rect.center()
        out.figures[ship] = QPointF(centre.x() + offset, centre.y()) if along \
            else QPointF(centre.x(), centre.y() + offset)


def tray_kinds(state: YggdrasilState, seat: int, where: str) -> list[str]:
    """The kinds of figure in a clan's reserve or Valhalla, in the sheet's order."""
    kinds = board.reserve_kinds(state, seat, where)
    rank = {"leader": 0, "warrior": 1, "ship": 2}
    return sorted(kinds, key=lambda k: (rank.get(k, 3), k))


def _place_trays(state: YggdrasilState, seat: int, rect: QRectF, out: Plan) -> None:
    for where, y, step in ((RESERVE, rect.bottom() - PANEL_H + RESERVE_Y, TRAY_STEP),
                           (VALHALLA, rect.bottom() - PANEL_H + VALHALLA_Y,
                            TRAY_STEP * VALHALLA_SCALE + 6)):
        kinds = tray_kinds(state, seat, where)
        x0 = rect.left() + (60.0 if where == VALHALLA else 24.0)
        step = min(step, (rect.right() - 14 - x0) / max(1, len(kinds)))
        for n, kind in enumerate(kinds):
            out.trays[(seat, where, kind)] = QPointF(x0 + n * step, y)
