"""Where Runetable writes: the user's data and config folders, redirectable for tests.

RUNETABLE_DATA_DIR and RUNETABLE_CONFIG_DIR override the platform folders so
tests (and portable installs) never touch a player's real saves.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QStandardPaths

ORG, APP = "Runetable", "Runetable"


def _folder(env: str, kind: QStandardPaths.StandardLocation) -> Path:
    override = os.environ.get(env)
    path = Path(override) if override else Path(QStandardPaths.writableLocation(kind))
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    return _folder("RUNETABLE_DATA_DIR", QStandardPaths.StandardLocation.AppDataLocation)


def config_dir() -> Path:
    return _folder("RUNETABLE_CONFIG_DIR", QStandardPaths.StandardLocation.AppConfigLocation)


def autosave_path() -> Path:
    return data_dir() / "autosave.runetable"


def settings_path() -> Path:
    return config_dir() / "runetable.ini"


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _install_root() -> Path:
    """The folder holding assets/ and ui_forms/: the checkout, or a frozen bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if bundle else Path(__file__).resolve().parent.parent


def asset_dir() -> Path:
    return _install_root() / "assets"


def forms_dir() -> Path:
    return _install_root() / "ui_forms"
