"""The dialogs built from ui_forms/: New match, About, Rules reference."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QLabel

from app.dialogs.about import AboutDialog
from app.dialogs.new_game import NewGameDialog
from app.dialogs.rules import RulesDialog, rules_text
from app.main_window import MainWindow
from engine.core.game import RuleMode


def test_new_game_dialog_offers_the_sandbox_with_sensible_defaults(qtbot):
    """The sandbox defaults to a free table with take-backs; seats follow the game's limits."""
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    names = [dialog.game.itemData(i) for i in range(dialog.game.count())]
    assert "sandbox" in names
    dialog.game.setCurrentIndex(names.index("sandbox"))
    choice = dialog.choice()
    assert choice.mode is RuleMode.SANDBOX and choice.take_backs
    assert (dialog.players.minimum(), dialog.players.maximum()) == (1, 4)
    first = dialog.seed.value()
    dialog.new_seed()
    assert dialog.seed.value() != first or dialog.seed.value() > 0


def test_file_new_starts_the_chosen_match(qtbot, monkeypatch):
    """File → New match… with 3 seats and a fixed seed opens exactly that match."""
    window = MainWindow()
    qtbot.addWidget(window)

    def accept(dialog: NewGameDialog) -> int:
        dialog.players.setValue(3)
        dialog.seed.setValue(1234)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    window.new_action.trigger()
    match = window.controller.match
    assert match is not None and match.players == 3 and match.seed == 1234
    assert window.piles_dock.tree.topLevelItemCount() == 2 + 3  # deck, discard, three hands


def test_about_names_the_version_and_folders(qtbot, private_folders):
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    text = " ".join(label.text() for label in dialog.findChildren(QLabel))
    assert "Version 0." in text
    assert str(private_folders / "data") in text


def test_rules_reference_for_the_sandbox(qtbot):
    """Help → Rules shows the game's reference; a missing one says so instead of failing."""
    dialog = RulesDialog("sandbox")
    qtbot.addWidget(dialog)
    assert "Sandbox table" in dialog.browser.toPlainText()
    assert "missing" in rules_text("no-such-game")


def test_forms_fill_their_dialogs_at_their_designed_size(qtbot):
    """The .ui form is embedded (not a separate window) and the dialog is not cramped."""
    for dialog in (NewGameDialog(), AboutDialog()):
        qtbot.addWidget(dialog)
        dialog.show()
        [form] = [c for c in dialog.children() if c.objectName() in ("NewGameDialog",
                                                                      "AboutDialog")]
        assert not form.isWindow()
        assert dialog.width() >= 400 and dialog.height() >= 250


def test_game_options_become_widgets_and_come_back_as_values(qtbot):
    from typing import Literal

    from pydantic import Field
    from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox

    from app.dialogs.new_game import option_value, option_widget
    from engine.core.options import GameOptions

    class Opts(GameOptions):
        war: bool = Field(True, description="Three battles")
        width: int | None = Field(None, ge=2, le=9, description="Map width")
        sets: int = Field(1, ge=1, le=3)
        length: Literal["short", "long"] = "long"

    fields = Opts.model_fields
    war, width, sets, length = (option_widget(fields[n]) for n in ("war", "width", "sets",
                                                                   "length"))
    assert isinstance(war, QCheckBox) and option_value(war) is True
    assert isinstance(width, QSpinBox) and option_value(width) is None  # "Recommended"
    assert width.specialValueText() == "Recommended" and width.maximum() == 9
    width.setValue(5)
    assert option_value(width) == 5
    assert isinstance(sets, QSpinBox) and (sets.minimum(), option_value(sets)) == (1, 1)
    assert isinstance(length, QComboBox) and option_value(length) == "long"
    length.setCurrentIndex(0)
    assert option_value(length) == "short"


def test_seats_can_be_given_to_the_computer(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.players.setValue(3)
    assert len(dialog.seat_combos) == 3
    dialog.set_computer(2)
    dialog.players.setValue(4)  # adding a seat keeps the choices already made
    assert [c.currentData() for c in dialog.seat_combos] == [False, False, True, False]
    options = dialog.choice().options
    assert options["players"] == 4 and options["computer_seats"] == [2]


def test_help_lists_the_rules_of_every_game(qtbot, monkeypatch):
    from app.main_window import MainWindow
    from engine.games import game_names, game_title

    window = MainWindow()
    qtbot.addWidget(window)
    window._fill_rules_menu()
    titles = [a.text() for a in window.rules_menu.actions()]
    assert titles == [game_title(n) for n in game_names()] and "Sandbox table" in titles
    shown = []
    monkeypatch.setattr("app.dialogs.rules.RulesDialog.exec", lambda d: shown.append(
        d.browser.toPlainText()))
    window.rules_menu.actions()[titles.index("Sandbox table")].trigger()
    assert shown and "sandbox" in shown[0].lower()


def test_pile_tools_show_on_free_tables_and_for_referees_only(qtbot):
    from app.main_window import MainWindow
    from engine.core.game import RuleMode

    window = MainWindow()
    qtbot.addWidget(window)
    window.controller.autosave_enabled = False
    window.controller.new_match("sandbox", {"players": 2}, 1, RuleMode.SANDBOX, True)
    assert window.piles_dock.commands
    window.controller.new_match("nordguard", {"players": 1}, 1, RuleMode.ENFORCED, False)
    assert not window.piles_dock.commands
    window.controller.new_match("nordguard", {"players": 1}, 1, RuleMode.ASSISTED, False)
    assert window.piles_dock.commands


def test_new_match_dialog_grows_to_the_rows_a_game_adds(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    small = dialog.height()
    dialog.game.setCurrentIndex(dialog.game.findData("nordguard"))
    assert dialog.option_widgets and len(dialog.seat_combos) == 2
    assert dialog.height() > small  # options and seats are not squeezed into the old size
    assert dialog.height() >= dialog.layout().sizeHint().height()
    assert "Co-operative" in dialog.hint.text()


def test_typing_a_seat_count_lays_every_seat_row_out_in_full(qtbot):
    """Typing 7 into the shown dialog gives seven full-height seat rows (they were
    squashed into slivers)."""
    from PySide6.QtCore import Qt

    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.game.setCurrentIndex(dialog.game.findData("nordguard"))
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.players.selectAll()
    qtbot.keyClicks(dialog.players, "7")
    qtbot.keyClick(dialog.players, Qt.Key.Key_Tab)
    assert len(dialog.seat_combos) == 7
    last = dialog.seat_combos[-1]
    qtbot.waitUntil(lambda: last.mapTo(dialog, last.rect().bottomLeft()).y()
                    <= dialog.height(), timeout=2000)
    assert all(c.height() >= c.sizeHint().height() for c in dialog.seat_combos)
