"""Troops glide to their new hex, come and go by fading (issue "A table that fits every
screen": moves glide instead of jumping). The table's state is checked at once, never
after waiting: only the picture lags behind, for a fifth of a second."""

from __future__ import annotations

import gc

from PySide6.QtCore import QPoint, Qt, QVariantAnimation

from app.glide import GLIDE_MS
from engine.boards.hexgrid import Hex
from engine.core import saves
from engine.core.frames import Pass
from engine.games.tactica import queries
from engine.games.tactica.actions import Attack, EndPhase, Move
from engine.games.tactica.board import board
from engine.games.tactica.state import Phase
from tests.app.tactica.tactica_table import Table, free_pair, offset
from tests.app.waits import MOTION_MS


def _to_movement(table: Table) -> None:
    table.to_first_turn()
    table.qtbot.mouseClick(table.win.hand_dock.button("End MUSTER"), Qt.MouseButton.LeftButton)
    assert table.state.phase is Phase.MOVEMENT


def test_a_troop_moved_by_the_rules_glides_to_its_new_hex(table):
    """A move applied without a drag (the computer's, a keyboard choice) shows the troop
    setting off from its old hex and arriving at the new one, not jumping there."""
    _to_movement(table)
    state = table.state
    b = board(state)
    troop = table.movable()
    start = b.pos[troop]
    dest = max(queries.reachable(state, troop))
    scene = table.win.scene
    item = scene.troops[troop]
    before = item.pos()
    assert table.win.controller.submit(Move(troop, *dest))
    assert table.where(troop) == dest  # the state, at once
    assert item.home == scene.center_of(Hex(*dest))
    assert item.glider.running()
    assert item.pos() == before == scene.center_of(Hex(*start))  # setting off, not there
    assert 150 <= GLIDE_MS <= 250
    table.qtbot.waitUntil(lambda: item.pos() == item.home, timeout=MOTION_MS)
    assert not item.glider.running()


def test_a_dropped_troop_settles_into_the_middle_of_its_hex(table):
    """Dropped anywhere inside a glowing hex, the troop glides to that hex's middle."""
    _to_movement(table)
    state = table.state
    b = board(state)
    troop = table.movable()
    dest = max(queries.reachable(state, troop))
    viewport = table.win.view.viewport()
    a = table.point(b.pos[troop])
    z = table.point(dest) + QPoint(6, 0)  # off the middle, still inside the hex
    table.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    table.qtbot.mouseMove(viewport, a + (z - a) / 2)
    table.qtbot.mouseMove(viewport, z)
    table.qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=z)
    item = table.win.scene.troops[troop]
    assert table.where(troop) == dest
    assert item.home == table.win.scene.center_of(Hex(*dest)) != item.pos()
    table.qtbot.waitUntil(lambda: item.pos() == item.home, timeout=MOTION_MS)


def test_a_captured_troop_fades_out_and_takes_no_more_clicks(table):
    """Part 2, RESOLUTION: a troop whose damage exceeded its DEF is captured; it leaves
    the table's troops at once and its token fades away, deaf to the mouse meanwhile."""
    table.to_first_turn()
    ours, theirs = free_pair(table)
    table.arrange({"sun-champion-1": offset(ours), "moon-foot-1": offset(theirs)},
                  phase=Phase.COMBAT, active=0)
    controller = table.win.controller
    scene = table.win.scene
    token = scene.troops["moon-foot-1"]
    assert controller.submit(Attack("sun-champion-1", "moon-foot-1"))
    while table.state.frames:
        assert controller.submit(Pass())
    assert controller.submit(EndPhase())
    assert "moon-foot-1" not in scene.troops
    assert table.where("moon-foot-1") is None
    assert token.scene() is scene and token.opacity() < 1.0
    assert not token.isEnabled()
    table.qtbot.waitUntil(lambda: token.scene() is None, timeout=MOTION_MS)


def test_a_mustered_troop_fades_in_and_answers_at_once(table, drag_target):
    """A troop mustered by a wall fades in; it is on the table, and under the mouse,
    from its first frame."""
    table.to_first_turn()
    state = table.state
    troop = next(c for c in state.table.cards_in(f"barracks:{0}")
                 if state.table.faces[c] in ("foot", "champion"))
    spot = queries.muster_hexes(state, troop)[0]
    table.drag_card(drag_target, troop, spot)
    scene = table.win.scene
    item = scene.troops[troop]
    assert table.where(troop) == spot
    assert 0 < item.opacity() < 1.0
    under = scene.items(scene.center_of(Hex(*spot)))
    assert item in under
    table.qtbot.waitUntil(lambda: item.opacity() == 1.0, timeout=MOTION_MS)


def test_a_loaded_match_is_drawn_at_once_without_fading(table, tmp_path):
    """The first picture of a match (a loaded save, a new match) is simply there."""
    table.to_first_turn()
    path = tmp_path / "battle.runetable"
    saves.save(table.win.controller.match, path)
    table.win.controller.load(path)
    troops = table.win.scene.troops.values()
    assert troops and all(item.opacity() == 1.0 and not item.glider.running()
                          for item in troops)


def test_a_carried_troop_lets_the_glows_under_it_show_through(table):
    """While carried, a troop is see-through, so the MOV costs and the target's damage
    against DEF under it stay readable; let go, it is solid again."""
    _to_movement(table)
    state = table.state
    b = board(state)
    troop = table.movable()
    dest = max(queries.reachable(state, troop))
    item = table.win.scene.troops[troop]
    viewport = table.win.view.viewport()
    a, z = table.point(b.pos[troop]), table.point(dest)
    table.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    table.qtbot.mouseMove(viewport, a + (z - a) / 2)
    assert 0.5 < item.opacity() < 1.0
    table.qtbot.mouseMove(viewport, z)
    table.qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=z)
    assert item.opacity() == 1.0


def test_finished_glides_leave_nothing_behind(table):
    """Every glide and fade lets go of its animation once over: a long war does not pile
    up animations (nor the tokens they moved)."""
    _to_movement(table)
    controller = table.win.controller

    def animations() -> int:
        gc.collect()
        return sum(isinstance(o, QVariantAnimation) for o in gc.get_objects())

    before = animations()
    for _ in range(3):
        state = table.state
        troop = table.movable()
        if troop is None:
            break
        assert controller.submit(Move(troop, *max(queries.reachable(state, troop))))
        table.qtbot.waitUntil(lambda: not any(i.glider.running()
                                              for i in table.win.scene.troops.values()),
                              timeout=MOTION_MS)
    table.qtbot.wait(50)
    assert animations() <= before
