"""The engine never imports Qt, pyqtgraph or the app (DESIGN.md: engine/ is pure Python)."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
FORBIDDEN = ("PySide6", "shiboken6", "pyqtgraph", "app")


def is_forbidden(module: str) -> bool:
    top = module.split(".")[0]
    return top in FORBIDDEN


def forbidden_imports(source: str, filename: str) -> list[str]:
    """Every import of a forbidden package in the source, as 'line: module'."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found += [f"{node.lineno}: {a.name}" for a in node.names if is_forbidden(a.name)]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module and is_forbidden(node.module):
                found.append(f"{node.lineno}: {node.module}")
        elif isinstance(node, ast.Call):  # import_module("PySide6...") / __import__("app")
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            if name in ("import_module", "__import__") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) \
                        and is_forbidden(arg.value):
                    found.append(f"{node.lineno}: {arg.value}")
    return found


ENGINE_FILES = sorted(ENGINE.rglob("*.py"))


def test_there_are_engine_files() -> None:
    """The walk finds the engine's modules (so the check below checks something)."""
    names = {p.relative_to(ROOT).as_posix() for p in ENGINE_FILES}
    assert {"engine/core/match.py", "engine/simulate.py", "engine/games/__init__.py"} <= names


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_forbidden_import_in_source(path: Path) -> None:
    """No file under engine/ imports PySide6, shiboken6, pyqtgraph or app (ast walk)."""
    assert forbidden_imports(path.read_text(encoding="utf-8"), str(path)) == []


@pytest.mark.parametrize(
    "source",
    [
        "import PySide6",
        "import PySide6.QtCore as qc",
        "from PySide6.QtWidgets import QWidget",
        "import os, shiboken6",
        "from pyqtgraph import PlotWidget",
        "from app.board import scene",
        "import app",
        "def f():\n    import pyqtgraph\n",
        "from importlib import import_module\nimport_module('PySide6.QtGui')",
        "__import__('app.main')",
    ],
)
def test_the_checker_catches_forbidden_imports(source: str) -> None:
    """The ast check itself finds every form of a forbidden import."""
    assert forbidden_imports(source, "<test>")


@pytest.mark.parametrize("source", ["import apply", "from application import x",
                                    "from .app import x", "import engine.app_like"])
def test_the_checker_allows_lookalikes(source: str) -> None:
    """Names that merely start like a forbidden package are not flagged."""
    assert forbidden_imports(source, "<test>") == []


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_importing_every_engine_module_loads_no_qt() -> None:
    """A fresh interpreter that imports every engine module has no Qt or pyqtgraph loaded."""
    names = [module_name(p) for p in ENGINE_FILES]
    assert "engine.core.match" in names and "engine" in names
    script = textwrap.dedent("""
        import importlib, sys
        for name in sys.argv[1:]:
            importlib.import_module(name)
        bad = sorted(m for m in sys.modules
                     if m.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph", "app"))
        print(",".join(bad))
    """)
    result = subprocess.run([sys.executable, "-c", script, *names], cwd=ROOT,
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""
