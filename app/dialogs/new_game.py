"""The New match dialog (ui_forms/new_game.ui): game, seats, rule mode, seed, take-backs."""

from __future__ import annotations

import random
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.forms import load_form
from engine.core.game import RuleMode
from engine.games import game_names, get_game

MODE_LABELS = {
    RuleMode.ENFORCED: "Enforced — only legal moves",
    RuleMode.ASSISTED: "Assisted — rules plus referee overrides",
    RuleMode.SANDBOX: "Sandbox — a free table",
}
HINTS = {
    "sandbox": "A free table: a 52-card deck, tokens and dice. Draw, drag, flip, shuffle "
               "and roll as you like; nothing is enforced.",
}


@dataclass(frozen=True)
class NewMatchChoice:
    game: str
    players: int
    mode: RuleMode
    seed: int
    take_backs: bool


class NewGameDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = load_form("new_game", self)
        self.setWindowTitle(form.windowTitle())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(form)
        self.game: QComboBox = form.findChild(QComboBox, "gameCombo")
        self.players: QSpinBox = form.findChild(QSpinBox, "playersSpin")
        self.mode: QComboBox = form.findChild(QComboBox, "modeCombo")
        self.seed: QSpinBox = form.findChild(QSpinBox, "seedSpin")
        self.take_backs: QCheckBox = form.findChild(QCheckBox, "takeBacksCheck")
        self.hint: QLabel = form.findChild(QLabel, "gameHint")
        buttons: QDialogButtonBox = form.findChild(QDialogButtonBox, "buttonBox")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.findChild(QPushButton, "newSeedButton").clicked.connect(self.new_seed)
        for name in game_names():
            self.game.addItem(get_game(name).title, name)
        for mode, label in MODE_LABELS.items():
            self.mode.addItem(label, mode)
        self.game.currentIndexChanged.connect(self._game_changed)
        self.new_seed()
        self._game_changed()

    def new_seed(self) -> None:
        self.seed.setValue(random.SystemRandom().randrange(1, 2**31 - 1))

    def _game_changed(self) -> None:
        name = self.game.currentData()
        game = get_game(name)
        field = game.options_model.model_fields["players"]
        bounds = {type(m).__name__: m for m in field.metadata}
        low = getattr(bounds.get("Ge"), "ge", 1)
        high = getattr(bounds.get("Le"), "le", 8)
        self.players.setRange(low, high)
        self.players.setValue(field.default)
        sandbox = name == "sandbox"
        self.mode.setCurrentIndex(list(MODE_LABELS).index(
            RuleMode.SANDBOX if sandbox else RuleMode.ENFORCED))
        self.mode.setEnabled(not sandbox)
        self.take_backs.setChecked(sandbox)
        self.hint.setText(HINTS.get(name, ""))

    def choice(self) -> NewMatchChoice:
        return NewMatchChoice(self.game.currentData(), self.players.value(),
                              RuleMode(self.mode.currentData()), self.seed.value(),
                              self.take_backs.isChecked())
