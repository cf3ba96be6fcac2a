"""The Wintergrim deck builder: every card on the left, the deck being built on the right.

The deck rules are the engine's (`deck_problem`), read afresh after every change, so
the status line says exactly what the New match dialog and the rules would refuse.
Only the cap on copies of a name is held by the controls themselves: the other rules
(50 cards, an HQ and two workers) can only be met by passing through decks that break
them. Saving is where the rules are enforced: a deck that breaks one is not written,
and the reason is shown; a deck opened from the game's own is a copy under a new name.

Everything is reachable from the keyboard: Enter or + adds the chosen card, + and −
(or Delete) change the chosen deck row, and the buttons have mnemonics.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import get_args

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.games.wintergrim.user_decks import (
    NAME_LENGTH,
    DeckChoice,
    DeckRefused,
    deck_choices,
    delete_user_deck,
    save_user_deck,
)
from engine.games.wintergrim.content import (
    DECK_SIZE,
    MOST_OF_A_NAME,
    STATS,
    Card,
    Kind,
    WintergrimContent,
    deck_problem,
    load,
)

KEY = Qt.ItemDataRole.UserRole  # a row's card key
KINDS: tuple[str, ...] = get_args(Kind)
BROKEN = "color: #b3261e;"  # the status line of a deck that may not be played
READY = "color: #1e6b2f;"
NOTICE = "background: #fff4ce; color: #3d3000; padding: 4px;"
POOL_COLUMNS = ("Card", "Type", "Cost", "Stats", "In deck")
DECK_COLUMNS = ("Count", "Card", "Type")
PLUS_KEYS = (Qt.Key.Key_Plus, Qt.Key.Key_Equal)  # "=" is + without Shift on most layouts
MINUS_KEYS = (Qt.Key.Key_Minus, Qt.Key.Key_Delete, Qt.Key.Key_Backspace)


def stats_text(card: Card) -> str:
    """The values a player compares cards by: a unit's fighting values, a structure's
    defence and the room and food it offers; other cards have none."""
    if card.kind == "unit":
        return "  ".join(f"{stat.upper()} {card.stat(stat)}" for stat in STATS)
    if card.kind == "structure":
        return f"A {card.a}  H {card.h}  R {card.room:+d}  F {card.food:+d}"
    return ""


def card_tip(card: Card, names: Mapping[str, str]) -> str:
    """The card as printed, for a tooltip: the pool's columns leave most of it out.
    `names`: every card's name by key, for a Req that names a card."""
    lines = [card.name, card.type_line, f"Cost {card.cost}"]
    if card.req:
        lines.append("Req: " + ", ".join(r.describe(names) for r in card.req))
    if card.weapon is not None:
        lines.append(f"Weapon: {card.weapon.name} ({card.weapon.kind.upper()}, "
                     f"{card.weapon.damage} damage)")
    if card.kind == "unit":
        lines.append(f"Room {card.room:+d}, food {card.food:+d}")
    if card.skills:
        lines.append("Skills: " + ", ".join(s.replace("-", " ").capitalize()
                                            for s in card.skills))
    if card.text:
        lines.append(card.text)
    return "\n".join(lines)


def _plain(button: QPushButton) -> QPushButton:
    # Enter in the name field or on a card must not press whichever button a dialog
    # would make its default.
    button.setAutoDefault(False)
    return button


