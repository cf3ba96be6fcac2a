"""Layers checked by a machine (issue "One engine for five rulebooks", item 10): the
import contracts in pyproject.toml ([tool.importlinter]) hold — the engine never imports
Qt, pyqtgraph or the app, and the app sits over the games, which sit over the core."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT = ("import sys; from importlinter.cli import lint_imports; "
        "sys.exit(lint_imports(no_cache=True))")


def lint(where: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", LINT], cwd=where, capture_output=True,
                          text=True, timeout=300, check=False, env={"PYTHONPATH": str(where)})


def test_the_import_contracts_hold() -> None:
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "2 kept, 0 broken" in result.stdout


def test_a_core_module_importing_a_game_breaks_the_layers(tmp_path: Path) -> None:
    """The contracts catch what they are for: the core reaching up to a game."""
    for name in ("engine", "app"):
        shutil.copytree(ROOT / name, tmp_path / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    with (tmp_path / "engine" / "core" / "errors.py").open("a") as handle:
        handle.write("\nfrom engine.games import get_game  # noqa\n")
    result = lint(tmp_path)
    assert result.returncode == 1
    assert "engine.core.errors -> engine.games" in result.stdout
