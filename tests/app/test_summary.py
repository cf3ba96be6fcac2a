"""A match ends on a summary (issue "A table that fits every screen", Feedback and
endings): who won and why, facts and charts, closable to look at the final table."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from app.dialogs.summary import SummaryDialog
from app.games.base import Chart, Series, Summary
from app.main_window import MainWindow
from engine.core.game import RuleMode
from engine.core.referee import DeclareResult, SetCounter

REPO = Path(__file__).resolve().parents[2]


def test_the_summary_opens_at_the_end_and_can_be_brought_back(qtbot):
    win = MainWindow()
    qtbot.addWidget(win)
    win.controller.new_match("sandbox", {"players": 2}, 3, RuleMode.SANDBOX, True)
    win.show()
    assert not win.summary_action.isEnabled()
    win.controller.submit(SetCounter("score", 4))
    win.controller.submit(DeclareResult((0,)))
    qtbot.waitUntil(lambda: win.summary is not None and win.summary.isVisible(), timeout=2000)
    assert win.summary.headline.text() == "Player 1 wins: declared by Player 1"
    win.summary.reject()
    assert not win.summary.isVisible() and win.view.isVisible()
    win.summary_action.trigger()
    assert win.summary.isVisible()


def test_the_summary_draws_its_charts(qtbot):
    summary = Summary("SUN wins: 30 points", [("Battles won", "SUN 2 – MOON 1")],
                      [Chart("Points per turn", "turn", "points",
                             [Series("SUN", [(1, 0), (2, 3)]),
                              Series("MOON", [(1, 1), (2, 1)])])])
    dialog = SummaryDialog(summary)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.headline.isVisible() and dialog.plots == []  # words first, charts next
    qtbot.waitUntil(dialog.charts_drawn, timeout=2000)
    assert dialog.chart_titles() == ["Points per turn"]
    items = dialog.plots[0].getPlotItem().listDataItems()
    assert [item.name() for item in items] == ["SUN", "MOON"]
    assert list(items[0].getData()[1]) == [0, 3]


def test_a_long_chart_keeps_its_markers_sparse_and_its_lines_clear_of_the_legend(qtbot):
    """A two-hundred-turn game: each line keeps its symbol (colour is never alone, issue
    "A table that fits every screen") but at most 60 markers, and the chart's top leaves
    a legend row per line above the highest value, so the legend hides no line."""
    rising = [(t, t / 10) for t in range(200)]
    level = [(t, 3.0) for t in range(200)]
    summary = Summary("A long game", [], [Chart("Units", "turn", "units",
                                                [Series("A", rising), Series("B", level)])])
    dialog = SummaryDialog(summary)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(dialog.charts_drawn, timeout=2000)
    plot = dialog.plots[0].getPlotItem()
    named = [item for item in plot.listDataItems() if item.name()]
    assert [item.name() for item in named] == ["A", "B"]
    for item in named:
        assert item.opts["symbol"] is not None and len(item.getData()[0]) <= 60
    top = plot.getViewBox().viewRange()[1][1]
    assert top >= 19.9 + 19.9 * 0.3 * 2


def test_the_chart_library_is_ready_before_the_end(tmp_path):
    """pyqtgraph (~0.4 s to import) is imported while the window idles after it shows,
    not when the first window appears nor at the end of the match, where the summary
    would stall the window under the mouse."""
    script = textwrap.dedent("""
        import sys
        from PySide6.QtCore import QEventLoop, QTimer
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from app.main_window import MainWindow
        window = MainWindow()
        window.controller.autosave_enabled = False
        window.controller.new_match("tactica", {}, 3, "enforced", False)
        window.dice_dock.hide()  # TACTICA has no dice: their chart never imports it
        window.show()
        assert "pyqtgraph" not in sys.modules, "the first window waited for it"
        loop = QEventLoop()
        QTimer.singleShot(2000, loop.quit)
        loop.exec()
        assert "pyqtgraph" in sys.modules, "not imported while the window idled"
    """)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(REPO),
           "RUNETABLE_DATA_DIR": str(tmp_path / "data"),
           "RUNETABLE_CONFIG_DIR": str(tmp_path / "config")}
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
