"""History you can step through, and words that read naturally (issue "A table that fits
every screen": History, Feedback)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from app import main as entry
from app import pace
from app.main_window import MainWindow
from app.words import count, possessive
from engine.core import saves
from engine.core.game import RuleMode
from engine.core.match import Match
from engine.core.referee import DeclareResult, RollDice, SetCounter
from engine.games import get_game


@pytest.fixture
def window(qtbot) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.controller.autosave_enabled = False
    win.controller.new_match("sandbox", {"players": 2}, 11, RuleMode.SANDBOX, take_backs=True)
    win.show()
    qtbot.waitExposed(win)
    return win


def play(window: MainWindow, n: int) -> None:
    for i in range(n):
        window.controller.submit(SetCounter("score", i + 1))


def test_every_step_is_numbered_once(window):
    """A step that logs several events shows its number once, the rest indented."""
    window.controller.submit(RollDice("2d6"))
    play(window, 2)
    numbers = [t.split(".")[0] for t in window.log_dock.texts() if t[0].isdigit()]
    assert numbers == sorted(set(numbers), key=int)
    assert len(window.log_dock.texts()) == len(list(window.controller.match.log()))


def test_clicking_an_entry_keeps_the_list_where_it_was_and_selects_it(qtbot, window):
    """The list does not jump to the bottom when a moment is shown; the entry is marked."""
    play(window, 80)
    log = window.log_dock.list
    bar = log.verticalScrollBar()
    bar.setValue(bar.maximum() // 3)
    QApplication.processEvents()
    where = bar.value()
    row = log.row_at(log.viewport().rect().center())
    qtbot.mouseClick(log.viewport(), Qt.MouseButton.LeftButton,
                     pos=log.row_rect(row).center())
    step = int(log.text(row).split(".")[0])
    assert window.preview_step == step
    assert window.log_dock.selected_step() == step
    assert bar.value() == where
    assert f"after step {step} of 80" in window.preview_bar.text()


def test_arrow_keys_step_back_and_forth_through_history(qtbot, window):
    play(window, 10)
    log = window.log_dock.list
    qtbot.mouseClick(log.viewport(), Qt.MouseButton.LeftButton,
                     pos=log.row_rect(5).center())
    assert window.preview_step == 6
    qtbot.keyClick(log, Qt.Key.Key_Up)
    assert window.preview_step == 5
    assert window.controller.match.view_at(5, None).table.counters == {"score": 5}
    qtbot.keyClick(log, Qt.Key.Key_Down)
    qtbot.keyClick(log, Qt.Key.Key_Down)
    assert window.preview_step == 7


def test_escape_returns_to_the_present(qtbot, window):
    play(window, 3)
    window.show_moment(1)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.preview_step is None and not window.preview_bar.isVisible()
    assert window.log_dock.selected_step() is None


def test_the_log_grows_by_the_new_entries_only(window, monkeypatch):
    """Rows already shown are kept, not rebuilt, when an action adds entries."""
    play(window, 5)
    log = window.log_dock.list
    before = [log.text(row) for row in range(log.count())]
    changes = changes_to(monkeypatch, log)
    play(window, 1)
    assert changes == [("add", ["6. Player 1 sets score from 5 to 1"])]
    assert [log.text(row) for row in range(5)] == before
    assert log.count() == 6


def changes_to(monkeypatch, log) -> list[tuple[str, list[object]]]:
    """Every change made to the log's rows from now on: rows added (their words),
    rewritten (their numbers), cut (how many are kept)."""
    changes: list[tuple[str, list[object]]] = []
    view = type(log)
    add, rewrite, truncate = view.add, view.rewrite, view.truncate

    def added(self, rows):
        if rows:
            changes.append(("add", [text for text, _ in rows]))
        add(self, rows)

    def rewritten(self, rows):
        if rows:
            changes.append(("rewrite", [row for row, _ in rows]))
        rewrite(self, rows)

    def cut(self, count):
        if count < self.count():
            changes.append(("truncate", [count]))
        truncate(self, count)

    monkeypatch.setattr(view, "add", added)
    monkeypatch.setattr(view, "rewrite", rewritten)
    monkeypatch.setattr(view, "truncate", cut)
    return changes


def test_words_read_naturally():
    assert count(1, "action") == "1 action" and count(3, "action") == "3 actions"
    assert possessive("Deep Drifts") == "Deep Drifts'" and possessive("Nickel") == "Nickel's"


def test_the_resume_question_counts_in_good_english(qtbot, private_folders, monkeypatch):
    game = get_game("sandbox")
    match = Match(game, game.options_model(), 3, RuleMode.SANDBOX, True)
    match.submit(SetCounter("score", 1))
    saves.save(match, private_folders / "data" / "autosave.runetable")
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.No)
    win = MainWindow()
    qtbot.addWidget(win)
    entry.start(win, entry.parse_args([]))
    assert "interrupted after 1 action.\n" in asked[0]


def test_the_end_says_who_won_and_why(window):
    window.controller.submit(DeclareResult((1,)))
    assert "Player 2 wins: declared by Player 1" in window.seat_label.text()
    assert "winner: nobody" not in window.seat_label.text()


def test_no_waiting_for_nobody(qtbot):
    """Watching two computer seats: the hand says why it is hidden, not 'waiting for
    nobody'."""
    win = MainWindow()
    qtbot.addWidget(win)
    win.computer.set_paused(True)
    win.controller.new_match("tactica", {"computer_seats": [0, 1]}, 4, RuleMode.ENFORCED,
                             False)
    assert win.controller.computer_to_move() is not None
    assert "nobody" not in win.hand_dock.title.text()
    assert "computer" in win.hand_dock.title.text()


