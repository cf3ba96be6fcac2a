"""A plain `pip install .` gives a working program (issue "Play-test fixes", item 10).

The wheel used to carry no assets/ or ui_forms/, so every game reported a
damaged installation. This builds the wheel from a copy of the sources,
installs it into a fresh environment, and starts every game with
`--screenshot` from another folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from engine.games import game_names

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("engine", "app", "assets", "ui_forms", "setup.py", "pyproject.toml", "README.md")


def run(*command: str, cwd: Path, env: dict[str, str] | None = None
        ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, check=False)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment with only the wheel installed (its dependencies are lent from
    the test environment through a path file, so nothing is downloaded)."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(ROOT / name, source / name)
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                "--disable-pip-version-check", "-w", str(base / "dist"), ".", cwd=source)
    assert built.returncode == 0, built.stderr
    (wheel,) = (base / "dist").glob("runetable-*.whl")
    env_dir = base / "env"
    made = run(sys.executable, "-m", "venv", "--without-pip", str(env_dir), cwd=base)
    assert made.returncode == 0, made.stderr
    python = env_dir / "bin" / "python"
    put = run(sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
              "--disable-pip-version-check", str(wheel), cwd=base)
    assert put.returncode == 0, put.stderr
    site = run(str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
               cwd=base).stdout.strip()
    (Path(site) / "lent-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return env_dir


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="venv layout of Linux")
def test_the_wheel_carries_content_and_forms(installed: Path) -> None:
    wheel = next((installed.parent / "dist").glob("runetable-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for game in game_names():
        assert f"runetable_assets/{game}/rules.md" in names
    assert "runetable_forms/new_game.ui" in names
    assert "engine/core/install.py" in names and "app/main.py" in names


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="venv layout of Linux")
@pytest.mark.parametrize("game", game_names())
def test_the_installed_program_starts_every_game(installed: Path, game: str,
                                                 tmp_path: Path) -> None:
    """`runetable --game G --screenshot` from an unrelated folder: a picture, exit 0, and
    the code and content come from the installed environment, not this checkout."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env.update(QT_QPA_PLATFORM="offscreen", RUNETABLE_DATA_DIR=str(tmp_path / "data"),
               RUNETABLE_CONFIG_DIR=str(tmp_path / "config"))
    where = run(str(installed / "bin" / "python"), "-c",
                "import engine, app.paths as p; print(engine.__file__); print(p.asset_dir())",
                cwd=elsewhere, env=env)
    engine_file, assets = where.stdout.split()
    assert engine_file.startswith(str(installed)) and assets.startswith(str(installed))
    shot = elsewhere / f"{game}.png"
    result = run(str(installed / "bin" / "runetable"), "--game", game, "--screenshot",
                 str(shot), cwd=elsewhere, env=env)
    assert result.returncode == 0, result.stderr
    assert "Damaged installation" not in result.stderr and "Traceback" not in result.stderr
    assert shot.stat().st_size > 10_000