class DeckBuilder(QDialog):
    def __init__(self, parent: QWidget | None = None,
                 content: WintergrimContent | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Wintergrim decks")
        self.setObjectName("deckBuilder")
        self.content = content or load()
        # Not content.names: a cached_property cannot cache on WintergrimContent's slots.
        self.names = {key: card.name for key, card in self.content.cards.items()}
        self.counts: dict[str, int] = {}
        self.key: str | None = None  # the player's deck being changed; None: not saved yet
        self.dirty = False  # changed since it was opened or saved

        self.notice = QLabel()
        self.notice.setObjectName("deckNotice")
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet(NOTICE)
        self.notice.hide()

        splitter = self.splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(self._build_pool())
        splitter.addWidget(self._build_deck())

        self.new_button = _plain(QPushButton("&New"))
        self.new_button.setToolTip("Start an empty deck")
        self.new_button.clicked.connect(self.new_deck)
        self.open_button = _plain(QPushButton("&Open…"))
        self.open_button.setToolTip("Open one of your decks, or a copy of one that comes "
                                    "with the game")
        self.open_menu = QMenu(self.open_button)
        self.open_menu.aboutToShow.connect(self._fill_open_menu)
        self.open_button.setMenu(self.open_menu)
        self.save_button = _plain(QPushButton("&Save"))
        self.save_button.setToolTip("Keep this deck among your decks (only a deck that may "
                                    "be played is saved)")
        self.save_button.clicked.connect(self.save)
        self.delete_button = _plain(QPushButton("&Delete"))
        self.delete_button.setToolTip("Remove this deck of yours")
        self.delete_button.clicked.connect(self.delete)
        self.close_button = _plain(QPushButton("Close"))
        self.close_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        for button in (self.new_button, self.open_button, self.save_button,
                       self.delete_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)

        layout = QVBoxLayout(self)
        layout.addWidget(self.notice)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)
        self.fit(self.screen().availableGeometry().size())
        self._read_shelf()
        self._show()

    # -- construction ---------------------------------------------------------------------
    def _build_pool(self) -> QWidget:
        box = QGroupBox("Cards")
        self.find = QLineEdit()
        self.find.setPlaceholderText("Find by name or text")
        self.find.setClearButtonEnabled(True)
        self.realm_filter = QComboBox()
        self.realm_filter.addItem("Every realm", None)
        for realm in sorted({card.realm for card in self.content.cards.values()}):
            self.realm_filter.addItem(realm.capitalize(), realm)
        self.kind_filter = QComboBox()
        self.kind_filter.addItem("Every kind", None)
        present = {card.kind for card in self.content.cards.values()}
        for kind in (k for k in KINDS if k in present):
            self.kind_filter.addItem(kind.capitalize(), kind)
        filters = QHBoxLayout()
        for text, widget in (("&Find", self.find), ("&Realm", self.realm_filter),
                             ("&Kind", self.kind_filter)):
            label = QLabel(text)
            label.setBuddy(widget)
            filters.addWidget(label)
            filters.addWidget(widget, 1 if widget is self.find else 0)

        self.pool = self._tree("cardPool", POOL_COLUMNS)
        for card in self.content.cards.values():
            item = QTreeWidgetItem([card.name, card.type_line, str(card.cost),
                                    stats_text(card), ""])
            item.setData(0, KEY, card.key)
            tip = card_tip(card, self.names)
            for column in range(len(POOL_COLUMNS)):
                item.setToolTip(column, tip)
            for column in (2, 4):
                item.setTextAlignment(column, Qt.AlignmentFlag.AlignCenter)
            self.pool.addTopLevelItem(item)
        self.pool.itemActivated.connect(lambda item, _column: self.add(item.data(0, KEY)))
        self.pool.currentItemChanged.connect(self._enable)
        self.add_button = _plain(QPushButton("&Add to deck"))
        self.add_button.setToolTip("One more of the chosen card (Enter or + on the list)")
        self.add_button.clicked.connect(lambda: self._on_current(self.pool, self.add))
        for signal in (self.find.textChanged, self.realm_filter.currentIndexChanged,
                       self.kind_filter.currentIndexChanged):
            signal.connect(self._filter)

        layout = QVBoxLayout(box)
        layout.addLayout(filters)
        layout.addWidget(self.pool, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.add_button)
        layout.addLayout(row)
        return box

    def _build_deck(self) -> QWidget:
        box = QGroupBox("Deck")
        self.name = QLineEdit()
        self.name.setObjectName("deckName")
        self.name.setMaxLength(NAME_LENGTH)
        self.name.setPlaceholderText("Name this deck")
        self.name.textEdited.connect(self._renamed)
        names = QFormLayout()
        names.addRow("Na&me", self.name)

        self.deck = self._tree("deckCards", DECK_COLUMNS)
        self.deck.currentItemChanged.connect(self._enable)
        self.plus = _plain(QPushButton("+"))
        self.plus.setObjectName("plusButton")
        self.plus.setAccessibleName("One more")
        self.plus.setToolTip(f"One more of this card (+); at most {MOST_OF_A_NAME} of a name")
        self.plus.clicked.connect(lambda: self._on_current(self.deck, self.add))
        self.minus = _plain(QPushButton("−"))
        self.minus.setObjectName("minusButton")
        self.minus.setAccessibleName("One fewer")
        self.minus.setToolTip("One fewer of this card (− or Delete)")
        self.minus.clicked.connect(lambda: self._on_current(self.deck, self.remove))
        self.total = QLabel()
        self.total.setObjectName("deckTotal")
        counts = QHBoxLayout()
        counts.addWidget(self.plus)
        counts.addWidget(self.minus)
        counts.addStretch(1)
        counts.addWidget(self.total)

        self.status = QLabel()
        self.status.setObjectName("deckStatus")
        self.status.setWordWrap(True)
        self.note = QLabel()
        self.note.setObjectName("deckNote")
        self.note.setWordWrap(True)

        layout = QVBoxLayout(box)
        layout.addLayout(names)
        layout.addWidget(self.deck, 1)
        layout.addLayout(counts)
        layout.addWidget(self.status)
        layout.addWidget(self.note)
        return box

    def _tree(self, name: str, columns: tuple[str, ...]) -> QTreeWidget:
        tree = QTreeWidget()
        tree.setObjectName(name)
        tree.setHeaderLabels(list(columns))
        tree.setRootIsDecorated(False)
        tree.setUniformRowHeights(True)
        tree.setAlternatingRowColors(True)
        tree.installEventFilter(self)
        return tree

    def _set_widths(self, tree: QTreeWidget, rows: list[list[str]]) -> int:
        """Make each column as wide as its widest text among `rows` and return the width
        the tree needs to show them all; ResizeToContents would measure only the rows in
        view, so a longer type line scrolled into view would be cut."""
        text, head = tree.fontMetrics(), tree.header().fontMetrics()
        pad = 2 * text.horizontalAdvance("M")
        total = 0
        for column in range(tree.columnCount()):
            width = max([head.horizontalAdvance(tree.headerItem().text(column))] +
                        [text.horizontalAdvance(row[column]) for row in rows]) + pad
            tree.header().resizeSection(column, width)
            total += width
        bar = tree.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        return total + bar + 2 * tree.frameWidth()

    def fit(self, room: QSize) -> None:
        """Show every column of both lists in full when `room` (the screen's free area)
        allows: a 1366×768 laptop does; a smaller screen gets scroll bars, never a dialog
        larger than itself."""
        cards = list(self.content.cards.values())
        pool = self._set_widths(self.pool, [[c.name, c.type_line, str(c.cost), stats_text(c),
                                             str(MOST_OF_A_NAME)] for c in cards])
        deck = self._set_widths(self.deck, [[str(MOST_OF_A_NAME), c.name, c.type_line]
                                            for c in cards])
        outer = self.layout().contentsMargins()
        inner = self.deck.parentWidget().layout().contentsMargins()
        chrome = (outer.left() + outer.right() + self.splitter.handleWidth() +
                  2 * (inner.left() + inner.right() + 2 * self.deck.frameWidth()))
        self.splitter.setSizes([pool, deck])
        self.resize(min(pool + deck + chrome, room.width() - 20),
                    min(680, room.height() - 40))

    # -- the deck ---------------------------------------------------------------------------
    def copies_of_name(self, key: str) -> int:
        name = self.content.cards[key].name
        return sum(n for k, n in self.counts.items() if self.content.cards[k].name == name)

    def add(self, key: str) -> None:
        """One more of a card, unless the deck already holds the most a name may have."""
        if self.copies_of_name(key) >= MOST_OF_A_NAME:
            self._say(f"No more {self.content.cards[key].name}: a deck has at most "
                      f"{MOST_OF_A_NAME} cards of a name", broken=True)
            return
        self.counts[key] = self.counts.get(key, 0) + 1
        self._changed()

    def remove(self, key: str) -> None:
        left = self.counts.get(key, 0) - 1
        if left > 0:
            self.counts[key] = left
        else:
            self.counts.pop(key, None)
        self._changed()

    def problem(self) -> str | None:
        return deck_problem(self.content.cards, self.counts)

    def _changed(self) -> None:
        self.dirty = True
        self._say("")
        self._show()

    def _renamed(self) -> None:
        self.dirty = True

    def _on_current(self, tree: QTreeWidget, act: Callable[[str], None]) -> None:
        item = tree.currentItem()
        if item is not None and not item.isHidden():
            act(item.data(0, KEY))

    def _say(self, text: str, broken: bool = False) -> None:
        self.note.setText(text)
        self.note.setStyleSheet(BROKEN if broken else "")

    def _show(self) -> None:
        """Draw the deck, the pool's counts, the total and the rule the deck breaks."""
        chosen = self.deck.currentItem()
        keep = chosen.data(0, KEY) if chosen is not None else None
        self.deck.clear()
        cards = self.content.cards
        for key in sorted(self.counts, key=lambda k: (KINDS.index(cards[k].kind),
                                                      cards[k].name)):
            card = cards[key]
            item = QTreeWidgetItem([str(self.counts[key]), card.name, card.type_line])
            item.setData(0, KEY, key)
            item.setTextAlignment(0, Qt.AlignmentFlag.AlignCenter)
            tip = card_tip(card, self.names)
            for column in range(len(DECK_COLUMNS)):
                item.setToolTip(column, tip)
            self.deck.addTopLevelItem(item)
            if key == keep:
                self.deck.setCurrentItem(item)
        for row in range(self.pool.topLevelItemCount()):
            item = self.pool.topLevelItem(row)
            count = self.counts.get(item.data(0, KEY), 0)
            item.setText(4, str(count) if count else "")
        self.total.setText(f"{sum(self.counts.values())} / {DECK_SIZE}")
        problem = self.problem()
        if problem is None:
            self.status.setText("Ready to play")
            self.status.setStyleSheet(READY)
        else:
            self.status.setText(problem[0].upper() + problem[1:])
            self.status.setStyleSheet(BROKEN)
        self._enable()

    def _enable(self) -> None:
        """Offer + only while another copy is allowed, − and Delete only where they act."""
        picked = self.pool.currentItem()
        self.add_button.setEnabled(picked is not None and not picked.isHidden() and
                                   self.copies_of_name(picked.data(0, KEY)) < MOST_OF_A_NAME)
        row = self.deck.currentItem()
        self.plus.setEnabled(row is not None and
                             self.copies_of_name(row.data(0, KEY)) < MOST_OF_A_NAME)
        self.minus.setEnabled(row is not None)
        self.delete_button.setEnabled(self.key is not None)

    def _filter(self) -> None:
        realm, kind = self.realm_filter.currentData(), self.kind_filter.currentData()
        words = self.find.text().casefold().split()
        for row in range(self.pool.topLevelItemCount()):
            item = self.pool.topLevelItem(row)
            card = self.content.cards[item.data(0, KEY)]
            text = f"{card.name} {card.type_line} {card.text}".casefold()
            item.setHidden((realm is not None and card.realm != realm) or
                           (kind is not None and card.kind != kind) or
                           not all(word in text for word in words))
        self._enable()

    # -- keyboard -----------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and watched in (self.pool, self.deck):
            assert isinstance(event, QKeyEvent)
            tree = self.pool if watched is self.pool else self.deck
            if event.key() in PLUS_KEYS:
                self._on_current(tree, self.add)
                return True
            if tree is self.deck and event.key() in MINUS_KEYS:
                self._on_current(tree, self.remove)
                return True
        return super().eventFilter(watched, event)

    # -- files --------------------------------------------------------------------------------
    def _read_shelf(self) -> list[DeckChoice]:
        """Every deck there is to open; files left out or unplayable are named above."""
        shelf = deck_choices(self.content)
        self.notice.setText("\n".join(shelf.problems))
        self.notice.setVisible(bool(shelf.problems))
        return shelf.decks

    def _fill_open_menu(self) -> None:
        self.open_menu.clear()
        decks = self._read_shelf()
        mine = [d for d in decks if d.user]
        self.open_menu.addSection("Your decks")
        for deck in mine:
            text = deck.name + ("  (may not be played yet)" if deck.problem else "")
            self.open_menu.addAction(text, lambda _c=False, d=deck: self.open_deck(d))
        if not mine:
            self.open_menu.addAction("None saved yet").setEnabled(False)
        self.open_menu.addSection("Decks of the game (opens a copy)")
        for deck in (d for d in decks if not d.user):
            self.open_menu.addAction(deck.name, lambda _c=False, d=deck: self.open_deck(d))

    def open_deck(self, deck: DeckChoice) -> None:
        """Edit a deck of the player's, or start from a copy of one of the game's decks."""
        if not self._may_discard():
            return
        self.counts = {k: n for k, n in deck.counts.items() if n > 0}
        self.key = deck.key if deck.user else None
        self.name.setText(deck.name if deck.user else f"{deck.name} (copy)"[:NAME_LENGTH])
        self.dirty = False
        self._say("" if deck.user else "A copy: save it under a name of your own")
        self._show()

    def new_deck(self) -> None:
        if not self._may_discard():
            return
        self.counts, self.key, self.dirty = {}, None, False
        self.name.clear()
        self._say("")
        self._show()

    def save(self) -> bool:
        """Write the deck to the player's deck folder; a deck that may not be played, or
        has no name of its own, is refused with the reason."""
        try:
            deck = save_user_deck(self.name.text(), self.counts, self.key, self.content)
        except DeckRefused as refused:
            self._say(f"Not saved: {refused.reason}", broken=True)
            return False
        except OSError as exc:
            self._say(f"Not saved: {exc.strerror or exc}", broken=True)
            return False
        self.key, self.dirty = deck.key, False
        self.name.setText(deck.name)
        self._say(f"Saved as {deck.key}.json among your decks")
        self._read_shelf()
        self._enable()
        return True

    def delete(self) -> None:
        if self.key is None:
            return
        name = self.name.text().strip() or self.key
        asked = QMessageBox.question(
            self, "Delete deck", f"Delete your deck {name}? This cannot be undone.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        if asked != QMessageBox.StandardButton.Yes:
            return
        try:
            delete_user_deck(self.key)
        except OSError as exc:
            self._say(f"Not deleted: {exc.strerror or exc}", broken=True)
            return
        self.dirty = False
        self.new_deck()
        self._say(f"Deleted {name}")
        self._read_shelf()

    def _may_discard(self) -> bool:
        """Whether unsaved changes may go: asked only when there are some."""
        if not self.dirty:
            return True
        name = self.name.text().strip() or "this deck"
        asked = QMessageBox.question(
            self, "Unsaved deck", f"Discard the changes to {name}?",
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        return asked == QMessageBox.StandardButton.Discard

    def reject(self) -> None:
        """Close (also Esc and the window's close box), unless the player keeps changes."""
        if self._may_discard():
            super().reject()
