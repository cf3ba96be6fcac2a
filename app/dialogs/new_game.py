"""The New match dialog (ui_forms/new_game.ui): game, seats, rule mode, seed, take-backs.

A game whose options choose a deck per seat (a `decks` field: Wintergrim) gets a deck
chooser beside each seat, offering the game's decks and the player's own; the decks
the model names by default are the seats' defaults, taken in turn.
"""

from __future__ import annotations

import random
import typing
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from pydantic.fields import FieldInfo
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.forms import load_form
from engine.core import registry
from engine.core.game import RuleMode
from engine.core.options import GameOptions
from engine.games import game_names, get_game

if TYPE_CHECKING:
    from app.games.wintergrim.user_decks import DeckChoice

# Options the dialog asks for in rows of its own: the seat count, who plays each seat and
# which deck it plays.
SEAT_FIELDS = ("players", "computer_seats", "decks", "deck_lists")

MODE_LABELS = {
    RuleMode.ENFORCED: "Enforced — only legal moves",
    RuleMode.ASSISTED: "Assisted — rules plus referee overrides",
    RuleMode.SANDBOX: "Sandbox — a free table",
}


@dataclass(frozen=True)
class NewMatchChoice:
    game: str
    players: int
    mode: RuleMode
    seed: int
    take_backs: bool
    options: dict[str, Any] = field(default_factory=dict)  # incl. players, computer_seats


class NewGameDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = self._form = load_form("new_game", self)
        self._designed = form.minimumSize()
        self.setWindowTitle(form.windowTitle())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # Never smaller than what the rows need: typing a seat count into a shown dialog
        # used to squash the seat rows into slivers.
        layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        layout.addWidget(form)
        self.game: QComboBox = form.findChild(QComboBox, "gameCombo")
        self.players: QSpinBox = form.findChild(QSpinBox, "playersSpin")
        self.mode: QComboBox = form.findChild(QComboBox, "modeCombo")
        self.seed: QSpinBox = form.findChild(QSpinBox, "seedSpin")
        self.take_backs: QCheckBox = form.findChild(QCheckBox, "takeBacksCheck")
        self.hint: QLabel = form.findChild(QLabel, "gameHint")
        outer = form.layout()
        self.options_box = QGroupBox("Game options")
        self.options_form = QFormLayout(self.options_box)
        self.seats_box = QGroupBox("Seats")
        self.seats_form = QFormLayout(self.seats_box)
        at = outer.indexOf(self.hint)
        outer.insertWidget(at, self.options_box)
        outer.insertWidget(at + 1, self.seats_box)
        self.option_widgets: dict[str, QWidget] = {}
        self.seat_combos: list[QComboBox] = []
        self.deck_combos: list[QComboBox] = []
        self.decks: list[DeckChoice] = []  # what a seat may play, when the game asks
        self.default_decks: list[str] = []  # the seats' decks by default, in turn
        self.deck_problems: list[str] = []  # deck files left out or not playable
        self.players.valueChanged.connect(self._players_changed)
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
        listed = registry.entry(name)
        free_table = listed.mode is RuleMode.SANDBOX
        self.mode.setCurrentIndex(list(MODE_LABELS).index(listed.mode))
        self.mode.setEnabled(not free_table)
        self.take_backs.setChecked(listed.take_backs)
        self.hint.setText(listed.hint)
        self._build_options(game.options_model)
        self._read_decks(game.options_model)
        self._players_changed()  # also fits the dialog to the new rows

    def _fit(self) -> None:
        """Grow to the rows this game adds; layouts of a hidden dialog only recount on demand."""
        form = self._form
        form.layout().activate()
        # The form's least size is its designed one, set once when loaded: raise it to
        # what its rows now need, or the layout would squeeze them.
        form.setMinimumSize(self._designed.expandedTo(form.layout().minimumSize()))
        self.layout().invalidate()
        self.layout().activate()
        if self.isVisible():
            # Rows added to a shown dialog are measured once the event loop has laid
            # them out; grow then (adjustSize would not resize a shown dialog).
            QTimer.singleShot(0, lambda: self.resize(self.size().expandedTo(self.sizeHint())))
        else:
            self.adjustSize()

    def _build_options(self, model: type[GameOptions]) -> None:
        """One widget per option the game's model declares, from its type and bounds."""
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.option_widgets = {}
        for name, info in model.model_fields.items():
            if name in SEAT_FIELDS:
                continue
            widget = option_widget(info)
            if widget is None:
                continue
            label = info.title or name.replace("_", " ").capitalize()
            widget.setToolTip(info.description or "")
            self.options_form.addRow(label, widget)
            self.option_widgets[name] = widget
        self.options_box.setVisible(bool(self.option_widgets))

    def _read_decks(self, model: type[GameOptions]) -> None:
        """The decks a seat may play, read afresh from the player's deck folder, when the
        game's options choose a deck per seat; none otherwise."""
        self.deck_combos = []
        if "decks" not in model.model_fields:
            self.decks, self.default_decks, self.deck_problems = [], [], []
            return
        from app.games.wintergrim.user_decks import deck_choices

        shelf = deck_choices()
        self.decks = shelf.decks
        self.default_decks = model.model_fields["decks"].get_default(
            call_default_factory=True)
        self.deck_problems = shelf.problems

    def _deck_combo(self, seat: int, wanted: str) -> QComboBox:
        """The seat's deck chooser on `wanted`; a deck that breaks a deck rule is shown
        greyed out with the rule, so the player knows why it is not offered."""
        combo = QComboBox()
        combo.setObjectName(f"seat{seat + 1}Deck")
        combo.setToolTip("The deck this seat plays")
        rows = combo.model()
        for deck in self.decks:
            mine = " (yours)" if deck.user else ""
            combo.addItem(f"{deck.name} — {deck.realm.capitalize()}{mine}", deck.key)
            if deck.problem is not None:
                row = rows.item(combo.count() - 1)
                row.setEnabled(False)
                row.setToolTip(f"May not be played yet: {deck.problem}")
        playable = [d.key for d in self.decks if d.problem is None]
        combo.setCurrentIndex(combo.findData(wanted if wanted in playable else playable[0]))
        return combo

    def _players_changed(self) -> None:
        """A Human/Computer choice per seat; the first seat starts human, the rest keep theirs.
        A game played with decks adds each seat's deck, kept too when seats are added."""
        kept = [c.currentIndex() for c in self.seat_combos]
        kept_decks = [c.currentData() for c in self.deck_combos]
        while self.seats_form.rowCount():
            self.seats_form.removeRow(0)
        self.seat_combos = []
        self.deck_combos = []
        free_table = registry.entry(self.game.currentData()).mode is RuleMode.SANDBOX
        for seat in range(self.players.value()):
            combo = QComboBox()
            combo.setObjectName(f"seat{seat + 1}Combo")
            combo.addItem("Person at this computer", False)
            combo.addItem("Computer player", True)
            combo.setToolTip("Who plays this seat")
            combo.setCurrentIndex(kept[seat] if seat < len(kept) else 0)
            combo.setEnabled(not free_table)
            row: QWidget = combo
            if self.decks:
                wanted = (kept_decks[seat] if seat < len(kept_decks) else
                          self.default_decks[seat % len(self.default_decks)])
                deck = self._deck_combo(seat, wanted)
                row = QWidget()
                both = QHBoxLayout(row)
                both.setContentsMargins(0, 0, 0, 0)
                both.addWidget(combo, 1)
                both.addWidget(deck, 1)
                self.deck_combos.append(deck)
            self.seats_form.addRow(f"Seat {seat + 1}", row)
            self.seat_combos.append(combo)
        if self.decks and self.deck_problems:
            count = len(self.deck_problems)
            note = QLabel(f"{count} deck file{'s' if count > 1 else ''} left out or not "
                          "playable: File → Wintergrim decks… says why")
            note.setObjectName("deckNote")
            note.setToolTip("\n".join(self.deck_problems))
            self.seats_form.addRow(note)
        self.seats_box.setVisible(not free_table)
        self._fit()

    def set_computer(self, seat: int, computer: bool = True) -> None:
        self.seat_combos[seat].setCurrentIndex(1 if computer else 0)

    def choice(self) -> NewMatchChoice:
        options: dict[str, Any] = {"players": self.players.value()}
        computer = [s for s, combo in enumerate(self.seat_combos) if combo.currentData()]
        if computer:
            options["computer_seats"] = computer
        for name, widget in self.option_widgets.items():
            options[name] = option_value(widget)
        if self.deck_combos:
            chosen = [combo.currentData() for combo in self.deck_combos]
            mine = {deck.key: deck for deck in self.decks if deck.user}
            options["decks"] = chosen
            # A player's deck travels with the match, so its save opens anywhere.
            options["deck_lists"] = {key: dict(mine[key].counts)
                                     for key in dict.fromkeys(chosen) if key in mine}
        return NewMatchChoice(self.game.currentData(), self.players.value(),
                              RuleMode(self.mode.currentData()), self.seed.value(),
                              self.take_backs.isChecked(), options)


