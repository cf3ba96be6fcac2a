"""Where everything on the Wintergrim table goes, worked out from a view of the state.

The areas lie in one row, left to right, as the players' sides of a real
table do: the first player's HQ at the left end, the last player's at the
right end, each player's other areas beside its HQ and the paths between
the players. In an area its structures stand in rows, each with the units
inside it on it; the units outside stand in a row of their own below. Above
the areas lie each player's counters and piles, and the sky: the weather and
the tactics waiting to resolve.

How many rows an area takes is chosen for the window: of a few arrangements,
the one the board can show largest at the view's shape, so a crowded HQ grows
downwards rather than shrinking the whole table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QFontMetricsF

from engine.games.wintergrim import world
from engine.games.wintergrim.state import WintergrimState

CHIP_W, CHIP_H = 104.0, 64.0  # a unit
GAP = 8.0
STRUCT_HEAD = 42.0  # a structure's name band and values line, above its units
STRUCT_H = STRUCT_HEAD + CHIP_H + 2 * GAP
AREA_HEAD = 34.0
AREA_NAME_PX = 15
AREA_PAD = 12.0
OUTSIDE_LABEL = 18.0  # "outside" over the row of outside units
MIN_AREA_W = 160.0  # a path's name and owner, over one unit
AREA_GAP = 34.0
SKY_CARD = (206.0, 104.0)  # the weather, and each tactic waiting to resolve
EMPTY_SKY_W = 128.0  # where the weather goes while there is none
SEAT_PANEL = (206.0, 104.0)
PILE_SCALE = 0.85  # a pile is a smaller card than a card in play: it only counts
PILE_STEP = 96.0  # a pile card and its label
HEAD_H = 136.0  # the row of seats and sky above the areas
HEAD_GAP = 20.0
ROW_COUNTS = tuple((rows, out) for rows in range(1, 6) for out in (1, 2, 3))
"""(rows of structures, rows of outside units) the busiest area may take."""
DEFAULT_VIEW = (1030.0, 445.0)  # the board's share of a 1366x768 window


@dataclass
class AreaPlan:
    ident: str
    rect: QRectF = field(default_factory=QRectF)
    outside_top: float = 0.0  # where the row of outside units begins (scene y)


@dataclass
class Plan:
    """Every rectangle and centre the scene needs, in scene units."""

    areas: dict[str, AreaPlan] = field(default_factory=dict)
    structures: dict[str, QRectF] = field(default_factory=dict)
    units: dict[str, QPointF] = field(default_factory=dict)  # centres
    seats: dict[int, QPointF] = field(default_factory=dict)  # top-left of each seat block
    sky: QPointF = field(default_factory=QPointF)  # top-left of the weather slot
    played: dict[str, QPointF] = field(default_factory=dict)  # top-left of each waiting tactic
    content: QRectF = field(default_factory=QRectF)


def area_order(state: WintergrimState) -> list[str]:
    """The areas left to right: each player's HQ at its end of the table, its other areas
    beside it, and its paths towards the next player."""
    areas = world.areas(state)
    last = state.players - 1
    order: list[str] = []
    for seat in range(state.players):
        own = [a for a in areas if state.pieces[a].owner == seat and not world.is_path(state, a)]
        hqs = [a for a in own if world.card_of(state, a).hq]
        others = [a for a in own if a not in hqs]
        paths = [a for a in areas if state.pieces[a].owner == seat and world.is_path(state, a)]
        if seat == 0:
            block = hqs + others
        elif seat == last:
            block = others + hqs
        else:
            half = len(others) // 2
            block = others[:half] + hqs + others[half:]
        order += (block + paths) if seat < last or last == 0 else (paths + block)
    order += [a for a in areas if a not in order]  # an area of a seat out of the table
    return order


def structure_slots(state: WintergrimState, ident: str) -> int:
    """How many unit places a structure shows: the units inside and the room left."""
    return len(world.inside(state, ident)) + max(0, world.room_left(state, ident))


def structure_width(slots: int) -> float:
    return GAP + max(2, slots) * (CHIP_W + GAP)


def _contents(state: WintergrimState, area: str) -> tuple[list[str], list[str]]:
    """An area's structures (its own card first, the area's player's before visitors')
    and its outside units (the area's player's first)."""
    owner = state.pieces[area].owner
    structures: list[str] = []
    outside: list[str] = []
    for ident in world.local(state, area):
        entity = state.pieces[ident]
        kind = world.card_of(state, ident).kind
        if kind == "structure":
            structures.append(ident)
        elif kind == "unit" and not entity.inside:
            outside.append(ident)
    def home_first(ident: str) -> bool:
        return ident != area and state.pieces[ident].owner == owner

    structures.sort(key=lambda i: (i != area, not home_first(i)))
    outside.sort(key=lambda i: state.pieces[i].owner != owner)
    return structures, outside


def _rows(widths: list[float], per_row: int) -> list[list[int]]:
    return [list(range(i, min(i + per_row, len(widths))))
            for i in range(0, len(widths), per_row)]


def _area_size(state: WintergrimState, area: str, per_row: int,
               cols: int) -> tuple[float, float]:
    structures, outside = _contents(state, area)
    widths = [structure_width(structure_slots(state, s)) for s in structures]
    rows = _rows(widths, per_row)
    inner = max([sum(widths[i] for i in row) + GAP * (len(row) - 1) for row in rows]
                + [MIN_AREA_W - 2 * AREA_PAD, min(len(outside), cols) * (CHIP_W + GAP) - GAP,
                   name_width(world.name(state, area))])
    out_rows = max(1, -(-len(outside) // _per_row(inner)))
    height = (AREA_HEAD + len(rows) * (STRUCT_H + GAP) + OUTSIDE_LABEL
              + out_rows * (CHIP_H + GAP) + AREA_PAD)
    return inner + 2 * AREA_PAD, height


@cache
def name_width(name: str) -> float:
    """An area's name as its header prints it (15 units, bold), never cut short."""
    font = QFont("DejaVu Sans", 1)
    font.setPixelSize(AREA_NAME_PX)
    font.setBold(True)
    return QFontMetricsF(font).horizontalAdvance(name) + 4


