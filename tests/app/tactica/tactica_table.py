"""A TACTICA table in the real window, and fixed positions to play gestures on.

Positions are arranged by moving cards on the match's current state with the
engine's own card helpers, as scenario tests do, so each test starts exactly
where its rule applies instead of hoping a simulated game gets there.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPoint, QPointF, Qt

from app.main_window import MainWindow
from engine.boards.hexgrid import Hex
from engine.core.frames import Pass
from engine.core.game import RuleMode
from engine.games.tactica import cards as cardmoves
from engine.games.tactica import queries
from engine.games.tactica.actions import Deploy, PlaceLandmark
from engine.games.tactica.board import GEOM, board
from engine.games.tactica.field import Coord
from engine.games.tactica.state import Phase, TacticaState, barracks, tactics_pile


class Table:
    """A window with a TACTICA match and helpers to arrange it and act on it."""

    def __init__(self, qtbot, computer: Iterable[int] = (1,), seed: int = 5,
                 **options: object) -> None:
        self.qtbot = qtbot
        win = MainWindow()
        qtbot.addWidget(win)
        win.resize(1400, 900)
        win.computer.set_paused(True)  # tests play the computer's seat unless they let it
        win.computer.delay_ms = 1
        win.controller.new_match("tactica", {"computer_seats": list(computer), **options}, seed,
                                 RuleMode.ENFORCED, take_backs=True)
        win.show()
        qtbot.waitExposed(win)
        win.view.fit()
        self.win = win

    @property
    def state(self) -> TacticaState:
        state = self.win.controller.match.state
        assert isinstance(state, TacticaState)
        return state

    def to_first_turn(self) -> None:
        """Landmarks and deployment with the first legal choice each time: MUSTER, turn 1."""
        controller = self.win.controller
        controller.blockSignals(True)
        try:
            while self.state.phase in (Phase.LANDMARKS, Phase.DEPLOYMENT):
                legal = controller.match.legal_actions()
                pick = next(a for a in legal if isinstance(a, PlaceLandmark | Deploy))
                assert controller.submit(pick)
        finally:
            controller.blockSignals(False)
        assert self.state.phase is Phase.MUSTER
        # The window missed the seat changes while quiet: tell it who sits down now.
        controller.seat_changed.emit(controller.seat())
        if self.win.curtain.isVisible():
            self.qtbot.mouseClick(self.win.curtain.button, Qt.MouseButton.LeftButton)
        self.win.refresh()

    def arrange(self, spots: dict[str, tuple[int, int]], phase: Phase | None = None,
                active: int | None = None, hand: Iterable[str] = (),
                away: Iterable[str] = ()) -> None:
        """Cards to hexes (mat's col, row, 1-based as the log names them), cards into
        their owner's barracks (`hand`) or out of it (`away`), then the phase and seat."""
        state = self.state
        for card, (col, row) in spots.items():
            cardmoves.place(state, card, GEOM.at(col - 1, row - 1))
        for card in hand:
            owner = 0 if card.startswith("sun-") else 1
            cardmoves.put(state, card, barracks(owner), face_up=False)
        for card in away:
            owner = 0 if card.startswith("sun-") else 1
            cardmoves.put(state, card, tactics_pile(owner), face_up=False)
        if phase is not None:
            state.phase = phase
        if active is not None:
            state.active = active
        state.moves_left = 3
        state.musters_left = 2
        cardmoves.invalidate(state)
        self.win.presenter.forget_choices()  # the position changed outside the match's steps
        self.win.refresh()

    def cards_of(self, side: str, face: str) -> list[str]:
        """Every card of one face in a deck ('moon', 'negate'), whatever the deck size."""
        faces = self.state.table.faces
        return sorted(c for c, f in faces.items() if f == face and c.startswith(f"{side}-"))

    # -- where things are on screen ---------------------------------------------------
    def point(self, c: Coord) -> QPoint:
        """The viewport pixel at the centre of hex `c`."""
        return self.win.view.mapFromScene(self.win.scene.center_of(Hex(*c)))

    def centre(self, card: str) -> QPointF:
        return self.win.scene.troops[card].home  # where it stands, whatever glide is shown

    def carry(self, start: Coord, end: Coord, steps: int = 6) -> None:
        """A real mouse drag through the view's viewport, from hex to hex."""
        viewport = self.win.view.viewport()
        a, b = self.point(start), self.point(end)
        self.qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
        for i in range(1, steps + 1):
            self.qtbot.mouseMove(viewport, a + (b - a) * i / steps)
        self.qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)

    def card_widget(self, ref: str):
        for widget in self.win.hand_dock.card_widgets():
            if widget.ref == ref:
                return widget
        raise AssertionError(f"{ref} is not in the hand dock "
                             f"({[w.ref for w in self.win.hand_dock.card_widgets()]})")

    def drag_card(self, drag_target, ref: str, c: Coord) -> None:
        """Drag a card out of the hand dock and drop it on hex `c` (QDrag delivered there)."""
        drag_target.aim(self.win.view.viewport(), self.point(c))
        widget = self.card_widget(ref)
        start = widget.rect().center()
        self.qtbot.mousePress(widget, Qt.MouseButton.LeftButton, pos=start)
        self.qtbot.mouseMove(widget, start + QPoint(30, 30))
        self.qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, pos=start + QPoint(30, 30))

    def computer_passes(self) -> None:
        """The computer seat (paused: the test plays it) lets go by each window in which it
        can only pass, as its policy would (a NEGATE chain without a NEGATE to play)."""
        controller = self.win.controller
        match = controller.match
        while (match.state.frames and controller.computer_to_move() is not None
               and match.legal_actions() == [Pass()]):
            assert controller.submit(Pass())

    def where(self, card: str) -> Coord | None:
        return board(self.state).pos.get(card)

    def movable(self, side: int = 0) -> str | None:
        """The first troop of `side` on the field that can move now (None: none can)."""
        state = self.state
        return next((t for t in board(state).troops[side] if queries.reachable(state, t)),
                    None)

    def status(self) -> str:
        return self.win.statusBar().currentMessage()


def hexat(col: int, row: int) -> Coord:
    """A hex by the mat's 1-based column and row, as the rules log and the field name it."""
    return GEOM.at(col - 1, row - 1)


def free_pair(table: Table) -> tuple[tuple[int, int], tuple[int, int]]:
    """Two adjacent empty hexes of the middle rows, on neutral ground, away from troops."""
    b = board(table.state)
    busy = set(b.troop_at) | set(b.landmark_at) | set(b.wall_at)
    for a in GEOM.hexes:
        if not 4 <= a[1] <= 8 or a in busy or queries.terrain(table.state, a) != "neutral":
            continue
        for c in GEOM.neighbours[a]:
            near = set(GEOM.neighbours[a] + GEOM.neighbours[c]) - {a, c}
            if (c not in busy and queries.terrain(table.state, c) == "neutral"
                    and not near & set(b.troop_at)):
                return a, c
    raise AssertionError("no free pair of hexes")


def offset(c: tuple[int, int]) -> tuple[int, int]:
    col, row = GEOM.offset[c]
    return col + 1, row + 1
