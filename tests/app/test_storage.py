"""Folders Runetable cannot use (issue "Play-test fixes", item 5).

A plain file where the settings or data folder should be stopped start-up
with a traceback. Now start-up says so in one line and runs without what it
cannot keep.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app import main as entry
from app import paths
from app.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


def started(qtbot, args: list[str] | None = None) -> tuple[MainWindow, list[str]]:
    window = MainWindow()
    qtbot.addWidget(window)
    warnings: list[str] = []
    window.warn = lambda title, text: warnings.append(f"{title}: {text}")
    window.report_storage()
    entry.start(window, entry.parse_args(args or ["--seed", "3"]))
    return window, warnings


def test_a_file_where_the_settings_folder_should_be(qtbot, private_folders, monkeypatch):
    """The window opens, says once that settings are not kept, and closes cleanly."""
    blocker = private_folders / "config-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("RUNETABLE_CONFIG_DIR", str(blocker / "Runetable"))
    window, warnings = started(qtbot)
    assert warnings == [f"Settings not saved: The settings folder cannot be used: {blocker} "
                        "is a file, not a folder. Runetable runs without saving settings."]
    qtbot.mouseClick(window.hand_dock.button("Draw"), Qt.MouseButton.LeftButton)
    assert window.controller.autosave_enabled
    window.close()
    assert blocker.read_text() == "not a folder"


def test_a_file_where_the_data_folder_should_be(qtbot, private_folders, monkeypatch):
    """No autosave, said once; playing on works and nothing is written over the file."""
    blocker = private_folders / "data-file"
    blocker.write_text("mine")
    monkeypatch.setenv("RUNETABLE_DATA_DIR", str(blocker))
    window, warnings = started(qtbot)
    assert len(warnings) == 1 and warnings[0].startswith("No autosave: ")
    assert f"{blocker} is a file, not a folder" in warnings[0]
    assert not window.controller.autosave_enabled
    qtbot.mouseClick(window.hand_dock.button("Draw"), Qt.MouseButton.LeftButton)
    assert len(window.controller.match.steps) == 1
    assert blocker.read_text() == "mine"
    assert paths.saves_dir() == Path.home()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders")
def test_the_real_program_starts_with_both_folders_blocked(tmp_path):
    """`runetable --screenshot` with ~/.config/Runetable and ~/.local/share/Runetable as
    plain files: exit 0, a picture, one line per folder, no traceback."""
    home = tmp_path / "home"
    (home / ".config").mkdir(parents=True)
    (home / ".local" / "share").mkdir(parents=True)
    (home / ".config" / "Runetable").write_text("x")
    (home / ".local" / "share" / "Runetable").write_text("x")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("RUNETABLE_", "XDG_"))}
    env["HOME"] = str(home)
    shot = tmp_path / "shot.png"
    result = subprocess.run([sys.executable, "-m", "app", "--screenshot", str(shot)], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert shot.exists()
    lines = [line for line in result.stderr.splitlines() if "folder" in line]
    assert lines == [
        f"Settings not saved: The settings folder cannot be used: {home}/.config/Runetable "
        "is a file, not a folder. Runetable runs without saving settings.",
        f"No autosave: The data folder cannot be used: {home}/.local/share/Runetable is a "
        "file, not a folder. Runetable runs without autosave; save by hand elsewhere."]
