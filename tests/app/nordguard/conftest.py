"""A real window on a Nordguard match, arranged the way each test needs it.

Tests name cards by their content keys: the table lays those locations, hands
out those items and scripts the dice, then refreshes the window, so a gesture
can be checked against an exact position instead of a lucky seed.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QWidget

from app.docks.hand import CardWidget, PanelWidget
from app.main_window import MainWindow
from engine.core.game import RuleMode
from engine.games.nordguard.actions import ChooseCharacter, DoneStocking, SetOut
from engine.games.nordguard.state import NordguardState
from tests.engine.nordguard import helpers


class Table:
    """One window, one Nordguard match, and ways to arrange it and to touch it."""

    def __init__(self, qtbot) -> None:
        self.qtbot = qtbot
        self.win: MainWindow | None = None

    # -- setting up ------------------------------------------------------------------------
    def open(self, players: int = 2, computer: Iterable[int] = (), seed: int = 7,
             size: tuple[int, int] = (1600, 1000), **options: object) -> MainWindow:
        win = MainWindow()
        self.qtbot.addWidget(win)
        win.controller.autosave_enabled = False
        win.computer.delay_ms = 1
        win.resize(*size)
        win.controller.new_match("nordguard", {"players": players,
                                               "computer_seats": list(computer), **options},
                                 seed, RuleMode.ENFORCED, take_backs=True)
        win.show()
        self.qtbot.waitExposed(win)
        win.view.fit()
        self.win = win
        return win

    def day_one(self, characters: Iterable[str] = ("nickel", "pi"), seed: int = 7,
                size: tuple[int, int] = (1600, 1000), **options: object) -> MainWindow:
        """These Characters (starting items only) at Frontier on day 1."""
        chosen = list(characters)
        win = self.open(players=len(chosen), seed=seed, size=size, **options)
        for key in chosen:
            self.submit(ChooseCharacter(f"ch-{key}"))
        while self.state.phase == "stock":
            self.submit(DoneStocking())
        self.submit(SetOut())
        return win

    def submit(self, action) -> None:
        assert self.window.controller.submit(action), action

    @property
    def window(self) -> MainWindow:
        assert self.win is not None
        return self.win

    @property
    def state(self) -> NordguardState:
        state = self.window.controller.match.state
        assert isinstance(state, NordguardState)
        return state

    @property
    def content(self):
        return self.window.controller.match.game.content

    def refresh(self) -> None:
        self.window.refresh()

    # -- arranging (the live state, then a refresh) ------------------------------------------
    def lay(self, cell: int, key: str, face_up: bool = True) -> str:
        """A location of kind `key` on `cell`, replacing the card that lay there."""
        card = helpers.lay(self.state, cell, key, face_up)
        self.refresh()
        return card

    def hand(self, seat: int, *keys: str) -> list[str]:
        """Items of these kinds from the Item deck into `seat`'s slots, fresh."""
        cards = helpers.hand(self.state, seat, *keys)
        self.refresh()
        return cards

    def events_on_top(self, *keys: str) -> None:
        helpers.stack_events(self.state, *keys)

    def dice(self, *faces: int) -> None:
        helpers.dice(self.state, *faces)

    # -- touching ----------------------------------------------------------------------------
    def cell_point(self, cell: int) -> QPointF:
        return self.window.scene.cards[cell].scenePos()

    def carry(self, start: QPointF, end: QPointF, hold=None) -> None:
        """Press on a scene point, move in steps, release on another: a drag on the board.

        `hold(…)` runs while the mouse is still down over `end`.
        """
        view = self.window.view
        viewport = view.viewport()
        a, b = view.mapFromScene(start), view.mapFromScene(end)
        self.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
        for i in range(1, 6):
            self.qtbot.mouseMove(viewport, a + (b - a) * i / 5)
        if hold is not None:
            hold()
        self.qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)

    def click(self, point: QPointF) -> None:
        at = self.window.view.mapFromScene(point)
        self.qtbot.mouseClick(self.window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)

    def panel(self, zone: str) -> PanelWidget:
        for panel in self.window.hand_dock.panels:
            if panel.zone == zone:
                return panel
        raise KeyError(f"no panel {zone} (have {[p.zone for p in self.window.hand_dock.panels]})")

    def card_widget(self, zone: str, ref: str) -> CardWidget:
        for card in self.panel(zone).cards:
            if card.ref == ref:
                return card
        raise KeyError(f"no card {ref} in panel {zone}")

    def drag_widget(self, widget: QWidget, drag_target, onto: QWidget, at: QPoint | None = None
                    ) -> None:
        """Press, move past the drag distance, release: the QDrag lands on `onto`."""
        drag_target.aim(onto, at if at is not None else onto.rect().center())
        start = widget.rect().center()
        self.qtbot.mousePress(widget, Qt.MouseButton.LeftButton, pos=start)
        self.qtbot.mouseMove(widget, start + QPoint(30, 30))
        self.qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, pos=start + QPoint(30, 30))

    def button(self, label: str):
        return self.window.hand_dock.button(label)

    def press(self, label: str) -> None:
        button = self.button(label)
        assert button.isEnabled(), button.toolTip()
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    def log(self) -> str:
        return "\n".join(self.window.log_dock.texts())


@pytest.fixture
def table(qtbot) -> Table:
    return Table(qtbot)
