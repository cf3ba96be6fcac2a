"""A Yggdrasil table in the real window, and ways to arrange it and to touch it.

Positions are reached with the engine's own actions (the draft played through by the
first answer of whoever decides) and arranged with its own helpers (a figure invading,
a seat made active), so each test starts where its rule applies. Gestures are real mouse
events through the view's viewport.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication

from app.main_window import MainWindow
from engine.core.frames import Pass
from engine.core.game import RuleMode
from engine.games.yggdrasil import board
from engine.games.yggdrasil.actions import Pick, Rest
from engine.games.yggdrasil.doing import invade
from engine.games.yggdrasil.state import YggdrasilState


class Table:
    """One window, one Yggdrasil match (every seat a person at this computer unless told)."""

    def __init__(self, qtbot, computer: tuple[int, ...] = (), seed: int = 3, players: int = 4,
                 size: tuple[int, int] = (1600, 1000), **options: object) -> None:
        self.qtbot = qtbot
        win = MainWindow()
        qtbot.addWidget(win)
        win.controller.autosave_enabled = False
        win.computer.set_paused(True)
        win.computer.delay_ms = 1
        win.resize(*size)
        win.controller.new_match("yggdrasil", {"players": players,
                                               "computer_seats": list(computer), **options},
                                 seed, RuleMode.ENFORCED, take_backs=True)
        win.show()
        qtbot.waitExposed(win)
        win.view.fit()
        self.win = win

    # -- reading ---------------------------------------------------------------------------
    @property
    def state(self) -> YggdrasilState:
        state = self.win.controller.match.state
        assert isinstance(state, YggdrasilState)
        return state

    @property
    def scene(self):
        return self.win.scene

    def status(self) -> str:
        return self.win.statusBar().currentMessage()

    def log(self) -> list[str]:
        return self.win.log_dock.texts()

    # -- arranging ----------------------------------------------------------------------------
    def answer(self, action) -> None:
        """`action` for whoever decides now (a seat the test does not play by hand)."""
        match = self.win.controller.match
        assert self.win.controller.submit(action, match.to_move()), self.status()
        self.lift_curtain()

    def draft(self) -> None:
        """Every seat picks its packet's first card(s) until the Action phase."""
        match = self.win.controller.match
        while self.state.phase == "gifts":
            self.answer(next(a for a in match.legal_actions() if isinstance(a, Pick)))

    def rest_all_but(self, seat: int) -> None:
        """Every other clan passes for the Age, so `seat` acts on and on."""
        match = self.win.controller.match
        while self.state.active != seat:
            legal = match.legal_actions()
            self.answer(Rest() if Rest() in legal else Pass())

    def invade(self, seat: int, kind: str, to: str) -> str:
        """A figure of `seat` onto the board, free (the engine's own deed)."""
        invade(self.state, seat, kind, to, 0, "action")
        return next(f for f in board.own(self.state, seat, to)
                    if self.state.figures[f].kind == kind)

    def lift_curtain(self) -> None:
        if self.win.curtain.isVisible():
            self.qtbot.mouseClick(self.win.curtain.button, Qt.MouseButton.LeftButton)

    def refresh(self) -> None:
        self.win.presenter._legal_for = None  # the position changed outside the match's steps
        self.win.refresh()

    def settle(self) -> None:
        """Let the pieces' glides finish."""
        self.qtbot.waitUntil(lambda: not any(f.glider.running()
                                             for f in self.scene.figures.values()),
                             timeout=2000)
        QApplication.processEvents()

    # -- where things are on screen -------------------------------------------------------------
    def point(self, at: QPointF) -> QPoint:
        return self.win.view.mapFromScene(at)

    def centre(self, item) -> QPointF:
        return item.mapToScene(item.boundingRect().center())

    def province_middle(self, key: str) -> QPointF:
        item = self.scene.provinces[key]
        return item.mapToScene(QPointF(item.rect().width() / 2, item.rect().height() - 40))

    def carry(self, start: QPointF, end: QPointF, steps: int = 6) -> None:
        """A real mouse drag through the view's viewport, between two scene points."""
        self.press_and_carry(start, end, steps)
        self.release(end)

    def press_and_carry(self, start: QPointF, end: QPointF, steps: int = 6) -> None:
        """Press and move, still holding the button (the glows show meanwhile)."""
        viewport = self.win.view.viewport()
        a, b = self.point(start), self.point(end)
        self.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
        for i in range(1, steps + 1):
            self.qtbot.mouseMove(viewport, a + (b - a) * i / steps)

    def release(self, at: QPointF) -> None:
        self.qtbot.mouseRelease(self.win.view.viewport(), Qt.MouseButton.LeftButton,
                                pos=self.point(at))

    def click(self, at: QPointF) -> None:
        self.qtbot.mouseClick(self.win.view.viewport(), Qt.MouseButton.LeftButton,
                              pos=self.point(at))

    def press(self, label: str) -> None:
        button = self.win.hand_dock.button(label)
        assert button.isEnabled(), button.toolTip()
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
