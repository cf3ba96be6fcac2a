"""The Wintergrim deck builder, driven with the mouse and keyboard as a player would."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QTreeWidget

from app.dialogs.deck_builder import DeckBuilder
from app.games.wintergrim.user_decks import folder, read_user_decks
from tests.app.wintergrim.deck_helpers import shipped, write_deck, write_text

LEFT = Qt.MouseButton.LeftButton


def click(qtbot, button: QPushButton) -> None:
    assert button.isVisible()
    qtbot.mouseClick(button, LEFT)


def pick(qtbot, tree: QTreeWidget, name: str) -> None:
    """Click the row of the card called `name`."""
    column = 1 if tree.objectName() == "deckCards" else 0  # the deck's first is the count
    [item] = tree.findItems(name, Qt.MatchFlag.MatchExactly, column)
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), LEFT, pos=tree.visualItemRect(item).center())
    assert tree.currentItem() is item


def type_name(qtbot, builder: DeckBuilder, name: str) -> None:
    builder.name.selectAll()
    qtbot.keyClick(builder.name, Qt.Key.Key_Delete)
    qtbot.keyClicks(builder.name, name)


def open_from_menu(builder: DeckBuilder, text: str) -> None:
    builder.open_menu.aboutToShow.emit()
    [action] = [a for a in builder.open_menu.actions() if a.text() == text]
    assert action.isEnabled()
    action.trigger()


def test_saving_a_deck_that_breaks_a_rule_is_refused_with_the_rule(qtbot, builder):
    type_name(qtbot, builder, "Half a deck")
    pick(qtbot, builder.pool, "Farmer")
    for _ in range(3):
        click(qtbot, builder.add_button)
    assert builder.total.text() == "3 / 50"
    assert builder.status.text() == "A deck has exactly 50 cards (this one has 3)"
    assert "b3261e" in builder.status.styleSheet()  # red
    click(qtbot, builder.save_button)
    assert builder.note.text() == "Not saved: a deck has exactly 50 cards (this one has 3)"
    assert not folder().exists() or not list(folder().iterdir())
    assert builder.key is None and builder.dirty


def test_a_playable_deck_is_saved_and_opens_again(qtbot, builder):
    open_from_menu(builder, "Wolves of Winter")
    assert builder.name.text() == "Wolves of Winter (copy)"
    assert builder.total.text() == "50 / 50" and builder.status.text() == "Ready to play"
    assert not builder.delete_button.isEnabled()  # a copy of the game's deck is not yours
    pick(qtbot, builder.deck, "Thrall")
    click(qtbot, builder.minus)
    pick(qtbot, builder.pool, "Smith")
    click(qtbot, builder.add_button)
    type_name(qtbot, builder, "Smiths of Winter")
    click(qtbot, builder.save_button)
    assert builder.note.text() == "Saved as smiths-of-winter.json among your decks"
    assert builder.key == "smiths-of-winter" and not builder.dirty
    game = shipped("asheim")
    counts = game | {"thrall": game["thrall"] - 1, "smith": game["smith"] + 1}

    click(qtbot, builder.new_button)
    assert builder.counts == {} and builder.name.text() == "" and builder.key is None
    open_from_menu(builder, "Smiths of Winter")
    assert builder.counts == counts and builder.name.text() == "Smiths of Winter"
    assert builder.delete_button.isEnabled()
    [deck] = read_user_decks().decks
    assert dict(deck.counts) == counts and deck.realm == "asheim"


def test_the_plus_control_stops_at_four_of_a_name(qtbot, builder):
    """General Questions: "a maximum of 4 cards with the same name"."""
    pick(qtbot, builder.pool, "Troll")
    qtbot.keyClick(builder.pool, Qt.Key.Key_Return)  # Enter adds the chosen card
    pick(qtbot, builder.deck, "Troll")
    for _ in range(5):
        click(qtbot, builder.plus)
    assert builder.counts == {"troll": 4}
    assert builder.deck.currentItem().text(0) == "4"
    assert not builder.plus.isEnabled() and not builder.add_button.isEnabled()
    qtbot.keyClick(builder.deck, Qt.Key.Key_Plus)
    qtbot.keyClick(builder.pool, Qt.Key.Key_Plus)
    assert builder.counts == {"troll": 4}
    assert builder.note.text() == "No more Troll: a deck has at most 4 cards of a name"
    qtbot.keyClick(builder.deck, Qt.Key.Key_Minus)
    assert builder.counts == {"troll": 3} and builder.plus.isEnabled()


def test_deck_files_that_cannot_be_used_are_named_and_the_rest_open(qtbot, answers):
    write_deck("wolves", "Wolves", shipped("asheim"))
    write_text("torn.json", '{"key": "torn", "name": ')
    builder = DeckBuilder()
    qtbot.addWidget(builder)
    builder.show()
    assert builder.notice.isVisible()
    assert builder.notice.text().startswith("torn.json: not valid JSON (line 1")
    builder.open_menu.aboutToShow.emit()
    texts = [a.text() for a in builder.open_menu.actions()]
    assert "Wolves" in texts and not any("torn" in t.lower() for t in texts)
    open_from_menu(builder, "Wolves")
    assert builder.key == "wolves" and builder.status.text() == "Ready to play"


def test_an_unplayable_deck_of_yours_opens_to_be_fixed(qtbot, builder):
    short = shipped("vanheim")
    short["troll"] -= 1
    write_deck("short", "Short", short, realm="vanheim")
    open_from_menu(builder, "Short  (may not be played yet)")
    assert builder.status.text() == "A deck has exactly 50 cards (this one has 49)"
    pick(qtbot, builder.deck, "Troll")
    click(qtbot, builder.plus)
    assert builder.status.text() == "Ready to play"
    click(qtbot, builder.save_button)
    assert read_user_decks().problems == []
    assert not builder.notice.isVisible()


def test_delete_asks_first_and_removes_only_your_deck(qtbot, builder, answers):
    from PySide6.QtWidgets import QMessageBox

    write_deck("wolves", "Wolves", shipped("asheim"))
    open_from_menu(builder, "Wolves")
    click(qtbot, builder.delete_button)  # the box's default: No
    assert answers.asked == ["Delete your deck Wolves? This cannot be undone."]
    assert (folder() / "wolves.json").exists() and builder.key == "wolves"
    answers.queue.append(QMessageBox.StandardButton.Yes)
    click(qtbot, builder.delete_button)
    assert not (folder() / "wolves.json").exists()
    assert builder.key is None and builder.counts == {} and builder.note.text() == "Deleted Wolves"
    assert not builder.delete_button.isEnabled()


def test_unsaved_changes_are_kept_unless_the_player_discards_them(qtbot, builder, answers):
    from PySide6.QtWidgets import QMessageBox

    pick(qtbot, builder.pool, "Jarl")
    click(qtbot, builder.add_button)
    click(qtbot, builder.new_button)  # asked; the default is Cancel
    qtbot.keyClick(builder, Qt.Key.Key_Escape)
    assert answers.asked == ["Discard the changes to this deck?"] * 2
    assert builder.counts == {"jarl": 1} and builder.isVisible()
    answers.queue.append(QMessageBox.StandardButton.Discard)
    click(qtbot, builder.close_button)
    assert not builder.isVisible() and builder.result() == QDialog.DialogCode.Rejected


def test_filters_narrow_the_card_pool(qtbot, builder):
    def shown() -> set[str]:
        pool = builder.pool
        return {pool.topLevelItem(i).text(0) for i in range(pool.topLevelItemCount())
                if not pool.topLevelItem(i).isHidden()}

    everything = shown()
    assert len(everything) == len(builder.content.cards)
    builder.realm_filter.setFocus()
    qtbot.keyClick(builder.realm_filter, Qt.Key.Key_Down)  # Every realm → Asheim
    assert builder.realm_filter.currentData() == "asheim"
    assert shown() == {c.name for c in builder.content.cards.values() if c.realm == "asheim"}
    builder.kind_filter.setCurrentIndex(builder.kind_filter.findData("weather"))
    assert shown() == {"Rain"}
    builder.realm_filter.setCurrentIndex(0)
    qtbot.keyClicks(builder.find, "wind")
    assert shown() == {"Windstorm"}
    tip = builder.pool.findItems("Troll", Qt.MatchFlag.MatchExactly)[0].toolTip(3)
    assert "Vanheim Unit – Elite" in tip and "Club (CC, 4 damage)" in tip and "Crush" in tip


def test_it_fits_a_1366_by_768_laptop_with_nothing_cut_off(qtbot, builder):
    open_from_menu(builder, "Spirits of Summer")
    builder.fit(QSize(1366, 728))  # the screen less a task bar
    qtbot.waitUntil(lambda: builder.width() <= 1366 and builder.height() <= 728)
    assert builder.width() >= 1000
    for tree in (builder.pool, builder.deck):
        assert tree.viewport().width() >= tree.header().length()
        metrics = tree.fontMetrics()
        for row in range(tree.topLevelItemCount()):
            item = tree.topLevelItem(row)
            for column in range(tree.columnCount()):
                assert metrics.horizontalAdvance(item.text(column)) < \
                    tree.header().sectionSize(column), (tree.objectName(), item.text(column))
    for widget in builder.findChildren(QPushButton) + builder.findChildren(QLabel):
        if widget.isVisible() and not (isinstance(widget, QLabel) and widget.wordWrap()):
            assert widget.width() >= widget.sizeHint().width(), widget.text()


def test_the_file_menu_opens_the_builder(qtbot, monkeypatch):
    from app.main_window import MainWindow

    shown: list[DeckBuilder] = []
    monkeypatch.setattr(DeckBuilder, "exec", lambda dialog: shown.append(dialog))
    window = MainWindow()
    qtbot.addWidget(window)
    window.decks_action.trigger()
    assert len(shown) == 1 and shown[0].windowTitle() == "Wintergrim decks"
    assert window.decks_action in window.menuBar().actions()[0].menu().actions()
