"""Help → Rules: the game's rules reference, in our own words, from assets/<game>/rules.md."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from app import paths


def rules_text(game: str) -> str:
    path = paths.asset_dir() / game / "rules.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# No rules reference\n\nThe rules reference for '{game}' is missing ({path})."


class RulesDialog(QDialog):
    def __init__(self, game: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rules reference")
        self.resize(640, 720)
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setMarkdown(rules_text(game))
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
