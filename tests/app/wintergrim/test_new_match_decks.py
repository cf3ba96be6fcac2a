"""The New match dialog gives each seat of a game played with decks a deck chooser.

Wintergrim is offered under a test's own registry name (deck_helpers.ENTRY): the
dialog knows the game by its `decks` option, never by its name.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.dialogs.new_game import NewGameDialog
from app.games.wintergrim.user_decks import save_user_deck
from engine.core.registry import registered
from engine.games.wintergrim.state import WintergrimOptions
from tests.app.wintergrim.deck_helpers import ENTRY, one_short, shipped, write_deck, write_text


@pytest.fixture
def dialog(qtbot):
    """Opens on Wintergrim, chosen in the game list with the keyboard."""
    with registered(ENTRY):
        shown = NewGameDialog()
        qtbot.addWidget(shown)
        shown.show()
        qtbot.waitExposed(shown)
        shown.game.setFocus()
        for _ in range(shown.game.count()):
            if shown.game.currentData() == ENTRY.name:
                break
            qtbot.keyClick(shown.game, Qt.Key.Key_Down)
        assert shown.game.currentData() == ENTRY.name
        yield shown


def keys(dialog: NewGameDialog) -> list[str]:
    return [combo.currentData() for combo in dialog.deck_combos]


def test_seats_take_the_games_decks_in_turn(qtbot, dialog):
    assert keys(dialog) == ["vanheim", "asheim"]
    assert dialog.deck_combos[0].currentText() == "Spirits of Summer — Vanheim"
    dialog.players.selectAll()
    qtbot.keyClicks(dialog.players, "4")
    assert keys(dialog) == ["vanheim", "asheim", "vanheim", "asheim"]
    options = dialog.choice().options
    assert options["decks"] == ["vanheim", "asheim", "vanheim", "asheim"]
    assert options["deck_lists"] == {}
    assert WintergrimOptions(**options).deck_of(3) == "asheim"


def test_the_deck_options_make_no_widgets_of_their_own(dialog):
    assert "decks" not in dialog.option_widgets and "deck_lists" not in dialog.option_widgets
    assert "mode" in dialog.option_widgets  # the game's other options still do


def test_a_players_deck_goes_into_the_match_with_its_cards(qtbot):
    save_user_deck("Grey Wolves", shipped("asheim"))
    with registered(ENTRY):
        dialog = NewGameDialog()
        qtbot.addWidget(dialog)
        dialog.game.setCurrentIndex(dialog.game.findData(ENTRY.name))
        second = dialog.deck_combos[1]
        second.setFocus()
        qtbot.keyClick(second, Qt.Key.Key_End)
        assert second.currentText() == "Grey Wolves — Asheim (yours)"
        dialog.players.setValue(3)  # a seat added keeps the others' choices
        assert keys(dialog) == ["vanheim", "grey-wolves", "vanheim"]
        options = dialog.choice().options
    assert options["decks"] == ["vanheim", "grey-wolves", "vanheim"]
    assert options["deck_lists"] == {"grey-wolves": shipped("asheim")}
    assert WintergrimOptions(**options).deck_lists["grey-wolves"]["farmer"] == 4


def test_a_deck_that_may_not_be_played_is_shown_but_not_offered(qtbot):
    write_deck("short", "Short", one_short("asheim"))
    write_text("torn.json", "{")
    with registered(ENTRY):
        dialog = NewGameDialog()
        qtbot.addWidget(dialog)
        dialog.game.setCurrentIndex(dialog.game.findData(ENTRY.name))
        combo = dialog.deck_combos[0]
        at = combo.findData("short")
        assert at >= 0 and not combo.model().item(at).isEnabled()
        assert "exactly 50 cards" in combo.itemData(at, Qt.ItemDataRole.ToolTipRole)
        combo.setFocus()
        qtbot.keyClick(combo, Qt.Key.Key_End)  # the last deck offered: skips "Short"
        assert combo.currentData() == "asheim"
        [note] = [w for w in dialog.seats_box.children() if w.objectName() == "deckNote"]
        assert note.text().startswith("2 deck files left out or not playable")
        assert "torn.json" in note.toolTip()


def test_a_game_without_decks_asks_for_none(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.game.setCurrentIndex(dialog.game.findData("nordguard"))
    assert dialog.deck_combos == [] and len(dialog.seat_combos) == 2
    assert "decks" not in dialog.choice().options
