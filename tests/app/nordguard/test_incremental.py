"""The table redraws only what changed (issue "A table that fits every screen", Under the
mouse): a redraw of an unchanged table rebuilds no location card and no Hand dock
panel; a scout click rebuilds and repaints the one card it turned face up; a trade
changes the cards of the two panels it concerns and nothing else."""

from __future__ import annotations

from app.games.nordguard import looks
from app.games.nordguard.pieces import LocationCard
from engine.games.nordguard.actions import Trade
from engine.games.nordguard.state import slots

SEVEN = ("nickel", "pi", "london", "mckay", "oleg", "geri", "freki")


def test_only_the_changed_location_is_rebuilt_and_repainted(monkeypatch, table):
    win = table.day_one(SEVEN, size=(1366, 768))
    table.lay(9, "snowdrift", face_up=False)
    built: list[str] = []
    face = looks.location_face
    monkeypatch.setattr(looks, "location_face",
                        lambda c, s, ref: built.append(ref) or face(c, s, ref))
    painted: list[int] = []
    paint = LocationCard.paint
    monkeypatch.setattr(LocationCard, "paint",
                        lambda card, *args: painted.append(card.cell) or paint(card, *args))
    win.view.viewport().grab()  # every card's picture is cached now
    painted.clear()
    win.refresh()
    win.view.viewport().grab()
    assert built == [] and painted == []
    table.dice(3, 4)
    table.click(table.cell_point(9))
    win.view.viewport().grab()
    scouted = table.state.location_at(9)
    assert table.state.scouted_today and scouted in table.state.table.face_up
    assert set(built) == {scouted}  # its face, and its tooltip's text
    assert painted == [9]


def test_unchanged_panels_keep_their_widgets(table):
    """The Hand dock keeps every panel's widget and touches a panel only where its value
    changed: the presenter must build equal panels for unchanged seats (a scout changes
    none, a trade two)."""
    win = table.day_one(SEVEN, size=(1366, 768))
    dock = win.hand_dock
    before = list(dock.panels)

    def cards() -> dict[str, list[int]]:
        return {panel.zone: [id(card) for card in panel.cards] for panel in dock.panels}

    shown = {panel.zone: panel.shown for panel in dock.panels}
    held = cards()
    table.click(table.cell_point(9))
    assert table.state.scouted_today
    assert all(a is b for a, b in zip(dock.panels, before, strict=True))
    assert cards() == held and {p.zone: p.shown for p in dock.panels} == shown
    rifle = table.state.carried(4)[0]
    portraits = [panel.portrait for panel in dock.panels]
    slots_before = {id(slot) for panel in dock.panels for slot in panel.slots}
    table.submit(Trade(rifle, 1))
    assert all(a is b for a, b in zip(dock.panels, before, strict=True))
    assert [panel.portrait for panel in dock.panels] == portraits  # the Characters stay
    slots_now = {id(slot) for panel in dock.panels for slot in panel.slots}
    assert len(slots_now - slots_before) <= 1  # a slot for Oleg's rifle; Pi's filled one goes
    now = cards()
    assert {zone for zone in now if now[zone] != held[zone]} == {slots(1), slots(4)}
    assert set(held[slots(1)]) <= set(now[slots(1)])  # the cards Oleg kept keep their widgets
