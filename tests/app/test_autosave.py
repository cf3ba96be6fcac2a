"""The window never waits for the disk (issue "A table that fits every screen", Under the
mouse), and saving stays as safe: atomic writes, `.prev` kept, the last action on disk
before the window closes."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt

from app.main_window import MainWindow
from app.match_controller import resumable_autosave
from engine.core import saves
from engine.core.game import RuleMode


def test_an_action_returns_while_the_disk_is_still_writing(qtbot, monkeypatch, private_folders):
    """A write held up on the disk does not hold up the table: the next actions are
    taken at once, and the newest state is what lands once the disk is free."""
    release = threading.Event()
    written: list[str] = []
    real_write = saves.write_atomic

    def slow_write(path, text, keep_previous=False):
        release.wait(timeout=30)
        written.append(text)
        real_write(path, text, keep_previous)

    monkeypatch.setattr(saves, "write_atomic", slow_write)
    win = MainWindow()
    qtbot.addWidget(win)
    win.controller.new_match("sandbox", {"players": 2}, 3, RuleMode.SANDBOX, True)
    for _ in range(3):
        qtbot.mouseClick(win.hand_dock.button("Draw"), Qt.MouseButton.LeftButton)
    assert len(win.controller.match.steps) == 3 and not release.is_set()
    release.set()
    assert win.controller.autosaver.flush()
    assert len(written) <= 3  # writes held up meanwhile were skipped for the newest
    _, match, _ = resumable_autosave()
    assert match is not None and match.state_hash() == win.controller.match.state_hash()


def test_the_writer_starts_once_the_window_has_drawn_the_change(qtbot, monkeypatch,
                                                              private_folders):
    """The save is taken at the action, but handed to the writer a moment later: actions
    in quick succession reach the disk as the newest one, by itself, and without a flush."""
    written: list[str] = []
    monkeypatch.setattr(saves, "write_atomic", lambda path, text, keep_previous=False:
                        written.append(text))
    win = MainWindow()
    qtbot.addWidget(win)
    win.controller.new_match("sandbox", {"players": 2}, 3, RuleMode.SANDBOX, True)
    assert win.controller.autosaver.flush()
    written.clear()
    for _ in range(3):
        win.controller.submit(win.controller.match.legal_actions()[0])
    assert written == []  # nothing handed over while the window is still drawing
    qtbot.waitUntil(lambda: len(written) == 1, timeout=5000)
    assert f'"state_hash": "{win.controller.match.state_hash()}"' in written[0]


def test_closing_the_window_waits_for_the_last_autosave(qtbot, private_folders):
    win = MainWindow()
    qtbot.addWidget(win)
    win.controller.new_match("sandbox", {"players": 2}, 3, RuleMode.SANDBOX, True)
    qtbot.mouseClick(win.hand_dock.button("Draw"), Qt.MouseButton.LeftButton)
    expected = win.controller.match.state_hash()
    win.close()
    _, match, _ = resumable_autosave()
    assert match is not None and match.state_hash() == expected


def test_a_failed_write_is_said_in_the_status_bar(qtbot, monkeypatch):
    def refuse(path, text, keep_previous=False):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves, "write_atomic", refuse)
    win = MainWindow()
    qtbot.addWidget(win)
    win.controller.new_match("sandbox", {"players": 2}, 3, RuleMode.SANDBOX, True)
    qtbot.waitUntil(lambda: "Autosave failed: Permission denied" in
                    win.statusBar().currentMessage(), timeout=3000)
