"""The Dice dock shows the coming roll or nothing (issue "A table that fits every screen",
Art): no example chart of an unrelated pool where the rules call every roll."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel

from app.main_window import MainWindow
from engine.core.game import RuleMode
from engine.core.rng import Rng


def window_for(qtbot, game: str, mode: RuleMode, actions: int = 0) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.controller.autosave_enabled = False
    win.computer.set_paused(True)
    win.controller.new_match(game, {}, 5, mode, take_backs=True)
    win.show()
    match = win.controller.match
    agent, rng = match.game.agent(), Rng(1)
    for _ in range(actions):
        win.controller.submit(agent.choose(match.view(match.to_move()), match.legal_actions(), rng))
    win.dice_dock.raise_()
    QApplication.processEvents()
    return win


def test_no_chart_when_no_roll_is_coming(qtbot):
    """Nordguard's set-up calls for no roll: no roller, no chart, a line saying so."""
    win = window_for(qtbot, "nordguard", RuleMode.ENFORCED)
    dock = win.dice_dock
    assert not dock.pending_texts()
    assert not dock.roll_button.isVisible()
    assert not dock._odds_box.isVisible()
    assert dock.findChild(QLabel, "noRollComing").isVisible()


def test_the_coming_roll_is_charted(qtbot):
    """On the ice the coming rolls are listed and the first is charted."""
    win = window_for(qtbot, "nordguard", RuleMode.ENFORCED)
    dock = win.dice_dock
    match = win.controller.match
    agent, rng = match.game.agent(), Rng(1)
    while not dock.pending_texts() and len(match.steps) < 80:
        win.controller.submit(agent.choose(match.view(match.to_move()), match.legal_actions(), rng))
        QApplication.processEvents()
    assert match.state.phase == "day" and dock.pending_texts()
    assert dock._odds_box.isVisible()
    assert not dock.findChild(QLabel, "noRollComing").isVisible()
    assert not dock.roll_button.isVisible()


def test_a_free_table_keeps_its_roller(qtbot):
    win = window_for(qtbot, "sandbox", RuleMode.SANDBOX)
    assert win.dice_dock.roll_button.isVisible() and win.dice_dock._odds_box.isVisible()
