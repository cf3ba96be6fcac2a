"""Reopening matches safely and keeping secrets at the table (issue "Play-test fixes").

Item 1: a save or autosave made after an undo reopens (it used to crash).
Item 6: undo while the table shows a past moment. Item 13: the end of a match.
Item 14: Edit → Undo names no secret. Item 15: the curtain covers the docks too.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from app import main as entry
from app.main_window import MainWindow
from engine.core import saves
from engine.core.game import RuleMode
from engine.core.match import Match
from engine.core.referee import DeclareResult
from engine.core.rng import Rng
from engine.games import game_names, get_game
from engine.games.sandbox.state import hand
from engine.simulate import play_one


def match_with_redo(game: str) -> Match:
    """A real match of `game`, 40 actions in, with its last 3 actions undone."""
    match = play_one(game, 4, 40, checks=False)
    match.take_backs = True
    for _ in range(3):
        match.undo()
    assert len(match.redo_actions) == 3
    return match


def opened(qtbot, path) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    warnings: list[str] = []
    window.warn = lambda title, text: warnings.append(text)
    assert window.load(path), warnings
    if window.curtain_seat is not None:  # a hot-seat table: the seat to act takes it
        window.show()
        qtbot.waitExposed(window)
        qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
    return window


@pytest.mark.parametrize("game", game_names())
def test_a_save_with_redo_entries_reopens_and_redoes(qtbot, tmp_path, game):
    """Item 1: `--load` of a save made after an undo opens (it crashed), the undo stack
    matches the match, and Redo brings back exactly the undone actions."""
    match = match_with_redo(game)
    path = tmp_path / f"{game}.runetable"
    saves.save(match, path)
    window = opened(qtbot, path)
    stack = window.controller.undo_stack
    assert stack.count() == len(match.steps) + 3
    assert stack.index() == len(match.steps)
    assert window.redo_action.isEnabled()
    redone = len(match.steps)
    expected = match.redo()
    window.redo_action.trigger()
    reopened = window.controller.match
    assert list(reopened.steps[redone].events) == expected
    # Redo goes on past a window the table passes for a person who can only pass (the
    # match's "stop for my answers" setting), as undo stepped over it: redo as far.
    while len(match.steps) < len(reopened.steps):
        match.redo()
    assert reopened.state_hash() == match.state_hash()


@pytest.mark.parametrize("game", game_names())
def test_resume_at_start_from_an_autosave_with_redo_entries(qtbot, private_folders,
                                                            monkeypatch, game):
    """Item 1: Resume at start takes an autosave written after an undo."""
    match = match_with_redo(game)
    data = private_folders / "data"
    saves.save(match, data / "autosave.runetable")
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Yes)
    window = MainWindow()
    qtbot.addWidget(window)
    entry.start(window, entry.parse_args([]))
    assert window.controller.match.state_hash() == match.state_hash()
    assert window.controller.undo_stack.count() == len(match.steps) + 3


def test_a_deeply_nested_autosave_is_reported_and_a_table_opens(qtbot, private_folders):
    """Items 2-3: the program never fails to start because of a file it wrote."""
    data = private_folders / "data"
    data.mkdir(parents=True)
    (data / "autosave.runetable").write_text("[" * 100_000 + "]" * 100_000)
    window = MainWindow()
    qtbot.addWidget(window)
    warnings: list[str] = []
    window.warn = lambda title, text: warnings.append(text)
    entry.start(window, entry.parse_args([]))
    assert window.controller.match is not None
    assert len(warnings) == 1 and "nested too deeply" in warnings[0]


def test_a_hostile_save_named_on_the_command_line_gets_one_line(qtbot, tmp_path):
    """Items 2-3: `runetable --load FILE` says what is wrong in one short line and opens
    a table anyway."""
    path = tmp_path / "long.runetable"
    path.write_text('{"format": "runetable-save", "schema_version": 1, "game": "'
                    + "g" * 1_000_000 + '"}')
    window = MainWindow()
    qtbot.addWidget(window)
    warnings: list[str] = []
    window.warn = lambda title, text: warnings.append(text)
    entry.start(window, entry.parse_args(["--load", str(path)]))
    assert len(warnings) == 1 and len(warnings[0]) < 300 and "\n" not in warnings[0]
    assert window.controller.match is not None


# -- the table's secrets --------------------------------------------------------------
@pytest.fixture
def hot_seat(qtbot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.controller.new_match("sandbox", {"players": 2}, 11, RuleMode.SANDBOX,
                                take_backs=True)
    window.show()
    return window


def draw(qtbot, window: MainWindow) -> str:
    qtbot.mouseClick(window.hand_dock.button("Draw"), Qt.MouseButton.LeftButton)
    return window.controller.match.state.table.cards_in(hand(0))[-1]


def test_undo_labels_are_the_public_text_before_and_after_a_reload(qtbot, hot_seat, tmp_path):
    """Item 14: Edit → Undo reads as every seat reads the log, not as the drawer does,
    and reads the same after the match is saved and opened again."""
    card = draw(qtbot, hot_seat)
    match = hot_seat.controller.match
    name = match.game.card_name(match.state.table.faces[card])
    label = hot_seat.controller.undo_stack.undoText()
    assert name not in label
    assert label == match.steps[-1].events[0].text
    qtbot.mouseClick(hot_seat.hand_dock.button("End turn"), Qt.MouseButton.LeftButton)
    assert name not in hot_seat.undo_action.text()
    path = tmp_path / "m.runetable"
    hot_seat._save_to(path)
    before = [hot_seat.controller.undo_stack.text(i)
              for i in range(hot_seat.controller.undo_stack.count())]
    again = opened(qtbot, path)
    assert [again.controller.undo_stack.text(i)
            for i in range(again.controller.undo_stack.count())] == before


def test_a_hot_seat_match_reopened_waits_behind_the_curtain(qtbot, hot_seat, tmp_path):
    """Hidden information: whoever opens a saved match that several people share may not
    be the seat to act, so its hand stays hidden until that person takes the table."""
    drawn = draw(qtbot, hot_seat)  # Player 1 holds a card; Player 1 is still to act
    path = tmp_path / "hot.runetable"
    saves.save(hot_seat.controller.match, path)
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    assert window.load(path)
    assert window.curtain.isVisible() and window.curtain_seat == 0
    assert window.viewer() == -1 and "waiting for Player 1" in window.hand_dock.title.text()
    assert drawn not in [c.ref for p in window.hand_dock.panels for c in p.cards]
    qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
    assert window.viewer() == 0 and not window.curtain.isVisible()
    assert drawn in [c.ref for p in window.hand_dock.panels for c in p.cards]


def test_undo_while_showing_a_past_moment_returns_to_the_present(qtbot, hot_seat):
    """Item 6: undo while a log entry's moment is shown (it raised IndexError and left
    the window on a step that no longer existed)."""
    draw(qtbot, hot_seat)
    draw(qtbot, hot_seat)
    hot_seat.show_moment(2)
    hot_seat.undo_action.trigger()
    assert hot_seat.preview_step is None and not hot_seat.preview_bar.isVisible()
    assert len(hot_seat.controller.match.steps) == 1
    assert len(hot_seat.hand_dock.card_widgets()) == 1


def test_a_moment_that_is_undone_elsewhere_is_left(qtbot, hot_seat):
    """Item 6: however the step goes (the controller's undo, a computer seat's), the
    window does not stay on a step that no longer exists."""
    draw(qtbot, hot_seat)
    hot_seat.show_moment(1)
    hot_seat.controller.undo()
    assert hot_seat.preview_step is None


def test_nothing_at_the_table_acts_behind_the_curtain(qtbot, hot_seat):
    """Item 15: with the curtain up, Roll, Shuffle, Take top, the hand's buttons and
    undo do nothing (they acted, logged as the next player)."""
    draw(qtbot, hot_seat)
    qtbot.mouseClick(hot_seat.hand_dock.button("End turn"), Qt.MouseButton.LeftButton)
    assert hot_seat.curtain.isVisible()
    steps = len(hot_seat.controller.match.steps)
    qtbot.mouseClick(hot_seat.dice_dock.roll_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(hot_seat.piles_dock.shuffle_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(hot_seat.piles_dock.take_button, Qt.MouseButton.LeftButton)
    for button in list(hot_seat.hand_dock.buttons):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    hot_seat.activateWindow()
    qtbot.waitUntil(hot_seat.isActiveWindow)
    qtbot.keyClick(hot_seat, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(hot_seat.controller.match.steps) == steps
    assert not hot_seat.undo_action.isEnabled()
    qtbot.mouseClick(hot_seat.curtain.button, Qt.MouseButton.LeftButton)
    assert hot_seat.dice_dock.isEnabled() and hot_seat.undo_action.isEnabled()
    qtbot.mouseClick(hot_seat.dice_dock.roll_button, Qt.MouseButton.LeftButton)
    assert len(hot_seat.controller.match.steps) == steps + 1


def test_the_end_of_a_match_is_not_undone_without_take_backs(qtbot):
    """Item 13: the finished table shows every hidden card, so without take-backs the
    step that ended the match cannot be undone from the window either."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.controller.new_match("sandbox", {"players": 2}, 11, RuleMode.SANDBOX,
                                take_backs=False)
    window.controller.submit(DeclareResult((1,)))
    assert window.controller.match.outcome() is not None
    assert "not allowed: the match is over" in window.undo_action.text()
    window.undo_action.trigger()
    assert window.controller.match.outcome() is not None
    assert "the match is over" in window.statusBar().currentMessage()


def test_a_finished_tactica_war_cannot_be_undone_without_take_backs():
    """Item 13 (TACTICA): the last action of a battle played to its end stays done."""
    game = get_game("tactica")
    match = Match(game, game.options_model(match_length="single battle"), 9)
    agent, rng = game.agent(), Rng(1)
    while match.outcome() is None and len(match.steps) < 5000:
        match.submit(agent.choose(match.view(match.to_move()), match.legal_actions(), rng))
    assert match.outcome() is not None
    allowed, reason = match.can_undo([0, 1])
    assert not allowed and reason.startswith("the match is over")


def test_the_status_bar_does_not_show_the_seed(qtbot):
    """Item 11: the seed with the rules tells every hidden card; a new match's status
    message leaves it out (the save keeps it)."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.controller.new_match("tactica", {}, 918273645, RuleMode.ENFORCED, False)
    assert window.statusBar().currentMessage().startswith("New TACTICA")
    assert "918273645" not in window.statusBar().currentMessage()
    assert "918273645" not in window.seat_label.text()
