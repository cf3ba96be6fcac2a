"""The only bridge between the UI and the engine.

Widgets never touch game state: they build actions and call `submit`. The
controller applies them to the Match, mirrors every step on a QUndoStack,
autosaves atomically after each change, and tells the views to re-render.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from app import paths
from app.autosave import Autosaver
from engine.core import heap, saves
from engine.core.actions import Action
from engine.core.errors import IllegalAction, SaveError, one_line
from engine.core.events import Event
from engine.core.frames import Pass
from engine.core.game import GameState, RuleMode
from engine.core.match import Match
from engine.games import get_game

if TYPE_CHECKING:
    from engine.core.options import GameOptions


def step_label(events: Sequence[Event], action: Action) -> str:
    """What Edit → Undo calls a step: its first event as every seat reads it.

    Never the actor's own wording: the next player reads the Edit menu too, and
    a drawn card's name must not reach them there. The same text is rebuilt
    from the match after a reload, so the label never changes with a restart.
    """
    return events[0].text if events else action.describe()


class _StepCommand(QUndoCommand):
    """One match step on the undo stack; the match itself holds the truth.

    While the controller mirrors a loaded match onto a fresh stack (`syncing`),
    Qt calls redo and undo on these commands to reach the right index; the
    match is already there, so they must do nothing then.
    """

    def __init__(self, controller: MatchController, text: str) -> None:
        super().__init__(text)
        self._controller = controller
        self._applied = True  # pushed after the match already applied it

    def redo(self) -> None:
        if self._applied or self._controller.syncing:
            self._applied = False
            return
        self._controller.match_or_fail().redo()

    def undo(self) -> None:
        if self._controller.syncing:
            return
        controller = self._controller
        controller.match_or_fail().undo(controller.undoer())


class MatchController(QObject):
    changed = Signal()  # state, seat or history changed: re-render
    replaced = Signal()  # a different match is now open
    message = Signal(str)  # for the status bar
    refused = Signal(str)  # a gesture was refused; the reason, in the rules' words
    seat_changed = Signal(int)  # a different seat must decide now (hot-seat curtain)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.match: Match | None = None
        self.path: Path | None = None  # where the player saved it, if anywhere
        self.undo_stack = QUndoStack(self)
        self.syncing = False
        self._last_seat: int | None = None
        self.autosave_enabled = True
        self._checked_for: object = None  # the state the answers in _checked are for
        self._checked: dict[Action, str | None] = {}
        self._listed: frozenset[Action] | None = None  # see check
        self.autosaver = Autosaver(paths.autosave_path, self)
        self.autosaver.failed.connect(self.message)

    # -- reading --------------------------------------------------------
    def match_or_fail(self) -> Match:
        if self.match is None:
            raise RuntimeError("no match is open")
        return self.match

    def seat(self) -> int | None:
        """The seat whose turn or prompt it is: the UI shows that seat's view."""
        return self.match.to_move() if self.match else None

    def computer_seats(self) -> frozenset[int]:
        return frozenset(self.match.options.computer_seats) if self.match else frozenset()

    def human_seats(self) -> list[int]:
        if self.match is None:
            return []
        return [s for s in range(self.match.players) if s not in self.computer_seats()]

    def undoer(self) -> list[int] | None:
        """Whose eyes undo must respect: every person at this computer, since a card
        shown to any of them cannot be unseen (None: the last step's actor, as in a
        match where only computers play)."""
        return self.human_seats() or None

    def computer_to_move(self) -> int | None:
        """The computer seat that must decide now, if one must."""
        seat = self.seat()
        if seat is None or self.match is None or self.match.mode is RuleMode.SANDBOX:
            return None
        return seat if seat in self.computer_seats() else None

    def view(self, player: int | None) -> GameState | None:
        return self.match.view(player) if self.match else None

    def check(self, action: Action) -> str | None:
        """Why `action` would be refused now, or None if it is allowed.

        Asked for every button on every redraw and every place a carried piece may
        land: the answer is kept until the table changes. A check clones the state and
        applies the action; an action the rules list for the seat to move is allowed
        without one (a single listing answers them all), so only the others are tried,
        for the reason they are refused."""
        if self.match is None:
            return "no match is open"
        if self._checked_for is not self.match.state:
            self._checked_for, self._checked, self._listed = self.match.state, {}, None
        if action not in self._checked:
            actor = self._actor(action)
            if actor is None and action in self._listed_now():
                self._checked[action] = None
                return None
            try:
                self.match.check(action, actor)
                self._checked[action] = None
            except IllegalAction as exc:
                self._checked[action] = exc.reason
        return self._checked[action]

    def _listed_now(self) -> frozenset[Action]:
        """The rules' own moves for the seat to move in the current state, once a state."""
        if self._listed is None:
            assert self.match is not None
            self._listed = frozenset(self.match.legal_actions())
        return self._listed

    def _actor(self, action: Action) -> int | None:
        assert self.match is not None
        if action.referee:
            return self.match.state.active
        return None

    def refuse(self, reason: str) -> None:
        """Say why a gesture changes nothing: the status bar shows it until the player's
        next gesture starts or an action lands (the window clears it then)."""
        self.refused.emit(reason)
        self.message.emit(reason)

    # -- changing -------------------------------------------------------
    def submit(self, action: Action, seat: int | None = None) -> bool:
        """Apply an action (for `seat`, default: whoever decides first); on refusal say
        why and change nothing."""
        if self.match is None:
            return False
        try:
            events = self.match.submit(action, self._actor(action) if seat is None else seat)
        except IllegalAction as exc:
            self.refuse(exc.reason)
            return False
        self.undo_stack.push(_StepCommand(self, step_label(events, action)))
        self._after_change()
        return True

    def undo(self) -> bool:
        if self.match is None:
            return False
        by = self.undoer()
        allowed, reason = self.match.can_undo(by)
        if not allowed:
            self.refuse(f"Cannot undo: {reason}.")
            return False
        self.undo_stack.undo()
        # Back to a person's decision: stopping where a computer must move would only
        # have it make the same move again, and stopping at a window the table passes for
        # a person would only pass it again.
        while ((self.computer_to_move() is not None or self._passed_for() is not None)
               and self.human_seats() and self.match.can_undo(by)[0]):
            self.undo_stack.undo()
        self._after_change()
        return True

    def redo(self) -> bool:
        if self.match is None or not self.match.can_redo():
            return False
        try:
            self.undo_stack.redo()
            # On past the windows the table passed for a person, as undo stepped over them.
            while self.match.can_redo() and self._passed_for() is not None:
                self.undo_stack.redo()
        except IllegalAction as exc:
            self.refuse(f"Cannot redo: {exc.reason}")
            return False
        self._after_change()
        return True

    def new_match(self, game_name: str, options: GameOptions | dict, seed: int,
                  mode: RuleMode, take_backs: bool) -> None:
        game = get_game(game_name)
        if isinstance(options, dict):
            from engine.core.options import make_options  # pydantic: after the window

            options = make_options(game.options_model, options)
        self._open(Match(game, options, seed, mode, take_backs), None)
        # Not the seed: with it and the rules anyone could work out every hidden card.
        self.message.emit(f"New {game.title}, {mode} rules.")

    def load(self, path: str | Path, remember_path: bool = True) -> None:
        """Open a save; on a bad file raise SaveError and keep the current match."""
        match = saves.load(path)
        self._open(match, Path(path) if remember_path else None)
        self.message.emit(f"Loaded {Path(path).name}.")

    def save(self, path: str | Path) -> None:
        match = self.match_or_fail()
        saves.save(match, path)
        self.path = Path(path)
        self.undo_stack.setClean()
        self.message.emit(f"Saved {Path(path).name}.")

    def _open(self, match: Match, path: Path | None) -> None:
        self.match = match
        self.path = path
        self._rebuild_stack()
        self._last_seat = None
        self.replaced.emit()
        # Once the table holds the new match only: the collection then frees the last one
        # (asked while it was still held, it walked both and freed neither).
        heap.new_match()
        self._after_change()

    def _rebuild_stack(self) -> None:
        """Mirror the match's history and redo list on a fresh undo stack."""
        match = self.match_or_fail()
        self.syncing = True
        try:
            self.undo_stack.clear()
            for step in match.steps:
                self.undo_stack.push(_StepCommand(self, step_label(step.events, step.action)))
            redone = zip(reversed(match.redo_actions), reversed(match.redo_events()),
                         strict=True)
            for (action, _actor), events in redone:
                self.undo_stack.push(_StepCommand(self, step_label(events, action)))
            self.undo_stack.setIndex(len(match.steps))
            self.undo_stack.setClean()
        finally:
            self.syncing = False

    def _after_change(self) -> None:
        seat = self._passed_for()
        # Passed for at once, before anyone is told: the window never shows and the seat
        # never changes (no curtain between people); the Pass runs this again. Not while
        # redo is possible: that Pass is the next step to redo.
        if (seat is not None and self.match is not None and not self.match.can_redo()
                and self.submit(Pass(), seat)):
            return
        if self.match is not None:
            heap.after_step(len(self.match.steps))
        self.autosave()
        seat = self.seat()
        self.changed.emit()
        if seat is not None and seat != self._last_seat:
            previous, self._last_seat = self._last_seat, seat
            if previous is not None:
                self.seat_changed.emit(seat)

    def _passed_for(self) -> int | None:
        """A person the table passes for now: one whose only answer is Pass, when the
        match says to stop only for real answers (the New match setting "Stop for my
        answers"); None when nobody is. Only an open window offers Pass, so a turn
        is not listed for it (two listings of a Nordguard day on every undo)."""
        match = self.match
        if (match is None or match.outcome() is not None or match.mode is RuleMode.SANDBOX
                or match.options.stop_for_answers != "only when I can answer"):
            return None
        frames = match.state.frames
        if not frames or not frames[-1].passable:
            return None
        for seat in match.state.deciding():
            if seat in self.computer_seats():
                continue
            if [a for a in match.legal_actions(seat) if not a.referee] == [Pass()]:
                return seat
        return None

    # -- autosave -------------------------------------------------------
    def autosave(self) -> None:
        """Queue the match for the autosave writer after every change (the previous
        autosave is kept as `.prev`)."""
        if self.match is None or not self.autosave_enabled:
            return
        try:
            self.autosaver.save(self.match)
        except OSError as exc:
            self.message.emit(f"Autosave failed: {exc.strerror or exc}. Save by hand.")



def resumable_autosave() -> tuple[Path | None, Match | None, str | None]:
    """The autosave to offer on start (newest readable one), or why none could be read.

    A damaged newest autosave falls back to the previous one, so a crash in
    the middle of writing never costs more than the last action.
    """
    problems = []
    try:
        newest = paths.autosave_path()
    except paths.StorageError:
        return None, None, None  # no data folder: nothing was autosaved (start-up says why)
    saves.remove_stale_temps(newest)
    for candidate in (newest, newest.with_name(newest.name + ".prev")):
        if not candidate.exists():
            continue
        try:
            match = saves.load(candidate)
        except SaveError as exc:
            problems.append(str(exc))
            continue
        except Exception as exc:  # our own file must never stop a start
            problems.append(one_line(f"{candidate}: cannot be read ({type(exc).__name__})"))
            continue
        if match.outcome() is not None:
            return None, None, None
        return candidate, match, None
    return None, None, ("; ".join(problems) or None)