def _per_row(inner: float) -> int:
    """Outside units side by side in an area `inner` wide."""
    return max(1, int((inner + GAP) // (CHIP_W + GAP)))


def sky_width(state: WintergrimState) -> float:
    """The weather's place and the tactics waiting beside it."""
    weather = SKY_CARD[0] if world.weather(state) else EMPTY_SKY_W
    return weather + len(world.waiting_tactics(state)) * (SKY_CARD[0] + GAP)


def head_width(state: WintergrimState) -> float:
    seats = state.players * (SEAT_PANEL[0] + 2 * PILE_STEP + GAP)
    return seats + sky_width(state) + 2 * AREA_GAP


def plan(state: WintergrimState, view: tuple[float, float] = DEFAULT_VIEW) -> Plan:
    """The arrangement the board shows largest in a view of `view`'s size: every area
    lays its structures in as many rows (and its outside units in as many rows) as the
    arrangement says, so a crowded area grows downwards as far as the others do."""
    order = area_order(state)
    counts = {a: tuple(len(x) for x in _contents(state, a)) for a in order}
    best: tuple[float, dict[str, tuple[int, int]]] | None = None
    for rows, out_rows in ROW_COUNTS:
        shape = {a: (max(1, -(-n // rows)), max(2, -(-m // out_rows)))
                 for a, (n, m) in counts.items()}
        sizes = [_area_size(state, a, *shape[a]) for a in order]
        width = max(sum(w for w, _ in sizes) + AREA_GAP * max(0, len(sizes) - 1),
                    head_width(state))
        height = HEAD_H + HEAD_GAP + max((h for _, h in sizes), default=0.0)
        zoom = min(view[0] / (width + 40), view[1] / (height + 40))
        if best is None or zoom > best[0] + 1e-9:
            best = (zoom, shape)
    assert best is not None
    return _place(state, order, best[1])


def _place(state: WintergrimState, order: list[str], shape: dict[str, tuple[int, int]]) -> Plan:
    out = Plan()
    sizes = {a: _area_size(state, a, *shape[a]) for a in order}
    strip = sum(w for w, _ in sizes.values()) + AREA_GAP * max(0, len(order) - 1)
    width = max(strip, head_width(state))
    height = max((h for _, h in sizes.values()), default=0.0)
    top = HEAD_H + HEAD_GAP
    x = (width - strip) / 2
    for area in order:
        w, _ = sizes[area]
        rect = QRectF(x, top, w, height)
        out.areas[area] = _fill_area(state, area, rect, shape[area][0], out)
        x += w + AREA_GAP
    _place_head(state, width, out)
    out.content = QRectF(0, 0, width, top + height)
    return out


def _fill_area(state: WintergrimState, area: str, rect: QRectF, per_row: int,
               out: Plan) -> AreaPlan:
    structures, outside = _contents(state, area)
    widths = [structure_width(structure_slots(state, s)) for s in structures]
    y = rect.top() + AREA_HEAD
    for row in _rows(widths, per_row):
        x = rect.left() + AREA_PAD
        for i in row:
            ident = structures[i]
            box = QRectF(x, y, widths[i], STRUCT_H)
            out.structures[ident] = box
            for n, unit in enumerate(world.inside(state, ident)):
                out.units[unit] = QPointF(box.left() + GAP + n * (CHIP_W + GAP) + CHIP_W / 2,
                                          box.top() + STRUCT_HEAD + GAP + CHIP_H / 2)
            x += widths[i] + GAP
        y += STRUCT_H + GAP
    plan = AreaPlan(area, rect, y)
    per_out = _per_row(rect.width() - 2 * AREA_PAD)
    for n, unit in enumerate(outside):
        row, col = divmod(n, per_out)
        out.units[unit] = QPointF(rect.left() + AREA_PAD + col * (CHIP_W + GAP) + CHIP_W / 2,
                                  y + OUTSIDE_LABEL + row * (CHIP_H + GAP) + CHIP_H / 2)
    return plan


def _place_head(state: WintergrimState, width: float, out: Plan) -> None:
    """Seats at both ends of the row above the areas, the sky between them."""
    block = SEAT_PANEL[0] + 2 * PILE_STEP
    seats = list(range(state.players))
    left, right = seats[: (len(seats) + 1) // 2], seats[(len(seats) + 1) // 2:]
    for n, seat in enumerate(left):
        out.seats[seat] = QPointF(n * (block + GAP), 0)
    for n, seat in enumerate(reversed(right)):
        out.seats[seat] = QPointF(width - block - n * (block + GAP), 0)
    x = (width - sky_width(state)) / 2
    out.sky = QPointF(x, 16.0)
    x += (SKY_CARD[0] if world.weather(state) else EMPTY_SKY_W) + GAP
    for n, tactic in enumerate(world.waiting_tactics(state)):
        out.played[tactic] = QPointF(x + n * (SKY_CARD[0] + GAP), 16.0)

