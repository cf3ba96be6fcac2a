"""Computer players: the seats the match options hand to the computer play themselves.

The game's agent thinks in a worker thread on a clone of the state, so the
window keeps painting; its choice comes back through a queued signal and is
submitted like any player's action, after a short pause so people at the
table can follow what the computer did. A choice made for a table that has
changed since (an undo, a loaded save) is thrown away.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QTimer, Signal

from app.match_controller import MatchController
from engine.core.actions import Action
from engine.core.game import GameState
from engine.core.rng import Rng

THINK_SALT = 0xC0FF_EE11  # the computer's own stream: thinking never moves the table's dice


class ComputerPlayers(QObject):
    thinking = Signal(int)  # the seat that is thinking
    _decided = Signal(object, object)  # action (or an exception), ticket

    def __init__(self, controller: MatchController, delay_ms: int = 450,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.delay_ms = delay_ms
        self.paused = False
        self._ticket: GameState | None = None  # the table the worker thinks about
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._think)
        self._decided.connect(self._play)
        controller.changed.connect(self.poke)
        controller.replaced.connect(self._forget)

    def busy(self) -> bool:
        return self._ticket is not None or self._timer.isActive()

    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        if paused:
            self._timer.stop()
            self._ticket = None
        else:
            self.poke()

    def _forget(self) -> None:
        self._ticket = None
        self._timer.stop()

    def poke(self) -> None:
        """If a computer seat must decide now, think after the pacing delay."""
        if self.paused or self.busy() or self.controller.computer_to_move() is None:
            return
        self._timer.start(self.delay_ms)

    def _think(self) -> None:
        match = self.controller.match
        seat = self.controller.computer_to_move()
        if match is None or seat is None or self.paused:
            return
        # The match keeps a new state object per step, so the current one names this table.
        ticket = self._ticket = match.state
        state = match.view(seat)  # the seat's eyes only: hidden cards and dice stay hidden
        actions = [a for a in match.legal_actions() if not a.referee]
        agent = match.game.agent()
        rng = Rng(match.seed ^ THINK_SALT ^ (len(match.steps) * 0x9E3779B97F4A7C15))
        self.thinking.emit(seat)

        def work() -> None:
            try:
                choice: object = agent.choose(state, actions, rng)
            except Exception as exc:  # reported on the main thread, never lost in the worker
                choice = exc
            self._decided.emit(choice, ticket)

        threading.Thread(target=work, name=f"computer-seat-{seat + 1}", daemon=True).start()

    def _play(self, choice: object, ticket: GameState) -> None:
        if ticket is not self._ticket:
            return  # forgotten: paused, or another match opened
        self._ticket = None
        match = self.controller.match
        if match is None or match.state is not ticket:
            self.poke()  # the table changed while the computer thought (an undo)
            return
        if not isinstance(choice, Action):
            self.paused = True
            self.controller.message.emit(
                f"The computer player stopped: {choice}. Take over the seat or undo.")
            return
        if not self.controller.submit(choice):
            self.paused = True
