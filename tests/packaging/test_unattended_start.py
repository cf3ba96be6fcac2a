"""The command-line behaviour the installed-program check relies on, from source."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import png_check
from project_meta import ROOT

from engine.games import game_names


def runetable(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=ROOT, text=True,
                          capture_output=True, timeout=90)


def test_list_games_prints_every_registered_game():
    result = runetable("--list-games")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == game_names()


def test_a_missing_save_is_told_on_stderr_and_the_table_still_opens(tmp_path: Path):
    """No message box may wait for a click in an unattended run: it would never end."""
    shot = tmp_path / "shot.png"
    result = runetable("--screenshot", str(shot), str(tmp_path / "gone.runetable"))
    assert result.returncode == 0, result.stderr
    assert f"{tmp_path / 'gone.runetable'}: no such file" in result.stderr
    assert png_check.picture_problem(shot, (1600, 1000)) is None
