"""Every refusal says why, and a click is not a move (issue "A table that fits every
screen", Every refusal says why)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLabel

from app.main_window import MainWindow
from engine.core.game import RuleMode
from engine.games.sandbox.state import BOARD
from engine.games.tactica import queries
from engine.games.tactica.board import GEOM, board
from engine.games.tactica.field import distance
from engine.games.tactica.state import Phase, barracks
from tests.app.tactica.tactica_table import Table, hexat


def test_a_hand_card_refused_by_the_rules_says_why_and_glides_back_at_1366(qtbot,
                                                                           drag_target):
    """A barracks troop dropped far from the walls at 1366×768: the drop arrives (the
    view no longer ignores the move), the status bar gives the rule, a picture of the
    card glides back to the hand, and nothing is recorded."""
    table = Table(qtbot)
    table.win.resize(1366, 768)
    table.to_first_turn()
    QApplication.processEvents()
    steps = len(table.win.controller.match.steps)
    state = table.state
    troop = next(c for c in state.table.cards_in(barracks(0))
                 if state.table.faces[c] in ("foot", "champion"))
    table.win.statusBar().clearMessage()
    table.drag_card(drag_target, troop, hexat(5, 7))
    assert drag_target.drops == [Qt.DropAction.IgnoreAction]
    assert "next to a friendly wall" in table.status()
    ghost = table.win.findChild(QLabel, "glidingCard")
    assert ghost is not None and ghost.isVisible()
    home = table.card_widget(troop).mapTo(table.win, QPoint(0, 0))
    qtbot.waitUntil(lambda: table.win.findChild(QLabel, "glidingCard") is None, timeout=2000)
    assert table.card_widget(troop).mapTo(table.win, QPoint(0, 0)) == home
    assert len(table.win.controller.match.steps) == steps


def sandbox_window(qtbot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.controller.new_match("sandbox", {"players": 2}, 11, RuleMode.SANDBOX, True)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit()
    return window


def test_a_plain_click_on_a_token_is_not_a_move(qtbot):
    """Press and release on a token without moving it: nothing in the log or the undo
    stack, and the token has not shifted."""
    window = sandbox_window(qtbot)
    token = window.controller.match.state.table.cards_in(BOARD)[0]
    item = window.scene.cards[token]
    before = item.pos()
    at = window.view.mapFromScene(item.sceneBoundingRect().center())
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert window.controller.match.steps == []
    assert window.controller.undo_stack.count() == 0
    assert item.pos() == before


def test_a_double_click_flips_without_a_move_first(qtbot):
    """A double-click turns the token over as one step: a flip, no move before it."""
    window = sandbox_window(qtbot)
    token = window.controller.match.state.table.cards_in(BOARD)[0]
    item = window.scene.cards[token]
    at = window.view.mapFromScene(item.sceneBoundingRect().center())
    viewport = window.view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=at)
    steps = window.controller.match.steps
    assert [s.action.kind for s in steps] == ["flip"]
    assert token not in window.controller.match.state.table.face_up


def test_a_small_slip_of_the_mouse_is_still_a_click(qtbot):
    """Moving less than the drag distance between press and release moves nothing."""
    window = sandbox_window(qtbot)
    token = window.controller.match.state.table.cards_in(BOARD)[0]
    item = window.scene.cards[token]
    before = item.pos()
    at = window.view.mapFromScene(item.sceneBoundingRect().center())
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseMove(viewport, at + QPoint(1, 0))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at + QPoint(1, 0))
    assert window.controller.match.steps == []
    assert item.pos() == before


# -- a refusal goes when the next gesture starts ----------------------------------------
def _movement(qtbot) -> Table:
    """TACTICA at MOVEMENT of the first turn, SUN (the person) to move."""
    table = Table(qtbot)
    table.to_first_turn()
    qtbot.mouseClick(table.win.hand_dock.button("End MUSTER"), Qt.MouseButton.LeftButton)
    assert table.state.phase is Phase.MOVEMENT
    return table


def _refused_drag(table: Table) -> str:
    """A SUN troop carried to the far end of the field: refused, the status bar says why."""
    b = board(table.state)
    troop = table.movable()
    start = b.pos[troop]
    far = max(GEOM.hexes, key=lambda c: distance(c, start))
    table.carry(start, far)
    assert table.where(troop) == start
    glider = table.win.scene.troops[troop].glider
    table.qtbot.waitUntil(lambda: not glider.running())  # back home, where the eye sees it
    reason = table.status()
    assert reason
    return reason


def test_a_refusal_goes_when_the_next_drag_starts(qtbot):
    """The reason for a refused drag stays while the player reads it; once they press on
    a troop for their next, legal drag it goes, and the move lands without it."""
    table = _movement(qtbot)
    _refused_drag(table)
    state = table.state
    b = board(state)
    troop = table.movable()
    dest = min(queries.reachable(state, troop))
    viewport = table.win.view.viewport()
    a, z = table.point(b.pos[troop]), table.point(dest)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(viewport, a + (z - a) / 2)
    assert table.status() == ""
    qtbot.mouseMove(viewport, z)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=z)
    assert table.where(troop) == dest
    assert table.status() == ""


def test_a_new_refusal_is_shown_after_the_old_one_goes(qtbot):
    """Refused twice in a row: the second drag's reason is on the status bar."""
    table = _movement(qtbot)
    first = _refused_drag(table)
    assert _refused_drag(table) == first


def test_a_refusal_goes_when_an_action_lands(qtbot):
    """A refused drag, then the phase ended with a button: the reason is gone."""
    table = _movement(qtbot)
    _refused_drag(table)
    qtbot.mouseClick(table.win.hand_dock.button("End MOVEMENT"), Qt.MouseButton.LeftButton)
    assert table.state.phase is not Phase.MOVEMENT
    assert table.status() == ""


def test_a_refusal_goes_when_a_card_is_lifted_from_the_hand_dock(qtbot, drag_target):
    """A barracks troop refused on the field, then the next card lifted out of the
    barracks (and let go nowhere): the old reason went as the card was lifted."""
    table = Table(qtbot)
    table.to_first_turn()
    QApplication.processEvents()
    state = table.state
    troop = next(c for c in state.table.cards_in(barracks(0))
                 if state.table.faces[c] in ("foot", "champion"))
    table.drag_card(drag_target, troop, hexat(5, 7))
    assert "next to a friendly wall" in table.status()
    drag_target.widget = None  # the next drag is let go outside any window
    widget = table.card_widget(troop)
    start = widget.rect().center()
    qtbot.mousePress(widget, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(widget, start + QPoint(30, 30))
    qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, pos=start + QPoint(30, 30))
    assert drag_target.drops[-1] == Qt.DropAction.IgnoreAction
    assert table.status() == ""
