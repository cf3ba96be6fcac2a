"""Nordguard stays legible on 7x7 (issue "A table that fits every screen"): no print on
the board below 8 pt at the default (fitted) zoom of a 1366x768 window with seven
players, and the print follows the application font.

Sizes are measured, not assumed: every text the board paints in a full repaint is
recorded with its font's size in the painter's units times the painter's scale,
in points at the screen's DPI.
"""

from __future__ import annotations

import math

import pytest
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication

from app.board import sprites
from app.games.nordguard.lettering import screen_dpi
from engine.games.nordguard.actions import Attempt, Drop, EndDay
from engine.games.nordguard.combat import CombatCheck
from tests.engine.nordguard.helpers import asked

SEVEN = ("nickel", "pi", "london", "mckay", "oleg", "geri", "freki")
LAPTOP = (1366, 768)


def painted_points(monkeypatch, win) -> list[tuple[float, str]]:
    """(size in points on screen, text) of everything the board paints, all of it afresh."""
    seen: list[tuple[float, str]] = []
    draw = QPainter.drawText

    def record(painter: QPainter, *args):
        font = painter.font()
        pixels = font.pixelSize() if font.pixelSize() > 0 else \
            font.pointSizeF() * painter.device().logicalDpiY() / 72
        scale = math.sqrt(abs(painter.worldTransform().determinant()))
        text = next((a for a in args if isinstance(a, str)), "")
        if text.strip():
            seen.append((pixels * scale * 72 / screen_dpi(), text))
        return draw(painter, *args)

    with monkeypatch.context() as patch:
        patch.setattr(QPainter, "drawText", record)
        sprites.forget()  # the pictures of looks painted before are painted again
        for item in win.scene.items():
            item.update()
        win.view.viewport().grab()
    return seen


def busy_table(table):
    """Seven players on 7x7 at 1366x768, mid-fight: long location names, two challenges,
    a Waypoint, a permanent event, a scout's dice, an event with a combat under way,
    an item lying here, and the piles."""
    win = table.day_one(SEVEN, size=LAPTOP)
    for cell, key in ((8, "mountain-shoulder"), (9, "blizzard-basin"), (10, "trading-post"),
                      (14, "narrow-crevasse"), (15, "whiteout-ridge"), (16, "pressure-ridge")):
        table.lay(cell, key)
    table.lay(1, "tundra")
    table.events_on_top("avalanche")
    table.submit(Attempt("E"))  # the Avalanche stays on Open Tundra
    table.lay(3, "snowdrift", face_up=False)
    table.dice(2, 5)
    table.click(table.cell_point(3))  # Nickel scouts it: its dice lie on it
    table.submit(EndDay())
    table.lay(2, "tundra")
    table.events_on_top("bandits")
    table.submit(Attempt("E"))
    assert isinstance(asked(table.state), CombatCheck)
    [rope] = table.hand(1, "rope")
    table.submit(Drop(rope))
    assert win.scene.event_card.look.title == "Bandits" and win.scene.event_card.banner
    win.view.fit()
    QApplication.processEvents()
    return win


def test_no_print_below_8_points_on_a_7x7_map_at_1366x768(monkeypatch, table):
    win = busy_table(table)
    seen = painted_points(monkeypatch, win)
    texts = {text for _, text in seen}
    for shown in ("★ Trading", "Combat vs Bandits", "Scouted", "⚠ 2d6 ≥ 8", "COUNTDOWN"):
        assert any(shown in text for text in texts), (shown, repr(sorted(texts)))
    assert any(text.startswith("Rope") or text == "Rope" for text in texts)
    smallest = min(seen)
    assert smallest[0] >= 8.0, smallest


def test_the_move_badges_are_as_legible_as_the_cards(table):
    """While the sled is carried, each glowing neighbour's chance is at least 8 pt."""
    win = table.day_one(SEVEN, size=LAPTOP)
    table.lay(1, "tundra")
    sizes = []

    def measure():
        zoom = win.view.zoom()
        for badge in win.scene._highlights:
            for label in badge.childItems():
                sizes.append(label.font().pixelSize() * zoom * 72 / screen_dpi())

    table.carry(win.scene.sled.pos(), table.cell_point(1), hold=measure)
    assert sizes and min(sizes) >= 8.0


@pytest.fixture
def large_font():
    app = QApplication.instance()
    before = app.font()
    font = app.font()
    font.setPointSizeF(13.0)
    app.setFont(font)
    yield 13.0
    app.setFont(before)


def test_print_grows_with_the_application_font(monkeypatch, table, large_font):
    """A larger system font: the smallest print grows with it (8/9 of it, here 11.6 pt)."""
    win = busy_table(table)
    smallest = min(painted_points(monkeypatch, win))
    assert smallest[0] >= large_font * 8 / 9 - 0.01, smallest
