"""A Wintergrim table in the real window, and ways to arrange it and to touch it.

Positions are arranged on the match's current state with the engine's own card
helpers (cards taken from a deck by their key and put into play or a hand), so
each test starts exactly where its rule applies instead of hoping a random game
gets there. Gestures are real mouse events through the view's viewport.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt

from app.main_window import MainWindow
from engine.core.game import RuleMode
from engine.games.wintergrim import world
from engine.games.wintergrim.actions import Found
from engine.games.wintergrim.doing import enter, put
from engine.games.wintergrim.state import WintergrimState, deck, hand


class Table:
    """One window, one Wintergrim match (two people at this computer unless told)."""

    def __init__(self, qtbot, computer: tuple[int, ...] = (), seed: int = 3,
                 size: tuple[int, int] = (1600, 1000), **options: object) -> None:
        self.qtbot = qtbot
        win = MainWindow()
        qtbot.addWidget(win)
        win.controller.autosave_enabled = False
        win.computer.set_paused(True)
        win.computer.delay_ms = 1
        win.resize(*size)
        win.controller.new_match("wintergrim", {"computer_seats": list(computer), **options},
                                 seed, RuleMode.ENFORCED, take_backs=True)
        win.show()
        qtbot.waitExposed(win)
        win.view.fit()
        self.win = win

    # -- reading ---------------------------------------------------------------------------
    @property
    def state(self) -> WintergrimState:
        state = self.win.controller.match.state
        assert isinstance(state, WintergrimState)
        return state

    @property
    def scene(self):
        return self.win.scene

    def status(self) -> str:
        return self.win.statusBar().currentMessage()

    def log(self) -> list[str]:
        return self.win.log_dock.texts()

    # -- arranging ----------------------------------------------------------------------------
    def found(self) -> None:
        """Both seats start the rulebook's way (the first start each may choose), and the
        curtain between them is lifted."""
        while self.state.phase == "found":
            starts = [a for a in self.win.controller.match.legal_actions()
                      if isinstance(a, Found)]
            assert self.win.controller.submit(starts[0])
            self.lift_curtain()

    def lift_curtain(self) -> None:
        if self.win.curtain.isVisible():
            self.qtbot.mouseClick(self.win.curtain.button, Qt.MouseButton.LeftButton)

    def take(self, seat: int, key: str) -> str:
        """A card of `key` out of `seat`'s deck (its id)."""
        s = self.state
        return next(c for c in s.table.cards_in(deck(seat)) if s.table.faces[c] == key)

    def into_hand(self, seat: int, *keys: str) -> list[str]:
        cards = []
        for key in keys:
            cards.append(self.take(seat, key))
            put(self.state, cards[-1], hand(seat))
        return cards

    def fill_hand(self, seat: int, n: int) -> list[str]:
        """The top `n` cards of `seat`'s deck into its hand."""
        cards = list(self.state.table.cards_in(deck(seat))[:n])
        for card in cards:
            put(self.state, card, hand(seat))
        return cards

    def into_play(self, seat: int, key: str, at: str, inside: str = "") -> str:
        card = self.take(seat, key)
        enter(self.state, card, seat, at, inside)
        return card

    def hq(self, seat: int) -> str:
        return next(a for a in world.owned_areas(self.state, seat)
                    if world.card_of(self.state, a).hq)

    def set_phase(self, phase: str) -> None:
        self.state.phase = phase

    def refresh(self) -> None:
        self.win.presenter._legal_for = None  # the position changed outside the match's steps
        self.win.refresh()

    # -- where things are on screen -------------------------------------------------------------
    def point(self, at: QPointF) -> QPoint:
        return self.win.view.mapFromScene(at)

    def unit_centre(self, unit: str) -> QPointF:
        return self.scene.units[unit].home

    def structure_centre(self, structure: str) -> QPointF:
        item = self.scene.structures[structure]
        return item.mapToScene(item.rect().center())

    def structure_head(self, structure: str) -> QPointF:
        """A point on the structure's name band, where no unit stands."""
        item = self.scene.structures[structure]
        return item.mapToScene(QPointF(item.rect().width() / 2, 10))

    def open_ground(self, area: str) -> QPointF:
        """A point of the area's "outside" row that no unit stands on."""
        item = self.scene.areas[area]
        rect = item.rect()
        spot = QPointF(rect.right() - 30, item.face.outside_top + 30)
        return item.mapToScene(spot)

    def carry(self, start: QPointF, end: QPointF, steps: int = 6) -> None:
        """A real mouse drag through the view's viewport, between two scene points."""
        viewport = self.win.view.viewport()
        a, b = self.point(start), self.point(end)
        self.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
        for i in range(1, steps + 1):
            self.qtbot.mouseMove(viewport, a + (b - a) * i / steps)
        self.qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)

    def click(self, at: QPointF) -> None:
        self.qtbot.mouseClick(self.win.view.viewport(), Qt.MouseButton.LeftButton,
                              pos=self.point(at))

    def card_widget(self, ref: str):
        widget = self.win.hand_dock.card_widget(ref)
        assert widget is not None, f"{ref} is not in the hand dock " \
            f"({[w.ref for w in self.win.hand_dock.card_widgets()]})"
        return widget

    def drag_card(self, drag_target, ref: str, onto: QPointF) -> None:
        """Drag a card out of the Hand dock and let it go over the scene point `onto` (the
        QDrag is delivered to the view there)."""
        drag_target.aim(self.win.view.viewport(), self.point(onto))
        widget = self.card_widget(ref)
        start = widget.rect().center()
        self.qtbot.mousePress(widget, Qt.MouseButton.LeftButton, pos=start)
        self.qtbot.mouseMove(widget, start + QPoint(30, 30))
        self.qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, pos=start + QPoint(30, 30))

    def double_click_card(self, ref: str) -> None:
        widget = self.card_widget(ref)
        self.qtbot.mouseDClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())

    def press(self, label: str) -> None:
        button = self.win.hand_dock.button(label)
        assert button.isEnabled(), button.toolTip()
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
