"""Killing the program mid-match loses nothing: the next start offers to resume."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from app import main as entry
from app.main_window import MainWindow
from app.match_controller import resumable_autosave

ROOT = Path(__file__).resolve().parents[2]


def test_killed_mid_match_then_resumed(qtbot, private_folders, monkeypatch):
    """A player's process is killed (SIGKILL) after 6 actions; the next start resumes all 6."""
    script = textwrap.dedent("""
        import os, signal
        from PySide6.QtWidgets import QApplication
        from app.main_window import MainWindow
        from engine.core.game import RuleMode
        app = QApplication([])
        window = MainWindow()
        window.controller.new_match("sandbox", {"players": 2}, 5, RuleMode.SANDBOX, True)
        for _ in range(4):
            window.hand_dock.button("Draw").click()
        window.hand_dock.button("End turn").click()
        window.curtain.button.click()
        window.hand_dock.button("Draw").click()
        window.controller.autosaver.flush()  # the last write has reached the disk
        print(window.controller.match.state_hash(), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    env = dict(os.environ)
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == -9
    expected_hash = result.stdout.strip().splitlines()[-1]

    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Yes)
    window = MainWindow()
    qtbot.addWidget(window)
    entry.start(window, entry.parse_args([]))
    assert window.controller.match is not None
    assert len(window.controller.match.steps) == 6
    assert window.controller.match.state_hash() == expected_hash
    assert window.controller.path is None  # resumed, not 'saved as' the autosave


def test_declining_resume_starts_a_fresh_table(qtbot, monkeypatch):
    """Saying No keeps the player's choice: a new sandbox table."""
    first = MainWindow()
    qtbot.addWidget(first)
    entry.start(first, entry.parse_args(["--seed", "3"]))
    first.hand_dock.button("Draw").click()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    second = MainWindow()
    qtbot.addWidget(second)
    entry.start(second, entry.parse_args([]))
    assert second.controller.match is not None and second.controller.match.steps == []


def test_unreadable_autosaves_are_reported_not_fatal(qtbot, private_folders):
    """Both autosaves damaged: the player is told, and a new table opens."""
    data = private_folders / "data"
    data.mkdir(parents=True, exist_ok=True)
    (data / "autosave.runetable").write_text("{")
    (data / "autosave.runetable.prev").write_text("[]")
    path, match, problem = resumable_autosave()
    assert path is None and match is None and "autosave.runetable" in problem
    window = MainWindow()
    qtbot.addWidget(window)
    warnings = []
    window.warn = lambda title, text: warnings.append(text)
    entry.start(window, entry.parse_args([]))
    assert warnings and window.controller.match is not None


def test_broken_settings_file_still_starts(qtbot, private_folders):
    """A garbled settings file is ignored: the window opens with the default layout."""
    config = private_folders / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "runetable.ini").write_bytes(b"\x00\xff[window]\nstate=@ByteArray(garbage\n")
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    assert window.hand_dock.isVisible() and window.log_dock.isVisible()


def test_damaged_content_file_is_reported_and_the_window_still_opens(qtbot, monkeypatch,
                                                                    tmp_path):
    """A content file with a mistyped field names file and field; the program still starts."""
    from engine.core import content
    from engine.games.sandbox import content as sandbox_content

    broken = tmp_path / "table.json"
    broken.write_text(sandbox_content.ASSET.read_text().replace('"count": 3', '"count": "x"', 1))
    monkeypatch.setattr(sandbox_content, "ASSET", broken)
    monkeypatch.setattr(sandbox_content.load, "__defaults__", (broken,))
    content._read.cache_clear()
    window = MainWindow()
    qtbot.addWidget(window)
    warnings = []
    window.warn = lambda title, text: warnings.append(text)
    entry.start(window, entry.parse_args(["--game", "sandbox"]))
    assert window.controller.match is None
    assert "table.json" in warnings[0] and "tokens[0] (red token).count" in warnings[0]
    content._read.cache_clear()


def test_a_match_with_nothing_played_is_not_offered(qtbot, private_folders, monkeypatch):
    """An autosave of a table where nothing was played has nothing to resume: no question
    (an unattended start once waited on it for ever)."""
    from engine.core import saves
    from engine.core.game import RuleMode
    from engine.core.match import Match
    from engine.games import get_game

    game = get_game("tactica")
    saves.save(Match(game, game.options_model(), 4, RuleMode.ENFORCED),
               private_folders / "data" / "autosave.runetable")
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: asked.append(a) or QMessageBox.StandardButton.Yes)
    window = MainWindow()
    qtbot.addWidget(window)
    entry.start(window, entry.parse_args([]))
    assert asked == [] and window.controller.match.game.name == "sandbox"
