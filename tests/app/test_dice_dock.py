"""The dice dock: exact odds on screen, rolls only through the controller, history from the log."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QPushButton, QWidget

from app.docks.dice import DiceDock
from app.match_controller import MatchController
from engine.core.dice import DicePool
from engine.core.game import RuleMode

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def data_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The controller autosaves after every change; keep that out of the real folders."""
    monkeypatch.setenv("RUNETABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("RUNETABLE_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


@pytest.fixture
def controller(data_dirs: Path, qtbot) -> MatchController:
    controller = MatchController()
    controller.new_match("sandbox", {"players": 2}, seed=3, mode=RuleMode.SANDBOX,
                         take_backs=True)
    return controller


@pytest.fixture
def dock(controller: MatchController, qtbot) -> DiceDock:
    dock = DiceDock(controller)
    qtbot.addWidget(dock)
    dock.resize(340, 600)
    dock.show()  # mouse clicks only reach shown widgets; this also builds the chart
    qtbot.waitExposed(dock)
    return dock


def rolls(controller: MatchController) -> list:
    assert controller.match is not None
    return [event for _, event in controller.match.log() if event.kind == "roll"]


def click(qtbot, button: QPushButton) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def shown(dock: DiceDock, kind: type[QWidget]) -> list:
    """Widgets the dock rebuilt are shown by Qt on the next event-loop turn; let it come."""
    QApplication.processEvents()
    return [widget for widget in dock.findChildren(kind) if widget.isVisibleTo(dock)]


def test_dock_identity(dock: DiceDock) -> None:
    assert dock.objectName() == "diceDock"
    assert dock.windowTitle() == "Dice"
    assert dock.pool_text() == "2d6"


def test_chart_bars_are_the_exact_distribution(dock: DiceDock) -> None:
    dock.set_pool("2d6")
    bars = dict(dock.chart_bars())
    assert list(bars) == list(range(2, 13))
    assert bars == DicePool.parse("2d6").distribution().as_floats()
    assert bars[7] == float(Fraction(6, 36))


def test_chart_follows_pool_and_highlights_successes(dock: DiceDock) -> None:
    dock.ensure_chart()
    dock.set_pool("1d6+1")
    assert [k for k, _ in dock.chart_bars()] == [2, 3, 4, 5, 6, 7]
    dock.set_target(5)
    brushes = dock.ensure_chart().opts["brushes"]
    below, above = {b.name() for b in brushes[:3]}, {b.name() for b in brushes[3:]}
    assert len(below) == len(above) == 1
    assert below != above


def test_odds_text_is_exact(dock: DiceDock) -> None:
    dock.set_pool("2d6")
    dock.set_target(8)
    assert "P(total ≥ 8) = 15/36 ≈ 41.7%" in dock.odds_text()
    assert "Mean total: 7" in dock.odds_text()
    dock.set_pool("5d6")
    dock.set_target(30)
    assert "P(total ≥ 30) = 1/7776 < 0.1%" in dock.odds_text()
    assert "Mean total: 17.5" in dock.odds_text()


def test_bad_pool_shows_error_and_disables_roll(dock: DiceDock) -> None:
    dock.set_pool("3x6")
    with pytest.raises(ValueError) as caught:
        DicePool.parse("3x6")
    error = dock.findChild(QLabel, "diceError")
    assert error is not None and error.isVisibleTo(dock)
    assert error.text() == str(caught.value)
    assert not dock.roll_button.isEnabled()
    assert dock.roll_button.toolTip() == str(caught.value)
    assert dock.chart_bars() == []
    dock.set_pool("3d6")
    assert not error.isVisibleTo(dock)
    assert dock.roll_button.isEnabled()


def test_roll_button_submits_and_history_lists_newest_first(
        dock: DiceDock, controller: MatchController, qtbot) -> None:
    dock.set_pool("2d6")
    click(qtbot, dock.roll_button)
    first = rolls(controller)
    assert len(first) == 1
    assert dock.history_texts() == [first[0].text]
    click(qtbot, dock.roll_button)
    both = rolls(controller)
    assert dock.history_texts() == [both[1].text, both[0].text]


def test_last_roll_faces_are_shown_large(
        dock: DiceDock, controller: MatchController, qtbot) -> None:
    dock.set_pool("3d6")
    click(qtbot, dock.roll_button)
    faces = rolls(controller)[-1].faces
    tiles = [label.text() for label in shown(dock, QLabel) if label.toolTip() == "d6"]
    assert tiles == [str(face) for face in faces]


def test_the_dice_stay_drawn_until_another_roll(
        dock: DiceDock, controller: MatchController, qtbot) -> None:
    """An action that rolls nothing keeps the last roll's tiles (rebuilding them after
    every action cost a layout pass of the dock); undoing the roll clears them."""
    from engine.core.referee import SetCounter

    dock.set_pool("3d6")
    click(qtbot, dock.roll_button)
    tiles = [label for label in shown(dock, QLabel) if label.toolTip() == "d6"]
    controller.submit(SetCounter("score", 1))
    assert [label for label in shown(dock, QLabel) if label.toolTip() == "d6"] == tiles
    assert controller.undo() and controller.undo()
    assert [label for label in shown(dock, QLabel) if label.toolTip() == "d6"] == []


def test_the_next_roll_reuses_the_dice_tiles(
        dock: DiceDock, controller: MatchController, qtbot) -> None:
    """Another roll gives the tiles shown their new faces (a styled tile made anew costs
    a polish); a smaller pool lets the extra tiles go."""
    dock.set_pool("3d6")
    click(qtbot, dock.roll_button)
    tiles = [label for label in shown(dock, QLabel) if label.toolTip() == "d6"]
    click(qtbot, dock.roll_button)
    again = [label for label in shown(dock, QLabel) if label.toolTip() == "d6"]
    assert again == tiles
    assert [t.text() for t in again] == [str(f) for f in rolls(controller)[-1].faces]
    dock.set_pool("2d6")
    click(qtbot, dock.roll_button)
    assert [label for label in shown(dock, QLabel) if label.toolTip() == "d6"] == tiles[:2]


def test_enter_rolls_the_canonical_pool(
        dock: DiceDock, controller: MatchController, qtbot) -> None:
    entry = dock.findChild(QLineEdit)
    dock.set_pool("2D6 + 1")
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    assert [event.pool for event in rolls(controller)] == ["2d6+1"]


def test_undo_and_new_match_keep_history_right(
        dock: DiceDock, controller: MatchController, qtbot) -> None:
    click(qtbot, dock.roll_button)
    click(qtbot, dock.roll_button)
    assert len(dock.history_texts()) == 2
    assert controller.undo()
    assert dock.history_texts() == [rolls(controller)[0].text]
    assert controller.undo()
    assert dock.history_texts() == []
    assert controller.redo()
    assert len(dock.history_texts()) == 1
    controller.new_match("sandbox", {"players": 2}, seed=4, mode=RuleMode.SANDBOX,
                         take_backs=True)
    assert dock.history_texts() == []


def test_presets_fill_the_entry(dock: DiceDock, qtbot) -> None:
    dock.set_presets(["1d20", "2d10+2"])
    buttons = {button.text(): button for button in shown(dock, QPushButton)}
    assert "1d6" not in buttons
    click(qtbot, buttons["2d10+2"])
    assert dock.pool_text() == "2d10+2"
    assert [k for k, _ in dock.chart_bars()][:2] == [4, 5]


def test_roll_disabled_without_a_match(data_dirs: Path, qtbot) -> None:
    dock = DiceDock(MatchController())
    qtbot.addWidget(dock)
    assert not dock.roll_button.isEnabled()
    assert dock.roll_button.toolTip() == "no match is open"
    assert dock.history_texts() == []


def test_roll_disabled_when_the_rules_refuse(
        dock: DiceDock, controller: MatchController, monkeypatch: pytest.MonkeyPatch,
        qtbot) -> None:
    reason = "referee actions are off: this match enforces the rules"
    monkeypatch.setattr(controller, "check", lambda action: reason)
    controller.changed.emit()
    assert not dock.roll_button.isEnabled()
    assert dock.roll_button.toolTip() == reason
    qtbot.keyClick(dock.findChild(QLineEdit), Qt.Key.Key_Return)
    assert rolls(controller) == []


def test_constructing_does_not_import_pyqtgraph(data_dirs: Path) -> None:
    script = textwrap.dedent("""
        import sys
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from app.docks.dice import DiceDock
        from app.match_controller import MatchController
        dock = DiceDock(MatchController())
        dock.set_pool("3d6")
        assert "pyqtgraph" not in sys.modules, "imported on construction"
        dock.show()
        assert "pyqtgraph" not in sys.modules, "the first show must not wait for the chart"
        from PySide6.QtCore import QEventLoop, QTimer
        loop = QEventLoop()
        QTimer.singleShot(600, loop.quit)
        loop.exec()
        assert "pyqtgraph" in sys.modules, "chart not built soon after show"
        assert len(dock.chart_bars()) == 16
    """)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(REPO)}
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_an_undo_takes_off_only_the_rolls_it_took_back(
        dock: DiceDock, controller: MatchController, qtbot) -> None:
    """Three rolls, then the last taken back: the two rolls before keep their rows (the
    history is not read anew from the first step, which cost a frame in a long match)
    and the last roll drawn large is the second's."""
    click(qtbot, dock.roll_button)
    click(qtbot, dock.roll_button)
    kept = [dock._history.item(i) for i in range(dock._history.count())]
    click(qtbot, dock.roll_button)
    assert controller.undo()
    assert [dock._history.item(i) for i in range(dock._history.count())] == kept
    assert dock.history_texts() == [rolls(controller)[1].text, rolls(controller)[0].text]
    faces = [str(f) for f in rolls(controller)[1].faces]
    assert [t.text() for t in shown(dock, QLabel) if t.toolTip() == "d6"] == faces
