"""Seats in colour-blind-safe colours, never told apart by colour alone (issue "A table
that fits every screen"): each Character's panel carries its seat's Okabe-Ito colour
and symbol beside the seat's label, and so does the day's leader on the Countdown."""

from __future__ import annotations

from app.dialogs.summary import LINE_COLOURS
from engine.games.nordguard.actions import EndDay
from engine.games.nordguard.state import slots

SEVEN = ("nickel", "pi", "london", "mckay", "oleg", "geri", "freki")
SYMBOLS = "●▼■◆✚✖★"


def test_every_seat_has_its_colour_and_symbol(table):
    win = table.day_one(SEVEN, size=(1366, 768))
    panels = {panel.zone: panel for panel in win.presenter.hand_panels(
        win.controller.match.view(0), 0)}
    for seat, key in enumerate(SEVEN):
        panel = panels[slots(seat)]
        name = table.content.characters[key].name
        assert panel.title.startswith(f"{SYMBOLS[seat]} Player {seat + 1} · {name}")
        _, look, _ = panel.portrait
        assert look.face_colour == LINE_COLOURS[seat] and look.symbol == SYMBOLS[seat]
        assert table.panel(slots(seat)).title.text().startswith(
            f"<b>{SYMBOLS[seat]} Player {seat + 1}")
    assert len({look.face_colour for _, look, _ in (p.portrait for p in panels.values()
                                                     if p.portrait)}) == 7


def test_the_days_leader_is_on_the_countdown_with_their_mark(table):
    win = table.day_one(("nickel", "pi"))
    assert win.scene.countdown.leader == ("Nickel", 0)
    table.submit(EndDay())
    assert win.scene.countdown.leader == ("Pi", 1) and win.scene.countdown.day == 2
    assert win.seat_label.text().startswith("▼ Player 2 · Pi to act")