def test_computer_speed_is_a_menu_and_is_kept(qtbot):
    win = MainWindow()
    qtbot.addWidget(win)
    fast = next(a for a in win.pace_group.actions() if a.data() == 100)
    fast.trigger()
    assert win.computer.delay_ms == 100
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.computer.delay_ms == 100
    assert [a.data() for a in again.pace_group.actions() if a.isChecked()] == [100]
    assert {ms for _, ms in pace.PACES} >= {0, 1500}


def test_the_thinking_message_clears_when_the_computer_has_moved(qtbot):
    win = MainWindow()
    qtbot.addWidget(win)
    win.computer.delay_ms = 1
    win.controller.new_match("tactica", {"computer_seats": [1]}, 3, RuleMode.ENFORCED, False)
    match = win.controller.match
    if win.controller.seat() == 0:
        win.controller.submit(match.legal_actions()[0])
    qtbot.waitUntil(lambda: "thinking" in win.statusBar().currentMessage(), timeout=5000)
    qtbot.waitUntil(lambda: win.controller.seat() == 0, timeout=10000)
    assert "thinking" not in win.statusBar().currentMessage()


def test_the_filter_hides_what_does_not_match_also_among_new_entries(qtbot, window):
    play(window, 3)
    window.log_dock.filter.setText("to 2")
    assert window.log_dock.texts() == ["2. Player 1 sets score from 1 to 2"]
    play(window, 2)  # "from 3 to 1" is hidden as it comes, "from 1 to 2" shown
    assert window.log_dock.texts() == ["2. Player 1 sets score from 1 to 2",
                                       "5. Player 1 sets score from 1 to 2"]
    window.log_dock.filter.clear()
    assert len(window.log_dock.texts()) == 5


def test_a_long_log_opens_on_its_newest_entry(qtbot):
    """Rows are laid out in batches; the list follows them to the newest entry (it stopped
    after the first batch, in the middle of a loaded match's log)."""
    from app.docks.log import LogDock

    dock = LogDock()
    qtbot.addWidget(dock)
    dock.resize(330, 500)
    dock.show()
    entries = [(n, f"Player {n % 2 + 1} moves a troop a long way across the field, "
                   f"wrapping onto a second line ({n})", False) for n in range(1, 2001)]
    dock.show_entries(entries)
    bar = dock.list.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum(), timeout=5000)
    qtbot.wait(300)  # the later batches keep it there
    assert bar.value() == bar.maximum()
    last = dock.list.row_rect(dock.list.count() - 1)
    assert dock.list.viewport().rect().intersects(last)


def test_rows_wrap_anew_when_the_log_narrows(qtbot):
    """Each row's height is measured once, not at every layout; a narrower log measures
    them all again (a batch at a time) so that no text is cut."""
    from app.docks.log import LogDock

    dock = LogDock()
    qtbot.addWidget(dock)
    dock.resize(700, 400)
    dock.show()
    qtbot.waitExposed(dock)
    entries = [(n, f"Player {n % 2 + 1} moves a troop from one end of the field to the "
                   f"other ({n})", False) for n in range(1, 801)]
    dock.show_entries(entries)
    log = dock.list

    def height(row: int) -> int:
        return log.row_rect(row).height()

    qtbot.waitUntil(lambda: height(0) > 0 and height(0) == height(799), timeout=5000)
    wide = height(799)
    dock.resize(230, 400)
    qtbot.waitUntil(lambda: height(0) > wide and height(799) > wide, timeout=5000)
    metrics = log.fontMetrics()
    text = log.text(0)
    lines = metrics.boundingRect(0, 0, log.viewport().width() - 8, 10_000,
                                 Qt.TextFlag.TextWordWrap, text).height()
    assert height(0) >= lines


def test_an_unchanged_log_is_not_touched(qtbot, window, monkeypatch):
    """A redraw that adds no entry (a hover, the curtain lifted) neither rebuilds nor lays
    out nor repaints the log."""
    from PySide6.QtCore import QEvent, QObject

    play(window, 30)
    qtbot.wait(100)  # laid out and painted
    log = window.log_dock.list

    class Paints(QObject):
        count = 0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                Paints.count += 1
            return False

    spy = Paints()
    log.viewport().installEventFilter(spy)
    changes = changes_to(monkeypatch, log)
    window.refresh()
    QApplication.processEvents()
    assert Paints.count == 0 and changes == []
    play(window, 1)
    QApplication.processEvents()
    assert Paints.count > 0


def test_a_row_whose_words_change_is_rewritten_in_place(qtbot, monkeypatch):
    """At the end of a match the log is read anew with what was hidden revealed: rows
    keep their places and widgets, the changed ones take their new words and height."""
    from app.docks.log import LogDock

    dock = LogDock()
    qtbot.addWidget(dock)
    dock.resize(300, 400)
    dock.show()
    qtbot.waitExposed(dock)
    hidden = [(n, f"Player {n % 2 + 1} draws a card", False) for n in range(1, 41)]
    dock.show_entries(hidden)
    log = dock.list
    qtbot.waitUntil(lambda: log.row_rect(10).height() > 0, timeout=2000)
    short = log.row_rect(10).height()
    before = dock.texts()
    changes = changes_to(monkeypatch, log)
    revealed = list(hidden)
    revealed[10] = (11, "Player 2 draws SHIELDWALL, the card that swaps two troops of one "
                        "side standing next to each other", False)
    dock.show_entries(revealed)
    assert changes == [("rewrite", [10])]
    assert dock.texts()[10].startswith("11. Player 2 draws SHIELDWALL")
    assert dock.texts()[:10] == before[:10] and dock.texts()[11:] == before[11:]
    qtbot.waitUntil(lambda: log.row_rect(10).height() > short, timeout=2000)
