"""A troop token's face is worked out again only when what it is made from changes
(issue "A table that fits every screen", Under the mouse: each redraw worked out every
troop's stats again, about a millisecond a redraw), and the faces kept are always the
faces the state shows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.games.tactica import drawing
from engine.core.rng import Rng
from engine.games.tactica import queries
from engine.games.tactica.board import GEOM, board
from engine.games.tactica.policy import TacticaPolicy
from engine.games.tactica.state import Phase
from tests.app.tactica.tactica_table import Table


@pytest.fixture
def worked_out(monkeypatch) -> list[str]:
    """The troops whose face is worked out, in order."""
    seen: list[str] = []
    original = drawing.troop_face

    def counted(state, troop, viewer):
        seen.append(troop)
        return original(state, troop, viewer)

    monkeypatch.setattr(drawing, "troop_face", counted)
    return seen


def fresh_faces(table: Table) -> dict[str, drawing.TroopFace]:
    win = table.win
    view = win.controller.match.view(win.viewer())
    return {ref: drawing.troop_face(view, ref, win.presenter.viewer)
            for ref in board(view).pos}


def test_a_redraw_without_a_change_works_out_no_face(table, worked_out):
    """Select a troop with a click, then click an empty hex: the selection is cancelled
    and the table redrawn, but no troop shows anything new, so no face is worked out."""
    table.to_first_turn()
    table.qtbot.mouseClick(table.win.hand_dock.button("End MUSTER"), Qt.MouseButton.LeftButton)
    assert table.state.phase is Phase.MOVEMENT
    QApplication.processEvents()
    b = board(table.state)
    troop = table.movable()
    viewport = table.win.view.viewport()
    refreshes: list[int] = []
    table.win.controller.changed.connect(lambda: refreshes.append(1))
    worked_out.clear()
    table.qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=table.point(b.pos[troop]))
    assert table.win.scene.selected == troop
    reach = queries.reachable(table.state, troop)
    empty = next(c for c in GEOM.hexes if c not in b.pos.values() and c not in reach
                 and c not in b.wall_at and c not in b.landmark_at)
    table.qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=table.point(empty))
    table.qtbot.waitUntil(lambda: bool(refreshes))
    assert table.win.scene.selected is None
    assert worked_out == []
    assert table.win.scene.drawing.faces == fresh_faces(table)


def test_a_move_works_out_the_face_of_the_troop_moved_only(table, worked_out):
    """A troop dragged one card move: its hex and MOV left change, nobody else's facts."""
    table.to_first_turn()
    table.qtbot.mouseClick(table.win.hand_dock.button("End MUSTER"), Qt.MouseButton.LeftButton)
    state = table.state
    b = board(state)
    troop = next(t for t in b.troops[0] if queries.reachable(state, t)
                 and state.table.faces[t] != "crown")
    dest = min(queries.reachable(state, troop))
    worked_out.clear()
    table.carry(b.pos[troop], dest)
    assert table.where(troop) == dest
    assert worked_out == [troop]
    assert table.win.scene.drawing.faces == fresh_faces(table)


def test_the_faces_kept_are_the_faces_the_state_shows_along_a_war(table):
    """Two policies play 300 steps through the window: after each, every troop's face
    kept is the one worked out afresh from the view (what a face is made from is all
    in face_inputs and field_inputs)."""
    controller = table.win.controller
    agent, rng = TacticaPolicy(), Rng(7)
    for _ in range(300):
        match = controller.match
        if match.outcome() is not None:
            break
        action = agent.choose(match.view(match.to_move()), match.legal_actions(), rng)
        assert controller.submit(action)
        assert table.win.scene.drawing.faces == fresh_faces(table)
