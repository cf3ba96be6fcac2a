"""The About dialog (ui_forms/about.ui), with where saves and settings live."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from app import __version__, paths
from app.forms import load_form
from engine.games import game_names, get_game


def _where(folder: Callable[[], Path]) -> str:
    """The folder, or why it cannot be used."""
    try:
        return str(folder())
    except paths.StorageError as exc:
        return f"not kept ({exc})"


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = load_form("about", self)
        self.setWindowTitle(form.windowTitle())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(form)
        form.findChild(QLabel, "versionLabel").setText(f"Version {__version__}")
        body = form.findChild(QLabel, "bodyLabel")
        titles = ", ".join(get_game(name).title for name in game_names())
        body.setText(f"{body.text()}\n\nIn this version: {titles}.")
        form.findChild(QLabel, "pathsLabel").setText(
            f"Saves and autosave: {_where(paths.data_dir)}\n"
            f"Settings: {_where(paths.settings_path)}")
        form.findChild(QDialogButtonBox, "buttonBox").rejected.connect(self.reject)
