"""Keyboard-only play (issue "A table that fits every screen", Keyboard): every legal move
from the action palette (Ctrl+K), and a key for ending the turn, day or phase."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from app.dialogs.palette import ActionPalette
from app.main_window import MainWindow
from engine.core.game import RuleMode


def open_tactica(qtbot) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.controller.autosave_enabled = False
    win.computer.set_paused(True)
    win.controller.new_match("tactica", {"computer_seats": []}, 5, RuleMode.ENFORCED, True)
    win.show()
    qtbot.waitExposed(win)
    # Shortcuts answer only in the active window; offscreen, showing does not activate.
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    return win


def answer_palette(qtbot, typed: str, seen: list[list[str]]) -> None:
    """When the palette opens: note what it lists, type `typed`, press Enter."""
    def act() -> None:
        palette = QApplication.activeModalWidget()
        if not isinstance(palette, ActionPalette):  # not open yet: look again shortly
            QTimer.singleShot(10, act)
            return
        seen.append(palette.visible_texts())
        qtbot.keyClicks(palette.filter, typed)
        seen.append(palette.visible_texts())
        qtbot.keyClick(palette.filter, Qt.Key.Key_Return)
    QTimer.singleShot(0, act)


def test_the_palette_lists_the_legal_moves_and_plays_the_chosen_one(qtbot):
    """Ctrl+K lists exactly the deciding seat's legal actions; typing filters them; Enter
    plays the first match through the same path as a click."""
    win = open_tactica(qtbot)
    match = win.controller.match
    before = {win.presenter.describe(match.state, a): a for a in match.legal_actions()}
    words = list(before)[-1]
    seen: list[list[str]] = []
    answer_palette(qtbot, words, seen)
    qtbot.keyClick(win, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert seen[0] == list(before)
    assert seen[1] and all(words.lower() in text.lower() for text in seen[1])
    assert len(match.steps) == 1 and match.steps[0].action == before[seen[1][0]]


def test_the_palette_says_why_when_nothing_may_be_chosen(qtbot):
    win = open_tactica(qtbot)
    win.controller.submit(win.controller.match.legal_actions()[0])
    if win.curtain.isVisible():
        qtbot.keyClick(win, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
        assert "pass the computer first" in win.statusBar().currentMessage()
        qtbot.mouseClick(win.curtain.button, Qt.MouseButton.LeftButton)
    win.show_moment(1)
    qtbot.keyClick(win, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert "No actions to choose: the table is showing a past moment" in \
        win.statusBar().currentMessage()


def test_ctrl_e_ends_the_phase(qtbot):
    """The End button of the moment (End MUSTER here) answers to Ctrl+E."""
    win = open_tactica(qtbot)
    match = win.controller.match
    while not any(b.text().startswith("End") for b in win.hand_dock.buttons):
        win.controller.submit(match.legal_actions()[0])
        if win.curtain.isVisible():
            win.curtain.button.click()
    QApplication.processEvents()  # new buttons show once the event loop runs, as for a player
    button = next(b for b in win.hand_dock.buttons if b.text().startswith("End"))
    assert "Ctrl+E" in button.toolTip()
    phase = match.state.phase
    steps = len(match.steps)
    assert button.isEnabled() and button.isVisible(), button.toolTip()
    assert win.isActiveWindow(), QApplication.activeWindow()
    qtbot.keyClick(win, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: len(match.steps) == steps + 1)  # a shortcut animates the click
    assert match.state.phase != phase


def test_focus_returns_to_the_table_when_the_curtain_lifts(qtbot):
    win = open_tactica(qtbot)
    match = win.controller.match
    while not win.curtain.isVisible():
        win.controller.submit(match.legal_actions()[0])
    assert win.curtain.button.hasFocus()
    qtbot.keyClick(win.curtain.button, Qt.Key.Key_Space)
    assert not win.curtain.isVisible()
    assert win.view.hasFocus()
