"""The sandbox table driven as a player would: real mouse events through the real window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from app.docks.hand import CardWidget
from app.main_window import MainWindow
from engine.core import saves
from engine.core.game import RuleMode
from engine.games.sandbox.state import BOARD, DECK, DISCARD, hand


@pytest.fixture
def window(qtbot):
    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.controller.new_match("sandbox", {"players": 2}, 11, RuleMode.SANDBOX, take_backs=True)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit()
    return win


def board_point(win: MainWindow, x: float, y: float) -> QPoint:
    return win.view.mapFromScene(QPointF(x, y))


def draw_one(qtbot, win: MainWindow) -> str:
    qtbot.mouseClick(win.hand_dock.button("Draw"), Qt.MouseButton.LeftButton)
    cards = win.controller.match.state.table.cards_in(hand(0))
    assert len(cards) == 1
    return cards[0]


def drag_widget(qtbot, widget, distance: int = 30) -> None:
    """Press, move past the drag distance, release: what starts a QDrag for a player."""
    start = widget.rect().center()
    qtbot.mousePress(widget, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(widget, start + QPoint(distance, distance))
    qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, pos=start + QPoint(distance, distance))


def carry(qtbot, win: MainWindow, start: QPointF, end: QPointF) -> None:
    """Drag on the board with the mouse from one scene point to another."""
    viewport = win.view.viewport()
    a, b = win.view.mapFromScene(start), win.view.mapFromScene(end)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    for i in range(1, 6):
        qtbot.mouseMove(viewport, a + (b - a) * i / 5)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)


def test_window_has_board_docks_and_menus(window):
    """The foundation issue: a board in the middle, docks around it, four menus."""
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles == ["File", "Edit", "View", "Help"]
    for dock in (window.hand_dock, window.piles_dock, window.dice_dock, window.log_dock):
        assert dock.isVisible()
    assert window.centralWidget().isAncestorOf(window.view)


def test_drag_from_hand_onto_board_then_undo(qtbot, window, drag_target):
    """A card dragged out of the hand dock lands where it was dropped, face up; undo returns it."""
    card = draw_one(qtbot, window)
    [widget] = window.hand_dock.card_widgets()
    drag_target.aim(window.view.viewport(), board_point(window, 400, 200))
    drag_widget(qtbot, widget)
    table = window.controller.match.state.table
    assert table.where[card] == BOARD
    assert card in table.face_up
    x, y = table.pos[card]
    assert abs(x - 400) <= 2 and abs(y - 200) <= 2
    assert card in window.scene.cards
    assert "moves" in window.log_dock.texts()[-1]
    window.undo_action.trigger()
    assert window.controller.match.state.table.where[card] == hand(0)
    assert card not in window.scene.cards
    assert len(window.hand_dock.card_widgets()) == 1
    window.redo_action.trigger()
    assert window.controller.match.state.table.where[card] == BOARD


def test_move_card_on_board_then_onto_discard(qtbot, window, drag_target):
    """Board pieces move as scene items; dropping one on a pile puts it there."""
    card = draw_one(qtbot, window)
    drag_target.aim(window.view.viewport(), board_point(window, 300, 100))
    drag_widget(qtbot, window.hand_dock.card_widgets()[0])
    carry(qtbot, window, QPointF(300, 100), QPointF(600, 300))
    x, y = window.controller.match.state.table.pos[card]
    assert abs(x - 600) <= 2 and abs(y - 300) <= 2
    carry(qtbot, window, QPointF(600, 300), window.scene.piles[DISCARD].pos())
    table = window.controller.match.state.table
    assert table.where[card] == DISCARD
    assert window.scene.piles[DISCARD].count == 1


def test_illegal_drop_springs_back_and_says_why(qtbot, window):
    """A drop off the table is refused: the card glides back and the status bar explains."""
    token = window.controller.match.state.table.cards_in(BOARD)[0]
    item = window.scene.cards[token]
    start = QPointF(item.pos())
    visible = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    off_felt = QPointF(visible.left() + 4, visible.top() + 4)
    assert not window.scene.content_rect().contains(off_felt)
    carry(qtbot, window, start, off_felt)
    assert "dropped" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: item.pos() == start, timeout=2000)
    assert window.controller.match.state.table.pos[token] == (round(start.x()), round(start.y()))
    assert len(window.controller.match.steps) == 0


def test_drag_top_of_deck_onto_board_lands_face_down(qtbot, window):
    """Lifting the deck's top card and dropping it on the felt deals it face down."""
    deck = window.scene.piles[DECK]
    carry(qtbot, window, deck.pos(), QPointF(500, 350))
    table = window.controller.match.state.table
    assert len(table.cards_in(DECK)) == 51
    [card] = [c for c in table.cards_in(BOARD) if not c.startswith("t-")]
    assert card not in table.face_up


