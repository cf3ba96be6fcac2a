"""Start-up without a display (issue "A table that fits every screen", Start-up): a clear
stop with the hint instead of Qt's misleading abort, and quiet offscreen pictures."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def headless_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(RUNETABLE_DATA_DIR=str(tmp_path / "d"), RUNETABLE_CONFIG_DIR=str(tmp_path / "c"))
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland sessions")
def test_no_display_stops_with_the_hint(tmp_path):
    result = subprocess.run([sys.executable, "-m", "app"], cwd=ROOT, env=headless_env(tmp_path),
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 1
    assert result.stderr.startswith("runetable: no display found")
    assert "xvfb-run" in result.stderr and "--screenshot" in result.stderr
    assert "xcb" not in result.stderr and "Aborted" not in result.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland sessions")
@pytest.mark.skipif(Path(sys.prefix).resolve() != (ROOT / ".venv").resolve(),
                    reason="tasks.py would set up a .venv of its own here")
def test_tasks_run_stops_with_the_hint_too(tmp_path):
    env = headless_env(tmp_path)
    result = subprocess.run([sys.executable, "tasks.py", "run"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 1
    assert "no display found" in result.stderr + result.stdout
    assert "Trying anyway" not in result.stderr + result.stdout


def test_a_picture_without_a_display_prints_no_qt_notes(tmp_path):
    shot = tmp_path / "board.png"
    result = subprocess.run([sys.executable, "-m", "app", "--game", "tactica", "--screenshot",
                             str(shot)], cwd=ROOT, env=headless_env(tmp_path),
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert "propagateSizeHints" not in result.stderr
    assert shot.stat().st_size > 10_000
