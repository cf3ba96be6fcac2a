"""Loading Qt Designer forms from ui_forms/ at run time."""

from __future__ import annotations

from PySide6.QtCore import QFile, QIODevice, Qt
from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import QWidget

from app import paths


def load_form(name: str, parent: QWidget | None = None) -> QWidget:
    """Build the widget tree of ui_forms/<name>.ui; a missing form is a packaging bug."""
    path = paths.forms_dir() / f"{name}.ui"
    handle = QFile(str(path))
    if not handle.open(QIODevice.OpenModeFlag.ReadOnly):
        raise FileNotFoundError(f"form {path} is missing from this installation")
    try:
        widget = QUiLoader().load(handle, parent)
    finally:
        handle.close()
    if widget is None:
        raise RuntimeError(f"form {path} could not be read")
    if parent is not None:
        # A form whose top is a QDialog would otherwise open as a window of its own
        # instead of filling the dialog it is loaded into; its designed size stays the
        # least it may shrink to, so the dialog never opens cramped.
        designed = widget.size()
        widget.setWindowFlags(Qt.WindowType.Widget)
        widget.setMinimumSize(designed)
    return widget