def test_board_card_dragged_off_the_view_goes_to_the_hand(qtbot, window, drag_target):
    """Leaving the view hands the drag to QDrag, and the hand dock takes the card."""
    card = draw_one(qtbot, window)
    drag_target.aim(window.view.viewport(), board_point(window, 300, 100))
    drag_widget(qtbot, window.hand_dock.card_widgets()[0])
    drag_target.aim(window.hand_dock, window.hand_dock.rect().center())
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=board_point(window, 300, 100))
    qtbot.mouseMove(viewport, QPoint(viewport.width() + 40, viewport.height() // 2))
    assert window.controller.match.state.table.where[card] == hand(0)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton)


def test_flip_by_double_click_and_shuffle_from_piles_dock(qtbot, window):
    """Double-click turns a board card over; the piles dock shuffles the deck with a log entry."""
    token = window.controller.match.state.table.cards_in(BOARD)[0]
    window.scene.cards[token].on_double_click(window.scene.cards[token])
    assert token not in window.controller.match.state.table.face_up
    before = list(window.controller.match.state.table.cards_in(DECK))
    window.piles_dock.tree.setCurrentItem(window.piles_dock.tree.row_for(DECK))
    qtbot.mouseClick(window.piles_dock.shuffle_button, Qt.MouseButton.LeftButton)
    after = window.controller.match.state.table.cards_in(DECK)
    assert sorted(after) == sorted(before) and after != before
    assert "shuffles Deck" in window.log_dock.texts()[-1]


def test_save_close_reopen_is_exactly_the_same(qtbot, window, drag_target, tmp_path):
    """Save, open in a fresh window: same table, same log, same undo history."""
    draw_one(qtbot, window)
    drag_target.aim(window.view.viewport(), board_point(window, 250, 150))
    drag_widget(qtbot, window.hand_dock.card_widgets()[0])
    path = tmp_path / "game.runetable"
    assert window._save_to(path)
    log = window.log_dock.texts()
    other = MainWindow()
    qtbot.addWidget(other)
    other.show()
    assert other.load(path)
    assert other.controller.match.state_hash() == window.controller.match.state_hash()
    # Two people share this table: it waits for the seat to act, naming no hidden card.
    assert other.curtain.isVisible()
    assert other.log_dock.texts()[0] == "1. Player 1 moves a card from Deck to Player 1's hand"
    assert log[0] != other.log_dock.texts()[0]
    qtbot.mouseClick(other.curtain.button, Qt.MouseButton.LeftButton)
    assert other.log_dock.texts() == log
    other.undo_action.trigger()
    assert len(other.controller.match.steps) == 1


def test_bad_save_gets_a_clear_message_and_changes_nothing(qtbot, window, tmp_path):
    """A corrupt save names the file and the problem; the open match and the file stay."""
    warnings = []
    window.warn = lambda title, text: warnings.append(text)
    bad = tmp_path / "broken.runetable"
    bad.write_text('{"format": "runetable-save", "schema_version": 1, "game": "sand')
    before = window.controller.match.state_hash()
    assert not window.load(bad)
    assert warnings and "broken.runetable" in warnings[0] and "JSON" in warnings[0]
    assert window.controller.match.state_hash() == before
    assert bad.read_text().endswith('"sand')


def test_every_action_is_autosaved_and_resumable(qtbot, window):
    """After each action the autosave holds the match, ready to resume after a crash; the
    window hands the write to a thread and never waits for it."""
    from app.match_controller import resumable_autosave

    assert window.controller.autosaver.flush()  # the match as it began is on disk
    draw_one(qtbot, window)
    assert window.controller.autosaver.flush()
    path, match, problem = resumable_autosave()
    assert problem is None and match is not None
    assert match.state_hash() == window.controller.match.state_hash()
    path.write_text("garbage")  # a crash while writing: the previous autosave still resumes
    path2, match2, _ = resumable_autosave()
    assert path2.name.endswith(".prev") and match2 is not None


def test_hot_seat_curtain_hides_the_next_hand(qtbot, window):
    """When the seat changes, the table hides hands until the next player is ready."""
    draw_one(qtbot, window)
    qtbot.mouseClick(window.hand_dock.button("End turn"), Qt.MouseButton.LeftButton)
    assert window.controller.match.state.active == 1
    assert window.curtain.isVisible()
    assert window.hand_dock.card_widgets() == []
    assert not [w for w in window.hand_dock.findChildren(CardWidget) if w.isVisible()]
    qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
    assert not window.curtain.isVisible()
    assert "Player 2" in window.hand_dock.title.text()


def test_wheel_zooms_around_the_cursor_and_fit(qtbot, window):
    """The wheel zooms in keeping the point under the cursor still; Fit shows the table."""
    viewport = window.view.viewport()
    at = QPoint(viewport.width() // 3, viewport.height() // 3)
    before_scene = window.view.mapToScene(at)
    zoom = window.view.zoom()
    event = QWheelEvent(QPointF(at), QPointF(viewport.mapToGlobal(at)), QPoint(0, 0),
                        QPoint(0, 240), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, event)
    assert window.view.zoom() > zoom * 1.2
    after_scene = window.view.mapToScene(at)
    assert abs(after_scene.x() - before_scene.x()) < 8
    assert abs(after_scene.y() - before_scene.y()) < 8
    window.fit_action.trigger()
    visible = window.view.mapToScene(viewport.rect()).boundingRect()
    assert visible.contains(window.scene.content_rect())


def test_dock_layout_is_remembered_per_game(qtbot, window):
    """A closed dock stays closed in the next session of that game, and only that game:
    TACTICA's own default puts the Dice dock away, Nordguard's keeps it."""
    window.dice_dock.close()
    window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    again.controller.new_match("sandbox", {"players": 2}, 1, RuleMode.SANDBOX, True)
    again.show()
    assert not again.dice_dock.isVisible()
    assert again.log_dock.isVisible()
    again.controller.new_match("nordguard", {}, 1, RuleMode.ENFORCED, False)
    assert again.dice_dock.isVisible()
    again.controller.new_match("tactica", {}, 1, RuleMode.ENFORCED, False)
    assert not again.dice_dock.isVisible() and again.log_dock.isVisible()
    again.controller.new_match("sandbox", {"players": 2}, 1, RuleMode.SANDBOX, True)
    assert not again.dice_dock.isVisible()


def test_log_entry_shows_that_moment(qtbot, window):
    """Clicking a log entry shows the table as it was then, read-only, until the player returns."""
    draw_one(qtbot, window)
    draw_one_more = window.presenter.draw_action(window.controller.view(0), 0)
    window.controller.submit(draw_one_more)
    assert len(window.hand_dock.card_widgets()) == 2
    window.log_dock.moment_requested.emit(1)
    assert window.preview_bar.isVisible()
    assert len(window.hand_dock.card_widgets()) == 1
    qtbot.mouseClick(window.preview_bar, Qt.MouseButton.LeftButton)
    assert len(window.hand_dock.card_widgets()) == 2


def test_save_file_is_the_engine_format(qtbot, window, tmp_path):
    """What the window saves, the engine's replay tool reads."""
    path = tmp_path / "x.runetable"
    window._save_to(path)
    assert saves.load(path).state_hash() == window.controller.match.state_hash()


def test_piles_glow_while_a_card_is_carried(qtbot, window):
    """While a card is dragged, the piles it may go to are highlighted; the glow ends on drop."""
    token = window.controller.match.state.table.cards_in(BOARD)[0]
    viewport = window.view.viewport()
    at = window.view.mapFromScene(window.scene.cards[token].pos())
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseMove(viewport, at + QPoint(30, 30))
    assert window.scene.piles[DISCARD].highlight is not None
    assert window.scene.piles[DECK].highlight is not None
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at + QPoint(30, 30))
    assert window.scene.piles[DISCARD].highlight is None


def test_standard_shortcuts_for_undo_and_redo(window):
    """Ctrl+Z undoes, Ctrl+Shift+Z redoes, as every desktop program does."""
    from PySide6.QtGui import QKeySequence

    assert window.undo_action.shortcut() == QKeySequence("Ctrl+Z")
    assert QKeySequence("Ctrl+Shift+Z") in window.redo_action.shortcuts()


def test_undo_refused_without_take_backs_says_why(qtbot, window):
    """Without take-backs, undo stops at a card drawn into your hand; Ctrl+Z tells the
    player why, and so does the Edit menu."""
    window.controller.new_match("sandbox", {"players": 2}, 11, RuleMode.SANDBOX, take_backs=False)
    draw_one(qtbot, window)
    window.statusBar().clearMessage()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # shortcuts answer only in the active window
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "hidden card was shown" in window.statusBar().currentMessage()
    assert "not allowed: a hidden card was shown" in window.undo_action.text()
    assert len(window.controller.match.steps) == 1


def test_dragging_empty_table_pans(qtbot, window):
    """Pressing on bare felt and dragging moves the view, not any card."""
    viewport = window.view.viewport()
    window.view.zoom_by(2.0)
    empty = board_point(window, 350, 420)
    assert window.view.itemAt(empty) is None
    before = window.view.mapToScene(viewport.rect().center())
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=empty)
    for i in range(1, 6):
        qtbot.mouseMove(viewport, empty + QPoint(-20 * i, -12 * i))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=empty + QPoint(-100, -60))
    after = window.view.mapToScene(viewport.rect().center())
    assert after.x() > before.x() + 20 and after.y() > before.y() + 10
    assert window.controller.match.steps == []


def test_the_piles_dock_rewrites_only_the_rows_that_changed(qtbot):
    """After an action most piles are as they were: their rows stay, only a pile whose
    count or top card changed is rewritten, and an unchanged list is not touched."""
    from app.docks.piles import PilesDock

    dock = PilesDock()
    qtbot.addWidget(dock)
    rows = [("deck", "Deck", 40, "", None), ("discard", "Discard", 2, "7♠", "c7")]
    dock.show_piles(rows)
    deck, discard = (dock.tree.topLevelItem(i) for i in (0, 1))
    dock.show_piles([rows[0], ("discard", "Discard", 3, "Q♥", "cQ")])
    assert dock.tree.topLevelItem(0) is deck and dock.tree.topLevelItem(1) is discard
    assert [discard.text(i) for i in (0, 1, 2)] == ["Discard", "3", "Q♥"]
    dock.show_piles([("hand", "Hand", 5, "", None), *rows])
    assert dock.tree.topLevelItemCount() == 3
    assert [dock.tree.topLevelItem(i).text(1) for i in range(3)] == ["5", "40", "2"]