def _bounds(info: FieldInfo) -> tuple[int, int]:
    low, high = 0, 99
    for meta in info.metadata:
        low = getattr(meta, "ge", low)
        high = getattr(meta, "le", high)
    return low, high


def option_widget(info: FieldInfo) -> QWidget | None:
    """A check box, spin box or combo box for an option; None for types we cannot edit."""
    annotation = info.annotation
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    optional = type(None) in typing.get_args(annotation)
    kind = args[0] if optional and len(args) == 1 else annotation
    default = info.get_default(call_default_factory=True)
    if kind is bool:
        box = QCheckBox()
        box.setChecked(bool(default))
        return box
    if kind is int:
        spin = QSpinBox()
        low, high = _bounds(info)
        if optional:  # one step below the minimum stands for "let the game decide"
            spin.setRange(low - 1, high)
            spin.setSpecialValueText("Recommended")
            spin.setValue(low - 1 if default is None else default)
        else:
            spin.setRange(low, high)
            spin.setValue(default)
        spin.setProperty("optional", optional)
        return spin
    choices: list[Any] = []
    if typing.get_origin(kind) is typing.Literal:
        choices = list(typing.get_args(kind))
    elif isinstance(kind, type) and issubclass(kind, Enum):
        choices = list(kind)
    if choices:
        combo = QComboBox()
        for value in choices:
            text = value.value if isinstance(value, Enum) else value
            combo.addItem(str(text).replace("_", " ").capitalize(), value)
        combo.setCurrentIndex(choices.index(default) if default in choices else 0)
        return combo
    return None


def option_value(widget: QWidget) -> Any:
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QSpinBox):
        if widget.property("optional") and widget.value() == widget.minimum():
            return None
        return widget.value()
    if isinstance(widget, QComboBox):
        value = widget.currentData()
        return value.value if isinstance(value, Enum) else value
    raise TypeError(f"no value for {type(widget).__name__}")
