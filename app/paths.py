"""Where Runetable writes: the user's data and config folders, redirectable for tests.

RUNETABLE_DATA_DIR and RUNETABLE_CONFIG_DIR override the platform folders so
tests (and portable installs) never touch a player's real saves.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QStandardPaths

# Where the app reads its content and forms: the engine knows the three layouts.
from engine.core.install import asset_dir as asset_dir
from engine.core.install import forms_dir as forms_dir

ORG, APP = "Runetable", "Runetable"


class StorageError(OSError):
    """A folder Runetable writes to cannot be used; the message says which and why.

    An OSError, so every place that already survives a failed write survives this.
    """


def _blocker(path: Path) -> Path | None:
    """The nearest of `path` and its parents that exists but is not a folder."""
    for candidate in (path, *path.parents):
        if candidate.exists():
            return None if candidate.is_dir() else candidate
    return None


def _folder(env: str, kind: QStandardPaths.StandardLocation) -> Path:
    override = os.environ.get(env)
    path = Path(override) if override else Path(QStandardPaths.writableLocation(kind))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        blocker = _blocker(path)
        if blocker is not None:
            raise StorageError(f"{blocker} is a file, not a folder") from None
        raise StorageError(f"{path} cannot be created ({exc.strerror or exc})") from None
    return path


def data_dir() -> Path:
    return _folder("RUNETABLE_DATA_DIR", QStandardPaths.StandardLocation.AppDataLocation)


def config_dir() -> Path:
    return _folder("RUNETABLE_CONFIG_DIR", QStandardPaths.StandardLocation.AppConfigLocation)


def storage_problems() -> dict[str, str]:
    """What cannot be kept, and why: "settings" and/or "saves" mapped to one line each."""
    problems = {}
    for what, folder in (("settings", config_dir), ("saves", data_dir)):
        try:
            folder()
        except StorageError as exc:
            problems[what] = str(exc)
    return problems


def autosave_path() -> Path:
    return data_dir() / "autosave.runetable"


def settings_path() -> Path:
    return config_dir() / "runetable.ini"


def saves_dir() -> Path:
    """Where the file dialogs open: the saves folder, or home when it cannot be made."""
    try:
        path = data_dir() / "saves"
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return Path.home()
    return path

