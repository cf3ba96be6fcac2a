"""Platform facts from DESIGN.md that would break the program silently if they regressed."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_twenty_thousand_void_calls_do_not_abort_python():
    """PySide6-Essentials 6.12.0 aborts Python 3.11 after a few thousand void calls
    (none_dealloc); the pinned 6.11.3 must survive 20,000 of them."""
    script = textwrap.dedent("""
        from PySide6.QtWidgets import QApplication, QWidget
        app = QApplication([])
        widget = QWidget()
        for i in range(20000):
            widget.setEnabled(i % 2 == 0)
            widget.update()
        print("survived")
    """)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-400:]
    assert "survived" in result.stdout


def test_pinned_pyside_version():
    """pyproject pins the PySide6 that is known good on Python 3.11."""
    import PySide6

    assert PySide6.__version__ == "6.11.3"
    assert '"PySide6-Essentials==6.11.3"' in (ROOT / "pyproject.toml").read_text()


def test_version_and_screenshot_from_the_command_line(tmp_path):
    """runetable --version prints the version; --screenshot writes a real 1600x1000 picture."""
    from PySide6.QtGui import QImage

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    version = subprocess.run([sys.executable, "-m", "app", "--version"], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("Runetable 0.")
    shot = tmp_path / "shot.png"
    result = subprocess.run([sys.executable, "-m", "app", "--game", "sandbox", "--seed", "2",
                             "--screenshot", str(shot)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-400:]
    image = QImage(str(shot))
    assert (image.width(), image.height()) == (1600, 1000)
    colours = {image.pixel(x, y) for x in range(0, 1600, 97) for y in range(0, 1000, 89)}
    assert len(colours) > 10


def test_bad_save_on_the_command_line_still_starts(tmp_path):
    """A corrupt save passed on the command line gets a message and the program starts anyway."""
    bad = tmp_path / "bad.runetable"
    bad.write_text("{not json")
    shot = tmp_path / "shot.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    # Unattended (a picture, no one to close a message box): the message goes to stderr.
    result = subprocess.run([sys.executable, "-m", "app.main", "--load", str(bad),
                             "--screenshot", str(shot)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-400:]
    assert "Cannot open this save" in result.stderr and "bad.runetable" in result.stderr
    assert shot.exists()
